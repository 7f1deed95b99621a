/* test_mbn_levels.c — MBN's board transitions and board identifiers (§8) and
 * the triagonal operator (§9) on empty 3D boards. Every count is worked out by hand from the
 * piece's directions in a comment: from the centre c3:3 of a 5x5x5 cube
 * every direction has exactly two squares before the edge, from the corner
 * a1 (level 1) only the directions with no negative component have four. */
#include <check.h>

#include "mbn_test_util.h"

Suite *test_suite(void);

/* Squares "b2:1" (file, rank, level: 1-based level always written here). */
static int sq3(const Variant *v, const char *name) {
  int file = name[0] - 'a', rank = atoi(name + 1) - 1;
  const char *colon = strchr(name, ':');
  int level = colon ? atoi(colon + 1) - 1 : 0;
  return (level * v->shape.ranks + rank) * v->shape.files + file;
}

static int reach_count(const Variant *v, const char *letter, Color color, const char *from) {
  uint8_t reach[16 * 36 * 36];
  return mbn_walk_empty(v, mbn_find_piece(v, letter), color, sq3(v, from), reach);
}

/* "c4:3:m c3:4:c ..." in square order (level, rank, file). */
static const char *reach_list(const Variant *v, const char *letter, Color color, const char *from) {
  static char out[4096];
  uint8_t reach[16 * 36 * 36];
  mbn_walk_empty(v, mbn_find_piece(v, letter), color, sq3(v, from), reach);
  int plane = v->shape.files * v->shape.ranks;
  size_t n = 0;
  out[0] = '\0';
  for (int sq = 0; sq < plane * v->shape.levels; sq++) {
    if (!reach[sq]) continue;
    const char *kind = (reach[sq] & WALK_MOVE) && (reach[sq] & WALK_CAPTURE) ? "mc"
                       : reach[sq] & WALK_MOVE                               ? "m"
                                                                             : "c";
    n += (size_t)snprintf(out + n, sizeof out - n, "%s%c%d:%d:%s", n ? " " : "",
                          'a' + sq % v->shape.files, sq % plane / v->shape.files + 1,
                          sq / plane + 1, kind);
  }
  return out;
}

static Variant *raumschach_pieces(void) {
  char error[512] = "";
  /* The pieces of variants/raumschach.var. */
  Variant *v = mtu_compile3("K=K+<+-1>K+<+-1>O Q=Q+<>Q+(<+-1>F)0 R=R+<>R B=B+<>B N=N+<>N "
                            "U=(<+-1>F)0 P=mfW+cfF+<<+1>>mO+<<+1>>cfsW +P==QRBNU",
                            5, 5, 5, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  return v;
}

START_TEST(raumschach_pieces_from_the_centre) {
  Variant *v = raumschach_pieces();
  /* Rook: 6 axis directions x 2 = 12 (R: 4 in the level, <>R = (<+-1>O)0: up and down). */
  ck_assert_int_eq(reach_count(v, "R", WHITE, "c3:3"), 12);
  /* Bishop: 12 plane diagonals x 2 = 24 (B: 4 in the level; <>B = (<+-1>W)0: 8 crossing levels). */
  ck_assert_int_eq(reach_count(v, "B", WHITE, "c3:3"), 24);
  /* Unicorn: 8 space diagonals (+-1,+-1,+-1) x 2 = 16. */
  ck_assert_int_eq(reach_count(v, "U", WHITE, "c3:3"), 16);
  /* Queen: all 26 directions x 2 = 52 = 12 + 24 + 16. */
  ck_assert_int_eq(reach_count(v, "Q", WHITE, "c3:3"), 52);
  /* King: the 26 neighbours (8 in the level + 9 above + 9 below). */
  ck_assert_int_eq(reach_count(v, "K", WHITE, "c3:3"), 26);
  /* Knight: the permutations of (0,+-1,+-2): 3! orders x 4 signs = 24 (N: 8 in the level,
   * <>N = <+-1>D + <+-2>W: 8 + 8); no leap is longer than 2, so all fit. */
  ck_assert_int_eq(reach_count(v, "N", WHITE, "c3:3"), 24);
  mtu_free(v);
}
END_TEST

START_TEST(raumschach_pieces_from_a_corner) {
  Variant *v = raumschach_pieces();
  /* From a1:1 only directions with no negative component stay on the board, 4 squares each. */
  ck_assert_int_eq(reach_count(v, "R", WHITE, "a1:1"), 3 * 4); /* +x, +y, +z */
  ck_assert_int_eq(reach_count(v, "B", WHITE, "a1:1"), 3 * 4); /* (1,1,0) (1,0,1) (0,1,1) */
  ck_assert_int_eq(reach_count(v, "U", WHITE, "a1:1"), 1 * 4); /* (1,1,1) */
  ck_assert_int_eq(reach_count(v, "Q", WHITE, "a1:1"), 7 * 4); /* the 7 above */
  ck_assert_int_eq(reach_count(v, "K", WHITE, "a1:1"), 7);     /* 2x2x2 cube minus a1:1 */
  ck_assert_int_eq(reach_count(v, "N", WHITE, "a1:1"), 6);     /* orders of (0,1,2) */
  mtu_free(v);
}
END_TEST

START_TEST(raumschach_pawn_goes_towards_the_enemy) {
  Variant *v = raumschach_pieces();
  /* White: moves forward (c4:3) and up (c3:4); captures forward-sideways on its level
   * (b4:3, d4:3), sideways while going up (b3:4, d3:4) and forward while going up (c4:4). */
  ck_assert_str_eq(reach_list(v, "P", WHITE, "c3:3"),
                   "b4:3:c c4:3:m d4:3:c b3:4:c c3:4:m d3:4:c c4:4:c");
  /* Black is the mirror image in ranks and, through <<+1>>, in levels. */
  ck_assert_str_eq(reach_list(v, "P", BLACK, "c3:3"),
                   "c2:2:c b3:2:c c3:2:m d3:2:c b2:3:c c2:3:m d2:3:c");
  mtu_free(v);
}
END_TEST

START_TEST(transitions_of_the_mbn_text) {
  char error[512] = "";
  /* On 3 levels: <+-1>K from b2:2 is the King's 8 squares one level up and down = 16. */
  Variant *v = mtu_compile3("X=<+-1>K Y=<2>F Z=<1,3>O T=<+>K S=mfW+<+1>mfW V=<<+1>>mfW", 3, 3, 3,
                            error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  ck_assert_int_eq(reach_count(v, "X", WHITE, "b2:2"), 16);
  /* <2>F: board 2 from boards 1 and 3 (the text's H<1,3>=<2>F), nothing from board 2. */
  ck_assert_str_eq(reach_list(v, "Y", WHITE, "b2:1"), "a1:2:mc c1:2:mc a3:2:mc c3:2:mc");
  ck_assert_int_eq(reach_count(v, "Y", WHITE, "b2:3"), 4);
  ck_assert_int_eq(reach_count(v, "Y", WHITE, "b2:2"), 0);
  /* <1,3>O from board 2: straight to board 1 or 3. */
  ck_assert_str_eq(reach_list(v, "Z", WHITE, "b2:2"), "b2:1:mc b2:3:mc");
  /* <+>K from level 1: a King step onto each of the other 2 levels = 16. */
  ck_assert_int_eq(reach_count(v, "T", WHITE, "b2:1"), 16);
  /* Without reflection Black also goes up; with <<+1>> it goes down. */
  ck_assert_str_eq(reach_list(v, "S", BLACK, "b2:2"), "b1:2:m b1:3:m");
  ck_assert_str_eq(reach_list(v, "V", BLACK, "b2:2"), "b1:1:m");
  ck_assert_str_eq(reach_list(v, "V", WHITE, "b2:2"), "b3:3:m");
  mtu_free(v);
}
END_TEST

START_TEST(triagonal_operator_of_the_mbn_text) {
  char error[512] = "";
  /* <>N = <+-1>gD + <+-2>W: from c3:3, D's 4 squares on levels 2 and 4, W's on 1 and 5: 16.
   * <>K = <>W + <>F = <+-1>O + <+-1>W: 2 + 8 = 10. <>R = (<+-1>O)0: 4 from the centre.
   * <>P for P=mfW+cfsF: <+-1>mO + <+-1>cfsW (the text's derivation): moves c3:2, c3:4;
   * captures b3, c4, d3 on levels 2 and 4. */
  Variant *v = mtu_compile3("N=<>N K=<>K R=<>R @P=mfW+cfsF P=<>P", 5, 5, 5, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  ck_assert_int_eq(reach_count(v, "N", WHITE, "c3:3"), 16);
  ck_assert_int_eq(reach_count(v, "K", WHITE, "c3:3"), 10);
  ck_assert_int_eq(reach_count(v, "R", WHITE, "c3:3"), 4);
  ck_assert_str_eq(reach_list(v, "P", WHITE, "c3:3"),
                   "b3:2:c c3:2:m d3:2:c c4:2:c b3:4:c c3:4:m d3:4:c c4:4:c");
  mtu_free(v);
}
END_TEST

START_TEST(board_identifiers_of_the_mbn_text) {
  char error[512] = "";
  /* MBN §8: "C<2>=K+<1,3>O C<*>=K+<2>O": on board 2 the King's 8 squares plus straight to
   * boards 1 and 3 (10); on boards 1 and 3 the King's 8 plus straight to board 2 (9).
   * H<1,3>=<2>F has no move on board 2. Black's boards are the same (no implicit mirror). */
  Variant *v = mtu_compile3("C<2>=K+<1,3>O C<*>=K+<2>O H<1,3>=<2>F", 3, 3, 3, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  ck_assert_int_eq(reach_count(v, "C", WHITE, "b2:2"), 10);
  ck_assert_int_eq(reach_count(v, "C", WHITE, "b2:1"), 9);
  ck_assert_int_eq(reach_count(v, "C", BLACK, "b2:3"), 9);
  ck_assert_str_eq(reach_list(v, "C", WHITE, "a1:3"), "a1:2:mc b1:3:mc a2:3:mc b2:3:mc");
  ck_assert_int_eq(reach_count(v, "H", WHITE, "b2:1"), 4);
  ck_assert_int_eq(reach_count(v, "H", WHITE, "b2:2"), 0);
  mtu_free(v);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("mbn_levels");
  TCase *tc = tcase_create("levels");
  tcase_add_test(tc, raumschach_pieces_from_the_centre);
  tcase_add_test(tc, raumschach_pieces_from_a_corner);
  tcase_add_test(tc, raumschach_pawn_goes_towards_the_enemy);
  tcase_add_test(tc, transitions_of_the_mbn_text);
  tcase_add_test(tc, triagonal_operator_of_the_mbn_text);
  tcase_add_test(tc, board_identifiers_of_the_mbn_text);
  suite_add_tcase(suite, tc);
  return suite;
}
