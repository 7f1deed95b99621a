/* test_board_distinct.c — a move reachable by two alternatives of one piece
 * is generated once (issue #12). Counts by hand, on 8x8 (bitboards) and
 * with CHIMERA_NO_BITBOARDS=1 (the leg walker alone). White: X on d4, K on
 * a1 (3 moves); Black's king on h8.
 *
 *   P=mfW+cfF+imfW3 on a2: a3 a4 a5; K on e1: 5            -> 8
 *   X=W+W2: 4 directions x 2 steps                          -> 8 + 3
 *   X=W0+W3: a rook's 14                                    -> 14 + 3
 *   X=W+cW2 and X=KcR, black pawns on c4 e4 d3 d5: the
 *     4 captures once (W+cW2), + 4 diagonal steps (KcR)     -> 4 + 3, 8 + 3
 *   X=oR, X=ooR on a flat board: 7 + 7                      -> 14 + 3
 *   X=W02+[4]W4: W02's 4 squares are among [4]W4's 14 (an
 *     overlap the compiler cannot merge: board/ filters it) -> 14 + 3
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "board/movegen.h"
#include "board/position.h"
#include "mbn/variant_library.h"

Suite *test_suite(void);

static int count_moves(const char *pieces, const char *setup, bool bitboards) {
  char text[512];
  snprintf(text, sizeof text, "[v]\nboard = 8x8\nsetup = %s\npieces = %s\nrules = royal{K}\n",
           setup, pieces);
  VariantDiagnostics diags = {0};
  VariantLibrary *lib = library_new();
  library_add_text(lib, "v.var", text, &diags);
  library_compile(lib, &diags);
  ck_assert_msg(diags.count == 0, "%s", diags.count ? diags.items[0] : "");
  if (bitboards)
    unsetenv("CHIMERA_NO_BITBOARDS");
  else
    setenv("CHIMERA_NO_BITBOARDS", "1", 1);
  char err[256];
  Position *pos = pos_new(library_find(lib, "v"), err, sizeof err);
  ck_assert_msg(pos != NULL, "%s", err);
  MoveList *list = malloc(sizeof *list);
  int n = gen_legal_moves(pos, list);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      ck_assert_msg(list->moves[i] != list->moves[j], "%s: a move generated twice", pieces);
  free(list);
  pos_free(pos);
  unsetenv("CHIMERA_NO_BITBOARDS");
  variant_diag_free(&diags);
  library_free(lib);
  return n;
}

static const char *lone = "7k/8/8/8/3X4/8/8/K7 w - - 0 1";
static const char *pawns = "7k/8/8/3p4/2pXp3/3p4/8/K7 w - - 0 1";

START_TEST(alternatives_reaching_one_square) {
  for (int bb = 0; bb < 2; bb++) {
    ck_assert_int_eq(count_moves("K P=mfW+cfF+imfW3", "7k/8/8/8/8/8/P7/4K3 w - - 0 1", bb), 8);
    ck_assert_int_eq(count_moves("K X=W+W2", lone, bb), 11);
    ck_assert_int_eq(count_moves("K X=W0+W3", lone, bb), 17);
    ck_assert_int_eq(count_moves("K P X=W+cW2", pawns, bb), 7);
    ck_assert_int_eq(count_moves("K P X=KcR", pawns, bb), 11);
    ck_assert_int_eq(count_moves("K X=W02+[4]W4", lone, bb), 17);
  }
}
END_TEST

START_TEST(cylinder_wraps_reaching_one_square) {
  for (int bb = 0; bb < 2; bb++) {
    ck_assert_int_eq(count_moves("K X=oR", lone, bb), 17);
    ck_assert_int_eq(count_moves("K X=ooR", lone, bb), 17);
  }
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_distinct");
  TCase *tc = tcase_create("distinct");
  tcase_add_test(tc, alternatives_reaching_one_square);
  tcase_add_test(tc, cylinder_wraps_reaching_one_square);
  suite_add_tcase(suite, tc);
  return suite;
}
