/* tune.h — `chimera tune` (docs/tune.md): evaluation weights learned per
 * variant by Texel's method.
 *
 *   tune_play: self-play games at a fixed depth (or nodes) from match/'s
 *     balanced random openings; every searched position out of check is
 *     resolved by a capture-only quiescence search and its quiet leaf kept,
 *     with the game's result and the search's score. Appended to a text file
 *     one game at a time, so an interrupted run resumes where it stopped.
 *   TuneData: positions as the evaluation's linear form (eval_trace.h).
 *   tune_fit: logistic regression of the result (blended with the search
 *     score) on the evaluation: the scaling constant first, then Adam over
 *     every parameter, a held-out validation set and early stopping.
 * Deterministic for a seed whatever the thread count: games are numbered,
 * written in order, and gradients are summed in a fixed order of chunks.
 */
#ifndef CHIMERA_TUNE_TUNE_H
#define CHIMERA_TUNE_TUNE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "board/position.h"
#include "board/rules_end.h"
#include "match/engine_spec.h"
#include "search/eval_tables.h"

/* Threads of play, labelling and fit at most (--threads). */
#define TUNE_THREADS_MAX 64

typedef struct {
  uint64_t seed;
  int games; /* games wanted in the data file (those already there count) */
  int depth; /* search depth per move; 0: use nodes */
  uint64_t nodes;
  int opening_plies;
  int max_plies; /* a longer game is a draw */
  int threads;
} TunePlaySpec;

/* Whether a self-play game has ended at pos, by the variant's rules: the
 * result for the side to move, RESULT_NONE while it goes on. keys[i] is the
 * key of the position before the i-th of the plies moves played, checks[i]
 * whether its side to move was in check, checks[plies] the current
 * position's (pos_repetition_end), moves[i] the i-th move
 * (pos_move_repetition_end). (The adjudications by score and length are
 * tune_play's own.) */
GameResult tune_game_result(const Position *pos, const uint64_t *keys, const bool *checks,
                            const MovePly *moves, int plies);

/* Plays the missing games into data_path; 0, or -1 with a message on err. */
int tune_play(const Variant *variant, const TunePlaySpec *spec, const char *data_path, FILE *err);

/* The teacher: an engine whose search scores replace the self-play scores
 * (tune_teacher.c). */
typedef struct {
  EngineSpec engine; /* match/'s `-engine` settings: cmd=, proto=, depth=, nodes=, st=, option.N= */
  int threads;       /* teachers running at once */
} TuneTeachSpec;

/* Writes data_path's lines to out_path with the teacher's scores (White's
 * view, ±999 at most) in place of the self-play ones, resuming after the whole
 * lines out_path already holds; 0, or -1 with a message on err. */
int tune_teach(const Variant *variant, const TuneTeachSpec *spec, const char *data_path,
               const char *out_path, FILE *err);

/* Positions as sparse rows: White's evaluation = constant + sum coef * param[index]. */
typedef struct {
  int count, capacity;
  int *row_start; /* count + 1 entries into index/coef */
  int *index;
  float *coef;
  int terms, terms_capacity;
  float *constant, *result, *score; /* result 1/0.5/0 and score, White's view */
  int *game;     /* the game a position comes from (validation holds out games) */
  int next_game; /* tune_data_add's positions go to this game */
} TuneData;

void tune_data_init(TuneData *data);
void tune_data_free(TuneData *data);
/* Adds a position (traced with `tables`); false if out of memory or the trace overflowed. */
bool tune_data_add(TuneData *data, const Position *pos, const EvalTables *tables, float result,
                   float score);
/* Splits a data line `RESULT SCORE FEN` (RESULT 0, 0.5 or 1, SCORE an
 * integer); false for anything else, comment (`#`) and empty lines included.
 * The FEN is not checked here. */
bool tune_data_line_parse(const char *line, double *result, long *score, const char **fen);
/* Reads a data file written by tune_play; -1 with a message on err. Returns positions read. */
int tune_data_load(TuneData *data, const Variant *variant, const EvalTables *tables,
                   const char *path, FILE *err);

typedef struct {
  uint64_t seed;
  double lambda;     /* weight of the search score in the target, 0..1 */
  double validation; /* fraction of games held out */
  double rate;       /* Adam step, centipawns */
  double l2;         /* pull towards the starting values: loss += l2 * sum (w - w0)^2 */
  int epochs, patience;
  int threads;
  const bool *trainable;  /* per parameter; NULL: all */
  const char *checkpoint; /* weights file written as the fit improves, or NULL */
  FILE *progress;         /* or NULL */
} TuneFitSpec;

typedef struct {
  double k; /* scaling: P(White wins) = 1 / (1 + exp(-eval / k)) */
  double start_loss, train_loss, valid_loss;
  int epochs, best_epoch;
} TuneFitResult;

void tune_fit_defaults(TuneFitSpec *spec);
/* Fits tables->param (start: its current values) and applies the best
 * (lowest validation loss) rounded parameters. False when out of memory or
 * with fewer than 10 positions. */
bool tune_fit(EvalTables *tables, const TuneData *data, const TuneFitSpec *spec,
              TuneFitResult *result);

/* `chimera tune` */
int tune_cmd_run(int argc, char *const *argv, FILE *out, FILE *err);

#endif
