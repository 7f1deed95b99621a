/* stats.h — match statistics as cutechess-cli and fishtest report them.
 *
 *  - Elo from the score with a 95% error margin, exactly as cutechess-cli's
 *    Elo class computes it (per-game variance of the W/D/L outcomes, its
 *    approximate inverse error function, half the width of the interval
 *    mapped through the logistic Elo curve);
 *  - LOS (likelihood of superiority) as cutechess-cli;
 *  - the SPRT log-likelihood ratio as fishtest's LLR_logistic (Van den
 *    Bergh's approximation of the generalized SPRT): over game outcomes
 *    (trinomial: scores 0, 1/2, 1) or over pairs of games with colours
 *    reversed (pentanomial: pair scores 0, 1/4, 1/2, 3/4, 1), with the
 *    logistic Elo bounds elo0, elo1 and Wald's stopping bounds
 *    log(beta/(1-alpha)) and log((1-beta)/alpha).
 */
#ifndef CHIMERA_MATCH_STATS_H
#define CHIMERA_MATCH_STATS_H

#include <stdbool.h>

typedef struct {
  double score;  /* (W + D/2) / N */
  double elo;    /* -400 log10(1/score - 1) */
  double margin; /* the 95% error margin, +- Elo */
  double los;    /* likelihood of superiority, 0..1 */
  double draw_ratio;
} EloEstimate;

/* False when there are no games; a score of 0 or 1 gives an infinite Elo
 * (printed as inf) as in cutechess. */
bool stats_elo(int wins, int losses, int draws, EloEstimate *out);

typedef struct {
  double elo0, elo1, alpha, beta;
} SprtSpec;

typedef enum { SPRT_CONTINUE = 0, SPRT_H0, SPRT_H1 } SprtVerdict;

/* LLR over counts of outcomes with equally spaced scores 0..1: three
 * counts (losses, draws, wins) or five (pair scores 0..2 in halves). */
double stats_llr(const int *counts, int count_nb, double elo0, double elo1);
void stats_sprt_bounds(const SprtSpec *spec, double *lower, double *upper);
SprtVerdict stats_sprt_verdict(const SprtSpec *spec, double llr);

#endif
