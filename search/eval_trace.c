/* eval_trace.c — eval.c compiled with EVAL_TRACE (see eval_trace.h), and
 * the trace turned into a linear form for `chimera tune`.
 */
#define EVAL_TRACE 1
#include "search/eval.c" /* NOLINT: the same evaluation, traced */

#include <string.h>

void eval_trace_clear(EvalTrace *trace) {
  trace->count = 0;
  trace->overflow = false;
  trace->rest_mg = trace->rest_eg = trace->rest_goal = 0;
  trace->phase = trace->phase_total = 1;
  trace->scale = 1.0;
  trace->white_to_move = true;
}

void eval_trace_add(EvalTrace *trace, int index, double coef, EvalKind kind) {
  if (coef == 0) return;
  if (trace->count == EVAL_TRACE_MAX) {
    trace->overflow = true;
    return;
  }
  trace->index[trace->count] = index;
  trace->coef[trace->count] = (float)coef;
  trace->kind[trace->count] = (unsigned char)kind;
  trace->count++;
}

/* What the parameters do not explain is the rest (mg, eg, goal). */
void eval_trace_finish(EvalTrace *trace, const EvalTables *tables, int mg, int eg, int goal,
                       int phase, int phase_total) {
  double pmg = 0, peg = 0, pgoal = 0;
  for (int i = 0; i < trace->count; i++) {
    double v = (double)trace->coef[i] * tables->param[trace->index[i]];
    switch (trace->kind[i]) {
    case EVAL_KIND_MG: pmg += v; break;
    case EVAL_KIND_EG: peg += v; break;
    case EVAL_KIND_BOTH: pmg += v, peg += v; break;
    default: pgoal += v; break;
    }
  }
  trace->rest_mg = mg - pmg;
  trace->rest_eg = eg - peg;
  trace->rest_goal = goal - pgoal;
  trace->phase = phase;
  trace->phase_total = phase_total;
}

static int compare_key(const void *a, const void *b) {
  long long x = *(const long long *)a, y = *(const long long *)b;
  return (x > y) - (x < y);
}

int eval_trace_linear(const EvalTrace *trace, int *index, float *coef, float *constant) {
  if (trace->overflow) return -1;
  double rho = (double)trace->phase / trace->phase_total, s = trace->scale;
  /* Sort the contributions by parameter index (then trace order), merge equal ones. */
  long long keys[EVAL_TRACE_MAX];
  int n = trace->count;
  for (int i = 0; i < n; i++) keys[i] = (long long)trace->index[i] * EVAL_TRACE_MAX + i;
  qsort(keys, (size_t)n, sizeof keys[0], compare_key);
  int out = 0;
  for (int k = 0; k < n; k++) {
    int i = (int)(keys[k] % EVAL_TRACE_MAX);
    double c = trace->coef[i];
    switch (trace->kind[i]) {
    case EVAL_KIND_MG: c *= rho * s; break;
    case EVAL_KIND_EG: c *= (1 - rho) * s; break;
    default: c *= s; break;
    }
    if (out && index[out - 1] == trace->index[i])
      coef[out - 1] += (float)c;
    else
      index[out] = trace->index[i], coef[out] = (float)c, out++;
  }
  /* Tempo: for the side to move, after the move-count rule's scaling. */
  int t = 0;
  while (t < out && index[t] < EW_TEMPO) t++;
  if (t < out && index[t] == EW_TEMPO)
    coef[t] += trace->white_to_move ? 1.0f : -1.0f;
  else {
    memmove(index + t + 1, index + t, sizeof *index * (size_t)(out - t));
    memmove(coef + t + 1, coef + t, sizeof *coef * (size_t)(out - t));
    index[t] = EW_TEMPO, coef[t] = trace->white_to_move ? 1.0f : -1.0f, out++;
  }
  *constant = (float)(s * (trace->rest_mg * rho + trace->rest_eg * (1 - rho) + trace->rest_goal));
  return out;
}
