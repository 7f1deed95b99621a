/* stats.c — Elo, error margins and SPRT (see stats.h for the formulas'
 * sources). Kept free of I/O so the tests can check numbers computed by hand.
 */
#include "match/stats.h"

#include <math.h>

/* cutechess-cli's approximation of erf^-1 (Winitzki), kept so that the
 * margins printed here equal cutechess-cli's to the last digit. */
static double stats_erf_inv(double x) {
  const double pi = 3.1415926535897;
  double a = 8.0 * (pi - 3.0) / (3.0 * pi * (4.0 - pi));
  double y = log(1.0 - x * x);
  double z = 2.0 / (pi * a) + y / 2.0;
  double r = sqrt(sqrt(z * z - y / a) - z);
  return x < 0.0 ? -r : r;
}

static double stats_phi_inv(double p) {
  return sqrt(2.0) * stats_erf_inv(2.0 * p - 1.0);
}

static double stats_elo_diff(double p) {
  return -400.0 * log10(1.0 / p - 1.0);
}

bool stats_elo(int wins, int losses, int draws, EloEstimate *out) {
  int n = wins + losses + draws;
  if (n <= 0) return false;
  double w = (double)wins / n, l = (double)losses / n, d = (double)draws / n;
  double mu = w + d / 2.0;
  double dev = w * pow(1.0 - mu, 2) + l * pow(0.0 - mu, 2) + d * pow(0.5 - mu, 2);
  double stdev = sqrt(dev) / sqrt((double)n);
  out->score = mu;
  out->draw_ratio = d;
  out->elo = stats_elo_diff(mu);
  double lo = mu + stats_phi_inv(0.025) * stdev, hi = mu + stats_phi_inv(0.975) * stdev;
  out->margin = (stats_elo_diff(hi) - stats_elo_diff(lo)) / 2.0;
  out->los =
      wins + losses > 0 ? 0.5 + 0.5 * erf((wins - losses) / sqrt(2.0 * (wins + losses))) : 0.5;
  return true;
}

static double stats_logistic(double elo) {
  return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

double stats_llr(const int *counts, int count_nb, double elo0, double elo1) {
  double n = 0;
  for (int i = 0; i < count_nb; i++) n += counts[i];
  if (n <= 0 || count_nb < 2) return 0.0;
  double mu = 0, var = 0;
  for (int i = 0; i < count_nb; i++) mu += (double)i / (count_nb - 1) * counts[i] / n;
  for (int i = 0; i < count_nb; i++) {
    double x = (double)i / (count_nb - 1) - mu;
    var += x * x * counts[i] / n;
  }
  if (var <= 0) return 0.0;
  double s0 = stats_logistic(elo0), s1 = stats_logistic(elo1);
  return n * (s1 - s0) * (2 * mu - s0 - s1) / var / 2.0;
}

void stats_sprt_bounds(const SprtSpec *spec, double *lower, double *upper) {
  *lower = log(spec->beta / (1.0 - spec->alpha));
  *upper = log((1.0 - spec->beta) / spec->alpha);
}

SprtVerdict stats_sprt_verdict(const SprtSpec *spec, double llr) {
  double lower, upper;
  stats_sprt_bounds(spec, &lower, &upper);
  if (llr >= upper) return SPRT_H1;
  if (llr <= lower) return SPRT_H0;
  return SPRT_CONTINUE;
}
