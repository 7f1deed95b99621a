/* variant_diag.c — the list of file:line:col messages (see variant_diag.h). */
#include "mbn/variant_diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void variant_diag_push(VariantDiagnostics *diags, char *message) {
  if (diags->count == diags->capacity) {
    int capacity = diags->capacity ? diags->capacity * 2 : 16;
    char **items = realloc(diags->items, (size_t)capacity * sizeof *items);
    if (!items) {
      free(message);
      return;
    }
    diags->items = items;
    diags->capacity = capacity;
  }
  diags->items[diags->count++] = message;
}

void variant_diag_add(VariantDiagnostics *diags, VariantPos pos, const char *format, ...) {
  if (!diags) return;
  char body[1024];
  va_list args;
  va_start(args, format);
  vsnprintf(body, sizeof body, format, args);
  va_end(args);
  size_t size = strlen(body) + (pos.file ? strlen(pos.file) : 0) + 48;
  char *message = malloc(size);
  if (!message) return;
  snprintf(message, size, "%s:%d:%d: %s", pos.file ? pos.file : "<text>", pos.line, pos.col, body);
  variant_diag_push(diags, message);
}

void variant_diag_add_raw(VariantDiagnostics *diags, const char *message) {
  if (!diags) return;
  char *copy = strdup(message);
  if (copy) variant_diag_push(diags, copy);
}

void variant_diag_quote(char *out, size_t out_size, const char *text, size_t max_len,
                        bool stop_at_space) {
  size_t n = 0;
  for (size_t i = 0; i < max_len && text[i] && n + 5 < out_size; i++) {
    unsigned char c = (unsigned char)text[i];
    if (stop_at_space && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) break;
    if (c < 0x20 || c >= 0x7f)
      n += (size_t)snprintf(out + n, out_size - n, "\\x%02x", c);
    else
      out[n++] = (char)c;
  }
  out[n] = '\0';
}

void variant_diag_print(const VariantDiagnostics *diags, FILE *out) {
  for (int i = 0; i < diags->count; i++) fprintf(out, "%s\n", diags->items[i]);
}

void variant_diag_free(VariantDiagnostics *diags) {
  for (int i = 0; i < diags->count; i++) free(diags->items[i]);
  free(diags->items);
  diags->items = NULL;
  diags->count = diags->capacity = 0;
}
