/* test_search_repetition.c — repetitions in the search are scored by the
 * variant's rules: minishogi's loss=repetition(4),white makes a repetition
 * a loss for White whoever steers into it (Fairy-Stockfish's absolute
 * nFoldValue, issue #14): Black seeks it, White avoids it; chess's
 * draw=repetition keeps a repetition near equal; a shogi rook's cycle is a
 * repetition too (its moves leave the halfmove clock running). A cycle that
 * reaches back before the root counts only when the game's positions repeat
 * as often as the rule asks, and the game's checks decide perpetual check. */
#include <check.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "mbn/variant_library.h"
#include "search/search.h"
#include "shipped_library.h"

Suite *test_suite(void);

/* The score of the root's search when the game history holds the position
 * after `move` `times` times (4, 6 and 8 plies before it), the game's checks
 * given by `checks` (NULL: none known). */
static int score_with_repetitions_after(const char *variant, const char *fen, const char *move,
                                        int times, const bool *checks, Move *best) {
  VariantLibrary *lib = shipped_library_load();
  Position *pos = shipped_position(lib, variant, fen);
  Move m = move_from_text(pos, move, NULL, 0);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s", move);
  Undo undo;
  pos_make_move(pos, m, &undo);
  uint64_t keys[8];
  for (int i = 0; i < 8; i++) keys[i] = 0x5151 + (uint64_t)i;
  for (int k = 0; k < times; k++)
    keys[5 - 2 * k] = pos_key(pos); /* root at index 8, its child at 9: 4, 6, 8 plies back */
  pos_unmake_move(pos, &undo);
  Searcher *searcher = searcher_new();
  SearchLimits limits;
  memset(&limits, 0, sizeof limits);
  limits.depth = 3;
  limits.move_overhead = -1;
  int score = 0;
  *best = search_run(searcher, pos, &(SearchHistory){.keys = keys, .checks = checks, .length = 8},
                     &limits, &score);
  ck_assert(*best == m || score < SEARCH_MATE - 1000);
  searcher_free(searcher);
  pos_free(pos);
  library_free(lib);
  return score;
}

/* As often as the variant's rule asks (repetition(N): N - 1 times before). */
static int score_with_repetition_after(const char *variant, const char *fen, const char *move,
                                       Move *best) {
  VariantLibrary *lib = shipped_library_load();
  int needed = library_find(lib, variant)->rules.repetition_count;
  library_free(lib);
  return score_with_repetitions_after(variant, fen, move, needed > 0 ? needed - 1 : 2, NULL, best);
}

START_TEST(minishogi_repetition_loses_for_white_whoever_repeats) {
  Move best;
  /* Black repeating: White, to move at the repetition, loses. */
  int score =
      score_with_repetition_after("minishogi", "rbsgk/4p/5/P4/KGSBR[] b - - 10 1", "e5d4", &best);
  ck_assert_int_ge(score, SEARCH_MATE - 10);
  /* White repeating: Black is to move at the repetition, and White loses. */
  score =
      score_with_repetition_after("minishogi", "rbsgk/4p/5/P4/KGSBR[] w - - 10 1", "a1b2", &best);
  ck_assert_int_lt(score, SEARCH_MATE - 1000);
  char text[MOVE_TEXT_MAX];
  VariantLibrary *lib = shipped_library_load();
  Position *pos = shipped_position(lib, "minishogi", "rbsgk/4p/5/P4/KGSBR[] w - - 10 1");
  move_to_text(pos, best, text, sizeof text);
  ck_assert_str_ne(text, "a1b2");
  pos_free(pos);
  library_free(lib);
}
END_TEST

/* A shogi rook's move does not restart the halfmove clock (it did when any
 * move of a type that promotes restarted it), so the repetition scan of the
 * search reaches back over the rook's cycle: Black, a rook against White's
 * whole army, holds the draw by repeating. */
START_TEST(shogi_rook_cycle_is_a_repetition) {
  Move best;
  int score = score_with_repetition_after(
      "shogi", "4k3r/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] b - - 10 1", "i9h9", &best);
  ck_assert_int_gt(score, -200);
  char text[MOVE_TEXT_MAX];
  VariantLibrary *lib = shipped_library_load();
  Position *pos =
      shipped_position(lib, "shogi", "4k3r/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] b - - 10 1");
  move_to_text(pos, best, text, sizeof text);
  ck_assert_str_eq(text, "i9h9");
  pos_free(pos);
  library_free(lib);
}
END_TEST

START_TEST(chess_repetition_is_near_a_draw) {
  Move best;
  /* a quiet, equal position: repeating scores about 0, never a mate */
  int score = score_with_repetition_after(
      "chess", "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 10 1", "f3g1",
      &best);
  ck_assert_int_lt(score, 1000);
}
END_TEST

/* Down a queen, Black can go back to a position the game has seen: once
 * before is no draw yet (threefold), twice is. */
START_TEST(a_position_seen_once_before_the_root_is_no_draw_yet) {
  const char *fen = "6k1/8/8/8/8/8/5PPP/3Q2K1 b - - 10 1";
  Move best;
  int once = score_with_repetitions_after("chess", fen, "g8h8", 1, NULL, &best);
  ck_assert_int_lt(once, -500);
  int twice = score_with_repetitions_after("chess", fen, "g8h8", 2, NULL, &best);
  ck_assert_int_gt(twice, -100);
  ck_assert_int_lt(twice, 100);
}
END_TEST

/* Xiangqi: White's chariot has checked Black's general all along a cycle
 * that began before the root; Black's one evasion completes the third
 * occurrence, and the side giving perpetual check loses. The game's checks
 * decide it: without them the cycle is a draw. */
START_TEST(perpetual_check_is_judged_by_the_games_checks) {
  const char *fen = "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 10 1";
  /* Black to move at indices 0, 2, ..., 8 (the root): in check each time */
  bool checks[8] = {true, false, true, false, true, false, true, false};
  Move best;
  int judged = score_with_repetitions_after("xiangqi", fen, "e10e9", 2, checks, &best);
  ck_assert_int_ge(judged, SEARCH_MATE - 10);
  int unknown = score_with_repetitions_after("xiangqi", fen, "e10e9", 2, NULL, &best);
  ck_assert_int_lt(unknown, 100);
  ck_assert_int_gt(unknown, -100);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("search_repetition");
  TCase *tc = tcase_create("repetition");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, minishogi_repetition_loses_for_white_whoever_repeats);
  tcase_add_test(tc, chess_repetition_is_near_a_draw);
  tcase_add_test(tc, shogi_rook_cycle_is_a_repetition);
  tcase_add_test(tc, a_position_seen_once_before_the_root_is_no_draw_yet);
  tcase_add_test(tc, perpetual_check_is_judged_by_the_games_checks);
  suite_add_tcase(suite, tc);
  return suite;
}
