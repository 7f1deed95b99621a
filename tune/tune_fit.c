/* tune_fit.c — Texel's method over the evaluation's linear form (tune.h).
 *
 * A position's White evaluation is E = constant + sum coef * param
 * (eval_trace.h), its predicted White score sigmoid(E / k), the target
 * (1 - lambda) * result + lambda * sigmoid(search score / k), and the loss
 * the mean squared error, plus l2 times the squared distance of the
 * parameters from where they started (few positions must not move a rare
 * piece-square term far). k is fitted first (golden-section search on the
 * training loss with the starting parameters), then Adam moves every
 * trainable parameter, full batch, one step per epoch. A seeded random tenth
 * (spec.validation) is held out: the parameters of the lowest validation
 * loss are kept, and the fit stops after `patience` epochs without a new low.
 *
 * Gradients are summed per chunk of rows (a fixed number of chunks, each
 * summed in row order, then the chunks in order), so the result is the same
 * with any number of threads.
 */
#include <math.h>
#include <stdio.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "search/eval_trace.h"
#include "search/eval_weights.h"
#include "search/search.h"
#include "tune/tune.h"

#define CHUNKS 16

void tune_data_init(TuneData *data) {
  memset(data, 0, sizeof *data);
}

void tune_data_free(TuneData *data) {
  free(data->row_start), free(data->index), free(data->coef);
  free(data->constant), free(data->result), free(data->score), free(data->game);
  memset(data, 0, sizeof *data);
}

static bool grow(void **p, int *capacity, int need, size_t size) {
  if (need <= *capacity) return true;
  int cap = *capacity ? *capacity : 1024;
  while (cap < need) cap *= 2;
  void *q = realloc(*p, (size_t)cap * size);
  if (!q) return false;
  *p = q, *capacity = cap;
  return true;
}

bool tune_data_add(TuneData *data, const Position *pos, const EvalTables *tables, float result,
                   float score) {
  static _Thread_local EvalTrace trace;
  static _Thread_local int index[EVAL_TRACE_MAX + 1];
  static _Thread_local float coef[EVAL_TRACE_MAX + 1];
  eval_position_trace(pos, tables, &trace);
  float constant;
  int n = eval_trace_linear(&trace, index, coef, &constant);
  if (n < 0) return false;
  int rows = data->capacity, terms = data->terms_capacity;
  if (data->count + 2 > rows) {
    int cap = rows;
    if (!grow((void **)&data->row_start, &cap, data->count + 2, sizeof(int))) return false;
    cap = rows;
    if (!grow((void **)&data->constant, &cap, data->count + 2, sizeof(float))) return false;
    cap = rows;
    if (!grow((void **)&data->result, &cap, data->count + 2, sizeof(float))) return false;
    cap = rows;
    if (!grow((void **)&data->score, &cap, data->count + 2, sizeof(float))) return false;
    cap = rows;
    if (!grow((void **)&data->game, &cap, data->count + 2, sizeof(int))) return false;
    data->capacity = cap;
  }
  if (data->terms + n > terms) {
    int cap = terms;
    if (!grow((void **)&data->index, &cap, data->terms + n, sizeof(int))) return false;
    cap = terms;
    if (!grow((void **)&data->coef, &cap, data->terms + n, sizeof(float))) return false;
    data->terms_capacity = cap;
  }
  if (data->count == 0) data->row_start[0] = 0;
  memcpy(data->index + data->terms, index, sizeof(int) * (size_t)n);
  memcpy(data->coef + data->terms, coef, sizeof(float) * (size_t)n);
  data->terms += n;
  data->constant[data->count] = constant;
  data->result[data->count] = result;
  data->score[data->count] = score;
  data->game[data->count] = data->next_game;
  data->count++;
  data->row_start[data->count] = data->terms;
  return true;
}

bool tune_data_line_parse(const char *line, double *result, long *score, const char **fen) {
  if (line[0] == '#') return false;
  char *end;
  *result = strtod(line, &end);
  if (end == line || (*result != 0 && *result != 0.5 && *result != 1)) return false;
  const char *rest = end;
  *score = strtol(rest, &end, 10);
  if (end == rest) return false;
  while (*end == ' ') end++;
  *fen = end;
  return **fen != '\0';
}

int tune_data_load(TuneData *data, const Variant *variant, const EvalTables *tables,
                   const char *path, FILE *err) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    fprintf(err, "tune: cannot open %s\n", path);
    return -1;
  }
  char text[256];
  Position *pos = pos_new(variant, text, sizeof text);
  if (!pos) {
    fprintf(err, "tune: %s: %s\n", variant->name, text);
    fclose(file);
    return -1;
  }
  char line[2048];
  int line_no = 0, read = 0;
  while (fgets(line, sizeof line, file)) {
    line_no++;
    if (!strncmp(line, "# end ", 6)) data->next_game++;
    if (line[0] == '#' || line[0] == '\n') continue;
    line[strcspn(line, "\r\n")] = '\0';
    double result;
    long score;
    const char *fen;
    if (!tune_data_line_parse(line, &result, &score, &fen) ||
        !pos_set_fen(pos, fen, text, sizeof text)) {
      fprintf(err, "%s:%d:1: not 'RESULT SCORE FEN' of %s: %s\n", path, line_no, variant->name,
              line);
      pos_free(pos);
      fclose(file);
      return -1;
    }
    if (tune_data_add(data, pos, tables, (float)result, (float)score)) read++;
  }
  pos_free(pos);
  fclose(file);
  return read;
}

void tune_fit_defaults(TuneFitSpec *spec) {
  memset(spec, 0, sizeof *spec);
  spec->seed = 1;
  spec->lambda = 0.25;
  spec->validation = 0.1;
  spec->rate = 1.0;
  spec->l2 = 1e-7;
  spec->epochs = 3000;
  spec->patience = 100;
  spec->threads = 1;
}

typedef struct {
  const TuneData *data;
  const double *param;
  const unsigned char *valid; /* per row: held out */
  double k, lambda;
  int chunk;      /* this job's chunk */
  double *grad;   /* this chunk's gradient, NULL: loss only */
  double loss[2]; /* training, validation: sums */
  int rows[2];
} Chunk;

static double sigmoid(double x) {
  return 1.0 / (1.0 + exp(-x));
}

static void chunk_run(Chunk *c) {
  const TuneData *d = c->data;
  int begin = (int)((long long)d->count * c->chunk / CHUNKS);
  int end = (int)((long long)d->count * (c->chunk + 1) / CHUNKS);
  c->loss[0] = c->loss[1] = 0;
  c->rows[0] = c->rows[1] = 0;
  for (int r = begin; r < end; r++) {
    double e = d->constant[r];
    for (int i = d->row_start[r]; i < d->row_start[r + 1]; i++)
      e += d->coef[i] * c->param[d->index[i]];
    double p = sigmoid(e / c->k);
    double target = (1 - c->lambda) * d->result[r] + c->lambda * sigmoid(d->score[r] / c->k);
    double diff = p - target;
    int v = c->valid[r];
    c->loss[v] += diff * diff;
    c->rows[v]++;
    if (!c->grad || v) continue;
    double g = 2 * diff * p * (1 - p) / c->k;
    for (int i = d->row_start[r]; i < d->row_start[r + 1]; i++)
      c->grad[d->index[i]] += g * d->coef[i];
  }
}

typedef struct {
  Chunk *chunks;
  int first, step;
} Worker;

static void *worker_run(void *data) {
  Worker *w = data;
  for (int i = w->first; i < CHUNKS; i += w->step) chunk_run(&w->chunks[i]);
  return NULL;
}

/* Losses (mean, training and validation) and, if grad, the training gradient. */
static void evaluate(const TuneData *data, const double *param, const unsigned char *valid,
                     double k, double lambda, double *grads, int param_count, int threads,
                     double *train, double *validation, double *grad) {
  Chunk chunks[CHUNKS];
  for (int i = 0; i < CHUNKS; i++) {
    chunks[i] =
        (Chunk){data,   param, valid, k, lambda, i, grad ? grads + (size_t)i * param_count : NULL,
                {0, 0}, {0, 0}};
    if (grad) memset(chunks[i].grad, 0, sizeof(double) * (size_t)param_count);
  }
  if (threads > CHUNKS) threads = CHUNKS;
  pthread_t ids[CHUNKS];
  Worker workers[CHUNKS];
  int started = 0;
  for (int t = 1; t < threads; t++) {
    workers[t] = (Worker){chunks, t, threads};
    if (!pthread_create(&ids[started], NULL, worker_run, &workers[t]))
      started++;
    else
      for (int i = t; i < CHUNKS; i += threads) chunk_run(&chunks[i]);
  }
  workers[0] = (Worker){chunks, 0, threads};
  worker_run(&workers[0]);
  for (int i = 0; i < started; i++) pthread_join(ids[i], NULL);
  double loss[2] = {0, 0};
  int rows[2] = {0, 0};
  for (int i = 0; i < CHUNKS; i++)
    for (int v = 0; v < 2; v++) loss[v] += chunks[i].loss[v], rows[v] += chunks[i].rows[v];
  *train = rows[0] ? loss[0] / rows[0] : 0;
  *validation = rows[1] ? loss[1] / rows[1] : *train; /* nothing held out: stop on training */
  if (!grad) return;
  memset(grad, 0, sizeof(double) * (size_t)param_count);
  for (int i = 0; i < CHUNKS; i++)
    for (int p = 0; p < param_count; p++) grad[p] += chunks[i].grad[p];
  for (int p = 0; p < param_count; p++) grad[p] /= rows[0] ? rows[0] : 1;
}

/* Writes params (rounded) as a weights file, through a temporary name. */
static void checkpoint(EvalTables *tables, const double *params, const char *path) {
  int n = tables->param_count;
  int *rounded = malloc(sizeof(int) * (size_t)n), *saved = tables->param;
  char tmp[1100];
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  FILE *out = rounded ? fopen(tmp, "wb") : NULL;
  if (out) {
    for (int i = 0; i < n; i++) rounded[i] = (int)lround(params[i]);
    tables->param = rounded;
    eval_weights_write(tables, out);
    tables->param = saved;
    if (fclose(out) == 0) rename(tmp, path);
  }
  free(rounded);
}

bool tune_fit(EvalTables *tables, const TuneData *data, const TuneFitSpec *spec,
              TuneFitResult *result) {
  int n = tables->param_count;
  if (data->count < 10) return false;
  double *param = malloc(sizeof(double) * (size_t)n), *best = malloc(sizeof(double) * (size_t)n);
  double *grad = malloc(sizeof(double) * (size_t)n), *m = calloc((size_t)n, sizeof(double));
  double *v = calloc((size_t)n, sizeof(double)), *origin = malloc(sizeof(double) * (size_t)n);
  double *grads = malloc(sizeof(double) * (size_t)n * CHUNKS);
  double *step = malloc(sizeof(double) * (size_t)n);
  unsigned char *valid = malloc((size_t)data->count);
  bool ok = param && best && grad && m && v && origin && grads && step && valid;
  if (!ok) goto done;
  for (int i = 0; i < n; i++) param[i] = best[i] = origin[i] = tables->param[i];
  /* The held-out rows: whole games (positions of one game are alike, so a
   * held-out position whose neighbours were trained on measures nothing),
   * chosen by a seeded hash of the game number. */
  for (int r = 0; r < data->count; r++) {
    uint64_t h =
        spec->seed * 0x9E3779B97F4A7C15ULL + (uint64_t)data->game[r] * 0xD1B54A32D192ED03ULL;
    h ^= h >> 31, h *= 0xBF58476D1CE4E5B9ULL, h ^= h >> 29;
    valid[r] = (double)(h >> 11) / (double)(1ULL << 53) < spec->validation;
  }
  int threads = spec->threads > 0 ? spec->threads : 1;
  /* 1. k: golden-section search on the training loss against the results
   *    alone (with the search score in the target, a large k would make
   *    prediction and target both 1/2), k in 20..2000. */
  double lo = 20, hi = 2000, train, valid_loss;
  const double golden = 0.6180339887498949;
  for (int it = 0; it < 40; it++) {
    double a = hi - golden * (hi - lo), b = lo + golden * (hi - lo), la, lb;
    evaluate(data, param, valid, a, 0, grads, n, threads, &la, &valid_loss, NULL);
    evaluate(data, param, valid, b, 0, grads, n, threads, &lb, &valid_loss, NULL);
    if (la < lb)
      hi = b;
    else
      lo = a;
  }
  double k = (lo + hi) / 2;
  evaluate(data, param, valid, k, spec->lambda, grads, n, threads, &train, &valid_loss, NULL);
  result->k = k;
  result->start_loss = valid_loss;
  double best_valid = valid_loss;
  int best_epoch = 0, epoch = 0;
  if (spec->progress)
    fprintf(spec->progress, "tune: %d positions (%.0f%% held out), k = %.1f, loss %.6f / %.6f\n",
            data->count, spec->validation * 100, k, train, valid_loss);
  /* 2. Adam, each parameter's step divided by the typical size of its
   *    coefficient (root mean square over the positions it appears in, at
   *    least 1): a value or piece-square term moves the evaluation by about
   *    its own step, but a mobility weight is multiplied by tens of squares
   *    and a king-danger weight by a sum of distances, and at the same step
   *    those overshoot at once (chess with mobility: the validation loss
   *    rose after the first epoch). */
  for (int i = 0; i < n; i++) m[i] = v[i] = 0;
  for (int r = 0; r < data->count; r++)
    for (int j = data->row_start[r]; j < data->row_start[r + 1]; j++) {
      double c = data->coef[j];
      if (c != 0) m[data->index[j]] += c * c, v[data->index[j]] += 1;
    }
  for (int i = 0; i < n; i++) {
    double rms = v[i] > 0 ? sqrt(m[i] / v[i]) : 1;
    step[i] = spec->rate / (rms > 1 ? rms : 1);
    m[i] = v[i] = 0;
  }
  const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  double b1t = 1, b2t = 1;
  int64_t start = search_clock_ms(), last_report = start, last_checkpoint = start;
  for (epoch = 1; epoch <= spec->epochs; epoch++) {
    evaluate(data, param, valid, k, spec->lambda, grads, n, threads, &train, &valid_loss, grad);
    /* The loss is that of the parameters before this epoch's step. */
    if (valid_loss < best_valid) {
      best_valid = valid_loss, best_epoch = epoch - 1;
      memcpy(best, param, sizeof(double) * (size_t)n);
    }
    b1t *= beta1, b2t *= beta2;
    for (int i = 0; i < n; i++) {
      if (spec->trainable && !spec->trainable[i]) continue;
      if (grad[i] == 0 && m[i] == 0) continue;
      grad[i] += 2 * spec->l2 * (param[i] - origin[i]);
      m[i] = beta1 * m[i] + (1 - beta1) * grad[i];
      v[i] = beta2 * v[i] + (1 - beta2) * grad[i] * grad[i];
      param[i] -= step[i] * (m[i] / (1 - b1t)) / (sqrt(v[i] / (1 - b2t)) + eps);
      if (param[i] > 30000) param[i] = 30000;
      if (param[i] < -30000) param[i] = -30000;
    }
    int64_t now = search_clock_ms();
    if (spec->checkpoint && best_epoch == epoch - 1 && now - last_checkpoint >= 10000) {
      checkpoint(tables, best, spec->checkpoint);
      last_checkpoint = now;
    }
    if (spec->progress && now - last_report >= 2000) {
      fprintf(spec->progress, "tune: epoch %d, loss %.6f / %.6f (best %.6f at %d), %.0f s\n", epoch,
              train, valid_loss, best_valid, best_epoch, (now - start) / 1000.0);
      last_report = now;
    }
    if (epoch - 1 - best_epoch >= spec->patience) break;
  }
  /* The kept parameters, rounded as the engine uses them, measured again. */
  int *rounded = malloc(sizeof(int) * (size_t)n);
  if (!rounded) {
    ok = false;
    goto done;
  }
  for (int i = 0; i < n; i++) best[i] = rounded[i] = (int)lround(best[i]);
  evaluate(data, best, valid, k, spec->lambda, grads, n, threads, &train, &valid_loss, NULL);
  memcpy(tables->param, rounded, sizeof(int) * (size_t)n);
  eval_params_apply(tables);
  free(rounded);
  result->train_loss = train;
  result->valid_loss = valid_loss;
  result->epochs = epoch > spec->epochs ? spec->epochs : epoch;
  result->best_epoch = best_epoch;
  if (spec->progress)
    fprintf(spec->progress, "tune: kept epoch %d: loss %.6f / %.6f (start %.6f), %.0f s\n",
            best_epoch, train, valid_loss, result->start_loss,
            (search_clock_ms() - start) / 1000.0);
done:
  free(param), free(best), free(grad), free(m), free(v), free(origin), free(grads), free(step),
      free(valid);
  return ok;
}
