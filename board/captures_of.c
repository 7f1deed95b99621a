/* captures_of.c — the moves that capture one given piece, for the search's
 * static exchange evaluation.
 *
 * Generating every move and filtering would cost a full generation per
 * exchange step (hundreds of moves on a 12x12 board). Instead each piece of
 * the side to move is first asked, by the exact attack walk (legal.c's
 * attacker test, after the cheap reach filter), whether it can capture on the
 * square at all; only the pieces that can have their moves generated, and of
 * those the moves capturing the piece are kept (a plain leaper or slider has
 * just the one, built directly). So promotions, confinement,
 * multi-leg captures (a lion taking the piece on its first step) and e.p.
 * come out exactly as in move generation.
 *
 * Where the bitboards cover every piece and a capture removes only the
 * piece on its square, the whole exchange is also played on bitboards
 * (pos_exchange_fast, the loop in bb_body.h): attackers of the square by
 * occupancy, cheapest first, no move made. It answers only what it can
 * answer exactly as the played exchange would (test_search_see.c compares
 * the two on random positions of every shipped variant) and leaves the
 * rest (promotions, confinement, royals) to the search's played one.
 */
#include <string.h>

#include "board/bb.h"
#include "board/movegen.h"
#include "board/movegen_walk.h"
#include "board/tables.h"

/* Whether the move removes the piece standing on sq. */
static bool move_takes(Move m, int sq) {
  if (move_is_normal(m) && move_to(m) == sq) return true;
  int16_t buf[2];
  const int16_t *side;
  int n = move_side_captures(m, buf, &side);
  for (int i = 0; i < n; i++)
    if (side[i] == sq) return true;
  return false;
}

/* Whether the type's capture onto a square it attacks is the one plain
 * move from -> to, as move generation writes it. */
static bool capture_is_single(const Position *pos, int type, Color us) {
  const Variant *v = pos->variant;
  if (!pos->tables->plain[type][us] || !pos->tables->direct[type][us]) return false;
  const MoveProgram *prog = &v->pieces[type].moves[us];
  for (int i = 0; i < prog->leg_count; i++)
    if (prog->legs[i].flags & LEG_EP_VICTIM) return false;
  return true;
}

int gen_captures_of(const Position *pos, int sq, MoveList *list) {
  list->count = 0;
  if (sq < 0 || sq >= pos->geo.sq_nb) return 0;
  Color us = pos->side;
  Piece victim = pos->board[sq];
  if (!piece_is_real(victim) || piece_color(victim) == us) return 0;
  const BoardTables *t = pos->tables;
  const Geometry *geo = &pos->geo;
  /* The attack walk leaves e.p. out: an e.p. victim is asked of everyone. */
  bool ep_victim = pos->st.ep_count && pos->st.ep_victim == sq;
  /* Bitboards answer "nobody can capture there", the usual case, at once. */
  if (!ep_victim && t->bb64 && t->bb64->all_attack_ok[us] &&
      !bb64_attacked(pos, sq, us, bb64_occupied(pos)))
    return 0;
  if (!ep_victim && t->bb128 && t->bb128->all_attack_ok[us] &&
      !bb128_attacked(pos, sq, us, bb128_occupied(pos)))
    return 0;
  /* Types the bitboards answer for are asked there (a few instructions);
   * the others take the attack walk. */
  const bool *attack_ok = t->bb64 ? t->bb64->attack_ok : t->bb128 ? t->bb128->attack_ok : NULL;
  uint64_t occupied64 = t->bb64 ? bb64_occupied(pos) : 0;
  bb128_t occupied128 = t->bb128 ? bb128_occupied(pos) : 0;
  int tf = geo_file(geo, sq), tr = geo_rank(geo, sq);
  Walk w;
  bool walk_ready = false; /* set up on the first piece that needs the walk */
  for (int i = 0; i < pos->pcount[us]; i++) {
    int from = pos->plist[us][i];
    int type = piece_type(pos->board[from]);
    if (!ep_victim) {
      const uint8_t *reach = t->reach[type][us];
      if (reach) {
        int dx = tf - geo_file(geo, from), dy = tr - geo_rank(geo, from);
        if (!reach[tables_reach_cell(geo, dx, dy)]) continue;
      }
    }
    if (!ep_victim && attack_ok && attack_ok[type * COLOR_NB + us]) {
      bool hits = t->bb64 ? bb64_piece_attacks(pos, from, type, us, sq, occupied64)
                          : bb128_piece_attacks(pos, from, type, us, sq, occupied128);
      if (!hits) continue;
    } else if (!ep_victim) {
      if (!walk_ready) walk_init(&w, pos, us, sq, NULL), walk_ready = true;
      w.found = false;
      walk_piece(&w, from);
      if (!w.found) continue;
    }
    /* A plain leaper or slider that cannot promote, is not confined and
     * marks no e.p. squares has exactly one move onto the square: no need to
     * generate the others. */
    if (!ep_victim && capture_is_single(pos, type, us)) {
      move_list_push(list, move_make(from, sq, MOVE_NORMAL, 0, EXTRA_NONE, EXTRA_NONE, 0));
      continue;
    }
    int start = list->count;
    gen_piece_moves(pos, from, list);
    int kept = start;
    for (int k = start; k < list->count; k++)
      if (move_takes(list->moves[k], sq)) list->moves[kept++] = list->moves[k];
    list->count = kept;
  }
  return list->count;
}

int pos_exchange_fast(const Position *pos, Move m, const ExchangeValues *values, int gain,
                      int threshold) {
  const BoardTables *t = pos->tables;
  if (move_kind(m) != MOVE_NORMAL || move_extra1(m) != EXTRA_NONE || move_extra2(m) != EXTRA_NONE ||
      move_flags(m) || t->capture_effects || t->flips)
    return -1;
  if (t->bb64) return bb64_exchange(pos, m, values, gain, threshold);
  if (t->bb128) return bb128_exchange(pos, m, values, gain, threshold);
  return -1;
}
