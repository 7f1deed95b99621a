/* move_effects.c — what a move does beyond moving its piece, taking what
 * stands on its destination, promoting and gating: captures on the way
 * (long moves), flips of MBN's x, atomic blasts and petrified capturers,
 * castling rights granted by drops, royal=aimed, walls, flip=line/around,
 * and ii royals losing their initial moves with a check.
 *
 * Each is a rule of the variant that make (position.c) calls only where the
 * move or the variant's tables say it applies; each logs every cell and hand
 * count it changes through position_cells.h, so unmake reverts it with no
 * code of its own (the long moves' spill log aside). Most are out of line:
 * the variants without them pay one test on the hot path.
 */
#include "board/move_effects.h"

#include <stdio.h>
#include <stdlib.h>

#include "board/move_long.h"
#include "board/position_cells.h"

const RuleField RULES_EFFECTS_FIELDS[] = {
    RULE_FIELD(atomic),        RULE_FIELD(atomic_immune), RULE_FIELD(atomic_unblastable),
    RULE_FIELD(atomic_mutual), RULE_FIELD(petrify),       RULE_FIELD(flip_rule),
    RULE_FIELD(flip_backed),
};
const int RULES_EFFECTS_FIELD_COUNT =
    (int)(sizeof RULES_EFFECTS_FIELDS / sizeof RULES_EFFECTS_FIELDS[0]);

/* The captures and flips of long move m on its side squares, logged in the
 * spill log (Undo.spill_from); whether it took anything. Out of line: only
 * variants with such pieces come here. */
__attribute__((noinline)) bool effects_capture_long(Position *pos, Move m, Color us, Undo *undo) {
  int n;
  const int16_t *squares = move_long_squares(move_long_id(m), &n, NULL);
  undo->spill_from = pos->spill_len;
  undo->long_cells = undo->change_count;
  undo->long_hands = undo->hand_change_count;
  if (pos->spill_len + n > pos->spill_cap) {
    int cap = pos->spill_cap ? 2 * pos->spill_cap : 256;
    while (cap < pos->spill_len + n) cap *= 2;
    SquareChange *grown = realloc(pos->spill, (size_t)cap * sizeof *grown);
    if (!grown) {
      fprintf(stderr, "chimera: out of memory making a move that captures %d pieces\n", n);
      abort();
    }
    pos->spill = grown;
    pos->spill_cap = cap;
  }
  bool took = false;
  for (int i = 0; i < n; i++) {
    int sq = squares[i] & MOVE_LONG_SQUARE_MASK;
    Piece victim = pos->board[sq];
    if (!piece_is_real(victim)) continue;
    if (squares[i] & MOVE_LONG_FLIP) { /* MBN's x: the piece changes colour */
      pos->spill[pos->spill_len++] = (SquareChange){(Square)sq, victim, pos->pindex[sq]};
      cell_set(pos, sq, piece_flipped(victim));
      continue;
    }
    if (pos->variant->rules.holdings) {
      int type = hand_type_of(pos, victim), k = pos->hand[us][type];
      if (k) pos->st.key ^= zobrist_hand(us, type, k);
      assert(k + 1 < 256);
      pos->hand[us][type] = (uint8_t)(k + 1);
      pos->st.key ^= zobrist_hand(us, type, k + 1);
    }
    pos->spill[pos->spill_len++] = (SquareChange){(Square)sq, victim, pos->pindex[sq]};
    cell_set(pos, sq, PIECE_NONE);
    took = true;
  }
  return took;
}

/* Puts back what effects_capture_long took, last first (the key is in PosState). */
void effects_uncapture_long(Position *pos, const Undo *undo) {
  Color us = (Color)!pos->side; /* the side that made the move */
  for (int i = pos->spill_len - 1; i >= undo->spill_from; i--) {
    const SquareChange *c = &pos->spill[i];
    bool captured = pos->board[c->sq] == PIECE_NONE; /* else flipped */
    if (captured && pos->variant->rules.holdings) pos->hand[us][hand_type_of(pos, c->old)]--;
    cell_revert(pos, c->sq, c->old, c->index);
  }
  pos->spill_len = undo->spill_from;
}

/* Atomic: a capture explodes the capturer and every non-immune piece next to
 * the capture square. With holdings (atomiczh) each piece the blast removes
 * goes to a hand with its colour changed: the opponent of its owner gets it
 * (Fairy-Stockfish's capturesToHand applied to blasts). */
static void explode_at(Position *pos, int sq, Undo *undo) {
  const TypeSet *immune = &pos->variant->rules.atomic_immune;
  const TypeSet *unblastable = &pos->variant->rules.atomic_unblastable; /* atomic=immune{..} */
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      Square s = geo_step(&pos->geo, sq, dx, dy, 0, false, false);
      if (s == SQ_NONE || !piece_is_real(pos->board[s])) continue;
      if ((dx || dy) && type_set_has(immune, piece_type(pos->board[s]))) continue;
      if (type_set_has(unblastable, piece_type(pos->board[s]))) continue;
      if (pos->variant->rules.holdings)
        hand_add(pos, undo, (Color)!piece_color(pos->board[s]), hand_type_of(pos, pos->board[s]),
                 1);
      pos_remove_piece(pos, s, undo);
    }
}

/* What a capture on sq does beyond taking (tables' capture_effects): atomic's
 * blast, or with petrify{..} the capturer, of its type before any promotion,
 * turns into a wall there. Out of line: other variants pay one test. */
__attribute__((noinline)) void effects_of_capture(Position *pos, int sq, int mover, Undo *undo) {
  if (pos->variant->rules.atomic) {
    /* with petrify{..} (nuclear) the blast takes the capturer and its wall
     * stays (its type after a promotion counts; an immune one stays itself),
     * as Fairy-Stockfish's blast loop */
    int landed = piece_type(pos->board[sq]);
    explode_at(pos, sq, undo);
    if (landed >= 0 && type_set_has(&pos->variant->rules.petrify, landed) &&
        pos->board[sq] == PIECE_NONE) {
      pos_put_piece(pos, sq, PIECE_WALL, undo);
      pos->st.key ^= zobrist_wall(sq);
    }
  } else if (type_set_has(&pos->variant->rules.petrify, mover)) {
    pos_put_piece(pos, sq, PIECE_WALL, undo);
    pos->st.key ^= zobrist_wall(sq);
  }
}

/* royal=aimed{R} (Fairy-Stockfish's cambodian rule): a piece of the set that
 * lands where it would attack an unmoved enemy royal on an empty board (a
 * rook on the king's rank or file, whatever stands between) takes away the
 * royal's initial moves, as if the royal had moved. */
void effects_aimed(Position *pos, int mover, int to, Undo *undo) {
  const BoardTables *t = pos->tables;
  const Geometry *geo = &pos->geo;
  Color us = pos->side, them = (Color)!us;
  const uint8_t *reach = t->reach[mover][us];
  for (int i = 0; i < pos->pcount[them]; i++) {
    int sq = pos->plist[them][i];
    Piece p = pos->board[sq];
    if (!(p & PIECE_UNMOVED) || !type_set_has(&t->royal_mask[them], piece_type(p))) continue;
    int dx = geo_file(geo, sq) - geo_file(geo, to), dy = geo_rank(geo, sq) - geo_rank(geo, to);
    /* without a reach table (complex programs) only the rook's lines count */
    bool aims = reach ? reach[tables_reach_cell(geo, dx, dy)] : dx == 0 || dy == 0;
    if (aims) pos_put_piece(pos, sq, (Piece)(p & ~PIECE_HISTORY), undo);
  }
}

/* castling=dropped (Fairy-Stockfish's castlingDroppedPiece): a royal
 * dropped on the middle file of its castling rank may castle with the
 * partners in the corners of that rank, and a partner dropped in a corner
 * with the royal already there; both count as unmoved from then on. */
static void castle_grant(Position *pos, Color us, int side, int royal, int partner, Undo *undo) {
  PosState *st = &pos->st;
  if (st->castle_partner[us][side] == partner) return;
  if (st->castle_partner[us][side] != SQ_NONE)
    st->key ^= zobrist_castle(st->castle_partner[us][side]);
  st->castle_partner[us][side] = (Square)partner;
  st->castle_royal[us] = (Square)royal;
  st->key ^= zobrist_castle(partner);
  if (!(pos->board[royal] & PIECE_UNMOVED))
    pos_put_piece(pos, royal, (Piece)(pos->board[royal] | PIECE_UNMOVED), undo);
  if (!(pos->board[partner] & PIECE_UNMOVED))
    pos_put_piece(pos, partner, (Piece)(pos->board[partner] | PIECE_UNMOVED), undo);
}

void effects_dropped_castling(Position *pos, Color us, int to, Undo *undo) {
  const VariantRules *r = &pos->variant->rules;
  const Geometry *geo = &pos->geo;
  int rank = us == WHITE ? r->castling.rank : geo->ranks - 1 - r->castling.rank;
  if (!r->castling.enabled || geo_rank(geo, to) != rank) return;
  int level = geo_level(geo, to), last = geo->files - 1;
  Square royal = geo_square(geo, geo->files / 2, rank, level);
  Piece k = pos->board[royal];
  if (!piece_is_real(k) || piece_color(k) != us ||
      !type_set_has(&pos->tables->royal_mask[us], piece_type(k)))
    return;
  for (int side = 0; side < 2; side++) {
    int corner = geo_square(geo, side == 0 ? last : 0, rank, level);
    Piece p = pos->board[corner];
    if ((to == royal || to == corner) && piece_is_real(p) && piece_color(p) == us &&
        type_set_has(&r->castling.partners[side], piece_type(p)))
      castle_grant(pos, us, side, royal, corner, undo);
  }
}

/* MBN's vertical castling (O-O-O-O, §13): "the square of the associate will
 * become the castle right with promotion to a Rook (in general this is
 * possible only on the file of the King)". A piece of colour c promoted on
 * sq to a partner type gets the right when an unmoved royal of c stands on
 * its castling rank on that file; it counts as unmoved from then on, as
 * castling=dropped's pieces do. */
void effects_promoted_castling(Position *pos, Color c, int sq, Undo *undo) {
  const VariantRules *r = &pos->variant->rules;
  const Geometry *geo = &pos->geo;
  Piece p = pos->board[sq];
  if (!r->castling.enabled || !piece_is_real(p) || piece_color(p) != c ||
      !type_set_has(&r->castling.partners[CASTLE_VERTICAL], piece_type(p)))
    return;
  int rank = c == WHITE ? r->castling.rank : geo->ranks - 1 - r->castling.rank;
  Square royal = geo_square(geo, geo_file(geo, sq), rank, geo_level(geo, sq));
  Piece k = royal == SQ_NONE ? PIECE_NONE : pos->board[royal];
  if (royal == (Square)sq || !piece_is_real(k) || piece_color(k) != c || !(k & PIECE_UNMOVED) ||
      !type_set_has(&pos->tables->royal_mask[c], piece_type(k)))
    return;
  /* the partner stands ahead of the royal, as seen by its side */
  if ((geo_rank(geo, sq) > rank) != (c == WHITE)) return;
  castle_grant(pos, c, CASTLE_VERTICAL, royal, sq, undo);
}

/* wall=...: the move's wall goes on sq; under wall=duck every wall standing
 * is taken off first (Fairy-Stockfish clears all its wall squares). */
static void wall_put(Position *pos, int sq, Undo *undo) {
  pos_put_piece(pos, sq, PIECE_WALL, undo);
  pos->st.key ^= zobrist_wall(sq); /* cell_set keys pieces only */
}

static void wall_remove(Position *pos, int sq, Undo *undo) {
  pos->st.key ^= zobrist_wall(sq);
  pos_remove_piece(pos, sq, undo);
}

__attribute__((noinline, cold)) void effects_place_wall(Position *pos, int sq, Undo *undo) {
  if (pos->variant->rules.wall_rule == WALL_DUCK) {
    if (pos->tables->bb64) {
      for (uint64_t b = pos->bb64.wall; b; b &= b - 1) wall_remove(pos, __builtin_ctzll(b), undo);
    } else {
      for (int s = 0; s < pos->geo.sq_nb; s++)
        if (pos->board[s] == PIECE_WALL) wall_remove(pos, s, undo);
    }
  }
  wall_put(pos, sq, undo);
  PosState *st = &pos->st;
  /* no e.p. square where the wall stands (Fairy-Stockfish) */
  for (int i = 0; i < st->ep_count; i++)
    if (st->ep_squares[i] == sq) {
      st->key ^= zobrist_ep(sq);
      st->ep_squares[i--] = st->ep_squares[--st->ep_count];
    }
  if (!st->ep_count) st->ep_victim = SQ_NONE;
  /* a pass that places a wall (wall=ormove) is a move of its own */
  if (move_kind(undo->move) == MOVE_PASS) st->pass_plies = 0;
}

/* flip=...: the enemy pieces the move just made turns into the mover's,
 * each one logged like any changed cell (Fairy-Stockfish's
 * flipEnclosedPieces, after the piece has landed). line: every run of enemy
 * pieces from the arrival square closed by a piece of the mover's (an empty
 * square, a wall or the edge closes nothing); around: every enemy piece next
 * to it, with backed for a drop only when a piece of the mover's is next to
 * it too. Rays from one square never cross, so each run turns as found. */
__attribute__((noinline, cold)) void effects_flip(Position *pos, Move m, Undo *undo) {
  const VariantRules *r = &pos->variant->rules;
  const Geometry *geo = &pos->geo;
  Color us = pos->side;
  int to = move_to(m);
  Square next[8];
  bool backed = false;
  for (int d = 0; d < 8; d++) {
    next[d] = geo_step(geo, to, GEO_KING_STEPS[d][0], GEO_KING_STEPS[d][1], 0, false, false);
    Piece p = next[d] == SQ_NONE ? PIECE_NONE : pos->board[next[d]];
    backed |= piece_is_real(p) && piece_color(p) == us;
  }
  if (r->flip_rule == FLIP_AROUND && r->flip_backed && move_kind(m) == MOVE_DROP && !backed) return;
  for (int d = 0; d < 8; d++) {
    int run = 0;
    Square s = next[d];
    while (s != SQ_NONE && piece_is_real(pos->board[s]) && piece_color(pos->board[s]) != us) {
      run++;
      if (r->flip_rule == FLIP_AROUND) break;
      s = geo_step(geo, s, GEO_KING_STEPS[d][0], GEO_KING_STEPS[d][1], 0, false, false);
    }
    if (r->flip_rule == FLIP_LINE &&
        (s == SQ_NONE || !piece_is_real(pos->board[s]) || piece_color(pos->board[s]) != us))
      continue;
    s = next[d];
    for (int k = 0; k < run;
         k++, s = geo_step(geo, s, GEO_KING_STEPS[d][0], GEO_KING_STEPS[d][1], 0, false, false))
      pos_put_piece(pos, s, piece_flipped(pos->board[s]), undo);
  }
}

/* ii: a royal of the side to move that stands in check loses its ii moves
 * for good (PIECE_FRESH), as the text says, "with the first check". */
__attribute__((noinline, cold)) void effects_fresh_royals_checked(Position *pos, Undo *undo) {
  Color us = pos->side;
  for (int i = 0; i < pos->pcount[us]; i++) {
    int sq = pos->plist[us][i];
    Piece p = pos->board[sq];
    if (p & PIECE_FRESH && pos->tables->royal_of[us][piece_type(p)] &&
        pos_attacked(pos, sq, (Color)!us)) {
      pos_put_piece(pos, sq, (Piece)(p & ~PIECE_FRESH), undo);
      i = -1; /* the list was reordered: look again (a royal is taken once) */
    }
  }
}
