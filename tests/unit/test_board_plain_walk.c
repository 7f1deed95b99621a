/* test_board_plain_walk.c — the tight loop movegen uses for "plain" programs
 * (tables.h) on boards without bitboards must still apply the move-ending
 * rules: promotion, confinement and promotion=demote. A plain program says
 * only how the piece moves, not what happens when it lands.
 *
 * Demotion, by hand: with promotion=...,demote and a promotion zone that is
 * the whole board, every move of a promoted piece flips it back (kyotoshogi),
 * so a lone +P (moving as a rook) has only demoting moves ("a1a2-"). The
 * same position is checked on 8x8 (bitboard generation) and 9x9 (the walker:
 * more than 64 squares). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "mbn/variant_library.h"

Suite *test_suite(void);

static const char *kyoto_text = "[kyoto8]\n"
                                "board  = 8x8\n"
                                "setup  = 4k3/8/8/8/8/8/8/+P3K3[] w - - 0 1\n"
                                "pieces = K P=fW +P=R\n"
                                "rules  = royal{K} promotion[1-8]=enter,leave,move,demote "
                                "holding=demote drop=promoted stalemate=loss draw=moverule(0)\n"
                                "\n"
                                "[kyoto9]\n"
                                "board  = 9x9\n"
                                "setup  = 4k4/9/9/9/9/9/9/9/+P3K4[] w - - 0 1\n"
                                "pieces = K P=fW +P=R\n"
                                "rules  = royal{K} promotion[1-9]=enter,leave,move,demote "
                                "holding=demote drop=promoted stalemate=loss draw=moverule(0)\n";

static void check_all_demote(const VariantLibrary *lib, const char *name) {
  const Variant *v = library_find(lib, name);
  ck_assert_msg(v != NULL, "%s not compiled", name);
  char err[256];
  Position *pos = pos_new(v, err, sizeof err);
  ck_assert_msg(pos != NULL, "%s", err);
  MoveList *list = malloc(sizeof *list);
  gen_legal_moves(pos, list);
  int from_a1 = 0;
  for (int i = 0; i < list->count; i++) {
    char text[MOVE_TEXT_MAX];
    move_to_text(pos, list->moves[i], text, sizeof text);
    if (strncmp(text, "a1", 2)) continue;
    from_a1++;
    ck_assert_msg(text[strlen(text) - 1] == '-', "%s: %s does not demote", name, text);
  }
  /* at least a2..a7 and b1..d1 along the rook lines */
  ck_assert_int_ge(from_a1, 9);
  ck_assert(move_from_text(pos, "a1a2-", NULL, 0) != MOVE_NONE_VALUE);
  ck_assert(move_from_text(pos, "a1b1-", NULL, 0) != MOVE_NONE_VALUE);
  free(list);
  pos_free(pos);
}

START_TEST(demotion_on_bitboards_and_in_the_walker) {
  VariantDiagnostics diags = {0};
  VariantLibrary *lib = library_new();
  library_add_text(lib, "kyoto.var", kyoto_text, &diags);
  library_compile(lib, &diags);
  ck_assert_msg(diags.count == 0, "%s", diags.count ? diags.items[0] : "");
  check_all_demote(lib, "kyoto8");
  check_all_demote(lib, "kyoto9");
  variant_diag_free(&diags);
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_plain_walk");
  TCase *tc = tcase_create("plain_walk");
  tcase_add_test(tc, demotion_on_bitboards_and_in_the_walker);
  suite_add_tcase(suite, tc);
  return suite;
}
