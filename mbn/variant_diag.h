/* variant_diag.h — error messages about variant files, in file:line:col form.
 *
 * Every problem found in a variant file (syntax, unknown key or rule, bad
 * FEN, missing parent ...) becomes one formatted line here; nothing is
 * printed while parsing, so a caller (chimera check, the UCI front end, a
 * unit test) decides where the messages go and can count them.
 */
#ifndef CHIMERA_MBN_VARIANT_DIAG_H
#define CHIMERA_MBN_VARIANT_DIAG_H

#include <stdbool.h>
#include <stdio.h>

/* A place in a source text: file name (not owned), 1-based line and column. */
typedef struct {
  const char *file;
  int line;
  int col;
} VariantPos;

/* A growing list of formatted messages "file:line:col: message". */
typedef struct {
  char **items;
  int count;
  int capacity;
} VariantDiagnostics;

/* Appends "file:line:col: " + the printf-formatted message. */
void variant_diag_add(VariantDiagnostics *diags, VariantPos pos, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Appends a message that already carries its own position prefix. */
void variant_diag_add_raw(VariantDiagnostics *diags, const char *message);

/* Writes a quoted excerpt of text (at most max_len bytes, stopping at white
 * space if stop_at_space) into out, escaping control bytes, for messages
 * that must quote the offending text. */
void variant_diag_quote(char *out, size_t out_size, const char *text, size_t max_len,
                        bool stop_at_space);

/* Prints one message per line. */
void variant_diag_print(const VariantDiagnostics *diags, FILE *out);

void variant_diag_free(VariantDiagnostics *diags);

#endif
