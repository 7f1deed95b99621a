/* match_cli.c — the `chimera match` command line (see docs/match.md).
 *
 * Options follow cutechess-cli's where it has one (-engine, -each, -variant,
 * -games, -rounds, -repeat, -openings, -sprt, -concurrency, -pgnout, -draw,
 * -resign, -maxmoves, -tournament, -ratinginterval, -debug), so its users
 * can reuse their command lines. -each settings apply to every engine
 * first, and an engine's own settings override them.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "match/match.h"

void match_config_init(MatchConfig *c) {
  memset(c, 0, sizeof *c);
  snprintf(c->variant, sizeof c->variant, "chess");
  c->games = 1;
  c->rounds = 1;
  c->random = random_opening_defaults();
  c->concurrency = 1;
  c->sprt = (SprtSpec){0, 5, 0.05, 0.05};
  c->rating_interval = 10;
  c->opening_start = 1;
  snprintf(c->event, sizeof c->event, "chimera match");
}

static int cli_usage(FILE *err, const char *fmt, const char *arg) {
  fprintf(err, "chimera match: ");
  fprintf(err, fmt, arg);
  fprintf(err, "\nusage: chimera match -engine cmd=PROG [name=N] [proto=uci|xboard] [KEY=VALUE...]"
               " -engine ... [-each KEY=VALUE...] [-variant NAME] [-games N] [-rounds N]"
               " [-repeat] [-openings random|file=FILE [KEY=VALUE...]] [-sprt elo0=E elo1=E"
               " alpha=A beta=B] [-concurrency N] [-pgnout FILE] (see docs/match.md)\n");
  return -1;
}

static bool cli_int(const char *text, int lo, int hi, int *out) {
  char *end;
  long v = strtol(text, &end, 10);
  if (end == text || *end || v < lo || v > hi) return false;
  *out = (int)v;
  return true;
}

static bool cli_double(const char *text, double *out) {
  char *end;
  double v = strtod(text, &end);
  if (end == text || *end) return false;
  *out = v;
  return true;
}

/* The KEY=VALUE words after an option, up to the next word starting '-'. */
static int cli_values(int argc, char *const *argv, int i) {
  int n = 0;
  while (i + 1 + n < argc && argv[i + 1 + n][0] != '-') n++;
  return n;
}

static int cli_openings(MatchConfig *c, int n, char *const *words, FILE *err) {
  for (int k = 0; k < n; k++) {
    const char *w = words[k];
    const char *eq = strchr(w, '=');
    const char *v = eq ? eq + 1 : "";
    int value;
    if (!strcmp(w, "random")) {
      c->openings = OPENINGS_RANDOM;
    } else if (!strcmp(w, "startpos")) {
      c->openings = OPENINGS_START;
    } else if (!strncmp(w, "file=", 5)) {
      c->openings = OPENINGS_FILE;
      snprintf(c->opening_file, sizeof c->opening_file, "%s", v);
    } else if (!strncmp(w, "format=", 7) && (!strcmp(v, "epd") || !strcmp(v, "pgn"))) {
      snprintf(c->opening_format, sizeof c->opening_format, "%s", v);
    } else if (!strncmp(w, "order=", 6) && (!strcmp(v, "random") || !strcmp(v, "sequential"))) {
      c->opening_shuffle = !strcmp(v, "random");
    } else if (!strncmp(w, "start=", 6) && cli_int(v, 1, 1 << 30, &value)) {
      c->opening_start = value;
    } else if (!strncmp(w, "plies=", 6) && cli_int(v, 0, RANDOM_OPENING_PLIES_MAX, &value)) {
      c->random.plies = value;
      c->opening_plies = value;
    } else if (!strncmp(w, "depth=", 6) && cli_int(v, 0, 64, &value)) {
      c->random.depth = value;
    } else if (!strncmp(w, "bound=", 6) && cli_int(v, 0, 100000, &value)) {
      c->random.bound_cp = value;
    } else if (!strncmp(w, "tries=", 6) && cli_int(v, 1, 1000000, &value)) {
      c->random.tries = value;
    } else if (!strncmp(w, "seed=", 5)) {
      char *end;
      c->random.seed = strtoull(v, &end, 10);
      if (end == v || *end) return cli_usage(err, "bad -openings setting '%s'", w);
    } else {
      return cli_usage(err, "bad -openings setting '%s'", w);
    }
  }
  if (c->openings == OPENINGS_FILE && !c->opening_file[0])
    return cli_usage(err, "%s", "-openings file= needs a file name");
  return 0;
}

static int cli_sprt(MatchConfig *c, int n, char *const *words, FILE *err) {
  c->sprt_on = true;
  for (int k = 0; k < n; k++) {
    const char *w = words[k], *eq = strchr(w, '=');
    double v;
    if (!eq || !cli_double(eq + 1, &v)) return cli_usage(err, "bad -sprt setting '%s'", w);
    size_t key = (size_t)(eq - w);
    if (key == 4 && !strncmp(w, "elo0", 4))
      c->sprt.elo0 = v;
    else if (key == 4 && !strncmp(w, "elo1", 4))
      c->sprt.elo1 = v;
    else if (key == 5 && !strncmp(w, "alpha", 5) && v > 0 && v < 0.5)
      c->sprt.alpha = v;
    else if (key == 4 && !strncmp(w, "beta", 4) && v > 0 && v < 0.5)
      c->sprt.beta = v;
    else
      return cli_usage(err, "bad -sprt setting '%s'", w);
  }
  if (!(c->sprt.elo1 > c->sprt.elo0)) return cli_usage(err, "%s", "-sprt needs elo1 > elo0");
  return 0;
}

static int cli_adjudication(MatchConfig *c, bool draw, int n, char *const *words, FILE *err) {
  AdjudicationRules *a = &c->adjudication;
  if (draw) {
    a->draw_on = true, a->draw_movenumber = 40, a->draw_movecount = 8, a->draw_score = 10;
  } else {
    a->resign_on = true, a->resign_movecount = 3, a->resign_score = 1000;
  }
  for (int k = 0; k < n; k++) {
    const char *w = words[k], *eq = strchr(w, '=');
    int v;
    bool ok = eq != NULL;
    size_t key = ok ? (size_t)(eq - w) : 0;
#define IS(k) (key == strlen(k) && !strncmp(w, k, key))
    if (ok && IS("movenumber") && draw)
      ok = cli_int(eq + 1, 0, 100000, &a->draw_movenumber);
    else if (ok && IS("movecount") && cli_int(eq + 1, 1, 100000, &v))
      *(draw ? &a->draw_movecount : &a->resign_movecount) = v;
    else if (ok && IS("score") && cli_int(eq + 1, 0, 1000000, &v))
      *(draw ? &a->draw_score : &a->resign_score) = v;
    else if (ok && IS("twosided") && !draw)
      a->resign_twosided = !strcmp(eq + 1, "true");
    else
      ok = false;
#undef IS
    if (!ok) return cli_usage(err, draw ? "bad -draw setting '%s'" : "bad -resign setting '%s'", w);
  }
  return 0;
}

int match_parse_args(int argc, char *const *argv, MatchConfig *c, FILE *err) {
  match_config_init(c);
  /* Settings are collected first, then applied: -each, then the engine's own. */
  const char *each[256], *own[MATCH_ENGINES_MAX][256];
  int each_n = 0, own_n[MATCH_ENGINES_MAX] = {0};
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    int n = cli_values(argc, argv, i);
    char *const *words = argv + i + 1;
    int value;
    if (!strcmp(a, "-engine") || !strcmp(a, "-each")) {
      bool is_each = !strcmp(a, "-each");
      if (!is_each && c->engine_count == MATCH_ENGINES_MAX)
        return cli_usage(err, "%s", "too many engines");
      for (int k = 0; k < n; k++) {
        if (is_each && each_n < 256) each[each_n++] = words[k];
        if (!is_each && own_n[c->engine_count] < 256)
          own[c->engine_count][own_n[c->engine_count]++] = words[k];
      }
      if (!is_each) c->engine_count++;
    } else if (!strcmp(a, "-variant") && n == 1) {
      snprintf(c->variant, sizeof c->variant, "%s", words[0]);
      /* cutechess calls chess "standard" */
      if (!strcmp(c->variant, "standard")) snprintf(c->variant, sizeof c->variant, "chess");
    } else if (!strcmp(a, "-games") && n == 1 && cli_int(words[0], 1, 100000000, &value)) {
      c->games = value;
    } else if (!strcmp(a, "-rounds") && n == 1 && cli_int(words[0], 1, 100000000, &value)) {
      c->rounds = value;
    } else if (!strcmp(a, "-repeat") && n <= 1) {
      c->repeat = true;
    } else if (!strcmp(a, "-concurrency") && n == 1 &&
               cli_int(words[0], 1, MATCH_CONCURRENCY_MAX, &value)) {
      c->concurrency = value;
    } else if (!strcmp(a, "-maxmoves") && n == 1 && cli_int(words[0], 1, 100000, &value)) {
      c->adjudication.maxmoves = value;
    } else if (!strcmp(a, "-ratinginterval") && n == 1 && cli_int(words[0], 0, 1 << 30, &value)) {
      c->rating_interval = value;
    } else if (!strcmp(a, "-pgnout") && n >= 1) {
      snprintf(c->pgnout, sizeof c->pgnout, "%s", words[0]);
    } else if (!strcmp(a, "-event") && n == 1) {
      snprintf(c->event, sizeof c->event, "%s", words[0]);
    } else if (!strcmp(a, "-tournament") && n == 1 &&
               (!strcmp(words[0], "round-robin") || !strcmp(words[0], "gauntlet"))) {
      c->tournament = !strcmp(words[0], "gauntlet") ? TOURNAMENT_GAUNTLET : TOURNAMENT_ROUND_ROBIN;
    } else if (!strcmp(a, "-openings")) {
      if (cli_openings(c, n, words, err) != 0) return -1;
    } else if (!strcmp(a, "-sprt")) {
      if (cli_sprt(c, n, words, err) != 0) return -1;
    } else if (!strcmp(a, "-draw") || !strcmp(a, "-resign")) {
      if (cli_adjudication(c, !strcmp(a, "-draw"), n, words, err) != 0) return -1;
    } else if (!strcmp(a, "-debug") && n == 0) {
      c->debug = true;
    } else if (!strcmp(a, "-recover") && n == 0) {
      /* Always on: a crashed engine is restarted. Accepted for cutechess users. */
    } else {
      return cli_usage(err, "bad or misplaced option '%s'", a);
    }
    i += n;
  }
  if (c->engine_count < 2) return cli_usage(err, "%s", "needs at least two -engine");
  for (int e = 0; e < c->engine_count; e++) {
    EngineSpec *s = &c->engines[e];
    engine_spec_init(s);
    char msg[256];
    for (int k = 0; k < each_n + own_n[e]; k++) {
      const char *setting = k < each_n ? each[k] : own[e][k - each_n];
      if (!engine_spec_set(s, setting, msg, sizeof msg)) return cli_usage(err, "%s", msg);
    }
    if (!s->cmd[0]) return cli_usage(err, "%s", "every -engine needs cmd=");
    if (!s->name[0]) {
      const char *base = strrchr(s->cmd, '/');
      snprintf(s->name, sizeof s->name, "%.100s", base ? base + 1 : s->cmd);
    }
    if (!engine_spec_limited(s))
      return cli_usage(err, "engine '%s' has no limit: give tc=, st=, depth= or nodes=", s->name);
  }
  for (int e = 0; e < c->engine_count; e++)
    for (int f = 0; f < e; f++)
      if (!strcmp(c->engines[e].name, c->engines[f].name)) {
        /* Names tell the engines apart in the PGN and the statistics. */
        size_t len = strlen(c->engines[e].name);
        snprintf(c->engines[e].name + (len < 100 ? len : 100),
                 sizeof c->engines[e].name - (len < 100 ? len : 100), "-%d", e + 1);
      }
  if (c->sprt_on && c->engine_count != 2)
    return cli_usage(err, "%s", "-sprt needs exactly two engines");
  return 0;
}
