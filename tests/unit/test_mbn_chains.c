/* test_mbn_chains.c — tier 2 of DESIGN.md §3 on an empty board: chains,
 * sequences, optional and compulsory legs, complex riders, t and d, visits,
 * leaping riders, against squares worked out by hand. Kinds: m move, c
 * capture, h only over a hurdle, a only capturing on the way. */
#include <check.h>

#include "mbn/mbn_walk.h"
#include "mbn_test_util.h"

Suite *test_suite(void);

#define EXPECT_REACH(defs, files, ranks, letter, from, expected)                                   \
  do {                                                                                             \
    char error_[256] = "";                                                                         \
    Variant *v_ = mtu_compile(defs, files, ranks, error_, sizeof error_);                          \
    ck_assert_msg(v_ != NULL, "'%s' failed: %s", defs, error_);                                    \
    ck_assert_str_eq(mtu_reach(v_, letter, WHITE, from), expected);                                \
    mtu_free(v_);                                                                                  \
  } while (0)

START_TEST(chain_goes_straight_on_by_default) {
  /* W+(W-fW)+(W-fW-fW) is a three-square rook. */
  EXPECT_REACH("X=W+(W-fW)+(W-fW-fW)", 8, 8, "X", "d4",
               "d1:mc d2:mc d3:mc a4:mc b4:mc c4:mc e4:mc f4:mc g4:mc d5:mc d6:mc d7:mc");
  /* F-F: the second leg continues the diagonal (the Xiangqi elephant). */
  EXPECT_REACH("X=F-F", 5, 5, "X", "c3", "a1:mc e1:mc a5:mc e5:mc");
}
END_TEST

START_TEST(a_leg_of_several_atoms_goes_straight_together) {
  /* mK after cK going north: only north (the W part goes straight on, so the
   * F part, which cannot, adds nothing). The Congo monkey jumps over
   * enemies any number of times: every square an even number of files and
   * ranks away, its own square included (out and back over two pieces). */
  EXPECT_REACH("X=(dcK-mK)0", 8, 8, "X", "d4",
               "b2:a d2:a f2:a h2:a b4:a d4:a f4:a h4:a b6:a d6:a f6:a h6:a b8:a d8:a f8:a h8:a");
}
END_TEST

START_TEST(sequence_legs_are_independent) {
  /* N--N from a1: from b3 and c2, every knight move (not a1: a move ends
   * on its start square only where docs/mbn.md decision 11 allows). */
  EXPECT_REACH("X=N--N", 5, 5, "X", "a1", "c1:mc e1:mc d2:mc a3:mc e3:mc b4:mc d4:mc a5:mc c5:mc");
  /* K--fK: one step anywhere, then one step forward (absolute). */
  EXPECT_REACH("X=K--fK", 8, 8, "X", "d4",
               "b4:mc c4:mc e4:mc f4:mc b5:mc c5:mc d5:mc e5:mc f5:mc b6:mc c6:mc d6:mc "
               "e6:mc f6:mc");
}
END_TEST

START_TEST(optional_leg_may_be_left_out) {
  /* gfF3-[B]: up to three leaping forward diagonal steps, then optionally on
   * as a bishop in the same direction. */
  EXPECT_REACH("X=gfF3-[B]", 8, 8, "X", "d4", "c5:mc e5:mc b6:mc f6:mc a7:mc g7:mc h8:mc");
  /* [K]--[K]--K: one to three king steps. */
  EXPECT_REACH("X=[K]--[K]--K", 7, 1, "X", "d1", "a1:mc b1:mc c1:mc e1:mc f1:mc g1:mc");
}
END_TEST

START_TEST(withdrawal_with_a_turn) {
  /* mQ-{cK-tK}: a queen move, then (if an enemy stands next in line) take
   * it and step back. On 3x3 from a1 the step beyond exists after b1, a2, b2. */
  EXPECT_REACH("X=mQ-{cK-tK}", 3, 3, "X", "a1", "b1:ma c1:m a2:ma b2:ma a3:m c3:m");
}
END_TEST

START_TEST(complex_riders) {
  /* (pD)3: up to three hops over the middle square of a D leap. */
  EXPECT_REACH("X=(pD)3", 1, 8, "X", "a1", "a3:h a5:h a7:h");
  /* (pmD)03: exactly three. */
  EXPECT_REACH("X=(pmD)03", 1, 8, "X", "a1", "a7:h");
  /* U = g(WF)0: a queen that leaps. */
  EXPECT_REACH("U", 5, 5, "U", "a1",
               "b1:mc c1:mc d1:mc e1:mc a2:mc b2:mc a3:mc c3:mc a4:mc d4:mc a5:mc e5:mc");
}
END_TEST

START_TEST(visits_and_hurdles) {
  /* W-jW-W: step, visit a piece (not taking it), step on. */
  EXPECT_REACH("X=W-jW-W", 1, 5, "X", "a1", "a4:h");
  /* ppR: over one or more hurdles. */
  EXPECT_REACH("X=ppR", 1, 4, "X", "a1", "a3:h a4:h");
  /* Bocksprung: P+mp{!P}D, hopping a friendly pawn. */
  EXPECT_REACH("P=mfW+mp{!P}fD", 1, 5, "P", "a2", "a3:m a4:h");
}
END_TEST

START_TEST(d_makes_a_later_leg_absolute) {
  /* K-dfK equals K--fK. */
  EXPECT_REACH("X=K-dfK", 8, 8, "X", "d4",
               "b4:mc c4:mc e4:mc f4:mc b5:mc c5:mc d5:mc e5:mc f5:mc b6:mc c6:mc d6:mc "
               "e6:mc f6:mc");
}
END_TEST

/* Audit reproducer 3: tt (not reverse) was read as a doubled direction
 * and selected nothing ("this move can never end"). mW-ttW from d4: a W
 * step, then any W step but back: d6 d2 b4 f4 and the four diagonals. */
START_TEST(tt_is_not_reverse) {
  EXPECT_REACH("X=mW-ttW", 8, 8, "X", "d4", "d2:mc c3:mc e3:mc b4:mc f4:mc c5:mc e5:mc d6:mc");
}
END_TEST

/* Audit reproducer 9: the empty-board walker of `chimera show` reached 186
 * of 1296 squares for (dK)30 on 36x36, lopsided, and (dK)0 missed a1 and a2
 * on 8x8 (paths cut at the depth bound hid states a shallower path would
 * have explored). Now each is complete, and a walk it cannot finish says so
 * (-1) instead of returning part of the picture. */
START_TEST(complex_riders_are_walked_whole_or_refused) {
  char error[512];
  uint8_t reach[36 * 36];
  Variant *v = mtu_compile("X=(dK)0 Y=(dK)30", 36, 36, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  int x = mbn_find_piece(v, "X"), y = mbn_find_piece(v, "Y");
  ck_assert_int_eq(mbn_walk_empty(v, y, WHITE, mtu_square(v, "r18"), reach), 1295);
  ck_assert_int_eq(mbn_walk_empty(v, x, WHITE, mtu_square(v, "r18"), reach), -1);
  mtu_free(v);
  v = mtu_compile("X=(dK)0", 8, 8, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  ck_assert_int_eq(mbn_walk_empty(v, mbn_find_piece(v, "X"), WHITE, mtu_square(v, "d4"), reach),
                   63);
  mtu_free(v);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("mbn_chains");
  TCase *tc = tcase_create("chains");
  tcase_add_test(tc, chain_goes_straight_on_by_default);
  tcase_add_test(tc, a_leg_of_several_atoms_goes_straight_together);
  tcase_add_test(tc, sequence_legs_are_independent);
  tcase_add_test(tc, optional_leg_may_be_left_out);
  tcase_add_test(tc, withdrawal_with_a_turn);
  tcase_add_test(tc, complex_riders);
  tcase_add_test(tc, visits_and_hurdles);
  tcase_add_test(tc, d_makes_a_later_leg_absolute);
  tcase_add_test(tc, complex_riders_are_walked_whole_or_refused);
  tcase_add_test(tc, tt_is_not_reverse);
  suite_add_tcase(suite, tc);
  return suite;
}
