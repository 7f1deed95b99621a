/* test_board_check_variant.c — pos_check_variant, the start-up check of
 * every loaded variant that builds no move tables, accepts exactly the
 * variants pos_new accepts and refuses the others with the same message
 * (chimera variants and the GUI's "why unplayable" depend on it). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/position.h"
#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

/* Both answers for v: same verdict, and on refusal the same message. */
static void check_agrees(const Variant *v) {
  char err_new[256] = "", err_check[256] = "";
  Position *pos = pos_new(v, err_new, sizeof err_new);
  bool ok = pos_check_variant(v, err_check, sizeof err_check);
  ck_assert_msg(ok == (pos != NULL), "%s: pos_new %s, pos_check_variant %s (%s)", v->name,
                pos ? "accepts" : "refuses", ok ? "accepts" : "refuses", err_check);
  if (!ok) ck_assert_str_eq(err_check, err_new);
  pos_free(pos);
}

START_TEST(shipped_variants_agree_with_pos_new) {
  VariantLibrary *lib = shipped_library_load();
  ck_assert_int_gt(library_count(lib), 50);
  for (int i = 0; i < library_count(lib); i++) check_agrees(library_variant(lib, i));
  library_free(lib);
}
END_TEST

START_TEST(unsupported_piece_is_refused_with_the_same_message) {
  /* compiles, but the move generator refuses '#' on the first part of a
   * chain only (docs/mbn.md, decision 27) */
  const char *text = "[flipper]\n"
                     "board  = 8x8\n"
                     "setup  = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBXKBNR w - - 0 1\n"
                     "pieces = K Q R B N P X=#cK-mK\n";
  VariantDiagnostics diags = {0};
  VariantLibrary *lib = library_new();
  library_add_text(lib, "flipper.var", text, &diags);
  library_compile(lib, &diags);
  const Variant *v = library_find(lib, "flipper");
  ck_assert_msg(v != NULL, "%s", diags.count ? diags.items[0] : "not compiled");
  char err[256] = "";
  ck_assert(!pos_check_variant(v, err, sizeof err));
  ck_assert_msg(err[0] != '\0', "refused without a message");
  check_agrees(v);
  variant_diag_free(&diags);
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_check_variant");
  TCase *tc = tcase_create("check_variant");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, shipped_variants_agree_with_pos_new);
  tcase_add_test(tc, unsupported_piece_is_refused_with_the_same_message);
  suite_add_tcase(suite, tc);
  return suite;
}
