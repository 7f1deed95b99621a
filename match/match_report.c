/* match_report.c — totals and their display (see match_report.h). */
#include "match/match_report.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

void match_tally_init(MatchTally *t, const MatchConfig *c, int encounters[][2], int count) {
  memset(t, 0, sizeof *t);
  t->engine_count = c->engine_count;
  t->encounter_count = count;
  for (int e = 0; e < count; e++)
    t->encounter[e][0] = encounters[e][0], t->encounter[e][1] = encounters[e][1];
  for (int e = 0; e < c->engine_count; e++) t->names[e] = c->engines[e].name;
}

void match_tally_add(MatchTally *t, int encounter, int white, int black, int white_x2) {
  int a = t->encounter[encounter][0];
  int a_x2 = white == a ? white_x2 : 2 - white_x2;
  t->wld[encounter][a_x2 == 2 ? 0 : a_x2 == 0 ? 1 : 2]++;
  t->engine_wld[white][white_x2 == 2 ? 0 : white_x2 == 0 ? 1 : 2]++;
  t->engine_wld[black][white_x2 == 0 ? 0 : white_x2 == 2 ? 1 : 2]++;
  t->games++;
}

void match_tally_add_pair(MatchTally *t, int encounter, int a_x2) {
  if (a_x2 >= 0 && a_x2 <= 4) t->penta[encounter][a_x2]++;
}

static bool tally_paired(const MatchTally *t, int e) {
  int pairs = 0;
  for (int i = 0; i < 5; i++) pairs += t->penta[e][i];
  return pairs > 0;
}

SprtVerdict match_tally_sprt(MatchTally *t, const MatchConfig *c) {
  if (c->repeat && tally_paired(t, 0)) {
    t->llr = stats_llr(t->penta[0], 5, c->sprt.elo0, c->sprt.elo1);
  } else {
    int tri[3] = {t->wld[0][1], t->wld[0][2], t->wld[0][0]};
    t->llr = stats_llr(tri, 3, c->sprt.elo0, c->sprt.elo1);
  }
  t->verdict = stats_sprt_verdict(&c->sprt, t->llr);
  return t->verdict;
}

void match_report_game(FILE *err, int number, int total, const char *white, const char *black,
                       const char *result, const char *reason) {
  fprintf(err, "Finished game %d of %d (%s vs %s): %s {%s}\n", number, total, white, black, result,
          reason);
}

static void report_score(FILE *f, const MatchTally *t, int e) {
  const int *r = t->wld[e];
  int n = r[0] + r[1] + r[2];
  fprintf(f, "Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", t->names[t->encounter[e][0]],
          t->names[t->encounter[e][1]], r[0], r[1], r[2], n ? (r[0] + r[2] / 2.0) / n : 0.0, n);
}

static void report_elo(FILE *f, const MatchTally *t, int e) {
  EloEstimate est;
  if (!stats_elo(t->wld[e][0], t->wld[e][1], t->wld[e][2], &est)) return;
  /* No -0.0; an interval reaching a score of 0 or 1 has no finite width. */
  double elo = est.elo == 0 ? 0.0 : est.elo;
  char margin[32];
  if (isfinite(est.margin))
    snprintf(margin, sizeof margin, "%.1f", est.margin);
  else
    snprintf(margin, sizeof margin, "inf");
  fprintf(f, "Elo difference: %.1f +/- %s, LOS: %.1f %%, DrawRatio: %.1f %%\n", elo, margin,
          est.los * 100, est.draw_ratio * 100);
}

static void report_sprt(FILE *f, const MatchTally *t, const MatchConfig *c) {
  double lower, upper;
  stats_sprt_bounds(&c->sprt, &lower, &upper);
  const char *state = t->verdict == SPRT_H1   ? " - H1 was accepted"
                      : t->verdict == SPRT_H0 ? " - H0 was accepted"
                                              : "";
  fprintf(f, "SPRT: llr %.3f (%.1f%%), lbound %.2f, ubound %.2f%s (elo0 %g, elo1 %g, %s)\n", t->llr,
          100 * t->llr / upper, lower, upper, state, c->sprt.elo0, c->sprt.elo1,
          c->repeat ? "pentanomial" : "trinomial");
}

static void report_penta(FILE *f, const MatchTally *t, int e) {
  const int *p = t->penta[e];
  fprintf(f, "Ptnml(0-2): %d, %d, %d, %d, %d\n", p[0], p[1], p[2], p[3], p[4]);
}

void match_report_progress(FILE *err, const MatchTally *t, const MatchConfig *c, int encounter) {
  report_score(err, t, encounter);
  bool due = c->rating_interval > 0 && t->games % c->rating_interval == 0;
  if (!due && !(c->sprt_on && t->verdict != SPRT_CONTINUE)) return;
  report_elo(err, t, encounter);
  if (c->repeat) report_penta(err, t, encounter);
  if (c->sprt_on) report_sprt(err, t, c);
  fflush(err);
}

void match_report_final(FILE *out, const MatchTally *t, const MatchConfig *c) {
  for (int e = 0; e < t->encounter_count; e++) {
    const int *r = t->wld[e];
    if (r[0] + r[1] + r[2] == 0) continue;
    report_score(out, t, e);
    report_elo(out, t, e);
    if (c->repeat) report_penta(out, t, e);
  }
  if (c->sprt_on) report_sprt(out, t, c);
  if (t->engine_count > 2) {
    fprintf(out, "\nRank Name                          Elo     +/-   Games   Score    Draw\n");
    int order[MATCH_ENGINES_MAX];
    double score[MATCH_ENGINES_MAX];
    for (int e = 0; e < t->engine_count; e++) {
      const int *r = t->engine_wld[e];
      int n = r[0] + r[1] + r[2];
      score[e] = n ? (r[0] + r[2] / 2.0) / n : 0;
      order[e] = e;
    }
    for (int i = 1; i < t->engine_count; i++)
      for (int k = i; k > 0 && score[order[k]] > score[order[k - 1]]; k--) {
        int tmp = order[k];
        order[k] = order[k - 1], order[k - 1] = tmp;
      }
    for (int i = 0; i < t->engine_count; i++) {
      int e = order[i];
      const int *r = t->engine_wld[e];
      EloEstimate est = {0};
      int n = r[0] + r[1] + r[2];
      stats_elo(r[0], r[1], r[2], &est);
      fprintf(out, "%4d %-28s %6.1f %7.1f %7d %6.1f%% %6.1f%%\n", i + 1, t->names[e],
              est.elo == 0 ? 0.0 : est.elo, est.margin, n, est.score * 100, est.draw_ratio * 100);
    }
  }
  fflush(out);
}

static double report_seconds(struct timeval t) {
  return (double)t.tv_sec + (double)t.tv_usec / 1e6;
}

void match_report_cpu(FILE *err) {
  struct rusage self, children;
  if (getrusage(RUSAGE_SELF, &self) != 0 || getrusage(RUSAGE_CHILDREN, &children) != 0) return;
  double own = report_seconds(self.ru_utime) + report_seconds(self.ru_stime);
  double engines = report_seconds(children.ru_utime) + report_seconds(children.ru_stime);
  double total = own + engines;
  fprintf(err, "CPU: runner %.2f s, engines %.2f s (runner %.2f%% of the total)\n", own, engines,
          total > 0 ? 100 * own / total : 0.0);
}
