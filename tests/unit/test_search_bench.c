/* test_search_bench.c — `chimera bench` is deterministic and its node count
 * is the one recorded in bench/README.md ("bench-signature: N"). A change in
 * search behaviour shows up here: if it was meant, record the new number. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/bench_cmd.h"

Suite *test_suite(void);

static long long bench_nodes(void) {
  FILE *out = tmpfile(), *err = tmpfile();
  ck_assert_ptr_nonnull(out);
  char *argv[] = {NULL};
  int status = bench_cmd_run(0, argv, out, err);
  static char text[1 << 16];
  rewind(err);
  size_t n = fread(text, 1, sizeof text - 1, err);
  text[n] = '\0';
  ck_assert_msg(status == 0, "bench failed (%d): %s", status, text);
  rewind(out);
  n = fread(text, 1, sizeof text - 1, out);
  text[n] = '\0';
  fclose(out);
  fclose(err);
  const char *line = strstr(text, "Nodes searched: ");
  ck_assert_msg(line != NULL, "no 'Nodes searched' line in:\n%s", text);
  ck_assert_ptr_nonnull(strstr(text, "Nodes/second: "));
  return atoll(line + strlen("Nodes searched: "));
}

static long long recorded_signature(void) {
  FILE *readme = fopen(CHIMERA_SOURCE_DIR "/bench/README.md", "r");
  ck_assert_msg(readme != NULL, "cannot open bench/README.md");
  char line[512];
  long long signature = -1;
  while (fgets(line, sizeof line, readme))
    if (!strncmp(line, "bench-signature: ", 17)) signature = atoll(line + 17);
  fclose(readme);
  ck_assert_msg(signature > 0, "bench/README.md has no 'bench-signature: N' line");
  return signature;
}

START_TEST(bench_matches_the_recorded_signature) {
  long long first = bench_nodes();
  long long second = bench_nodes();
  ck_assert_msg(first == second, "bench is not deterministic: %lld then %lld", first, second);
  long long recorded = recorded_signature();
  ck_assert_msg(first == recorded,
                "chimera bench searched %lld nodes; bench/README.md records %lld. If the search "
                "behaviour changed on purpose, set 'bench-signature: %lld' in bench/README.md.",
                first, recorded, first);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("search_bench");
  TCase *tc = tcase_create("bench");
  tcase_set_timeout(tc, 280);
  tcase_add_test(tc, bench_matches_the_recorded_signature);
  suite_add_tcase(suite, tc);
  return suite;
}
