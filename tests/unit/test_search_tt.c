/* test_search_tt.c — the transposition table keeps what it is given and the
 * time manager's allocations are sane for every kind of clock. */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <unistd.h>

#include "search/score.h"
#include "search/timeman.h"
#include "search/tt.h"

Suite *test_suite(void);

START_TEST(store_then_probe_round_trips) {
  TTable tt = {0};
  ck_assert(tt_init(&tt, 1));
  uint64_t key = 0x123456789abcdef0ull;
  tt_store(&tt, key, 3, 0xbeef, 57, -12, 9, TT_EXACT);
  TTHit hit;
  ck_assert(tt_probe(&tt, key, 3, &hit));
  ck_assert_uint_eq(hit.move, 0xbeef);
  ck_assert_int_eq(hit.score, 57);
  ck_assert_int_eq(hit.eval, -12);
  ck_assert_int_eq(hit.depth, 9);
  ck_assert_int_eq(hit.bound, TT_EXACT);
  ck_assert(!tt_probe(&tt, key ^ (1ull << 63), 3, &hit));
  tt_clear(&tt);
  ck_assert(!tt_probe(&tt, key, 3, &hit));
  tt_free(&tt);
}
END_TEST

START_TEST(mate_scores_are_stored_relative_to_the_node) {
  TTable tt = {0};
  ck_assert(tt_init(&tt, 1));
  uint64_t key = 0x0f0f0f0f12345678ull;
  /* Found at ply 4: mate in 7 plies from the root = 3 plies from here. */
  tt_store(&tt, key, 4, 1, SEARCH_MATE - 7, 0, 5, TT_LOWER);
  TTHit hit;
  ck_assert(tt_probe(&tt, key, 10, &hit)); /* same node reached at ply 10 */
  ck_assert_int_eq(hit.score, SEARCH_MATE - 13);
  ck_assert_int_eq(hit.bound, TT_LOWER);
  tt_free(&tt);
}
END_TEST

START_TEST(quiescence_drafts_and_replacement) {
  TTable tt = {0};
  ck_assert(tt_init(&tt, 1));
  uint64_t key = 0x1111222233334444ull;
  tt_store(&tt, key, 0, 5, 10, 10, -1, TT_UPPER);
  TTHit hit;
  ck_assert(tt_probe(&tt, key, 0, &hit));
  ck_assert_int_eq(hit.depth, -1);
  /* A deeper result for the same key replaces it; a move-less store keeps the move. */
  tt_store(&tt, key, 0, 0, 20, 10, 6, TT_LOWER);
  ck_assert(tt_probe(&tt, key, 0, &hit));
  ck_assert_int_eq(hit.depth, 6);
  ck_assert_uint_eq(hit.move, 5);
  /* Fill the bucket with other keys: the entry survives three newcomers. */
  uint64_t buckets = tt.bucket_count;
  for (uint64_t i = 1; i <= 3; i++) tt_store(&tt, key + (i << 50), 0, 0, 0, 0, 1, TT_EXACT);
  ck_assert(tt_probe(&tt, key, 0, &hit));
  ck_assert_int_eq(hit.depth, 6);
  ck_assert(tt_probe(&tt, key + (3ull << 50), 0, &hit));
  ck_assert_int_eq(hit.depth, 1);
  ck_assert_uint_eq(tt.bucket_count, buckets);
  ck_assert_int_gt(tt_hashfull(&tt), -1);
  tt_free(&tt);
}
END_TEST

START_TEST(sizes_are_powers_of_two_within_the_budget) {
  TTable tt = {0};
  for (size_t mb = 1; mb <= 64; mb *= 4) {
    ck_assert(tt_init(&tt, mb));
    ck_assert_uint_eq(tt.bucket_count & (tt.bucket_count - 1), 0);
    ck_assert_uint_le(tt.bucket_count * sizeof(TTBucket), mb << 20);
    ck_assert_uint_gt(tt.bucket_count * sizeof(TTBucket) * 2, mb << 20);
  }
  tt_free(&tt);
  ck_assert_uint_eq(sizeof(TTBucket), 64);
}
END_TEST

static long minor_page_faults(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

/* A new table, and clearing one no search has written (ucinewgame right
 * after setoption Hash), touch none of its pages: zeroing each page made a
 * Hash of half the machine's memory keep isready waiting 10-25 s (audit).
 * Counted in page faults, not in time; once written, a clear still empties
 * the table. */
START_TEST(a_new_table_is_not_touched_page_by_page) {
  TTable tt = {0};
  const size_t megabytes = 256;
  long pages = (long)((megabytes << 20) / (size_t)sysconf(_SC_PAGE_SIZE));
  long before = minor_page_faults();
  ck_assert(tt_init(&tt, megabytes));
  tt_clear(&tt);
  long faults = minor_page_faults() - before;
  /* Zeroing touched every page (65,537 faults for 65,536 pages); under
   * AddressSanitizer the allocation's shadow, an eighth of its size, is
   * touched too (8,205), so the bound is half. */
  ck_assert_msg(faults < pages / 2, "%ld page faults for a table of %ld pages", faults, pages);
  uint64_t key = 0x0fedcba987654321ull;
  TTHit hit;
  ck_assert(!tt_probe(&tt, key, 0, &hit));
  tt_store(&tt, key, 0, 7, 1, 1, 3, TT_EXACT);
  ck_assert(tt_probe(&tt, key, 0, &hit));
  tt_clear(&tt);
  ck_assert(!tt_probe(&tt, key, 0, &hit));
  tt_free(&tt);
}
END_TEST

START_TEST(fixed_move_time_keeps_the_overhead) {
  TimePlan plan = time_plan_make(0, 0, 0, 1000, 30, 0);
  ck_assert(plan.limited);
  ck_assert_int_eq(plan.hard_ms, 970);
  ck_assert_int_eq(plan.soft_ms, 970);
  ck_assert(!time_plan_make(0, 0, 0, 0, 30, 0).limited);
}
END_TEST

/* Plays a game of `moves` moves spending `hard` (the worst case) or the
 * longest soft limit on every move, plus half the overhead as lag: the clock
 * never reaches zero. */
static void play_out(int64_t clock, int64_t inc, int mtg, int64_t overhead, int moves, bool hard) {
  int64_t remaining = clock;
  for (int move = 0; move < moves; move++) {
    int to_go = mtg ? mtg - move % mtg : 0;
    TimePlan plan = time_plan_make(remaining, inc, to_go, 0, overhead, 2 * move);
    ck_assert(plan.limited);
    ck_assert_int_ge(plan.soft_ms, 1);
    ck_assert_int_le(plan.soft_ms, plan.hard_ms);
    ck_assert_int_le(time_soft_scaled(&plan, 0, 500), plan.hard_ms);
    ck_assert_int_lt(plan.hard_ms, remaining);
    int64_t spent = hard ? plan.hard_ms : time_soft_scaled(&plan, 0, 60);
    remaining -= spent + overhead / 2; /* real lag below the reserve */
    ck_assert_int_gt(remaining, 0);
    remaining += inc;
    if (mtg && to_go == 1) remaining += clock;
  }
}

START_TEST(no_clock_runs_out_in_the_worst_case) {
  play_out(60000, 0, 0, 30, 120, false); /* sudden death, 1 minute */
  play_out(60000, 0, 0, 30, 40, true);
  play_out(10000, 100, 0, 30, 300, true); /* 10 s + 0.1 s */
  play_out(2000, 20, 0, 10, 300, true);   /* bullet */
  play_out(60000, 0, 40, 30, 300, true);  /* 40 moves in 1 minute */
  play_out(5000, 0, 10, 20, 300, true);   /* 10 moves in 5 seconds */
}
END_TEST

/* A bullet game whose every move really costs an overhead of lag on top of
 * an unstable best move's time (twice the soft limit): once the clock is low
 * the moves cost less than the increment, and the clock settles above the
 * reserve of ten overheads instead of a few overheads (where it had stayed
 * near 60 ms, and one lag spike lost on time). */
START_TEST(a_low_clock_settles_above_the_reserve) {
  const int64_t inc = 20, overhead = 10;
  int64_t remaining = 2000;
  for (int move = 0; move < 200; move++) {
    TimePlan plan = time_plan_make(remaining, inc, 0, 0, overhead, 2 * move);
    remaining -= time_soft_scaled(&plan, 0, 0) + overhead;
    if (move >= 40) ck_assert_int_ge(remaining, 10 * overhead);
    remaining += inc;
  }
}
END_TEST

START_TEST(increment_and_sessions_shape_the_allocation) {
  TimePlan sudden = time_plan_make(60000, 0, 0, 0, 30, 0);
  TimePlan incr = time_plan_make(60000, 1000, 0, 0, 30, 0);
  TimePlan last = time_plan_make(60000, 0, 1, 0, 30, 0);
  ck_assert_int_gt(incr.soft_ms, sudden.soft_ms);
  ck_assert_int_gt(last.soft_ms, 10 * sudden.soft_ms); /* last move before the control */
  ck_assert_int_lt(sudden.soft_ms, 60000 / 20);
  /* The default overhead leaves a bullet game's increments to spend: the
   * first move may take at least an even share of the bare clock. */
  TimePlan bullet = time_plan_make(2000, 20, 0, 0, TIME_OVERHEAD_DEFAULT, 0);
  ck_assert_int_ge(bullet.soft_ms, 2000 / 40);
  TimePlan stable = sudden;
  ck_assert_int_lt(time_soft_scaled(&stable, 4, 0), time_soft_scaled(&stable, 0, 0));
}
END_TEST

/* go movetime: the whole time (less the overhead) is thought, however
 * stable the best move: a stable move at 75% of it stopped "go movetime
 * 60" after 44 ms, and the unspent time is not saved for another move. */
START_TEST(a_fixed_time_per_move_is_thought_in_full) {
  TimePlan fixed = time_plan_make(60000, 1000, 0, 1000, 10, 20);
  ck_assert(fixed.limited && fixed.fixed);
  ck_assert_int_eq(fixed.hard_ms, 990);
  for (int stability = 0; stability <= 4; stability++)
    ck_assert_int_eq(time_soft_scaled(&fixed, stability, 0), 990);
  TimePlan clock = time_plan_make(60000, 1000, 0, 0, 10, 20);
  ck_assert(clock.limited && !clock.fixed);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("search_tt");
  TCase *tc = tcase_create("tt");
  tcase_add_test(tc, store_then_probe_round_trips);
  tcase_add_test(tc, a_fixed_time_per_move_is_thought_in_full);
  tcase_add_test(tc, mate_scores_are_stored_relative_to_the_node);
  tcase_add_test(tc, quiescence_drafts_and_replacement);
  tcase_add_test(tc, sizes_are_powers_of_two_within_the_budget);
  tcase_add_test(tc, a_new_table_is_not_touched_page_by_page);
  suite_add_tcase(suite, tc);
  TCase *tm = tcase_create("timeman");
  tcase_add_test(tm, fixed_move_time_keeps_the_overhead);
  tcase_add_test(tm, no_clock_runs_out_in_the_worst_case);
  tcase_add_test(tm, increment_and_sessions_shape_the_allocation);
  tcase_add_test(tm, a_low_clock_settles_above_the_reserve);
  suite_add_tcase(suite, tm);
  return suite;
}
