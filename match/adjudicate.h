/* adjudicate.h — ending a game early by the engines' own scores: draw after
 * N moves with |score| small, resign after N moves with a score beyond a
 * bound, and a maximum length. All off unless the command line turns them on
 * (-draw, -resign, -maxmoves, as in cutechess-cli). Results by the variant's
 * rules are not here: the game loop asks engine/game.c for those.
 */
#ifndef CHIMERA_MATCH_ADJUDICATE_H
#define CHIMERA_MATCH_ADJUDICATE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  bool draw_on;
  int draw_movenumber; /* not before this full move */
  int draw_movecount;  /* consecutive moves of each side with |score| <= draw_score */
  int draw_score;      /* centipawns */
  bool resign_on;
  int resign_movecount; /* consecutive moves of a side with score <= -resign_score */
  int resign_score;
  bool resign_twosided; /* the winner must agree (score >= resign_score) */
  int maxmoves;         /* full moves; 0 = no limit */
} AdjudicationRules;

typedef struct {
  int draw_run;      /* consecutive plies with a small score */
  int losing_run[2]; /* consecutive moves of white/black scoring itself lost */
  int winning_run[2];
} AdjudicationState;

typedef enum { ADJ_NONE = 0, ADJ_WHITE_WINS, ADJ_BLACK_WINS, ADJ_DRAW } AdjudicationVerdict;

/* Called after every move of the game (not the opening's): mover 0 white,
 * 1 black; ply the number of plies played so far in the game; has_score and
 * score (centipawns, mover's view; mates mapped beyond any bound) as the
 * engine reported. Writes a reason when it decides. */
AdjudicationVerdict adjudicate_move(const AdjudicationRules *rules, AdjudicationState *state,
                                    int mover, int ply, bool has_score, int score, char *reason,
                                    size_t reason_size);

#endif
