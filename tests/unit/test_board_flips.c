/* test_board_flips.c — moves that turn enemy pieces (flip=line, flip=around):
 * a reversi drop closing three lines turns exactly the enclosed stones and
 * unmake restores board, hands and key; an ataxx jump and clone turn the
 * stones around them; a quadwrangle drop turns nothing unless a stone of its
 * own touches it; a full board ends the game by the count (draw=full
 * counting=pieces). The counts themselves are checked by the perft suites;
 * the FENs are Fairy-Stockfish's after the same moves (a drop restarts the
 * halfmove clock, a jump or slide does not). */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "board/rules.h"
#include "board/rules_end.h"
#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

static void assert_fen(const Position *pos, const char *want) {
  char fen[512];
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, want);
}

/* White's P@f6 closes three lines: west (e6 d6, closed by c6), south (f5,
 * closed by f4) and south-west (e5, closed by d4). Not turned: g5 (h4 is
 * empty behind it) and f7 (f8 is empty). */
START_TEST(reversi_drop_turns_three_lines) {
  VariantLibrary *lib = shipped_library_load();
  const char *before = "8/5p2/2Ppp3/3Pppp1/3PPP2/8/8/8[PPPPPPPPPPpppppppppp] w - - 0 1";
  Position *pos = shipped_position(lib, "flipello", before);
  uint64_t key = pos_key(pos);
  char err[128];
  /* a drop must close a line: h1 touches nothing, g6 closes nothing */
  ck_assert(move_from_text(pos, "P@h1", err, sizeof err) == MOVE_NONE_VALUE);
  ck_assert(move_from_text(pos, "P@h8", err, sizeof err) == MOVE_NONE_VALUE);
  Undo u;
  shipped_play(pos, "P@f6", &u);
  assert_fen(pos, "8/5p2/2PPPP2/3PPPp1/3PPP2/8/8/8[PPPPPPPPPpppppppppp] b - - 0 1");
  pos_unmake_move(pos, &u);
  ck_assert(pos_is_ok(pos));
  ck_assert(pos_key(pos) == key);
  assert_fen(pos, before);
  pos_free(pos);
  library_free(lib);
}
END_TEST

START_TEST(ataxx_and_quadwrangle_turn_neighbours) {
  VariantLibrary *lib = shipped_library_load();
  Undo u[2];
  /* ataxx: the jump a1c3 lands next to b4, c4 and d3, which turn; the
   * clone P@b2 (next to a1) touches no enemy stone */
  const char *start = "7/7/7/1pp4/3p3/7/P6 w - - 0 1";
  Position *pos = shipped_position(lib, "ataxx", start);
  uint64_t key = pos_key(pos);
  shipped_play(pos, "a1c3", &u[0]);
  assert_fen(pos, "7/7/7/1PP4/2PP3/7/7 b - - 1 1");
  pos_unmake_move(pos, &u[0]);
  ck_assert(pos_key(pos) == key);
  assert_fen(pos, start);
  shipped_play(pos, "P@b2", &u[0]);
  assert_fen(pos, "7/7/7/1pp4/3p3/1P5/P6 b - - 0 1");
  pos_unmake_move(pos, &u[0]);
  pos_free(pos);
  /* quadwrangle: a drop alone turns nothing; next to a stone of its side it
   * turns the enemy stones around it; a slide always does */
  pos = shipped_position(lib, "quadwrangle", "8/8/8/3p4/8/8/8/P7 w - - 0 1");
  shipped_play(pos, "P@d4", &u[0]);
  assert_fen(pos, "8/8/8/3p4/3P4/8/8/P7 b - - 0 1");
  pos_unmake_move(pos, &u[0]);
  char err[128];
  ck_assert(pos_set_fen(pos, "8/8/8/3p4/8/2P5/8/P7 w - - 0 1", err, sizeof err));
  shipped_play(pos, "P@d4", &u[0]);
  assert_fen(pos, "8/8/8/3P4/3P4/2P5/8/P7 b - - 0 1");
  pos_unmake_move(pos, &u[0]);
  shipped_play(pos, "a1a4", &u[1]); /* next to no enemy stone */
  assert_fen(pos, "8/8/8/3p4/P7/2P5/8/8 b - - 1 1");
  pos_unmake_move(pos, &u[1]);
  shipped_play(pos, "c3c4", &u[1]);
  assert_fen(pos, "8/8/8/3P4/2P5/8/8/P7 b - - 1 1");
  pos_unmake_move(pos, &u[1]);
  assert_fen(pos, "8/8/8/3p4/8/2P5/8/P7 w - - 0 1");
  pos_free(pos);
  library_free(lib);
}
END_TEST

/* A full board has no moves and goes to the side with more stones; two
 * passes in a row end the game the same way. */
START_TEST(full_board_counts) {
  VariantLibrary *lib = shipped_library_load();
  Position *pos = shipped_position(lib, "flipello6",
                                   "pppppp/PpPPPP/PPPPPp/PPpPpp/PPPPp1/PPPPp1"
                                   "[PPPPPPpppppppp] w - - 1 17");
  MoveList list;
  ck_assert_int_eq(gen_legal_moves(pos, &list), 2);
  Undo u[3];
  shipped_play(pos, "P@f1", &u[0]); /* turns e1 and e2 */
  /* Black cannot drop on f2: it passes, written as its lowest stone (c3) */
  ck_assert_int_eq(gen_legal_moves(pos, &list), 1);
  shipped_play(pos, "c3c3", &u[1]);
  shipped_play(pos, "P@f2", &u[2]); /* turns e3, f3, f4: 28 stones to 8 */
  assert_fen(pos, "pppppp/PpPPPP/PPPPPP/PPpPPP/PPPPPP/PPPPPP[PPPPpppppppp] b - - 0 18");
  ck_assert_int_eq(gen_legal_moves(pos, &list), 0);
  ck_assert(pos_is_decided(pos));
  /* Black, to move, has fewer stones */
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  for (int i = 2; i >= 0; i--) pos_unmake_move(pos, &u[i]);
  ck_assert(pos_is_ok(pos));
  pos_free(pos);
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_flips");
  TCase *tc = tcase_create("flips");
  tcase_add_test(tc, reversi_drop_turns_three_lines);
  tcase_add_test(tc, ataxx_and_quadwrangle_turn_neighbours);
  tcase_add_test(tc, full_board_counts);
  suite_add_tcase(suite, tc);
  return suite;
}
