/* test_board_mbn_audit.c — the MBN audit's reproducers (issue #12), played
 * on a board: each test failed before its fix. Move sets by hand; X stands
 * on d4 (8x8) or r19 (36x36), White's K on a1, Black's k in the far corner.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/perft.h"
#include "board/movetext.h"
#include "board/position.h"
#include "mbn/variant_library.h"
#include "search/eval_tables.h"

#include "inline_variant.h"

Suite *test_suite(void);

static const char *fen8 = "7k/8/8/8/3X4/8/8/K7 w - - 0 1";
static const char *fen36 = "35k/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/17X18/36/36/36/"
                           "36/36/36/36/36/36/36/36/36/36/36/36/36/36/K35 w - - 0 1";

/* The legal moves of the piece on `from` in the variant's setup, or in
 * `fen` when it is not NULL, as "d4e5 d4b2 ..." (sorted as generated);
 * returns how many. */
static int moves_from_fen(const char *board, const char *pieces, const char *setup, const char *fen,
                          const char *from, char *out, size_t outlen) {
  VariantLibrary *lib;
  Position *pos = iv_position_on_ok(board, pieces, setup, fen, &lib);
  int count = iv_moves_from(pos, from, out, outlen);
  iv_done(pos, lib);
  return count;
}

static int moves_from(const char *board, const char *pieces, const char *setup, const char *from,
                      char *out, size_t outlen) {
  return moves_from_fen(board, pieces, setup, NULL, from, out, outlen);
}

static bool has(const char *list, const char *move) {
  char key[48];
  snprintf(key, sizeof key, "%s ", move);
  return strstr(list, key) != NULL;
}

/* Reproducer 1: B0* goes as far as possible, so it stops before a friendly
 * piece (N on f6) and before the edge and a friend (K on a1): e5, b2; a7 and
 * g1 at the edges. */
/* The variant (board, setup, pieces, rules) is refused with `message`: by
 * the compiler at v.var:line:col, or by the board when it is loaded. */
static void expect_load_refused(const char *board, const char *setup, const char *pieces,
                                const char *rules, const char *message) {
  char text[1024], err[256] = "";
  snprintf(text, sizeof text, "[v]\nboard = %s\nsetup = %s\npieces = %s\nrules = %s\n", board,
           setup, pieces, rules);
  VariantDiagnostics diags = {0};
  VariantLibrary *lib = library_new();
  library_add_text(lib, "v.var", text, &diags);
  library_compile(lib, &diags);
  const Variant *v = library_find(lib, "v");
  Position *pos = v && !diags.count ? pos_new(v, err, sizeof err) : NULL;
  const char *error = diags.count ? diags.items[0] : err;
  ck_assert_msg(pos == NULL && strstr(error, message) && (!diags.count || strstr(error, "v.var:")),
                "%s / %s: %s", board, pieces, error[0] ? error : "none");
  variant_diag_free(&diags);
  library_free(lib);
}

START_TEST(maximal_rider_stops_before_a_friend) {
  char out[512];
  ck_assert_int_eq(
      moves_from("8x8", "K N X=B0*", "7k/8/5N2/8/3X4/8/8/K7 w - - 0 1", "d4", out, sizeof out), 4);
  ck_assert_msg(has(out, "d4e5") && has(out, "d4b2") && has(out, "d4a7") && has(out, "d4g1"), "%s",
                out);
}
END_TEST

/* Reproducer 7: "the start square and the arrival square cannot be equal"
 * unless the text allows it: N--N, Y, [K]--[K]--K and (dK)3 have no d4d4;
 * the Lion's aK--[K] does (its pass), and so does the null leap O. Their
 * squares: [K]--[K]--K and (dK)3 reach the 7x7 block around d4 but a1. */
START_TEST(null_moves_only_where_the_text_allows) {
  char out[4096];
  const char *none[] = {"K X=N--N", "K X=Y", "K X=[K]--[K]--K", "K X=(dK)3"};
  for (int i = 0; i < 4; i++) {
    moves_from("8x8", none[i], fen8, "d4", out, sizeof out);
    ck_assert_msg(!has(out, "d4d4"), "%s: %s", none[i], out);
  }
  ck_assert_int_eq(moves_from("8x8", "K X=[K]--[K]--K", fen8, "d4", out, sizeof out), 47);
  ck_assert_int_eq(moves_from("8x8", "K X=(dK)3", fen8, "d4", out, sizeof out), 47);
  ck_assert_int_eq(moves_from("8x8", "K X=aK--[K]", fen8, "d4", out, sizeof out), 25);
  ck_assert(has(out, "d4d4"));
  moves_from("8x8", "K X=W+O", fen8, "d4", out, sizeof out);
  ck_assert(has(out, "d4d4"));
}
END_TEST

/* Reproducer 8: complex riders reach each square once, not each path:
 * (dK)0, dK0 and dQ0 reach every square but their own and the king's (62 on
 * 8x8, 1294 on 36x36); (dK)10 the 21x21 block (440). Before, perft 1 of
 * these did not end. */
START_TEST(complex_riders_end_fast) {
  char out[8];
  const char *all[] = {"K X=(dK)0", "K X=dK0", "K X=dQ0"};
  for (int i = 0; i < 3; i++) {
    ck_assert_int_eq(moves_from("8x8", all[i], fen8, "d4", out, sizeof out), 62);
    ck_assert_int_eq(moves_from("36x36", all[i], fen36, "r19", out, sizeof out), 1294);
  }
  ck_assert_int_eq(moves_from("36x36", "K X=(dK)10", fen36, "r19", out, sizeof out), 440);
}
END_TEST

/* A program of linked roots ((dK)0) captures through its links: Black's
 * king on h8 is attacked on every square, so Black has no move (the
 * bitboard attack masks used to see only its first step). */
START_TEST(linked_roots_attack_through_their_links) {
  char out[64];
  ck_assert_int_eq(
      moves_from("8x8", "K X=(dK)0", "7k/8/8/8/3X4/8/8/K7 b - - 0 1", "h8", out, sizeof out), 0);
}
END_TEST

/* Reproducers 2 and 10: compulsory legs are played. W-{W}-{W} must go on
 * while it can, so from d4 it ends three steps away (d1, d7, a4, g4), never
 * on the second step (the skip edge to the third leg is gone). The Rose
 * (N)(lf)8 and (N)(rf)8 circle to the squares the empty-board walker of
 * `chimera show` gives (MBN §6's octagons; docs/mbn.md decision 5), and
 * mQ-{cK-tK} with nothing to capture moves as mQ. */
START_TEST(compulsory_legs_are_played) {
  char out[1024];
  ck_assert_int_eq(moves_from("8x8", "K X=W-{W}-{W}", fen8, "d4", out, sizeof out), 4);
  ck_assert_msg(has(out, "d4d1") && has(out, "d4d7") && has(out, "d4a4") && has(out, "d4g4"), "%s",
                out);
  const char *rose_fen = "7k/8/8/8/3X4/8/7K/8 w - - 0 1";
  ck_assert_int_eq(moves_from("8x8", "K X=(N)(lf)8", rose_fen, "d4", out, sizeof out), 8);
  const char *lf[] = {"d4a1", "d4c2", "d4h4", "d4b5", "d4a7", "d4g7", "d4d8", "d4g1"};
  for (int i = 0; i < 8; i++) ck_assert_msg(has(out, lf[i]), "(N)(lf)8: %s", out);
  ck_assert_int_eq(moves_from("8x8", "K X=(N)(rf)8", rose_fen, "d4", out, sizeof out), 8);
  const char *rf[] = {"d4a1", "d4g1", "d4e2", "d4b3", "d4h4", "d4a7", "d4g7", "d4d8"};
  for (int i = 0; i < 8; i++) ck_assert_msg(has(out, rf[i]), "(N)(rf)8: %s", out);
  /* the queen's 27 squares from d4, less a1 (own king) and h8 (the m leg cannot take) */
  ck_assert_int_eq(moves_from("8x8", "K X=mQ-{cK-tK}", fen8, "d4", out, sizeof out), 25);
}
END_TEST

/* Reproducer 13: the FEN's e.p. square is honoured for any piece that may be
 * taken e.p. (P's mefW02), not only for pieces that promote: with 'K P' the
 * pawn cannot promote (no type to promote to) and d5e6 was missing. d5 has
 * d6 and the e.p. capture d5e6; the same from the setup and from a FEN. */
START_TEST(ep_square_for_a_pawn_that_cannot_promote) {
  char out[256];
  const char *fen = "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1";
  ck_assert_int_eq(moves_from("8x8", "K P", fen, "d5", out, sizeof out), 2);
  ck_assert_msg(has(out, "d5d6") && has(out, "d5e6"), "%s", out);
  ck_assert_int_eq(moves_from_fen("8x8", "K P", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", fen,
                                  "d5", out, sizeof out),
                   2);
  ck_assert_msg(has(out, "d5e6"), "%s", out);
  /* Black: e4 takes d3 e.p. */
  ck_assert_int_eq(
      moves_from("8x8", "K P", "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1", "e4", out, sizeof out), 2);
  ck_assert_msg(has(out, "e4e3") && has(out, "e4d3"), "%s", out);
}
END_TEST

/* Reproducer 14: i (only the piece's initial move) survives loading a FEN.
 * MBN ties i to the initial square (§6, §13: a piece dropped back on it
 * fulfils i again), and a FEN cannot say more, so a piece off the castling
 * rank on the square the setup gives its kind counts as unmoved. X=W+iN on
 * d4: 4 W + 8 N moves (c2 e2 b3 f3 b5 f5 c6 e6), from the setup and from the
 * same FEN; on e4 (not its setup square) only the 4 W moves; and once it has
 * moved away and back, none of the N moves. On the castling rank a FEN's
 * castling field says it (Fairy-Stockfish's "DEde" for cambodian): X on d1
 * has its N moves with 'D' and not without. */
START_TEST(initial_moves_survive_a_fen) {
  char out[512];
  ck_assert_int_eq(moves_from("8x8", "K X=W+iN", fen8, "d4", out, sizeof out), 12);
  ck_assert_int_eq(moves_from_fen("8x8", "K X=W+iN", fen8, fen8, "d4", out, sizeof out), 12);
  ck_assert_msg(has(out, "d4c2") && has(out, "d4e6") && has(out, "d4d5"), "%s", out);
  ck_assert_int_eq(moves_from_fen("8x8", "K X=W+iN", fen8, "7k/8/8/8/4X3/8/8/K7 w - - 0 1", "e4",
                                  out, sizeof out),
                   4);
  const char *back = "7k/8/8/8/8/8/8/K2X4 w - - 0 1";
  ck_assert_int_eq(moves_from_fen("8x8", "K X=W+iN", back, "7k/8/8/8/8/8/8/K2X4 w D - 0 1", "d1",
                                  out, sizeof out),
                   7);
  ck_assert_int_eq(moves_from_fen("8x8", "K X=W+iN", back, back, "d1", out, sizeof out), 3);
}
END_TEST

/* Once X has moved, its N moves are gone, also back on d4. */
START_TEST(initial_moves_end_with_the_first_move) {
  VariantLibrary *lib;
  Position *pos = iv_position_on_ok("8x8", "K X=W+iN", fen8, fen8, &lib);
  char err[256];
  const char *line[] = {"d4d5", "h8g8", "d5d4", "g8h8"};
  Undo undo[4];
  for (int i = 0; i < 4; i++) {
    Move m = move_from_text(pos, line[i], err, sizeof err);
    ck_assert_msg(m != MOVE_NONE_VALUE, "%s: %s", line[i], err);
    pos_make_move(pos, m, &undo[i]);
  }
  MoveList *list = malloc(sizeof *list);
  int n = gen_legal_moves(pos, list), from_d4 = 0;
  for (int i = 0; i < n; i++) {
    char m[MOVE_TEXT_MAX];
    move_to_text(pos, list->moves[i], m, sizeof m);
    if (!strncmp(m, "d4", 2)) from_d4++;
  }
  ck_assert_int_eq(from_d4, 4);
  free(list);
  iv_done(pos, lib);
}
END_TEST

/* Plays `line` (moves as text, space-separated, at most 8) and counts
 * the legal moves from `from`. */
static int moves_after(Position *pos, const char *line, const char *from, char *out, size_t len) {
  char copy[128], err[256];
  snprintf(copy, sizeof copy, "%s", line);
  Undo undo[8];
  int made = 0;
  for (char *t = strtok(copy, " "); t && made < 8; t = strtok(NULL, " ")) {
    Move m = move_from_text(pos, t, err, sizeof err);
    ck_assert_msg(m != MOVE_NONE_VALUE, "%s: %s", t, err);
    pos_make_move(pos, m, &undo[made++]);
  }
  int n = iv_moves_from(pos, from, out, len);
  while (made > 0) pos_unmake_move(pos, &undo[--made]);
  return n;
}

/* ii (audit row "m{} e{} g{} k{} kk ii ? u q", once refused): an initial
 * move lost with the first check to the royal too (decision 33). The
 * white king has K moves and an initial N leap (i or ii), granted by the
 * castling field's E. Counted by hand, from e1 (d1 holds the rook):
 *  - at the start: d2 e2 f2 f1 and the leaps c2 d3 f3 g2: 8, for i and ii;
 *  - after d1d2 a8a1+ d2d1 a1a8 (checked, the check blocked, both rooks
 *    back) the king has not moved: i keeps its leaps (8), ii has lost
 *    them (4);
 *  - the same line without the check (a8a2 instead of a8a1) keeps them
 *    for ii too;
 *  - unmaking the checking move gives them back (the board's undo). */
START_TEST(initial_moves_lost_with_a_check) {
  const char *fen = "r3k3/8/8/8/8/8/8/3RK3 w Ee - 0 1";
  char out[512];
  for (int strict = 0; strict < 2; strict++) {
    VariantLibrary *lib;
    Position *pos = iv_position_on_ok("8x8", strict ? "R K=K+iiN" : "R K=K+iN", fen, fen, &lib);
    const char *leaps[] = {"e1c2", "e1d3", "e1f3", "e1g2"};
    ck_assert_int_eq(moves_after(pos, "", "e1", out, sizeof out), 8);
    for (int i = 0; i < 4; i++) ck_assert_msg(has(out, leaps[i]), "start: %s", out);
    int checked = moves_after(pos, "d1d2 a8a1 d2d1 a1a8", "e1", out, sizeof out);
    ck_assert_msg(checked == (strict ? 4 : 8), "ii=%d after a check: %s", strict, out);
    for (int i = 0; i < 4; i++)
      ck_assert_msg(has(out, leaps[i]) == !strict, "ii=%d after a check: %s", strict, out);
    ck_assert_int_eq(moves_after(pos, "d1d2 a8a2 d2d1 a2a8", "e1", out, sizeof out), 8);
    /* the checking move made and taken back, then the quiet line */
    char err[256];
    Undo undo[2];
    pos_make_move(pos, move_from_text(pos, "d1d2", err, sizeof err), &undo[0]);
    pos_make_move(pos, move_from_text(pos, "a8a1", err, sizeof err), &undo[1]);
    pos_unmake_move(pos, &undo[1]);
    pos_unmake_move(pos, &undo[0]);
    ck_assert_int_eq(moves_after(pos, "d1d2 a8a2 d2d1 a2a8", "e1", out, sizeof out), 8);
    iv_done(pos, lib);
  }
}
END_TEST

/* The FEN of the position `setup` and `fen` (NULL: the setup) give. */
static void fen_of(const char *pieces, const char *setup, const char *fen, char *out, size_t len) {
  VariantLibrary *lib;
  Position *pos = iv_position_on_ok("8x8", pieces, setup, fen, &lib);
  pos_get_fen(pos, out, len);
  iv_done(pos, lib);
}

/* Reproducers 11 and 12: compound letters (:BM:) and '-'-prefixed pieces
 * (-Q, the text's checkers-chess piece before promotion) are written in
 * the setup and in FENs as they are defined, lower case for Black, and
 * written back the same way. :BM:=N on d4 has the 8 knight moves; -Q=fQ on
 * d4 the forward queen's 11 (d5-d8, e5 f6 g7 h8, c5 b6 a7). */
START_TEST(compound_and_minus_letters_in_fens) {
  char out[512];
  const char *bm = "7k/8/8/8/3:BM:4/8/8/K7 w - - 0 1";
  ck_assert_int_eq(moves_from("8x8", "K :BM:=N", bm, "d4", out, sizeof out), 8);
  fen_of("K :BM:=N", bm, NULL, out, sizeof out);
  ck_assert_str_eq(out, bm);
  const char *black = "7k/8/8/8/3:bm:4/8/8/K7 b - - 0 1";
  ck_assert_int_eq(moves_from_fen("8x8", "K :BM:=N", bm, black, "d4", out, sizeof out), 8);
  fen_of("K :BM:=N", bm, black, out, sizeof out);
  ck_assert_str_eq(out, black);
  const char *mq = "k7/8/8/8/3-Q4/8/8/K7 w - - 0 1";
  ck_assert_int_eq(moves_from("8x8", "K -Q=fQ Q", mq, "d4", out, sizeof out), 11);
  fen_of("K -Q=fQ Q", mq, NULL, out, sizeof out);
  ck_assert_str_eq(out, mq);
  const char *mqb = "k7/8/8/8/3-q4/8/8/K7 b - - 0 1";
  fen_of("K -Q=fQ Q", mq, mqb, out, sizeof out);
  ck_assert_str_eq(out, mqb);
}
END_TEST

/* The variant with these pieces (X on d4) does not load, and says why:
 * its error holds `reason`. */
static void expect_refused(const char *pieces, const char *reason) {
  expect_load_refused("8x8", fen8, pieces, "royal{K}", reason);
}

/* A move may capture any number of pieces on its way (a long move,
 * board/move_long.h); pieces that could take more than two ((aW)4, (aW)0,
 * (adW)0, the text's monkey (dcK-mK)0) used to be refused by name. The
 * Rampager (aW)3 from d2 with knights on d3 d4 d5 goes 3 squares west and
 * east, 1 south, and north takes d3, or d3 and d4, or all three: 10 moves;
 * (aW)4 with a fourth knight on d6 goes 4 east and also takes all four:
 * 12, the last written with its three squares on the way. */
START_TEST(captures_on_the_way_have_no_limit) {
  const char *played[] = {"K X=(aW)4", "K X=(aW)0", "K X=(adW)0", "K X=(dcK-mK)0"};
  for (int i = 0; i < 4; i++) {
    VariantLibrary *lib = NULL;
    Position *pos = iv_position_on_ok("8x8", played[i], fen8, NULL, &lib);
    iv_done(pos, lib);
  }
  char out[512];
  const char *fen = "7k/8/8/3n4/3n4/3n4/3X4/K7 w - - 0 1";
  ck_assert_int_eq(moves_from("8x8", "K N X=(aW)3", fen, "d2", out, sizeof out), 10);
  const char *north[] = {"d2d3", "d2d3d4", "d2d3d4d5"};
  for (int i = 0; i < 3; i++) ck_assert_msg(has(out, north[i]), "%s: %s", north[i], out);
  const char *four = "7k/8/3n4/3n4/3n4/3n4/3X4/K7 w - - 0 1";
  ck_assert_int_eq(moves_from("8x8", "K N X=(aW)4", four, "d2", out, sizeof out), 12);
  ck_assert_msg(has(out, "d2d3d4d5d6"), "%s", out);
}
END_TEST

/* The moves from square `from` in fen (pieces: the variant's): how many,
 * and which must (present) and must not (absent) be among them,
 * space-separated. */
static void expect_moves_from(const char *pieces, const char *fen, const char *from, int count,
                              const char *present, const char *absent) {
  VariantLibrary *lib;
  Position *pos = iv_position_ok(pieces, fen, &lib);
  char out[1024], want[256];
  int n = iv_moves_from(pos, from, out, sizeof out);
  ck_assert_msg(n == count, "%s in %s: %d moves (%s), expected %d", pieces, fen, n, out, count);
  snprintf(want, sizeof want, "%s", present);
  for (char *m = strtok(want, " "); m; m = strtok(NULL, " "))
    ck_assert_msg(strstr(out, m), "%s in %s: %s missing from %s", pieces, fen, m, out);
  snprintf(want, sizeof want, "%s", absent);
  for (char *m = strtok(want, " "); m; m = strtok(NULL, " "))
    ck_assert_msg(!strstr(out, m), "%s in %s: %s in %s", pieces, fen, m, out);
  iv_done(pos, lib);
}

static void expect_moves_from_d4(const char *pieces, const char *fen, int count,
                                 const char *present, const char *absent) {
  expect_moves_from(pieces, fen, "d4", count, present, absent);
}

/* Pieces around X on d4 for the tests of g{..} and optional modifiers. */
static const char *hurdles_fen = "7k/8/3n4/3P4/3Xp1N1/8/8/K7 w - - 0 1";

/* g{..} (audit row "m{} e{} g{} ...", once refused): a leaping rider leaps
 * over the pieces of the set only and stops at any other, taking it if it
 * may. X on d4, a white pawn on d5, a black knight on d6, a black pawn on
 * e4, a white knight on g4; moves counted by hand (down and left, three
 * empty squares each, are the same in every row):
 *  - gR leaps everything: d6 d7 d8, e4 f4 h4: 12;
 *  - g{P}R over pawns of either colour: d6 (not d7), e4 f4 (not h4): 9;
 *  - gg{P}R over friendly pawns only: d6, e4 (not f4): 8;
 *  - g{!p}R (colour form) over enemy pawns only: nothing up the file,
 *    e4 f4: 8;
 *  - g{^P}R over anything but pawns: nothing up, e4 only: 7;
 *  - g{P}(WF)0, g on the single steps of a complex rider: the file and
 *    rank as g{P}R (d6, not d7; f4, not h4) and the four open diagonals:
 *    21. */
START_TEST(leaping_riders_over_a_piece_set) {
  expect_moves_from_d4("K N P X=gR", hurdles_fen, 12, "d4d6 d4d7 d4d8 d4e4 d4f4 d4h4", "d4g4");
  expect_moves_from_d4("K N P X=g{P}R", hurdles_fen, 9, "d4d6 d4e4 d4f4", "d4d7 d4h4");
  expect_moves_from_d4("K N P X=gg{P}R", hurdles_fen, 8, "d4d6 d4e4", "d4d7 d4f4");
  expect_moves_from_d4("K N P X=g{!p}R", hurdles_fen, 8, "d4e4 d4f4", "d4d6 d4h4");
  expect_moves_from_d4("K N P X=g{^P}R", hurdles_fen, 7, "d4e4 d4d1 d4a4", "d4d6 d4f4");
  expect_moves_from_d4("K N P X=g{P}(WF)0", hurdles_fen, 21, "d4d6 d4f4 d4h8 d4a7 d4g1 d4b2",
                       "d4d7 d4h4");
}
END_TEST

/* Optional modifiers (audit row "m{} e{} g{} ...": 'pp?{..}B', once
 * refused): the move with the modifier and the move without it (decision
 * 30). The position of the test above; the rook's own moves are d1 d2 d3,
 * a4 b4 c4 and e4 (7):
 *  - pR hops one hurdle: d6 (over the pawn, taking the knight) and f4
 *    (over the black pawn), p?R adds the rook's 7: 9;
 *  - ppR hops one or more: d6 d7 d8, f4 h4; pp?R adds the 7: 12;
 *  - pp?{N}R hops knights only, and neither line starts with one: 7;
 *  - jW-W visits an enemy and steps on (e4 to f4); j?W-W also passes an
 *    empty square (d3 to d2, c4 to b4): 3. */
START_TEST(optional_modifiers) {
  expect_moves_from_d4("K N P X=p?R", hurdles_fen, 9, "d4d6 d4f4 d4d1 d4e4", "d4d7 d4h4");
  expect_moves_from_d4("K N P X=pp?R", hurdles_fen, 12, "d4d6 d4d7 d4d8 d4f4 d4h4 d4e4", "d4g4");
  expect_moves_from_d4("K N P X=pp?{N}R", hurdles_fen, 7, "d4e4 d4d1", "d4d6 d4f4");
  expect_moves_from_d4("K N P X=j?W-W", hurdles_fen, 3, "d4f4 d4d2 d4b4", "d4e4 d4d3");
}
END_TEST

/* u (audit row "m{} e{} g{} ... u q", once refused): the moves marked u
 * exist only while none of their directions meets an enemy first, and
 * never capture (decision 31). X on d4, counted by hand:
 *  - uR, a black pawn on d6: blocked, 0;
 *  - uR, a white pawn on d6: d5, d3-d1, e4-h4, c4-a4: 11;
 *  - uR, a white pawn on d5 before the black one on d6: 10;
 *  - uR+F, the black pawn on d6: only the four F moves;
 *  - uN, a black pawn on e6 (a knight's square): 0; on h4 (not one): 8;
 *  - uW2, the black pawn on h4, beyond its two steps: 8.
 * And u on a move of several legs (a chain, a hopper) is refused by the
 * board by name. */
START_TEST(unblocked_moves) {
  expect_moves_from_d4("K N P X=uR", "7k/8/3p4/8/3X4/8/8/K7 w - - 0 1", 0, "", "d4d6");
  expect_moves_from_d4("K N P X=uR", "7k/8/3P4/8/3X4/8/8/K7 w - - 0 1", 11, "d4d5 d4h4", "d4d6");
  expect_moves_from_d4("K N P X=uR", "7k/8/3p4/3P4/3X4/8/8/K7 w - - 0 1", 10, "d4h4", "d4d6");
  expect_moves_from_d4("K N P X=uR+F", "7k/8/3p4/8/3X4/8/8/K7 w - - 0 1", 4, "d4e5", "d4d6");
  expect_moves_from_d4("K N P X=uN", "7k/8/4p3/8/3X4/8/8/K7 w - - 0 1", 0, "", "d4e6");
  expect_moves_from_d4("K N P X=uN", "7k/8/8/8/3X3p/8/8/K7 w - - 0 1", 8, "d4e6", "d4h4");
  expect_moves_from_d4("K N P X=uW2", "7k/8/8/8/3X3p/8/8/K7 w - - 0 1", 8, "d4f4", "d4h4");
  expect_refused("K P X=upR", "'u' on a move of more than one leg");
  expect_refused("K P X=uR-W", "'u' on a move of more than one leg");
}
END_TEST

/* Swaps (w with an enemy, ww with a friend): a capture and a swap with one
 * piece on one square would be two moves with one text, so a piece that
 * could make both is refused (K+wK, and wK+R: the rook's capture next to
 * it); where they cannot meet it plays. X on d4, a black pawn on e5 and one
 * on f5 (a knight's square), a white pawn on d5:
 *  - K+wN: the king's 8 squares (taking e5, d5 is a friend: 7) and the
 *    knight's 8, f5 a swap with the pawn: 15;
 *  - K+wwK: the king's moves, and a swap with the friend on d5: 8, each
 *    square once (the empty ones are reached both ways);
 *  - wN alone: 8. */
START_TEST(swaps_and_captures_never_share_a_text) {
  expect_refused("K P X=K+wK", "the two would have the same move text");
  expect_refused("K P X=wK+R", "the two would have the same move text");
  const char *fen = "7k/8/8/3Ppp2/3X4/8/8/K7 w - - 0 1";
  expect_moves_from_d4("K P X=K+wN", fen, 15, "d4e5 d4f5 d4e6", "d4d5");
  expect_moves_from_d4("K P X=K+wwK", fen, 8, "d4e5 d4d5 d4c5", "d4f5");
  expect_moves_from_d4("K P X=wN", fen, 8, "d4f5 d4b5", "d4e5");
}
END_TEST

/* n on a rider (audit row "n on rider", nN0, once refused): each leap of
 * the lame nightrider goes by a King-step path (W then F, or F then W) that
 * must be empty, in the same direction, and the ride goes on only from an
 * empty landing square. X on d4, counted by hand (the nightrider would have
 * 12 moves on the empty board):
 *  - black knights on d5 and e5 block both paths to e6, so e6 and f8 go;
 *    c6 goes round by c5, f5 by e4: 10 moves;
 *  - knights on e7 and f7 block both paths from e6 to f8 only: 11;
 *  - a knight on e6 is captured there and the ride ends: 11, with d4e6
 *    and without d4f8. */
START_TEST(lame_nightrider_is_blocked_leap_by_leap) {
  expect_moves_from_d4("K N X=nN0", "7k/8/8/3nn3/3X4/8/8/K7 w - - 0 1", 10, "d4c6 d4b8 d4f5 d4h6",
                       "d4e6");
  expect_moves_from_d4("K N X=nN0", "7k/4nn2/8/8/3X4/8/8/K7 w - - 0 1", 11, "d4e6 d4c6 d4b8",
                       "d4f8");
  expect_moves_from_d4("K N X=nN0", "7k/8/4n3/8/3X4/8/8/K7 w - - 0 1", 11, "d4e6 d4h2 d4b3",
                       "d4f8");
}
END_TEST

/* Promotion rules for Black alone (audit row "black-only promotion", the
 * text's "+P==Q +p==I", once refused): White's pawn on b7 promotes to the
 * queen only, Black's on g2 to the Janus only, whichever rule comes first
 * in the text; "+p" alone gives Black the default set (every other
 * non-royal type: Q and I) and White's pawn none, so it steps onto b8 as
 * a pawn. The default set leaves out K, royal by the rules (royal{K}), not
 * by the piece text: "+P" had promoted to K. */
START_TEST(black_promotions_of_their_own) {
  static const struct {
    const char *pieces, *fen, *from, *moves;
  } CASES[] = {
      {"K Q I P +P==Q +p==I", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", "b7", "b7b8q "},
      {"K Q I P +P==Q +p==I", "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1", "g2", "g2g1i "},
      {"K Q I P +p==I +P==Q", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", "b7", "b7b8q "},
      {"K Q I P +p==I +P==Q", "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1", "g2", "g2g1i "},
      {"K Q I P +P==QI +p==I", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", "b7", "b7b8q b7b8i "},
      {"K Q I P +p", "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1", "g2", "g2g1q g2g1i "},
      {"K Q I P +p", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", "b7", "b7b8 "},
      {"K Q I P +P", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", "b7", "b7b8q b7b8i "},
      {"K Q I P +P", "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1", "g2", "g2g1q g2g1i "},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    VariantLibrary *lib;
    Position *pos = iv_position_ok(CASES[i].pieces, CASES[i].fen, &lib);
    char out[256];
    iv_moves_from(pos, CASES[i].from, out, sizeof out);
    ck_assert_msg(!strcmp(out, CASES[i].moves), "%s, %s: '%s', expected '%s'", CASES[i].pieces,
                  CASES[i].fen, out, CASES[i].moves);
    iv_done(pos, lib);
  }
}
END_TEST

/* ce{..}: the pieces a capture may take en passant (MBN: "a piece set may
 * follow, defining the pieces which can be captured en passant"). Two pawns
 * alike but for their letter, P and Y; X on d5 beside the black one that
 * just made its double step to e5 (e.p. square e6). X=mfW+ce{P}fF takes
 * the p e.p. but not the y, ce{Y} the other way round, and cefF (no set)
 * both; X steps to d6 in every case. */
START_TEST(en_passant_piece_sets) {
  static const struct {
    const char *x, *fen;
    int moves;
  } CASES[] = {
      {"X=mfW+ce{P}fF", "4k3/8/8/3Xp3/8/8/8/4K3 w - e6 0 1", 2},
      {"X=mfW+ce{P}fF", "4k3/8/8/3Xy3/8/8/8/4K3 w - e6 0 1", 1},
      {"X=mfW+ce{Y}fF", "4k3/8/8/3Xp3/8/8/8/4K3 w - e6 0 1", 1},
      {"X=mfW+ce{Y}fF", "4k3/8/8/3Xy3/8/8/8/4K3 w - e6 0 1", 2},
      {"X=mfW+cefF", "4k3/8/8/3Xp3/8/8/8/4K3 w - e6 0 1", 2},
      {"X=mfW+cefF", "4k3/8/8/3Xy3/8/8/8/4K3 w - e6 0 1", 2},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    char pieces[128];
    snprintf(pieces, sizeof pieces, "K P Y=mfW+cefF+[1-2]mefW02 %s", CASES[i].x);
    VariantLibrary *lib;
    Position *pos = iv_position_ok(pieces, CASES[i].fen, &lib);
    char out[128];
    int n = iv_moves_from(pos, "d5", out, sizeof out);
    ck_assert_msg(n == CASES[i].moves, "%s, %s: %d moves (%s), expected %d", CASES[i].x,
                  CASES[i].fen, n, out, CASES[i].moves);
    ck_assert_msg(strstr(out, "d5d6"), "%s: no d5d6 in %s", CASES[i].x, out);
    iv_done(pos, lib);
  }
}
END_TEST

/* The search's evaluation tables walk each piece from every square of an
 * empty board. For complex riders of any direction (dQ0, (dQ)0) on
 * 36x36 that walk took minutes per square, so "go movetime 1000" never
 * answered: it is now bounded (search/eval_tables.c), and such a piece
 * still rates above a rook, which reaches fewer squares. */
START_TEST(evaluation_tables_of_complex_riders_end) {
  const char *riders[] = {"K R X=dQ0", "K R X=(dQ)0"};
  for (int i = 0; i < 2; i++) {
    VariantLibrary *lib;
    Position *pos = iv_position_on_ok("36x36", riders[i], fen36, NULL, &lib);
    const Variant *v = library_find(lib, "v");
    EvalTables tables;
    ck_assert(eval_tables_build(&tables, v));
    int x = -1, r = -1;
    for (int t = 0; t < v->piece_count; t++) {
      if (!strcmp(v->pieces[t].letter, "X")) x = tables.value[t];
      if (!strcmp(v->pieces[t].letter, "R")) r = tables.value[t];
    }
    ck_assert_msg(x > r, "%s: X %d, R %d", riders[i], x, r);
    eval_tables_free(&tables);
    iv_done(pos, lib);
  }
}
END_TEST

/* Audit row 90 (MBN section 15): on a hexagonal board drawn on the grid the
 * letters K Q R B N P are the hexagonal pieces, in definitions and inside
 * bodies (Q=R+B is the hexagonal queen), the atom N included. Move sets by
 * hand: the vertical rook F0+vD0 on c5 of 5x9, the horizontal F0+sD0 on e3
 * of 9x5. */
START_TEST(hexagonal_boards_redefine_the_basic_letters) {
  char out[1024];
  const char *vertical[] = {"c5c1", "c5a3", "c5c3", "c5e3", "c5b4", "c5d4",
                            "c5b6", "c5d6", "c5a7", "c5c7", "c5e7", "c5c9"};
  ck_assert_int_eq(moves_from("5x9 hexagonal-vertical", "K X=R", "k4/5/5/5/2X2/5/5/5/K4 w - - 0 1",
                              "c5", out, sizeof out),
                   12);
  for (int i = 0; i < 12; i++) ck_assert_msg(has(out, vertical[i]), "%s: %s", vertical[i], out);
  const char *horizontal[] = {"e3c1", "e3g1", "e3d2", "e3f2", "e3a3", "e3c3",
                              "e3g3", "e3i3", "e3d4", "e3f4", "e3c5", "e3g5"};
  ck_assert_int_eq(moves_from("9x5 hexagonal-horizontal", "K X=R", "8k/9/4X4/9/K8 w - - 0 1", "e3",
                              out, sizeof out),
                   12);
  for (int i = 0; i < 12; i++) ck_assert_msg(has(out, horizontal[i]), "%s: %s", horizontal[i], out);
  /* The same letters on a square board keep their orthodox moves. */
  ck_assert_int_eq(
      moves_from("5x9", "K X=R", "k4/5/5/5/2X2/5/5/5/K4 w - - 0 1", "c5", out, sizeof out), 12);
  ck_assert_msg(has(out, "c5c6") && !has(out, "c5b4"), "%s", out);
  /* Q=R+B, N and the whole section 15 table against their atoms, from the
   * middle of Glinski's 11x21 (f11) with only the kings beside. */
  const char *fen = "k10/11/11/11/11/11/11/11/11/11/5X5/11/11/11/11/11/11/11/11/11/K10 w - - 0 1";
  const char *pairs[][2] = {
      {"K X=R+B", "K X=F0+vD0+vC0+sD0"}, {"K X=Q", "K X=F0+vD0+vC0+sD0"},
      {"K X=N", "K X=sC+v:1,5:+v:2,4:"}, {"K X=B", "K X=vC0+sD0"},
      {"K X=K", "K X=D+F+vC"},           {"K X=P", "K X=mfD+imefD02+cefF"},
  };
  for (int i = 0; i < 6; i++) {
    char atoms[1024];
    int n =
        moves_from_fen("11x21 hexagonal-vertical", pairs[i][0], fen, NULL, "f11", out, sizeof out);
    int m = moves_from_fen("11x21", pairs[i][1], fen, NULL, "f11", atoms, sizeof atoms);
    ck_assert_msg(n == m && !strcmp(out, atoms), "%s: %s / %s", pairs[i][0], out, atoms);
  }
  /* :1,2: is still the (1,2) leap. */
  ck_assert_int_eq(moves_from("5x9 hexagonal-vertical", "K X=:1,2:",
                              "k4/5/5/5/2X2/5/5/5/K4 w - - 0 1", "c5", out, sizeof out),
                   8);
}
END_TEST

/* What MBN section 15 leaves undefined on a hexagonal board is refused at
 * file:line:col: a count on a redefined letter, the triagonal operator,
 * castling (whose partner moves by its move there), more than one level, an
 * unknown word after the size. */
START_TEST(hexagonal_boards_refuse_what_the_text_leaves_open) {
  const char *cases[][4] = {
      {"5x9 hexagonal-vertical", "K X=R4", "royal{K}", "a count or '*' after 'R' on a hexagonal"},
      {"5x9 hexagonal-vertical", "K X=N0", "royal{K}", "a count or '*' after 'N' on a hexagonal"},
      {"5x9 hexagonal-vertical", "K X=B0*", "royal{K}", "a count or '*' after 'B' on a hexagonal"},
      {"5x9 hexagonal-vertical", "K X=<>W", "royal{K}", "triagonal operator '<>' is not defined"},
      {"5x9 hexagonal-vertical", "K R", "royal{K}=castle{R}", "castle on a vertical hexagonal"},
      {"5x9 hexagonal-horizontal", "K R O-O=[*]isR[g]=isR[f]", "royal{K}=castle{R}",
       "on a hexagonal board castling is section 15's"},
      {"5x9", "K R O-O=[*]irD02=ij{k}lD0-D", "royal{K}=castle{R}",
       "needs a board declared hexagonal-horizontal"},
      {"5x9x2 hexagonal-vertical", "K", "royal{K}", "a hexagonal board has one level"},
      {"5x9 hexagonal", "K", "royal{K}", "only 'hexagonal-vertical' or 'hexagonal-horizontal'"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[512];
    snprintf(text, sizeof text,
             "[v]\nboard = %s\nsetup = k4/5/5/5/5/5/5/5/K4 w - - 0 1\npieces = %s\nrules = %s\n",
             cases[i][0], cases[i][1], cases[i][2]);
    VariantDiagnostics diags = {0};
    VariantLibrary *lib = library_new();
    library_add_text(lib, "v.var", text, &diags);
    library_compile(lib, &diags);
    ck_assert_msg(diags.count > 0 && strstr(diags.items[0], cases[i][3]) &&
                      strstr(diags.items[0], "v.var:"),
                  "%s / %s: %s", cases[i][0], cases[i][1], diags.count ? diags.items[0] : "none");
    variant_diag_free(&diags);
    library_free(lib);
  }
}
END_TEST

/* The piece set before O-O names the partner of that castling (MBN §13:
 * "an optional piece set before first equal sign helps defining the
 * castling for the specified piece"): here a chancellor C castles short and
 * a rook long, so each castles only on its own side. A castle{..} naming
 * other partners is an error; one naming the same is not. */
static Position *castle_set_position(const char *pieces, const char *rules, const char *fen,
                                     VariantLibrary **lib, char *error, size_t size) {
  char text[1024], err[256] = "";
  snprintf(text, sizeof text, "[v]\nboard = 8x8\nsetup = %s\npieces = %s\nrules = %s\n", fen,
           pieces, rules);
  VariantDiagnostics diags = {0};
  *lib = library_new();
  library_add_text(*lib, "v.var", text, &diags);
  library_compile(*lib, &diags);
  const Variant *v = library_find(*lib, "v");
  Position *pos = v && !diags.count ? pos_new(v, err, sizeof err) : NULL;
  if (pos) ck_assert_msg(pos_set_fen(pos, fen, err, sizeof err), "%s: %s", fen, err);
  snprintf(error, size, "%s", diags.count ? diags.items[0] : err);
  variant_diag_free(&diags);
  return pos;
}

START_TEST(castling_partner_sets) {
  const char *pieces = "K R C=RN {C}O-O=[*]isR[g]=isR[f] {R}O-O-O=[*]isR[c]=isR[d]";
  const char *fens[][2] = {
      /* C short, R long: both castle */
      {"4k3/8/8/8/8/8/8/R3K2C w KQ - 0 1", "e1c1 e1g1"},
      /* C long, R short: neither is its side's partner */
      {"4k3/8/8/8/8/8/8/C3K2R w KQ - 0 1", ""},
      /* rooks on both sides: only the long one */
      {"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"},
  };
  for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
    VariantLibrary *lib;
    char error[256], moves[2048], castles[64] = "";
    Position *pos =
        castle_set_position(pieces, "royal{K}=castle", fens[i][0], &lib, error, sizeof error);
    ck_assert_msg(pos != NULL, "%s", error);
    iv_legal_texts(pos, moves, sizeof moves);
    for (char *m = strtok(moves, " "); m; m = strtok(NULL, " "))
      if (!strcmp(m, "e1c1") || !strcmp(m, "e1g1"))
        snprintf(castles + strlen(castles), sizeof castles - strlen(castles), "%s%s",
                 castles[0] ? " " : "", m);
    ck_assert_msg(!strcmp(castles, fens[i][1]), "%s: castles '%s', expected '%s'", fens[i][0],
                  castles, fens[i][1]);
    if (i == 0) iv_make_check(pos, "e1g1", "4k3/8/8/8/8/8/8/R4CK1 b - - 1 1");
    iv_done(pos, lib);
  }
  /* castle{..} may repeat the sets, not contradict them */
  VariantLibrary *lib;
  char error[256];
  Position *pos = castle_set_position("K R C=RN {R}O-O=[*]isR[g]=isR[f]", "royal{K}=castle{R}",
                                      fens[2][0], &lib, error, sizeof error);
  ck_assert_msg(pos != NULL, "%s", error);
  iv_done(pos, lib);
  pos = castle_set_position(pieces, "royal{K}=castle{R}", fens[0][0], &lib, error, sizeof error);
  ck_assert_msg(pos == NULL && strstr(error, "castle{..} names other partners than the pieces "
                                             "line's short castling"),
                "%s", error);
  library_free(lib);
  pos = castle_set_position("K R {X}O-O=[*]isR[g]=isR[f]", "royal{K}=castle", fens[2][0], &lib,
                            error, sizeof error);
  ck_assert_msg(pos == NULL && strstr(error, "castling partner set names 'X'"), "%s", error);
  library_free(lib);
}
END_TEST

/* MBN §13's vertical castling O-O-O-O: along the royal's file with a partner
 * ahead on it, whose right a promotion to a partner type on that file gives
 * ("the square of the associate will become the castle right with promotion
 * to a Rook"). The right is the royal's file letter in the FEN (E / e);
 * the move is written king-takes-partner (e1e8), which no other move can
 * be, and the king's destination (e1e3) is read too. Moves counted by hand. */
START_TEST(vertical_castling) {
  const char *pieces = "K R P +P==R O-O-O-O=[*]ifR[3]=ibR[2]";
  VariantLibrary *lib;
  char error[256], moves[2048];
  Position *pos = castle_set_position(pieces, "royal{K}=castle{R}",
                                      "4R3/8/k7/8/8/8/8/4K3 w E - 0 1", &lib, error, sizeof error);
  Undo undo[2];
  ck_assert_msg(pos != NULL, "%s", error);
  /* king 5, rook 13 (e7-e2, a8-d8, f8-h8), castling 1 */
  ck_assert_uint_eq(perft(pos, 1), 19);
  iv_make_check(pos, "e1e8", "8/8/k7/8/8/4K3/4R3/8 b - - 1 1");
  ck_assert_msg(move_from_text(pos, "e1e3", NULL, 0) == move_from_text(pos, "e1e8", NULL, 0),
                "the king's destination names the castling too");
  /* the partner moves: no right, the king still unmoved (E) */
  pos_make_move(pos, iv_make_check(pos, "e8d8", "3R4/8/k7/8/8/8/8/4K3 b E - 1 1"), &undo[0]);
  pos_make_move(pos, iv_make_check(pos, "a6a5", "3R4/8/8/k7/8/8/8/4K3 w E - 2 2"), &undo[1]);
  /* back on e8 it has moved: no right, and the FEN leaves the king's letter out */
  iv_make_check(pos, "d8e8", "4R3/8/8/k7/8/8/8/4K3 b - - 3 2");
  static const char *const blocked[] = {
      "4R3/8/k7/4p3/8/8/8/4K3 w E - 0 1", /* a piece between */
      "4R3/8/k7/8/8/4p3/8/4K3 w E - 0 1", /* on the royal's destination */
      "4R3/8/k7/8/8/8/7r/4K3 w E - 0 1",  /* e2 attacked: the royal passes it */
      "4R3/8/k7/8/8/7r/8/4K3 w E - 0 1",  /* e3 attacked: it ends there */
      "4R3/8/k7/8/8/8/8/4K2r w E - 0 1",  /* in check */
      "4R3/8/k7/8/8/8/8/4K3 w - - 0 1",   /* no right */
  };
  for (size_t i = 0; i < sizeof blocked / sizeof blocked[0]; i++) {
    ck_assert_msg(pos_set_fen(pos, blocked[i], error, sizeof error), "%s", error);
    iv_legal_texts(pos, moves, sizeof moves);
    ck_assert_msg(!strstr(moves, "e1e8") && !strstr(moves, "e1e3"), "%s: %s", blocked[i], moves);
  }
  /* the promotion on the king's file grants the right, on another file not */
  ck_assert_msg(pos_set_fen(pos, "8/3P4/k7/8/8/8/8/4K3 w E - 0 1", error, sizeof error), "%s",
                error);
  iv_make_check(pos, "d7d8r", "3R4/8/k7/8/8/8/8/4K3 b E - 0 1"); /* E: the king is unmoved */
  ck_assert_msg(pos_set_fen(pos, "8/4P3/k7/8/8/8/8/4K3 w - - 0 1", error, sizeof error), "%s",
                error);
  iv_make_check(pos, "e7e8r", "4R3/8/k7/8/8/8/8/4K3 b - - 0 1"); /* a king that has moved */
  ck_assert_msg(pos_set_fen(pos, "8/4P3/k7/8/8/8/8/4K3 w E - 0 1", error, sizeof error), "%s",
                error);
  pos_make_move(pos, iv_make_check(pos, "e7e8r", "4R3/8/k7/8/8/8/8/4K3 b E - 0 1"), &undo[0]);
  pos_make_move(pos, iv_make_check(pos, "a6a5", "4R3/8/8/k7/8/8/8/4K3 w E - 1 2"), &undo[1]);
  iv_make_check(pos, "e1e8", "8/8/8/k7/8/4K3/4R3/8 b - - 2 2");
  /* Black's ranks are mirrored: the king to e6, the partner to e7 */
  ck_assert_msg(pos_set_fen(pos, "4k3/8/8/8/8/K7/8/4r3 b e - 0 1", error, sizeof error), "%s",
                error);
  iv_make_check(pos, "e8e1", "8/4r3/4k3/8/8/K7/8/8 w - - 1 2");
  iv_done(pos, lib);
  static const char *const refused[][2] = {
      {"K R O-O-O-O", "vertical castling O-O-O-O has no default"},
      {"K R O-O-O-O=[*]ifR[c]=ibR[2]", "names no destination rank"},
      {"K R O-O-O-O=[*]ifR[9]=ibR[2]", "castling destination rank is off the board"},
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
    expect_load_refused("8x8", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", refused[i][0], "royal{K}=castle",
                        refused[i][1]);
  expect_load_refused("8x8", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "K R O-O-O-O=[*]ifR[3]=ibR[2]",
                      "royal{K}",
                      "defines vertical castling (O-O-O-O) but the royal rule has no castle");
  /* the same from FBR's default royal rule (no R, so no castle): at the rules line */
  expect_load_refused("8x8", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "K Q O-O-O-O=[*]ifR[3]=ibR[2]",
                      "stalemate=loss", "rule 'royal{K} (the default)': the pieces line defines");
}
END_TEST

/* MBN §15's castling on a horizontal hexagonal board (De Vasa's), the
 * default there: O-O=[*]irD02=ij{k}lD0-D O-O-O=[*]ilD03=ij{k}rD0-D. A cell
 * is two files wide, the holes between are no squares: the royal goes two
 * cells right or three left, the partner slides onto it and one cell on
 * (decision 52). Moves counted by hand on a board of 15 files (cells on
 * a c e ... o of rank 1). */
START_TEST(hexagonal_castling) {
  const char *empty = "1*1*1*1*k*1*1*1/*1*1*1*1*1*1*1*/1*1*1*1*1*1*1*1/*1*1*1*1*1*1*1*/";
  char setup[160], error[256], moves[2048];
  snprintf(setup, sizeof setup, "%sR*1*1*1*K*1*1*R w KQ - 0 1", empty);
  VariantLibrary *lib;
  Position *pos = iv_position_ruled("15x5 hexagonal-horizontal", "K R", "royal{K}=castle{R}", setup,
                                    NULL, &lib, error, sizeof error);
  ck_assert_msg(pos != NULL, "%s", error);
  /* rook a1 7 (c1 e1 g1, b2-e5), king 6 (g1 k1 f2 h2 j2 l2; i3 faces the
   * king), rook o1 6 (m1 k1, n2-k5), two castlings */
  ck_assert_uint_eq(perft(pos, 1), 21);
  iv_make_check(pos, "i1m1",
                "1*1*1*1*k*1*1*1/*1*1*1*1*1*1*1*/1*1*1*1*1*1*1*1/*1*1*1*1*1*1*1*/"
                "R*1*1*1*1*R*K*1 b - - 1 1");
  iv_make_check(pos, "i1c1",
                "1*1*1*1*k*1*1*1/*1*1*1*1*1*1*1*/1*1*1*1*1*1*1*1/*1*1*1*1*1*1*1*/"
                "1*K*R*1*1*1*1*R b - - 1 1");
  static const char *const blocked[][2] = {
      {"R*1*1*1*K*N*1*R w KQ - 0 1", "i1m1"}, /* a piece on the partner's cell */
      {"R*1*N*1*K*1*1*R w KQ - 0 1", "i1c1"}, /* a piece the royal would pass */
      {"R*1*1*1*K*1*1*R w Q - 0 1", "i1m1"},  /* no right */
  };
  iv_done(pos, lib);
  for (size_t i = 0; i < sizeof blocked / sizeof blocked[0]; i++) {
    snprintf(setup, sizeof setup, "%s%s", empty, blocked[i][0]);
    pos = iv_position_ruled("15x5 hexagonal-horizontal", "K R N", "royal{K}=castle{R}", setup, NULL,
                            &lib, error, sizeof error);
    ck_assert_msg(pos != NULL, "%s", error);
    iv_legal_texts(pos, moves, sizeof moves);
    ck_assert_msg(!strstr(moves, blocked[i][1]), "%s: %s", blocked[i][0], moves);
    iv_done(pos, lib);
  }
  /* the royal may not pass an attacked cell: a rook on k5 attacks g1 (its
   * diagonal j4 i3 h2 g1), not k1 or m1 */
  pos = iv_position_ruled("15x5 hexagonal-horizontal", "K R", "royal{K}=castle{R}",
                          "1*1*1*1*k*r*1*1/*1*1*1*1*1*1*1*/1*1*1*1*1*1*1*1/*1*1*1*1*1*1*1*/"
                          "R*1*1*1*K*1*1*R w KQ - 0 1",
                          NULL, &lib, error, sizeof error);
  ck_assert_msg(pos != NULL, "%s", error);
  iv_legal_texts(pos, moves, sizeof moves);
  ck_assert_msg(strstr(moves, "i1m1") && !strstr(moves, "i1c1"), "%s", moves);
  iv_done(pos, lib);
  /* on a vertical board FBR's default royal rule does not castle: it loads */
  pos = iv_position_ruled("5x9 hexagonal-vertical", "K R", "stalemate=draw",
                          "k4/5/5/5/5/5/5/5/K3R w - - 0 1", NULL, &lib, error, sizeof error);
  ck_assert_msg(pos != NULL, "%s", error);
  ck_assert(!pos->variant->rules.castling.enabled);
  iv_done(pos, lib);
  /* written out, one cell short; Black's castles the same way on its rank.
   * One cell is a king's step, so that castling is written king-takes-partner */
  pos = iv_position_ruled("15x5 hexagonal-horizontal", "K R O-O=[*]irD01=ij{k}lD0-D",
                          "royal{K}=castle{R}",
                          "r*1*1*1*k*1*1*r/*1*1*1*1*1*1*1*/1*1*1*1*1*1*1*1/*1*1*1*1*1*1*1*/"
                          "1*1*1*1*K*1*1*1 b kq - 0 1",
                          NULL, &lib, error, sizeof error);
  ck_assert_msg(pos != NULL, "%s", error);
  iv_make_check(pos, "i5o5",
                "r*1*1*1*r*k*1*1/*1*1*1*1*1*1*1*/1*1*1*1*1*1*1*1/*1*1*1*1*1*1*1*/"
                "1*1*1*1*K*1*1*1 w - - 1 2");
  iv_make_check(pos, "i5c5",
                "1*k*r*1*1*1*1*r/*1*1*1*1*1*1*1*/1*1*1*1*1*1*1*1/*1*1*1*1*1*1*1*/"
                "1*1*1*1*K*1*1*1 w - - 1 2");
  iv_done(pos, lib);
}
END_TEST

/* MBN §13's indirect associate, Slide Shuffle's O-O=[*]irR=ip{k}lD
 * O-O-O=[*]ilR=ip{k}rD: the royal slides toward the partner and stops next
 * to it, the partner hops over it ("The associate is the piece which can hop
 * as a Dabbaba over the king in opposite direction as the King has moved").
 * Moves counted by hand. */
START_TEST(indirect_castling) {
  const char *pieces = "K R O-O=[*]irR=ip{k}lD O-O-O=[*]ilR=ip{k}rD";
  VariantLibrary *lib;
  char error[256], moves[2048];
  Position *pos =
      castle_set_position(pieces, "royal{K}=castle{R}", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                          &lib, error, sizeof error);
  ck_assert_msg(pos != NULL, "%s", error);
  /* rooks 10 and 9, king 5, castling 2 */
  ck_assert_uint_eq(perft(pos, 1), 26);
  iv_make_check(pos, "e1g1", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  iv_make_check(pos, "e1b1", "r3k2r/8/8/8/8/8/8/1KR4R b kq - 1 1"); /* next to a1, not c1 */
  /* rooks on b1 and g1: the king stops on f1 (written e1g1: f1 is a step
   * away) and on c1, the rooks hop to e1 and d1 */
  ck_assert_msg(pos_set_fen(pos, "r3k2r/8/8/8/8/8/8/1R2K1R1 w GBkq - 0 1", error, sizeof error),
                "%s", error);
  iv_make_check(pos, "e1g1", "r3k2r/8/8/8/8/8/8/1R2RK2 b kq - 1 1");
  iv_make_check(pos, "e1c1", "r3k2r/8/8/8/8/8/8/2KR2R1 b kq - 1 1");
  /* Black's, mirrored */
  ck_assert_msg(pos_set_fen(pos, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", error, sizeof error), "%s",
                error);
  iv_make_check(pos, "e8b8", "1kr4r/8/8/8/8/8/8/R3K2R w KQ - 1 2");
  /* a partner next to the royal: the royal cannot slide, no castling */
  ck_assert_msg(pos_set_fen(pos, "4k3/8/8/8/8/8/8/4KR2 w F - 0 1", error, sizeof error), "%s",
                error);
  iv_legal_texts(pos, moves, sizeof moves);
  ck_assert_str_eq(moves, "e1d1 e1d2 e1e2 e1f2 f1f2 f1f3 f1f4 f1f5 f1f6 f1f7 f1f8 f1g1 f1h1");
  iv_done(pos, lib);
}
END_TEST

/* A side-mover 'P (MBN §2) moves as P turned a quarter clockwise: forward
 * is to the right, its double step is from files a and b (P's [1-2] turned),
 * it captures right-up and right-down, and it promotes on the last file to
 * what P promotes to. Black's is White's mirrored, as every piece: it moves
 * right too. The letter is 'P in FENs. */
START_TEST(side_movers_turn_a_quarter) {
  const char *pieces = "K Q R B N P 'P";
  const char *cases[][2] = {
      {"4k3/8/8/8/8/8/'P7/4K3 w - - 0 1", "a2b2 a2c2"},
      {"4k3/8/8/8/8/1n6/'P7/1n2K3 w - - 0 1", "a2b1 a2b2 a2b3 a2c2"},
      {"4k3/8/8/8/8/8/3'P4/4K3 w - - 0 1", "d2e2"},
      {"4k3/8/8/8/8/8/6'P1/4K3 w - - 0 1", "g2h2b g2h2n g2h2q g2h2r"},
      {"4k3/8/8/8/8/8/'p7/4K3 b - - 0 1", "a2b2 a2c2"},
      {"4k3/8/8/8/8/8/6'p1/4K3 b - - 0 1", "g2h2b g2h2n g2h2q g2h2r"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    VariantLibrary *lib;
    Position *pos = iv_position_ok(pieces, cases[i][0], &lib);
    char moves[2048], mine[512] = "";
    iv_legal_texts(pos, moves, sizeof moves);
    for (char *m = strtok(moves, " "); m; m = strtok(NULL, " "))
      if (m[0] != 'e') /* not the kings' */
        snprintf(mine + strlen(mine), sizeof mine - strlen(mine), "%s%s", mine[0] ? " " : "", m);
    ck_assert_msg(!strcmp(mine, cases[i][1]), "%s: '%s', expected '%s'", cases[i][0], mine,
                  cases[i][1]);
    if (i == 0) iv_make_check(pos, "a2c2", "4k3/8/8/8/8/8/2'P5/4K3 b - b2c2 1 1");
    if (i == 3) iv_make_check(pos, "g2h2q", "4k3/8/8/8/8/8/7Q/4K3 b - - 0 1");
    iv_done(pos, lib);
  }
  /* a body of its own turns too: 'X=fR goes right */
  VariantLibrary *lib;
  Position *pos = iv_position_ok("K 'X=fR", "4k3/8/8/8/3'X4/8/8/4K3 w - - 0 1", &lib);
  char moves[2048];
  iv_legal_texts(pos, moves, sizeof moves);
  ck_assert_msg(strstr(moves, "d4e4 d4f4 d4g4 d4h4") && !strstr(moves, "d4d5"), "%s", moves);
  iv_done(pos, lib);
  /* a range turns only on a square board; another prefix is refused */
  const char *refused[][3] = {
      {"10x8", "K P 'P", "needs a square board"},
      {"8x8", "K P '+P", "a side-mover with another prefix"},
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
    expect_load_refused(refused[i][0], "4k3/8/8/8/8/8/8/4K3 w - - 0 1", refused[i][1], "royal{K}",
                        refused[i][2]);
}
END_TEST

/* Promotion to the other colour (MBN §2, +Q==q): the piece becomes the other
 * side's. A move whose new piece would check the mover's own royal is
 * illegal; its text is the usual one; a rule for both colours of one type,
 * a royal target and a rule for Black alone are refused by name. */
START_TEST(promotion_to_the_other_colour) {
  const char *pieces = "K Q R B N P +P==qR";
  VariantLibrary *lib;
  Position *pos = iv_position_ok(pieces, "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", &lib);
  char moves[2048];
  iv_legal_texts(pos, moves, sizeof moves);
  ck_assert_msg(strstr(moves, "b7b8q b7b8r"), "%s", moves);
  iv_make_check(pos, "b7b8q", "1q2k3/8/8/8/8/8/6p1/4K3 b - - 0 1");
  iv_make_check(pos, "b7b8r", "1R2k3/8/8/8/8/8/6p1/4K3 b - - 0 1");
  iv_done(pos, lib);
  /* Black's pawn becomes a white queen; on f1 it would check nothing of
   * Black's, on g1 it stands beside White's king */
  pos = iv_position_ok(pieces, "4k3/8/8/8/8/8/6p1/4K3 b - - 0 1", &lib);
  iv_make_check(pos, "g2g1q", "4k3/8/8/8/8/8/8/4K1Q1 w - - 0 2");
  iv_done(pos, lib);
  /* the new enemy queen on e7 would check White's king on e1: illegal */
  pos = iv_position_ok("K Q R B N P +P==q", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1", &lib);
  iv_legal_texts(pos, moves, sizeof moves);
  ck_assert_msg(!strstr(moves, "e7e8q"), "%s", moves);
  iv_done(pos, lib);
  pos = iv_position_ok("K Q R B N P +P==q", "k7/3P4/8/8/8/8/8/4K3 w - - 0 1", &lib);
  iv_legal_texts(pos, moves, sizeof moves);
  ck_assert_msg(strstr(moves, "d7d8q"), "%s", moves);
  iv_done(pos, lib);
  const char *refused[][2] = {
      {"K Q R B N P +P==Qq", "the two moves would have the same text"},
      {"K Q R B N P +P==k", "promotion to the other colour to a royal piece"},
      {"K Q R B N P +p==q", "in a rule for Black alone"},
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
    expect_load_refused("8x8", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", refused[i][0], "royal{K}",
                        refused[i][1]);
}
END_TEST

/* Suffixes (MBN §3, §16): R<a> and R<b> are pieces of their own in the R
 * group, R<a> alone moving as the group's R=W0 and R<b> as its own body;
 * FENs name them with the suffix. A macro's name may carry one too, and a
 * suffixed letter inside a move names a macro or nothing. */
START_TEST(suffixes_name_pieces_and_macros) {
  VariantLibrary *lib;
  Position *pos =
      iv_position_ok("K R=W0 R<a> R<b>=fW", "4k3/8/8/8/8/8/8/R<a>3K2R<b> w - - 0 1", &lib);
  char moves[2048];
  iv_legal_texts(pos, moves, sizeof moves);
  ck_assert_str_eq(moves, "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1d1 e1d2 e1e2 "
                          "e1f1 e1f2 h1h2");
  iv_make_check(pos, "h1h2", "4k3/8/8/8/8/8/7R<B>/R<A>3K3 b - - 1 1");
  char err[256], fen[256];
  ck_assert_msg(pos_set_fen(pos, "r<b>3k3/8/8/8/8/8/8/R<A>3K3 b - - 0 1", err, sizeof err), "%s",
                err);
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, "r<b>3k3/8/8/8/8/8/8/R<A>3K3 b - - 0 1");
  iv_legal_texts(pos, moves, sizeof moves);
  ck_assert_msg(strstr(moves, "a8a7") && !strstr(moves, "a8b8"), "%s", moves); /* fW, Black's */
  iv_done(pos, lib);
  pos = iv_position_ok("K @Y<a>=fN X=Y<a>+W", "4k3/8/8/8/3X4/8/8/4K3 w - - 0 1", &lib);
  iv_legal_texts(pos, moves, sizeof moves);
  ck_assert_msg(strstr(moves, "d4c4 d4c6 d4d3 d4d5 d4e4 d4e6 e1"), "%s", moves);
  iv_done(pos, lib);
  const char *refused[][2] = {
      {"K X=W<a>", "'W<A>' is not a macro"},
      {"K @:XX:<ab>=W X=:XX:<ab>", "is longer than 7 characters"},
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
    expect_load_refused("8x8", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", refused[i][0], "royal{K}",
                        refused[i][1]);
}
END_TEST

/* Each {pieces, rules, message} is refused when loaded on 8x8 with the two kings. */
static void expect_all_refused(const char *const (*refused)[3], size_t count) {
  for (size_t i = 0; i < count; i++)
    expect_load_refused("8x8", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", refused[i][0], refused[i][1],
                        refused[i][2]);
}

/* The prefixes # $ % & (MBN §2, "Q #Q ... the default definition is #Q=Q"):
 * pieces of their own that move as the letter's definition or the basic
 * piece unless given a body; FENs name them with the prefix. Promotion
 * rules of two prefixes and the '*' prefix (a FEN's hole) are refused by
 * name. */
START_TEST(prefixed_pieces_are_pieces_of_their_own) {
  VariantLibrary *lib;
  Position *pos =
      iv_position_ok("K Q #Q R=W $R %N=fW", "4k3/8/8/8/8/8/3%N4/#Q3K2$R w - - 0 1", &lib);
  char moves[2048];
  iv_legal_texts(pos, moves, sizeof moves);
  ck_assert_str_eq(moves,
                   "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b2 a1c1 a1c3 a1d1 a1d4 a1e5 a1f6 "
                   "a1g7 a1h8 d2d3 e1d1 e1e2 e1f1 e1f2 h1g1 h1h2");
  iv_make_check(pos, "h1h2", "4k3/8/8/8/8/8/3%N3$R/#Q3K3 b - - 1 1");
  char err[256], fen[256];
  ck_assert_msg(pos_set_fen(pos, "#q3k3/8/8/8/8/8/8/4K2$R b - - 0 1", err, sizeof err), "%s", err);
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, "#q3k3/8/8/8/8/8/8/4K2$R b - - 0 1");
  iv_done(pos, lib);
  static const char *const refused[][3] = {
      {"K Q *Q", "royal{K}", "piece prefix '*' is not supported on a piece: a '*' in a FEN"},
      {"K Q #Q #Q==Q +Q==R", "royal{K}", "promotion rules of two prefixes ('#' and '+')"},
      {"K Q #Q", "royal{K} promotion#=enter{Q}", "promotion# names the '#' prefix, but the"},
  };
  expect_all_refused(refused, sizeof refused / sizeof refused[0]);
}
END_TEST

/* MBN §5's drop rule, the text's example: "$K==@k@K@w@S: Black has to drop
 * his King, then White has to drop his King, then Black has to drop a
 * Winding General (W), and at least White has to drop the Storm General
 * (S)" (decision 48). On an empty 4x4 board, counted by hand: Black's king
 * may go to any of the 16 squares; White's king to any other square the
 * black king does not attack (corners 4 x 12, edges 8 x 10, centre 4 x 7 =
 * 156); Black's wazir to any of the 14 left (2184). Nothing else moves
 * before its side's drops are made. */
START_TEST(drop_rules_open_the_game) {
  const char *pieces = "K W=W S=F $K==@k@K@w@S";
  VariantLibrary *lib;
  char err[256];
  Position *pos = iv_position_ruled("4x4", pieces, "royal{K}", "4/4/4/4[KSkw] b - - 0 1", NULL,
                                    &lib, err, sizeof err);
  ck_assert_msg(pos != NULL, "%s", err);
  ck_assert_uint_eq(perft(pos, 1), 16);
  ck_assert_uint_eq(perft(pos, 2), 156);
  ck_assert_uint_eq(perft(pos, 3), 2184);
  char moves[2048];
  iv_legal_texts(pos, moves, sizeof moves);
  ck_assert_msg(!strncmp(moves, "K@a1 K@a2 ", 10) && !strstr(moves, "W@"), "%s", moves);
  Undo undo[4];
  const char *const opening[][2] = {{"K@a1", "4/4/4/k3[KSw] w - - 0 2"},
                                    {"K@d4", "3K/4/4/k3[Sw] b - - 0 2"},
                                    {"W@b1", "3K/4/4/kw2[S] w - - 0 3"},
                                    {"S@c3", "3K/2S1/4/kw2[] b - - 0 3"}};
  for (int i = 0; i < 4; i++) {
    iv_legal_texts(pos, moves, sizeof moves);
    if (i == 1) /* White's king first, though S is in hand */
      ck_assert_msg(!strstr(moves, "S@") && strstr(moves, "K@d4"), "%s", moves);
    if (i == 3) /* White's S, on each of the 13 empty squares */
      ck_assert_msg(!strncmp(moves, "S@a2 S@a3 ", 10) && !strstr(moves, "K@"), "%s", moves);
    pos_make_move(pos, iv_make_check(pos, opening[i][0], opening[i][1]), &undo[i]);
  }
  iv_legal_texts(pos, moves, sizeof moves); /* the drops are made: the pieces move */
  ck_assert_str_eq(moves, "a1a2 b1b2 b1c1");
  /* White in check from the wazir, and no drop of S can parry it: the king
   * moves instead (as compulsory drops do), and S waits in the hand. */
  ck_assert_msg(pos_set_fen(pos, "3k/4/1w2/1K2[S] w - - 0 1", err, sizeof err), "%s", err);
  iv_legal_texts(pos, moves, sizeof moves);
  ck_assert_str_eq(moves, "b1a1 b1b2 b1c1");
  iv_done(pos, lib);
  static const char *const refused[][3] = {
      {"K W S $K==@k@K@w@S", "royal{K}",
       "the drop rule drops 1 'w' but the holdings '[Kk]' hold 0"},
      {"K W S $K==@k@w@K", "royal{K}", "is a second drop by Black in a row"},
      {"K $K==@k@:ZZ:", "royal{K}", "the drop rule drops ':ZZ:', which is not a piece"},
      {"K $K==@k $Q==@K", "royal{K}", "a second drop rule"},
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
    expect_load_refused("4x4", "4/4/4/4[Kk] b - - 0 1", refused[i][0], refused[i][1],
                        refused[i][2]);
  expect_load_refused("4x4", "4/4/4/4[Kk] w - - 0 1", "K $K==@k@K", "royal{K}",
                      "the drop rule's first drop is Black's, so Black moves first");
  expect_load_refused("4x4", "3K/4/4/k3 b - - 0 1", "K $K==@k@K", "royal{K}",
                      "the drop rule drops 1 'k' but the setup has no holdings");
}
END_TEST

/* The position of a variant with its own FBR rules, set up at fen. */
static Position *position_with_rules(const char *pieces, const char *rules, const char *fen,
                                     VariantLibrary **lib) {
  char err[256];
  Position *pos = iv_position_ruled("8x8", pieces, rules, fen, NULL, lib, err, sizeof err);
  ck_assert_msg(pos != NULL, "%s: %s", pieces, err);
  return pos;
}

/* MBN §14's explosion, the basic piece X ((!dcy{^P}OK)0*) after a capture
 * (Q=mQ+(cQ--X), decision 51): the capturer stands back on the capture
 * square and every piece of the set there and next to it goes, of either
 * colour; {^P} spares pawns, the capturing pawn too (the text's O step
 * captures the piece itself only if the set allows). Positions by hand;
 * with every type blown up, perft matches Fairy-Stockfish's
 * allexplodeatomic (tests/data/oracle/perft.tsv). */
START_TEST(explosions) {
  const char *pieces = "K=mK+(cK--X) Q=mQ+(cQ--X) N=mN+(cN--X) P=mfW+(cefF--X)+[1-2]mefW02";
  VariantLibrary *lib;
  char moves[2048];
  Position *pos =
      position_with_rules(pieces, "royal{K}", "4k3/8/2p1n3/3n4/2P1N3/8/8/3QK3 w - - 0 1", &lib);
  /* the queen, both knights and the captured knight go; both pawns stay */
  iv_make_check(pos, "d1d5", "4k3/8/2p5/8/2P5/8/8/4K3 b - - 0 1");
  /* a capturing pawn stays: {^P} */
  char error[256];
  ck_assert_msg(pos_set_fen(pos, "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", error, sizeof error), "%s",
                error);
  iv_make_check(pos, "e4d5", "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1");
  /* en passant explodes where the capturer lands */
  ck_assert_msg(pos_set_fen(pos, "4k3/8/4n3/3pP3/8/8/8/4K3 w - d6 0 1", error, sizeof error), "%s",
                error);
  iv_make_check(pos, "e5d6", "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
  /* a king's capture blows up the king itself: not legal */
  ck_assert_msg(pos_set_fen(pos, "4k3/8/8/8/8/8/4n3/4K3 w - - 0 1", error, sizeof error), "%s",
                error);
  iv_legal_texts(pos, moves, sizeof moves);
  ck_assert_str_eq(moves, "e1d1 e1d2 e1f1 e1f2");
  /* blowing up the enemy king: legal, and the game is over */
  ck_assert_msg(pos_set_fen(pos, "4k3/4n3/8/8/8/8/8/4Q2K w - - 0 1", error, sizeof error), "%s",
                error);
  iv_make_check(pos, "e1e7", "8/8/8/8/8/8/8/7K b - - 0 1");
  iv_done(pos, lib);

  /* every type blown up, the capturer included: Fairy-Stockfish's
   * allexplodeatomic (kings not royal, losing the king loses) */
  static const struct {
    const char *fen;
    uint64_t nodes;
  } oracle[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 8902},
      {"rn1qkb2/1p1b4/p7/2pppp2/4PPP1/P2B4/1PPP3P/RNBQK2R w KQq - 1 9", 22306},
      {"rnbqkb1r/2pppppp/p4n2/1p6/1P4P1/2N1P3/P1PP1P1P/R1BQKBNR b KQkq b3b4 0 4", 14173},
  };
  const char *all = "@X=(!dcyOK)** K=mK+(cK--X) Q=mQ+(cQ--X) R=mR+(cR--X) B=mB+(cB--X) "
                    "N=mN+(cN--X) P=mfW+(cefF--X)+[1-2]mefW02 +P==QRBN";
  for (size_t i = 0; i < sizeof oracle / sizeof oracle[0]; i++) {
    pos = position_with_rules(all, "royal{}=castle{R} pieces{K}=extinction", oracle[i].fen, &lib);
    ck_assert_uint_eq(perft(pos, 3), oracle[i].nodes);
    iv_done(pos, lib);
  }

  static const char *const refused[][3] = {
      {"K=mK+(cK--X) Q=Q--X", "royal{K}", "may not capture"},
      {"K=mK+(cK--X) Q=Q", "royal{K}", "Q captures without the explosion"},
      {"K=mK+(cK--X) Q=mQ+(cQ--X)", "royal{K} atomic", "both make captures explode"},
      {"@X=(!dcy{^PK}OK)0* K=mK+(cK--X) Q=mQ+(cQ--X) P=mfW", "royal{K}", "spares a royal"},
      {"K=mK+(cK--X) Q=mQ+(cQ--(!dcyOK)0*) P=mfW", "royal{K}", "a second explosion"},
      {"K=mK+(cK--(!dcy{!P}OK)0*) P=mfW", "royal{K}", "may not name colours"},
      {"K=mK+(cK--X-W)", "royal{K}", "an explosion ends a move"},
      {"K Q=Q+X", "royal{K}", "played only after a capture"},
      {"K Q=(!dcyOK)**", "royal{K}", "read only in the text's explosion"},
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
    expect_load_refused("8x8", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", refused[i][0], refused[i][1],
                        refused[i][2]);
}
END_TEST

/* Promotion rules of another prefix (decision 44): the board plays one
 * promotion level, named by the MBN text's rules. MBN §2's Alice example
 * (promotion#[1-8]=move, #Q, ##Q): every move of Q makes it #Q, every move
 * of #Q makes it Q again, and each captures only its own board's pieces;
 * *NB==Q promotes two pieces by the '*' rule; ++Q takes +Q back to Q. */
START_TEST(promotion_rules_of_other_prefixes) {
  const char *alice = "K R Q=mQ+c{QR}Q #R #Q=mQ+c{#Q#R}Q ##Q ##R";
  VariantLibrary *lib;
  Position *pos = position_with_rules(alice, "royal{K} promotion#[1-8]=move",
                                      "4k3/8/8/#r7/3r4/8/8/Q3K3 w - - 0 1", &lib);
  char moves[2048];
  iv_legal_texts(pos, moves, sizeof moves);
  /* a5's #r blocks the file and cannot be taken; d4's r can; d1 and d2 are attacked */
  ck_assert_str_eq(moves, "a1a2#q a1a3#q a1a4#q a1b1#q a1b2#q a1c1#q a1c3#q a1d1#q a1d4#q e1e2 "
                          "e1f1 e1f2");
  iv_make_check(pos, "a1d4#q", "4k3/8/8/#r7/3#Q4/8/8/4K3 b - - 0 1");
  char err[256];
  Move m = move_from_text(pos, "a1d4#q", err, sizeof err);
  Undo undo;
  pos_make_move(pos, m, &undo);
  /* the black #r moves back to the other board: a5a4 demotes it ("-") */
  iv_make_check(pos, "a5a4-", "4k3/8/8/8/r2#Q4/8/8/4K3 w - - 1 2");
  ck_assert_int_eq(iv_moves_from(pos, "a5", moves, sizeof moves), 14); /* each demotes */
  ck_assert_msg(strstr(moves, "a5d5-") && strstr(moves, "a5a1-") && !strstr(moves, "a5a4 "), "%s",
                moves);
  /* #Q takes the #r (its board), never an r */
  pos_unmake_move(pos, &undo);
  ck_assert(pos_set_fen(pos, "4k3/8/8/#r2r4/3#Q4/8/8/4K3 w - - 0 1", err, sizeof err));
  iv_moves_from(pos, "d4", moves, sizeof moves);
  ck_assert_msg(strstr(moves, "d4a4-") && !strstr(moves, "d4d5"), "%s", moves);
  ck_assert(pos_set_fen(pos, "4k3/r7/8/3#r4/3#Q4/8/8/4K3 w - - 0 1", err, sizeof err));
  iv_moves_from(pos, "d4", moves, sizeof moves);
  ck_assert_msg(strstr(moves, "d4d5-") && strstr(moves, "d4b6-") && !strstr(moves, "d4a7"), "%s",
                moves);
  iv_done(pos, lib);

  /* *NB==Q: the '*' rule for two pieces, on the last rank (FBR's default zone) */
  pos =
      position_with_rules("K Q N B *NB==Q", "royal{K}", "4k3/1N4B1/8/8/8/8/8/4K3 w - - 0 1", &lib);
  iv_moves_from(pos, "b7", moves, sizeof moves);
  ck_assert_str_eq(moves, "b7a5 b7c5 b7d6 b7d8q ");
  iv_moves_from(pos, "g7", moves, sizeof moves);
  ck_assert_msg(strstr(moves, "g7f8q") && strstr(moves, "g7h8q") && !strstr(moves, "g7h8 "), "%s",
                moves);
  iv_done(pos, lib);

  /* ++Q: the promoted +Q back to Q by the same ('+') rule */
  pos = position_with_rules("K Q +Q=W ++Q", "royal{K}", "4k3/Q+Q6/8/8/8/8/8/4K3 w - - 0 1", &lib);
  iv_make_check(pos, "a7a8+", "+Q3k3/1+Q6/8/8/8/8/8/4K3 b - - 1 1");
  iv_moves_from(pos, "b7", moves, sizeof moves);
  ck_assert_str_eq(moves, "b7b6 b7c7 b7b8- "); /* a7 is the Q's */
  iv_done(pos, lib);
}
END_TEST

/* Reflected board identifiers and promoted pieces defined per board (MBN §8:
 * "S<*>=mfW+<<+1>>mfW +S<<5>>=T ... At last rank on highest level 5 it will
 * promote ... This definition works for White and Black"): S promotes only
 * on the levels of +S's boards, White's 5 and Black's 1; +S moves on those
 * boards only; S<<1>>=W is White's level 1 and Black's level 5. */
START_TEST(promotion_on_the_boards_of_the_promoted_form) {
  const char *pieces = "K S<*>=mfW+<<+1>>mfW +S<<5>>=T X<<1>>=W X<*>=F";
  const char *setup = "4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|K4/5/5/5/5 w - - 0 1";
  VariantLibrary *lib;
  Position *pos =
      iv_position_on_ok("5x5x5", pieces, setup,
                        "4k/S4/5/5/5|5/S4/5/5/5|5/5/5/5/5|5/5/5/s4/5|K4/5/5/s4/5 w - - 0 1", &lib);
  char moves[1024];
  iv_moves_from(pos, "a4:5", moves, sizeof moves);
  ck_assert_str_eq(moves, "a4:5a5:5+ ");
  /* on level 4 only the step up to level 5 promotes */
  iv_moves_from(pos, "a4:4", moves, sizeof moves);
  ck_assert_str_eq(moves, "a4:4a5:4 a4:4a5:5+ ");
  char err[256];
  ck_assert(pos_set_fen(pos, "4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/s4/5|K4/5/5/s4/5 b - - 0 1", err,
                        sizeof err));
  /* from a2 (level 1) and a2:2; from a2:2 only the step down to level 1 promotes */
  iv_moves_from(pos, "a2", moves, sizeof moves);
  ck_assert_str_eq(moves, "a2a1+ a2:2a1:2 a2:2a1+ ");
  /* +s moves (as T) on Black's board 1 only */
  ck_assert(pos_set_fen(pos, "4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/+s4|K4/5/5/5/+s4 b - - 0 1",
                        err, sizeof err));
  iv_moves_from(pos, "a1", moves, sizeof moves);
  ck_assert_str_eq(moves, "a1d4 ");
  ck_assert_int_eq(iv_moves_from(pos, "a1:2", moves, sizeof moves), 0);
  /* X<<1>>=W: a wazir on White's level 1 and on Black's level 5, a ferz elsewhere */
  ck_assert(pos_set_fen(pos, "4k/5/2x2/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|K4/5/2X2/5/5 w - - 0 1",
                        err, sizeof err));
  ck_assert_int_eq(iv_moves_from(pos, "c3", moves, sizeof moves), 4);
  ck_assert_msg(strstr(moves, "c3c4") && !strstr(moves, "c3d4"), "%s", moves);
  ck_assert(pos_set_fen(pos, "4k/5/2x2/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|K4/5/2X2/5/5 b - - 0 1",
                        err, sizeof err));
  iv_moves_from(pos, "c3:5", moves, sizeof moves);
  ck_assert_msg(strstr(moves, "c3:5c4:5") && !strstr(moves, "c3:5d4:5"), "%s", moves);
  ck_assert(pos_set_fen(pos, "4k/5/2X2/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|K4/5/2x2/5/5 b - - 0 1",
                        err, sizeof err));
  iv_moves_from(pos, "c3", moves, sizeof moves);
  ck_assert_msg(strstr(moves, "c3d4") && !strstr(moves, "c3c4"), "%s", moves);
  iv_done(pos, lib);
}
END_TEST

/* [:] after a move (MBN §6: "[:] is the set of ... squares occupied by
 * unmoved pieces"; decision 45): X=mW+W[:] takes only a piece that has not
 * moved. The start position's pieces are unmoved, a FEN's piece on a square
 * the setup gives its kind counts as unmoved (as for i), and a piece that
 * moved away and back has moved. */
START_TEST(landing_on_unmoved_pieces) {
  const char *pieces = "K Q R B N P X=mW+W[:]";
  const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  VariantLibrary *lib;
  Position *pos = iv_position_on_ok("8x8", pieces, start,
                                    "rnbqkbnr/pXpppppp/8/3n4/3X4/8/8/4K3 w - - 0 1", &lib);
  char moves[1024];
  /* b8's knight and the pawns on a7 and c7 stand where the setup has them */
  iv_moves_from(pos, "b7", moves, sizeof moves);
  ck_assert_str_eq(moves, "b7b6 b7b8 b7c7 b7a7 ");
  /* d5's knight is not on a knight's start square: no capture */
  iv_moves_from(pos, "d4", moves, sizeof moves);
  ck_assert_str_eq(moves, "d4d3 d4e4 d4c4 ");
  char err[256];
  ck_assert(pos_set_fen(pos, "rnbqkbnr/pXpppppp/8/8/8/8/8/4K3 b - - 0 1", err, sizeof err));
  Undo undo[3];
  const char *played[] = {"b8c6", "e1e2", "c6b8"};
  for (int i = 0; i < 3; i++)
    pos_make_move(pos, move_from_text(pos, played[i], err, sizeof err), &undo[i]);
  iv_moves_from(pos, "b7", moves, sizeof moves);
  ck_assert_str_eq(moves, "b7b6 b7c7 b7a7 "); /* the knight has moved */
  iv_done(pos, lib);
}
END_TEST

/* The precondition '?' (MBN §2: "conversion# K #K==Q ?#K=[*]O ... The King
 * will promoted to a Queen after it has moved, but only if the King is not
 * checked, otherwise he has to remain a King"; decision 46): the promotion
 * by the '#' rules only where the precondition's null move holds on the
 * piece's square before the move. */
START_TEST(promotion_preconditions) {
  VariantLibrary *lib;
  /* the text's king, promoting on every move (promotion#[1-8]=move) unless in check */
  Position *pos = position_with_rules("K Q #K==Q ?#K=[*]O", "royal{K} promotion#[1-8]=move",
                                      "4k3/8/8/8/8/8/8/4K3 w - - 0 1", &lib);
  char moves[1024];
  iv_moves_from(pos, "e1", moves, sizeof moves);
  ck_assert_str_eq(moves, "e1e2q e1f1q e1d1q e1f2q e1d2q ");
  char err[256];
  ck_assert(pos_set_fen(pos, "4k3/8/8/8/8/8/8/q3K3 w - - 0 1", err, sizeof err));
  iv_moves_from(pos, "e1", moves, sizeof moves);
  ck_assert_str_eq(moves, "e1e2 e1f2 e1d2 ");
  iv_done(pos, lib);
  /* a knight promoting on the last rank only from a square no enemy attacks;
   * [a-h1-6]O: only from the first six ranks */
  const char *pieces = "K N Q #N==Q ?#N=[*]O";
  pos = position_with_rules(pieces, "royal{K}", "4k3/8/1N6/8/8/8/8/4K3 w - - 0 1", &lib);
  iv_moves_from(pos, "b6", moves, sizeof moves);
  ck_assert_msg(strstr(moves, "b6c8q") && !strstr(moves, "b6c8 "), "%s", moves);
  ck_assert(pos_set_fen(pos, "4k3/8/qN6/8/8/8/8/4K3 w - - 0 1", err, sizeof err));
  iv_moves_from(pos, "b6", moves, sizeof moves);
  ck_assert_msg(strstr(moves, "b6c8 ") && !strstr(moves, "b6c8q"), "%s", moves);
  iv_done(pos, lib);
  pos = position_with_rules("K N Q #N==Q ?#N=[a-h1-6]O", "royal{K}",
                            "4k3/1N6/1N6/8/8/8/8/4K3 w - - 0 1", &lib);
  iv_moves_from(pos, "b6", moves, sizeof moves);
  ck_assert_msg(strstr(moves, "b6c8q"), "%s", moves);
  iv_moves_from(pos, "b7", moves, sizeof moves);
  ck_assert_msg(strstr(moves, "b7d8 ") && !strstr(moves, "b7d8q"), "%s", moves);
  iv_done(pos, lib);
  static const char *const refused[][3] = {
      {"K N Q #N==Q ?#N=W", "royal{K}", "a precondition other than conditions on the piece's"},
      {"K N Q #N==Q ?+N=[*]O", "royal{K}", "precondition '+N' names the '+' prefix, but the"},
      {"K N Q #N==Q ?#N=[*]O ?#N=[a1]O", "royal{K}", "a second precondition"},
      {"K N Q #N==Q ?#N", "royal{K}", "a precondition needs '=' and a move"},
  };
  expect_all_refused(refused, sizeof refused / sizeof refused[0]);
}
END_TEST

/* The moves from `from` in fen must be exactly `want` (space-separated, any
 * order). */
static void expect_exactly_from(const char *pieces, const char *fen, const char *from,
                                const char *want) {
  int count = 0;
  for (const char *s = want; *s; s++) count += *s != ' ' && (s == want || s[-1] == ' ');
  expect_moves_from(pieces, fen, from, count, want, "");
}

/* Attack conditions (MBN section 6, decision 40): {C}W2F2 moves only from a
 * square a C attacks (either colour: a friendly C guarding it too); [+] from
 * a square the opponent attacks, [*] onto squares it does not, [{!q}] onto
 * squares the enemy queen attacks, all in the position before the move;
 * [:] before a move is i. A conditional move that can capture gives check:
 * the king escaping two squares attacks two squares away while a C guards it. */
START_TEST(attack_conditions) {
  const char *escape = "K=K+{C}W2F2 C=RN Q";
  /* checked by a chancellor along the first rank: W2 and F2 besides the steps; d1, f1, c1
   * and g1 stay on the checking line */
  expect_exactly_from(escape, "4k3/8/8/8/8/8/8/c3K3 w - - 0 1", "e1",
                      "e1e2 e1f2 e1d2 e1e3 e1g3 e1c3");
  /* checked by a queen: no escape moves */
  expect_exactly_from(escape, "4k3/8/8/8/8/8/8/q3K3 w - - 0 1", "e1", "e1e2 e1f2 e1d2");
  /* guarded by a friendly chancellor: the set names both colours */
  expect_exactly_from(escape, "4k3/8/8/8/8/8/8/C3K3 w - - 0 1", "e1",
                      "e1e2 e1f1 e1d1 e1f2 e1d2 e1e3 e1g1 e1c1 e1g3 e1c3");
  /* while C guards it, White's king attacks e3 and c3 (W2, F2): Black may not go there */
  expect_exactly_from(escape, "8/8/8/8/3k4/8/8/C3K3 b - - 0 1", "d4",
                      "d4d3 d4d5 d4e4 d4c4 d4e5 d4c5");
  expect_exactly_from(escape, "8/8/8/8/3k4/8/8/4K3 b - - 0 1", "d4",
                      "d4d3 d4d5 d4e4 d4c4 d4e3 d4c3 d4e5 d4c5");
  const char *ranges = "K Q R X=[+]K Y=K[*] Z=K[{!q}] V=[:]W2";
  expect_exactly_from(ranges, "4k3/8/8/8/r2X4/8/8/4K3 w - - 0 1", "d4",
                      "d4d5 d4d3 d4e4 d4c4 d4e5 d4c5 d4e3 d4c3");
  expect_exactly_from(ranges, "4k3/8/8/8/3X4/8/8/4K3 w - - 0 1", "d4", "");
  expect_exactly_from(ranges, "4k3/8/8/r7/3Y4/8/8/4K3 w - - 0 1", "d4", "d4d3 d4e4 d4c4 d4e3 d4c3");
  /* c3 is behind Z on the queen's diagonal: not attacked before the move */
  expect_exactly_from(ranges, "4k2q/8/8/8/3Z4/8/8/4K3 w - - 0 1", "d4", "d4e5");
  expect_exactly_from(ranges, "4k3/8/8/8/8/8/3V4/4K3 w - - 0 1", "d2",
                      "d2d3 d2d4 d2d1 d2e2 d2f2 d2c2 d2b2");
  /* moved away from its setup square: no move */
  VariantLibrary *lib;
  Position *pos = iv_position_on_ok("8x8", ranges, "4k3/8/8/8/8/8/3V4/4K3 w - - 0 1",
                                    "4k3/8/8/8/3V4/8/8/4K3 w - - 0 1", &lib);
  char out[256];
  ck_assert_int_eq(iv_moves_from(pos, "d4", out, sizeof out), 0);
  iv_done(pos, lib);
}
END_TEST

/* Conditions (MBN section 6, decision 41): H=(/Ta1/W)+(/Ta2/D) moves as a
 * wazir while a T stands on a1 (either colour), as a dabbaba while one
 * stands on a2; G=/T/F while a T is anywhere; J=/a1/N while any piece is on
 * a1. Black's squares are White's mirrored (a8). A move that puts a T on a1
 * gives H its moves, so it can give check through them. */
START_TEST(conditions_on_pieces_present) {
  const char *pieces = "K T=W H=(/Ta1/W)+(/Ta2/D) G=/T/F J=/a1/N";
  expect_exactly_from(pieces, "4k3/8/8/8/8/8/8/T3K2H w - - 0 1", "h1", "h1h2 h1g1");
  expect_exactly_from(pieces, "4k3/8/8/8/8/8/T7/4K2H w - - 0 1", "h1", "h1h3 h1f1");
  expect_exactly_from(pieces, "4k3/8/8/8/8/8/8/t3K2H w - - 0 1", "h1", "h1h2 h1g1");
  expect_exactly_from(pieces, "4k3/8/8/8/8/8/8/4K2H w - - 0 1", "h1", "");
  expect_exactly_from(pieces, "4k2h/8/8/8/8/8/8/T3K3 b - - 0 1", "h8", "");
  expect_exactly_from(pieces, "t3k2h/8/8/8/8/8/8/4K3 b - - 0 1", "h8", "h8h7 h8g8");
  expect_exactly_from(pieces, "4k3/8/8/3G4/8/8/8/T3K3 w - - 0 1", "d5", "d5e6 d5c6 d5e4 d5c4");
  expect_exactly_from(pieces, "4k3/8/8/3G4/8/8/8/4K3 w - - 0 1", "d5", "");
  expect_exactly_from(pieces, "4k3/8/8/3J4/8/8/8/t3K3 w - - 0 1", "d5",
                      "d5e7 d5c7 d5e3 d5c3 d5f6 d5b6 d5f4 d5b4");
  /* H on h2 has no move while the T is on b2; on a2 it leaps two (not onto h3); from a2 to
   * a1 the T gives it the wazir's step, which checks the king on h3 */
  VariantLibrary *lib;
  Position *pos = iv_position_ok(pieces, "8/8/8/8/8/7k/1T5H/4K3 w - - 0 1", &lib);
  char out[256];
  ck_assert_int_eq(iv_moves_from(pos, "h2", out, sizeof out), 0);
  ck_assert_msg(!pos_gives_check(pos, move_from_text(pos, "b2b3", out, sizeof out)), "b2b3");
  Move m = iv_make_check(pos, "b2a2", "8/8/8/8/8/7k/T6H/4K3 b - - 1 1");
  ck_assert_msg(!pos_gives_check(pos, m), "b2a2 (D from h2 reaches h4, not h3)");
  iv_done(pos, lib);
  pos = iv_position_ok(pieces, "8/8/8/8/8/7k/T6H/4K3 w - - 0 1", &lib);
  m = move_from_text(pos, "a2a1", out, sizeof out);
  ck_assert_msg(pos_gives_check(pos, m), "a2a1 gives H its wazir move onto h3");
  iv_done(pos, lib);
}
END_TEST

/* A 3x3x3x3 FEN (three rows of three boards, listed from the last board of
 * the last row down) with the white king on c1 of board 2;1, the black king
 * on c3 of board 2;3 (out of the way of every move below), and `piece` on
 * `square` ("b2") of board z;w. */
static void four_d_fen(char piece, const char *square, int z, int w, char *out, size_t size) {
  size_t length = 0;
  for (int level = 8; level >= 0; level--) {
    char cells[3][4] = {"...", "...", "..."}; /* ranks 1..3 */
    if (level == 7) cells[2][2] = 'k';
    if (level == 1) cells[0][2] = 'K';
    if (level == z - 1 + 3 * (w - 1)) cells[square[1] - '1'][square[0] - 'a'] = piece;
    for (int rank = 2; rank >= 0; rank--) {
      int empty = 0;
      for (int file = 0; file < 3; file++) {
        char c = cells[rank][file];
        if (c == '.') {
          empty++;
          continue;
        }
        if (empty) length += (size_t)snprintf(out + length, size - length, "%d", empty);
        empty = 0;
        length += (size_t)snprintf(out + length, size - length, "%c", c);
      }
      if (empty) length += (size_t)snprintf(out + length, size - length, "%d", empty);
      if (rank) length += (size_t)snprintf(out + length, size - length, "/");
    }
    if (level) length += (size_t)snprintf(out + length, size - length, "|");
  }
  snprintf(out + length, size - length, " w - - 0 1");
}

/* The moves from `from` on `board` set up at `fen` must be exactly `want`,
 * destinations only (as "a1:1;3 b2 ..."): each once, nothing else. */
static void expect_moves(const char *board, const char *pieces, const char *setup, const char *fen,
                         const char *from, const char *want) {
  char list[4096];
  int count = moves_from_fen(board, pieces, setup, fen, from, list, sizeof list);
  int wanted = 0;
  char copy[1024];
  snprintf(copy, sizeof copy, "%s", want);
  for (char *save = NULL, *to = strtok_r(copy, " ", &save); to; to = strtok_r(NULL, " ", &save)) {
    char move[40];
    snprintf(move, sizeof move, "%s%s", from, to);
    ck_assert_msg(has(list, move), "%s from %s: no %s in %s", pieces, from, move, list);
    wanted++;
  }
  ck_assert_msg(count == wanted, "%s from %s: %d moves, want %d: %s", pieces, from, count, wanted,
                list);
}

/* The moves of `piece` (defined by `pieces`) from `square` of board z;w of a
 * 3x3x3x3 board must be exactly `want`. */
static void expect_four_d(const char *pieces, char piece, const char *square, int z, int w,
                          const char *want) {
  char fen[512], from[16];
  four_d_fen(piece, square, z, w, fen, sizeof fen);
  if (z == 1 && w == 1)
    snprintf(from, sizeof from, "%s", square);
  else
    snprintf(from, sizeof from, "%s:%d;%d", square, z, w);
  const char *setup = "3/3/3|2k/3/3|3/3/3|3/3/3|3/3/3|3/3/3|3/3/3|3/3/2K|3/3/3 w - - 0 1";
  expect_moves("3x3x3x3", pieces, setup, fen, from, want);
}

/* 4D boards (MBN §8 "4D Chess", §10): board = 3x3x3x3 is three rows (W) of
 * three boards (Z), squares named c3:z;w. <z;w> moves z boards along a row
 * and w rows; the operators of §10 expand as the text derives them; C<z;w>=
 * defines a piece per board, the least general identifier winning (<1;1>
 * over <2;*> over <*;*>). Every list is counted by hand. */
START_TEST(four_d_boards) {
  /* TessChess's rook R+<3o>R+<3d>B on a2 of the middle board: the rook's
   * 4, <3o>R = (<+-1;>O)0+(<;+-1>O)0 4, <3d>B = (<+-1;>F)0+(<;+-1>F)0
   * 4 + 4 and (<+-1;+-1>W)0 12 (one step each: the board has three) */
  expect_four_d("K R=R+<3o>R+<3d>B", 'R', "a2", 2, 2,
                "a1:2;2 a3:2;2 b2:2;2 c2:2;2 a2:1;2 a2:3;2 a2:2;1 a2:2;3 "
                "b1:1;2 b3:1;2 b1:3;2 b3:3;2 b1:2;1 b3:2;1 b1:2;3 b3:2;3 "
                "a1 a3 b2 a1:3;1 a3:3;1 b2:3;1 a1:1;3 a3:1;3 b2:1;3 a1:3;3 a3:3;3 b2:3;3");
  /* <4d>N = <+-1;+-2>N + <+-2;+-1>N: from a corner of a corner board, one
   * board and two rows on (or two and one), with the knight's leap */
  expect_four_d("K X=<4d>N", 'X', "a1", 1, 3, "b3:2;1 c2:2;1 b3:3;2 c2:3;2");
  expect_four_d("K X=<4d>N", 'X', "a3", 1, 1, "b1:2;3 c2:2;3 b1:3;2 c2:3;2");
  /* <4d>B = (<+-1;+-1>F)0: every step changes all four coordinates */
  expect_four_d("K X=<4d>B", 'X', "b2", 2, 2,
                "a1 c1 a3 c3 a1:3;1 c1:3;1 a3:3;1 c3:3;1 a1:1;3 c1:1;3 a3:1;3 c3:1;3 "
                "a1:3;3 c1:3;3 a3:3;3 c3:3;3");
  /* <3o>R alone: the same square along the row and across the rows */
  expect_four_d("K X=<3o>R", 'X', "b2", 1, 1, "b2:2;1 b2:3;1 b2:1;2 b2:1;3");
  /* <2d>N = <+-1;+-2>O + <+-2;+-1>O + <;+-1>D + <+-1;>D + <;+-2>W + <+-2;>W
   * (the text's derivation): from b2 of board 1;1, D falls off 3x3 */
  expect_four_d("K X=<2d>N", 'X', "b2", 1, 1,
                "b2:2;3 b2:3;2 b1:1;3 a2:1;3 c2:1;3 b3:1;3 b1:3;1 a2:3;1 c2:3;1 b3:3;1");
  /* pieces defined per board: the text's C */
  const char *c = "K C<1;1>=F0+<+-1;+-1>O C<1;2>=F2+<+-1;+-1>O C<1;3>=W+<+-1;+-1>O "
                  "C<2;1>=W2+<+-1;+-1>O C<2;*>=D+<+-1;+-1>O C<*;*>=N+<+-1;+-1>O";
  expect_four_d(c, 'C', "b2", 1, 1, "a1 c1 a3 c3 b2:2;2");
  expect_four_d(c, 'C', "b2", 1, 2, "a1:1;2 c1:1;2 a3:1;2 c3:1;2 b2:2;1 b2:2;3");
  expect_four_d(c, 'C', "b2", 1, 3, "b1:1;3 a2:1;3 c2:1;3 b3:1;3 b2:2;2");
  expect_four_d(c, 'C', "b2", 2, 1, "b1:2;1 a2:2;1 c2:2;1 b3:2;1 b2:1;2 b2:3;2");
  expect_four_d(c, 'C', "b2", 2, 2, "b2 b2:3;1 b2:1;3 b2:3;3");
  expect_four_d(c, 'C', "b2", 2, 3, "b2:1;2 b2:3;2");
  expect_four_d(c, 'C', "a1", 3, 2, "b3:3;2 c2:3;2 a1:2;1 a1:2;3");
  /* what the text leaves to a 4D board is refused elsewhere */
  expect_load_refused("5x5x5", "4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1",
                      "K X=<+1;+1>O", "royal{K}", "needs a 4D board");
  expect_load_refused("5x5x5", "4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1",
                      "K X=<3o>R", "royal{K}", "need a 4D board");
  const char *setup4 = "3/3/3|2k/3/3|3/3/3|3/3/3|3/3/3|3/3/3|3/3/3|3/3/2K|3/3/3 w - - 0 1";
  expect_load_refused("3x3x3x3", setup4, "K X=<>N", "royal{K}",
                      "the triagonal operator '<>' is defined for 3D boards");
  expect_load_refused("3x3x3x3", setup4, "K X<2>=W X<*>=F", "royal{K}",
                      "on a 4D board a board identifier names <z;w>");
  expect_load_refused("3x3x3x3", setup4, "K X<4;1>=W X<*>=F", "royal{K}", "beyond the 3 of a row");
  expect_load_refused("3x3x3x3", setup4, "K X<1;1>=W X<1;1,2>=F", "royal{K}", "defined twice");
}
END_TEST

/* Board transitions on chains (MBN §8): the text's H<1,3>=<2>(mO--F)
 * "moves (but not capture) one cell up/down, then make a diagonal move" on
 * 5x5x3: the transition moves the chain's first leg, the F goes on from
 * there on board 2. A leg after '--' may change boards itself; one after
 * '-' (relative) may not, nor may a transition's first leg be optional.
 * FENs list board 3 first; H on c3, White's K on a1 and Black's k on e5
 * of board 1 and 3. Every list is counted by hand. */
START_TEST(board_transitions_on_chains) {
  const char *setup = "4k/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1";
  const char *h = "K N H<1,3>=<2>(mO--F) H<2>=W";
  expect_moves("5x5x3", h, setup, "4k/5/5/5/5|5/5/5/5/5|5/5/2H2/5/K4 w - - 0 1", "c3",
               "b2:2 b4:2 d2:2 d4:2");
  expect_moves("5x5x3", h, setup, "4k/5/2H2/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1", "c3:3",
               "b2:2 b4:2 d2:2 d4:2");
  /* the F captures the enemy on b2:2, not the friend on d4:2 */
  expect_moves("5x5x3", h, setup, "4k/5/5/5/5|5/3N1/5/1n3/5|5/5/2H2/5/K4 w - - 0 1", "c3",
               "b2:2 b4:2 d2:2");
  /* the mO may not land on the piece above it */
  expect_moves("5x5x3", h, setup, "4k/5/5/5/5|5/5/2n2/5/5|5/5/2H2/5/K4 w - - 0 1", "c3", "");
  /* on board 2 the H is a wazir (H<2>=W) */
  expect_moves("5x5x3", h, setup, "4k/5/5/5/5|5/5/2H2/5/5|5/5/5/5/K4 w - - 0 1", "c3:2",
               "c2:2 c4:2 b3:2 d3:2");
  /* mW--<+1>W: a step on board 1, then a wazir's step up; the nine
   * squares reached by two paths are each one move */
  const char *x = "K N X=mW--<+1>W";
  expect_moves("5x5x3", x, setup, "4k/5/5/5/5|5/5/5/5/5|5/5/2X2/5/K4 w - - 0 1", "c3",
               "c1:2 b2:2 d2:2 c3:2 a3:2 e3:2 b4:2 d4:2 c5:2");
  /* a friend on c4 stops the first step there: c5:2 has no other path */
  expect_moves("5x5x3", x, setup, "4k/5/5/5/5|5/5/5/5/5|5/2N2/2X2/5/K4 w - - 0 1", "c3",
               "c1:2 b2:2 d2:2 c3:2 a3:2 e3:2 b4:2 d4:2");
  expect_load_refused("5x5x3", setup, "K X=W-<+1>F", "royal{K}",
                      "a board transition on a leg after '-' is not defined");
  expect_load_refused("5x5x3", setup, "K X=<+1>([W]--F)", "royal{K}", "which may not be optional");
  expect_load_refused("5x5x3", setup, "K X=(<+1>W-F)0", "royal{K}",
                      "a board transition inside a repeated group");
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_mbn_audit");
  TCase *tc = tcase_create("audit");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, maximal_rider_stops_before_a_friend);
  tcase_add_test(tc, null_moves_only_where_the_text_allows);
  tcase_add_test(tc, complex_riders_end_fast);
  tcase_add_test(tc, linked_roots_attack_through_their_links);
  tcase_add_test(tc, compulsory_legs_are_played);
  tcase_add_test(tc, ep_square_for_a_pawn_that_cannot_promote);
  tcase_add_test(tc, initial_moves_survive_a_fen);
  tcase_add_test(tc, initial_moves_end_with_the_first_move);
  tcase_add_test(tc, compound_and_minus_letters_in_fens);
  tcase_add_test(tc, captures_on_the_way_have_no_limit);
  tcase_add_test(tc, swaps_and_captures_never_share_a_text);
  tcase_add_test(tc, evaluation_tables_of_complex_riders_end);
  tcase_add_test(tc, black_promotions_of_their_own);
  tcase_add_test(tc, en_passant_piece_sets);
  tcase_add_test(tc, lame_nightrider_is_blocked_leap_by_leap);
  tcase_add_test(tc, leaping_riders_over_a_piece_set);
  tcase_add_test(tc, unblocked_moves);
  tcase_add_test(tc, initial_moves_lost_with_a_check);
  tcase_add_test(tc, optional_modifiers);
  tcase_add_test(tc, hexagonal_boards_redefine_the_basic_letters);
  tcase_add_test(tc, hexagonal_boards_refuse_what_the_text_leaves_open);
  tcase_add_test(tc, prefixed_pieces_are_pieces_of_their_own);
  tcase_add_test(tc, drop_rules_open_the_game);
  tcase_add_test(tc, promotion_rules_of_other_prefixes);
  tcase_add_test(tc, promotion_on_the_boards_of_the_promoted_form);
  tcase_add_test(tc, landing_on_unmoved_pieces);
  tcase_add_test(tc, promotion_preconditions);
  tcase_add_test(tc, attack_conditions);
  tcase_add_test(tc, conditions_on_pieces_present);
  tcase_add_test(tc, suffixes_name_pieces_and_macros);
  tcase_add_test(tc, promotion_to_the_other_colour);
  tcase_add_test(tc, side_movers_turn_a_quarter);
  tcase_add_test(tc, castling_partner_sets);
  tcase_add_test(tc, vertical_castling);
  tcase_add_test(tc, indirect_castling);
  tcase_add_test(tc, hexagonal_castling);
  tcase_add_test(tc, explosions);
  tcase_add_test(tc, four_d_boards);
  tcase_add_test(tc, board_transitions_on_chains);
  suite_add_tcase(suite, tc);
  return suite;
}
