/* test_mbn_show.c — `chimera show` draws what a definition means, lists the
 * squares with their kinds, and reports bad MBN with file:line:col. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "engine/show.h"

Suite *test_suite(void);

static int run(char **argv, int argc, char *out_text, char *err_text) {
  FILE *out = tmpfile(), *err = tmpfile();
  int status = show_run(argc, argv, out, err);
  rewind(out);
  rewind(err);
  size_t n = fread(out_text, 1, 4095, out);
  out_text[n] = '\0';
  n = fread(err_text, 1, 4095, err);
  err_text[n] = '\0';
  fclose(out);
  fclose(err);
  return status;
}

START_TEST(knight_diagram) {
  char out[4096], err[4096];
  char *argv[] = {"N", "--board", "5x5", "--square", "c3"};
  ck_assert_int_eq(run(argv, 5, out, err), 0);
  ck_assert_str_eq(out, "N Knight (N) on c3, 5x5 board\n"
                        "  5  . * . * .\n"
                        "  4  * . . . *\n"
                        "  3  . . N . .\n"
                        "  2  * . . . *\n"
                        "  1  . * . * .\n"
                        "     a b c d e\n");
}
END_TEST

START_TEST(pawn_diagram_marks_move_and_capture) {
  char out[4096], err[4096];
  char *argv[] = {"P", "--board", "3x4", "--square", "b2"};
  ck_assert_int_eq(run(argv, 5, out, err), 0);
  ck_assert_str_eq(out, "P Pawn (P) on b2, 3x4 board\n"
                        "  4  . m .\n"
                        "  3  c m c\n"
                        "  2  . P .\n"
                        "  1  . . .\n"
                        "     a b c\n");
}
END_TEST

START_TEST(unicorn_on_three_levels) {
  char out[4096], err[4096];
  /* The unicorn (<+-1>F)0 from a1 (level 1) of a 3x3x3 cube: b2:2, c3:3 along the one
   * space diagonal that stays on the board; levels are drawn from the top. */
  char *argv[] = {"U=(<+-1>F)0", "--board", "3x3x3", "--square", "a1"};
  ck_assert_int_eq(run(argv, 5, out, err), 0);
  ck_assert_str_eq(out, "U (U=(<+-1>F)0) on a1, 3x3x3 board\n"
                        "level 3\n"
                        "  3  . . *\n"
                        "  2  . . .\n"
                        "  1  . . .\n"
                        "     a b c\n"
                        "level 2\n"
                        "  3  . . .\n"
                        "  2  . * .\n"
                        "  1  . . .\n"
                        "     a b c\n"
                        "level 1\n"
                        "  3  . . .\n"
                        "  2  . . .\n"
                        "  1  U . .\n"
                        "     a b c\n");
  char *list[] = {"U=(<+-1>F)0", "--board", "3x3x3", "--square", "b2:2", "--list"};
  ck_assert_int_eq(run(list, 6, out, err), 0);
  ck_assert_str_eq(out, "a1 mc\nc1 mc\na3 mc\nc3 mc\na1:3 mc\nc1:3 mc\na3:3 mc\nc3:3 mc\n");
  char *bad[] = {"U=(<+-1>F)0", "--board", "3x3x3", "--square", "b2:4"};
  ck_assert_int_ne(run(bad, 5, out, err), 0);
  ck_assert_ptr_nonnull(strstr(err, "'b2:4' is not a square"));
}
END_TEST

/* The empty board cannot show when a conditional move ({C}W2, /a1/W) is
 * possible: it is drawn, and a line says so; a plain piece has no such line. */
START_TEST(conditional_moves_are_drawn_with_a_note) {
  char out[4096], err[4096];
  char *argv[] = {"/a1/W", "--board", "3x3", "--square", "b2"};
  ck_assert_int_eq(run(argv, 5, out, err), 0);
  ck_assert_str_eq(out, ":SH: (/a1/W) on b2, 3x3 board\n"
                        "  3  . * .\n"
                        "  2  * X *\n"
                        "  1  . * .\n"
                        "     a b c\n"
                        "(some of these moves are made only where pieces attack or stand: "
                        "attacker sets {..}, ranges [+] [*] [{..}], conditions /../; all are "
                        "drawn)\n");
  char *plain[] = {"W", "--board", "3x3", "--square", "b2"};
  ck_assert_int_eq(run(plain, 5, out, err), 0);
  ck_assert_ptr_null(strstr(out, "conditions"));
}
END_TEST

START_TEST(list_of_a_checker) {
  char out[4096], err[4096];
  char *argv[] = {"fcF-mF", "--board", "5x5", "--square", "c1", "--list"};
  ck_assert_int_eq(run(argv, 6, out, err), 0);
  ck_assert_str_eq(out, "a3 a\ne3 a\n");
}
END_TEST

START_TEST(bad_mbn_is_reported_with_position) {
  char out[4096], err[4096];
  char *argv[] = {"X=W)"};
  ck_assert_int_eq(run(argv, 1, out, err), 1);
  ck_assert_str_eq(err, "<command line>:1:4: unmatched ')'\n  near ')'\n");
}
END_TEST

START_TEST(bad_options) {
  char out[4096], err[4096];
  char *board[] = {"N", "--board", "0x5"};
  ck_assert_int_eq(run(board, 3, out, err), 1);
  ck_assert_ptr_nonnull(strstr(err, "--board wants WxH"));
  char *square[] = {"N", "--square", "z9"};
  ck_assert_int_eq(run(square, 3, out, err), 1);
  ck_assert_ptr_nonnull(strstr(err, "'z9' is not a square"));
  char *variant[] = {"N", "--variant", "no-such-variant"};
  ck_assert_int_eq(run(variant, 3, out, err), 1);
  ck_assert_ptr_nonnull(strstr(err, "no variant 'no-such-variant'"));
}
END_TEST

START_TEST(piece_of_a_shipped_variant) {
  char out[4096], err[4096];
  char *argv[] = {"N", "--variant", "xiangqi", "--square", "b1", "--list"};
  ck_assert_int_eq(run(argv, 6, out, err), 0);
  /* the horse from b1 on 9x10: a3, c3, d2 (W-fF) */
  ck_assert_str_eq(out, "d2 mc\na3 mc\nc3 mc\n");
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("mbn_show");
  TCase *tc = tcase_create("show");
  tcase_add_test(tc, knight_diagram);
  tcase_add_test(tc, pawn_diagram_marks_move_and_capture);
  tcase_add_test(tc, list_of_a_checker);
  tcase_add_test(tc, conditional_moves_are_drawn_with_a_note);
  tcase_add_test(tc, unicorn_on_three_levels);
  tcase_add_test(tc, bad_mbn_is_reported_with_position);
  tcase_add_test(tc, bad_options);
  tcase_add_test(tc, piece_of_a_shipped_variant);
  suite_add_tcase(suite, tc);
  return suite;
}
