/* test_mbn_errors.c — malformed MBN is rejected with a message that names
 * the problem, at the line and column where it is, never by crashing and
 * never by skipping text. Each case was read off the input by hand. */
#include <check.h>

#include "mbn/mbn_ast.h"
#include "mbn_test_util.h"

Suite *test_suite(void);

typedef struct {
  const char *input;
  int line, col;
  const char *message; /* a substring of the diagnostic */
} ErrorCase;

static const ErrorCase CASES[] = {
    {"X=", 1, 3, "expected a move definition after '='"},
    {"X=W-", 1, 5, "expected a move"},
    {"X=(W", 1, 5, "expected ')' to close the group opened at column 3"},
    {"X=W)", 1, 4, "unmatched ')'"},
    {"X=[W", 1, 5, "expected ']' to close the optional leg opened at column 3"},
    {"X=W[1-", 1, 7, "expected a rank number"},
    {"X=:3,1:", 1, 3, "must list the smaller ordinate first"},
    {"X=:1,40:", 1, 3, "exceeds the largest leap 35"},
    {"X=W99", 1, 4, "rider length 99 exceeds the limit of 36"},
    {"X=Wq", 1, 4, "modifier 'q' is unused in MBN"},
    {"X=yW", 1, 3, "'y' only follows c, j, w or x"},
    {"X=fffW", 1, 5, "modifier 'f' repeated three times"},
    {"X=hW", 1, 4, "'h' (halfling) needs a plain unlimited rider"},
    {"X=uuW", 1, 3, "'uu' and 'u{...}' are not in MBN"},
    {"X=(Q)*", 1, 6, "edge rider '*' on a group is not supported"},
    {"X=W#", 1, 4, "steps '#' are not supported"},
    {"X=!W", 1, 4, "the setup operator '!' is supported on captures only"},
    {"X=#!W", 1, 5, "the setup operator '!' is supported on captures only"},
    {"X=K<+1>!cW", 1, 8, "the setup operator '!' comes before a board transition"},
    {"X=/T/W", 1, 3, "piece set names 'T', which is not a piece of this variant"},
    /* board transitions (MBN §8): malformed ones at the offending token */
    {"X=<2>W", 1, 3, "board 2 in a transition, but the board has 1 level"},
    {"X=<+1W", 1, 6, "expected ',' or '>' in a board transition"},
    {"X=<+-W", 1, 6, "expected a number of levels after '+-'"},
    {"X=<-W", 1, 5, "expected a number of levels after '-'"},
    {"X=<1;2>W", 1, 3, "a 4D board transition ('<..;..>') needs a 4D board"},
    {"X=<3d>F0", 1, 3, "the operators of MBN section 10 (<4d>, <3d>, <2d>, <3o>) need a 4D board"},
    {"X=<5d>N", 1, 4, "'<5d>' is not an operator of MBN section 10"},
    {"X=<4o>N", 1, 4, "'<4o>' is not an operator of MBN section 10"},
    {"X=<;>W", 1, 5, "a 4D board transition needs a board on one axis at least"},
    {"X=<+1;<+1>W", 1, 11, "expected '>' or ',' in a board transition"},
    {"C<1;9>=W", 1, 5, "board numbers are 1..8"},
    {"X=<+1>", 1, 3, "a board transition needs a move after it"},
    {"X=<+1> W", 1, 3, "a board transition needs a move after it"},
    {"X=<<+1>W", 1, 8, "expected '>>' to close"},
    {"X=<0>W", 1, 4, "boards are numbered from 1"},
    {"X=<+1,W", 1, 7, "expected a board number"},
    {"X=<+1", 1, 6, "unterminated board transition"},
    {"X=<+ 1>W", 1, 6, "space inside a board transition"},
    {"X=<+1><+1>W", 1, 7, "two board transitions in a row"},
    {"X=<+17>W", 1, 5, "exceeds the largest board count 16"},
    {"X=<+>W", 1, 3, "'<+>' names every other level, and the board has only one level"},
    {"X=<>", 1, 5, "expected a move after the triagonal operator"},
    {"X=<+1>W0", 1, 7, "a board transition on a rider is not defined by MBN"},
    {"X=<+1>([W]--F)", 1, 3, "a board transition on a chain moves its first leg"},
    {"X=(<+1>W-F)0", 1, 8, "a board transition inside a repeated group"},
    {"X=(W+<+1>F)0", 1, 10, "a board transition inside a repeated group"},
    {"X=W-<+1>F", 1, 9, "a board transition on a leg after '-' is not defined"},
    {"X=(<+1>W0)0", 1, 8, "a complex rider over a board transition takes a single leap"},
    {"X=<+1>(<-1>W)0", 1, 8, "a board transition inside another one"},
    {"X=<+1>pR", 1, 8, "a board transition on a hopper"},
    {"X=<<1>>W", 1, 3, "explicit reflection '<<..>>' of an absolute board"},
    /* board identifiers (C<2>=...) */
    {"X<2>=W", 1, 1, "board identifier names a board beyond the 1 level"},
    {"C<1>=W C<1,2>=F", 1, 8, "piece 'C' defined twice (on the same boards)"},
    {"C<1>=W C=F", 1, 8, "piece 'C' defined twice"},
    {"C=W c<1>=F", 1, 5, "board identifiers on black definitions"},
    {"S<<5>=W", 1, 6, "expected '>>' to close the reflected board identifier"},
    {"C<2,>=W", 1, 5, "expected a board number or '*' in a board identifier"},
    {"C<2=W", 1, 4, "expected '>' to close the board identifier"},
    {"C<0>=W", 1, 3, "board numbers are 1..16"},
    {"@C<1>=W", 1, 3, "board identifiers '<...>' are allowed on piece definitions only"},
    {"@:XX:<ab>=W", 1, 6, "':XX:<ab>' is longer than 7 characters"},
    {"X=W<a>", 1, 3, "'W<A>' is not a macro (letters with a suffix"},
    /* XBoard's Betza read as MBN would be another piece: refused by name */
    {"X=fcafmF", 1, 5, "'a' (move or capture) beside 'm' or a plain 'c' on one move"},
    {"X=KNADcaKmabK", 1, 8, "'a' (move or capture) beside 'm' or a plain 'c' on one move"},
    {"X=O2", 1, 4, "a count on the null leaper O ('O2') is no move"},
    /* castling forms other than the file form, named (audit 16) */
    {"K R O-O=[*]irR=ip{k}rD", 1, 9, "castling with an associate found by its move ('ip{k}rD'"},
    {"K R O-O=[*]ir(F02-[F])=ij{k}lF0-F", 1, 9,
     "castling with an associate found by its move ('ij{k}lF0-F'"},
    {"K R O-O=[*]irD02=isR[f]", 1, 9, "castling whose royal move '[*]irD02' names no"},
    {"C<2><s>=W", 1, 5, "a suffix comes before the board identifier"},
    {"X={C}W", 1, 3, "piece set names 'C', which is not a piece of this variant"},
    {"Y=X", 1, 3, "basic piece X (Explosion"},
    {"Z=:AB:", 1, 3, "':AB:' is not a macro"},
    {":AB:", 1, 1, "compound letter ':AB:' needs a definition"},
    {"X=B|unterminated", 1, 4, "unterminated comment"},
    {"X=k{Q}W", 1, 3, "piece set names 'Q', which is not a piece of this variant"},
    {"X=iiiW", 1, 5, "modifier 'i' repeated three times"},
    {"X=pN", 1, 4, "'p' needs a straight path"},
    {"X=nN0*", 1, 4, "'n' on a maximal or edge rider"},
    /* an error inside a basic piece's body points at its letter */
    {"K X=nB*", 1, 6, "'n' on a maximal or edge rider"},
    {"X=efW", 1, 3, "'e' needs 'm'"},
    {"K=K K=K", 1, 5, "piece 'K' defined twice"},
    {"p=fW", 1, 1, "black definition 'p' needs a white piece 'P'"},
    {"X=W[a1(+-2,+-2)]", 1, 7, "range iterators"},
    {"X=W[c-a]", 1, 8, "range goes backwards"},
    {"X=W[0]", 1, 5, "rank 0 out of range"},
    {"+P==QRBN", 1, 1, "promotion of '+P' needs a piece 'P'"},
    {"K +K==Z", 1, 3, "promotion set names 'Z'"},
    {"R<s!>=W", 1, 2, "a suffix '<..>' holds letters and digits only"},
    {"-Q=fQ", 1, 1, "'-Q' promotes to 'Q', which is not a piece of this variant"},
    {"Q *Q=fQ", 1, 3, "piece prefix '*' is not supported on a piece: a '*' in a FEN is a hole"},
    {"Q #Q==Q +Q==R", 1, 9, "promotion rules of two prefixes ('#' and '+')"},
    {"X=# W", 1, 5, "expected a move after '#'"},
    {"X\xc3\xa9=W", 1, 2, "unexpected byte 0xc3"},
    {"X=m?W", 1, 4, "'m?': MBN does not say what an optional 'm' means"},
    {"X=(W)(fr)", 1, 3, "a circular rider (P)m needs steps"},
    {"K\nQ\nX=W-", 3, 5, "expected a move"},
    {"K Q\n  |comment spanning\nlines| X=W--", 3, 13, "expected a move"},
    {"@:A:=:B: @:B:=:A: X=:A:", 1, 15, "macro ':A:' refers to itself"},
    {"X=jW", 1, 1, "this move has no legs"},
    /* an alternative selecting nothing is an error beside others too (audit 4) */
    {"X=R+jB", 1, 6, "this alternative selects no move"},
    /* audit reproducer 16: named, not "expected a move, found '['" */
    {"X=o[b,g]B", 1, 4, "cylinders over some files ('o[..]') are not supported"},
    {"F={jy{X}F}0-F", 1, 3, "optional complex rider '{..}0' is not in MBN's grammar"},
    {"X=N+vF", 1, 6, "this alternative selects no move"},
    /* a count after a macro is textual: where the text would count only a
     * part of the body (W+F2, N02 from N0 and 2), it is refused by name */
    {"@Y=W+F X=Y2", 1, 11, "a count after macro 'Y' is textual"},
    {"@Y=N0 X=Y2", 1, 10, "a count after macro 'Y' is textual"},
    {"@Y=mWF X=Y2", 1, 11, "a count after macro 'Y' is textual"},
    {"@Y=fN[a-c] X=Y2", 1, 15, "a count after macro 'Y' is textual"},
    {"X=F+tR", 1, 6, "this alternative selects no move"},
    {"X=(fr)W", 1, 1, "this move has no legs"},
    {"X=W-jF", 1, 1, "this move can never end"},
    {"K O-O=[*]irR=ip{!K}lD", 1, 7, "castling with an associate found by its move"},
    {"P X=me{P}fW", 1, 6, "'me{...}': MBN does not say what a piece set means"},
    {"K P +p==X", 1, 5, "promotion set names 'X', which is not a piece of this variant"},
    {"X=m{X}W", 1, 3, "'m{...}': MBN does not say what a piece set restricts"},
    {"X=k{X}Q", 1, 3, "'k{...}': MBN does not say which pieces the set names"},
    {"X=g{Y}R", 1, 3, "piece set names 'Y', which is not a piece of this variant"},
    {"PS", 1, 3, "several pieces in one definition need '=' and a move"},
    {"@x=W", 1, 3, "macro names are upper case"},
    {"@X=W @X=F", 1, 6, "macro defined twice"},
    {"X=WF=", 1, 5, "unexpected '=' after a complete definition"},
    {"X=W[a-", 1, 7, "expected a file letter after '-'"},
    {"X={K}{Q}W", 1, 6, "two attacker sets before one move"},
    {"X=:1,2", 1, 3, "malformed leaper"},
    {"X=:ABCD:", 1, 3, "compound letter longer than three characters"},
};

START_TEST(each_malformed_input_is_reported_where_it_is) {
  const ErrorCase *c = &CASES[_i];
  char error[512] = "";
  Variant *v = mtu_compile(c->input, 8, 8, error, sizeof error);
  ck_assert_msg(v == NULL, "'%s' compiled", c->input);
  char where[32];
  snprintf(where, sizeof where, "%d:%d: ", c->line, c->col);
  ck_assert_msg(!strncmp(error, where, strlen(where)), "'%s': got '%s', want at %s", c->input,
                error, where);
  ck_assert_msg(strstr(error, c->message), "'%s': got '%s', want '%s'", c->input, error,
                c->message);
}
END_TEST

/* <+> on an axis of one board names no board: said so, not "no legs".
 * 3x3 boards, three rows of one board (levels_z 1), or one row of three. */
START_TEST(every_other_board_of_one_is_named) {
  char error[512] = "";
  ck_assert_ptr_null(mtu_compile4("X=<+;+1>W", 3, 3, 3, 1, error, sizeof error));
  ck_assert_msg(strstr(error, "1:3: '<+>' names every other board of the row, and each row has "
                              "only one board"),
                "%s", error);
  ck_assert_ptr_null(mtu_compile4("X=<+1;+>W", 3, 3, 3, 3, error, sizeof error));
  ck_assert_msg(strstr(error, "1:3: '<+>' names every other row, and the board has only one row"),
                "%s", error);
  char ok[512] = "";
  Variant *v = mtu_compile4("X=<+;+1>W Y=<+1;+>W", 3, 3, 9, 3, ok, sizeof ok);
  ck_assert_msg(v != NULL, "%s", ok);
  mtu_free(v);
}
END_TEST

START_TEST(nesting_limit_has_its_own_message) {
  char text[128] = "X=";
  for (int i = 0; i < 40; i++) strcat(text, "(");
  strcat(text, "W");
  for (int i = 0; i < 40; i++) strcat(text, ")");
  char error[512] = "";
  ck_assert_ptr_null(mtu_compile(text, 8, 8, error, sizeof error));
  /* the 33rd '(' is at column 3 + 32 */
  ck_assert_msg(strstr(error, "1:35: nesting deeper than 32 levels"), "%s", error);
  /* 32 levels are fine */
  strcpy(text, "X=");
  for (int i = 0; i < 32; i++) strcat(text, "(");
  strcat(text, "W");
  for (int i = 0; i < 32; i++) strcat(text, ")");
  Variant *v = mtu_compile(text, 8, 8, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  mtu_free(v);
}
END_TEST

START_TEST(macro_depth_limit_has_its_own_message) {
  char text[512] = "";
  for (int i = 0; i < 20; i++) {
    char def[32];
    snprintf(def, sizeof def, "@:M%c:=:M%c: ", 'A' + i, 'A' + i + 1);
    strcat(text, def);
  }
  strcat(text, "@:MU:=W X=:MA:");
  char error[512] = "";
  ck_assert_ptr_null(mtu_compile(text, 8, 8, error, sizeof error));
  ck_assert_msg(strstr(error, "macros nested deeper than 16"), "%s", error);
}
END_TEST

START_TEST(size_limits_have_their_own_messages) {
  char text[256] = "X=(";
  for (int i = 0; i < 40; i++) strcat(text, "W");
  strcat(text, ")30");
  char error[512] = "";
  ck_assert_ptr_null(mtu_compile(text, 8, 8, error, sizeof error));
  ck_assert_msg(strstr(error, "more than 32768 links between legs"), "%s", error);
  strcpy(text, "X=(((K)36)36)36");
  ck_assert_ptr_null(mtu_compile(text, 8, 8, error, sizeof error));
  ck_assert_msg(strstr(error, "more than 4096 legs before expansion"), "%s", error);
  strcpy(text, "X=((dN)36)36");
  ck_assert_ptr_null(mtu_compile(text, 8, 8, error, sizeof error));
  ck_assert_msg(strstr(error, "move program too large"), "%s", error);
}
END_TEST

/* PIECE_TYPE_MAX (256) types compile; one more is an error at the letter of
 * the 257th, which starts at column 8 * 256 + 1. */
START_TEST(more_than_256_piece_types_is_an_error) {
  static char text[4096];
  text[0] = '\0';
  for (int i = 0; i < 257; i++) {
    char def[32];
    snprintf(def, sizeof def, ":X%c%c:=W ", 'A' + i / 26, 'A' + i % 26);
    strcat(text, def);
    if (i == 255) {
      char error[512] = "";
      Variant *v = mtu_compile(text, 8, 8, error, sizeof error);
      ck_assert_msg(v != NULL, "%s", error);
      ck_assert_int_eq(v->piece_count, 256);
      mtu_free(v);
    }
  }
  char error[512] = "";
  ck_assert_ptr_null(mtu_compile(text, 8, 8, error, sizeof error));
  ck_assert_msg(strstr(error, "1:2049: more than 256 piece types"), "%s", error);
}
END_TEST

START_TEST(more_than_1024_definitions_is_an_error) {
  static char text[4096];
  text[0] = '\0';
  for (int i = 0; i < 1100; i++) strcat(text, i % 2 ? "N " : "n ");
  char error[512] = "";
  ck_assert_ptr_null(mtu_compile(text, 8, 8, error, sizeof error));
  /* the 1025th definition starts at column 2 * 1024 + 1 */
  ck_assert_msg(strstr(error, "1:2049: more than 1024 definitions"), "%s", error);
}
END_TEST

START_TEST(board_shape_is_checked) {
  char error[512] = "";
  ck_assert_ptr_null(mtu_compile("K", 40, 8, error, sizeof error));
  ck_assert_msg(strstr(error, "board shape 40x8x1"), "%s", error);
}
END_TEST

START_TEST(positions_are_relative_to_the_file) {
  /* The pieces value starts on line 12, column 10 of its file. */
  Variant v;
  memset(&v, 0, sizeof v);
  v.shape.files = v.shape.ranks = 8;
  v.shape.levels = 1;
  MbnDiagnostics d = {0};
  MbnSourcePos where = {"chess.var", 12, 10};
  ck_assert(!mbn_compile_pieces(&v, "K Q=RB+", where, &d));
  ck_assert_int_eq(d.count, 1);
  ck_assert_str_eq(d.items[0].source, "chess.var");
  ck_assert_int_eq(d.items[0].line, 12);
  ck_assert_int_eq(d.items[0].col, 17);
  FILE *out = tmpfile();
  mbn_diagnostics_print(&d, out);
  rewind(out);
  char text[256] = "";
  ck_assert_ptr_nonnull(fgets(text, sizeof text, out));
  ck_assert_str_eq(text, "chess.var:12:17: expected a move (an atom like W, a piece letter or "
                         "'(')\n");
  fclose(out);
  mbn_diagnostics_free(&d);
  variant_free(&v);
}
END_TEST

START_TEST(several_errors_are_all_reported) {
  Variant v;
  memset(&v, 0, sizeof v);
  v.shape.files = v.shape.ranks = 8;
  v.shape.levels = 1;
  MbnDiagnostics d = {0};
  MbnSourcePos where = {"x.var", 1, 1};
  ck_assert(!mbn_compile_pieces(&v, "A=W) B=(F C=fW D=W**", where, &d));
  ck_assert_int_eq(d.count, 3);
  ck_assert_int_eq(d.items[0].col, 4);
  ck_assert_int_eq(d.items[1].col, 11); /* at the text after "(F" */
  ck_assert_int_eq(d.items[2].col, 19);
  ck_assert_int_eq(v.piece_count, 0);
  mbn_diagnostics_free(&d);
  variant_free(&v);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("mbn_errors");
  TCase *tc = tcase_create("errors");
  tcase_add_loop_test(tc, each_malformed_input_is_reported_where_it_is, 0,
                      (int)(sizeof CASES / sizeof CASES[0]));
  tcase_add_test(tc, nesting_limit_has_its_own_message);
  tcase_add_test(tc, every_other_board_of_one_is_named);
  tcase_add_test(tc, macro_depth_limit_has_its_own_message);
  tcase_add_test(tc, size_limits_have_their_own_messages);
  tcase_add_test(tc, more_than_256_piece_types_is_an_error);
  tcase_add_test(tc, more_than_1024_definitions_is_an_error);
  tcase_add_test(tc, board_shape_is_checked);
  tcase_add_test(tc, positions_are_relative_to_the_file);
  tcase_add_test(tc, several_errors_are_all_reported);
  suite_add_tcase(suite, tc);
  return suite;
}
