/* xboard_clock.h — XBoard's time controls (level, st, sd, time, otim) as a
 * protocol-neutral search request.
 *
 * XBoard describes the clock as a session setting (level/st) plus the clock
 * readings it sends before each move (time/otim); the engine core wants one
 * EngineGo per search, as UCI's go gives it. This is that conversion.
 */
#ifndef CHIMERA_ENGINE_XBOARD_CLOCK_H
#define CHIMERA_ENGINE_XBOARD_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"

typedef struct {
  int moves_per_session; /* level MPS; 0 = whole game */
  int64_t base_ms;       /* level BASE */
  int64_t inc_ms;        /* level INC */
  int64_t move_ms;       /* st: exact time per move; 0 = none */
  int depth;             /* sd: 0 = none */
  int64_t own_ms;        /* time: the engine's clock; -1 = not sent */
  int64_t other_ms;      /* otim */
} XboardClock;

void xboard_clock_init(XboardClock *clock);

/* level MPS BASE INC, BASE in minutes or minutes:seconds, INC in seconds.
 * Returns 0, -1 on a malformed command, or -2 (XBOARD_TIME_TOO_LONG) on a
 * time beyond about 24 days (XBOARD_TIME_MAX_TEXT); the clock is unchanged
 * on either. */
#define XBOARD_TIME_TOO_LONG (-2)
#define XBOARD_TIME_MAX_TEXT "2147483 seconds, about 24 days"
int xboard_clock_level(XboardClock *clock, const char *args);

/* st / time / otim take seconds / centiseconds as XBoard sends them; st
 * returns as level does. */
int xboard_clock_seconds_per_move(XboardClock *clock, const char *args);
int xboard_clock_centiseconds(int64_t *target, const char *args);

/* The request for a search by `engine` (the colour the engine plays) at
 * game ply `ply` (moves played since the start position). */
void xboard_clock_request(const XboardClock *clock, Color engine, int ply, EngineGo *go);

#endif
