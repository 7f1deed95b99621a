/* game_loop.h — one game between two players, refereed by Chimera's rules.
 *
 * The runner keeps both clocks itself, checks every move against the
 * variant's legal moves (engine/game.c on board/), and decides the result by
 * the variant's rules (mate, stalemate, repetition, move-count rules, and
 * whatever else board/ implements), by a fault (illegal move, crash, stall,
 * time loss, garbage, false claim: the faulty side loses) or by the
 * adjudication rules when they are on.
 */
#ifndef CHIMERA_MATCH_GAME_LOOP_H
#define CHIMERA_MATCH_GAME_LOOP_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "match/adjudicate.h"
#include "match/player.h"
#include "mbn/variant.h"

/* Games longer than this end as unterminated draws even with no adjudication:
 * the runner must end whatever the variant's rules. */
#define GAME_PLIES_SAFETY 4000

typedef struct {
  const Variant *variant;
  const char *start_fen;            /* NULL: the variant's start position */
  const char *const *opening_moves; /* played before the engines move */
  int opening_count;
  const AdjudicationRules *adjudication;
  const atomic_bool *stop; /* set on Ctrl-C: abandon the game */
} GameSetup;

typedef struct {
  char result[8];       /* "1-0", "0-1", "1/2-1/2", "*" (interrupted) */
  char termination[24]; /* PGN Termination tag: normal, adjudication, time forfeit, ... */
  char reason[256];     /* in words, for the PGN comment and the log */
  char start_fen[512];  /* the position the moves start from */
  bool from_setup;      /* start_fen differs from the variant's start */
  int ply_count;        /* moves below (opening included) */
  int opening_count;
  char (*moves)[PLAYER_MOVE_MAX];
  char (*comments)[48];
  int faulty; /* -1, or 0/1 for the white/black player that must be restarted */
  bool faulty_both[2];
} GameRecord;

void game_record_free(GameRecord *record);

/* Plays a game, white = players[0]. Players not running are started first.
 * Returns 0 with the record filled, or -1 with err when the game cannot be
 * played at all (bad opening, an engine that does not know the variant). */
int game_loop_play(const GameSetup *setup, Player *players[2], GameRecord *record, char *err,
                   size_t err_size);

#endif
