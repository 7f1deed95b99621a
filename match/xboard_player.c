/* xboard_player.c — the XBoard (protocol 2) adapter (see player.h). */
#include <stdio.h>

#include "match/player.h"

static int xb_start(Player *p, char *err, size_t err_size) {
  snprintf(err, err_size, "%s: XBoard engines are not supported yet", p->spec->name);
  return -1;
}
static int xb_new_game(Player *p, const PlayerGame *game, char *err, size_t err_size) {
  (void)p, (void)game;
  snprintf(err, err_size, "XBoard engines are not supported yet");
  return -1;
}
static void xb_go(Player *p, const PlayerGame *game, int64_t deadline_ms, PlayerAnswer *answer) {
  (void)p, (void)game, (void)deadline_ms;
  answer->status = PLAY_DIED;
}
static void xb_game_over(Player *p, const char *result) {
  (void)p, (void)result;
}
static void xb_quit(Player *p) {
  if (p->running) proc_stop(&p->proc, 0);
  p->running = false;
}

const PlayerOps XBOARD_PLAYER_OPS = {xb_start, xb_new_game, xb_go, xb_game_over, xb_quit};
