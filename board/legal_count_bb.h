/* legal_count_bb.h — the bitboard leaf counter and royal tests of one
 * width (internal template: legal.c includes it once per BB_BITS, see
 * bb_names.h). It uses find_pinned, pos_attacked and the generators of
 * movegen_walk.h.
 */
#include "board/bb_names.h"

/* Whether a royal of colour c is attacked: the royals straight from the
 * bitboards, no piece-list scan (one royal suffices: not royal_duple). */
static bool BBW(royal_attacked)(const Position *pos, Color c, uint64_t royal_types) {
  for (bb_t b = BBW(pieces_of)(pos, c, royal_types); b; b &= b - 1)
    if (pos_attacked(pos, BBW(lsb)(b), (Color)!c)) return true;
  return false;
}

/* Population count in the leaf counter: the POPCNT instruction where the
 * CPU has it (hw, a constant after inlining), else the portable one. */
static inline int BBW(count_bits)(bb_t b, bool hw) {
#if BB_BITS == 64
  return hw ? __builtin_popcountll(b) : bb64_popcount(b);
#else
  return hw ? __builtin_popcountll((uint64_t)b) + __builtin_popcountll((uint64_t)(b >> 64))
            : bb128_popcount(b);
#endif
}

/* The bitboard part of gen_legal_count (see there); hw selects POPCNT. */
static inline __attribute__((always_inline)) int BBW(count)(const Position *pos, MoveList *list,
                                                            bool hw) {
  const BoardTables *t = pos->tables;
  const BbTables *bb = BBT(t);
  const VariantRules *r = &pos->variant->rules;
  Color us = pos->side;
  bb_t pinned_bb = 0;
  if (bb->all_attack_ok[!us]) {
    pinned_bb = BBW(pinned)(pos, BBW(pieces_of)(pos, us, bb_type_word(t->royal_mask[us])));
  } else {
    Square pinned[PINNED_MAX];
    int pinned_nb = find_pinned(pos, pinned);
    for (int i = 0; i < pinned_nb; i++) pinned_bb |= BB_ONE << pinned[i];
  }
  int count = 0;
  list->count = 0;
  /* Whole types at once: leaper legs by shifting the type's bitboard. */
  bb_t done = 0;
  bb_t occupied = BBW(occupied)(pos);
  bb_t empty = ~occupied & bb->board_mask, enemy = BBP(pos).color[!us];
  bb_t reachable = empty | enemy;
  bool ep_live = false;
  if (pos->st.ep_count) {
    Piece victim = pos->board[pos->st.ep_victim];
    ep_live = piece_is_real(victim) && piece_color(victim) != us;
  }
  for (uint64_t types = bb->count_types[us]; types; types &= types - 1) {
    int type = __builtin_ctzll(types);
    bb_t mine = BBP(pos).type[type] & BBP(pos).color[us] & ~pinned_bb;
    size_t k = (size_t)type * COLOR_NB + (size_t)us;
    if (!mine) continue;
    done |= mine;
    uint64_t choices = bb_type_word(pos->variant->pieces[type].promotes_to);
    if (bb_type_word(r->promotion_types[us])) choices &= bb_type_word(r->promotion_types[us]);
    int promos = choices ? (hw ? __builtin_popcountll(choices) : bb64_popcount(choices)) : 0;
    if (!promos && !bb->special_nb[k] && !bb->ep_nb[k] &&
        2 * BBW(count_bits)(mine, hw) <= bb->shift_nb[k]) {
      /* few pieces with many legs (knights): one mask per piece is cheaper
       * than one shift per leg; the masks hold exactly the same legs */
      for (bb_t b = mine; b; b &= b - 1) {
        int sq = BBW(lsb)(b);
        bb_t to = (bb->leap_quiet[k][sq] & empty) | (bb->leap_capture[k][sq] & enemy);
        if (bb->rider_nb[k])
          to |= bb->slide_plain[k] ? BBW(slides)(bb, k, sq, occupied) & reachable
                                   : BBW(rider_targets)(pos, sq, type, us);
        count += BBW(count_bits)(to, hw);
      }
      continue;
    }
    bb_t zone = promos ? bb->promo_zone[us] : 0;
    for (int i = 0; i < bb->shift_nb[k]; i++) {
      const BbShiftLeg *sl = &bb->shift[k][i];
      bb_t src = mine & sl->from_mask, dst;
      if (sl->initial) src &= bb->start_mask[k];
      if (sl->twice) {
        dst = BBW(shift)(BBW(shift)(src, sl->delta) & empty, sl->delta) & empty;
      } else {
        dst = BBW(shift)(src, sl->delta) &
              ((sl->occupancy & OCC_EMPTY ? empty : 0) | (sl->occupancy & OCC_ENEMY ? enemy : 0));
      }
      count += BBW(count_bits)(dst & ~zone, hw) +
               (promos ? promos * BBW(count_bits)(dst & zone, hw) : 0);
    }
    if (bb->rider_nb[k]) {
      for (bb_t b = mine; b; b &= b - 1) {
        int sq = BBW(lsb)(b);
        count += BBW(count_bits)(bb->slide_plain[k] ? BBW(slides)(bb, k, sq, occupied) & reachable
                                                    : BBW(rider_targets)(pos, sq, type, us),
                                 hw);
      }
    }
    if (ep_live && bb->ep_nb[k]) {
      /* only pieces an e.p. leg brings onto an e.p. square */
      bb_t takers = 0;
      for (int i = 0; i < pos->st.ep_count; i++) takers |= bb->ep_rev[k][pos->st.ep_squares[i]];
      for (bb_t b = mine & takers; b; b &= b - 1) gen_piece_ep(pos, BBW(lsb)(b), list);
    }
  }
  /* A single royal steps where no enemy attacks once it has left its
   * square (bitboard attack tests with the royal removed). */
  int royal_nb = 0;
  for (int type = 0; type < pos->variant->piece_count; type++)
    if (bb_type_word(t->royal_mask[us]) >> type & 1)
      royal_nb += BBW(count_bits)(BBP(pos).type[type] & BBP(pos).color[us], hw);
  bool royal_fast = bb->all_attack_ok[!us] && !r->royal_duple && royal_nb == 1;
  for (bb_t rest = BBP(pos).color[us] & ~done; rest; rest &= rest - 1) {
    int sq = BBW(lsb)(rest), type = piece_type(pos->board[sq]);
    size_t k = (size_t)type * COLOR_NB + (size_t)us;
    if (royal_fast && (bb_type_word(t->royal_mask[us]) >> type & 1) && bb->gen_ok[k] &&
        !bb->special_nb[k] && !bb->ep_nb[k] &&
        !bb_type_word(pos->variant->pieces[type].promotes_to) && !r->confine[us][type]) {
      bb_t from_bit = BB_ONE << sq;
      for (bb_t b = BBW(targets)(pos, sq, type, us); b; b &= b - 1) {
        int to = BBW(lsb)(b);
        bb_t to_bit = BB_ONE << to;
        if (!BBW(attacked_without)(pos, to, (Color)!us, (occupied ^ from_bit) | to_bit, to_bit))
          count++;
      }
      continue;
    }
    bool royal = bb_type_word(t->royal_mask[us]) >> type & 1;
    if (royal || !bb->gen_ok[k] || pinned_bb >> sq & 1 || r->confine[us][type]) {
      gen_piece_moves(pos, sq, list);
      continue;
    }
    bb_t targets = BBW(targets)(pos, sq, type, us);
    if (bb_type_word(pos->variant->pieces[type].promotes_to) &&
        (targets & bb->promo_zone[us] ||
         ((r->promotion_on_leave || r->promotion_on_move) && bb->promo_zone[us] >> sq & 1))) {
      gen_piece_moves(pos, sq, list);
      continue;
    }
    count += BBW(count_bits)(targets, hw);
    if (bb->special_nb[k] || bb->ep_nb[k]) gen_piece_special(pos, sq, list);
  }
  gen_rule_moves(pos, list);
  for (int i = 0; i < list->count; i++) {
    Move m = list->moves[i];
    if (move_kind(m) == MOVE_NORMAL && move_extra1(m) == EXTRA_NONE &&
        !(bb_type_word(t->royal_mask[us]) >> piece_type(pos->board[move_from(m)]) & 1) &&
        !(pinned_bb >> move_from(m) & 1)) {
      count++;
    } else if (move_kind(m) == MOVE_CASTLING && royal_fast &&
               (bb_type_word(t->royal_mask[us]) >> piece_type(pos->board[move_from(m)]) & 1)) {
      /* The single royal castles: legal when it is not attacked on its
       * destination once royal and partner stand on their new squares
       * (nothing is captured; the rules ask nothing else here). */
      int from = move_from(m), partner = move_extra1(m);
      Square royal_to, partner_to;
      pos_castling_squares(pos, us, pos_castling_side(&pos->geo, from, partner), from, partner,
                           &royal_to, &partner_to);
      bb_t after = (occupied & ~(BB_ONE << from) & ~(BB_ONE << partner)) | BB_ONE << royal_to |
                   BB_ONE << partner_to;
      if (!BBW(attacked_without)(pos, royal_to, (Color)!us, after, 0)) count++;
    } else if (pos_is_legal(pos, m)) {
      count++;
    }
  }
  return count;
}

static int BBW(count_portable)(const Position *pos, MoveList *list) {
  return BBW(count)(pos, list, false);
}

/* a copy compiled for POPCNT, chosen at run time (legal.c) */
#ifdef COUNT_BB_POPCNT
__attribute__((target("popcnt"))) static int BBW(count_popcnt)(const Position *pos,
                                                               MoveList *list) {
  return BBW(count)(pos, list, true);
}
#endif
