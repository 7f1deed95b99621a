/* san.h — reading a move written in SAN (Nf3, exd5, e8=Q, O-O, Nbd7, P@e4)
 * or in coordinates (e2e4) against the legal moves of a position, for PGN
 * opening files written by other programs. Generic: a piece is named by its
 * letter in the variant (no letter: the variant's 'P'), the destination and
 * the disambiguation are square texts of the variant's geometry.
 */
#ifndef CHIMERA_MATCH_SAN_H
#define CHIMERA_MATCH_SAN_H

#include <stdbool.h>
#include <stddef.h>

#include "board/position.h"

/* Writes the coordinate text of the one legal move the text names; false
 * if it names none or more than one. */
bool san_to_move_text(const Position *pos, const char *text, char *out, size_t out_size);

#endif
