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

Suite *test_suite(void);

#define GAME_PLIES 40
#define GAME_DEPTH 3

static void play_one_game(Searcher *searcher, const Variant *variant) {
  char err[256];
  Position *pos = pos_new(variant, err, sizeof err);
  if (!pos && strstr(err, "not implemented")) {
    /* The library ships variants whose rules the board does not play yet;
     * the board says so, and that is not a search failure. */
    fprintf(stderr, "skipped %s: %s\n", variant->name, err);
    return;
  }
  ck_assert_msg(pos != NULL, "%s: %s", variant->name, err);
  static MoveList legal;
  static Undo undo[GAME_PLIES];
  uint64_t keys[GAME_PLIES];
  SearchLimits limits;
  memset(&limits, 0, sizeof limits);
  limits.depth = GAME_DEPTH;
  int last_score = 0;
  for (int ply = 0; ply < GAME_PLIES; ply++) {
    int count = gen_legal_moves(pos, &legal);
    int score = 0;
    Move best = search_run(searcher, pos, keys, ply, &limits, &score);
    if (count == 0) {
      ck_assert_msg(best == MOVE_NONE_VALUE, "%s: a move where none is legal", variant->name);
      GameResult result = pos_game_result(pos, 0);
      ck_assert_msg(result != RESULT_NONE, "%s: no move but the game goes on", variant->name);
      if (ply > 0 && last_score == SEARCH_MATE - 1)
        ck_assert_msg(result == RESULT_LOSS, "%s: announced mate, result %d", variant->name,
                      result);
      break;
    }
    bool found = false;
    for (int i = 0; i < count && !found; i++) found = legal.moves[i] == best;
    char text[MOVE_TEXT_MAX] = "?";
    if (best != MOVE_NONE_VALUE) move_to_text(pos, best, text, sizeof text);
    ck_assert_msg(found, "%s ply %d: illegal move %s", variant->name, ply, text);
    keys[ply] = pos_key(pos);
    pos_make_move(pos, best, &undo[ply]);
    last_score = score;
    if (score == SEARCH_MATE - 1) {
      /* Announced mate in one: the game is over, lost for the side to move
       * (by checkmate or by any other goal of the variant). */
      GameResult result = pos_game_result(pos, -1);
      bool hill = false;
      if (variant->rules.hill)
        for (int sq = 0; sq < pos_square_count(pos); sq++) {
          Piece p = pos_piece_on(pos, sq);
          hill |= piece_is_real(p) && variant->rules.hill[sq] &&
                  (variant->rules.royal_types >> piece_type(p) & 1);
        }
      ck_assert_msg(result == RESULT_LOSS || hill, "%s: announced mate but result %d",
                    variant->name, result);
      break;
    }
  }
  pos_free(pos);
}

/* The board tests' hand-built variants play even before the MBN compiler
 * compiles the shipped files. */
START_TEST(self_play_in_hand_built_variants) {
  const char *names[] = {"chess", "capablanca", "crazyhouse", "xiangqi"};
  Searcher *searcher = searcher_new();
  for (int i = 0; i < 4; i++) {
    const Variant *variant = fx_variant(names[i]);
    ck_assert_ptr_nonnull(variant);
    searcher_clear_hash(searcher);
    play_one_game(searcher, variant);
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
