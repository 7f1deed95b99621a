/* game_loop.c — one refereed game (see game_loop.h).
 *
 * The loop: ask engine/game.c whether the rules have ended the game; ask the
 * side to move for a move with a deadline from its own clock plus the
 * margin; charge the time the answer took (measured here, from sending `go`
 * to reading the move) to its clock; check the move against the legal moves;
 * then the adjudication rules. Any fault ends the game against the faulty
 * side at once, and marks it for a restart before the next game.
 */
#include "match/game_loop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/position.h"
#include "engine/game.h"

void game_record_free(GameRecord *record) {
  free(record->moves);
  free(record->comments);
  record->moves = NULL, record->comments = NULL;
}

static bool record_push(GameRecord *r, const char *move, const char *comment, int *capacity) {
  if (r->ply_count == *capacity) {
    int cap = *capacity ? *capacity * 2 : 256;
    char(*moves)[PLAYER_MOVE_MAX] = realloc(r->moves, sizeof *moves * (size_t)cap);
    if (moves) r->moves = moves;
    char(*comments)[48] = realloc(r->comments, sizeof *comments * (size_t)cap);
    if (comments) r->comments = comments;
    if (!moves || !comments) return false;
    *capacity = cap;
  }
  snprintf(r->moves[r->ply_count], PLAYER_MOVE_MAX, "%s", move);
  snprintf(r->comments[r->ply_count], 48, "%s", comment);
  r->ply_count++;
  return true;
}

static void record_end(GameRecord *r, const char *result, const char *termination,
                       const char *reason) {
  snprintf(r->result, sizeof r->result, "%s", result);
  snprintf(r->termination, sizeof r->termination, "%s", termination);
  snprintf(r->reason, sizeof r->reason, "%s", reason);
}

/* The side `loser` (0 white) loses by a fault of its engine. */
static void record_fault(GameRecord *r, int loser, const char *termination, const char *what,
                         const char *name) {
  char reason[256];
  snprintf(reason, sizeof reason, "%s %.120s (%.100s)", loser == 0 ? "White" : "Black", what, name);
  record_end(r, loser == 0 ? "0-1" : "1-0", termination, reason);
}

/* Comment of a move: score from the mover's view and time, as cutechess. */
static void move_comment(const PlayerAnswer *a, int64_t elapsed_ms, char *out, size_t size) {
  if (!a->has_score) {
    snprintf(out, size, "%.3fs", (double)elapsed_ms / 1000);
  } else if (a->mate) {
    snprintf(out, size, "%sM%d/%d %.3fs", a->score < 0 ? "-" : "+", abs(a->score), a->depth,
             (double)elapsed_ms / 1000);
  } else {
    snprintf(out, size, "%+.2f/%d %.3fs", a->score / 100.0, a->depth, (double)elapsed_ms / 1000);
  }
}

/* A score for adjudication: mates beyond any centipawn bound. */
static int adjudication_score(const PlayerAnswer *a) {
  if (!a->mate) return a->score;
  return a->score > 0 ? 100000 - a->score : -100000 - a->score;
}

static int game_start_players(Player *players[2], const PlayerGame *pg, GameRecord *r, char *err,
                              size_t err_size) {
  for (int c = 0; c < 2; c++) {
    Player *p = players[c];
    char why[256];
    if (!p->running && p->ops->start(p, why, sizeof why) != 0) {
      p->ops->quit(p);
      /* An engine that cannot start loses the game; the match decides
       * whether to go on (it stops if the engine never started). */
      record_fault(r, c, "abandoned", "failed to start", p->spec->name);
      snprintf(r->reason + strlen(r->reason), sizeof r->reason - strlen(r->reason), ": %s", why);
      r->faulty_both[c] = true;
      return 1;
    }
    if (p->ops->new_game(p, pg, why, sizeof why) != 0) {
      /* Not knowing the variant is the match's error, not a game's. */
      snprintf(err, err_size, "%s", why);
      return -1;
    }
  }
  return 0;
}

int game_loop_play(const GameSetup *setup, Player *players[2], GameRecord *r, char *err,
                   size_t err_size) {
  memset(r, 0, sizeof *r);
  r->faulty = -1;
  int capacity = 0;
  char msg[256];
  Game *game = game_create(setup->variant, msg, sizeof msg);
  if (!game) {
    snprintf(err, err_size, "variant '%s': %s", setup->variant->name, msg);
    return -1;
  }
  if (setup->start_fen && game_set_fen(game, setup->start_fen, msg, sizeof msg) != 0) {
    snprintf(err, err_size, "opening FEN '%s': %s", setup->start_fen, msg);
    game_destroy(game);
    return -1;
  }
  pos_get_fen(game_position(game), r->start_fen, sizeof r->start_fen);
  r->from_setup = setup->start_fen != NULL;
  for (int i = 0; i < setup->opening_count; i++) {
    if (game_play(game, setup->opening_moves[i], msg, sizeof msg) != 0) {
      snprintf(err, err_size, "opening move %d '%s': %s", i + 1, setup->opening_moves[i], msg);
      game_destroy(game);
      game_record_free(r);
      return -1;
    }
    record_push(r, setup->opening_moves[i], "book", &capacity);
  }
  r->opening_count = setup->opening_count;

  const char **texts =
      malloc(sizeof *texts * (size_t)(GAME_PLIES_SAFETY + setup->opening_count + 2));
  if (!texts) {
    snprintf(err, err_size, "out of memory");
    game_destroy(game);
    return -1;
  }
  PlayerGame pg = {.variant = setup->variant->name,
                   .start_fen = setup->start_fen,
                   .moves = texts,
                   .move_count = 0,
                   .ranks = setup->variant->shape.ranks};
  for (int i = 0; i < r->ply_count; i++) texts[i] = r->moves[i];
  pg.move_count = r->ply_count;

  int status = game_start_players(players, &pg, r, err, err_size);
  if (status != 0) {
    free(texts);
    game_destroy(game);
    return status < 0 ? -1 : 0;
  }

  int64_t clock[2];
  int moves_made[2] = {0, 0};
  for (int c = 0; c < 2; c++) clock[c] = players[c]->spec->tc.base_ms;
  AdjudicationState adj = {0};
  int game_plies = 0;
  for (;;) {
    char why[128];
    GameResult rules = game_result(game, why, sizeof why);
    int side = game_side_to_move(game) == WHITE ? 0 : 1;
    if (rules != RESULT_NONE) {
      const char *res = rules == RESULT_DRAW                   ? "1/2-1/2"
                        : (rules == RESULT_WIN) == (side == 0) ? "1-0"
                                                               : "0-1";
      record_end(r, res, "normal", why);
      break;
    }
    if (r->ply_count >= GAME_PLIES_SAFETY) {
      record_end(r, "1/2-1/2", "unterminated", "Draw: the runner's limit of game length");
      break;
    }
    if (setup->stop && atomic_load(setup->stop)) {
      record_end(r, "*", "unterminated", "Match interrupted");
      break;
    }
    Player *p = players[side];
    const EngineSpec *spec = p->spec;
    for (int c = 0; c < 2; c++) {
      /* Each side's clock as the engine to move should see it. */
      const EngineSpec *cs = players[c]->spec;
      pg.clock_ms[c] = clock[c] > 1 ? clock[c] : 1;
      pg.inc_ms[c] = cs->tc.inc_ms;
    }
    pg.moves_to_go = spec->tc.moves ? spec->tc.moves - moves_made[side] % spec->tc.moves : 0;
    pg.white_to_move = side == 0;
    pg.move_count = r->ply_count;
    int64_t allowed = spec->stall_ms;
    bool timed = spec->tc.base_ms > 0 || spec->movetime_ms > 0;
    if (spec->tc.base_ms > 0) allowed = clock[side] + spec->margin_ms;
    if (spec->movetime_ms > 0 && (spec->tc.base_ms <= 0 || spec->movetime_ms < allowed))
      allowed = spec->movetime_ms + spec->margin_ms;
    int64_t start = proc_clock_ms();
    PlayerAnswer answer;
    p->ops->go(p, &pg, start + allowed, &answer);
    int64_t elapsed = proc_clock_ms() - start;

    if (answer.status == PLAY_TIMEOUT) {
      record_fault(r, side, timed ? "time forfeit" : "stalled connection",
                   timed ? "loses on time" : "stalled (no move)", spec->name);
      r->faulty = side;
      break;
    }
    if (answer.status == PLAY_DIED) {
      record_fault(r, side, "abandoned", "engine died", spec->name);
      r->faulty = side;
      break;
    }
    if (answer.status == PLAY_GARBAGE) {
      char what[220];
      snprintf(what, sizeof what, "sent garbage '%.150s'", answer.detail);
      record_fault(r, side, "rules infraction", what, spec->name);
      r->faulty = side;
      break;
    }
    if (answer.status == PLAY_RESIGN) {
      record_fault(r, side, "normal", "resigns", spec->name);
      break;
    }
    if (answer.status == PLAY_CLAIM) {
      /* A claim the rules do not support (a true one ended the game above,
       * before the engine was asked to move). */
      char what[200];
      snprintf(what, sizeof what, "makes a false claim '%.150s'", answer.claim);
      record_fault(r, side, "rules infraction", what, spec->name);
      break;
    }
    if (spec->tc.base_ms > 0) {
      clock[side] -= elapsed;
      if (clock[side] < -spec->margin_ms) {
        record_fault(r, side, "time forfeit", "loses on time", spec->name);
        break;
      }
      clock[side] += spec->tc.inc_ms;
      moves_made[side]++;
      if (spec->tc.moves && moves_made[side] % spec->tc.moves == 0) clock[side] += spec->tc.base_ms;
    }
    if (spec->movetime_ms > 0 && elapsed > spec->movetime_ms + spec->margin_ms) {
      record_fault(r, side, "time forfeit", "exceeds the time per move", spec->name);
      break;
    }
    char move[PLAYER_MOVE_MAX];
    snprintf(move, sizeof move, "%s", answer.move);
    if (strchr(move, ',') && !game_move_from_xboard(game, answer.move, move, sizeof move))
      snprintf(move, sizeof move, "%s", answer.move);
    if (game_play(game, move, msg, sizeof msg) != 0) {
      char what[200];
      snprintf(what, sizeof what, "makes an illegal move '%.60s'", answer.move);
      record_fault(r, side, "rules infraction", what, spec->name);
      break;
    }
    char comment[48];
    move_comment(&answer, elapsed, comment, sizeof comment);
    if (!record_push(r, move, comment, &capacity)) {
      snprintf(err, err_size, "out of memory");
      free(texts);
      game_destroy(game);
      return -1;
    }
    /* Texts point into moves, which record_push may have moved. */
    if (r->ply_count == 1 || texts[0] != r->moves[0])
      for (int i = 0; i < r->ply_count; i++) texts[i] = r->moves[i];
    else
      texts[r->ply_count - 1] = r->moves[r->ply_count - 1];
    game_plies++;
    if (setup->adjudication) {
      char reason[160];
      AdjudicationVerdict v =
          adjudicate_move(setup->adjudication, &adj, side, game_plies, answer.has_score,
                          adjudication_score(&answer), reason, sizeof reason);
      if (v != ADJ_NONE) {
        record_end(r,
                   v == ADJ_DRAW         ? "1/2-1/2"
                   : v == ADJ_WHITE_WINS ? "1-0"
                                         : "0-1",
                   "adjudication", reason);
        break;
      }
    }
  }
  for (int c = 0; c < 2; c++) players[c]->ops->game_over(players[c], r->result);
  free(texts);
  game_destroy(game);
  return 0;
}
