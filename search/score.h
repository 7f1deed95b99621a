/* score.h — the score scale shared by search, evaluation and the TT.
 *
 * Centipawns from the side to move's point of view. A mate in p plies from
 * the root scores SEARCH_MATE - p; being mated, -(SEARCH_MATE - p). Scores
 * beyond +-SEARCH_MATE_MAX are mate scores; evaluation stays well inside.
 */
#ifndef CHIMERA_SEARCH_SCORE_H
#define CHIMERA_SEARCH_SCORE_H

#define SEARCH_MATE     32000
#define SEARCH_MATE_MAX (SEARCH_MATE - 1000)
#define SEARCH_INF      (SEARCH_MATE + 1)
#define SEARCH_EVAL_MAX 20000 /* evaluation is clamped to +-this */

#endif
