/* check_main.c — the shared main of every Check test executable.
 *
 * Each test file defines `Suite *test_suite(void)`; this runs it and exits
 * non-zero on any failure, which is what CTest looks at.
 */
#include <check.h>
#include <stdlib.h>

Suite *test_suite(void);

int main(void) {
  SRunner *runner = srunner_create(test_suite());
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
