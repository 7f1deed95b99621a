/* variant_pieces.h — which piece types a `pieces` value declares.
 *
 * A light reading of MBN that only finds the declared letters (K, +P, :BM:)
 * and their |Name| comments, in order, so that setup FENs and FBR rules can
 * be checked against them. The move definitions themselves are compiled by
 * the MBN compiler (mbn/mbn.h); until a piece compiles, this is what
 * `chimera check` knows about it.
 */
#ifndef CHIMERA_MBN_VARIANT_PIECES_H
#define CHIMERA_MBN_VARIANT_PIECES_H

#include <stdbool.h>

#include "mbn/variant.h"
#include "mbn/variant_diag.h"

/* Adds every type declared in text to variant->pieces (skipping ones that
 * are already there). Returns false after a diagnostic if a token cannot be
 * a definition or there are more than PIECE_TYPE_MAX types. */
bool variant_declare_pieces(Variant *variant, const char *text, VariantPos pos,
                            VariantDiagnostics *diags);

#endif
