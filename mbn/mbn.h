/* mbn.h — public interface of the MBN piece compiler.
 *
 * mbn_compile_pieces() turns the `pieces` value of a variant file (MBN piece
 * definitions separated by white space: "K Q R B N P", "C=mR+cpR",
 * "+P==QRBN", "@X=...", "O-O=...") into compiled MovePrograms in a Variant.
 * It never crashes or hangs on malformed text: every problem becomes a
 * diagnostic "source:line:col: message" quoting the text near it.
 *
 * Pipeline (one file each): mbn_lex.c (tokens with line/col) -> mbn_parse.c
 * (syntax tree; mbn_print.c prints it back) -> mbn_lower.c and
 * mbn_modifiers.c (macros, basic pieces, modifiers -> leg templates) ->
 * mbn_build.c (templates -> MoveProgram); mbn_compile.c drives it and fills
 * the Variant. docs/mbn.md lists what is supported and every decision.
 */
#ifndef CHIMERA_MBN_MBN_H
#define CHIMERA_MBN_MBN_H

#include <stdbool.h>
#include <stdio.h>

#include "mbn/variant.h"

typedef struct {
  char source[256]; /* file name (or "<mbn>") */
  int line, col;    /* 1-based */
  char message[200];
  char near[48]; /* the text at the error, quoted by mbn_diagnostics_print */
} MbnDiagnostic;

typedef struct {
  MbnDiagnostic *items;
  int count, capacity;
} MbnDiagnostics;

/* Where `text` starts in its file, so diagnostics point into the file. */
typedef struct {
  const char *source;
  int line, col;
} MbnSourcePos;

/* Compiles white-space separated piece definitions for variant->shape (which
 * must be set: files, ranks, levels >= 1). Appends piece types to
 * variant->pieces (in order of first definition), and fills ranges, filters,
 * promotions and rules.castling's files. Returns true on success; on failure
 * appends diagnostics and leaves the variant valid for variant_free(). */
bool mbn_compile_pieces(Variant *variant, const char *text, MbnSourcePos where,
                        MbnDiagnostics *diags);

/* Index of the piece type with this letter ("N", "+P", ":BM:"), or -1. */
int mbn_find_piece(const Variant *variant, const char *letter);

/* Prints every diagnostic as "file:line:col: message\n  near 'text'\n". */
void mbn_diagnostics_print(const MbnDiagnostics *diags, FILE *out);

/* Appends one diagnostic (printf-style message). */
void mbn_diagnostics_add(MbnDiagnostics *diags, const char *source, int line, int col,
                         const char *near, const char *format, ...)
    __attribute__((format(printf, 6, 7)));

void mbn_diagnostics_free(MbnDiagnostics *diags);

/* Frees what mbn_compile_pieces (and the loader) allocated inside a Variant:
 * move programs, ranges, filters, holes, zones, start FEN. Leaves it zeroed. */
void variant_free(Variant *variant);

#endif
