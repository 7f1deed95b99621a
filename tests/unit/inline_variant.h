/* inline_variant.h — a one-variant library built from piece definitions and
 * a FEN (8x8 unless told, royal K), for tests that count a piece's moves on a
 * position. Written once for the MBN-flag, MBN-audit, betza:, setup-operator
 * and flip tests, which need the same loaders and the same move listings. */
#ifndef CHIMERA_TESTS_INLINE_VARIANT_H
#define CHIMERA_TESTS_INLINE_VARIANT_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "board/tables.h"
#include "mbn/variant_library.h"

/* The position of variant [v] (board such as "8x8", `pieces`, `rules`) in
 * `setup`, or at `fen` when it is not NULL; the variant must compile. NULL
 * with the board's message in err if the board refuses it. */
static inline Position *iv_position_ruled(const char *board, const char *pieces, const char *rules,
                                          const char *setup, const char *fen, VariantLibrary **lib,
                                          char *err, size_t errlen) {
  char text[1024];
  snprintf(text, sizeof text, "[v]\nboard = %s\nsetup = %s\npieces = %s\nrules = %s\n", board,
           setup, pieces, rules);
  VariantDiagnostics diags = {0};
  *lib = library_new();
  library_add_text(*lib, "v.var", text, &diags);
  library_compile(*lib, &diags);
  ck_assert_msg(diags.count == 0, "%s", diags.count ? diags.items[0] : "");
  variant_diag_free(&diags);
  Position *pos = pos_new(library_find(*lib, "v"), err, errlen);
  if (pos && fen) ck_assert_msg(pos_set_fen(pos, fen, err, errlen), "%s: %s", fen, err);
  return pos;
}

/* The same with royal K as the only rule. */
static inline Position *iv_position_on(const char *board, const char *pieces, const char *setup,
                                       const char *fen, VariantLibrary **lib, char *err,
                                       size_t errlen) {
  return iv_position_ruled(board, pieces, "royal{K}", setup, fen, lib, err, errlen);
}

/* iv_position_on for a variant the board must accept. */
static inline Position *iv_position_on_ok(const char *board, const char *pieces, const char *setup,
                                          const char *fen, VariantLibrary **lib) {
  char err[256];
  Position *pos = iv_position_on(board, pieces, setup, fen, lib, err, sizeof err);
  ck_assert_msg(pos != NULL, "%s: %s", pieces, err);
  return pos;
}

/* The same on 8x8, set up and placed at fen. */
static inline Position *iv_position(const char *pieces, const char *fen, VariantLibrary **lib,
                                    char *err, size_t errlen) {
  return iv_position_on("8x8", pieces, fen, fen, lib, err, errlen);
}

static inline Position *iv_position_ok(const char *pieces, const char *fen, VariantLibrary **lib) {
  return iv_position_on_ok("8x8", pieces, fen, fen, lib);
}

static inline void iv_done(Position *pos, VariantLibrary *lib) {
  pos_free(pos);
  library_free(lib);
}

/* A variant that may be refused: royal K, Z=mfW (Black's Zs in a test's
 * FEN are blocked pawns that never capture) and X as given, set up at fen
 * on 8x8. NULL and the first error (the compiler's or the board's) in
 * `error` if it cannot be played. */
static inline Position *iv_x_position(const char *x, const char *fen, VariantLibrary **lib,
                                      char *error, size_t size) {
  char text[1024], err[256];
  snprintf(text, sizeof text,
           "[v]\nboard = 8x8\nsetup = %s\npieces = K Z=mfW X=%s\nrules = royal{K}\n", fen, x);
  VariantDiagnostics diags = {0};
  *lib = library_new();
  library_add_text(*lib, "v.var", text, &diags);
  library_compile(*lib, &diags);
  const Variant *v = library_find(*lib, "v");
  Position *pos = v && !diags.count ? pos_new(v, err, sizeof err) : NULL;
  snprintf(error, size, "%s", diags.count ? diags.items[0] : pos ? "" : err);
  variant_diag_free(&diags);
  return pos;
}

static inline int iv_text_order(const void *a, const void *b) {
  return strcmp((const char *)a, (const char *)b);
}

/* All legal moves' texts, sorted, space-separated. */
static inline void iv_legal_texts(Position *pos, char *out, size_t size) {
  MoveList *list = malloc(sizeof *list);
  int n = gen_legal_moves(pos, list);
  char(*texts)[MOVE_TEXT_MAX] = malloc(sizeof *texts * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++) move_to_text(pos, list->moves[i], texts[i], MOVE_TEXT_MAX);
  qsort(texts, (size_t)n, sizeof *texts, iv_text_order);
  out[0] = '\0';
  for (int i = 0; i < n; i++) {
    strncat(out, texts[i], size - strlen(out) - 1);
    if (i + 1 < n) strncat(out, " ", size - strlen(out) - 1);
  }
  free(texts);
  free(list);
}

/* Plays the legal move written `text` (its text read back the same), checks
 * the FEN after it and the key against a fresh computation, takes it back
 * and checks FEN and key again. Returns the move. */
static inline Move iv_make_check(Position *pos, const char *text, const char *fen_after) {
  char err[256], before[512], fen[512], back[MOVE_TEXT_MAX];
  Move m = move_from_text(pos, text, err, sizeof err);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s: %s", text, err);
  move_to_text(pos, m, back, sizeof back);
  ck_assert_str_eq(back, text);
  pos_get_fen(pos, before, sizeof before);
  uint64_t key = pos->st.key;
  Undo undo;
  pos_make_move(pos, m, &undo);
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, fen_after);
  ck_assert(pos->st.key == pos_compute_key(pos));
  pos_unmake_move(pos, &undo);
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, before);
  ck_assert(pos->st.key == key);
  return m;
}

/* The legal moves from square `from` (any board: "d4", "r19") as
 * "d4d5 d4d6 ..." in the order generated, and how many. */
static inline int iv_moves_from(const Position *pos, const char *from, char *out, size_t outlen) {
  MoveList *list = malloc(sizeof *list);
  int n = gen_legal_moves(pos, list), count = 0;
  size_t len = 0, from_len = strlen(from);
  if (outlen) out[0] = '\0';
  for (int i = 0; i < n; i++) {
    char m[MOVE_TEXT_MAX];
    move_to_text(pos, list->moves[i], m, sizeof m);
    if (strncmp(m, from, from_len) || (m[from_len] >= '0' && m[from_len] <= '9')) continue;
    count++;
    if (len + strlen(m) + 2 < outlen) len += (size_t)snprintf(out + len, outlen - len, "%s ", m);
  }
  free(list);
  return count;
}

#endif
