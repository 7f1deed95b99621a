/* rules_castling.c — the moves castling and gating add (royal=castle,
 * castling=..., gating): the royal and its partner moving together, and a
 * piece from the hand entering on a square a move leaves. The fields of
 * VariantRules it owns are listed in RULES_CASTLING_FIELDS.
 */
#include "board/rules_castling.h"

#include "board/bb.h"
#include "board/movegen_walk.h"
#include "board/tables.h"

const RuleField RULES_CASTLING_FIELDS[] = {
    RULE_FIELD(castling),          RULE_FIELD(castling_dropped), RULE_FIELD(castling_wins),
    RULE_FIELD(castling_opposite), RULE_FIELD(chess960),         RULE_FIELD(gating),
    RULE_FIELD(gating_zone),
};
const int RULES_CASTLING_FIELD_COUNT =
    (int)(sizeof RULES_CASTLING_FIELDS / sizeof RULES_CASTLING_FIELDS[0]);

/* Xiangqi's flying general is an attack on a square the royal passes while
 * castling: an open file from it to an enemy royal (Fairy-Stockfish,
 * synochess). */
static bool square_faces_royal(const Position *pos, int s, Color us) {
  const Geometry *geo = &pos->geo;
  const bool *royal = pos->tables->royal_either;
  for (int dir = -1; dir <= 1; dir += 2) {
    for (int r = geo_rank(geo, s) + dir; r >= 0 && r < geo->ranks; r += dir) {
      Piece p = pos->board[s + (r - geo_rank(geo, s)) * geo->files];
      if (p == PIECE_NONE) continue;
      if (piece_is_real(p) && piece_color(p) != us && royal[piece_type(p)]) return true;
      break;
    }
  }
  return false;
}

/* The lowest and highest of the four lines (files or ranks) a castling
 * touches: the royal's and the partner's, before and after. */
static void span_of_four(const int v[4], int *lo, int *hi) {
  *lo = *hi = v[0];
  for (int i = 1; i < 4; i++) {
    if (v[i] < *lo) *lo = v[i];
    if (v[i] > *hi) *hi = v[i];
  }
}

/* MBN's vertical castling (O-O-O-O): the royal and its partner on one file
 * go to their ranks; the squares between the four must be empty (each may
 * pass the other) and a royal may not start on, pass or reach an attacked
 * square. */
static void gen_vertical_castling(const Position *pos, Square royal, Square partner,
                                  MoveList *list) {
  const Geometry *geo = &pos->geo;
  Color us = pos->side;
  Square royal_to, partner_to;
  pos_castling_squares(pos, us, CASTLE_VERTICAL, royal, partner, &royal_to, &partner_to);
  if (royal_to == SQ_NONE || partner_to == SQ_NONE) return;
  int ranks[4] = {geo_rank(geo, royal), geo_rank(geo, royal_to), geo_rank(geo, partner),
                  geo_rank(geo, partner_to)};
  int lo, hi;
  span_of_four(ranks, &lo, &hi);
  int file = geo_file(geo, royal), level = geo_level(geo, royal);
  for (int rank = lo; rank <= hi; rank++) {
    Square s = geo_square(geo, file, rank, level);
    if (s != royal && s != partner && pos->board[s] != PIECE_NONE) return;
  }
  if (!pos->variant->rules.royal_may_be_exposed &&
      pos->tables->royal_of[us][piece_type(pos->board[royal])]) {
    int a = ranks[0], b = ranks[1], dir = b >= a ? 1 : -1;
    for (int rank = a;; rank += dir) {
      Square s = geo_square(geo, file, rank, level);
      if (pos_royal_square_attacked(pos, s, us) ||
          (pos->variant->rules.kings_may_not_face && square_faces_royal(pos, s, us)))
        return;
      if (rank == b) break;
    }
  }
  move_list_push(list, move_make(royal, royal_to, MOVE_CASTLING, 0, partner, EXTRA_NONE, 0));
}

/* Castling: the royal and its partner go to their files; everything between
 * must be empty and the royal may not pass an attacked square. */
void rules_gen_castling(const Position *pos, MoveList *list) {
  const VariantRules *r = &pos->variant->rules;
  Color us = pos->side;
  Square royal = pos->st.castle_royal[us];
  if (!r->castling.enabled || royal == SQ_NONE) return;
  const Geometry *geo = &pos->geo;
  if (pos->st.castle_partner[us][CASTLE_VERTICAL] != SQ_NONE)
    gen_vertical_castling(pos, royal, pos->st.castle_partner[us][CASTLE_VERTICAL], list);
  int start_attacked = -1; /* unknown yet */
  /* On a hexagonal board the holes between the cells of a rank are no
   * squares: the path goes from cell to cell (MBN §15, decision 52). */
  const uint8_t *lattice =
      pos->variant->shape.hex != BOARD_SQUARE ? pos->variant->shape.hole : NULL;
  for (int side = 0; side < 2; side++) {
    Square partner = pos->st.castle_partner[us][side];
    if (partner == SQ_NONE) continue;
    Square royal_to, partner_to;
    pos_castling_squares(pos, us, side, royal, partner, &royal_to, &partner_to);
    if (royal_to == SQ_NONE || partner_to == SQ_NONE) continue;
    /* the indirect form's royal slides: it must leave its square */
    if (r->castling.origin[side] == CASTLE_FROM_PARTNER && royal_to == royal) continue;
    int files[4] = {geo_file(geo, royal), geo_file(geo, royal_to), geo_file(geo, partner),
                    geo_file(geo, partner_to)};
    int lo, hi;
    span_of_four(files, &lo, &hi);
    /* the four files lie on the royal's rank: flat indices of one row */
    int row = royal - files[0];
    bool ok = true;
    if (pos->tables->bb64 && !lattice) {
      ok = bb64_castling_path_clear(pos, row, lo, hi, royal, partner);
    } else if (pos->tables->bb128 && !lattice) {
      ok = bb128_castling_path_clear(pos, row, lo, hi, royal, partner);
    } else {
      for (int f = lo; f <= hi && ok; f++) {
        int s = row + f;
        ok = s == royal || s == partner || pos->board[s] == PIECE_NONE || (lattice && lattice[s]);
      }
    }
    if (!ok) continue;
    /* Only a royal may not castle out of, through or into attack; a
     * non-royal castler (extinction variants' king) is never impeded. */
    if (!r->royal_may_be_exposed && pos->tables->royal_of[us][piece_type(pos->board[royal])]) {
      int a = geo_file(geo, royal), b = geo_file(geo, royal_to), dir = b >= a ? 1 : -1;
      /* Atomic (Fairy-Stockfish's pseudo-royal king): the path is tested
       * with the king lifted off its square and without the destination
       * (unless it is the start: never castle out of check), which the
       * legality test checks after the move. */
      bool lifted = r->atomic;
      Undo lift;
      if (lifted) pos_lift_piece((Position *)pos, royal, &lift);
      for (int f = a; ok && !(lifted && f == b && f != a); f += dir) {
        int s = row + f;
        if (lattice && lattice[s]) continue;
        if (f == a && !lifted) {
          /* the start square is asked once for both sides */
          if (start_attacked < 0) start_attacked = pos_royal_square_attacked(pos, s, us);
          if (start_attacked) ok = false;
        } else if (pos_royal_square_attacked(pos, s, us) ||
                   (r->kings_may_not_face && square_faces_royal(pos, s, us))) {
          ok = false;
        }
        if (f == b) break;
      }
      if (lifted) pos_unlift_piece((Position *)pos, &lift);
    }
    if (ok)
      move_list_push(list, move_make(royal, royal_to, MOVE_CASTLING, 0, partner, EXTRA_NONE, 0));
  }
}

/* Seirawan gating: a move leaving a gate (an unmoved piece on the gating
 * squares) may bring any piece of the hand onto the vacated square; castling
 * may gate on the royal's or the partner's start. Fairy-Stockfish gates
 * normal and castling moves only, never multi-capture moves. */
void rules_gen_gating(const Position *pos, MoveList *list) {
  const VariantRules *r = &pos->variant->rules;
  Color us = pos->side;
  const uint8_t *zone = r->gating_zone[us];
  int n = list->count;
  for (int i = 0; i < n; i++) {
    Move m = list->moves[i];
    MoveKind kind = move_kind(m);
    if (kind != MOVE_NORMAL && kind != MOVE_CASTLING) continue;
    if (kind == MOVE_NORMAL && move_extra2(m) != EXTRA_NONE) continue;
    /* The gate must be empty after the move: a Chess960 castling may land
     * the royal or the partner on the other's start. */
    Square royal_to = SQ_NONE, partner_to = SQ_NONE;
    if (kind == MOVE_CASTLING) {
      pos_castling_squares(pos, us, pos_castling_side(&pos->geo, move_from(m), move_extra1(m)),
                           move_from(m), move_extra1(m), &royal_to, &partner_to);
    } else if (move_to(m) == move_from(m)) {
      continue;
    }
    for (int partner = 0; partner < 1 + (kind == MOVE_CASTLING); partner++) {
      int gate = partner ? move_extra1(m) : move_from(m);
      if (!(pos->board[gate] & PIECE_UNMOVED) || (zone && !zone[gate])) continue;
      if (gate == royal_to || gate == partner_to) continue;
      for (int type = 0; type < pos->variant->piece_count; type++) {
        /* Fairy-Stockfish gates only where the type may also be dropped. */
        const uint8_t *drop_zone = r->drop_zone[us][type];
        if (pos->hand[us][type] && (!drop_zone || drop_zone[gate]))
          move_list_push(list, move_with_gate(m, type, partner));
      }
    }
  }
}
