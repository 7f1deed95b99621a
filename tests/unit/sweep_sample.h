/* sweep_sample.h — how much of a whole-library sweep a test run takes. The
 * sweeps (every oracle position and the positions one move after it, or
 * random games of every shipped variant) take seconds in Release and too
 * long under the sanitizers, so there CTest sets CHIMERA_SWEEP_EVERY=N
 * (tests/CMakeLists.txt): a sweep then takes, of each variant's positions
 * in file order, the first and every N-th after it (deterministic; every
 * variant is still visited), and bounds its other loops (games, plies, a
 * position's moves) by the limits its caller names. Unset (Release):
 * everything. Header-only, without Check, so tests/perft/ can use it too. */
#ifndef CHIMERA_TESTS_SWEEP_SAMPLE_H
#define CHIMERA_TESTS_SWEEP_SAMPLE_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define SWEEP_VARIANTS_MAX 1024
#define SWEEP_NAME_MAX     64

/* N of CHIMERA_SWEEP_EVERY, 1 when unset or not a number above 1. */
static inline int sweep_every(void) {
  const char *text = getenv("CHIMERA_SWEEP_EVERY");
  int every = text ? atoi(text) : 1;
  return every > 1 ? every : 1;
}

/* A count of the positions seen so far per variant. */
typedef struct {
  int every;
  int variants;
  char name[SWEEP_VARIANTS_MAX][SWEEP_NAME_MAX];
  long seen[SWEEP_VARIANTS_MAX];
} SweepSample;

/* Allocated, since it is large; free() it. */
static inline SweepSample *sweep_sample_new(void) {
  SweepSample *s = calloc(1, sizeof *s);
  if (!s) abort();
  s->every = sweep_every();
  return s;
}

/* Whether the sweep takes the next position of `variant`: all of them
 * without sampling; with it, a variant's first, (N+1)-th, (2N+1)-th, ... */
static inline bool sweep_takes(SweepSample *s, const char *variant) {
  if (s->every == 1) return true;
  int i = 0;
  while (i < s->variants && strncmp(s->name[i], variant, SWEEP_NAME_MAX - 1)) i++;
  if (i == s->variants) {
    if (i == SWEEP_VARIANTS_MAX) return true; /* more variants than counted: take them */
    size_t len = strnlen(variant, SWEEP_NAME_MAX - 1);
    memcpy(s->name[i], variant, len);
    s->name[i][len] = '\0';
    s->variants++;
  }
  return s->seen[i]++ % s->every == 0;
}

/* A loop of `count` turns (games, plies, the moves of a position) a sweep
 * makes: all of them without sampling; with it, at most `limit`. */
static inline int sweep_limit(int count, int limit) {
  return sweep_every() > 1 && count > limit ? limit : count;
}

/* The step through `count` moves that visits at most `limit` of them under
 * the sanitizers, and every one otherwise. */
static inline int sweep_stride(int count, int limit) {
  int visits = sweep_limit(count, limit);
  return visits > 0 ? (count + visits - 1) / visits : 1;
}

#endif
