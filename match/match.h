/* match.h — a whole match or tournament: the configuration the command line
 * produces, and running it (scheduling games on worker threads, restarting
 * engines, statistics, SPRT, PGN, progress on stderr, Ctrl-C).
 */
#ifndef CHIMERA_MATCH_MATCH_H
#define CHIMERA_MATCH_MATCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "match/adjudicate.h"
#include "match/engine_spec.h"
#include "match/opening_random.h"
#include "match/stats.h"

#define MATCH_ENGINES_MAX     16
#define MATCH_CONCURRENCY_MAX 64

typedef enum { OPENINGS_START = 0, OPENINGS_RANDOM, OPENINGS_FILE } OpeningKind;
typedef enum { TOURNAMENT_ROUND_ROBIN = 0, TOURNAMENT_GAUNTLET } TournamentKind;

typedef struct {
  EngineSpec engines[MATCH_ENGINES_MAX];
  int engine_count;
  char variant[128];
  int games;   /* per encounter and round */
  int rounds;  /* default 1 */
  bool repeat; /* each opening twice, colours reversed */
  TournamentKind tournament;
  OpeningKind openings;
  RandomOpeningSpec random; /* OPENINGS_RANDOM */
  char opening_file[1024];  /* OPENINGS_FILE */
  char opening_format[8];   /* "epd" or "pgn" ("" = by the file name) */
  bool opening_shuffle;     /* order=random */
  int opening_start;        /* 1-based first opening of the file */
  int opening_plies;        /* PGN openings: at most this many plies (0 = all) */
  int concurrency;
  bool sprt_on;
  SprtSpec sprt;
  AdjudicationRules adjudication;
  char pgnout[1024];
  char event[128];
  int rating_interval; /* print Elo every N games (0: only at the end) */
  bool debug;
} MatchConfig;

void match_config_init(MatchConfig *config);

/* Parses `chimera match` arguments into config; -1 with a message on err. */
int match_parse_args(int argc, char *const *argv, MatchConfig *config, FILE *err);

/* Runs the match; the summary goes to out, progress to err. Returns the
 * exit status (0 played, 1 error, 130 interrupted). */
int match_run(const MatchConfig *config, FILE *out, FILE *err);

/* `chimera match`: parse and run. */
int match_cmd_run(int argc, char *const *argv, FILE *out, FILE *err);

#endif
