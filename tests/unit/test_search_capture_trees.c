/* test_search_capture_trees.c — quiescence stays finite where every move
 * is a capture: massacre's board is full of capture-only pieces and
 * captures are compulsory, so quiescence is the whole move tree. Before
 * deep quiescence was limited to recaptures there, "go depth 1" from its
 * start ran for minutes (bench 3 1 16 all hung on it). */
#include <check.h>
#include <string.h>

#include "board/position.h"
#include "mbn/variant_library.h"
#include "search/search.h"
#include "shipped_library.h"

Suite *test_suite(void);

/* Depth 2 from massacre's start ends well inside a node budget it used to
 * exhaust (about 320 thousand nodes now; before, depth 1 alone passed
 * millions). */
START_TEST(massacre_depth_two_ends_within_a_node_budget) {
  VariantLibrary *lib = shipped_library_load();
  Position *pos = shipped_position(lib, "massacre", NULL);
  Searcher *searcher = searcher_new();
  SearchLimits limits;
  memset(&limits, 0, sizeof limits);
  limits.depth = 2;
  limits.nodes = 3000000;
  limits.move_overhead = -1;
  int score = 0;
  Move best = search_run(searcher, pos, NULL, &limits, &score);
  ck_assert(best != MOVE_NONE_VALUE);
  uint64_t nodes = search_nodes(searcher);
  ck_assert_msg(nodes < 2000000, "depth 2 took %llu nodes", (unsigned long long)nodes);
  searcher_free(searcher);
  pos_free(pos);
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("search_capture_trees");
  TCase *tc = tcase_create("capture_trees");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, massacre_depth_two_ends_within_a_node_budget);
  suite_add_tcase(suite, tc);
  return suite;
}
