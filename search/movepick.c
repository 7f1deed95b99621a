/* movepick.c — move ordering and a static exchange test that knows fairy
 * pieces.
 *
 * Order: the TT move, then winning and even captures and promotions (most
 * valuable victim, least valuable attacker), killers, the counter-move, quiet
 * moves by history, and captures that lose material last.
 *
 * SEE: a full exchange sequence needs every attacker of a square in order,
 * which multi-leg pieces, hoppers and drops make expensive to enumerate. We
 * use the safe first-order fallback: what the move wins, minus the mover if
 * the destination is attacked afterwards (board's exact attack test). It
 * never calls a losing capture winning when the square is defended; it may
 * call a capture of a defended piece by a cheaper piece "even", which is what
 * the ordering needs.
 */
#include <limits.h>

#include "board/movegen.h"
#include "search/search_internal.h"

#define ROYAL_SEE_VALUE 5000

int move_mover_type(const Position *pos, Move move) {
  if (move_kind(move) == MOVE_DROP) return move_piece_arg(move);
  return piece_type(pos_piece_on(pos, move_from(move)));
}

static int victim_value(const Position *pos, const EvalTables *tables, int sq, Color us) {
  if (sq == EXTRA_NONE || sq >= pos_square_count(pos)) return 0;
  Piece piece = pos_piece_on(pos, sq);
  if (!piece_is_real(piece) || piece_color(piece) == us) return 0;
  int type = piece_type(piece);
  return tables->royal[type] ? ROYAL_SEE_VALUE : tables->value[type];
}

int move_captured_value(const Position *pos, const EvalTables *tables, Move move) {
  Color us = pos_side_to_move(pos);
  switch (move_kind(move)) {
  case MOVE_NORMAL:
    return victim_value(pos, tables, move_to(move), us) +
           victim_value(pos, tables, move_extra1(move), us) +
           victim_value(pos, tables, move_extra2(move), us);
  case MOVE_EN_PASSANT: return victim_value(pos, tables, move_extra1(move), us);
  default: return 0;
  }
}

static int promotion_gain(const Position *pos, const EvalTables *tables, Move move) {
  MoveKind kind = move_kind(move);
  int promo = move_piece_arg(move);
  if (promo < 0 || (kind != MOVE_NORMAL && kind != MOVE_EN_PASSANT)) return 0;
  int mover = move_mover_type(pos, move);
  return tables->value[promo] - (mover >= 0 ? tables->value[mover] : 0);
}

bool move_is_tactical(const Position *pos, Move move) {
  MoveKind kind = move_kind(move);
  if (kind == MOVE_DROP || kind == MOVE_CASTLING) return false;
  if (move_piece_arg(move) >= 0) return true;
  return pos_is_capture(pos, move);
}

bool move_see_ok(const Position *pos, const EvalTables *tables, Move move, int threshold) {
  int gain = move_captured_value(pos, tables, move) + promotion_gain(pos, tables, move);
  if (gain < threshold) return false;
  /* What the mover is worth on arrival (a promoted piece counts as promoted). */
  int type = move_piece_arg(move) >= 0 ? move_piece_arg(move) : move_mover_type(pos, move);
  int risk = type < 0 ? 0 : tables->royal[type] ? ROYAL_SEE_VALUE : tables->value[type];
  if (gain - risk >= threshold) return true; /* even losing the mover is fine */
  Color them = (Color)!pos_side_to_move(pos);
  return !pos_attacked(pos, move_to(move), them);
}

void moves_score(const SearchThread *thread, int ply, Move tt_move, MoveList *list, int *scores,
                 bool tactical_only) {
  const Position *pos = thread->pos;
  const EvalTables *tables = &thread->owner->eval;
  const PlyStack *ss = &thread->stack[ply];
  Color us = pos_side_to_move(pos);
  Move counter = MOVE_NONE_VALUE;
  if (ply > 0) {
    const PlyStack *prev = &thread->stack[ply - 1];
    if (prev->move != MOVE_NONE_VALUE && prev->moved_type >= 0)
      counter = thread->counter[prev->moved_type * thread->squares + move_to(prev->move)];
  }
  int kept = 0;
  for (int i = 0; i < list->count; i++) {
    Move move = list->moves[i];
    bool tactical = move_is_tactical(pos, move);
    if (tactical_only && !tactical) continue;
    int score;
    if (move == tt_move) {
      score = INT_MAX;
    } else if (tactical) {
      int victim = move_captured_value(pos, tables, move) + promotion_gain(pos, tables, move);
      int mover = move_mover_type(pos, move);
      int mover_value = mover >= 0 && !tables->royal[mover] ? tables->value[mover] : 0;
      score = victim * 16 - mover_value / 8;
      if (move_see_ok(pos, tables, move, 0))
        score += 1 << 28;
      else
        score -= 1 << 24; /* losing: after every quiet move */
    } else if (move == ss->killers[0]) {
      score = (1 << 27) + 2;
    } else if (move == ss->killers[1]) {
      score = (1 << 27) + 1;
    } else if (move == counter) {
      score = 1 << 27;
    } else {
      int type = move_mover_type(pos, move);
      score =
          type < 0
              ? 0
              : thread->history[((int)us * thread->types + type) * thread->squares + move_to(move)];
    }
    list->moves[kept] = move;
    scores[kept++] = score;
  }
  list->count = kept;
}

Move moves_pick(MoveList *list, int *scores, int index) {
  int best = index;
  for (int i = index + 1; i < list->count; i++)
    if (scores[i] > scores[best]) best = i;
  Move move = list->moves[best];
  int score = scores[best];
  list->moves[best] = list->moves[index];
  scores[best] = scores[index];
  list->moves[index] = move;
  scores[index] = score;
  return move;
}
