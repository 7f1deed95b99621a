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

/* A count on any letter dissolves the same way (MBN §18, decision 10): Q2 is
 * (W0F0)2, a queen move continued straight on, which is a queen, not
 * XBoard's W2F2; K2 is (WF)2 = WF-[WF] straight on = W2F2; N2 = N-[N]
 * straight on. On 5x5 from c3 the queen reaches every square but the 8
 * knight squares (16), K2 the same 16, and N2 only the 8 knight squares (a
 * second (1,2) step leaves the board). */
START_TEST(counts_on_compound_letters) {
  const char *queen5 = "a1:mc c1:mc e1:mc b2:mc c2:mc d2:mc a3:mc b3:mc d3:mc e3:mc b4:mc c4:mc "
                       "d4:mc a5:mc c5:mc e5:mc";
  EXPECT_REACH("X=Q2", 5, 5, "X", WHITE, "c3", queen5);
  EXPECT_REACH("X=K2", 5, 5, "X", WHITE, "c3", queen5);
  EXPECT_REACH("X=N2", 5, 5, "X", WHITE, "c3", "b1:mc d1:mc a2:mc e2:mc a4:mc e4:mc b5:mc d5:mc");
  /* On 7x7 from d4 they differ: the queen's 24 squares, K2's 16 (two
   * squares in each of 8 directions), B3 = (F0)3 = the whole bishop (12). */
  EXPECT_REACH("X=K2", 7, 7, "X", WHITE, "d4",
               "b2:mc d2:mc f2:mc c3:mc d3:mc e3:mc b4:mc c4:mc e4:mc f4:mc c5:mc d5:mc e5:mc "
               "b6:mc d6:mc f6:mc");
  EXPECT_REACH("X=B3", 7, 7, "X", WHITE, "d4",
               "a1:mc g1:mc b2:mc f2:mc c3:mc e3:mc c5:mc e5:mc b6:mc f6:mc a7:mc g7:mc");
  char error[128];
  Variant *v = mtu_compile("X=Q2 Y=Q", 7, 7, error, sizeof error);
  ck_assert_ptr_nonnull(v);
  char *queen7 = strdup(mtu_reach(v, "Y", WHITE, "d4"));
  ck_assert_str_eq(mtu_reach(v, "X", WHITE, "d4"), queen7);
  free(queen7);
  mtu_free(v);
}
END_TEST

/* MBN's seventh direction table: on an oblique atom f b l r name a sector,
 * not a half-plane ((±1,2) is "f", (±2,1) "l" or "r"); on a diagonal both
 * letters hold (audit rows "f b l r on oblique atoms" and "f:1,4:"). */
START_TEST(directions_on_oblique_atoms_follow_the_seventh_table) {
  EXPECT_REACH("X=fN", 8, 8, "X", WHITE, "d4", "c6:mc e6:mc");
  EXPECT_REACH("X=bN", 8, 8, "X", WHITE, "d4", "c2:mc e2:mc");
  EXPECT_REACH("X=lN", 8, 8, "X", WHITE, "d4", "b3:mc b5:mc");
  EXPECT_REACH("X=rN", 8, 8, "X", WHITE, "d4", "f3:mc f5:mc");
  EXPECT_REACH("X=lfN", 8, 8, "X", WHITE, "d4", "b3:mc b5:mc c6:mc e6:mc");
  EXPECT_REACH("X=fZ", 8, 8, "X", WHITE, "d4", "b7:mc f7:mc");
  EXPECT_REACH("X=f:1,4:", 8, 8, "X", WHITE, "d4", "c8:mc e8:mc");
  EXPECT_REACH("X=lF", 8, 8, "X", WHITE, "d4", "c3:mc c5:mc");
  EXPECT_REACH("X=fF", 8, 8, "X", WHITE, "d4", "c5:mc e5:mc");
  /* Black's forward is down the board */
  EXPECT_REACH("X=fN", 8, 8, "X", BLACK, "d4", "c2:mc e2:mc");
}
END_TEST

/* The Boyscout F-[(zF)0] (§6, basic piece Y) zig-zags along one line: the
 * first z after a diagonal step may reflect either axis, and the later ones
 * of the path keep it (decision 4). From d4: north-east e5 then d6 e7 d8
 * (files) or f4 g5 h4 (ranks), and so on in the four directions; never back
 * to d4 (the audit's row "z / Boyscout": 18 squares, no null move). */
START_TEST(boyscout_zig_zags_along_one_line) {
  const char *want = "c1:mc e1:mc d2:mc a3:mc c3:mc e3:mc g3:mc b4:mc f4:mc h4:mc a5:mc c5:mc "
                     "e5:mc g5:mc d6:mc c7:mc e7:mc d8:mc";
  EXPECT_REACH("B=F-[(zF)0]", 8, 8, "B", WHITE, "d4", want);
  EXPECT_REACH("X=Y", 8, 8, "X", WHITE, "d4", want);
  /* after a vertical step the text fixes the axis: (α,-β) */
  EXPECT_REACH("X=fN-zN", 8, 8, "X", WHITE, "d4", "b4:mc f4:mc");
}
END_TEST

START_TEST(exact_and_limited_riders) {
  EXPECT_REACH("X=fW03", 1, 8, "X", WHITE, "a1", "a4:mc");
  EXPECT_REACH("X=fN0", 8, 8, "X", WHITE, "a1", "b3:mc c5:mc d7:mc");
  /* W00 is the null slider O: it "moves" to its own square. */
  EXPECT_REACH("X=W00", 3, 3, "X", WHITE, "b2", "b2:mc");
}
END_TEST

/* n on a rider (MBN: "a leaping rider will become a sliding rider"): on an
 * empty board the lame nightrider nN0 reaches the nightrider's squares, the
 * exact nN02 only the four second leaps that stay on the board from d4, and
 * nN1 is the lame knight's one leap. */
START_TEST(lame_riders_on_an_empty_board) {
  char *nightrider = NULL;
  {
    char error[256] = "";
    Variant *v = mtu_compile("X=N0", 8, 8, error, sizeof error);
    ck_assert_msg(v != NULL, "%s", error);
    nightrider = strdup(mtu_reach(v, "X", WHITE, "d4"));
    mtu_free(v);
  }
  EXPECT_REACH("X=nN0", 8, 8, "X", WHITE, "d4", nightrider);
  free(nightrider);
  EXPECT_REACH("X=nN02", 8, 8, "X", WHITE, "d4", "h2:mc h6:mc b8:mc f8:mc");
  EXPECT_REACH("X=nN1", 8, 8, "X", WHITE, "d4", "c2:mc e2:mc b3:mc f3:mc b5:mc f5:mc c6:mc e6:mc");
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
  tcase_add_test(tc, counts_on_compound_letters);
  tcase_add_test(tc, directions_on_oblique_atoms_follow_the_seventh_table);
  tcase_add_test(tc, boyscout_zig_zags_along_one_line);
  tcase_add_test(tc, exact_and_limited_riders);
  tcase_add_test(tc, lame_riders_on_an_empty_board);
  suite_add_tcase(suite, tc);
  return suite;
}
