/* test_mbn_pieces.c — the basic pieces of MBN section 14 and the worked
 * examples of section 18 reach, on an empty board, exactly the squares
 * drawn by hand from the MBN text's diagrams and descriptions. */
#include <check.h>

#include "mbn_test_util.h"

Suite *test_suite(void);

#define EXPECT_REACH(defs, files, ranks, letter, color, from, expected)                            \
  do {                                                                                             \
    char error_[256] = "";                                                                         \
    Variant *v_ = mtu_compile(defs, files, ranks, error_, sizeof error_);                          \
    ck_assert_msg(v_ != NULL, "'%s' failed: %s", defs, error_);                                    \
    ck_assert_str_eq(mtu_reach(v_, letter, color, from), expected);                                \
    mtu_free(v_);                                                                                  \
  } while (0)

START_TEST(knight_from_d4) {
  EXPECT_REACH("N", 8, 8, "N", WHITE, "d4", "c2:mc e2:mc b3:mc f3:mc b5:mc f5:mc c6:mc e6:mc");
}
END_TEST

START_TEST(king_in_the_corner) {
  EXPECT_REACH("K", 8, 8, "K", WHITE, "a1", "b1:mc a2:mc b2:mc");
}
END_TEST

START_TEST(rook_bishop_queen) {
  EXPECT_REACH("R", 4, 4, "R", WHITE, "b2", "b1:mc a2:mc c2:mc d2:mc b3:mc b4:mc");
  EXPECT_REACH("B", 4, 4, "B", WHITE, "b2", "a1:mc c1:mc a3:mc c3:mc d4:mc");
  EXPECT_REACH("Q", 3, 3, "Q", WHITE, "a1", "b1:mc c1:mc a2:mc b2:mc a3:mc c3:mc");
}
END_TEST

START_TEST(pawn_white_and_black) {
  /* mfW+cefF+[1-2]mefW02: the double step only from ranks 1-2 (7-8 for Black). */
  EXPECT_REACH("P", 8, 8, "P", WHITE, "d2", "c3:c d3:m e3:c d4:m");
  EXPECT_REACH("P", 8, 8, "P", WHITE, "d4", "c5:c d5:m e5:c");
  EXPECT_REACH("P", 8, 8, "P", BLACK, "d7", "d5:m c6:c d6:m e6:c");
  EXPECT_REACH("P", 8, 8, "P", BLACK, "d5", "c4:c d4:m e4:c");
}
END_TEST

START_TEST(berolina_pawn) {
  /* mfsF+cefW+[1-2]mefF02: moves diagonally forward (two from its first
   * ranks), captures straight forward. */
  EXPECT_REACH("S", 8, 8, "S", WHITE, "d2", "c3:m d3:c e3:m b4:m f4:m");
}
END_TEST

START_TEST(janus_marshall_empress) {
  char error[128];
  Variant *v = mtu_compile("I M E", 5, 5, error, sizeof error);
  ck_assert_ptr_nonnull(v);
  ck_assert_str_eq(mtu_squares(v, "I", WHITE, "a1"), "b2 c2 b3 c3 d4 e5");
  ck_assert_str_eq(mtu_squares(v, "M", WHITE, "a1"), "b1 c1 d1 e1 a2 c2 a3 b3 a4 a5");
  ck_assert_str_eq(mtu_squares(v, "E", WHITE, "a1"), "b1 c1 d1 e1 a2 c2 a3 b3 a4 a5");
  mtu_free(v);
}
END_TEST

START_TEST(leaper_atoms) {
  EXPECT_REACH("X=D", 5, 5, "X", WHITE, "c3", "c1:mc a3:mc e3:mc c5:mc");
  EXPECT_REACH("X=A", 5, 5, "X", WHITE, "c3", "a1:mc e1:mc a5:mc e5:mc");
  EXPECT_REACH("X=H", 7, 7, "X", WHITE, "d4", "d1:mc a4:mc g4:mc d7:mc");
  EXPECT_REACH("X=C", 5, 5, "X", WHITE, "a1", "d2:mc b4:mc");
  EXPECT_REACH("X=L", 5, 5, "X", WHITE, "a1", "d2:mc b4:mc");
  EXPECT_REACH("X=Z", 5, 5, "X", WHITE, "a1", "d3:mc c4:mc");
  EXPECT_REACH("X=J", 5, 5, "X", WHITE, "a1", "d3:mc c4:mc");
  EXPECT_REACH("X=T", 5, 5, "X", WHITE, "a1", "d4:mc");
  EXPECT_REACH("X=G", 5, 5, "X", WHITE, "a1", "d4:mc");
  EXPECT_REACH("X=:1,4:", 6, 6, "X", WHITE, "a1", "e2:mc b5:mc");
}
END_TEST

START_TEST(short_rook_w4) {
  EXPECT_REACH("S=W4", 8, 8, "S", WHITE, "a1", "b1:mc c1:mc d1:mc e1:mc a2:mc a3:mc a4:mc a5:mc");
  /* R4 is (W0)4, which is W0: a rook. */
  EXPECT_REACH("S=R4", 6, 1, "S", WHITE, "a1", "b1:mc c1:mc d1:mc e1:mc f1:mc");
}
END_TEST

START_TEST(exact_and_limited_riders) {
  EXPECT_REACH("X=fW03", 1, 8, "X", WHITE, "a1", "a4:mc");
  EXPECT_REACH("X=fN0", 8, 8, "X", WHITE, "a1", "c2:mc b3:mc e3:mc g4:mc c5:mc d7:mc");
  /* W00 is the null slider O: it "moves" to its own square. */
  EXPECT_REACH("X=W00", 3, 3, "X", WHITE, "b2", "b2:mc");
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("mbn_pieces");
  TCase *tc = tcase_create("basic");
  tcase_add_test(tc, knight_from_d4);
  tcase_add_test(tc, king_in_the_corner);
  tcase_add_test(tc, rook_bishop_queen);
  tcase_add_test(tc, pawn_white_and_black);
  tcase_add_test(tc, berolina_pawn);
  tcase_add_test(tc, janus_marshall_empress);
  tcase_add_test(tc, leaper_atoms);
  tcase_add_test(tc, short_rook_w4);
  tcase_add_test(tc, exact_and_limited_riders);
  suite_add_tcase(suite, tc);
  return suite;
}
