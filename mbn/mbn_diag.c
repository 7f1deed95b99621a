/* mbn_diag.c — the diagnostics list: every error of the MBN compiler (and
 * of the variant loader) is one entry "source:line:col: message" plus the
 * text near it, so a user can find and fix it without a debugger. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/mbn.h"

void mbn_diagnostics_add(MbnDiagnostics *diags, const char *source, int line, int col,
                         const char *near, const char *format, ...) {
  if (!diags || diags->count >= 1000) return; /* enough to fix; bounded memory */
  if (diags->count == diags->capacity) {
    int capacity = diags->capacity ? diags->capacity * 2 : 8;
    MbnDiagnostic *items = realloc(diags->items, (size_t)capacity * sizeof *items);
    if (!items) return; /* out of memory: drop the message rather than crash */
    diags->items = items;
    diags->capacity = capacity;
  }
  MbnDiagnostic *d = &diags->items[diags->count++];
  memset(d, 0, sizeof *d);
  snprintf(d->source, sizeof d->source, "%s", source ? source : "<mbn>");
  d->line = line;
  d->col = col;
  snprintf(d->near, sizeof d->near, "%s", near ? near : "");
  va_list args;
  va_start(args, format);
  vsnprintf(d->message, sizeof d->message, format, args);
  va_end(args);
}

void mbn_diagnostics_print(const MbnDiagnostics *diags, FILE *out) {
  for (int i = 0; diags && i < diags->count; i++) {
    const MbnDiagnostic *d = &diags->items[i];
    fprintf(out, "%s:%d:%d: %s\n", d->source, d->line, d->col, d->message);
    if (d->near[0]) fprintf(out, "  near '%s'\n", d->near);
  }
}

void mbn_diagnostics_free(MbnDiagnostics *diags) {
  free(diags->items);
  memset(diags, 0, sizeof *diags);
}
