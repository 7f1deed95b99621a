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

Suite *test_suite(void);

#define GAME_PLIES 40
#define GAME_DEPTH 3
#define GAME_NODES 200000

static bool compiled_moves_exist(const Variant *variant) {
  for (int t = 0; t < variant->piece_count; t++)
    if (variant->pieces[t].moves[WHITE].leg_count > 0) return true;
  return false;
}

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
  /* A node cap too: with 64 pieces in contact (doublearmy) a depth-3
   * search's quiescence can run for minutes. */
  limits.nodes = GAME_NODES;
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
    play_one_game(searcher, variant);
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
