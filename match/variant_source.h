/* variant_source.h — the text that defines a variant, for PGN files that
 * must stay readable without Chimera's shipped files: the whole file a
 * variant was loaded from (its parents included when they are in it), for
 * variants loaded with --load or CHIMERA_VARIANT_PATH. Shipped variants need
 * no definition: their name says it.
 */
#ifndef CHIMERA_MATCH_VARIANT_SOURCE_H
#define CHIMERA_MATCH_VARIANT_SOURCE_H

#include "mbn/variant.h"
#include "mbn/variant_library.h"

/* The definition as a malloc'ed string, or NULL for a shipped variant (or if
 * the file cannot be read). */
char *variant_source_definition(const VariantLibrary *lib, const Variant *variant);

#endif
