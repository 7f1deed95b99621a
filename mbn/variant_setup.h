/* variant_setup.h — checks a variant's start position (the `setup` key).
 *
 * The FEN dialect is Fairy-Stockfish's: ranks from the top separated by '/',
 * empty runs as numbers of any size ("10"), '*' a hole, '+X' a promoted
 * piece, 'X~' a piece that was promoted (crazyhouse), holdings in [...] after
 * the board (or after a '/'), then side to move, castling or virgin-piece
 * rights (KQkq, file letters, or the letters of unmoved pieces' files),
 * en passant square, an optional check counter "3+3", and the move counters;
 * trailing fields may be left out. Levels of a 3D board are separated by
 * '|' (a Chimera extension), top level first... see docs/variants.md.
 */
#ifndef CHIMERA_MBN_VARIANT_SETUP_H
#define CHIMERA_MBN_VARIANT_SETUP_H

#include <stdbool.h>

#include "mbn/variant.h"
#include "mbn/variant_diag.h"

/* Checks fen against variant->shape and variant->pieces, marks '*' squares
 * as holes in variant->shape.hole and stores a copy in variant->start_fen.
 * Returns false after diagnostics at the offending characters. */
bool variant_check_setup(Variant *variant, const char *fen, VariantPos pos,
                         VariantDiagnostics *diags);

#endif
