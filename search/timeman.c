/* timeman.c — time allocation (after Ethereal's timeman.c and Weiss' time.c).
 *
 * The usable time is what is left after keeping Move Overhead for every move
 * still to play before the next control, so lag can never flag us. The soft
 * limit spends about 1/mtg of it plus most of the increment (but never the
 * part of the increment that the per-move overhead eats); the hard limit
 * allows up to several times that in a difficult position but never more
 * than a fixed share of what is left on the clock.
 */
#include "search/timeman.h"

static int64_t time_max(int64_t a, int64_t b) {
  return a > b ? a : b;
}
static int64_t time_min(int64_t a, int64_t b) {
  return a < b ? a : b;
}

TimePlan time_plan_make(int64_t remaining, int64_t increment, int movestogo, int64_t movetime,
                        int64_t overhead, int ply) {
  TimePlan plan = {false, false, 0, 0};
  if (overhead < 0) overhead = 0;

  /* 1. Fixed time per move: use it all, minus the overhead. */
  if (movetime > 0) {
    plan.limited = plan.fixed = true;
    plan.hard_ms = plan.soft_ms = time_max(1, movetime - overhead);
    return plan;
  }
  if (remaining <= 0 && increment <= 0) return plan; /* no clock at all */
  plan.limited = true;

  /* 2. Moves to plan for: the session's count, or a horizon for sudden death. */
  int mtg = movestogo > 0 ? (movestogo < 50 ? movestogo : 50) : 40;
  if (movestogo <= 0 && ply > 40) mtg = 30;

  /* 3. What we may spend: the clock plus the increments still to come,
   *    less an overhead for every move to go (the increments pay for it
   *    where they exceed it, as in Stockfish's time pool). */
  /* A reserve of ten overheads (at most three quarters of the clock) is never
   * planned for: lag spikes on a loaded machine come out of it. */
  int64_t reserve = time_min(10 * overhead, remaining * 3 / 4);
  /* The increments still to come are spent only as far as the clock above
   * the reserve could pay for them now: on a low clock the real cost of a
   * move (lag, the time check's granularity) would otherwise drain it to a
   * few overheads, where one lag spike loses on time. */
  int64_t income = time_min((increment - overhead) * (mtg - 1), remaining - reserve);
  int64_t usable = remaining - reserve + income - 2 * overhead;
  usable = time_max(usable, remaining / 50); /* nearly flagged: move at once */
  usable = time_max(usable, 1);

  /* 4. Soft limit: an even share of the pool (increments included). */
  int64_t soft = usable / mtg;
  if (movestogo == 1) soft = usable / 2; /* last move before the control */

  /* 5. Hard limit: up to five times the share, never more than a third of the
   *    clock (less the overhead), never less than the soft limit. */
  int64_t cap = time_max(1, (remaining - reserve) / 3 - overhead);
  if (movestogo == 1) cap = time_max(1, remaining - 2 * overhead) * 3 / 4;
  int64_t hard = time_min(soft * 5, cap);
  soft = time_min(soft, hard);
  plan.soft_ms = time_max(1, soft);
  plan.hard_ms = time_max(plan.soft_ms, hard);
  return plan;
}

int64_t time_soft_scaled(const TimePlan *plan, int stability, int score_drop) {
  /* A best move that keeps changing, or a falling score, earns more time; a
   * stable one less (factors in percent, as Ethereal does). Not with a fixed
   * time per move: time not spent is lost, not saved. */
  if (plan->fixed) return plan->hard_ms;
  static const int STABILITY_PERCENT[] = {200, 130, 100, 85, 75};
  int s = stability < 4 ? stability : 4;
  int64_t percent = STABILITY_PERCENT[s];
  if (score_drop > 0) percent += score_drop > 60 ? 60 : score_drop;
  int64_t soft = plan->soft_ms * percent / 100;
  return soft < plan->hard_ms ? soft : plan->hard_ms;
}
