/* inline_variant.h — a one-variant library built from piece definitions and
 * a FEN (8x8 unless told, royal K), for tests that count a piece's moves on a
 * position. Written once for the MBN-flag, MBN-audit and betza: tests, which
 * need the same loader and the same "moves from this square" listing. */
#ifndef CHIMERA_TESTS_INLINE_VARIANT_H
#define CHIMERA_TESTS_INLINE_VARIANT_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "mbn/variant_library.h"

/* The position of variant [v] (board such as "8x8", royal K, `pieces`) in
 * `setup`, or at `fen` when it is not NULL; the variant must compile. NULL
 * with the board's message in err if the board refuses it. */
static inline Position *iv_position_on(const char *board, const char *pieces, const char *setup,
                                       const char *fen, VariantLibrary **lib, char *err,
                                       size_t errlen) {
  char text[1024];
  snprintf(text, sizeof text, "[v]\nboard = %s\nsetup = %s\npieces = %s\nrules = royal{K}\n", board,
           setup, pieces);
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
