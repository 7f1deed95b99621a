/* mbn_test_util.h — helpers shared by the test_mbn_*.c suites: compile MBN
 * text for a board and list the squares a piece reaches on an empty board,
 * as "d5:m e5:mc ..." in square order (rank 1 first, files a.. within a
 * rank), so expectations can be written down by hand from a diagram. */
#ifndef CHIMERA_TESTS_MBN_TEST_UTIL_H
#define CHIMERA_TESTS_MBN_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/mbn.h"
#include "mbn/mbn_walk.h"

static inline int mtu_square(const Variant *v, const char *name) {
  int file = name[0] - 'a';
  int rank = atoi(name + 1) - 1;
  return rank * v->shape.files + file;
}

/* Compiles `defs` on a files x ranks board; on failure the first diagnostic
 * is copied to `error` (if given) and NULL returned. Caller frees with
 * mtu_free. */
/* On a 4D board (levels_z > 0) of levels_z boards in each of levels / levels_z rows. */
static inline Variant *mtu_compile4(const char *defs, int files, int ranks, int levels,
                                    int levels_z, char *error, size_t error_size) {
  Variant *v = calloc(1, sizeof *v);
  v->shape.files = files;
  v->shape.ranks = ranks;
  v->shape.levels = levels;
  v->shape.levels_z = levels_z;
  MbnDiagnostics d = {0};
  MbnSourcePos where = {"test.var", 1, 1};
  if (!mbn_compile_pieces(v, defs, where, &d)) {
    if (error && d.count)
      if (snprintf(error, error_size, "%d:%d: %s [%s]", d.items[0].line, d.items[0].col,
                   d.items[0].message, d.items[0].near) < 0)
        error[0] = '\0';
    mbn_diagnostics_free(&d);
    variant_free(v);
    free(v);
    return NULL;
  }
  mbn_diagnostics_free(&d);
  return v;
}

static inline Variant *mtu_compile3(const char *defs, int files, int ranks, int levels, char *error,
                                    size_t error_size) {
  return mtu_compile4(defs, files, ranks, levels, 0, error, error_size);
}

static inline Variant *mtu_compile(const char *defs, int files, int ranks, char *error,
                                   size_t error_size) {
  return mtu_compile3(defs, files, ranks, 1, error, error_size);
}

static inline void mtu_free(Variant *v) {
  variant_free(v);
  free(v);
}

/* "c2:mc e2:mc ..." for piece `letter` of `color` standing on `from`. */
static inline const char *mtu_reach(const Variant *v, const char *letter, Color color,
                                    const char *from) {
  static char out[4096];
  uint8_t reach[36 * 36];
  int type = mbn_find_piece(v, letter);
  mbn_walk_empty(v, type, color, mtu_square(v, from), reach);
  size_t n = 0;
  out[0] = '\0';
  for (int sq = 0; sq < v->shape.files * v->shape.ranks; sq++) {
    if (!reach[sq]) continue;
    char kinds[8];
    int k = 0;
    if (reach[sq] & WALK_MOVE) kinds[k++] = 'm';
    if (reach[sq] & WALK_CAPTURE) kinds[k++] = 'c';
    if (reach[sq] & WALK_HOP) kinds[k++] = 'h';
    if (reach[sq] & WALK_AWAY) kinds[k++] = 'a';
    if (reach[sq] & WALK_SPECIAL) kinds[k++] = 's';
    kinds[k] = '\0';
    n += (size_t)snprintf(out + n, sizeof out - n, "%s%c%d:%s", n ? " " : "",
                          'a' + sq % v->shape.files, sq / v->shape.files + 1, kinds);
    if (n >= sizeof out) break;
  }
  return out;
}

/* Only the squares, without kinds: "c2 e2 ...". */
static inline const char *mtu_squares(const Variant *v, const char *letter, Color color,
                                      const char *from) {
  static char out[4096];
  const char *full = mtu_reach(v, letter, color, from);
  size_t n = 0;
  for (const char *p = full; *p;) {
    while (*p && *p != ':') out[n++] = *p++;
    while (*p && *p != ' ') p++;
    if (*p) out[n++] = *p++;
  }
  out[n] = '\0';
  return out;
}

#endif
