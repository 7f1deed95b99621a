/* adjudicate.c — score-based adjudication (see adjudicate.h), with the
 * meaning cutechess-cli gives its -draw and -resign options: counts of
 * consecutive moves, a move without a score breaks a run. */
#include "match/adjudicate.h"

#include <stdio.h>
#include <stdlib.h>

AdjudicationVerdict adjudicate_move(const AdjudicationRules *rules, AdjudicationState *state,
                                    int mover, int ply, bool has_score, int score, char *reason,
                                    size_t reason_size) {
  int full_move = ply / 2 + 1; /* the move number the next white move would have */
  if (rules->resign_on) {
    state->losing_run[mover] =
        has_score && score <= -rules->resign_score ? state->losing_run[mover] + 1 : 0;
    state->winning_run[mover] =
        has_score && score >= rules->resign_score ? state->winning_run[mover] + 1 : 0;
    int other = 1 - mover;
    bool lost = state->losing_run[mover] >= rules->resign_movecount &&
                (!rules->resign_twosided || state->winning_run[other] >= rules->resign_movecount);
    if (lost) {
      snprintf(reason, reason_size, "%s resigns: score <= -%d for %d moves",
               mover == 0 ? "White" : "Black", rules->resign_score, rules->resign_movecount);
      return mover == 0 ? ADJ_BLACK_WINS : ADJ_WHITE_WINS;
    }
  }
  if (rules->draw_on) {
    state->draw_run = has_score && abs(score) <= rules->draw_score ? state->draw_run + 1 : 0;
    if (full_move > rules->draw_movenumber && state->draw_run >= 2 * rules->draw_movecount) {
      snprintf(reason, reason_size, "Draw by adjudication: |score| <= %d for %d moves",
               rules->draw_score, rules->draw_movecount);
      return ADJ_DRAW;
    }
  }
  if (rules->maxmoves > 0 && ply >= 2 * rules->maxmoves) {
    snprintf(reason, reason_size, "Draw by adjudication: maximum length of %d moves",
             rules->maxmoves);
    return ADJ_DRAW;
  }
  return ADJ_NONE;
}
