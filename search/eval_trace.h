/* eval_trace.h — the evaluation as a linear function of its parameters, for
 * tuning. eval_position_trace() is eval.c compiled a second time with every
 * parameter's contribution recorded (the engine's eval_position carries no
 * trace code). What no parameter explains (mop-up, bare-royal terms) is kept
 * as a constant, so eval_trace_linear() reproduces the evaluation up to
 * integer rounding: White's score = constant + sum coef[i] * param[index[i]].
 */
#ifndef CHIMERA_SEARCH_EVAL_TRACE_H
#define CHIMERA_SEARCH_EVAL_TRACE_H

#include <stdbool.h>

#include "board/position.h"
#include "search/eval_tables.h"

#define EVAL_TRACE_MAX 4096

typedef struct {
  int count;
  bool overflow; /* more contributions than EVAL_TRACE_MAX: unusable */
  int index[EVAL_TRACE_MAX];
  float coef[EVAL_TRACE_MAX];
  unsigned char kind[EVAL_TRACE_MAX]; /* EvalKind */
  double rest_mg, rest_eg, rest_goal; /* White's view, not from parameters */
  int phase, phase_total;
  double scale; /* the move-count rule's factor, 1 without */
  bool white_to_move;
} EvalTrace;

/* The engine's evaluation, side to move's view (also in search_internal.h). */
int eval_position(const Position *pos, const EvalTables *tables);

/* The evaluation (side to move's view, as eval_position) and its trace. */
int eval_position_trace(const Position *pos, const EvalTables *tables, EvalTrace *trace);

/* The trace as White's score = *constant + sum coef[i] * param[index[i]]
 * (indices distinct, sorted; index and coef hold EVAL_TRACE_MAX + 1); returns
 * the number of terms, or -1 when the trace overflowed. */
int eval_trace_linear(const EvalTrace *trace, int *index, float *coef, float *constant);

/* Used by eval.c's traced build. */
void eval_trace_clear(EvalTrace *trace);
void eval_trace_add(EvalTrace *trace, int index, double coef, EvalKind kind);
void eval_trace_finish(EvalTrace *trace, const EvalTables *tables, int mg, int eg, int goal,
                       int phase, int phase_total);

#endif
