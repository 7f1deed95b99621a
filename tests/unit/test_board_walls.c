/* test_board_walls.c — walls placed by a move (wall=...): the FEN writes
 * them as '*' and reads them back to the same position (key included), the
 * move text is Fairy-Stockfish's (e2e4,e4d5; e7e8q,e8d5) and reads back to
 * the same move, and a wall that was not placed by the rule is refused. The
 * counts themselves are checked by the perft suites. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

/* The position's FEN is want, and reading it gives the same key. */
static void assert_fen_round_trip(const VariantLibrary *lib, const char *variant,
                                  const Position *pos, const char *want) {
  char fen[512], err[128];
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, want);
  Position *again = shipped_position(lib, variant, fen);
  ck_assert_msg(again != NULL, "%s", fen);
  ck_assert(pos_key(again) == pos_key(pos));
  pos_get_fen(again, fen, sizeof fen);
  ck_assert_str_eq(fen, want);
  (void)err;
  pos_free(again);
}

START_TEST(duck_moves_and_fen) {
  VariantLibrary *lib = shipped_library_load();
  Position *pos = shipped_position(lib, "duck", NULL);
  uint64_t start = pos_key(pos);
  Undo u[3];
  shipped_play(pos, "e2e4,e4d5", &u[0]);
  assert_fen_round_trip(lib, "duck", pos,
                        "rnbqkbnr/pppppppp/8/3*4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  char err[128];
  /* the duck must move: not onto itself, not onto the mover */
  ck_assert(move_from_text(pos, "e7e6,e6d5", err, sizeof err) == MOVE_NONE_VALUE);
  ck_assert(move_from_text(pos, "e7e6,e6e6", err, sizeof err) == MOVE_NONE_VALUE);
  ck_assert(move_from_text(pos, "e7e6", err, sizeof err) == MOVE_NONE_VALUE);
  ck_assert(move_from_text(pos, "d7d5,d5e6", err, sizeof err) == MOVE_NONE_VALUE);
  shipped_play(pos, "g8f6,f6g8", &u[1]);
  /* the old duck is gone from d5, the new one stands where the knight was */
  assert_fen_round_trip(lib, "duck", pos,
                        "rnbqkb*r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
  pos_unmake_move(pos, &u[1]);
  pos_unmake_move(pos, &u[0]);
  ck_assert(pos_key(pos) == start);
  pos_free(pos);

  /* a promotion's suffix stays on the move (UCI) */
  pos = shipped_position(lib, "duck", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  shipped_play(pos, "a7a8q,a8h3", &u[0]);
  assert_fen_round_trip(lib, "duck", pos, "Q3k3/8/8/8/8/7*/8/4K3 b - - 0 1");
  pos_free(pos);
  library_free(lib);
}
END_TEST

START_TEST(arrows_static_walls_and_passes) {
  VariantLibrary *lib = shipped_library_load();
  Undo u;
  char err[128];
  /* amazons: the arrow flies from where the queen lands, as she would move */
  Position *pos = shipped_position(lib, "amazons", NULL);
  ck_assert(move_from_text(pos, "d1d7,d7d10", err, sizeof err) == MOVE_NONE_VALUE);
  ck_assert(move_from_text(pos, "d1d7,d7b8", err, sizeof err) == MOVE_NONE_VALUE);
  shipped_play(pos, "d1d7,d7d1", &u);
  assert_fen_round_trip(lib, "amazons", pos, "3q2q3/10/10/q2Q5q/10/10/Q8Q/10/10/3*2Q3 b - - 1 1");
  pos_free(pos);
  /* isolation: never on the start squares */
  pos = shipped_position(lib, "isolation", NULL);
  ck_assert(move_from_text(pos, "c1c2,c2c1", err, sizeof err) == MOVE_NONE_VALUE);
  shipped_play(pos, "c1c2,c2a8", &u);
  assert_fen_round_trip(lib, "isolation", pos, "*2p2/6/6/6/6/6/2P3/6 b - - 1 1");
  pos_free(pos);
  /* atlantis: a move places no wall; a wall instead of a move is a pass of
   * the piece on a1, on an edge square */
  pos = shipped_position(lib, "atlantis", NULL);
  ck_assert(move_from_text(pos, "e2e4,e4a4", err, sizeof err) == MOVE_NONE_VALUE);
  ck_assert(move_from_text(pos, "a1a1,a1d4", err, sizeof err) == MOVE_NONE_VALUE);
  shipped_play(pos, "a1a1,a1a4", &u);
  assert_fen_round_trip(lib, "atlantis", pos,
                        "rnbqkbnr/pppppppp/8/8/*7/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1");
  pos_free(pos);
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_walls");
  TCase *tc = tcase_create("walls");
  tcase_add_test(tc, duck_moves_and_fen);
  tcase_add_test(tc, arrows_static_walls_and_passes);
  suite_add_tcase(suite, tc);
  return suite;
}
