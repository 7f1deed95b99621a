/* test_board_fen.c — the FEN reader and writer in Fairy-Stockfish's dialect:
 * every position of the oracle (written by Fairy-Stockfish) read, written
 * and read again keeps its key, its cells (unmoved and promoted marks
 * included) and its perft(2); malformed input is an error with a message.
 * Under the sanitizers a sample of the oracle, and perft(1) (sweep_sample.h). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/perft.h"
#include "board/position.h"
#include "mbn/variant_library.h"
#include "oracle_positions.h"
#include "shipped_library.h"
#include "sweep_sample.h"

Suite *test_suite(void);

/* Reads fen into a fresh position of v; the caller frees it. */
static Position *pos_from_fen(const Variant *v, const char *fen, bool chess960) {
  char err[256];
  Position *pos = pos_new(v, err, sizeof err);
  ck_assert_msg(pos != NULL, "%s", err);
  pos_set_chess960(pos, chess960);
  ck_assert_msg(pos_set_fen(pos, fen, err, sizeof err), "%s: %s", fen, err);
  return pos;
}

/* Why the two positions differ, or NULL when they are the same. */
static const char *pos_difference(const Position *a, const Position *b) {
  if (pos_key(a) != pos_key(b)) return "key";
  if (a->side != b->side) return "side to move";
  for (int sq = 0; sq < a->geo.sq_nb; sq++)
    if (a->board[sq] != b->board[sq]) return "a cell (piece, unmoved or promoted mark)";
  if (memcmp(a->hand, b->hand, sizeof a->hand)) return "hands";
  if (memcmp(a->st.castle_partner, b->st.castle_partner, sizeof a->st.castle_partner))
    return "castling partners";
  if (memcmp(a->st.checks_given, b->st.checks_given, sizeof a->st.checks_given)) return "checks";
  if (a->st.ep_count != b->st.ep_count) return "e.p. squares";
  if (a->st.rule50 != b->st.rule50) return "half-move clock";
  if (a->st.ply_from_start != b->st.ply_from_start) return "move number";
  return NULL;
}

static int compare_chars(const void *a, const void *b) {
  return *(const char *)a - *(const char *)b;
}

/* Whether ours spells the position as Fairy-Stockfish's FEN does. Holdings
 * are compared as a multiset (Fairy-Stockfish lists them in its internal
 * piece order), and the e.p. field is not compared: Fairy-Stockfish adds the
 * pawn's own square in some variants (allwayspawns "g5g6") where ours lists
 * only what the reader cannot infer; the key comparison covers its meaning. */
static bool same_spelling(const char *oracle, const char *ours) {
  char a[4096], b[4096];
  snprintf(a, sizeof a, "%s", oracle);
  snprintf(b, sizeof b, "%s", ours);
  char *fa[8] = {0}, *fb[8] = {0};
  int na = 0, nb = 0;
  for (char *save = NULL, *f = strtok_r(a, " ", &save); f && na < 8; f = strtok_r(NULL, " ", &save))
    fa[na++] = f;
  for (char *save = NULL, *f = strtok_r(b, " ", &save); f && nb < 8; f = strtok_r(NULL, " ", &save))
    fb[nb++] = f;
  if (na != nb) return false;
  for (char **fen = fa; fen == fa || fen == fb; fen = fen == fa ? fb : NULL) {
    char *open = strchr(fen[0], '['), *close = open ? strchr(open, ']') : NULL;
    if (close) qsort(open + 1, (size_t)(close - open - 1), 1, compare_chars);
  }
  for (int i = 0; i < na; i++)
    if (i != 3 && strcmp(fa[i], fb[i])) return false;
  return true;
}

/* One FEN in -> out -> in; returns the number of failures (printed). */
static int round_trip(const Variant *v, const char *name, const char *fen, bool chess960) {
  char out[4096], again[4096];
  Position *a = pos_from_fen(v, fen, chess960);
  pos_get_fen(a, out, sizeof out);
  Position *b = pos_from_fen(v, out, chess960);
  pos_get_fen(b, again, sizeof again);
  int failures = 0;
  const char *why = pos_difference(a, b);
  /* under the sanitizers one ply (sweep_sample.h): perft(2) of a wall
   * variant counts millions of moves */
  int depth = sweep_every() > 1 ? 1 : 2;
  if (!why && perft(a, depth) != perft(b, depth)) why = "perft";
  if (!why && strcmp(out, again)) why = "second write";
  if (!why && !same_spelling(fen, out)) why = "spelling (Fairy-Stockfish's FEN)";
  if (why) {
    fprintf(stderr, "%s: '%s' -> '%s': %s differs\n", name, fen, out, why);
    failures++;
  }
  pos_free(a);
  pos_free(b);
  return failures;
}

START_TEST(oracle_positions_round_trip) {
  VariantLibrary *lib = shipped_library_load();
  OraclePositions oracle;
  oracle_positions_open(&oracle);
  SweepSample *sample = sweep_sample_new();
  int found = 0, failures = 0;
  while (oracle_positions_next(&oracle)) {
    const Variant *v = library_find(lib, oracle.variant);
    if (!v) continue;
    found++;
    if (sweep_takes(sample, oracle.variant))
      failures += round_trip(v, oracle.variant, oracle.fen, oracle.chess960);
  }
  free(sample);
  /* and every shipped start position, oracle or not */
  for (int i = 0; i < library_count(lib); i++) {
    const Variant *v = library_variant(lib, i);
    if (!v->start_fen || !v->start_fen[0]) continue;
    found++;
    failures += round_trip(v, v->name, v->start_fen, false);
  }
  ck_assert_int_ge(found, 700);
  ck_assert_int_eq(failures, 0);
  library_free(lib);
}
END_TEST

/* Reads fen into v's position; returns whether it was accepted, with err. */
static bool try_fen(const Variant *v, const char *fen, char *err, size_t errlen) {
  char e[256];
  Position *pos = pos_new(v, e, sizeof e);
  ck_assert_msg(pos != NULL, "%s", e);
  err[0] = '\0';
  bool ok = pos_set_fen(pos, fen, err, errlen);
  pos_free(pos);
  return ok;
}

/* Reads fen and writes it back. */
static void fen_out(const Variant *v, const char *fen, bool chess960, char *out, size_t outlen) {
  Position *pos = pos_from_fen(v, fen, chess960);
  pos_get_fen(pos, out, outlen);
  pos_free(pos);
}

START_TEST(malformed_fields_are_errors) {
  VariantLibrary *lib = shipped_library_load();
  const Variant *chess = library_find(lib, "chess"), *grand = library_find(lib, "grand");
  ck_assert_ptr_nonnull(chess);
  ck_assert_ptr_nonnull(grand);
  static const struct {
    const char *fen, *message;
  } bad[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "unexpected extra field"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 7", "unexpected extra field"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0", "unexpected extra field"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2 3 4 5 6", "too many fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KXkq - 0 1", "castling field"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K-q - 0 1", "castling field"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant field"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3x 0 1", "en passant field"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "half-move clock"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1", "move number"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1", "without a check limit"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1", "pieces in hand"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "side to move"},
  };
  char err[256];
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ck_assert_msg(!try_fen(chess, bad[i].fen, err, sizeof err), "accepted '%s'", bad[i].fen);
    ck_assert_msg(strstr(err, bad[i].message), "'%s': message '%s' lacks '%s'", bad[i].fen, err,
                  bad[i].message);
  }
  const Variant *three = library_find(lib, "3check");
  ck_assert_ptr_nonnull(three);
  ck_assert(!try_fen(three, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3x3 0 1", err,
                     sizeof err));
  ck_assert(!try_fen(three, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1", err,
                     sizeof err));
  /* rank 11 is off grand's 10x10 board; rank 10 is on it */
  ck_assert(!try_fen(grand, "k9/10/10/10/10/10/10/10/10/K9 w - e11 0 1", err, sizeof err));
  ck_assert_msg(strstr(err, "en passant"), "%s", err);
  ck_assert_msg(try_fen(grand, "k9/10/10/10/10/10/10/10/10/K9 w - e10 0 1", err, sizeof err), "%s",
                err);
  /* A rank after the last one is one rank too many, not holdings (it was
   * "unknown piece in holdings"); Fairy-Stockfish's "/holdings" still reads. */
  const Variant *xiangqi = library_find(lib, "xiangqi"), *shogi = library_find(lib, "shogi");
  ck_assert(!try_fen(xiangqi,
                     "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w - - 0 1", err,
                     sizeof err));
  ck_assert_msg(strstr(err, "too many ranks"), "%s", err);
  ck_assert(!try_fen(shogi, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL/9 w - - 0 1",
                     err, sizeof err));
  ck_assert_msg(strstr(err, "too many ranks"), "%s", err);
  ck_assert_msg(try_fen(shogi,
                        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL/P w - - 0 1",
                        err, sizeof err),
                "%s", err);
  /* A royal in hand where royals are never taken would be dropped as a
   * second one; placement starts with its kings in hand, antichess's king
   * may be taken. */
  const Variant *zh = library_find(lib, "crazyhouse"), *placement = library_find(lib, "placement");
  ck_assert(
      !try_fen(zh, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1", err, sizeof err));
  ck_assert_msg(strstr(err, "a royal piece in hand"), "%s", err);
  ck_assert(!try_fen(shogi,
                     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG1GSNL[K] w - - 0 1", err,
                     sizeof err));
  ck_assert_msg(
      try_fen(zh, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1", err, sizeof err),
      "%s", err);
  ck_assert_msg(try_fen(placement, "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1", err,
                        sizeof err),
                "%s", err);
  library_free(lib);
}
END_TEST

/* A side without a royal where royals are never taken is in a position the
 * rules do not define (it was accepted, and the engine played on in it):
 * refused, the empty board too. Where the start gives a side no royal
 * (horde's White), royals may be taken (antichess, extinction) or blown up
 * (atomic), or where the side keeps one of its royals (coregal without its
 * queen, spartan with one king of two), the FEN reads as before. */
START_TEST(a_side_without_its_royal_is_refused) {
  VariantLibrary *lib = shipped_library_load();
  static const struct {
    const char *variant, *fen, *message; /* message NULL: accepted */
  } cases[] = {
      {"chess", "4k3/8/8/8/8/8/8/4R3 w - - 0 1", "White has no royal piece"},
      {"chess", "8/8/8/8/8/8/8/R3K3 b - - 0 1", "Black has no royal piece"},
      {"chess", "", "White has no royal piece"},
      {"kingofthehill", "4k3/8/8/8/8/8/8/4R3 w - - 0 1", "White has no royal piece"},
      {"crazyhouse", "4k3/8/8/8/8/8/8/4R3[Q] w - - 0 1", "White has no royal piece"},
      {"xiangqi", "4k4/9/9/9/9/9/9/9/9/4R4 w - - 0 1", "White has no royal piece"},
      {"spartan", "8/8/8/8/8/8/8/4K3 w - - 0 1", "Black has no royal piece"},
      {"chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", NULL},
      {"horde", "4k3/8/8/8/8/8/8/PPPPPPPP w - - 0 1", NULL},
      {"antichess", "4k3/8/8/8/8/8/8/4R3 w - - 0 1", NULL},
      {"extinction", "4k3/8/8/8/8/8/8/4R3 w - - 0 1", NULL},
      {"atomic", "4k3/8/8/8/8/8/8/4R3 w - - 0 1", NULL},
      {"coregal", "7k/3P4/8/8/8/8/8/K7 w - - 0 1", NULL},
      {"spartan", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", NULL},
      {"placement", "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1", NULL},
  };
  char err[256];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const Variant *v = library_find(lib, cases[i].variant);
    ck_assert_msg(v != NULL, "%s", cases[i].variant);
    bool accepted = try_fen(v, cases[i].fen, err, sizeof err);
    if (!cases[i].message) {
      ck_assert_msg(accepted, "%s '%s': %s", cases[i].variant, cases[i].fen, err);
      continue;
    }
    ck_assert_msg(!accepted, "%s accepted '%s'", cases[i].variant, cases[i].fen);
    ck_assert_msg(strstr(err, cases[i].message), "%s '%s': message '%s' lacks '%s'",
                  cases[i].variant, cases[i].fen, err, cases[i].message);
  }
  library_free(lib);
}
END_TEST

START_TEST(optional_and_extra_fields_of_the_dialect) {
  VariantLibrary *lib = shipped_library_load();
  const Variant *chess = library_find(lib, "chess"), *three = library_find(lib, "3check");
  const Variant *makruk = library_find(lib, "makruk"), *zh = library_find(lib, "crazyhouse");
  char out[512];
  /* trailing fields left out; castling and e.p. left out before the clocks */
  fen_out(chess, "8/8/8/8/8/8/8/K6k", false, out, sizeof out);
  ck_assert_str_eq(out, "8/8/8/8/8/8/8/K6k w - - 0 1");
  fen_out(chess, "8/8/8/8/8/8/8/K6k b 7 30", false, out, sizeof out);
  ck_assert_str_eq(out, "8/8/8/8/8/8/8/K6k b - - 7 30");
  /* checks still needed (Fairy-Stockfish) and checks given (lichess, last) */
  const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
  char fen[256];
  snprintf(fen, sizeof fen, "%s 2+3 4 5", start);
  fen_out(three, fen, false, out, sizeof out);
  ck_assert_str_eq(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 4 5");
  snprintf(fen, sizeof fen, "%s 4 5 +1+2", start);
  fen_out(three, fen, false, out, sizeof out);
  ck_assert_str_eq(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 4 5");
  /* makruk: Fairy-Stockfish's counting limit in the e.p. slot is skipped */
  fen_out(makruk, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR b - 16 3 20", false, out,
          sizeof out);
  ck_assert_str_eq(out, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR b - - 3 20");
  /* holdings in brackets or as an extra rank, '~' promoted pieces */
  fen_out(zh, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKQ~NR/Pnp w KQkq - 0 1", false, out,
          sizeof out);
  ck_assert_str_eq(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKQ~NR[Pnp] w KQkq - 0 1");
  library_free(lib);
}
END_TEST

START_TEST(castling_letters_shredder_and_x_fen) {
  VariantLibrary *lib = shipped_library_load();
  const Variant *chess = library_find(lib, "chess");
  char out[512];
  /* Shredder-FEN in: the outermost rooks come out as KQkq, or as files in
   * Chess960 mode */
  const char *shredder = "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1";
  fen_out(chess, shredder, false, out, sizeof out);
  ck_assert_str_eq(out, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  fen_out(chess, shredder, true, out, sizeof out);
  ck_assert_str_eq(out, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
  /* X-FEN: an inner rook's right is its file, the outer one's K */
  fen_out(chess, "4k3/8/8/8/8/8/8/R3K1RR w G - 0 1", false, out, sizeof out);
  ck_assert_str_eq(out, "4k3/8/8/8/8/8/8/R3K1RR w G - 0 1");
  fen_out(chess, "4k3/8/8/8/8/8/8/R3K1RR w KQ - 0 1", false, out, sizeof out);
  ck_assert_str_eq(out, "4k3/8/8/8/8/8/8/R3K1RR w KQ - 0 1");
  library_free(lib);
}
END_TEST

/* Boards past 26 files and 9 ranks: runs of two digits, two-letter files
 * in the e.p. field. */
START_TEST(wide_and_tall_boards) {
  VariantDiagnostics diags = {0};
  VariantLibrary *lib = library_new();
  library_add_path(lib, CHIMERA_VARIANT_DIR, &diags);
  library_add_text(lib, "wide.var",
                   "[wide:chess]\nboard = 28x12\n"
                   "setup = 28/28/28/28/28/28/28/28/28/28/k27/K27 w - - 0 1\n"
                   "rules += royal{K}\n",
                   &diags);
  library_compile(lib, &diags);
  for (int i = 0; i < diags.count; i++) fprintf(stderr, "%s\n", diags.items[i]);
  ck_assert_int_eq(diags.count, 0);
  variant_diag_free(&diags);
  const Variant *wide = library_find(lib, "wide");
  ck_assert_ptr_nonnull(wide);
  char out[512], err[256];
  /* a black pawn on ab10 (file 28) that has just stepped two squares */
  const char *fen = "28/28/27p/28/28/28/28/28/28/28/k27/K27 b - ab11 0 1";
  ck_assert_msg(try_fen(wide, fen, err, sizeof err), "%s", err);
  fen_out(wide, "28/28/27p/26P1/28/28/28/28/28/28/k27/K27 w - ab11 0 1", false, out, sizeof out);
  ck_assert_str_eq(out, "28/28/27p/26P1/28/28/28/28/28/28/k27/K27 w - ab11 0 1");
  ck_assert(!try_fen(wide, "28/28/28/28/28/28/28/28/28/28/k27/K27 w - ac3 0 1", err, sizeof err));
  library_free(lib);
}
END_TEST

/* Garbled FENs (bytes replaced, cut short, fields doubled) are answered
 * without a crash; whatever is accepted is a consistent position whose FEN
 * reads back. Deterministic: a fixed linear congruential sequence. */
START_TEST(garbled_fens_never_crash) {
  VariantLibrary *lib = shipped_library_load();
  static const char *const cases[][2] = {
      {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
      {"cambodian", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"},
      {"seirawan", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1"},
      {"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1"},
      {"3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"},
      {"berolina", "rnbqkbnr/pppp1ppp/8/2p5/5P2/8/PPP1PPPP/RNBQKBNR w KQkq c5d6 2 2"},
  };
  static const char alphabet[] = "0123456789/[]~+*-| kKqQrRnNpPbBwWaAhHzZ";
  unsigned seed = 12345;
  char fen[512], err[256], out[1024];
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    const Variant *v = library_find(lib, cases[k][0]);
    ck_assert_ptr_nonnull(v);
    Position *pos = pos_new(v, err, sizeof err);
    for (int round = 0; round < 400; round++) {
      snprintf(fen, sizeof fen, "%s", cases[k][1]);
      size_t len = strlen(fen);
      for (int edits = 1 + round % 4; edits > 0; edits--) {
        seed = seed * 1103515245u + 12345u;
        size_t at = (seed >> 8) % len;
        seed = seed * 1103515245u + 12345u;
        if (round % 7 == 0)
          fen[at] = '\0', len = at ? at : 1;
        else
          fen[at] = alphabet[(seed >> 8) % (sizeof alphabet - 1)];
      }
      if (round % 11 == 0) strncat(fen, " 1 2 3", sizeof fen - strlen(fen) - 1);
      if (!pos_set_fen(pos, fen, err, sizeof err)) {
        ck_assert_msg(err[0] != '\0', "no message for '%s'", fen);
        continue;
      }
      ck_assert_msg(pos_is_ok(pos), "inconsistent after '%s'", fen);
      pos_get_fen(pos, out, sizeof out);
      ck_assert_msg(pos_set_fen(pos, out, err, sizeof err), "'%s' -> '%s': %s", fen, out, err);
    }
    pos_free(pos);
  }
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_fen");
  TCase *tc = tcase_create("fen");
  tcase_set_timeout(tc, 240);
  tcase_add_test(tc, oracle_positions_round_trip);
  tcase_add_test(tc, malformed_fields_are_errors);
  tcase_add_test(tc, a_side_without_its_royal_is_refused);
  tcase_add_test(tc, optional_and_extra_fields_of_the_dialect);
  tcase_add_test(tc, castling_letters_shredder_and_x_fen);
  tcase_add_test(tc, wide_and_tall_boards);
  tcase_add_test(tc, garbled_fens_never_crash);
  suite_add_tcase(suite, tc);
  return suite;
}
