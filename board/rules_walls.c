/* rules_walls.c — the walls a move places (wall=..., wall[..]): one move per
 * square its wall may take, or with wall=ormove a wall instead of a move.
 * The fields of VariantRules it owns are listed in RULES_WALLS_FIELDS.
 */
#include "board/rules_walls.h"

#include <string.h>

#include "board/movegen_walk.h"
#include "board/tables.h"

const RuleField RULES_WALLS_FIELDS[] = {
    RULE_FIELD(wall_rule),
    RULE_FIELD(wall_or_move),
    RULE_FIELD(wall_zone),
};
const int RULES_WALLS_FIELD_COUNT = (int)(sizeof RULES_WALLS_FIELDS / sizeof RULES_WALLS_FIELDS[0]);

/* wall=edge: sq is on the board's edge or orthogonally next to a wall. */
static bool wall_edge_ok(const Position *pos, int sq) {
  const Geometry *geo = &pos->geo;
  int f = geo_file(geo, sq), rk = geo_rank(geo, sq);
  if (f == 0 || rk == 0 || f == geo->files - 1 || rk == geo->ranks - 1) return true;
  static const int steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (int i = 0; i < 4; i++) {
    Square n = geo_step(geo, sq, steps[i][0], steps[i][1], 0, false, false);
    if (n != SQ_NONE && pos->board[n] == PIECE_WALL) return true;
  }
  return false;
}

/* wall=arrow: marks in reach the empty squares the piece moved by m could
 * move to next, from where it lands (Fairy-Stockfish's moves_bb from `to`
 * with `from` vacated): the move is made, the piece's moves listed, unmade. */
static void wall_arrow_reach(const Position *pos, Move m, uint8_t *reach) {
  static _Thread_local MoveList next;
  Position *p = (Position *)pos; /* make/unmake restores it exactly */
  Undo undo;
  pos_make_move(p, m, &undo);
  p->side = (Color)!p->side;
  next.count = 0;
  if (piece_is_real(p->board[move_to(m)])) gen_piece_moves(p, move_to(m), &next);
  for (int i = 0; i < next.count; i++)
    if (move_kind(next.moves[i]) == MOVE_NORMAL && p->board[move_to(next.moves[i])] == PIECE_NONE)
      reach[move_to(next.moves[i])] = 1;
  p->side = (Color)!p->side;
  pos_unmake_move(p, &undo);
}

/* wall=...: every board move also places a wall (Fairy-Stockfish's walling),
 * one move per square the wall may take: a square empty after the move (the
 * mover's start included, its destination not), in wall[..]'s squares, and
 * by the rule: arrow where the moved piece could move next, past on the
 * start, edge on the board's edge or next to a wall, duck and static
 * anywhere. Drops place no wall. With wall=ormove the moves place none and a
 * side may place a wall instead, written as a pass of its piece on the
 * lowest square (a1a1,a1a3). */
void rules_gen_walls(const Position *pos, MoveList *list) {
  const VariantRules *r = &pos->variant->rules;
  const Geometry *geo = &pos->geo;
  Color us = pos->side;
  const uint8_t *zone = r->wall_zone[us];
  int sq_nb = geo->sq_nb;
  /* where a wall may go, occupancy aside */
  static _Thread_local uint8_t rule_ok[SQUARE_MAX], reach[SQUARE_MAX];
  for (int sq = 0; sq < sq_nb; sq++)
    rule_ok[sq] = pos->board[sq] != PIECE_WALL && (!zone || zone[sq]) &&
                  (r->wall_rule != WALL_EDGE || wall_edge_ok(pos, sq));
  if (r->wall_or_move) {
    int lowest = -1;
    for (int i = 0; i < pos->pcount[us]; i++)
      if (lowest < 0 || pos->plist[us][i] < lowest) lowest = pos->plist[us][i];
    if (lowest < 0) return;
    Move pass = move_make(lowest, lowest, MOVE_PASS, 0, EXTRA_NONE, EXTRA_NONE, 0);
    for (int sq = 0; sq < sq_nb; sq++)
      if (rule_ok[sq] && pos->board[sq] == PIECE_NONE)
        move_list_push(list, move_with_wall(pass, sq));
    return;
  }
  static _Thread_local Move base[MOVE_LIST_MAX];
  int n = list->count;
  memcpy(base, list->moves, (size_t)n * sizeof(Move));
  list->count = 0;
  for (int i = 0; i < n; i++) {
    Move m = base[i];
    MoveKind kind = move_kind(m);
    if (kind == MOVE_DROP) {
      move_list_push(list, m);
      continue;
    }
    int from = move_from(m), to = move_to(m);
    /* squares the move empties and fills besides from and to */
    int vacated = EXTRA_NONE, filled1 = to, filled2 = to;
    if (kind == MOVE_EN_PASSANT || (kind == MOVE_NORMAL && move_extra1(m) != EXTRA_NONE))
      vacated = move_extra1(m);
    if (kind == MOVE_CASTLING) {
      Square royal_to, partner_to;
      pos_castling_squares(pos, us, pos_castling_side(geo, from, move_extra1(m)), from,
                           move_extra1(m), &royal_to, &partner_to);
      vacated = move_extra1(m);
      filled1 = royal_to;
      filled2 = partner_to;
    }
    if (r->wall_rule == WALL_ARROW) {
      memset(reach, 0, (size_t)sq_nb);
      wall_arrow_reach(pos, m, reach);
    }
    int lo = r->wall_rule == WALL_PAST ? from : 0,
        hi = r->wall_rule == WALL_PAST ? from + 1 : sq_nb;
    for (int sq = lo; sq < hi; sq++) {
      if (!rule_ok[sq] || sq == filled1 || sq == filled2) continue;
      if (pos->board[sq] != PIECE_NONE && !(sq == from && from != to) && sq != vacated) continue;
      if (r->wall_rule == WALL_ARROW && !reach[sq]) continue;
      move_list_push(list, move_with_wall(m, sq));
    }
  }
}
