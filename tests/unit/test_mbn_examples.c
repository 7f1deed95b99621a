/* test_mbn_examples.c — the worked examples of the MBN text (sections 6, 13
 * and 18) on an empty board, against squares worked out by hand. Kinds: m
 * move, c capture, h only over a hurdle, a only capturing on the way. */
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

START_TEST(xiangqi_horse_is_a_lame_knight) {
  EXPECT_REACH("H=W-fF", 8, 8, "H", WHITE, "d4", "c2:mc e2:mc b3:mc f3:mc b5:mc f5:mc c6:mc e6:mc");
  /* From a1: a2 then b3, b1 then c2 (the other forward diagonals leave the board). */
  EXPECT_REACH("H=W-fF", 8, 8, "H", WHITE, "a1", "c2:mc b3:mc");
}
END_TEST

START_TEST(falcon_nCZ) {
  EXPECT_REACH("F=nCZ", 8, 8, "F", WHITE, "d4",
               "b1:mc c1:mc e1:mc f1:mc a2:mc g2:mc a3:mc g3:mc a5:mc g5:mc a6:mc g6:mc b7:mc "
               "c7:mc e7:mc f7:mc");
}
END_TEST

START_TEST(rose_circles_clockwise_with_rf) {
  /* (N)(rf)8 := N-{((rf)N)7}; (rf) turns one knight direction clockwise.
   * From e1: first g2, then i1 is off the board: stops at g2. First c2:
   * compulsory on to b4, then optionally c6 e7 g6 h4 g2 (e1, its start,
   * is never the end of a compulsory leg: MBN §6). First d3: e5,
   * g6, then off. First f3: h4, then off. */
  /* A first-step square the rose must leave again (c2, d3, f3) is a
   * destination only by capturing there. */
  EXPECT_REACH(":RO:=(N)(rf)8", 8, 8, ":RO:", WHITE, "e1",
               "c2:c g2:mc d3:c f3:c b4:mc h4:mc e5:mc c6:mc g6:mc e7:mc");
  /* The text's own path e1-g2-h4-g6-e7-c6-b4-c2-e1 turns the other way,
   * which is (lf) under our reading: from e1 via g2 it reaches all of it. */
  /* g2 h4 g6 e7 c6 b4 c2 (not e1, the start); c2 a1; d3 b4; f3 e5 c6 a5. */
  EXPECT_REACH(":RO:=(N)(lf)8", 8, 8, ":RO:", WHITE, "e1",
               "a1:mc c2:mc g2:c d3:c f3:c b4:mc h4:mc a5:mc e5:mc c6:mc g6:mc e7:mc");
}
END_TEST

START_TEST(circular_king) {
  /* K-{((fr)K)0*}: a king step, then compulsory clockwise king steps until
   * blocked (board edge, or the next step would return to the start). From
   * e1: E f1 stops (g0 off); NE f2-g2-h1; N e2-f3-g3-h2-h1; NW d2-d3-e4-f4-
   * g3-g2-f1 (next is e1); W d1-c2-c3-d4-e4-f3-f2 (next is e1). An enemy on
   * any square of a path stops it there with a capture. */
  EXPECT_REACH(":CK:=K-{((fr)K)0*}", 8, 8, ":CK:", WHITE, "e1",
               "d1:c f1:mc h1:mc c2:c d2:c e2:c f2:mc g2:c h2:c c3:c d3:c f3:c g3:c d4:c e4:c "
               "f4:c");
}
END_TEST

START_TEST(janggi_cannon) {
  const char *cannon = "C=a{^C}p{^C}R+[d-f1-3]a{^C}p{^C}B[d-f1-3]+[d-f8-10]a{^C}p{^C}B[d-f8-10]";
  /* From e5 it must hop: beyond e4/e6/d5/f5 only. */
  EXPECT_REACH(cannon, 9, 10, "C", WHITE, "e5",
               "e1:h e2:h e3:h a5:h b5:h c5:h g5:h h5:h i5:h e7:h e8:h e9:h e10:h");
  /* From the palace corner d1 it also hops e2 to f3. */
  EXPECT_REACH(cannon, 9, 10, "C", WHITE, "d1",
               "a1:h b1:h f1:h g1:h h1:h i1:h d3:h f3:h d4:h d5:h d6:h d7:h d8:h d9:h d10:h");
}
END_TEST

START_TEST(chu_shogi_lion) {
  /* ADN(aK--[K]): every square within two steps, and its own square
   * (step out and back: igui or a pass). */
  EXPECT_REACH("L=ADN(aK--[K])", 8, 8, "L", WHITE, "d4",
               "b2:mc c2:mc d2:mc e2:mc f2:mc b3:mc c3:mc d3:mc e3:mc f3:mc b4:mc c4:mc d4:mc "
               "e4:mc f4:mc b5:mc c5:mc d5:mc e5:mc f5:mc b6:mc c6:mc d6:mc e6:mc f6:mc");
}
END_TEST

START_TEST(checker_captures_away_from_its_destination) {
  EXPECT_REACH("C=fcF-mF", 8, 8, "C", WHITE, "d4", "b6:a f6:a");
  EXPECT_REACH("C=fcF-mF", 8, 8, "C", BLACK, "d4", "b2:a f2:a");
}
END_TEST

START_TEST(rampager_and_short_rook) {
  EXPECT_REACH(":RA:=(aW)3", 8, 8, ":RA:", WHITE, "a1", "b1:mc c1:mc d1:mc a2:mc a3:mc a4:mc");
  EXPECT_REACH("S=W4", 8, 8, "S", WHITE, "h8", "h4:mc h5:mc h6:mc h7:mc d8:mc e8:mc f8:mc g8:mc");
}
END_TEST

START_TEST(dolphin_of_whale_shogi) {
  const char *dolphin = "D=[1-5]fW+[6]bB";
  EXPECT_REACH(dolphin, 6, 6, "D", WHITE, "c3", "c4:mc");
  EXPECT_REACH(dolphin, 6, 6, "D", WHITE, "c5", "c6:mc");
  EXPECT_REACH(dolphin, 6, 6, "D", WHITE, "c6", "f3:mc a4:mc e4:mc b5:mc d5:mc");
  /* Black's ranges are mirrored: its farthest rank is rank 1. */
  EXPECT_REACH(dolphin, 6, 6, "D", BLACK, "c1", "b2:mc d2:mc a3:mc e3:mc f4:mc");
}
END_TEST

START_TEST(crocodile_of_congo) {
  const char *croc = "C=K+fR[1-4]+bR[4]";
  EXPECT_REACH(croc, 7, 7, "C", WHITE, "d1", "c1:mc e1:mc c2:mc d2:mc e2:mc d3:mc d4:mc");
  EXPECT_REACH(croc, 7, 7, "C", WHITE, "d7", "d4:mc c6:mc d6:mc e6:mc c7:mc e7:mc");
}
END_TEST

START_TEST(flying_gold_cannon) {
  /* mR+pRD+F on 5x5 from c3; pRD is pR+pD (the modifier distributes). */
  EXPECT_REACH(":GC+:=mR+pRD+F", 5, 5, ":GC+:", WHITE, "c3",
               "c1:mh b2:mc c2:m d2:mc a3:mh b3:m d3:m e3:mh b4:mc c4:m d4:mc c5:mh");
}
END_TEST

START_TEST(halflings_go_half_way_to_the_edge) {
  /* hR from a1: 7 squares up and right, half rounded up is 4. */
  EXPECT_REACH("X=hR", 8, 8, "X", WHITE, "a1", "b1:mc c1:mc d1:mc e1:mc a2:mc a3:mc a4:mc a5:mc");
  /* hQ from c3: 2 left/down -> 1, 5 right/up -> 3, diagonals by the shorter side. */
  EXPECT_REACH("X=hQ", 8, 8, "X", WHITE, "c3",
               "b2:mc c2:mc d2:mc b3:mc d3:mc e3:mc f3:mc b4:mc c4:mc d4:mc c5:mc e5:mc c6:mc "
               "f6:mc");
  /* Black's halfling is the mirror image: 7 squares down, 4 of them. */
  EXPECT_REACH("X=fhR", 1, 8, "X", BLACK, "a8", "a4:mc a5:mc a6:mc a7:mc");
}
END_TEST

START_TEST(edge_riders) {
  /* MBN section 6: B* from c1 ends on a3 or h6 (the text's "c3" is a slip);
   * W* from c1 on a1, h1 or c8. */
  EXPECT_REACH("X=B*", 8, 8, "X", WHITE, "c1", "a3:mc h6:mc");
  EXPECT_REACH("X=W*", 8, 8, "X", WHITE, "c1", "a1:mc h1:mc c8:mc");
  /* From an inner square every direction ends on an edge. */
  EXPECT_REACH("X=W*", 5, 5, "X", WHITE, "c3", "c1:mc a3:mc e3:mc c5:mc");
}
END_TEST

START_TEST(lame_leapers_and_hops_stay_on_their_path) {
  /* nD slides two squares; pD hops the middle one. */
  EXPECT_REACH("X=nD", 5, 5, "X", WHITE, "c3", "c1:mc a3:mc e3:mc c5:mc");
  EXPECT_REACH("X=pD", 5, 5, "X", WHITE, "c3", "c1:h a3:h e3:h c5:h");
  /* Grasshopper-like pQ lands anywhere beyond a hurdle. */
  EXPECT_REACH("X=pR", 1, 4, "X", WHITE, "a1", "a3:h a4:h");
}
END_TEST

START_TEST(macros_override_basic_letters) {
  /* Z=QI with @I=N0: I is the nightrider inside Z, the Janus elsewhere. */
  char error[256];
  Variant *v = mtu_compile("I|Nightrider| Z|Amazon-Rider|=QI @I=N0", 5, 5, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  ck_assert_str_eq(mtu_squares(v, "I", WHITE, "a1"), "c2 b3 e3 c5");
  ck_assert_str_eq(v->pieces[mbn_find_piece(v, "I")].name, "Nightrider");
  mtu_free(v);
  /* @I|Janus|=I J|Amazon|=I: inside its own macro, I is the basic Janus. */
  v = mtu_compile("@I|Janus|=I J|Amazon|=I", 4, 4, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  ck_assert_str_eq(mtu_squares(v, "J", WHITE, "a1"), "b2 c2 b3 c3 d4");
  mtu_free(v);
  /* @:NR:=N0 Z=Q+:NR: */
  v = mtu_compile("@:NR:=N0 I|Nightrider|=:NR: Z|Amazon-Rider|=Q+:NR:", 5, 5, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  ck_assert_str_eq(mtu_squares(v, "I", WHITE, "a1"), "c2 b3 e3 c5");
  mtu_free(v);
}
END_TEST

/* A count after a macro letter is textual (§16, audit reproducer 5): the
 * text's @Y=fN :X:=Y02 :Y:=Y is :X:=fN02 :Y:=fN, the straight forward
 * nightrider of exactly two leaps (b8 f8 h6 from d4; (-4,2) leaves the
 * board), not the bent complex rider (fN)02. A body in parentheses is a
 * complex rider textually too; a macro naming a macro dissolves on. */
START_TEST(macro_with_a_count_is_textual) {
  EXPECT_REACH("@Y=fN :X:=Y02 :Y:=Y", 8, 8, ":X:", WHITE, "d4", "b8:mc f8:mc");
  EXPECT_REACH("@Y=fN :X:=Y02 :Y:=Y", 8, 8, ":Y:", WHITE, "d4", "c6:mc e6:mc");
  EXPECT_REACH("@Z=fN @Y=Z X=Y02", 8, 8, "X", WHITE, "d4", "b8:mc f8:mc");
  EXPECT_REACH("@Y=N X=Y2", 8, 8, "X", WHITE, "d4",
               "c2:mc e2:mc h2:mc b3:mc f3:mc b5:mc f5:mc c6:mc e6:mc h6:mc b8:mc f8:mc");
  char error[256];
  Variant *v = mtu_compile("@Y=(fN) X=Y02 Z=(fN)02", 8, 8, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  char *group = strdup(mtu_reach(v, "Z", WHITE, "d4"));
  ck_assert_str_eq(mtu_reach(v, "X", WHITE, "d4"), group);
  ck_assert_str_ne(group, "h6:mc b8:mc f8:mc");
  free(group);
  mtu_free(v);
}
END_TEST

START_TEST(lower_case_defines_black_separately) {
  /* Black's own definition is written from Black's side: f is towards White. */
  char error[256];
  Variant *v = mtu_compile("P=fW p=fF", 5, 5, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  ck_assert_str_eq(mtu_squares(v, "P", WHITE, "c3"), "c4");
  ck_assert_str_eq(mtu_squares(v, "P", BLACK, "c3"), "b2 d2");
  mtu_free(v);
}
END_TEST

START_TEST(decisive_captures_and_pieces_before_promotion) {
  char error[256];
  /* C=(dWF)03+#c{C}C: taking the Chief with a queen line decides the game. */
  Variant *v = mtu_compile("C=(dWF)03+#c{C}C", 8, 8, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  const MoveProgram *p = &v->pieces[0].moves[WHITE];
  int decisive = 0, ending = 0;
  for (int i = 0; i < p->leg_count; i++) {
    if (p->legs[i].flags & LEG_DECISIVE) {
      decisive++;
      ck_assert_uint_eq(p->legs[i].occupancy, OCC_ENEMY); /* only the c{C} legs */
      ck_assert_int_eq(p->legs[i].min_steps, 1);
    }
    if (p->legs[i].flags & LEG_ENDS) ending++;
  }
  ck_assert_int_eq(decisive, 8); /* W0 and F0 in 8 directions */
  mtu_free(v);
  /* -Q=fQ Q (Checkers-Chess): -Q moves forward only and promotes to Q. */
  v = mtu_compile("-Q=fQ Q", 3, 3, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  int minus = mbn_find_piece(v, "-Q"), q = mbn_find_piece(v, "Q");
  ck_assert_int_ge(minus, 0);
  ck_assert_uint_eq(v->pieces[minus].promotes_to.w[0], 1u << q);
  ck_assert_str_eq(mtu_squares(v, "-Q", WHITE, "b1"), "a2 b2 c2 b3");
  mtu_free(v);
}
END_TEST

START_TEST(promotions_and_castling) {
  char error[256];
  Variant *v = mtu_compile("K Q R B N P +P==QRBN", 8, 8, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  int p = mbn_find_piece(v, "P");
  uint64_t want = (1u << mbn_find_piece(v, "Q")) | (1u << mbn_find_piece(v, "R")) |
                  (1u << mbn_find_piece(v, "B")) | (1u << mbn_find_piece(v, "N"));
  ck_assert_uint_eq(v->pieces[p].promotes_to.w[0], want);
  /* MBN's predefined castling: king to g / c, partner to f / d. */
  ck_assert_int_eq(v->rules.castling.king_file[0], 6);
  ck_assert_int_eq(v->rules.castling.partner_file[0], 5);
  ck_assert_int_eq(v->rules.castling.king_file[1], 2);
  ck_assert_int_eq(v->rules.castling.partner_file[1], 3);
  mtu_free(v);
  v = mtu_compile("K R O-O=[*]isR[i]=isR[h] O-O-O=[*]isR[b]=isR[c]", 10, 8, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  ck_assert_int_eq(v->rules.castling.king_file[0], 8);
  ck_assert_int_eq(v->rules.castling.partner_file[0], 7);
  ck_assert_int_eq(v->rules.castling.king_file[1], 1);
  ck_assert_int_eq(v->rules.castling.partner_file[1], 2);
  mtu_free(v);
  /* +S=QN defines a promoted piece: S promotes to it. */
  v = mtu_compile("S=fW +S=QN", 8, 8, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  int s = mbn_find_piece(v, "S"), ps = mbn_find_piece(v, "+S");
  ck_assert_int_eq(v->pieces[ps].promoted_from, s);
  ck_assert_uint_eq(v->pieces[s].promotes_to.w[0], 1u << ps);
  mtu_free(v);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("mbn_examples");
  TCase *tc = tcase_create("examples");
  tcase_add_test(tc, xiangqi_horse_is_a_lame_knight);
  tcase_add_test(tc, falcon_nCZ);
  tcase_add_test(tc, rose_circles_clockwise_with_rf);
  tcase_add_test(tc, circular_king);
  tcase_add_test(tc, janggi_cannon);
  tcase_add_test(tc, chu_shogi_lion);
  tcase_add_test(tc, checker_captures_away_from_its_destination);
  tcase_add_test(tc, rampager_and_short_rook);
  tcase_add_test(tc, dolphin_of_whale_shogi);
  tcase_add_test(tc, crocodile_of_congo);
  tcase_add_test(tc, flying_gold_cannon);
  tcase_add_test(tc, halflings_go_half_way_to_the_edge);
  tcase_add_test(tc, edge_riders);
  tcase_add_test(tc, lame_leapers_and_hops_stay_on_their_path);
  tcase_add_test(tc, macros_override_basic_letters);
  tcase_add_test(tc, macro_with_a_count_is_textual);
  tcase_add_test(tc, lower_case_defines_black_separately);
  tcase_add_test(tc, decisive_captures_and_pieces_before_promotion);
  tcase_add_test(tc, promotions_and_castling);
  suite_add_tcase(suite, tc);
  return suite;
}
