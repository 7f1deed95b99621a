/* test_variant_library.c — the shipped library: every file compiles, the
 * required variants are there, and each start position equals the oracle's
 * (Fairy-Stockfish's) startpos FEN for the same variant name. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

START_TEST(shipped_files_compile_without_errors) {
  VariantLibrary *lib = shipped_library_load();
  ck_assert_int_ge(library_count(lib), 60);
  library_free(lib);
}
END_TEST

START_TEST(required_variants_are_shipped) {
  static const char *const required[] = {
      "chess",       "fischerandom",  "capablanca",  "gothic",     "janus",      "embassy",
      "grand",       "shogi",         "minishogi",   "kyotoshogi", "xiangqi",    "minixiangqi",
      "janggi",      "makruk",        "cambodian",   "sittuyin",   "shatranj",   "courier",
      "crazyhouse",  "atomic",        "antichess",   "giveaway",   "losers",     "horde",
      "3check",      "kingofthehill", "racingkings", "berolina",   "knightmate", "seirawan",
      "shako",       "kinglet",       "losalamos",   "gardner",    "almost",     "chigorin",
      "grasshopper", "spartan",       "amazon",      "nightrider", "torpedo",    "shatar",
      "coregal",     "extinction",    "synochess",   "shinobi",    "empire",     "orda"};
  VariantLibrary *lib = shipped_library_load();
  for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
    ck_assert_msg(library_find(lib, required[i]), "variant '%s' is not shipped", required[i]);
  library_free(lib);
}
END_TEST

/* The board part up to the side to move, holdings included, and the rest
 * of the fields compared as the oracle writes them. */
START_TEST(start_positions_equal_the_oracle) {
  VariantLibrary *lib = shipped_library_load();
  FILE *tsv = fopen(CHIMERA_ORACLE_DIR "/perft.tsv", "r");
  /* The repository's copy of the oracle (tests/data/oracle): a missing
   * file must fail the test, not pass it without comparing. */
  ck_assert_msg(tsv != NULL, "cannot open %s/perft.tsv", CHIMERA_ORACLE_DIR);
  char line[8192];
  int compared = 0, wrong = 0;
  char seen[512][64];
  int seen_count = 0;
  while (fgets(line, sizeof line, tsv)) {
    char *fields[8] = {0};
    int n = 0;
    for (char *save = NULL, *f = strtok_r(line, "\t\n", &save); f && n < 8;
         f = strtok_r(NULL, "\t\n", &save))
      fields[n++] = f;
    if (n < 7 || strcmp(fields[6], "startpos") || strcmp(fields[4], "0")) continue;
    bool done = false;
    for (int i = 0; i < seen_count; i++)
      if (!strcmp(seen[i], fields[0])) done = true;
    if (done || seen_count == 512) continue;
    snprintf(seen[seen_count++], sizeof seen[0], "%s", fields[0]);
    const Variant *v = library_find(lib, fields[0]);
    if (!v) continue;
    compared++;
    if (strcmp(v->start_fen, fields[1])) {
      fprintf(stderr, "%s: ours '%s', oracle '%s'\n", fields[0], v->start_fen, fields[1]);
      wrong++;
    }
  }
  fclose(tsv);
  ck_assert_int_ge(compared, 40);
  ck_assert_int_eq(wrong, 0);
  library_free(lib);
}
END_TEST

START_TEST(find_and_list) {
  VariantLibrary *lib = shipped_library_load();
  ck_assert_ptr_null(library_find(lib, "no-such-variant"));
  ck_assert_ptr_null(library_find(lib, NULL));
  const Variant *chess = library_find(lib, "chess");
  ck_assert_ptr_nonnull(chess);
  ck_assert_int_eq(chess->shape.files, 8);
  bool listed = false;
  for (int i = 0; i < library_count(lib); i++) {
    if (library_variant(lib, i) == chess) {
      listed = true;
      ck_assert_ptr_nonnull(strstr(library_source(lib, i), "chess.var"));
    }
  }
  ck_assert(listed);
  ck_assert_ptr_null(library_variant(lib, -1));
  library_free(lib);
}
END_TEST

START_TEST(default_load_reads_the_path_variable_and_extra_files) {
  char path[4096];
  snprintf(path, sizeof path, "%s/tests/cli/extra_variant.var", CHIMERA_SOURCE_DIR);
  setenv(LIBRARY_PATH_ENV, path, 1);
  VariantDiagnostics diags = {0};
  VariantLibrary *lib = library_load_default(NULL, 0, &diags);
  ck_assert_int_eq(diags.count, 0);
  ck_assert_ptr_nonnull(library_find(lib, "minichess-test"));
  library_free(lib);
  unsetenv(LIBRARY_PATH_ENV);
  const char *extra[] = {path};
  lib = library_load_default(extra, 1, &diags);
  ck_assert_int_eq(diags.count, 0);
  ck_assert_ptr_nonnull(library_find(lib, "minichess-test"));
  ck_assert_ptr_nonnull(library_find(lib, "chess"));
  library_free(lib);
  /* Loading a file twice is a duplicate-name error, not a silent override. */
  const char *twice[] = {path, path};
  lib = library_load_default(twice, 2, &diags);
  ck_assert_int_ge(diags.count, 1);
  ck_assert_ptr_nonnull(strstr(diags.items[0], "already defined"));
  library_free(lib);
  variant_diag_free(&diags);
}
END_TEST

START_TEST(missing_file_is_an_error) {
  VariantDiagnostics diags = {0};
  VariantLibrary *lib = library_new();
  ck_assert(!library_load_file(lib, "/nonexistent/x.var", &diags));
  ck_assert_int_eq(diags.count, 1);
  ck_assert_ptr_nonnull(strstr(diags.items[0], "/nonexistent/x.var:1:1: cannot open"));
  library_free(lib);
  variant_diag_free(&diags);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("variant_library");
  TCase *tc = tcase_create("library");
  tcase_add_test(tc, shipped_files_compile_without_errors);
  tcase_add_test(tc, required_variants_are_shipped);
  tcase_add_test(tc, start_positions_equal_the_oracle);
  tcase_add_test(tc, find_and_list);
  tcase_add_test(tc, default_load_reads_the_path_variable_and_extra_files);
  tcase_add_test(tc, missing_file_is_an_error);
  suite_add_tcase(suite, tc);
  return suite;
}
