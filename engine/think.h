/* think.h — the engine's door to search/: run one search for the engine core.
 *
 * Keeps the search module's own API out of engine.c, so the core stays about
 * game state and protocol-neutral control, and this file alone changes when
 * the search API does.
 */
#ifndef CHIMERA_ENGINE_THINK_H
#define CHIMERA_ENGINE_THINK_H

#include <stddef.h>

#include "engine/engine.h"
#include "engine/game.h"

typedef struct Think Think;

Think *think_create(int threads, int hash_mb);
void think_destroy(Think *think);
/* Set between searches. Each keeps the largest setting that works when the
 * one asked for cannot be had (threads not created, memory not allocated),
 * says so in note (else note is ""), and returns the setting in effect. */
int think_set_threads(Think *think, int threads, char *note, size_t note_size);
int think_set_hash(Think *think, int hash_mb, char *note, size_t note_size);
void think_new_game(Think *think);
void think_clear_hash(Think *think);
void think_prepare(Think *think, int multipv, int move_overhead_ms);

/* Searches the game's current position under the limits in go, reporting
 * progress through report->info, until a limit is reached or think_stop().
 * Writes the chosen move (empty if none) and the expected reply; on failure
 * writes why. Blocking: the engine runs it on its search thread. */
void think_run(Think *think, Game *game, const EngineGo *go, const EngineReport *report, char *best,
               char *ponder, char *why, size_t why_size);
void think_stop(Think *think);
void think_ponderhit(Think *think);

#endif
