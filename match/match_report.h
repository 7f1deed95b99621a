/* match_report.h — the running totals of a match and how they are shown:
 * progress lines on stderr after every game (cutechess-cli's wording, so
 * scripts that read its output read ours), the SPRT state, and the final
 * summary on stdout.
 */
#ifndef CHIMERA_MATCH_REPORT_H
#define CHIMERA_MATCH_REPORT_H

#include <stdio.h>

#include "match/match.h"
#include "match/stats.h"

#define MATCH_ENCOUNTERS_MAX (MATCH_ENGINES_MAX * (MATCH_ENGINES_MAX - 1) / 2)

typedef struct {
  int engine_count, encounter_count;
  int encounter[MATCH_ENCOUNTERS_MAX][2]; /* engine a, engine b (a < b) */
  int wld[MATCH_ENCOUNTERS_MAX][3];       /* a's wins, losses, draws */
  int penta[MATCH_ENCOUNTERS_MAX][5];     /* pairs by a's score 0, 1/2, 1, 3/2, 2 */
  int engine_wld[MATCH_ENGINES_MAX][3];
  int games;
  double llr;
  SprtVerdict verdict;
  const char *names[MATCH_ENGINES_MAX];
} MatchTally;

void match_tally_init(MatchTally *t, const MatchConfig *c, int encounters[][2], int count);
/* A finished game; white_x2 is white's score doubled (0, 1, 2). */
void match_tally_add(MatchTally *t, int encounter, int white, int black, int white_x2);
/* A finished pair of games; a_x2 is engine a's score in both, doubled (0..4). */
void match_tally_add_pair(MatchTally *t, int encounter, int a_x2);
/* Updates llr and verdict of encounter 0 (pentanomial when the games are
 * paired, trinomial otherwise); returns the verdict. */
SprtVerdict match_tally_sprt(MatchTally *t, const MatchConfig *c);

void match_report_game(FILE *err, int number, int total, const char *white, const char *black,
                       const char *result, const char *reason);
void match_report_progress(FILE *err, const MatchTally *t, const MatchConfig *c, int encounter);
void match_report_final(FILE *out, const MatchTally *t, const MatchConfig *c);
/* The runner's own CPU time against its engines' (getrusage), to show that
 * refereeing costs next to nothing. Call after every engine has been reaped. */
void match_report_cpu(FILE *err);

#endif
