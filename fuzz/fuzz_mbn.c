/* fuzz_mbn.c — libFuzzer target for the MBN front end: lexer, parser,
 * lowering, builder and the empty-board walker. Any input must produce
 * either a compiled variant or diagnostics, never a crash, hang, leak or
 * sanitizer report. Built by fuzz/run.sh, not by the default build. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/mbn.h"
#include "mbn/mbn_ast.h"
#include "mbn/mbn_walk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Prints every definition of text; returns false if it does not parse. */
static bool print_all(const char *text, char *out, size_t size) {
  Arena arena = {0};
  AstProgram prog;
  MbnDiagnostics diags = {0};
  MbnSourcePos where = {"fuzz", 1, 1};
  bool ok = mbn_parse_program(text, where, &arena, &prog, &diags);
  size_t n = 0;
  out[0] = '\0';
  for (int i = 0; ok && i < prog.count && n + 1 < size; i++) {
    if (i) out[n++] = ' ';
    int k = mbn_print_definition(&prog.defs[i], out + n, size - n);
    n += (size_t)k < size - n ? (size_t)k : size - n - 1;
  }
  mbn_diagnostics_free(&diags);
  arena_free(&arena);
  return ok;
}

/* parse -> print -> parse -> print must reach a fixed point. */
static void check_round_trip(const char *text) {
  static char once[65536], twice[65536];
  if (!print_all(text, once, sizeof once)) return;
  if (!print_all(once, twice, sizeof twice)) abort();
  if (strcmp(once, twice)) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096) return 0;
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = '\0';
  Variant *v = calloc(1, sizeof *v);
  /* The first byte picks a board, so small and odd shapes are covered too;
   * bytes from 144 give it 3 levels (board transitions). */
  int files = size ? 1 + data[0] % 12 : 8, ranks = size ? 1 + (data[0] / 12) % 12 : 8;
  int levels = size && data[0] >= 144 ? 3 : 1;
  v->shape.files = files;
  v->shape.ranks = ranks;
  v->shape.levels = levels;
  check_round_trip(size ? text + 1 : text);
  MbnDiagnostics diags = {0};
  MbnSourcePos where = {"fuzz", 1, 1};
  if (mbn_compile_pieces(v, size ? text + 1 : text, where, &diags)) {
    uint8_t reach[144 * 3];
    for (int t = 0; t < v->piece_count; t++)
      for (int c = 0; c < COLOR_NB; c++) {
        const MoveProgram *p = &v->pieces[t].moves[c];
        for (int i = 0; i < p->leg_count; i++)
          if (p->legs[i].first_child + p->legs[i].child_count > p->child_link_count) abort();
        for (int i = 0; i < p->child_link_count; i++)
          if (p->children[i] >= p->leg_count) abort();
        mbn_walk_empty(v, t, (Color)c, (files * ranks * levels) / 2, reach);
      }
  } else if (diags.count == 0) {
    abort(); /* a failure must always say why */
  }
  mbn_diagnostics_free(&diags);
  variant_free(v);
  free(v);
  free(text);
  return 0;
}
