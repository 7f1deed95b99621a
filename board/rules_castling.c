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

/* One line of the board a castling runs along: square = base + t * stride
 * (a rank: t the file, stride 1; a file, for MBN's O-O-O-O: t the rank,
 * stride the width of a rank). */
typedef struct {
  int base, stride;
} CastlingLine;

/* Whether the royal (t[0] to t[1] on line) and its partner (t[2] to t[3])
 * may castle: every square between the lowest and highest of the four empty
 * but for the two of them (each may pass the other; a hexagonal board's
 * holes between cells are no squares: MBN §15, decision 52), and a royal
 * never starting on, passing or reaching an attacked square (a non-royal
 * castler, extinction variants' king, is never impeded). start_attacked
 * keeps the start square's answer for the next side (-1: not asked yet). */
static bool castling_line_clear(const Position *pos, CastlingLine line, const int t[4],
                                Square royal, Square partner, int *start_attacked) {
  const VariantRules *r = &pos->variant->rules;
  const uint8_t *lattice =
      pos->variant->shape.hex != BOARD_SQUARE ? pos->variant->shape.hole : NULL;
  int lo = t[0], hi = t[0];
  for (int i = 1; i < 4; i++) {
    if (t[i] < lo) lo = t[i];
    if (t[i] > hi) hi = t[i];
  }
  bool ok = true;
  if (line.stride == 1 && !lattice && pos->tables->bb64) {
    ok = bb64_castling_path_clear(pos, line.base, lo, hi, royal, partner);
  } else if (line.stride == 1 && !lattice && pos->tables->bb128) {
    ok = bb128_castling_path_clear(pos, line.base, lo, hi, royal, partner);
  } else {
    for (int i = lo; i <= hi && ok; i++) {
      int s = line.base + i * line.stride;
      ok = s == royal || s == partner || pos->board[s] == PIECE_NONE || (lattice && lattice[s]);
    }
  }
  Color us = pos->side;
  if (!ok || r->royal_may_be_exposed || !pos->tables->royal_of[us][piece_type(pos->board[royal])])
    return ok;
  /* Atomic (Fairy-Stockfish's pseudo-royal king): the path is tested with
   * the king lifted off its square and without the destination (unless it
   * is the start: never castle out of check), which the legality test
   * checks after the move. */
  int a = t[0], b = t[1], dir = b >= a ? 1 : -1;
  bool lifted = r->atomic;
  Undo lift;
  if (lifted) pos_lift_piece((Position *)pos, royal, &lift);
  for (int i = a; ok && !(lifted && i == b && i != a); i += dir) {
    int s = line.base + i * line.stride;
    if (!(lattice && lattice[s])) {
      if (i == a && !lifted) {
        /* the start square is asked once for both sides */
        if (*start_attacked < 0) *start_attacked = pos_royal_square_attacked(pos, s, us);
        if (*start_attacked) ok = false;
      } else if (pos_royal_square_attacked(pos, s, us) ||
                 (r->kings_may_not_face && square_faces_royal(pos, s, us))) {
        ok = false;
      }
    }
    if (i == b) break;
  }
  if (lifted) pos_unlift_piece((Position *)pos, &lift);
  return ok;
}

/* Castling: the royal and its partner go to their files (MBN's O-O-O-O:
 * ranks, along the royal's file). */
void rules_gen_castling(const Position *pos, MoveList *list) {
  const VariantRules *r = &pos->variant->rules;
  Color us = pos->side;
  Square royal = pos->st.castle_royal[us];
  if (!r->castling.enabled || royal == SQ_NONE) return;
  const Geometry *geo = &pos->geo;
  int start_attacked = -1; /* unknown yet */
  for (int side = 0; side < CASTLE_SIDES; side++) {
    Square partner = pos->st.castle_partner[us][side];
    if (partner == SQ_NONE) continue;
    Square royal_to, partner_to;
    pos_castling_squares(pos, us, side, royal, partner, &royal_to, &partner_to);
    if (royal_to == SQ_NONE || partner_to == SQ_NONE) continue;
    /* the indirect form's royal slides: it must leave its square */
    if (side != CASTLE_VERTICAL && r->castling.origin[side] == CASTLE_FROM_PARTNER &&
        royal_to == royal)
      continue;
    CastlingLine line;
    int t[4];
    if (side == CASTLE_VERTICAL) {
      line = (CastlingLine){geo_square(geo, geo_file(geo, royal), 0, geo_level(geo, royal)),
                            geo->files};
      t[0] = geo_rank(geo, royal), t[1] = geo_rank(geo, royal_to);
      t[2] = geo_rank(geo, partner), t[3] = geo_rank(geo, partner_to);
    } else {
      /* the four files lie on the royal's rank: flat indices of one row */
      line = (CastlingLine){royal - geo_file(geo, royal), 1};
      t[0] = geo_file(geo, royal), t[1] = geo_file(geo, royal_to);
      t[2] = geo_file(geo, partner), t[3] = geo_file(geo, partner_to);
    }
    if (castling_line_clear(pos, line, t, royal, partner, &start_attacked))
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
