/* check_main.c — the shared main of every Check test executable.
 *
 * Each test file defines `Suite *test_suite(void)`; this runs it and exits
 * non-zero on any failure, which is what CTest looks at.
 */
#include <check.h>
#include <stdlib.h>

/* Check's own per-test timeout defaults to 4 s, which a loaded 2-core CI
 * machine or a sanitizer build can exceed without anything being wrong. CTest
 * already stops a hung test (TIMEOUT in tests/CMakeLists.txt), so Check's
 * limit is raised unless the caller set one. */
static void check_relax_timeout(void) {
  setenv("CK_DEFAULT_TIMEOUT", "120", 0);
}

Suite *test_suite(void);

int main(void) {
  check_relax_timeout();
  SRunner *runner = srunner_create(test_suite());
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
