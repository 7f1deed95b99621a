/* fbr_sets.h — the operands of FBR rules: board ranges and piece sets.
 *
 * A board range "[a-c1-3,h8]" becomes one byte per square; a piece set
 * "{KQ}", "{^P}" or the colour-sensitive "{!k}" becomes a set of piece type
 * indices per colour. Both report errors at file:line:col quoting the text.
 */
#ifndef CHIMERA_MBN_FBR_SETS_H
#define CHIMERA_MBN_FBR_SETS_H

#include <stdint.h>

#include "mbn/variant.h"
#include "mbn/variant_diag.h"

/* Number of squares of a board shape. */
int fbr_square_count(const BoardShape *shape);

/* Parses the range at text (text[0] == '['), given from White's side, into
 * member (fbr_square_count bytes, 1 = in the range). Returns the number of
 * characters consumed, or -1 after adding a diagnostic at pos. */
int fbr_parse_range(const char *text, VariantPos pos, const BoardShape *shape, uint8_t *member,
                    VariantDiagnostics *diags);

/* Black's view of a White range: ranks mirrored, and on a 3D board levels
 * too (Black's home is the top level, as in Raumschach's setup). */
void fbr_mirror_range(const BoardShape *shape, const uint8_t *white, uint8_t *black);

/* Index of the piece type whose letter is letter ("K", "+P", ":BM:"); -1 if
 * none. Case-insensitive, as FEN case only gives the colour. */
int fbr_piece_index(const Variant *variant, const char *letter);

/* Parses the piece set at text (text[0] == '{') into per-colour type sets.
 * Returns characters consumed, or -1 after a diagnostic. */
int fbr_parse_pieceset(const char *text, VariantPos pos, const Variant *variant,
                       TypeSet sets[COLOR_NB], VariantDiagnostics *diags);

#endif
