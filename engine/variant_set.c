/* variant_set.c — loaded variants (see variant_set.h).
 *
 * The variant-file loader has not landed yet: until it does the set stays
 * empty and loading says so.
 */
#include "engine/variant_set.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

int variant_set_load_default(VariantSet *set, char *err, size_t err_size) {
  set->variants = NULL, set->count = 0, set->owner = NULL;
  snprintf(err, err_size, "the variant loader is not built yet: no variants loaded");
  return -1;
}

int variant_set_load_path(VariantSet *set, const char *path, char *err, size_t err_size) {
  (void)set;
  snprintf(err, err_size, "cannot load '%s': the variant loader is not built yet", path);
  return -1;
}

int variant_set_find(const VariantSet *set, const char *name) {
  for (int i = 0; i < set->count; i++)
    if (!strcasecmp(set->variants[i]->name, name)) return i;
  return -1;
}

void variant_set_free(VariantSet *set) {
  set->variants = NULL, set->count = 0;
}
