/* mobility.c — how many squares a piece reaches, for the evaluation's
 * mobility term (search/eval.c), and how many of them lie around the enemy
 * royal or hold enemy pieces worth attacking (its royal-zone and threat
 * terms), the checks each side could give, and the enemy pieces a side
 * attacks that nothing of theirs guards (its hanging term).
 *
 * Counted on the bitboards alone: a popcount of the targets move generation
 * uses, a few instructions per slider. Pieces the bitboards do not generate
 * report -1 rather than a count walked leg by leg, which would cost a move
 * generation per piece and evaluation; the evaluation then leaves them out.
 */
#include "board/bb.h"
#include "board/movegen.h"
#include "board/tables.h"

int pos_mobility(const Position *pos, int sq) {
  Piece piece = pos_piece_on(pos, sq);
  if (!piece_is_real(piece)) return -1;
  const BoardTables *t = pos->tables;
  if (t->bb64) return bb64_mobility(pos, sq, piece_type(piece), piece_color(piece));
  if (t->bb128) return bb128_mobility(pos, sq, piece_type(piece), piece_color(piece));
  return -1;
}

int pos_side_reach(const Position *pos, Color c, const ReachQuery *query, PieceReach *out) {
  const BoardTables *t = pos->tables;
  if (t->bb64) return bb64_side_reach(pos, c, query, out);
  if (t->bb128) return bb128_side_reach(pos, c, query, out);
  return 0;
}

void pos_royal_checks(const Position *pos, const int royal_sq[COLOR_NB], RoyalChecks *out) {
  const BoardTables *t = pos->tables;
  if (t->bb64) {
    bb64_royal_checks(pos, royal_sq, out);
  } else if (t->bb128) {
    bb128_royal_checks(pos, royal_sq, out);
  } else {
    out->safe[WHITE] = out->safe[BLACK] = 0;
    out->unsafe[WHITE] = out->unsafe[BLACK] = 0;
  }
}

void pos_reach_and_checks(const Position *pos, const ReachQuery *query,
                          const int royal_sq[COLOR_NB], PieceReach *reach_out[COLOR_NB],
                          int reach_count[COLOR_NB], RoyalChecks *checks, int hanging[COLOR_NB]) {
  const BoardTables *t = pos->tables;
  if (t->bb64) {
    bb64_reach_and_checks(pos, query, royal_sq, reach_out, reach_count, checks, hanging);
  } else if (t->bb128) {
    bb128_reach_and_checks(pos, query, royal_sq, reach_out, reach_count, checks, hanging);
  } else {
    reach_count[WHITE] = reach_count[BLACK] = 0;
    if (checks) pos_royal_checks(pos, royal_sq, checks);
    if (hanging) hanging[WHITE] = hanging[BLACK] = 0;
  }
}
