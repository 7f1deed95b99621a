/* test_search_repetition.c — repetitions in the search are scored by the
 * variant's rules: minishogi's loss=repetition(4),white makes a repetition
 * a loss for White whoever steers into it (Fairy-Stockfish's absolute
 * nFoldValue, issue #14): Black seeks it, White avoids it; chess's
 * draw=repetition keeps a repetition near equal; a shogi rook's cycle is a
 * repetition too (its moves leave the halfmove clock running). */
#include <check.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "mbn/variant_library.h"
#include "search/search.h"
#include "shipped_library.h"

Suite *test_suite(void);

/* The score of the root's search when the game history holds, 4 plies
 * before the position after `move`, that same position. */
static int score_with_repetition_after(const char *variant, const char *fen, const char *move,
                                       Move *best) {
  VariantLibrary *lib = shipped_library_load();
  Position *pos = shipped_position(lib, variant, fen);
  Move m = move_from_text(pos, move, NULL, 0);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s", move);
  Undo undo;
  pos_make_move(pos, m, &undo);
  uint64_t keys[8];
  for (int i = 0; i < 8; i++) keys[i] = 0x5151 + (uint64_t)i;
  keys[5] = pos_key(pos); /* root at index 8, its child at 9: 4 plies back */
  pos_unmake_move(pos, &undo);
  Searcher *searcher = searcher_new();
  SearchLimits limits;
  memset(&limits, 0, sizeof limits);
  limits.depth = 3;
  limits.move_overhead = -1;
  int score = 0;
  *best = search_run(searcher, pos, keys, 8, &limits, &score);
  ck_assert(*best == m || score < SEARCH_MATE - 1000);
  searcher_free(searcher);
  pos_free(pos);
  library_free(lib);
  return score;
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
      "shogi", "4k3r/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] b - - 3 1", "i9h9", &best);
  ck_assert_int_gt(score, -200);
  char text[MOVE_TEXT_MAX];
  VariantLibrary *lib = shipped_library_load();
  Position *pos =
      shipped_position(lib, "shogi", "4k3r/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] b - - 3 1");
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

Suite *test_suite(void) {
  Suite *suite = suite_create("search_repetition");
  TCase *tc = tcase_create("repetition");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, minishogi_repetition_loses_for_white_whoever_repeats);
  tcase_add_test(tc, chess_repetition_is_near_a_draw);
  tcase_add_test(tc, shogi_rook_cycle_is_a_repetition);
  suite_add_tcase(suite, tc);
  return suite;
}
