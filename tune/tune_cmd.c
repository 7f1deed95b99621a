/* tune_cmd.c — `chimera tune VARIANT [options]` (docs/tune.md): self-play
 * data (tune_play.c), the fit (tune_fit.c), and the weights file out
 * (search/eval_weights.c). Every step reports on stderr; the weights go to
 * --out (stdout for --dump).
 */
#include <stdlib.h>
#include <string.h>

#include "engine/variants_cmd.h"
#include "mbn/variant_library.h"
#include "search/eval_weights.h"
#include "search/search.h"
#include "tune/tune.h"

#define TUNE_USAGE                                                                                 \
  "usage: chimera tune VARIANT [--games N] [--depth D | --nodes N] [--plies N] [--max-plies N]\n"  \
  "         [--seed S] [--threads T] [--data FILE] [--out FILE] [--from FILE] [--derived]\n"       \
  "         [--lambda L] [--epochs N] [--patience N] [--rate R] [--psq-rate R] [--l2 X] "          \
  "[--no-mobility] [--no-play] [--no-fit] [--dump]\n"                                              \
  "         [--teacher SETTING ...] (SETTING as in chimera match -engine: cmd=PROGRAM, depth=D, "  \
  "...)\n"

static bool number_arg(const char *text, double low, double high, double *out) {
  char *end;
  double v = strtod(text, &end);
  if (end == text || *end || v < low || v > high) return false;
  *out = v;
  return true;
}

/* Two stages: first the few well-determined terms (scalars, values, hand),
 * then everything, the piece-square terms included, at psq_rate (0: skip).
 * Adam moves every parameter at about the same speed whatever its gradient,
 * so fitting hundreds of sparse piece-square terms together with the values
 * from the start overfits before the values have moved (chess, 300 games:
 * the validation loss rose after 7 epochs). */
static bool tune_fit_stages(EvalTables *tables, const TuneData *data, const TuneFitSpec *spec,
                            double psq_rate, bool mobility, TuneFitResult *result, FILE *err) {
  bool *trainable = calloc((size_t)tables->param_count, sizeof(bool));
  if (!trainable) return false;
  /* --no-mobility: the mobility weights keep their starting values. */
  int mobility_end = tables->mobility_param + 2 * tables->piece_count;
  for (int i = 0; i < tables->psq_param; i++)
    trainable[i] = mobility || i < tables->mobility_param || i >= mobility_end;
  TuneFitSpec stage = *spec;
  stage.trainable = trainable;
  fprintf(err, "tune: stage 1: scalars, values, hand%s\n", mobility ? ", mobility" : "");
  bool ok = tune_fit(tables, data, &stage, result);
  double start = result->start_loss;
  if (ok && psq_rate > 0) {
    fprintf(err, "tune: stage 2: every parameter%s, rate %g\n", mobility ? "" : " but mobility",
            psq_rate);
    for (int i = tables->psq_param; i < tables->param_count; i++) trainable[i] = true;
    stage.rate = psq_rate;
    ok = tune_fit(tables, data, &stage, result);
    result->start_loss = start;
  }
  free(trainable);
  return ok;
}

/* The options that take a value (the flags are tested one by one below). */
static bool takes_value(const char *option) {
  static const char *const OPTIONS[] = {
      "--data",     "--out",       "--from",     "--games",   "--depth",   "--nodes",
      "--plies",    "--max-plies", "--seed",     "--threads", "--lambda",  "--epochs",
      "--patience", "--rate",      "--psq-rate", "--l2",      "--teacher", NULL};
  for (int i = 0; OPTIONS[i]; i++)
    if (!strcmp(option, OPTIONS[i])) return true;
  return false;
}

int tune_cmd_run(int argc, char *const *argv, FILE *out, FILE *err) {
  TunePlaySpec play = {1, 200, 4, 0, 8, 400, 1};
  TuneFitSpec fit;
  tune_fit_defaults(&fit);
  const char *name = NULL, *data_path = NULL, *out_path = NULL, *from = NULL;
  double psq_rate = 0.25;
  TuneTeachSpec teach = {.threads = 1};
  engine_spec_init(&teach.engine);
  snprintf(teach.engine.name, sizeof teach.engine.name, "teacher");
  bool teacher = false, lambda_given = false;
  char spec_error[256];
  bool no_play = false, no_fit = false, dump = false, derived = false, mobility = true;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    double x = 0;
    bool takes = true;
    if (!strcmp(a, "--no-play"))
      no_play = true, takes = false;
    else if (!strcmp(a, "--no-fit"))
      no_fit = true, takes = false;
    else if (!strcmp(a, "--dump"))
      dump = true, takes = false;
    else if (!strcmp(a, "--no-mobility"))
      mobility = false, takes = false;
    else if (!strcmp(a, "--derived"))
      derived = true, takes = false;
    else if (a[0] != '-' || !a[1]) {
      if (name) {
        fprintf(err, "tune: one variant only ('%s' and '%s')\n%s", name, a, TUNE_USAGE);
        return 2;
      }
      name = a, takes = false;
    } else if (!takes_value(a)) {
      fprintf(err, "tune: unknown option '%s'\n%s", a, TUNE_USAGE);
      return 2;
    } else if (!v) {
      fprintf(err, "tune: %s needs a value\n%s", a, TUNE_USAGE);
      return 2;
    } else if (!strcmp(a, "--data"))
      data_path = v;
    else if (!strcmp(a, "--out"))
      out_path = v;
    else if (!strcmp(a, "--from"))
      from = v;
    else if (!strcmp(a, "--games") && number_arg(v, 0, 10000000, &x))
      play.games = (int)x;
    else if (!strcmp(a, "--depth") && number_arg(v, 0, 64, &x))
      play.depth = (int)x;
    else if (!strcmp(a, "--nodes") && number_arg(v, 1, 1e12, &x))
      play.nodes = (uint64_t)x, play.depth = 0;
    else if (!strcmp(a, "--plies") && number_arg(v, 0, 64, &x))
      play.opening_plies = (int)x;
    else if (!strcmp(a, "--max-plies") && number_arg(v, 1, 1000, &x))
      play.max_plies = (int)x;
    else if (!strcmp(a, "--seed") && number_arg(v, 0, 1e18, &x))
      play.seed = fit.seed = (uint64_t)x;
    else if (!strcmp(a, "--threads") && number_arg(v, 1, TUNE_THREADS_MAX, &x))
      play.threads = fit.threads = teach.threads = (int)x;
    else if (!strcmp(a, "--lambda") && number_arg(v, 0, 1, &x))
      fit.lambda = x, lambda_given = true;
    else if (!strcmp(a, "--teacher")) {
      if (!engine_spec_set(&teach.engine, v, spec_error, sizeof spec_error)) {
        fprintf(err, "tune: --teacher %s: %s\n", v, spec_error);
        return 2;
      }
      teacher = true;
    } else if (!strcmp(a, "--epochs") && number_arg(v, 0, 1e7, &x))
      fit.epochs = (int)x;
    else if (!strcmp(a, "--patience") && number_arg(v, 1, 1e7, &x))
      fit.patience = (int)x;
    else if (!strcmp(a, "--rate") && number_arg(v, 1e-6, 1000, &x))
      fit.rate = x;
    else if (!strcmp(a, "--psq-rate") && number_arg(v, 0, 1000, &x))
      psq_rate = x;
    else if (!strcmp(a, "--l2") && number_arg(v, 0, 1, &x))
      fit.l2 = x;
    else {
      fprintf(err, "tune: bad option or value '%s %s'\n%s", a, v, TUNE_USAGE);
      return 2;
    }
    if (takes) i++;
  }
  if (!name) {
    fprintf(err, "tune: which variant?\n%s", TUNE_USAGE);
    return 2;
  }
  /* A teacher searches each position to a fixed depth, node count or time:
   * a clock would make its scores depend on the order of the positions. */
  if (teacher && (!teach.engine.cmd[0] || teach.engine.tc.base_ms > 0 ||
                  !engine_spec_limited(&teach.engine))) {
    fprintf(err, "tune: the teacher needs cmd= and depth=, nodes= or st= (no tc=)\n");
    return 2;
  }
  /* The teacher's scores are the target unless --lambda says otherwise. */
  if (teacher && !lambda_given) fit.lambda = 1;
  VariantLibrary *lib = engine_library_load(err);
  const Variant *variant = lib ? library_find(lib, name) : NULL;
  if (!variant) {
    fprintf(err, "tune: unknown variant '%s' (chimera variants lists them)\n", name);
    library_free(lib);
    return 1;
  }
  char default_data[512], default_out[512], message[512], taught_path[600];
  snprintf(default_data, sizeof default_data, "%s.tune-data", variant->name);
  snprintf(default_out, sizeof default_out, "%s.txt", variant->name);
  if (!data_path) data_path = default_data;
  if (!out_path) out_path = default_out;
  snprintf(taught_path, sizeof taught_path, "%s.teacher", data_path);
  const char *fit_path = teacher ? taught_path : data_path;
  EvalTables tables;
  bool built =
      derived ? eval_tables_build_derived(&tables, variant) : eval_tables_build(&tables, variant);
  if (!built) {
    fprintf(err, "tune: %s: cannot build the evaluation tables\n", variant->name);
    library_free(lib);
    return 1;
  }
  int status = 0;
  if (from && !eval_weights_read(&tables, from, message, sizeof message)) {
    fprintf(err, "%s\n", message);
    status = 1;
  } else if (dump) {
    eval_weights_write(&tables, out);
  } else {
    if (!no_play && tune_play(variant, &play, data_path, err) != 0) status = 1;
    if (!status && teacher && tune_teach(variant, &teach, data_path, taught_path, err) != 0)
      status = 1;
    if (!status && !no_fit) {
      TuneData data;
      tune_data_init(&data);
      int64_t start = search_clock_ms();
      int rows = tune_data_load(&data, variant, &tables, fit_path, err);
      if (rows >= 0)
        fprintf(err, "tune: %d positions from %s traced in %.1f s\n", rows, fit_path,
                (search_clock_ms() - start) / 1000.0);
      char checkpoint_path[600];
      snprintf(checkpoint_path, sizeof checkpoint_path, "%s.checkpoint", out_path);
      fit.checkpoint = checkpoint_path;
      fit.progress = err;
      TuneFitResult result;
      if (rows < 0) {
        status = 1;
      } else if (!tune_fit_stages(&tables, &data, &fit, psq_rate, mobility, &result, err)) {
        fprintf(err, "tune: the fit needs at least 10 positions (have %d) and memory\n", rows);
        status = 1;
      } else {
        FILE *file = fopen(out_path, "wb");
        if (!file) {
          fprintf(err, "tune: cannot write %s\n", out_path);
          status = 1;
        } else {
          eval_weights_write(&tables, file);
          if (fclose(file) != 0) status = 1;
          remove(checkpoint_path);
          fprintf(err, "tune: wrote %s (k %.1f, validation loss %.6f -> %.6f)\n", out_path,
                  result.k, result.start_loss, result.valid_loss);
        }
      }
      tune_data_free(&data);
    }
  }
  eval_tables_free(&tables);
  library_free(lib);
  return status;
}
