/* variant_set.c — loaded variants (see variant_set.h), on mbn/'s library.
 *
 * The library is loaded as every subcommand loads it (built-in files,
 * CHIMERA_VARIANT_PATH, --load files; engine_library_load), with its
 * file:line:col messages captured so the front end can pass them to the GUI
 * instead of writing them to a stderr nobody reads.
 */
#include "engine/variant_set.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "board/position.h"
#include "engine/variants_cmd.h"
#include "mbn/variant_library.h"

/* Copies the library's playable variants into the set's array. */
static int variant_set_refresh(VariantSet *set) {
  VariantLibrary *lib = set->owner;
  int count = lib ? library_count(lib) : 0;
  const Variant **variants = realloc(set->variants, sizeof *variants * (size_t)(count + 1));
  if (!variants) return -1;
  set->variants = variants;
  set->count = 0;
  free(set->unplayable);
  set->unplayable = NULL;
  set->unplayable_count = 0;
  size_t length = 0;
  for (int i = 0; i < count; i++) {
    const Variant *variant = library_variant(lib, i);
    char why[256];
    /* Checked now, every error reported at start-up; the move tables are
     * built only when a game or count takes the variant (pos_new). */
    if (pos_check_variant(variant, why, sizeof why)) {
      variants[set->count++] = variant;
      continue;
    }
    size_t need = strlen(variant->name) + strlen(why) + 3;
    char *grown = realloc(set->unplayable, length + need + 1);
    if (!grown) continue;
    set->unplayable = grown;
    length += (size_t)snprintf(grown + length, need + 1, "%s\t%s\n", variant->name, why);
    set->unplayable_count++;
  }
  return 0;
}

const char *variant_set_why_unplayable(const VariantSet *set, const char *name, char *out,
                                       size_t out_size) {
  size_t length = strlen(name);
  for (const char *line = set->unplayable; line && *line;) {
    const char *end = strchr(line, '\n');
    if (!end) break;
    if (!strncasecmp(line, name, length) && line[length] == '\t') {
      snprintf(out, out_size, "%.*s", (int)(end - line - (int)length - 1), line + length + 1);
      return out;
    }
    line = end + 1;
  }
  return NULL;
}

void variant_set_unplayable_names(const VariantSet *set, char *out, size_t out_size) {
  size_t length = 0;
  if (out_size) out[0] = '\0';
  for (const char *line = set->unplayable; line && *line;) {
    const char *tab = strchr(line, '\t'), *end = strchr(line, '\n');
    if (!tab || !end) break;
    int n = snprintf(out + length, out_size - length, "%s%.*s", length ? ", " : "",
                     (int)(tab - line), line);
    if (n < 0 || (size_t)n >= out_size - length) break;
    length += (size_t)n;
    line = end + 1;
  }
}

/* The first lines of a message stream, joined by "; ", into err. */
static void variant_set_messages(char *text, char *err, size_t err_size) {
  size_t length = 0;
  int lines = 0;
  err[0] = '\0';
  for (char *line = strtok(text, "\n"); line && lines < 3; line = strtok(NULL, "\n"), lines++) {
    int n = snprintf(err + length, err_size - length, "%s%s", lines ? "; " : "", line);
    if (n < 0 || (size_t)n >= err_size - length) break;
    length += (size_t)n;
  }
}

int variant_set_load_default(VariantSet *set, char *err, size_t err_size) {
  set->variants = NULL, set->count = 0, set->owner = NULL;
  set->unplayable = NULL, set->unplayable_count = 0;
  char *text = NULL;
  size_t size = 0;
  FILE *messages = open_memstream(&text, &size);
  set->owner = engine_library_load(messages ? messages : stderr);
  if (messages) fclose(messages);
  int status = 0;
  if (text && text[0]) {
    variant_set_messages(text, err, err_size);
    status = -1;
  }
  free(text);
  if (variant_set_refresh(set) != 0 || !set->owner) {
    snprintf(err, err_size, "out of memory loading variants");
    return -1;
  }
  if (set->count == 0 && status == 0) {
    snprintf(err, err_size, "no variant files found (set VariantPath or %s)", LIBRARY_PATH_ENV);
    return -1;
  }
  return status;
}

int variant_set_load_path(VariantSet *set, const char *path, char *err, size_t err_size) {
  if (!set->owner) set->owner = library_new();
  if (!set->owner) {
    snprintf(err, err_size, "out of memory");
    return -1;
  }
  VariantDiagnostics diags = {0};
  bool ok = true;
  /* Several files or folders may be given, separated as in PATH. */
  char *copy = strdup(path), *save = NULL;
  for (char *part = copy ? strtok_r(copy, ":;", &save) : NULL; part;
       part = strtok_r(NULL, ":;", &save))
    ok &= library_load_file(set->owner, part, &diags);
  free(copy);
  err[0] = '\0';
  if (!ok || diags.count > 0) {
    size_t length = 0;
    for (int i = 0; i < diags.count && i < 3; i++) {
      int n = snprintf(err + length, err_size - length, "%s%s", i ? "; " : "", diags.items[i]);
      if (n < 0 || (size_t)n >= err_size - length) break;
      length += (size_t)n;
    }
    if (!err[0]) snprintf(err, err_size, "cannot load '%s'", path);
  }
  variant_diag_free(&diags);
  variant_set_refresh(set);
  return ok ? 0 : -1;
}

/* Names other programs send for our variants: cutechess's UCI_Variant for
 * its fischerandom is "chess960", its orthodox chess is "standard". */
static const char *const VARIANT_ALIASES[][2] = {
    {"chess960", "fischerandom"},
    {"standard", "chess"},
};

int variant_set_find(const VariantSet *set, const char *name) {
  for (size_t a = 0; a < sizeof VARIANT_ALIASES / sizeof VARIANT_ALIASES[0]; a++)
    if (!strcasecmp(name, VARIANT_ALIASES[a][0]) &&
        variant_set_find(set, VARIANT_ALIASES[a][1]) >= 0)
      return variant_set_find(set, VARIANT_ALIASES[a][1]);
  for (int i = 0; i < set->count; i++)
    if (!strcasecmp(set->variants[i]->name, name)) return i;
  return -1;
}

void variant_set_free(VariantSet *set) {
  if (set->owner) library_free(set->owner);
  free(set->unplayable);
  set->unplayable = NULL, set->unplayable_count = 0;
  free(set->variants);
  set->variants = NULL, set->count = 0, set->owner = NULL;
}
