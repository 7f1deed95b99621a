/* test_search_endgame.c — converting a won ending: the bare-royal win is a
 * terminal score the search sees at once, baring back is a draw the search
 * avoids, the evaluation drives a lone royal to the edge, hunts the last
 * defenders, prefers trades when ahead where a bared royal loses, wants the
 * enemy royal away from a passed pawn, and shrinks with the move-count
 * clock. Shatranj comes from the shipped library (variants/makruk.var);
 * chess is the board tests' hand-built one. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "board/rules_end.h"
#include "board_fixture.h"
#include "engine/variants_cmd.h"
#include "search/search.h"
#include "search/search_internal.h"

Suite *test_suite(void);

static VariantLibrary *library;

static const Variant *shatranj(void) {
  if (!library) library = engine_library_load(stderr);
  ck_assert_ptr_nonnull(library);
  const Variant *variant = library_find(library, "shatranj");
  ck_assert_ptr_nonnull(variant);
  return variant;
}

static Position *position_in(const Variant *variant, const char *fen) {
  char err[128];
  Position *pos = pos_new(variant, err, sizeof err);
  ck_assert_msg(pos != NULL, "%s", err);
  ck_assert_msg(pos_set_fen(pos, fen, err, sizeof err), "%s: %s", fen, err);
  return pos;
}

/* Best move and score of a fixed-depth search. */
static Move search_fen(const Variant *variant, const char *fen, int depth, int *score, char *text) {
  Position *pos = position_in(variant, fen);
  Searcher *searcher = searcher_new();
  SearchLimits limits;
  memset(&limits, 0, sizeof limits);
  limits.depth = depth;
  limits.move_overhead = -1;
  Move best = search_run(searcher, pos, NULL, &limits, score);
  text[0] = '\0';
  if (best) move_to_text(pos, best, text, MOVE_TEXT_MAX);
  searcher_free(searcher);
  pos_free(pos);
  return best;
}

/* Static evaluation of a position, from White's point of view. */
static int eval_white(const Variant *variant, const char *fen) {
  EvalTables tables;
  ck_assert(eval_tables_build(&tables, variant));
  Position *pos = position_in(variant, fen);
  int score = eval_position(pos, &tables);
  if (pos_side_to_move(pos) == BLACK) score = -score;
  pos_free(pos);
  eval_tables_free(&tables);
  return score;
}

START_TEST(bare_royal_win_is_seen_at_depth_one) {
  /* Rxa2 leaves Black a bare king with no way to bare White back. */
  int score = 0;
  char text[MOVE_TEXT_MAX];
  search_fen(shatranj(), "8/8/3k4/8/8/8/q2K4/R7 w - - 0 1", 1, &score, text);
  ck_assert_str_eq(text, "a1a2");
  ck_assert_int_ge(score, SEARCH_MATE_MAX);
}
END_TEST

START_TEST(baring_back_is_a_draw) {
  const Variant *variant = shatranj();
  /* Black was bared and bared White back: neither wins. */
  Position *pos = position_in(variant, "8/8/8/3k4/8/8/3K4/8 w - - 0 1");
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_DRAW);
  pos_free(pos);
  /* Black, bared, moved without baring White: White wins. */
  pos = position_in(variant, "8/8/8/3k4/8/8/3K4/R7 w - - 0 1");
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_WIN);
  pos_free(pos);
  /* Black, bared, still has its move. */
  pos = position_in(variant, "8/8/8/3k4/8/8/3K4/R7 b - - 0 1");
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  pos_free(pos);
}
END_TEST

START_TEST(search_does_not_allow_baring_back) {
  /* Rxd5 Kxd5 bares both kings (a draw); the rook keeps the won ending. */
  int score = 0;
  char text[MOVE_TEXT_MAX];
  search_fen(shatranj(), "8/8/3k4/3q4/8/8/3K4/3R4 w - - 0 1", 4, &score, text);
  ck_assert_str_ne(text, "d1d5");
  ck_assert_int_gt(score, 200);
}
END_TEST

START_TEST(trades_are_preferred_when_ahead_and_bare_royal_loses) {
  /* A rook up either way; after the rook trade Black has one piece left to
   * lose instead of two. */
  const Variant *variant = shatranj();
  int before = eval_white(variant, "3k4/3r4/8/4n3/8/2N5/3R4/3K3R w - - 0 1");
  int after = eval_white(variant, "3k4/8/8/4n3/8/2N5/8/3K3R w - - 0 1");
  ck_assert_int_gt(after, before + 60);
}
END_TEST

START_TEST(mop_up_drives_the_lone_royal_to_the_edge) {
  /* K+R vs K in chess, the royals two steps apart in both: the weak king
   * in the corner is worth much more than in the centre (the piece-square
   * terms alone make the difference 16 cp; the mop-up term adds 54). */
  const Variant *variant = fx_chess();
  int corner = eval_white(variant, "7k/8/5K2/8/8/8/8/R7 w - - 0 1");
  int centre = eval_white(variant, "8/8/8/4k3/8/2K5/8/R7 w - - 0 1");
  ck_assert_int_gt(corner, centre + 45);
}
END_TEST

START_TEST(last_defender_away_from_its_royal_is_worth_more) {
  /* Two rooks against a knight; the knight has 8 moves on c6 and on f4 (same
   * piece-square term) and is two steps from the white king on both; on c6
   * it is three steps from its king on f5, on f4 one: +12 per step in the
   * end game (the knight next to its king also shelters it a little). */
  const Variant *variant = shatranj();
  int apart = eval_white(variant, "8/8/2n5/5k2/3K4/8/8/RR6 w - - 0 1");
  int guarded = eval_white(variant, "8/8/8/5k2/3K1n2/8/8/RR6 w - - 0 1");
  ck_assert_int_ge(apart, guarded + 15);
}
END_TEST

START_TEST(passed_pawn_wants_the_enemy_royal_far_from_its_path) {
  /* K+P vs K in chess: the black king on f7 (next to e7, the square in front
   * of the pawn) or on c3 (four steps away); both squares give a king eight
   * moves, so only the passed pawn's royal-distance term tells them apart. */
  const Variant *variant = fx_chess();
  int far = eval_white(variant, "8/8/4P3/8/8/2k5/8/K7 w - - 0 1");
  int near = eval_white(variant, "8/5k2/4P3/8/8/8/8/K7 w - - 0 1");
  ck_assert_int_ge(far, near + 40);
}
END_TEST

START_TEST(move_count_clock_shrinks_the_score) {
  const Variant *variant = shatranj();
  int fresh = eval_white(variant, "8/8/3k4/3q4/8/8/3K4/R7 w - - 0 1");
  int late = eval_white(variant, "8/8/3k4/3q4/8/8/3K4/R7 w - - 80 1");
  ck_assert_int_gt(fresh, 200);
  ck_assert_int_lt(late, fresh * 3 / 4);
  ck_assert_int_gt(late, 0);
}
END_TEST

/* Armageddon (counting=blackdrawodds): the move-count draw is Black's win,
 * so the clock shrinks White's advantage as in chess but not Black's. */
START_TEST(move_count_clock_spares_black_with_draw_odds) {
  if (!library) library = engine_library_load(stderr);
  const Variant *chess = library_find(library, "chess");
  const Variant *armageddon = library_find(library, "armageddon");
  ck_assert_ptr_nonnull(chess);
  ck_assert_ptr_nonnull(armageddon);
  const char *black_ahead[2] = {"8/8/3k4/3q4/8/8/3K4/8 w - - 0 1",
                                "8/8/3k4/3q4/8/8/3K4/8 w - - 80 1"};
  const char *white_ahead[2] = {"8/8/3k4/3Q4/8/8/3K4/8 w - - 0 1",
                                "8/8/3k4/3Q4/8/8/3K4/8 w - - 80 1"};
  /* scores from White's side: Black's advantage is negative */
  ck_assert_int_lt(eval_white(chess, black_ahead[0]), -200);
  ck_assert_int_gt(eval_white(chess, black_ahead[1]), eval_white(chess, black_ahead[0]) * 3 / 4);
  ck_assert_int_eq(eval_white(armageddon, black_ahead[1]), eval_white(armageddon, black_ahead[0]));
  ck_assert_int_lt(eval_white(armageddon, white_ahead[1]),
                   eval_white(armageddon, white_ahead[0]) * 3 / 4);
}
END_TEST

static void library_teardown(void) {
  if (library) library_free(library);
  library = NULL;
}

Suite *test_suite(void) {
  Suite *suite = suite_create("search_endgame");
  TCase *tc = tcase_create("endgame");
  tcase_add_unchecked_fixture(tc, NULL, library_teardown);
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, bare_royal_win_is_seen_at_depth_one);
  tcase_add_test(tc, baring_back_is_a_draw);
  tcase_add_test(tc, search_does_not_allow_baring_back);
  tcase_add_test(tc, trades_are_preferred_when_ahead_and_bare_royal_loses);
  tcase_add_test(tc, mop_up_drives_the_lone_royal_to_the_edge);
  tcase_add_test(tc, last_defender_away_from_its_royal_is_worth_more);
  tcase_add_test(tc, passed_pawn_wants_the_enemy_royal_far_from_its_path);
  tcase_add_test(tc, move_count_clock_shrinks_the_score);
  tcase_add_test(tc, move_count_clock_spares_black_with_draw_odds);
  suite_add_tcase(suite, tc);
  return suite;
}
