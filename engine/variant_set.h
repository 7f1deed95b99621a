/* variant_set.h — the variants the engine can play, in a stable order.
 *
 * The engine's door to the variant-file loader: the shipped files at start-up
 * (so every variant can be announced to the GUI at once) and more files named
 * by the VariantPath option. Only variants the board can set up are offered:
 * announcing a game that then fails to start would be worse than leaving it
 * out (the reasons are kept for the error message).
 */
#ifndef CHIMERA_ENGINE_VARIANT_SET_H
#define CHIMERA_ENGINE_VARIANT_SET_H

#include <stddef.h>

#include "mbn/variant.h"

typedef struct {
  const Variant **variants; /* the playable ones: the board accepts their rules */
  int count;
  void *owner;      /* the loader's own record, freed with the set */
  char *unplayable; /* loaded but not playable: "name\treason\n" lines */
  int unplayable_count;
} VariantSet;

/* Loads the shipped variant files. Returns 0, or -1 with err (the set may
 * still hold the variants that did load). */
int variant_set_load_default(VariantSet *set, char *err, size_t err_size);
/* Adds the variants of a file or folder (several separated by ':' or ';');
 * a variant of an existing name replaces it. */
int variant_set_load_path(VariantSet *set, const char *path, char *err, size_t err_size);
int variant_set_find(const VariantSet *set, const char *name); /* index or -1 */
/* Why a loaded variant is not offered (the board refused it), or NULL. */
const char *variant_set_why_unplayable(const VariantSet *set, const char *name, char *out,
                                       size_t out_size);
/* The names of the variants not offered, comma-separated, into out. */
void variant_set_unplayable_names(const VariantSet *set, char *out, size_t out_size);
void variant_set_free(VariantSet *set);

#endif
