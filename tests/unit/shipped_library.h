/* shipped_library.h — the variant library as shipped in variants/, for unit
 * tests (header-only, like board_fixture.h). Loading fails the test on any
 * diagnostic, printing them, so a broken variant file cannot make a board
 * test pass on a half-loaded library. */
#ifndef CHIMERA_TESTS_SHIPPED_LIBRARY_H
#define CHIMERA_TESTS_SHIPPED_LIBRARY_H

#include <check.h>
#include <stdio.h>

#include "board/movetext.h"
#include "board/position.h"
#include "mbn/variant_library.h"

static inline VariantLibrary *shipped_library_load(void) {
  VariantDiagnostics diags = {0};
  VariantLibrary *lib = library_new();
  library_add_path(lib, CHIMERA_VARIANT_DIR, &diags);
  library_compile(lib, &diags);
  for (int i = 0; i < diags.count; i++) fprintf(stderr, "%s\n", diags.items[i]);
  ck_assert_int_eq(diags.count, 0);
  variant_diag_free(&diags);
  return lib;
}

/* A position of a shipped variant, at its start or at FEN (NULL: start). */
static inline Position *shipped_position(const VariantLibrary *lib, const char *variant,
                                         const char *fen) {
  const Variant *v = library_find(lib, variant);
  ck_assert_msg(v != NULL, "variant %s not shipped", variant);
  char err[256] = "";
  Position *pos = pos_new(v, err, sizeof err);
  ck_assert_msg(pos != NULL, "%s: %s", variant, err);
  if (fen) ck_assert_msg(pos_set_fen(pos, fen, err, sizeof err), "%s: %s", fen, err);
  return pos;
}

/* Plays a move given as text, which must parse and write back the same,
 * and leave a consistent position (undo: for pos_unmake_move). */
static inline void shipped_play(Position *pos, const char *text, Undo *undo) {
  char err[128] = "";
  Move m = move_from_text(pos, text, err, sizeof err);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s: %s", text, err);
  char back[MOVE_TEXT_MAX];
  move_to_text(pos, m, back, sizeof back);
  ck_assert_str_eq(back, text);
  pos_make_move(pos, m, undo);
  ck_assert(pos_is_ok(pos));
}

#endif
