/* think.c — search/ behind the engine core (see think.h).
 *
 * search/ has not landed yet: until it does, a search answers that no move
 * was chosen and says why. The engine must never invent a move.
 */
#include "engine/think.h"

#include <stdio.h>
#include <stdlib.h>

struct Think {
  int threads, hash_mb, multipv, move_overhead_ms;
};

Think *think_create(int threads, int hash_mb) {
  Think *think = calloc(1, sizeof *think);
  if (think) think->threads = threads, think->hash_mb = hash_mb;
  return think;
}

void think_destroy(Think *think) {
  free(think);
}
void think_resize(Think *think, int threads, int hash_mb) {
  think->threads = threads, think->hash_mb = hash_mb;
}
void think_new_game(Think *think) {
  (void)think;
}
void think_clear_hash(Think *think) {
  (void)think;
}
void think_prepare(Think *think, int multipv, int move_overhead_ms) {
  think->multipv = multipv, think->move_overhead_ms = move_overhead_ms;
}

void think_run(Think *think, Game *game, const EngineGo *go, const EngineReport *report, char *best,
               char *ponder, char *why, size_t why_size) {
  (void)think, (void)game, (void)go, (void)report;
  best[0] = ponder[0] = '\0';
  snprintf(why, why_size, "the search module (search/) is not built yet: no move chosen");
}

void think_stop(Think *think) {
  (void)think;
}
void think_ponderhit(Think *think) {
  (void)think;
}
