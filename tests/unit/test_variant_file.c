/* test_variant_file.c — the variant file format: sections, keys, values,
 * continuation lines, inheritance, and one test per kind of error, each
 * checking the file:line:col and the quoted text of the message. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/variant_file.h"
#include "mbn/variant_library.h"

Suite *test_suite(void);

static const char CHESS[] = "[chess]\n"
                            "board = 8x8\n"
                            "setup = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
                            "pieces = K Q R B N P\n";

/* Parses text; returns the diagnostics joined by newlines (static buffer). */
static const char *parse_errors(const char *text, VariantFile *file) {
  static char joined[4096];
  VariantDiagnostics diags = {0};
  variant_file_parse(file, "t.var", text, &diags);
  joined[0] = '\0';
  for (int i = 0; i < diags.count; i++) {
    strncat(joined, diags.items[i], sizeof joined - strlen(joined) - 2);
    strcat(joined, "\n");
  }
  variant_diag_free(&diags);
  return joined;
}

/* Compiles text as a library; returns the errors, fills *lib. */
static const char *compile_errors(const char *text, VariantLibrary **lib) {
  static char joined[4096];
  VariantDiagnostics diags = {0};
  *lib = library_new();
  library_add_text(*lib, "t.var", text, &diags);
  library_compile(*lib, &diags);
  joined[0] = '\0';
  for (int i = 0; i < diags.count; i++) {
    strncat(joined, diags.items[i], sizeof joined - strlen(joined) - 2);
    strcat(joined, "\n");
  }
  variant_diag_free(&diags);
  return joined;
}

START_TEST(sections_and_keys_are_read_with_positions) {
  VariantFile file;
  ck_assert_str_eq(parse_errors(CHESS, &file), "");
  ck_assert_int_eq(file.section_count, 1);
  const VariantSection *s = &file.sections[0];
  ck_assert_str_eq(s->name, "chess");
  ck_assert_str_eq(s->parent, "");
  ck_assert_str_eq(s->values[VKEY_BOARD].chunks[0].text, "8x8");
  ck_assert_int_eq(s->values[VKEY_PIECES].chunks[0].pos.line, 4);
  ck_assert_int_eq(s->values[VKEY_PIECES].chunks[0].pos.col, 10);
  ck_assert_int_eq(s->values[VKEY_RULES].chunk_count, 0);
  variant_file_free(&file);
}
END_TEST

START_TEST(indented_lines_continue_a_value_and_comments_are_blanked) {
  VariantFile file;
  const char *text = "[v]\nrules = royal{K}\n# a comment\n    stalemate=loss\n\npieces = K\n";
  ck_assert_str_eq(parse_errors(text, &file), "");
  const char *rules = file.sections[0].values[VKEY_RULES].chunks[0].text;
  ck_assert_ptr_nonnull(strstr(rules, "stalemate=loss"));
  ck_assert_ptr_null(strstr(rules, "comment"));
  /* The column of the continuation is the file's column. */
  const char *second = strchr(rules, '\n');
  ck_assert_ptr_nonnull(second);
  ck_assert_ptr_nonnull(strstr(second, "\n           \n    stalemate"));
  ck_assert_str_eq(file.sections[0].values[VKEY_PIECES].chunks[0].text, "K");
  variant_file_free(&file);
}
END_TEST

START_TEST(inheritance_overrides_and_appends) {
  VariantLibrary *lib;
  char text[2048];
  snprintf(text, sizeof text,
           "%s[child:chess]\nrules += stalemate=loss\n[grandchild:child]\nboard = 8x8\n"
           "rules += royal{K}=maxchecks(3)\n",
           CHESS);
  ck_assert_str_eq(compile_errors(text, &lib), "");
  const Variant *g = library_find(lib, "grandchild");
  ck_assert_ptr_nonnull(g);
  ck_assert_int_eq(g->rules.stalemate, RESULT_LOSS);
  ck_assert_int_eq(g->rules.check_limit, 3);
  ck_assert_int_eq(g->shape.files, 8);
  ck_assert_str_eq(g->start_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  ck_assert_int_eq(library_find(lib, "chess")->rules.stalemate, RESULT_DRAW);
  library_free(lib);
}
END_TEST

START_TEST(a_parent_may_come_later_in_the_batch) {
  VariantLibrary *lib;
  char text[2048];
  snprintf(text, sizeof text, "[early:chess]\nboard = 8x8\n%s", CHESS);
  ck_assert_str_eq(compile_errors(text, &lib), "");
  ck_assert_ptr_nonnull(library_find(lib, "early"));
  library_free(lib);
}
END_TEST

/* ---- one test per error kind ---- */

START_TEST(error_text_before_first_section) {
  VariantFile file;
  ck_assert_str_eq(parse_errors("hello\n[v]\n", &file),
                   "t.var:1:1: 'hello' before the first [variant] section\n");
  variant_file_free(&file);
}
END_TEST

START_TEST(error_unknown_key_is_not_ignored) {
  VariantFile file;
  const char *errors = parse_errors("[v]\nbaord = 8x8\n", &file);
  ck_assert_ptr_nonnull(strstr(errors, "t.var:2:1: unknown key 'baord' (keys are: board,"));
  variant_file_free(&file);
}
END_TEST

START_TEST(error_key_prefix_is_not_a_key) {
  VariantFile file;
  ck_assert_ptr_nonnull(strstr(parse_errors("[v]\nbo = 8x8\n", &file), "unknown key 'bo'"));
  variant_file_free(&file);
}
END_TEST

START_TEST(error_line_without_equals) {
  VariantFile file;
  ck_assert_str_eq(parse_errors("[v]\nboard 8x8\n", &file),
                   "t.var:2:1: expected 'key = value', found 'board 8x8'\n");
  variant_file_free(&file);
}
END_TEST

START_TEST(error_lines_are_counted_after_continued_values) {
  VariantFile file;
  ck_assert_str_eq(parse_errors("[v]\nrules = royal\n  stalemate=loss\n# note\n\nbogus\n", &file),
                   "t.var:6:1: expected 'key = value', found 'bogus'\n");
  variant_file_free(&file);
}
END_TEST

START_TEST(error_header_without_bracket) {
  VariantFile file;
  ck_assert_str_eq(parse_errors("[v\nboard = 8x8\n", &file),
                   "t.var:1:1: section header '[v' lacks its closing ']'\n");
  variant_file_free(&file);
}
END_TEST

START_TEST(error_header_bad_name_character) {
  VariantFile file;
  ck_assert_str_eq(parse_errors("[my variant]\n", &file),
                   "t.var:1:4: character ' ' is not allowed in a variant name (letters, digits, "
                   "- _ . +)\n");
  variant_file_free(&file);
}
END_TEST

START_TEST(error_header_empty_parent_and_trailing_text) {
  VariantFile file;
  ck_assert_ptr_nonnull(strstr(parse_errors("[v:]\n", &file), "t.var:1:4: empty parent name"));
  variant_file_free(&file);
  ck_assert_ptr_nonnull(
      strstr(parse_errors("[v] x\n", &file), "t.var:1:5: unexpected text 'x' after the section"));
  variant_file_free(&file);
}
END_TEST

START_TEST(error_duplicate_key) {
  VariantFile file;
  ck_assert_str_eq(parse_errors("[v]\nboard = 8x8\nboard = 9x9\n", &file),
                   "t.var:3:1: key 'board' given twice in [v] (first at line 2)\n");
  variant_file_free(&file);
}
END_TEST

START_TEST(error_empty_value) {
  VariantFile file;
  ck_assert_str_eq(parse_errors("[v]\nboard =\n", &file),
                   "t.var:2:1: key 'board' has an empty value\n");
  variant_file_free(&file);
}
END_TEST

START_TEST(error_append_without_parent_or_to_unappendable_key) {
  VariantFile file;
  ck_assert_ptr_nonnull(strstr(parse_errors("[v]\nrules += royal\n", &file),
                               "t.var:2:1: 'rules +=' in [v], which has no parent"));
  variant_file_free(&file);
  ck_assert_ptr_nonnull(strstr(parse_errors("[v:w]\nboard += 8x8\n", &file),
                               "t.var:2:1: key 'board' cannot be appended to"));
  variant_file_free(&file);
}
END_TEST

START_TEST(error_stray_indented_line) {
  VariantFile file;
  ck_assert_str_eq(parse_errors("[v]\n  royal\n", &file),
                   "t.var:2:3: indented line 'royal' continues no key\n");
  variant_file_free(&file);
}
END_TEST

START_TEST(error_missing_parent_and_cycle_and_duplicate_variant) {
  VariantLibrary *lib;
  ck_assert_ptr_nonnull(strstr(compile_errors("[a:nowhere]\nboard = 8x8\n", &lib),
                               "t.var:1:4: variant 'a' inherits from 'nowhere', which is not"));
  library_free(lib);
  /* the loop is named whole (it said "inherits from itself (through 'a')") */
  ck_assert_ptr_nonnull(
      strstr(compile_errors("[a:b]\nboard = 8x8\n[b:c]\nboard = 8x8\n[c:a]\nboard = 8x8\n", &lib),
             "t.var:1:1: variant 'a': its inheritance is a loop ('a' -> 'b' -> 'c' -> 'a')"));
  library_free(lib);
  char text[2048];
  snprintf(text, sizeof text, "%s%s", CHESS, CHESS);
  ck_assert_ptr_nonnull(strstr(compile_errors(text, &lib),
                               "t.var:5:1: variant 'chess' is already defined at t.var:1"));
  library_free(lib);
}
END_TEST

START_TEST(error_missing_required_key) {
  VariantLibrary *lib;
  ck_assert_ptr_nonnull(strstr(compile_errors("[v]\nboard = 8x8\n", &lib),
                               "t.var:1:1: variant [v] lacks the key 'setup'"));
  library_free(lib);
}
END_TEST

START_TEST(error_bad_board) {
  VariantLibrary *lib;
  const char *cases[][2] = {
      {"8x", "board '8x' must be WxH"},
      {"0x8", "files and ranks must be 1..36"},
      {"37x8", "files and ranks must be 1..36"},
      {"8x8x0", "levels must be 1..16"},
      {"8x8 9x9", "board '8x8': after the size only 'hexagonal-vertical' or "
                  "'hexagonal-horizontal' may follow, not '9x9'"},
      {"8x8x2 hexagonal-vertical", "a hexagonal board has one level"},
      {"8x8 hexagonal-vertical x", "nothing may follow 'hexagonal-vertical', found 'x'"},
      /* a bad size is the size's error, whatever follows it */
      {"8x 9x9 7", "board '8x' must be WxH"},
  };
  for (int i = 0; i < 8; i++) {
    char text[512];
    snprintf(text, sizeof text, "[v]\nboard = %s\nsetup = 8/8 w\npieces = K\n", cases[i][0]);
    const char *errors = compile_errors(text, &lib);
    ck_assert_msg(strstr(errors, cases[i][1]), "%s gave %s", cases[i][0], errors);
    ck_assert_ptr_nonnull(strstr(errors, "t.var:2:9:"));
    library_free(lib);
  }
}
END_TEST

START_TEST(error_bad_setup) {
  VariantLibrary *lib;
  const char *cases[][2] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w - - 0 1",
       "t.var:3:51: setup uses piece 'Z', which the pieces key does not define"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w - - 0 1", "7 file(s) on its last rank"},
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "more than 8 files"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x - - 0 1", "side to move must be 'w' or 'b'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "lacks the side to move"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q w - - 0 1", "lack their closing ']'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Z] w - - 0 1", "piece 'Z'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "more ranks than the board"},
      /* Once an int overflow, then '*' wrote before the holes array. */
      {"k7/8/8/8/8/8/8/4294967290******K1 w - - 0 1", "t.var:3:24: rank 1 of the setup has more"},
      {"k7/8/8/8/8/8/8/99999999999999999999 w - - 0 1", "more than 8 files"},
  };
  for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
    char text[512];
    snprintf(text, sizeof text, "[v]\nboard = 8x8\nsetup = %s\npieces = K Q R B N P\n",
             cases[i][0]);
    const char *errors = compile_errors(text, &lib);
    ck_assert_msg(strstr(errors, cases[i][1]), "%s gave %s", cases[i][0], errors);
    library_free(lib);
  }
}
END_TEST

START_TEST(setup_marks_holes_and_reads_big_runs) {
  VariantLibrary *lib;
  const char *text = "[v]\nboard = 12x3\nsetup = *10*/12/K11 w - - 0 1\npieces = K\n";
  ck_assert_str_eq(compile_errors(text, &lib), "");
  const Variant *v = library_find(lib, "v");
  ck_assert_ptr_nonnull(v->shape.hole);
  ck_assert_int_eq(v->shape.hole[2 * 12 + 0], 1);
  ck_assert_int_eq(v->shape.hole[2 * 12 + 11], 1);
  ck_assert_int_eq(v->shape.hole[2 * 12 + 5], 0);
  library_free(lib);
}
END_TEST

START_TEST(names_and_values_set_piece_fields) {
  VariantLibrary *lib;
  char text[2048];
  snprintf(text, sizeof text, "%s[v:chess]\nnames = N=Nice_Knight\nvalues = N=325 Q=950\n", CHESS);
  ck_assert_str_eq(compile_errors(text, &lib), "");
  const Variant *v = library_find(lib, "v");
  int n = -1;
  for (int t = 0; t < v->piece_count; t++)
    if (!strcmp(v->pieces[t].letter, "N")) n = t;
  ck_assert_int_ge(n, 0);
  ck_assert_str_eq(v->pieces[n].name, "Nice Knight");
  ck_assert_int_eq(v->pieces[n].value, 325);
  library_free(lib);
  snprintf(text, sizeof text, "%s[v:chess]\nvalues = Z=1 N=lots\n", CHESS);
  const char *errors = compile_errors(text, &lib);
  ck_assert_ptr_nonnull(strstr(errors, "t.var:6:10: 'Z=1' names piece 'Z'"));
  ck_assert_ptr_nonnull(strstr(errors, "t.var:6:14: 'N=lots': value must be a whole number"));
  library_free(lib);
}
END_TEST

START_TEST(pieces_declare_letters_names_and_promoted_forms) {
  VariantLibrary *lib;
  const char *text = "[v]\nboard = 5x5\nsetup = 5/5/5/5/K4 w - - 0 1\n"
                     "pieces = K|King| G=W+fF S|Silver|=F+fW +S=G @X=WF PL=fW +P==G\n"
                     "  :BM:=mK C=WF c=K\n";
  ck_assert_str_eq(compile_errors(text, &lib), "");
  const Variant *v = library_find(lib, "v");
  const char *letters[] = {"K", "G", "S", "+S", "P", "L", ":BM:", "C"};
  ck_assert_int_eq(v->piece_count, 8);
  for (int i = 0; i < 8; i++) ck_assert_str_eq(v->pieces[i].letter, letters[i]);
  ck_assert_str_eq(v->pieces[2].name, "Silver");
  library_free(lib);
}
END_TEST

START_TEST(error_bad_piece_token) {
  VariantLibrary *lib;
  const char *text = "[v]\nboard = 5x5\nsetup = 5/5/5/5/K4 w - - 0 1\npieces = K =W\n";
  ck_assert_ptr_nonnull(strstr(compile_errors(text, &lib),
                               "t.var:4:12: piece definition '=W' must start with a piece letter"));
  library_free(lib);
}
END_TEST

/* Side mark, two prefixes and a three-letter compound fill nine characters:
 * one past the letter buffer (the writes overran it before the check). */
START_TEST(error_piece_letter_too_long) {
  VariantLibrary *lib;
  const char *text = "[v]\nboard = 5x5\nsetup = 5/5/5/5/K4 w - - 0 1\npieces = K '+-:ABC:=K\n";
  ck_assert_ptr_nonnull(
      strstr(compile_errors(text, &lib),
             "t.var:4:12: piece letter in ''+-:ABC:=K' is longer than 7 characters"));
  library_free(lib);
}
END_TEST

/* Refused constructs name themselves (the MBN audit's unclear refusals): a
 * reflected board identifier without its closing ">>", and two prefixes on a piece
 * or in a promotion set, had said a piece letter was missing. */
START_TEST(refusals_name_the_construct) {
  static const struct {
    const char *pieces, *error;
  } cases[] = {
      {"K C S<<5>=T", "t.var:4:14: board identifier in 'S<<5>=T' lacks its closing '>>'"},
      {"K C ##C", "t.var:4:14: '##C' is the rule of a promoted piece '#C' of a piece 'C': the "
                  "variant lacks #C"},
      {"K C +C=K ++C=W",
       "t.var:4:19: a piece with two prefixes ('++C') is not supported: a double prefix names"},
      {"K C +C=K #+C==C", "t.var:4:20: two different prefixes ('#+') are not supported"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[256];
    snprintf(
        text, sizeof text,
        "[v]\nboard = 5x5x5\nsetup = k4/5/5/5/5|5/5/5/5/5|5/5/2C2/5/5|5/5/5/5/5|5/5/5/5/K4 w - - "
        "0 1\npieces = %s\n",
        cases[i].pieces);
    VariantLibrary *lib;
    const char *errors = compile_errors(text, &lib);
    ck_assert_msg(strstr(errors, cases[i].error), "%s: %s", cases[i].pieces, errors);
    library_free(lib);
  }
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("variant_file");
  TCase *tc = tcase_create("format");
  tcase_add_test(tc, sections_and_keys_are_read_with_positions);
  tcase_add_test(tc, refusals_name_the_construct);
  tcase_add_test(tc, indented_lines_continue_a_value_and_comments_are_blanked);
  tcase_add_test(tc, inheritance_overrides_and_appends);
  tcase_add_test(tc, a_parent_may_come_later_in_the_batch);
  tcase_add_test(tc, setup_marks_holes_and_reads_big_runs);
  tcase_add_test(tc, names_and_values_set_piece_fields);
  tcase_add_test(tc, pieces_declare_letters_names_and_promoted_forms);
  suite_add_tcase(suite, tc);
  TCase *errors = tcase_create("errors");
  tcase_add_test(errors, error_text_before_first_section);
  tcase_add_test(errors, error_unknown_key_is_not_ignored);
  tcase_add_test(errors, error_key_prefix_is_not_a_key);
  tcase_add_test(errors, error_line_without_equals);
  tcase_add_test(errors, error_lines_are_counted_after_continued_values);
  tcase_add_test(errors, error_header_without_bracket);
  tcase_add_test(errors, error_header_bad_name_character);
  tcase_add_test(errors, error_header_empty_parent_and_trailing_text);
  tcase_add_test(errors, error_duplicate_key);
  tcase_add_test(errors, error_empty_value);
  tcase_add_test(errors, error_append_without_parent_or_to_unappendable_key);
  tcase_add_test(errors, error_stray_indented_line);
  tcase_add_test(errors, error_missing_parent_and_cycle_and_duplicate_variant);
  tcase_add_test(errors, error_missing_required_key);
  tcase_add_test(errors, error_bad_board);
  tcase_add_test(errors, error_bad_setup);
  tcase_add_test(errors, error_bad_piece_token);
  tcase_add_test(errors, error_piece_letter_too_long);
  suite_add_tcase(suite, errors);
  return suite;
}
