/* leg_rules.c — rules a move takes from the legs that make it (MBN's k, kk
 * and #, mbn/move_program.h): a move ending on a k leg may not give check,
 * one ending on a kk leg may give check but not mate, and a capture ending
 * on a # leg decides the game for the side that made it.
 *
 * A Move does not say which legs made it, and one move may be made along
 * several paths (W+kW2 reaches d5 plainly and as a k move). So the mover's
 * program is asked again, walking only the legs in question: a move is
 * bound by k (or kk) only if no leg without either makes it (the mover may
 * always take the free path), and a capture is decisive if some # leg
 * makes it (the mover takes the winning path). Only types that carry these flags
 * (BoardTables.no_check_types, decisive_types) pay for the walk; every
 * other variant tests one flag (no_check_any, decisive_any).
 */
#include "board/leg_rules.h"

#include "board/movegen.h"
#include "board/movegen_walk.h"
#include "board/tables.h"

/* Whether the piece on move's `from` makes the move along a path whose last
 * leg has (flags & mask) == want. Moves from legs are normal, e.p. or swap
 * moves; a gated piece comes on top of the move, so it is left aside. */
static bool made_by_legs(const Position *pos, Move move, unsigned mask, unsigned want) {
  static _Thread_local MoveList list;
  Move plain = move_without_gate(move);
  int n = gen_piece_moves_by_legs(pos, move_from(plain), mask, want, &list);
  for (int i = 0; i < n; i++)
    if (list.moves[i] == plain) return true;
  return false;
}

static bool leg_move(Move move) {
  MoveKind kind = move_kind(move);
  return move_is_normal(move) || kind == MOVE_EN_PASSANT || kind == MOVE_SWAP;
}

/* Whether the side to move (just checked) has no legal move. The answers
 * are judged with kk set aside: an answer that would itself be a kk mate
 * counts as an answer (docs/mbn.md, decision 28), which keeps the test from
 * recursing through chains of cross-checks. */
static _Thread_local bool judging_mate;

static bool checked_side_is_mated(Position *pos) {
  static _Thread_local MoveList answers;
  judging_mate = true;
  bool mated = gen_legal_moves(pos, &answers) == 0;
  judging_mate = false;
  return mated;
}

bool leg_rules_no_check_refuses(const Position *pos, Move move) {
  const BoardTables *t = pos->tables;
  Color us = pos->side;
  if (!leg_move(move)) return false;
  int type = piece_type(pos->board[move_from(move)]);
  if (!type_set_has(&t->no_check_types[us], type)) return false;
  /* most moves give no check: that test first, the walks only for checks */
  if (!pos_gives_check(pos, move)) return false;
  const unsigned bound = LEG_NO_CHECK | LEG_NO_MATE;
  /* a path with neither k nor kk frees the move; a move no leg makes
   * (promotion=sittuyin's promotion in place) is bound by neither */
  if (type_set_has(&t->may_check_types[us], type) && made_by_legs(pos, move, bound, 0))
    return false;
  bool by_kk = made_by_legs(pos, move, bound, LEG_NO_MATE);
  if (!by_kk) return made_by_legs(pos, move, LEG_NO_CHECK, LEG_NO_CHECK);
  if (judging_mate) return false;
  Position *p = (Position *)pos; /* make/unmake restores it exactly */
  Undo undo;
  pos_make_move(p, move, &undo); /* a gated piece may block or check too */
  bool mates = checked_side_is_mated(p);
  pos_unmake_move(p, &undo);
  return mates;
}

bool leg_rules_decisive(const Position *pos, Move move) {
  const BoardTables *t = pos->tables;
  if (!leg_move(move) || !pos_is_capture(pos, move)) return false;
  int type = piece_type(pos->board[move_from(move)]);
  if (!type_set_has(&t->decisive_types[pos->side], type)) return false;
  return made_by_legs(pos, move, LEG_DECISIVE, LEG_DECISIVE);
}
