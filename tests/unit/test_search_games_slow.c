/* test_search_games_slow.c — (slow label: the library has 100+ variants,
 * several on big boards) a smoke test over every shipped variant: the search
 * plays one short game against itself at a tiny depth. Every move it picks
 * must be legal, it must answer "no move" exactly when there is none, and
 * when it announces a mate in one, the game must then be over with a loss
 * for the side to move. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "board_fixture.h"
#include "engine/variants_cmd.h"
#include "search/search.h"
#include "self_play.h"

Suite *test_suite(void);

#define GAME_NODES 200000

static bool compiled_moves_exist(const Variant *variant) {
  for (int t = 0; t < variant->piece_count; t++)
    if (variant->pieces[t].moves[WHITE].leg_count > 0) return true;
  return false;
}

START_TEST(self_play_in_every_shipped_variant) {
  VariantLibrary *lib = engine_library_load(stderr);
  ck_assert_ptr_nonnull(lib);
  Searcher *searcher = searcher_new();
  int played = 0;
  for (int i = 0; i < library_count(lib); i++) {
    const Variant *variant = library_variant(lib, i);
    if (!compiled_moves_exist(variant)) {
      fprintf(stderr, "search_games: %s has no compiled moves yet, skipped\n", variant->name);
      continue;
    }
    searcher_clear_hash(searcher);
    fprintf(stderr, "search_games: %s\n", variant->name); /* which one, if it hangs */
    self_play_one_game(searcher, variant, GAME_NODES);
    played++;
  }
  fprintf(stderr, "search_games: %d of %d variants played\n", played, library_count(lib));
  searcher_free(searcher);
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("search_games_slow");
  TCase *tc = tcase_create("games");
  tcase_set_timeout(tc, 2400);
  tcase_add_test(tc, self_play_in_every_shipped_variant);
  suite_add_tcase(suite, tc);
  return suite;
}
