/* game.h — one game of one variant: start position, moves played, result.
 *
 * The engine's only door to board/: protocol text (FEN, move text) goes in
 * here and is checked by the real move generator. Moves are accepted only if
 * they are legal in the current position; a rejected move or FEN leaves the
 * game unchanged.
 */
#ifndef CHIMERA_ENGINE_GAME_H
#define CHIMERA_ENGINE_GAME_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/chase.h"
#include "board/rules_end.h"
#include "board/position.h"
#include "mbn/variant.h"

typedef struct Game Game;

/* A game at the variant's start position; NULL with err if the board module
 * cannot set it up. */
Game *game_create(const Variant *variant, char *err, size_t err_size);
void game_destroy(Game *game);

const Variant *game_variant(const Game *game);
int game_set_fen(Game *game, const char *fen, char *err, size_t err_size);
int game_set_start(Game *game, char *err, size_t err_size);
void game_set_chess960(Game *game, bool on);
/* For the search: the position (copied by the search) and the keys of the
 * positions before it, oldest first, with whether their side to move was in
 * check (*checks), the moves from each (*moves, *length records) and, with
 * chasing=axf, what each move into them and into the position chased
 * (*chases, *length + 1 records; else NULL). */
const Position *game_position(const Game *game);
const uint64_t *game_history(const Game *game, const bool **checks, const ChasePly **chases,
                             const MovePly **moves, int *length);
int game_play(Game *game, const char *move, char *err, size_t err_size);
int game_undo(Game *game); /* -1 at the start position */
int game_ply(const Game *game);
Color game_side_to_move(const Game *game);
GameResult game_result(Game *game, char *reason, size_t reason_size);
int game_legal_moves(Game *game, char *out, size_t out_size);
/* Castling in XBoard's words: which side a move text castles to (0 none,
 * 1 towards the higher files "O-O", 2 towards the lower "O-O-O"), and the
 * move text of the legal castling to a side (false if there is none). */
int game_castling_side(Game *game, const char *move);
/* XBoard's comma form for a move that also captures on a square it passes
 * (a lion's double move): "from+mid,mid+to". Other moves are copied. */
void game_move_to_xboard(Game *game, const char *move, char *out, size_t out_size);
/* The move text of a legal move given in the comma form; false if none. */
bool game_move_from_xboard(Game *game, const char *text, char *out, size_t out_size);
bool game_castling_move(Game *game, int side, char *out, size_t out_size);
/* Leaf count (see engine_perft); gives up with -1 and "stopped" in err once
 * *stop (may be NULL) is set. */
int64_t game_perft(Game *game, int depth,
                   void (*divide)(void *context, const char *move, uint64_t nodes), void *context,
                   const atomic_bool *stop, char *err, size_t err_size);

#endif
