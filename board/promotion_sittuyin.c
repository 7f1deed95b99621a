/* promotion_sittuyin.c — promotion=sittuyin, Fairy-Stockfish's sittuyin
 * promotion. A pawn does not promote by moving: instead, as a move of its
 * own, a pawn standing in the zone (any pawn, once it is the side's last of
 * its type) turns into its promotion type, either where it stands or on an
 * empty square that type could step to from there. The new piece may attack
 * no enemy piece, and (board/legal.c) the move may not give check. The
 * promotion rule's to{..}, available and limit(N){..} still choose the types
 * (sittuyin: limit(1){F}, only while the side has no ferz). */
#include "board/movegen.h"
#include "board/movegen_walk.h"
#include "board/rules_promotion.h"
#include "board/tables.h"

#define SITTUYIN_TARGETS_MAX 64

/* The moves of the piece now on sq, for the colour that owns it (the side
 * that just moved in p). */
static void moves_of_placed(Position *p, Color us, int sq, MoveList *out) {
  p->side = us;
  out->count = 0;
  gen_piece_moves(p, sq, out);
  p->side = (Color)!us;
}

static bool type_allowed(const Position *pos, Color us, int type) {
  const VariantRules *r = &pos->variant->rules;
  if (type_set_any(r->promotion_types[us]) && !type_set_has(&r->promotion_types[us], type))
    return false;
  if (r->promote_to_captured &&
      pos_count_pieces(pos, us, type) >= pos->tables->start_count[us][type])
    return false;
  if (r->promotion_limit[type] && pos_count_pieces(pos, us, type) >= r->promotion_limit[type])
    return false;
  return true;
}

/* Appends the promotions of the pawn on sq into `type`. */
static void gen_pawn_promotions(const Position *pos, int sq, int type, MoveList *list) {
  static _Thread_local MoveList steps;
  Position *p = (Position *)pos; /* make/unmake restores it exactly */
  Color us = pos->side;
  Square targets[SITTUYIN_TARGETS_MAX];
  int target_nb = 0;
  targets[target_nb++] = sq;
  /* Where the new piece could step from the pawn's square. */
  Undo undo;
  Move here = move_make(sq, sq, MOVE_NORMAL, type + 1, EXTRA_NONE, EXTRA_NONE, 0);
  pos_make_move(p, here, &undo);
  moves_of_placed(p, us, sq, &steps);
  for (int i = 0; i < steps.count && target_nb < SITTUYIN_TARGETS_MAX; i++) {
    Move m = steps.moves[i];
    if (move_kind(m) != MOVE_NORMAL || move_extra1(m) != EXTRA_NONE ||
        p->board[move_to(m)] != PIECE_NONE)
      continue;
    bool seen = false;
    for (int k = 0; k < target_nb; k++) seen |= targets[k] == move_to(m);
    if (!seen) targets[target_nb++] = (Square)move_to(m);
  }
  pos_unmake_move(p, &undo);
  /* Each target, unless the new piece would attack an enemy piece there. */
  for (int k = 0; k < target_nb; k++) {
    Move m = move_make(sq, targets[k], MOVE_NORMAL, type + 1, EXTRA_NONE, EXTRA_NONE, 0);
    pos_make_move(p, m, &undo);
    moves_of_placed(p, us, targets[k], &steps);
    bool attacks = false;
    for (int i = 0; i < steps.count && !attacks; i++) {
      Piece victim = p->board[move_to(steps.moves[i])];
      attacks = piece_is_real(victim) && piece_color(victim) != us;
    }
    pos_unmake_move(p, &undo);
    if (!attacks) move_list_push(list, m);
  }
}

void gen_sittuyin_promotions(const Position *pos, MoveList *list) {
  const Variant *v = pos->variant;
  if (!v->rules.promotion_sittuyin) return;
  Color us = pos->side;
  /* Collect first: generating makes and unmakes moves, which changes plist meanwhile. */
  Square pawns[SITTUYIN_TARGETS_MAX];
  int pawn_nb = 0;
  for (int i = 0; i < pos->pcount[us] && pawn_nb < SITTUYIN_TARGETS_MAX; i++) {
    int sq = pos->plist[us][i];
    if (type_set_any(v->pieces[piece_type(pos->board[sq])].promotes_to))
      pawns[pawn_nb++] = (Square)sq;
  }
  for (int i = 0; i < pawn_nb; i++) {
    int sq = pawns[i], pawn = piece_type(pos->board[sq]);
    /* Pawns promote from the zone, except a side's last one, anywhere. */
    if (pos_count_pieces(pos, us, pawn) > 1 && !rules_promotion_zone(pos->tables, us, pawn)[sq])
      continue;
    TypeSet to = *piece_promotions(&v->pieces[pawn], us);
    for (int type = 0; type < v->piece_count; type++)
      if (type_set_has(&to, type) && type_allowed(pos, us, type))
        gen_pawn_promotions(pos, sq, type, list);
  }
}
