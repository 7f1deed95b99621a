/* variant_source.c — a variant's defining text (see variant_source.h). */
#include "match/variant_source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Files larger than this are named rather than copied into every game. */
#define VARIANT_SOURCE_MAX (64 * 1024)

char *variant_source_definition(const VariantLibrary *lib, const Variant *variant) {
  if (!lib) return NULL;
  const char *path = NULL;
  for (int i = 0; i < library_count(lib); i++)
    if (library_variant(lib, i) == variant) path = library_source(lib, i);
  if (!path) return NULL;
  const char *builtin = library_builtin_dir();
  if (builtin && !strncmp(path, builtin, strlen(builtin))) return NULL;
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *text = malloc(VARIANT_SOURCE_MAX + 1);
  size_t n = text ? fread(text, 1, VARIANT_SOURCE_MAX + 1, f) : 0;
  fclose(f);
  if (!text) return NULL;
  if (n > VARIANT_SOURCE_MAX) {
    snprintf(text, VARIANT_SOURCE_MAX, "variant '%s' from the file %s", variant->name, path);
    return text;
  }
  text[n] = '\0';
  return text;
}
