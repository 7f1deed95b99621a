/* timeman.h — how long to think: sudden death, increment, moves per session
 * and fixed time per move, always keeping Move Overhead in reserve.
 *
 * The search asks two questions: after an iteration, "may I start another?"
 * (soft limit, scaled by how stable the best move is), and every ~1k nodes,
 * "must I stop now?" (hard limit). Both limits are fixed when the search
 * starts (or at ponderhit), so the answers are cheap.
 */
#ifndef CHIMERA_SEARCH_TIMEMAN_H
#define CHIMERA_SEARCH_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#define TIME_OVERHEAD_DEFAULT 10 /* ms, as Stockfish */

typedef struct {
  bool limited;    /* false: no clock limit (depth/nodes/infinite) */
  bool fixed;      /* a fixed time per move (movetime): think it all, a stable best
                    * move saves nothing for later */
  int64_t soft_ms; /* ideal time; iterations do not start after it */
  int64_t hard_ms; /* never think longer than this */
} TimePlan;

/* The clock of the side to move: remaining time, increment, moves to the
 * next control (0 = sudden death), a fixed time per move (overrides the
 * rest when > 0), and the overhead to keep per move. ply = game ply, used
 * to think a little longer out of the opening. */
TimePlan time_plan_make(int64_t remaining, int64_t increment, int movestogo, int64_t movetime,
                        int64_t overhead, int ply);

/* Soft limit scaled by search state: stability = how many iterations the
 * best move stayed the same (0..), score_drop = centipawns the score fell
 * since the previous iteration (negative: it rose). */
int64_t time_soft_scaled(const TimePlan *plan, int stability, int score_drop);

#endif
