/* test_search.c — the search finds mates, knows draws, reports through its
 * callbacks, obeys its limits and is deterministic single-threaded. Uses the
 * board tests' hand-built chess (board_fixture.h), so it needs no variant files. */
#include <check.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "board_fixture.h"
#include "search/search.h"

Suite *test_suite(void);

static Position *position_at(const char *fen) {
  char err[128];
  Position *pos = pos_new(fx_chess(), err, sizeof err);
  ck_assert_msg(pos != NULL, "%s", err);
  if (fen) ck_assert_msg(pos_set_fen(pos, fen, err, sizeof err), "%s", err);
  return pos;
}

static SearchLimits depth_limits(int depth) {
  SearchLimits limits;
  memset(&limits, 0, sizeof limits);
  limits.depth = depth;
  limits.move_overhead = -1;
  return limits;
}

static void expect_best(const char *fen, int depth, const char *move_text, int min_score) {
  Position *pos = position_at(fen);
  Searcher *searcher = searcher_new();
  SearchLimits limits = depth_limits(depth);
  int score = 0;
  Move best = search_run(searcher, pos, NULL, &limits, &score);
  char text[MOVE_TEXT_MAX] = "";
  if (best) move_to_text(pos, best, text, sizeof text);
  ck_assert_msg(!strcmp(text, move_text), "%s: got %s, want %s", fen, text, move_text);
  ck_assert_int_ge(score, min_score);
  searcher_free(searcher);
  pos_free(pos);
}

START_TEST(finds_mate_in_one) {
  expect_best("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 4, "d1d8", SEARCH_MATE - 1);
}
END_TEST

START_TEST(finds_mate_in_two) {
  /* 1...Rg1+! 2.Kxg1 Rg2+ ... (checked with Fairy-Stockfish: mate 2). */
  expect_best("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 6, "g2g1", SEARCH_MATE - 3);
}
END_TEST

START_TEST(finds_mate_in_three) {
  /* The king hunt 1...Bc5+ (Fairy-Stockfish: mate 3). */
  expect_best("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 8, "f8c5",
              SEARCH_MATE - 5);
}
END_TEST

START_TEST(wins_the_hanging_queen) {
  expect_best("rnb1kbnr/pppp1ppp/8/4p1q1/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3", 5, "c1g5", 500);
}
END_TEST

START_TEST(stalemate_is_a_draw_and_mated_side_has_no_move) {
  /* Black to move is stalemated: no move, and the searcher says so. */
  Position *pos = position_at("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  Searcher *searcher = searcher_new();
  SearchLimits limits = depth_limits(3);
  int score = 99;
  ck_assert(search_run(searcher, pos, NULL, &limits, &score) == MOVE_NONE_VALUE);
  pos_free(pos);
  /* White must not stalemate: with Q+K vs K it keeps a winning score. */
  pos = position_at("7k/8/5QK1/8/8/8/8/8 w - - 0 1");
  Move best = search_run(searcher, pos, NULL, &limits, &score);
  ck_assert(best != MOVE_NONE_VALUE);
  char text[MOVE_TEXT_MAX];
  move_to_text(pos, best, text, sizeof text);
  ck_assert_str_ne(text, "f6f7"); /* Qf7 stalemates */
  ck_assert_int_gt(score, 500);
  searcher_free(searcher);
  pos_free(pos);
}
END_TEST

START_TEST(repetition_is_scored_as_a_draw) {
  /* Down a queen, Black can repeat: the history shows the position twice. */
  Position *pos = position_at("6k1/8/8/8/8/8/5PPP/3Q2K1 w - - 0 1");
  uint64_t keys[8];
  for (int i = 0; i < 8; i++) keys[i] = 0x1234 + (uint64_t)i;
  keys[4] = pos_key(pos); /* the same position 4 plies ago */
  Searcher *searcher = searcher_new();
  SearchLimits limits = depth_limits(4);
  int score = 0;
  Move best =
      search_run(searcher, pos, &(SearchHistory){.keys = keys, .length = 8}, &limits, &score);
  ck_assert(best != MOVE_NONE_VALUE);
  ck_assert_int_gt(score, 500); /* the root itself is not scored as a draw */
  searcher_free(searcher);
  pos_free(pos);
}
END_TEST

static uint64_t nodes_at_depth(int depth, int threads) {
  Position *pos = position_at(NULL);
  Searcher *searcher = searcher_new();
  searcher_set_threads(searcher, threads);
  SearchLimits limits = depth_limits(depth);
  search_run(searcher, pos, NULL, &limits, NULL);
  uint64_t nodes = search_nodes(searcher);
  searcher_free(searcher);
  pos_free(pos);
  return nodes;
}

START_TEST(single_thread_search_is_deterministic) {
  uint64_t a = nodes_at_depth(7, 1), b = nodes_at_depth(7, 1);
  ck_assert_uint_gt(a, 100);
  ck_assert_uint_eq(a, b);
}
END_TEST

START_TEST(several_threads_find_the_same_mate) {
  Position *pos = position_at("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
  Searcher *searcher = searcher_new();
  searcher_set_threads(searcher, 4);
  SearchLimits limits = depth_limits(6);
  int score = 0;
  Move best = search_run(searcher, pos, NULL, &limits, &score);
  char text[MOVE_TEXT_MAX];
  move_to_text(pos, best, text, sizeof text);
  ck_assert_str_eq(text, "d1d8");
  ck_assert_int_eq(score, SEARCH_MATE - 1);
  searcher_set_threads(searcher, 1); /* shrinking the pool works too */
  searcher_free(searcher);
  pos_free(pos);
}
END_TEST

typedef struct {
  int infos, bestmoves, lines_seen;
  int last_depth;
  Move best;
  int multipv_max;
  bool mate_seen;
} Reports;

static void on_info(void *user, const SearchInfo *info) {
  Reports *r = user;
  r->infos++;
  r->last_depth = info->depth;
  if (info->multipv > r->multipv_max) r->multipv_max = info->multipv;
  if (info->is_mate) r->mate_seen = true;
  ck_assert_int_ge(info->pv_len, 1);
  ck_assert_int_le(info->hashfull, 1000);
}

static void on_bestmove(void *user, Move best, Move ponder) {
  Reports *r = user;
  (void)ponder;
  r->bestmoves++;
  r->best = best;
}

START_TEST(callbacks_report_depths_multipv_and_one_bestmove) {
  Position *pos = position_at(NULL);
  Searcher *searcher = searcher_new();
  Reports reports = {0};
  SearchCallbacks callbacks = {on_info, on_bestmove, &reports};
  SearchLimits limits = depth_limits(5);
  limits.multipv = 3;
  search_start(searcher, pos, NULL, &limits, &callbacks);
  search_wait(searcher);
  ck_assert_int_eq(reports.bestmoves, 1);
  ck_assert_int_eq(reports.last_depth, 5);
  ck_assert_int_eq(reports.multipv_max, 3);
  ck_assert_int_ge(reports.infos, 5 * 3 - 3); /* thread 0 starts at depth 1 */
  ck_assert(reports.best != MOVE_NONE_VALUE);
  ck_assert(!search_is_running(searcher));
  searcher_free(searcher);
  pos_free(pos);
}
END_TEST

START_TEST(infinite_search_waits_for_stop_and_mate_limit_stops) {
  Position *pos = position_at("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
  Searcher *searcher = searcher_new();
  Reports reports = {0};
  SearchCallbacks callbacks = {on_info, on_bestmove, &reports};
  SearchLimits limits = depth_limits(3);
  limits.infinite = true;
  search_start(searcher, pos, NULL, &limits, &callbacks);
  /* Depth 3 ends at once, but an infinite search holds bestmove until stop. */
  while (reports.last_depth < 3) {
    struct timespec pause = {0, 1000000};
    nanosleep(&pause, NULL);
  }
  ck_assert_int_eq(reports.bestmoves, 0);
  ck_assert(search_is_running(searcher));
  search_stop(searcher);
  search_wait(searcher);
  ck_assert_int_eq(reports.bestmoves, 1);

  /* go mate 1 with no depth limit ends by itself once the mate is found. */
  memset(&reports, 0, sizeof reports);
  limits = depth_limits(0);
  limits.mate = 1;
  search_start(searcher, pos, NULL, &limits, &callbacks);
  search_wait(searcher);
  ck_assert_int_eq(reports.bestmoves, 1);
  ck_assert(reports.mate_seen);
  searcher_free(searcher);
  pos_free(pos);
}
END_TEST

START_TEST(ponder_holds_bestmove_until_ponderhit) {
  Position *pos = position_at(NULL);
  Searcher *searcher = searcher_new();
  Reports reports = {0};
  SearchCallbacks callbacks = {on_info, on_bestmove, &reports};
  SearchLimits limits = depth_limits(4);
  limits.ponder = true;
  limits.time[WHITE] = limits.time[BLACK] = 60000;
  search_start(searcher, pos, NULL, &limits, &callbacks);
  while (reports.last_depth < 4) {
    struct timespec pause = {0, 1000000};
    nanosleep(&pause, NULL);
  }
  ck_assert_int_eq(reports.bestmoves, 0); /* depth reached, still pondering */
  search_ponderhit(searcher);
  search_wait(searcher);
  ck_assert_int_eq(reports.bestmoves, 1);
  ck_assert(reports.best != MOVE_NONE_VALUE);
  searcher_free(searcher);
  pos_free(pos);
}
END_TEST

START_TEST(node_limit_and_searchmoves_are_obeyed) {
  Position *pos = position_at(NULL);
  Searcher *searcher = searcher_new();
  SearchLimits limits = depth_limits(0);
  limits.nodes = 5000;
  search_run(searcher, pos, NULL, &limits, NULL);
  ck_assert_uint_lt(search_nodes(searcher), 5000 + 1024 * 2);
  limits = depth_limits(4);
  limits.searchmove_count = 1;
  limits.searchmoves[0] = move_from_text(pos, "a2a3", NULL, 0);
  ck_assert(limits.searchmoves[0] != MOVE_NONE_VALUE);
  ck_assert(search_run(searcher, pos, NULL, &limits, NULL) == limits.searchmoves[0]);
  searcher_clear_hash(searcher);
  ck_assert(searcher_set_hash(searcher, 2));
  searcher_free(searcher);
  pos_free(pos);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("search");
  TCase *tc = tcase_create("search");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, finds_mate_in_one);
  tcase_add_test(tc, finds_mate_in_two);
  tcase_add_test(tc, finds_mate_in_three);
  tcase_add_test(tc, wins_the_hanging_queen);
  tcase_add_test(tc, stalemate_is_a_draw_and_mated_side_has_no_move);
  tcase_add_test(tc, repetition_is_scored_as_a_draw);
  tcase_add_test(tc, single_thread_search_is_deterministic);
  tcase_add_test(tc, several_threads_find_the_same_mate);
  tcase_add_test(tc, callbacks_report_depths_multipv_and_one_bestmove);
  tcase_add_test(tc, infinite_search_waits_for_stop_and_mate_limit_stops);
  tcase_add_test(tc, ponder_holds_bestmove_until_ponderhit);
  tcase_add_test(tc, node_limit_and_searchmoves_are_obeyed);
  suite_add_tcase(suite, tc);
  return suite;
}
