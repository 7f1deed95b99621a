/* game.c — the game on top of board/ (see game.h).
 *
 * board/ has not landed yet: until it does, every call says so and nothing
 * pretends to know the rules.
 */
#include "engine/game.h"

#include <stdio.h>

static const char GAME_NO_BOARD[] = "the board module (board/) is not built yet";

Game *game_create(const Variant *variant, char *err, size_t err_size) {
  (void)variant;
  snprintf(err, err_size, "%s", GAME_NO_BOARD);
  return NULL;
}

void game_destroy(Game *game) {
  (void)game;
}
const Variant *game_variant(const Game *game) {
  return (void)game, NULL;
}

int game_set_fen(Game *game, const char *fen, char *err, size_t err_size) {
  (void)game, (void)fen;
  snprintf(err, err_size, "%s", GAME_NO_BOARD);
  return -1;
}

int game_play(Game *game, const char *move, char *err, size_t err_size) {
  (void)game, (void)move;
  snprintf(err, err_size, "%s", GAME_NO_BOARD);
  return -1;
}

int game_undo(Game *game) {
  return (void)game, -1;
}
int game_ply(const Game *game) {
  return (void)game, 0;
}
Color game_side_to_move(const Game *game) {
  return (void)game, WHITE;
}

GameResult game_result(Game *game, char *reason, size_t reason_size) {
  (void)game;
  if (reason_size) reason[0] = '\0';
  return RESULT_NONE;
}

int game_legal_moves(Game *game, char *out, size_t out_size) {
  (void)game;
  if (out_size) out[0] = '\0';
  return -1;
}

int64_t game_perft(Game *game, int depth,
                   void (*divide)(void *context, const char *move, uint64_t nodes), void *context,
                   char *err, size_t err_size) {
  (void)game, (void)depth, (void)divide, (void)context;
  snprintf(err, err_size, "%s", GAME_NO_BOARD);
  return -1;
}
