/* variant_build.h — turns one resolved variant section into a Variant.
 *
 * Order matters and is fixed: the board first (ranges need its size), then
 * the pieces (rules and the FEN name them), the start position, the rules,
 * and last the optional names and values.
 */
#ifndef CHIMERA_MBN_VARIANT_BUILD_H
#define CHIMERA_MBN_VARIANT_BUILD_H

#include <stdbool.h>

#include "mbn/variant.h"
#include "mbn/variant_diag.h"
#include "mbn/variant_file.h"

/* Fills *variant (zeroed by the caller) from a section whose inheritance is
 * resolved. Returns false if any error was added to diags. */
bool variant_build(Variant *variant, const VariantSection *section, VariantDiagnostics *diags);

/* MBN's explosion (cQ--X) as the atomic rule, after the rules named the
 * royals; false, with a diagnostic, where the pieces use it in a way the
 * engine cannot play (mbn/variant_explosion.c, docs/mbn.md decision 51). */
bool variant_apply_explosion(Variant *variant, VariantDiagnostics *diags);

/* Parses "WxH" or "WxHxL" into shape. */
bool variant_parse_board(BoardShape *shape, const char *text, VariantPos pos,
                         VariantDiagnostics *diags);

/* Frees everything variant_build allocated inside *variant. */
void variant_release(Variant *variant);

#endif
