/* mbn_walk.h — a reference walker over an EMPTY board, for `chimera show`
 * and the MBN tests: which squares a piece's compiled program reaches from
 * one square, and how (move, capture, over a hurdle).
 *
 * It is deliberately simple and slow; the move generator in board/ is the
 * real walker. Squares a move can only reach if some piece stands on an
 * intermediate square (a hopper's hurdle, a checker's victim) are reported
 * with WALK_HOP / WALK_AWAY, as if that piece were there.
 *
 * Limits (it is a viewer, not the move generator): each (leg, square) is
 * explored once per kind of path, so on cyclic programs a square reachable
 * only by a path that the repetition rule cuts elsewhere may be missed, and
 * compulsory legs are walked per path within a budget of visits.
 */
#ifndef CHIMERA_MBN_WALK_H
#define CHIMERA_MBN_WALK_H

#include <stdint.h>

#include "mbn/variant.h"

enum {
  WALK_MOVE = 1 << 0,    /* may end here on an empty square */
  WALK_CAPTURE = 1 << 1, /* may end here capturing an enemy */
  WALK_HOP = 1 << 2,     /* only by hopping over a piece on the way */
  WALK_AWAY = 1 << 3,    /* only by capturing a piece on the way (not here) */
  WALK_SPECIAL = 1 << 4, /* ends here swapping, flipping or taking a friend */
};

/* Leg visits one walk may make (compulsory legs are walked per path). */
#define MBN_WALK_BUDGET 4000000L

/* Fills reach[square] (files*ranks*levels bytes) with WALK_* bits for the
 * piece `type` of colour `color` standing alone on `from`. Returns the
 * number of squares reached, or -1 if the walk ran out of its budget
 * (MBN_WALK_BUDGET leg visits): then reach is incomplete and a caller must
 * say so, never show it as the piece's move. */
int mbn_walk_empty(const Variant *variant, int type, Color color, int from, uint8_t *reach);

#endif
