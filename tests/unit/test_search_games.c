/* test_search_games.c — a smoke test over the hand-built variants (every
 * shipped variant: test_search_games_slow.c): the search
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

/* The board tests' hand-built variants play even before the MBN compiler
 * compiles the shipped files. */
START_TEST(self_play_in_hand_built_variants) {
  const char *names[] = {"chess", "capablanca", "crazyhouse", "xiangqi"};
  Searcher *searcher = searcher_new();
  for (int i = 0; i < 4; i++) {
    const Variant *variant = fx_variant(names[i]);
    ck_assert_ptr_nonnull(variant);
    searcher_clear_hash(searcher);
    self_play_one_game(searcher, variant, 0);
  }
  searcher_free(searcher);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("search_games");
  TCase *tc = tcase_create("games");
  tcase_set_timeout(tc, 280);
  tcase_add_test(tc, self_play_in_hand_built_variants);
  suite_add_tcase(suite, tc);
  return suite;
}
