/* test_variant_large.c — the boards other engines lack (variants/large.var):
 * chu shogi (12x12, lion double moves), Omega chess (holes), cylinder chess,
 * Glinski's hexagonal chess in MBN's rectangular mapping; and Raumschach
 * (variants/raumschach.var), 3D chess on 5x5x5. Each compiles, has its holes and
 * wrapping, and has a move count from the start position: Glinski's match
 * the published perft (51, 2586, 137858); the others are this engine's own
 * counts, checked by hand at depth 1 (see the comments) and kept as
 * regressions. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board/movetext.h"
#include "board/perft.h"
#include "board/position.h"
#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

static VariantLibrary *lib;

static void setup(void) {
  lib = shipped_library_load();
}

static void teardown(void) {
  library_free(lib);
}

static uint64_t count(const char *name, int depth) {
  const Variant *v = library_find(lib, name);
  ck_assert_msg(v != NULL, "%s is not shipped", name);
  char err[256];
  Position *pos = pos_new(v, err, sizeof err);
  ck_assert_msg(pos != NULL, "%s: %s", name, err);
  uint64_t nodes = perft(pos, depth);
  pos_free(pos);
  return nodes;
}

START_TEST(chushogi_lion_board) {
  const Variant *v = library_find(lib, "chushogi");
  ck_assert_ptr_nonnull(v);
  ck_assert_int_eq(v->shape.files, 12);
  ck_assert_int_eq(v->shape.ranks, 12);
  ck_assert_int_ge(v->piece_count, 37);
  /* Counted by hand: 10 pawns (two stand behind go-betweens), 2
   * go-betweens, the lion's 5 jumps (d2 e5 f5 g5 h5; every first step is
   * blocked), 19 single steps of the other pieces into the empty squares of
   * ranks 2-3: 36. Depth 2 is 36 x 36, the armies not yet touching. */
  ck_assert_uint_eq(count("chushogi", 1), 36);
  ck_assert_uint_eq(count("chushogi", 2), 1296);
}
END_TEST

START_TEST(omega_holes) {
  const Variant *v = library_find(lib, "omega");
  ck_assert_ptr_nonnull(v->shape.hole);
  ck_assert_int_eq(v->shape.hole[0], 0);  /* a1: White's wizard square */
  ck_assert_int_eq(v->shape.hole[1], 1);  /* b1: outside the field */
  ck_assert_int_eq(v->shape.hole[12], 1); /* a2 */
  ck_assert_int_eq(v->shape.hole[13], 0); /* b2: the champion */
  /* 10 pawns x 3 steps + 2 knights x 2 + 2 champions x 2 + 2 wizards x 1 */
  ck_assert_uint_eq(count("omega", 1), 40);
  ck_assert_uint_eq(count("omega", 2), 1600);
}
END_TEST

START_TEST(cylinder_wraps) {
  const Variant *v = library_find(lib, "cylinder");
  ck_assert(v->shape.wrap_files && !v->shape.wrap_ranks);
  ck_assert_uint_eq(count("cylinder", 1), 20);
  /* 1.c3 pins f7 through the wrap: Qd1-c2-b3-a4-h5-g6-f7-e8. */
  ck_assert_uint_eq(count("cylinder", 2), 392);
}
END_TEST

START_TEST(glinski_matches_published_perft) {
  const Variant *v = library_find(lib, "glinski");
  ck_assert_int_eq(v->shape.files, 11);
  ck_assert_int_eq(v->shape.ranks, 21);
  int cells = 0;
  for (int s = 0; s < 11 * 21; s++) cells += !v->shape.hole[s];
  ck_assert_int_eq(cells, 91);
  ck_assert_uint_eq(count("glinski", 1), 51);
  ck_assert_uint_eq(count("glinski", 2), 2586);
  ck_assert_uint_eq(count("glinski", 3), 137858);
}
END_TEST

START_TEST(raumschach_cube) {
  const Variant *v = library_find(lib, "raumschach");
  ck_assert_ptr_nonnull(v);
  ck_assert_int_eq(v->shape.levels, 5);
  /* Counted by hand (levels 1-2 are White's, 0-based (file, rank, level)):
   * pawns 15 (level 1's go forward only, the level-2 pawns stand above them;
   * level 2's forward or up), knights 2 x 6 (b1: a3, c3 on level 1; b3:2;
   * a1:3, c1:3, b2:3), bishops 6 + 7 (a1:2: three up the a-file's xz
   * diagonal and three up the yz one; d1:2 the same plus e1:3), unicorns
   * 4 + 3 (b1:2: c2:3 d3:4 e4:5 and a2:3; e1:2: d2:3 c3:4 b4:5), queen 14
   * (c1:2: three straight up, 2 + 2 up the xz diagonals, 3 + 2 + 2 up the
   * forward diagonals); the king and rooks are shut in: 61. Depths 2 and 3
   * are checked against the independent generator tests/perft/raumschach.py
   * (ctest -R perft.raumschach). */
  ck_assert_uint_eq(count("raumschach", 1), 61);
  char err[256], fen[512];
  Position *pos = pos_new(v, err, sizeof err);
  ck_assert_msg(pos != NULL, "%s", err);
  /* FEN: the top level first, levels separated by '|' (docs/variants.md). */
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, v->start_fen);
  ck_assert_ptr_nonnull(strstr(fen, "|5/5/5/PPPPP/RNKNR w"));
  /* Move text names a level above the first as ":L" (docs/board.md): the queen straight up. */
  Move m = move_from_text(pos, "c1:2c1:5", err, sizeof err);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s", err);
  char text[64];
  move_to_text(pos, m, text, sizeof text);
  ck_assert_str_eq(text, "c1:2c1:5");
  Undo u;
  pos_make_move(pos, m, &u);
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, "rnknr/ppppp/5/5/2Q2|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/BU1BU|"
                        "5/5/5/PPPPP/RNKNR b - - 1 1");
  pos_unmake_move(pos, &u);
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, v->start_fen);
  /* A level-1 pawn cannot go up through the pawn above it. */
  ck_assert(move_from_text(pos, "a2a2:2", err, sizeof err) == MOVE_NONE_VALUE);
  /* White promotes on rank 5 of level 5 only: up from c5:4, not forward on level 1. */
  ck_assert(pos_set_fen(pos, "4k/5/5/5/5|2P2/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/1P3/5/5/K4 w - - 0 1",
                        err, sizeof err));
  ck_assert_msg(move_from_text(pos, "c5:4c5:5q", err, sizeof err) != MOVE_NONE_VALUE, "%s", err);
  ck_assert_msg(move_from_text(pos, "c5:4c5:5u", err, sizeof err) != MOVE_NONE_VALUE, "%s", err);
  ck_assert(move_from_text(pos, "c5:4c5:5", err, sizeof err) == MOVE_NONE_VALUE);
  ck_assert_msg(move_from_text(pos, "b4b5", err, sizeof err) != MOVE_NONE_VALUE, "%s", err);
  ck_assert(move_from_text(pos, "b4b5q", err, sizeof err) == MOVE_NONE_VALUE);
  /* A FEN without '|' between the levels is refused, not misread. */
  ck_assert(!pos_set_fen(pos, "5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/K4 w - - 0 1", err,
                         sizeof err));
  pos_free(pos);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("variant_large");
  TCase *tc = tcase_create("large");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, chushogi_lion_board);
  tcase_add_test(tc, omega_holes);
  tcase_add_test(tc, cylinder_wraps);
  tcase_add_test(tc, glinski_matches_published_perft);
  tcase_add_test(tc, raumschach_cube);
  suite_add_tcase(suite, tc);
  return suite;
}
