/* test_variant_large.c — the boards other engines lack (variants/large.var):
 * chu shogi (12x12, lion double moves), Omega chess (holes), cylinder chess,
 * Glinski's hexagonal chess in MBN's rectangular mapping; and the 3D file
 * that waits for MBN board transitions. Each compiles, has its holes and
 * wrapping, and has a move count from the start position: Glinski's match
 * the published perft (51, 2586, 137858); the others are this engine's own
 * counts, checked by hand at depth 1 (see the comments) and kept as
 * regressions. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board/perft.h"
#include "board/position.h"
#include "mbn/variant_library.h"

Suite *test_suite(void);

static VariantLibrary *lib;

static void setup(void) {
  VariantDiagnostics diags = {0};
  lib = library_new();
  library_add_path(lib, CHIMERA_VARIANT_DIR, &diags);
  library_compile(lib, &diags);
  for (int i = 0; i < diags.count; i++) fprintf(stderr, "%s\n", diags.items[i]);
  ck_assert_int_eq(diags.count, 0);
  variant_diag_free(&diags);
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

START_TEST(raumschach_is_checked_and_waits_for_board_transitions) {
  VariantDiagnostics diags = {0};
  VariantLibrary *future = library_new();
  library_add_path(future, CHIMERA_VARIANT_DIR "/future/raumschach.var", &diags);
  library_compile(future, &diags);
  ck_assert_int_ge(diags.count, 1);
  for (int i = 0; i < diags.count; i++)
    ck_assert_msg(strstr(diags.items[i], "board transitions '<...>' are not supported"), "%s",
                  diags.items[i]);
  ck_assert_ptr_null(library_find(future, "raumschach"));
  library_free(future);
  variant_diag_free(&diags);
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
  tcase_add_test(tc, raumschach_is_checked_and_waits_for_board_transitions);
  suite_add_tcase(suite, tc);
  return suite;
}
