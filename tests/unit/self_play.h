/* self_play.h — the self-play smoke game shared by the search tests: the
 * search plays one short game against itself at a tiny depth. Every move it
 * picks must be legal, it must answer "no move" exactly when there is none,
 * and when it announces a mate in one, the game must then be over with a loss
 * for the side to move. Header-only, like board_fixture.h. */
#ifndef CHIMERA_TESTS_SELF_PLAY_H
#define CHIMERA_TESTS_SELF_PLAY_H

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "board/rules_end.h"
#include "search/search.h"

#define GAME_PLIES 40
#define GAME_DEPTH 3

static void self_play_one_game(Searcher *searcher, const Variant *variant, uint64_t node_cap) {
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
  /* A node cap (0 = none): with 64 pieces in contact (doublearmy) a depth-3
   * search's quiescence ran for minutes. */
  limits.nodes = node_cap;
  int last_score = 0;
  for (int ply = 0; ply < GAME_PLIES; ply++) {
    int count = gen_legal_moves(pos, &legal);
    int score = 0;
    Move best =
        search_run(searcher, pos, &(SearchHistory){.keys = keys, .length = ply}, &limits, &score);
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
                  type_set_has(&variant->rules.royal_types, piece_type(p));
        }
      /* The search also scores a repetition by the variant's rule (minishogi's
       * fourfold rule, perpetual check) the first time a position repeats,
       * so a repetition decided by such a rule counts as a goal too. */
      bool repeated = false;
      for (int back = 0; back <= ply; back++) repeated |= keys[back] == pos_key(pos);
      /* counting=blackdrawodds (armageddon): every repetition is Black's win;
       * counting=pieces (ataxx, flipello): the side with more pieces wins it;
       * counting=points (janggi): the side with more points */
      bool repetition_decides =
          variant->rules.repetition_result == RESULT_WIN ||
          variant->rules.repetition_result == RESULT_LOSS || variant->rules.perpetual_check_loses ||
          variant->rules.counting == COUNTING_BLACK_DRAW_ODDS ||
          variant->rules.counting == COUNTING_PIECES || variant->rules.counting == COUNTING_POINTS;
      ck_assert_msg(result == RESULT_LOSS || hill || (repeated && repetition_decides),
                    "%s: announced mate but result %d", variant->name, result);
      break;
    }
  }
  pos_free(pos);
}

#endif
