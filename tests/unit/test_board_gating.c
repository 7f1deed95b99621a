/* test_board_gating.c — Seirawan gating on the shipped seirawan variant:
 * move text as Fairy-Stockfish writes it (b1c3e, e1g1h, h1e1h) and the
 * boards it produces (from Fairy-Stockfish's own positions after those
 * moves). The counts themselves are checked by the perft suites. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

static VariantLibrary *lib;

static Position *seirawan_at(const char *fen) {
  lib = shipped_library_load();
  return shipped_position(lib, "seirawan", fen);
}

static void play(Position *pos, const char *text, Undo *undo) {
  char err[128] = "";
  Move m = move_from_text(pos, text, err, sizeof err);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s", err);
  pos_make_move(pos, m, undo);
}

/* The FEN up to the side to move; the hand is compared as a multiset
 * (Fairy-Stockfish lists it in its own piece order). */
static void sorted_fen_head(const char *fen, char *out, size_t len) {
  snprintf(out, len, "%s", fen);
  char *open = strchr(out, '['), *close = open ? strchr(open, ']') : NULL;
  if (!close) return;
  for (char *a = open + 1; a < close; a++)
    for (char *b = a + 1; b < close; b++)
      if (*b < *a) {
        char t = *a;
        *a = *b;
        *b = t;
      }
}

static void assert_board(const Position *pos, const char *want) {
  char fen[512], ours[512], theirs[512];
  pos_get_fen(pos, fen, sizeof fen);
  sorted_fen_head(fen, ours, sizeof ours);
  sorted_fen_head(want, theirs, sizeof theirs);
  ck_assert_msg(!strncmp(ours, theirs, strlen(theirs)), "got %s, want %s", fen, want);
}

START_TEST(gating_a_piece_behind_a_knight) {
  Position *pos = seirawan_at(NULL);
  Undo u[6];
  play(pos, "b1c3e", &u[0]);
  play(pos, "a7a6", &u[1]);
  /* g1 is left without gating: it gates no more once its knight returns. */
  play(pos, "g1f3", &u[2]);
  play(pos, "a6a5", &u[3]);
  play(pos, "f3g1", &u[4]);
  play(pos, "b7b6", &u[5]);
  assert_board(pos, "rnbqkbnr/2pppppp/1p6/p7/8/2N5/PPPPPPPP/REBQKBNR[Heh] w");
  char err[64];
  ck_assert(move_from_text(pos, "g1f3h", err, sizeof err) == MOVE_NONE_VALUE);
  ck_assert(move_from_text(pos, "g1f3", err, sizeof err) != MOVE_NONE_VALUE);
  for (int i = 5; i >= 0; i--) pos_unmake_move(pos, &u[i]);
  assert_board(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w");
  pos_free(pos);
  library_free(lib);
}
END_TEST

START_TEST(castling_gates_on_the_king_or_the_rook_square) {
  static const char *fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[EHeh] w KQBCDFGkqbcdfg - 0 1";
  static const struct {
    const char *move, *board;
  } cases[] = {
      {"e1g1h", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3HRK1[Eeh] b"},
      {"h1e1h", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKH[Eeh] b"},
      {"a1e1e", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/E1KR3R[Heh] b"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    Position *pos = seirawan_at(fen);
    Undo u;
    play(pos, cases[i].move, &u);
    assert_board(pos, cases[i].board);
    pos_unmake_move(pos, &u);
    pos_free(pos);
    library_free(lib);
  }
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_gating");
  TCase *tc = tcase_create("gating");
  tcase_add_test(tc, gating_a_piece_behind_a_knight);
  tcase_add_test(tc, castling_gates_on_the_king_or_the_rook_square);
  suite_add_tcase(suite, tc);
  return suite;
}
