/* pgn.h — writes finished games as PGN.
 *
 * Tags: the seven of the standard roster, then Variant (for every variant
 * but chess), SetUp/FEN when the game starts elsewhere than the variant's
 * start position, TimeControl, PlyCount, Termination. Moves are in
 * Chimera's coordinate text (e2e4, P@e4, a10a9: the UCI dialect of
 * Fairy-Stockfish and cutechess), which any variant can write; each engine
 * move carries {score/depth time} as cutechess-cli writes it, and the game
 * ends with {the reason} before the result. For a variant no other program
 * knows (one loaded from a file), the variant's definition comes before the
 * moves as a comment, so the PGN is self-contained.
 */
#ifndef CHIMERA_MATCH_PGN_H
#define CHIMERA_MATCH_PGN_H

#include <stdio.h>

#include "match/game_loop.h"

typedef struct {
  const char *event, *site, *white, *black, *variant, *time_control;
  int round;
  const char *definition; /* variant definition text for the comment, or NULL */
} PgnTags;

/* Appends one game; returns 0 or -1 on a write error. */
int pgn_write_game(FILE *out, const PgnTags *tags, const GameRecord *record);

#endif
