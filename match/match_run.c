/* match_run.c — running a match (see match.h).
 *
 * The games are a list of jobs made up front (who plays white, which
 * opening, which pair of games it belongs to), so the schedule does not
 * depend on the concurrency. Each of -concurrency worker threads owns its own
 * engine processes and takes the next job; results, PGN, progress and the
 * SPRT decision go through one lock. A worker blocks in poll() while engines
 * think, so the runner itself uses almost no CPU. Ctrl-C (SIGINT/SIGTERM)
 * kills every engine's process group, abandons the running games and ends
 * with the PGN and statistics of the finished ones.
 */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "board/position.h"
#include "engine/variant_set.h"
#include "match/game_loop.h"
#include "match/match.h"
#include "match/match_log.h"
#include "match/match_report.h"
#include "match/opening_book.h"
#include "match/pgn.h"
#include "match/player.h"
#include "match/variant_source.h"
#include "mbn/variant_library.h"

typedef struct {
  int white, black; /* engine indexes */
  int opening;      /* index into the opening sequence */
  int encounter;    /* index of the (a, b) engine pair, a < b */
  int pair;         /* the two games of one opening with colours reversed; -1 if none */
  int number;       /* 1-based */
  int round;
} Job;

typedef struct {
  const MatchConfig *cfg;
  const Variant *variant;
  const Position *start;
  const OpeningBook *book;
  char *definition; /* variant text for PGN comments, or NULL */
  Job *jobs;
  int job_count;
  atomic_int next_job;
  atomic_bool abandon;
  pthread_mutex_t lock;
  FILE *pgn, *out, *err;
  MatchTally tally;
  int *pair_first; /* per pair id: the first game's score for engine a, x2; -1 */
  int start_failures[MATCH_ENGINES_MAX];
  Player *first; /* every engine, started before the first game; worker 0 takes them */
  bool first_taken;
  bool fatal;
  char fatal_text[512];
} Match;

static atomic_bool match_interrupted;

static void match_on_signal(int sig) {
  (void)sig;
  atomic_store(&match_interrupted, true);
  proc_kill_all();
}

/* The job list: per round, per encounter, the games with colours alternating
 * and, with -repeat, each opening used for two consecutive games. */
static int match_make_jobs(Match *m) {
  const MatchConfig *c = m->cfg;
  int encounters[MATCH_ENGINES_MAX * MATCH_ENGINES_MAX][2], enc_n = 0;
  for (int a = 0; a < c->engine_count; a++)
    for (int b = a + 1; b < c->engine_count; b++)
      if (c->tournament == TOURNAMENT_ROUND_ROBIN || a == 0) {
        encounters[enc_n][0] = a, encounters[enc_n][1] = b;
        enc_n++;
      }
  long total = (long)c->rounds * enc_n * c->games;
  if (total > 100000000L) return -1;
  m->jobs = calloc((size_t)total, sizeof *m->jobs);
  m->pair_first = malloc(sizeof *m->pair_first * (size_t)(total + 1));
  if (!m->jobs || !m->pair_first) return -1;
  int n = 0, opening = 0, pair = 0;
  for (int r = 0; r < c->rounds; r++) {
    /* Every encounter of a round plays the same openings, as cutechess does. */
    int round_opening = opening;
    for (int e = 0; e < enc_n; e++) {
      opening = round_opening;
      for (int g = 0; g < c->games; g++) {
        Job *j = &m->jobs[n];
        bool swapped = g % 2 == 1;
        j->white = encounters[e][swapped];
        j->black = encounters[e][!swapped];
        j->encounter = e;
        j->round = r + 1;
        j->number = n + 1;
        if (c->repeat) {
          j->opening = opening + g / 2;
          j->pair = g + 1 < c->games || g % 2 == 1 ? pair + g / 2 : -1;
        } else {
          j->opening = opening + g;
          j->pair = -1;
        }
        n++;
      }
      pair += (c->games + 1) / 2;
    }
    opening = round_opening + (c->repeat ? (c->games + 1) / 2 : c->games);
  }
  for (int i = 0; i <= total; i++) m->pair_first[i] = -1;
  m->job_count = n;
  match_tally_init(&m->tally, c, encounters, enc_n);
  return 0;
}

typedef struct {
  Match *m;
  int id;
} Worker;

/* The opening of a job: moves from the start position, or a FEN. */
typedef struct {
  const char *fen;
  const char *moves[RANDOM_OPENING_PLIES_MAX > OPENING_BOOK_PLIES_MAX ? RANDOM_OPENING_PLIES_MAX
                                                                      : OPENING_BOOK_PLIES_MAX];
  int count;
  RandomOpening random;
} JobOpening;

static int worker_opening(Match *m, Searcher *searcher, int index, JobOpening *o, char *err,
                          size_t err_size) {
  const MatchConfig *c = m->cfg;
  o->fen = NULL, o->count = 0;
  if (c->openings == OPENINGS_RANDOM) {
    if (!random_opening_make(m->start, &c->random, (uint64_t)index, searcher, &o->random, err,
                             err_size))
      return -1;
    for (int i = 0; i < o->random.ply_count; i++) o->moves[o->count++] = o->random.moves[i];
  } else if (c->openings == OPENINGS_FILE) {
    const OpeningEntry *e = opening_book_get(m->book, index);
    o->fen = e->fen;
    for (int i = 0; i < e->move_count; i++) o->moves[o->count++] = e->moves[i];
  }
  return 0;
}

static void match_fail(Match *m, const char *text) {
  pthread_mutex_lock(&m->lock);
  if (!m->fatal) {
    m->fatal = true;
    snprintf(m->fatal_text, sizeof m->fatal_text, "%s", text);
  }
  pthread_mutex_unlock(&m->lock);
  atomic_store(&m->abandon, true);
}

/* Records a finished game: tallies, PGN, progress, SPRT. Lock held. */
static void match_record(Match *m, const Job *j, const GameRecord *r) {
  const MatchConfig *c = m->cfg;
  int white_x2 = !strcmp(r->result, "1-0") ? 2 : !strcmp(r->result, "0-1") ? 0 : 1;
  match_tally_add(&m->tally, j->encounter, j->white, j->black, white_x2);
  if (j->pair >= 0) {
    int a = m->tally.encounter[j->encounter][0];
    int a_x2 = j->white == a ? white_x2 : 2 - white_x2;
    if (m->pair_first[j->pair] < 0) {
      m->pair_first[j->pair] = a_x2;
    } else {
      match_tally_add_pair(&m->tally, j->encounter, m->pair_first[j->pair] + a_x2);
    }
  }
  if (m->pgn) {
    char tc[64] = "";
    const EngineSpec *ws = &c->engines[j->white];
    if (ws->tc.base_ms > 0) {
      int len = ws->tc.moves ? snprintf(tc, sizeof tc, "%d/", ws->tc.moves) : 0;
      len += snprintf(tc + len, sizeof tc - (size_t)len, "%g", (double)ws->tc.base_ms / 1000);
      if (ws->tc.inc_ms)
        snprintf(tc + len, sizeof tc - (size_t)len, "+%g", (double)ws->tc.inc_ms / 1000);
    } else if (ws->movetime_ms > 0) {
      snprintf(tc, sizeof tc, "%g/move", (double)ws->movetime_ms / 1000);
    }
    PgnTags tags = {c->event,
                    "?",
                    c->engines[j->white].name,
                    c->engines[j->black].name,
                    c->variant,
                    tc[0] ? tc : NULL,
                    j->round,
                    m->definition};
    pgn_write_game(m->pgn, &tags, r);
  }
  match_report_game(m->err, j->number, m->job_count, c->engines[j->white].name,
                    c->engines[j->black].name, r->result, r->reason);
  if (c->sprt_on && match_tally_sprt(&m->tally, c) != SPRT_CONTINUE)
    atomic_store(&m->abandon, true);
  match_report_progress(m->err, &m->tally, c, j->encounter);
}

static void *worker_main(void *arg) {
  Worker *w = arg;
  Match *m = w->m;
  const MatchConfig *c = m->cfg;
  Player players[MATCH_ENGINES_MAX];
  for (int e = 0; e < c->engine_count; e++) player_init(&players[e], &c->engines[e]);
  if (w->id == 0 && m->first) {
    /* The engines started by match_start_engines: no second start. */
    memcpy(players, m->first, sizeof *players * (size_t)c->engine_count);
    m->first_taken = true;
  }
  Searcher *searcher = NULL;
  if (c->openings == OPENINGS_RANDOM && c->random.depth > 0) {
    searcher = searcher_new();
    if (searcher) searcher_set_hash(searcher, 1);
  }
  JobOpening *opening = malloc(sizeof *opening);
  if (!opening || (c->openings == OPENINGS_RANDOM && c->random.depth > 0 && !searcher)) {
    match_fail(m, "out of memory");
  }
  while (opening && !atomic_load(&m->abandon) && !atomic_load(&match_interrupted)) {
    int index = atomic_fetch_add(&m->next_job, 1);
    if (index >= m->job_count) break;
    const Job *j = &m->jobs[index];
    char err[512];
    if (worker_opening(m, searcher, j->opening, opening, err, sizeof err) != 0) {
      match_fail(m, err);
      break;
    }
    GameSetup setup = {m->variant,     opening->fen,     opening->moves,
                       opening->count, &c->adjudication, &m->abandon};
    Player *pair[2] = {&players[j->white], &players[j->black]};
    GameRecord record;
    if (game_loop_play(&setup, pair, &record, err, sizeof err) != 0) {
      match_fail(m, err);
      break;
    }
    bool interrupted = atomic_load(&match_interrupted) || !strcmp(record.result, "*");
    pthread_mutex_lock(&m->lock);
    if (!interrupted && !m->fatal) match_record(m, j, &record);
    pthread_mutex_unlock(&m->lock);
    /* Restart whoever misbehaved or died; give up on an engine that never starts. */
    for (int s = 0; s < 2; s++) {
      Player *p = pair[s];
      int e = s == 0 ? j->white : j->black;
      if (record.faulty == s || record.faulty_both[s] || !proc_alive(&p->proc)) p->ops->quit(p);
      pthread_mutex_lock(&m->lock);
      m->start_failures[e] = record.faulty_both[s] ? m->start_failures[e] + 1 : 0;
      bool hopeless = m->start_failures[e] >= 3;
      pthread_mutex_unlock(&m->lock);
      if (hopeless) {
        snprintf(err, sizeof err, "engine '%s' failed to start three times: %s", c->engines[e].name,
                 record.reason);
        match_fail(m, err);
      }
    }
    game_record_free(&record);
  }
  for (int e = 0; e < c->engine_count; e++) players[e].ops->quit(&players[e]);
  if (searcher) searcher_free(searcher);
  free(opening);
  return NULL;
}

/* Starts every engine once before the first game. An engine that cannot
 * start at all (its program cannot be run, the handshake fails) or that does
 * not declare an option it was given (player_options.h) is the organiser's
 * mistake: it stops the match before play, rather than being scored as lost
 * games (which, with fewer than three games, ended in exit status 0). Later
 * failures to restart an engine that did start are lost games, as
 * docs/match.md says. Worker 0 takes these players over, so the check costs
 * no extra start. */
static int match_start_engines(Match *m, FILE *err) {
  const MatchConfig *c = m->cfg;
  m->first = calloc((size_t)c->engine_count, sizeof *m->first);
  if (!m->first) {
    fprintf(err, "chimera match: out of memory\n");
    return -1;
  }
  for (int e = 0; e < c->engine_count; e++) {
    Player *p = &m->first[e];
    player_init(p, &c->engines[e]);
    char why[512];
    if (p->ops->start(p, why, sizeof why) != 0) {
      fprintf(err, "chimera match: engine '%s' cannot play: %s\n", c->engines[e].name, why);
      for (int i = 0; i <= e; i++) m->first[i].ops->quit(&m->first[i]);
      return -1;
    }
  }
  return 0;
}

int match_run(const MatchConfig *cfg, FILE *out, FILE *err) {
  Match m;
  memset(&m, 0, sizeof m);
  m.cfg = cfg, m.out = out, m.err = err;
  char msg[512];
  VariantSet set;
  memset(&set, 0, sizeof set);
  int loaded = variant_set_load_default(&set, msg, sizeof msg);
  int index = variant_set_find(&set, cfg->variant);
  if (index < 0) {
    char why[256];
    if (variant_set_why_unplayable(&set, cfg->variant, why, sizeof why))
      fprintf(err, "chimera match: variant '%s' cannot be played: %s\n", cfg->variant, why);
    else
      fprintf(err, "chimera match: unknown variant '%s'%s%s\n", cfg->variant,
              loaded < 0 ? ": " : "", loaded < 0 ? msg : "");
    variant_set_free(&set);
    return 1;
  }
  m.variant = set.variants[index];
  Position *start = pos_new(m.variant, msg, sizeof msg);
  if (!start) {
    fprintf(err, "chimera match: variant '%s': %s\n", cfg->variant, msg);
    variant_set_free(&set);
    return 1;
  }
  m.start = start;
  m.definition = variant_source_definition(set.owner, m.variant);
  OpeningBook *book = NULL;
  int status = 1;
  if (cfg->openings == OPENINGS_FILE) {
    book = opening_book_load(cfg->opening_file, cfg->opening_format, start, cfg->opening_plies, msg,
                             sizeof msg);
    if (!book) {
      fprintf(err, "chimera match: %s\n", msg);
      goto done;
    }
    opening_book_arrange(book, cfg->opening_start, cfg->opening_shuffle, cfg->random.seed);
    m.book = book;
  }
  if (match_make_jobs(&m) != 0) {
    fprintf(err, "chimera match: too many games\n");
    goto done;
  }
  if (cfg->pgnout[0]) {
    m.pgn = fopen(cfg->pgnout, "a");
    if (!m.pgn) {
      fprintf(err, "chimera match: cannot write '%s'\n", cfg->pgnout);
      goto done;
    }
  }
  if (cfg->debug) match_log_open(err);
  match_log_warnings(err);
  atomic_store(&match_interrupted, false);
  struct sigaction sa, old_int, old_term;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = match_on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);
  if (match_start_engines(&m, err) != 0) {
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    match_log_open(NULL);
    match_log_warnings(NULL);
    status = atomic_load(&match_interrupted) ? 130 : 1;
    goto done;
  }
  pthread_mutex_init(&m.lock, NULL);

  int threads = cfg->concurrency < m.job_count ? cfg->concurrency : m.job_count;
  pthread_t tids[MATCH_CONCURRENCY_MAX];
  Worker workers[MATCH_CONCURRENCY_MAX];
  int started = 0;
  for (int t = 0; t < threads; t++) {
    workers[t] = (Worker){&m, t};
    if (pthread_create(&tids[t], NULL, worker_main, &workers[t]) == 0) started++;
  }
  for (int t = 0; t < started; t++) pthread_join(tids[t], NULL);
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);
  match_log_open(NULL);
  match_log_warnings(NULL);
  if (!m.first_taken)
    for (int e = 0; e < cfg->engine_count; e++) m.first[e].ops->quit(&m.first[e]);

  bool interrupted = atomic_load(&match_interrupted);
  if (m.fatal) fprintf(err, "chimera match: %s\n", m.fatal_text);
  if (interrupted) fprintf(err, "chimera match: interrupted; results of the finished games:\n");
  match_report_final(out, &m.tally, cfg);
  match_report_cpu(err);
  status = m.fatal ? 1 : interrupted ? 130 : 0;
  pthread_mutex_destroy(&m.lock);
done:
  free(m.first);
  if (m.pgn) fclose(m.pgn);
  free(m.jobs);
  free(m.pair_first);
  free(m.definition);
  opening_book_free(book);
  pos_free(start);
  variant_set_free(&set);
  return status;
}

int match_cmd_run(int argc, char *const *argv, FILE *out, FILE *err) {
  MatchConfig *config = malloc(sizeof *config);
  if (!config) return 1;
  int status = 2;
  if (match_parse_args(argc, argv, config, err) == 0) status = match_run(config, out, err);
  free(config);
  return status;
}
