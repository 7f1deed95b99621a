/* xboard_clock.c — XBoard time controls to EngineGo (see xboard_clock.h). */
#include "engine/xboard_clock.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The longest time read: about 24 days, what the search's int milliseconds
 * hold. A larger (or infinite, NaN) time is refused, not converted: a
 * double beyond int64 turns into garbage, and a garbage clock into a search
 * that never ends. */
#define XBOARD_TIME_MAX_S 2147483.0

/* 0: a time that may be read; -1: not a time (negative, NaN); -2: a time
 * longer than the search can count (infinite included). */
static int xboard_seconds_check(double seconds) {
  if (isnan(seconds) || seconds < 0) return -1;
  return seconds <= XBOARD_TIME_MAX_S ? 0 : XBOARD_TIME_TOO_LONG;
}

void xboard_clock_init(XboardClock *clock) {
  clock->moves_per_session = 40;
  clock->base_ms = 5 * 60 * 1000;
  clock->inc_ms = 0;
  clock->move_ms = 0;
  clock->depth = 0;
  clock->own_ms = clock->other_ms = -1;
}

int xboard_clock_level(XboardClock *clock, const char *args) {
  int mps;
  char base[32];
  double inc;
  if (sscanf(args, "%d %31s %lf", &mps, base, &inc) != 3 || mps < 0 || inc < 0) return -1;
  double minutes = 0, seconds = 0;
  char *colon;
  minutes = strtod(base, &colon);
  if (colon == base) return -1;
  if (*colon == ':') {
    char *end;
    seconds = strtod(colon + 1, &end);
    if (end == colon + 1 || *end) return -1;
  } else if (*colon) {
    return -1;
  }
  int base_ok = xboard_seconds_check(minutes * 60 + seconds), inc_ok = xboard_seconds_check(inc);
  if (base_ok || inc_ok) return base_ok < inc_ok ? base_ok : inc_ok;
  clock->moves_per_session = mps;
  clock->base_ms = (int64_t)((minutes * 60 + seconds) * 1000);
  clock->inc_ms = (int64_t)(inc * 1000);
  clock->move_ms = 0; /* level replaces st */
  return 0;
}

int xboard_clock_seconds_per_move(XboardClock *clock, const char *args) {
  char *end;
  double seconds = strtod(args, &end);
  if (end == args) return -1;
  int ok = xboard_seconds_check(seconds);
  if (ok) return ok;
  clock->move_ms = (int64_t)(seconds * 1000);
  return 0;
}

int xboard_clock_centiseconds(int64_t *target, const char *args) {
  char *end;
  long long centiseconds = strtoll(args, &end, 10);
  if (end == args) return -1;
  /* A flagged clock arrives negative: the engine still has to move at once. */
  if (centiseconds > (long long)(XBOARD_TIME_MAX_S * 100))
    centiseconds = (long long)(XBOARD_TIME_MAX_S * 100);
  *target = centiseconds < 0 ? 0 : centiseconds * 10;
  return 0;
}

void xboard_clock_request(const XboardClock *clock, Color engine, int ply, EngineGo *go) {
  engine_go_init(go);
  go->depth = clock->depth;
  if (clock->move_ms > 0) {
    go->movetime_ms = clock->move_ms;
    return;
  }
  Color other = engine == WHITE ? BLACK : WHITE;
  go->time_ms[engine] = clock->own_ms >= 0 ? clock->own_ms : clock->base_ms;
  go->time_ms[other] = clock->other_ms >= 0 ? clock->other_ms : clock->base_ms;
  go->inc_ms[WHITE] = go->inc_ms[BLACK] = clock->inc_ms;
  /* Moves left in this session: the engine's own moves since the start. */
  if (clock->moves_per_session > 0)
    go->movestogo = clock->moves_per_session - (ply / 2) % clock->moves_per_session;
}
