/* movepick.c — move ordering and an exact static exchange evaluation that
 * knows fairy pieces.
 *
 * The staged picker (MovePicker): the TT move, then winning and even
 * captures and promotions (most valuable victim, least valuable attacker,
 * capture history; the exchange test runs when a capture is picked, and a
 * losing one waits), the two killers, the counter-move, quiet moves by
 * butterfly plus continuation history (scored only when that stage is
 * reached), and the losing captures last. Each move comes with its stage,
 * which the search reads by name.
 *
 * SEE plays the exchange on the real position with make/unmake: after the
 * move, the other side recaptures the piece that just captured with its least
 * valuable capturer (board's gen_captures_of), and so on, each side free to
 * stop. Playing the moves makes every fairy effect exact without special
 * cases: a cannon's screen appears or vanishes as pieces come and go, a lion
 * may take two pieces, a capture may promote, an atomic capture blows up the
 * neighbourhood (and the capturer, so nothing recaptures), e.p. removes a
 * piece off the square. What a step wins is read off the Undo record: every
 * cell the move changed, valued before and after, from the mover's side.
 *
 * Decisions: recaptures are pseudo-legal (pins are ignored, as in classic
 * SEE), except that a royal captures only if that is legal (it may not step
 * into attack, so it recaptures last or not at all). Material counts only on
 * the board: a piece won into the hand is not valued, and drops never
 * capture, so they never enter the exchange. The exchange stops after
 * SEE_PLIES_MAX captures.
 */
#include <limits.h>

#include "board/movegen.h"
#include "search/search_internal.h"

int move_mover_type(const Position *pos, Move move) {
  if (move_kind(move) == MOVE_DROP) return move_piece_arg(move);
  return piece_type(pos_piece_on(pos, move_from(move)));
}

static int victim_value(const Position *pos, const EvalTables *tables, int sq, Color us) {
  if (sq == EXTRA_NONE || sq >= pos_square_count(pos)) return 0;
  Piece piece = pos_piece_on(pos, sq);
  if (!piece_is_real(piece) || piece_color(piece) == us) return 0;
  int type = piece_type(piece);
  return tables->see_value[type];
}

int move_captured_value(const Position *pos, const EvalTables *tables, Move move) {
  Color us = pos_side_to_move(pos);
  switch (move_kind(move)) {
  case MOVE_NORMAL:
    return victim_value(pos, tables, move_to(move), us) +
           victim_value(pos, tables, move_extra1(move), us) +
           victim_value(pos, tables, move_extra2(move), us);
  case MOVE_EN_PASSANT: return victim_value(pos, tables, move_extra1(move), us);
  case MOVE_LONG: {
    int16_t buf[2];
    const int16_t *side;
    int n = move_side_captures(move, buf, &side),
        value = victim_value(pos, tables, move_to(move), us);
    for (int i = 0; i < n; i++) value += victim_value(pos, tables, side[i], us);
    return value;
  }
  default: return 0;
  }
}

static int promotion_gain(const Position *pos, const EvalTables *tables, Move move) {
  MoveKind kind = move_kind(move);
  int promo = move_piece_arg(move);
  if (promo < 0 || (!move_is_normal(move) && kind != MOVE_EN_PASSANT)) return 0;
  int mover = move_mover_type(pos, move);
  return tables->see_value[promo] - (mover >= 0 ? tables->see_value[mover] : 0);
}

bool move_is_tactical(const Position *pos, Move move) {
  return pos_is_tactical(pos, move);
}

#define SEE_PLIES_MAX 16

/* A piece's worth in the exchange, positive for colour `side`'s pieces. */
static int see_cell_value(const EvalTables *tables, Piece piece, Color side) {
  if (!piece_is_real(piece)) return 0;
  int type = piece_type(piece);
  int value = tables->see_value[type];
  return piece_color(piece) == side ? value : -value;
}

/* What the move just made won on the board for the side that made it: each
 * changed cell counted once, as it is now minus as it was before the move. */
static int see_move_gain(const Position *pos, const EvalTables *tables, const Undo *undo) {
  Color mover = (Color)!pos_side_to_move(pos);
  int gain = 0;
  for (int i = 0; i < undo->change_count; i++) {
    int sq = undo->changes[i].sq;
    bool seen = false;
    for (int j = 0; j < i && !seen; j++) seen = undo->changes[j].sq == sq;
    if (seen) continue;
    gain += see_cell_value(tables, pos_piece_on(pos, sq), mover) -
            see_cell_value(tables, undo->changes[i].old, mover);
  }
  /* a long move's captures are in the position's spill log: each square
   * once, emptied, and none of them among the changes above */
  int spilled;
  const SquareChange *spill = pos_undo_spilled(pos, undo, &spilled);
  for (int i = 0; i < spilled; i++) /* emptied, or flipped (x) */
    gain += see_cell_value(tables, pos_piece_on(pos, spill[i].sq), mover) -
            see_cell_value(tables, spill[i].old, mover);
  /* A drop only moves material from the hand to the board. */
  if (move_kind(undo->move) == MOVE_DROP)
    gain -= see_cell_value(tables, pos_piece_on(pos, move_to(undo->move)), mover);
  return gain;
}

/* The side to move's cheapest capture of the piece on sq (a royal last, and
 * only legally; among one piece's moves the most valuable promotion), or
 * MOVE_NONE_VALUE. */
static Move see_least_capture(Position *pos, const EvalTables *tables, int sq, MoveList *list) {
  if (!gen_captures_of(pos, sq, list)) return MOVE_NONE_VALUE;
  for (;;) {
    int best = -1, best_cost = INT_MAX, best_promo = INT_MIN;
    for (int i = 0; i < list->count; i++) {
      Move m = list->moves[i];
      if (m == MOVE_NONE_VALUE) continue;
      int type = piece_type(pos_piece_on(pos, move_from(m)));
      int cost = tables->see_value[type];
      int promo = move_piece_arg(m) >= 0 ? tables->see_value[move_piece_arg(m)] : 0;
      /* Ties go to the lowest move encoding, so the result depends on the
       * board alone, not on the order of the piece lists. */
      if (cost < best_cost || (cost == best_cost && promo > best_promo) ||
          (cost == best_cost && promo == best_promo && m < list->moves[best]))
        best = i, best_cost = cost, best_promo = promo;
    }
    if (best < 0) return MOVE_NONE_VALUE;
    Move m = list->moves[best];
    if (!tables->royal[piece_type(pos_piece_on(pos, move_from(m)))] || pos_is_legal(pos, m))
      return m;
    list->moves[best] = MOVE_NONE_VALUE; /* the royal would be taken: try the next */
  }
}

/* Plays the exchange the move starts and returns its count of steps;
 * balance[k] is the material the moving side is up after step k. With
 * `early`, stops as soon as the comparison with threshold is decided (see
 * see_decide). The position is restored before returning. */
static int see_play(Position *pos, const EvalTables *tables, Move move, int threshold, bool early,
                    int *balance) {
  Undo undo[SEE_PLIES_MAX];
  MoveList list;                  /* 64 kB of stack, touched only as far as it is filled */
  move = move_without_gate(move); /* a gated piece comes from the hand: not won */
  pos_make_move(pos, move, &undo[0]);
  balance[0] = see_move_gain(pos, tables, &undo[0]);
  int n = 1, target = move_to(move);
  while (n < SEE_PLIES_MAX) {
    if (early && (n - 1) % 2 == 0 && balance[n - 1] < threshold) break;
    if (early && (n - 1) % 2 == 1 && balance[n - 1] >= threshold) break;
    Move reply = see_least_capture(pos, tables, target, &list);
    if (reply == MOVE_NONE_VALUE) break;
    pos_make_move(pos, reply, &undo[n]);
    int gain = see_move_gain(pos, tables, &undo[n]);
    balance[n] = n % 2 ? balance[n - 1] - gain : balance[n - 1] + gain;
    target = move_to(reply); /* the next capture takes the piece that just captured */
    n++;
  }
  for (int k = n - 1; k >= 0; k--) pos_unmake_move(pos, &undo[k]);
  return n;
}

/* After our step k (k even) the opponent chooses between stopping with
 * balance[k] and going on, after theirs we choose: the value is
 * min(balance[0], max(balance[1], min(balance[2], ...))). */
int move_see(Position *pos, const EvalTables *tables, Move move) {
  int balance[SEE_PLIES_MAX];
  int n = see_play(pos, tables, move, 0, false, balance);
  int value = balance[n - 1];
  for (int k = n - 2; k >= 0; k--) {
    if (k % 2 == 0 && balance[k] < value) value = balance[k];
    if (k % 2 == 1 && balance[k] > value) value = balance[k];
  }
  return value;
}

bool move_see_ok(Position *pos, const EvalTables *tables, Move move, int threshold) {
  if (tables->capture_gain_exact && move_kind(move) != MOVE_DROP) {
    /* Bounds without making anything. The exchange never wins more than
     * the move itself wins... */
    int gain = move_captured_value(pos, tables, move) + promotion_gain(pos, tables, move);
    if (gain < threshold) return false;
    /* ...and never loses more than the piece left on the square plus the
     * best promotion, when no capture takes more than one piece. */
    if (tables->capture_takes_one) {
      int type = move_piece_arg(move) >= 0 ? move_piece_arg(move) : move_mover_type(pos, move);
      int risk = type < 0 ? 0 : tables->see_value[type];
      if (gain - risk - tables->promo_gain_max >= threshold) return true;
    }
    /* ...and, when no capture takes more than one piece, the bitboards
     * usually play it out without making a move. */
    if (tables->capture_takes_one) {
      ExchangeValues values = {tables->see_value, tables->royal, SEE_PLIES_MAX};
      int fast = pos_exchange_fast(pos, move_without_gate(move), &values, gain, threshold);
      if (fast >= 0) return fast;
    }
  }
  int balance[SEE_PLIES_MAX];
  int n = see_play(pos, tables, move, threshold, true, balance);
  /* Stopped early or not, the last step decides the nested min/max. */
  return balance[n - 1] >= threshold;
}

int move_captured_type(const Position *pos, Move move) {
  Color us = pos_side_to_move(pos);
  int sq = -1;
  switch (move_kind(move)) {
  case MOVE_NORMAL:
  case MOVE_LONG: {
    Piece p = pos_piece_on(pos, move_to(move));
    if (piece_is_real(p) && piece_color(p) != us) return piece_type(p);
    int16_t buf[2];
    const int16_t *side;
    sq = move_side_captures(move, buf, &side) ? side[0] : EXTRA_NONE;
    break;
  }
  case MOVE_EN_PASSANT: sq = move_extra1(move); break;
  default: return -1;
  }
  if (sq == EXTRA_NONE || sq < 0 || sq >= pos_square_count(pos)) return -1;
  Piece p = pos_piece_on(pos, sq);
  return piece_is_real(p) && piece_color(p) != us ? piece_type(p) : -1;
}

int16_t *history_capture_entry(const SearchThread *thread, int type, Move move, int captured) {
  int slot = captured < 0 ? thread->types : captured;
  return &thread->capture_history[((size_t)type * thread->squares + move_to(move)) *
                                      (thread->types + 1) +
                                  slot];
}

/* Butterfly (piece-to) history plus the continuation histories of the moves
 * one and two plies back. */
int history_quiet(const SearchThread *thread, int ply, Color us, int type, Move move) {
  if (type < 0) return 0;
  size_t cell = (size_t)type * thread->squares + move_to(move);
  int score = thread->history[(size_t)us * thread->types * thread->squares + cell];
  const PlyStack *ss = &thread->stack[ply];
  if (ply >= 1 && ss[-1].cont) score += ss[-1].cont[cell];
  if (ply >= 2 && ss[-2].cont) score += ss[-2].cont[cell];
  return score;
}

void picker_init(MovePicker *mp, SearchThread *thread, int ply, Move tt_move, bool tactical_only) {
  Position *pos = thread->pos;
  const EvalTables *tables = &thread->owner->eval;
  PlyStack *ss = &thread->stack[ply];
  MoveList *list = &ss->list;
  mp->thread = thread;
  mp->ply = ply;
  mp->list = list;
  mp->scores = ss->scores;
  mp->tt_move = tt_move;
  mp->tactical_only = tactical_only;
  mp->skip_quiets = mp->quiets_unordered = false;
  mp->killers[0] = ss->killers[0];
  mp->killers[1] = ss->killers[1];
  mp->counter = MOVE_NONE_VALUE;
  if (ply > 0) {
    const PlyStack *prev = &thread->stack[ply - 1];
    if (prev->move != MOVE_NONE_VALUE && prev->moved_type >= 0)
      mp->counter = thread->counter[prev->moved_type * thread->squares + move_to(prev->move)];
  }
  mp->has_tt = mp->has_killer[0] = mp->has_killer[1] = mp->has_counter = false;
  /* Tactical moves first, then quiet ones; the TT move, killers and the
   * counter-move are taken out and come from their own stages. Quiet
   * moves are scored only if their stage is reached. */
  Move *moves = list->moves;
  int *scores = mp->scores;
  int k = 0;
  for (int i = 0; i < list->count; i++) {
    Move move = moves[i];
    bool tactical = move_is_tactical(pos, move);
    if (move == tt_move && (tactical || !tactical_only)) {
      mp->has_tt = true;
    } else if (tactical) {
      int mover = move_mover_type(pos, move);
      int victim = move_captured_value(pos, tables, move) + promotion_gain(pos, tables, move);
      int mover_value = mover >= 0 && !tables->royal[mover] ? tables->value[mover] : 0;
      int hist = mover >= 0
                     ? *history_capture_entry(thread, mover, move, move_captured_type(pos, move))
                     : 0;
      moves[k] = move;
      scores[k++] = victim * 16 - mover_value / 8 + hist / 8;
    } else if (tactical_only) {
      continue;
    } else if (move == mp->killers[0]) {
      mp->has_killer[0] = true;
    } else if (move == mp->killers[1]) {
      mp->has_killer[1] = true;
    } else if (move == mp->counter) {
      mp->has_counter = true;
    } else {
      moves[k] = move;
      scores[k++] = INT_MIN; /* quiet */
    }
  }
  list->count = k;
  /* partition: tactical [0, n), quiet [n, k) */
  int n = 0;
  for (int i = 0; i < k; i++) {
    if (scores[i] == INT_MIN) continue;
    Move m = moves[i];
    int sc = scores[i];
    moves[i] = moves[n], scores[i] = scores[n];
    moves[n] = m, scores[n++] = sc;
  }
  mp->quiet_end = k;
  mp->tactical_end = n;
  mp->cur = mp->bad_end = 0;
  mp->quiet_cur = n;
  mp->stage = STAGE_TT;
}

void picker_skip_tt(MovePicker *mp) {
  if (mp->stage == STAGE_TT) mp->stage = STAGE_GOOD_CAPTURE;
}

/* Swaps two moves and their scores (a move's score travels with it). */
static void swap_moves(MovePicker *mp, int a, int b) {
  Move m = mp->list->moves[a];
  int sc = mp->scores[a];
  mp->list->moves[a] = mp->list->moves[b];
  mp->scores[a] = mp->scores[b];
  mp->list->moves[b] = m;
  mp->scores[b] = sc;
}

/* Moves the best-scored move of [from, end) to from. */
static void pick_best(MovePicker *mp, int from, int end) {
  int best = from;
  for (int i = from + 1; i < end; i++)
    if (mp->scores[i] > mp->scores[best]) best = i;
  swap_moves(mp, best, from);
}

Move picker_next(MovePicker *mp, PickStage *stage) {
  SearchThread *thread = mp->thread;
  Position *pos = thread->pos;
  const EvalTables *tables = &thread->owner->eval;
  switch (mp->stage) {
  case STAGE_TT:
    mp->stage = STAGE_GOOD_CAPTURE;
    if (mp->has_tt) {
      *stage = STAGE_TT;
      return mp->tt_move;
    }
    /* fall through */
  case STAGE_GOOD_CAPTURE:
    /* [0, bad_end): bad captures found so far; [bad_end, cur): returned */
    while (mp->cur < mp->tactical_end) {
      pick_best(mp, mp->cur, mp->tactical_end);
      Move m = mp->list->moves[mp->cur];
      if (!move_see_ok(pos, tables, m, 0)) {
        swap_moves(mp, mp->cur, mp->bad_end);
        mp->bad_end++;
        mp->cur++;
        continue;
      }
      mp->cur++;
      *stage = STAGE_GOOD_CAPTURE;
      return m;
    }
    if (mp->tactical_only) {
      mp->stage = STAGE_DONE;
      return MOVE_NONE_VALUE;
    }
    mp->stage = STAGE_KILLER;
    mp->cur = 0; /* killer index */
    /* fall through */
  case STAGE_KILLER:
    while (mp->cur < 2) {
      int k = mp->cur++;
      if (mp->has_killer[k] && !mp->skip_quiets) {
        *stage = STAGE_KILLER;
        return mp->killers[k];
      }
    }
    mp->stage = STAGE_COUNTER;
    /* fall through */
  case STAGE_COUNTER:
    mp->stage = STAGE_QUIET;
    if (mp->has_counter && !mp->skip_quiets) {
      *stage = STAGE_COUNTER;
      return mp->counter;
    }
    /* fall through */
  case STAGE_QUIET:
    if (mp->quiet_cur == mp->tactical_end && !mp->skip_quiets && !mp->quiets_unordered) {
      Color us = pos_side_to_move(pos);
      for (int i = mp->tactical_end; i < mp->quiet_end; i++) {
        Move m = mp->list->moves[i];
        mp->scores[i] = history_quiet(thread, mp->ply, us, move_mover_type(pos, m), m);
      }
    }
    if (!mp->skip_quiets && mp->quiet_cur < mp->quiet_end) {
      if (!mp->quiets_unordered) pick_best(mp, mp->quiet_cur, mp->quiet_end);
      *stage = STAGE_QUIET;
      return mp->list->moves[mp->quiet_cur++];
    }
    mp->stage = STAGE_BAD_CAPTURE;
    mp->cur = 0;
    /* fall through */
  case STAGE_BAD_CAPTURE:
    if (mp->cur < mp->bad_end) {
      *stage = STAGE_BAD_CAPTURE;
      return mp->list->moves[mp->cur++];
    }
    mp->stage = STAGE_DONE;
    /* fall through */
  case STAGE_DONE: break;
  }
  return MOVE_NONE_VALUE;
}
