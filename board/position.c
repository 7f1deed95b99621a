/* position.c — the Position object: creation, the board primitives, make and
 * unmake, and the consistency check.
 *
 * Make/unmake works by logging: every primitive records the cell it changes
 * in the Undo record, as does every change of a hand count, and the small
 * PosState (key, rights, counters) is copied whole. Unmake replays the log
 * backwards, so any combination of captures, castling, drops, swaps,
 * promotions or explosions reverts exactly without per-move-kind undo code.
 */
#include "board/position.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/bb.h"
#include "board/leg_rules.h"
#include "board/rules_royalty.h"
#include "board/tables.h"

static uint64_t cell_key(int sq, Piece cell) {
  return piece_is_real(cell) ? zobrist_piece(piece_color(cell), piece_type(cell), sq) : 0;
}

/* Adds a piece to the structure keys (sign 1) or takes it out (sign -1). */
static inline __attribute__((always_inline)) void structure_keys_update(Position *pos, int sq,
                                                                        Piece piece, int sign) {
  Color c = piece_color(piece);
  int type = piece_type(piece);
  if (pos->tables->forward_only[type])
    pos->st.pawn_key ^= structure_key_pawn(c, type, sq);
  else
    pos->st.material_key += (uint64_t)sign * pos->tables->material_number[c][type];
}

/* Sets one cell, keeping piece lists, bitboards and the keys in step: a piece
 * leaves its list by swap-remove, a new one is appended. */
static inline __attribute__((always_inline)) void cell_set(Position *pos, int sq, Piece cell) {
  Piece old = pos->board[sq];
  if (pos->tables->bb64)
    bb64_cell_update(pos, sq, old, cell);
  else if (pos->tables->bb128)
    bb128_cell_update(pos, sq, old, cell);
  if (piece_is_real(old)) {
    Color c = piece_color(old);
    int i = pos->pindex[sq], last = --pos->pcount[c];
    Square moved = pos->plist[c][last];
    pos->plist[c][i] = moved;
    pos->pindex[moved] = (int16_t)i;
    pos->st.key ^= cell_key(sq, old);
    structure_keys_update(pos, sq, old, -1);
  }
  pos->board[sq] = cell;
  if (piece_is_real(cell)) {
    Color c = piece_color(cell);
    pos->pindex[sq] = (int16_t)pos->pcount[c];
    pos->plist[c][pos->pcount[c]++] = (Square)sq;
    pos->st.key ^= cell_key(sq, cell);
    structure_keys_update(pos, sq, cell, 1);
  }
}

/* Reverts one cell_set of a make (the updates after it already reverted):
 * the piece it put is the last of its colour's list, and the piece it removed
 * goes back to its old index, the one that took that index moving back to the
 * end. The key is restored with the PosState. */
static inline __attribute__((always_inline)) void cell_revert(Position *pos, int sq, Piece old,
                                                              int index) {
  Piece cur = pos->board[sq];
  if (pos->tables->bb64)
    bb64_cell_update(pos, sq, cur, old);
  else if (pos->tables->bb128)
    bb128_cell_update(pos, sq, cur, old);
  if (piece_is_real(cur)) {
    assert(pos->plist[piece_color(cur)][pos->pcount[piece_color(cur)] - 1] == sq);
    pos->pcount[piece_color(cur)]--;
  }
  pos->board[sq] = old;
  if (piece_is_real(old)) {
    Color c = piece_color(old);
    int last = pos->pcount[c]++;
    if (index != last) {
      Square moved = pos->plist[c][index];
      pos->plist[c][last] = moved;
      pos->pindex[moved] = (int16_t)last;
    }
    pos->plist[c][index] = (Square)sq;
    pos->pindex[sq] = (int16_t)index;
  }
}

static void log_change(Position *pos, Undo *undo, int sq) {
  if (!undo) return;
  assert(undo->change_count < UNDO_CHANGES_MAX);
  SquareChange *change = &undo->changes[undo->change_count++];
  change->sq = (Square)sq;
  change->old = pos->board[sq];
  change->index = pos->pindex[sq]; /* meaningful only when old is a piece */
}

void pos_put_piece(Position *pos, int sq, Piece piece, Undo *undo) {
  log_change(pos, undo, sq);
  cell_set(pos, sq, piece);
}

void pos_remove_piece(Position *pos, int sq, Undo *undo) {
  log_change(pos, undo, sq);
  cell_set(pos, sq, PIECE_NONE);
}

void pos_move_piece(Position *pos, int from, int to, Undo *undo) {
  Piece p = pos->board[from];
  pos_remove_piece(pos, from, undo);
  pos_put_piece(pos, to, (Piece)(p & ~PIECE_HISTORY), undo);
}

static void hand_add(Position *pos, Undo *undo, Color c, int type, int delta) {
  int n = pos->hand[c][type];
  assert(undo->hand_change_count < UNDO_CHANGES_MAX);
  undo->hand_changes[undo->hand_change_count++] =
      (HandChange){.type = (uint16_t)type, .color = (uint8_t)c, .old = (uint8_t)n};
  if (n) pos->st.key ^= zobrist_hand(c, type, n);
  n += delta;
  assert(n >= 0 && n < 256);
  pos->hand[c][type] = (uint8_t)n;
  if (n) pos->st.key ^= zobrist_hand(c, type, n);
}

int pos_count_pieces(const Position *pos, Color c, int type) {
  int n = 0;
  for (int i = 0; i < pos->pcount[c]; i++) n += piece_type(pos->board[pos->plist[c][i]]) == type;
  return n;
}

/* A position on the tables (whose reference it takes over), set to the
 * variant's start position. */
static Position *pos_create(const Variant *variant, BoardTables *tables, char *err, size_t errlen) {
  if (!tables) return NULL;
  Position *pos = calloc(1, sizeof *pos);
  int sq_nb = tables->geo.sq_nb;
  if (pos) {
    pos->board = calloc((size_t)sq_nb, sizeof(Piece));
    pos->plist[WHITE] = calloc((size_t)sq_nb, sizeof(Square));
    pos->plist[BLACK] = calloc((size_t)sq_nb, sizeof(Square));
    pos->pindex = calloc((size_t)sq_nb, sizeof(int16_t));
  }
  if (!pos || !pos->board || !pos->plist[WHITE] || !pos->plist[BLACK] || !pos->pindex) {
    snprintf(err, errlen, "out of memory");
    tables_release(tables);
    if (pos) {
      pos->tables = NULL;
      pos_free(pos);
    }
    return NULL;
  }
  pos->variant = variant;
  pos->tables = tables;
  pos->geo = tables->geo;
  if (variant->start_fen && variant->start_fen[0]) {
    if (!pos_set_fen(pos, variant->start_fen, err, errlen)) {
      pos_free(pos);
      return NULL;
    }
    /* The start position defines which pieces count as unmoved later. */
    tables->start_cells = malloc((size_t)sq_nb * sizeof(Piece));
    if (tables->start_cells) memcpy(tables->start_cells, pos->board, (size_t)sq_nb * sizeof(Piece));
    for (int c = 0; c < COLOR_NB; c++)
      for (int i = 0; i < pos->pcount[c]; i++) {
        int sq = pos->plist[c][i], type = piece_type(pos->board[sq]);
        if (tables->start_count[c][type] < 255) tables->start_count[c][type]++;
        if (tables->bb64) tables->bb64->start_mask[type * COLOR_NB + c] |= (uint64_t)1 << sq;
        if (tables->bb128) tables->bb128->start_mask[type * COLOR_NB + c] |= (bb128_t)1 << sq;
      }
  } else {
    pos_set_fen(pos, "", err, errlen);
  }
  return pos;
}

Position *pos_new(const Variant *variant, char *err, size_t errlen) {
  return pos_create(variant, tables_new(variant, err, errlen), err, errlen);
}

bool pos_check_variant(const Variant *variant, char *err, size_t errlen) {
  Position *pos = pos_create(variant, tables_new_facts(variant, err, errlen), err, errlen);
  pos_free(pos);
  return pos != NULL;
}

Position *pos_clone(const Position *src) {
  Position *pos = calloc(1, sizeof *pos);
  if (!pos) return NULL;
  *pos = *src;
  int sq_nb = src->geo.sq_nb;
  pos->board = malloc((size_t)sq_nb * sizeof(Piece));
  pos->plist[WHITE] = malloc((size_t)sq_nb * sizeof(Square));
  pos->plist[BLACK] = malloc((size_t)sq_nb * sizeof(Square));
  pos->pindex = malloc((size_t)sq_nb * sizeof(int16_t));
  if (!pos->board || !pos->plist[WHITE] || !pos->plist[BLACK] || !pos->pindex) {
    pos->tables = NULL;
    pos_free(pos);
    return NULL;
  }
  memcpy(pos->board, src->board, (size_t)sq_nb * sizeof(Piece));
  memcpy(pos->plist[WHITE], src->plist[WHITE], (size_t)sq_nb * sizeof(Square));
  memcpy(pos->plist[BLACK], src->plist[BLACK], (size_t)sq_nb * sizeof(Square));
  memcpy(pos->pindex, src->pindex, (size_t)sq_nb * sizeof(int16_t));
  pos->spill = NULL; /* its own, empty: moves made on src are not unmade here */
  pos->spill_len = pos->spill_cap = 0;
  tables_retain(pos->tables);
  return pos;
}

void pos_free(Position *pos) {
  if (!pos) return;
  if (pos->tables) tables_release(pos->tables);
  free(pos->board);
  free(pos->plist[WHITE]);
  free(pos->plist[BLACK]);
  free(pos->pindex);
  free(pos->spill);
  free(pos);
}

bool pos_set_startpos(Position *pos, char *err, size_t errlen) {
  const char *fen = pos->variant->start_fen;
  return pos_set_fen(pos, fen ? fen : "", err, errlen);
}

void pos_set_chess960(Position *pos, bool on) {
  pos->chess960 = on;
}

/* Captures whatever stands on sq; the capturer's hand gains it if the
 * variant has holdings. */
/* The type a captured piece enters a hand as: holding=demote (crazyhouse,
 * shogi) sends a promoted piece back unpromoted; plain holding (loop,
 * chessgi) keeps it as it is, as Fairy-Stockfish's dropLoop has it. */
static int hand_type_of(const Position *pos, Piece victim) {
  const BoardTables *t = pos->tables;
  int type = piece_type(victim);
  if (pos->variant->rules.holding_demote)
    type = victim & PIECE_PROMOTED ? t->tilde_origin[type] : t->demote_to[type];
  return type;
}

static void capture_on(Position *pos, int sq, Color us, Undo *undo) {
  Piece victim = pos->board[sq];
  if (!piece_is_real(victim)) return;
  if (pos->variant->rules.holdings) hand_add(pos, undo, us, hand_type_of(pos, victim), 1);
  pos_remove_piece(pos, sq, undo);
}

/* The captures and flips of long move m on its side squares, logged in the
 * spill log (Undo.spill_from); whether it took anything. Out of line: only
 * variants with such pieces come here. */
static __attribute__((noinline)) bool capture_long(Position *pos, Move m, Color us, Undo *undo) {
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

/* Puts back what capture_long took, last first (the key is in PosState). */
static void uncapture_long(Position *pos, const Undo *undo) {
  Color us = (Color)!pos->side; /* the side that made the move */
  for (int i = pos->spill_len - 1; i >= undo->spill_from; i--) {
    const SquareChange *c = &pos->spill[i];
    bool captured = pos->board[c->sq] == PIECE_NONE; /* else flipped */
    if (captured && pos->variant->rules.holdings) pos->hand[us][hand_type_of(pos, c->old)]--;
    cell_revert(pos, c->sq, c->old, c->index);
  }
  pos->spill_len = undo->spill_from;
}

const SquareChange *pos_undo_spilled(const Position *pos, const Undo *undo, int *count) {
  *count = move_kind(undo->move) == MOVE_LONG ? pos->spill_len - undo->spill_from : 0;
  return pos->spill + (*count ? undo->spill_from : 0);
}

static void explode_at(Position *pos, int sq, Undo *undo);

/* What a capture on sq does beyond taking (tables' capture_effects): atomic's
 * blast, or with petrify{..} the capturer, of its type before any promotion,
 * turns into a wall there. Out of line: other variants pay one test. */
static __attribute__((noinline)) void capture_effects(Position *pos, int sq, int mover,
                                                      Undo *undo) {
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

static void ep_clear(PosState *st) {
  for (int i = 0; i < st->ep_count; i++) st->key ^= zobrist_ep(st->ep_squares[i]);
  st->ep_count = 0;
  st->ep_victim = SQ_NONE;
}

static int gcd(int a, int b) {
  a = abs(a);
  b = abs(b);
  while (b) {
    int r = a % b;
    a = b;
    b = r;
  }
  return a;
}

/* The squares passed by a multi-step move become e.p. squares. */
static void ep_set(Position *pos, int from, int to) {
  const Geometry *geo = &pos->geo;
  int dx = geo_file(geo, to) - geo_file(geo, from), dy = geo_rank(geo, to) - geo_rank(geo, from);
  int g = gcd(dx, dy);
  if (g < 2) return;
  dx /= g;
  dy /= g;
  PosState *st = &pos->st;
  for (int k = 1; k < g && st->ep_count < EP_SQUARES_MAX; k++) {
    Square s = geo_square(geo, geo_file(geo, from) + dx * k, geo_rank(geo, from) + dy * k,
                          geo_level(geo, from));
    st->ep_squares[st->ep_count++] = s;
    st->key ^= zobrist_ep(s);
  }
  st->ep_victim = (Square)to;
}

/* Castling rights survive only while royal and partner stand unmoved. */
static void castling_update(Position *pos) {
  PosState *st = &pos->st;
  for (int c = 0; c < COLOR_NB; c++)
    for (int i = 0; i < 2; i++) {
      Square p = st->castle_partner[c][i];
      if (p == SQ_NONE) continue;
      Square r = st->castle_royal[c];
      Piece pc = pos->board[p], rc = r == SQ_NONE ? PIECE_NONE : pos->board[r];
      if (!(pc & PIECE_UNMOVED) || !piece_is_real(pc) || piece_color(pc) != (Color)c ||
          !piece_is_real(rc) || !(rc & PIECE_UNMOVED) || piece_color(rc) != (Color)c) {
        st->key ^= zobrist_castle(p);
        st->castle_partner[c][i] = SQ_NONE;
      }
    }
}

void pos_castling_squares(const Position *pos, Color c, int side, int rank_sq, Square *royal_to,
                          Square *partner_to) {
  const CastlingRule *cr = &pos->variant->rules.castling;
  /* squares of one rank are consecutive flat indices (geometry.h) */
  int row = rank_sq - geo_file(&pos->geo, rank_sq), files = pos->geo.files;
  int kf = cr->king_file[side], pf = cr->partner_file[side];
  (void)c;
  *royal_to = kf >= 0 && kf < files ? (Square)(row + kf) : SQ_NONE;
  *partner_to = pf >= 0 && pf < files ? (Square)(row + pf) : SQ_NONE;
}

/* royal=aimed{R} (Fairy-Stockfish's cambodian rule): a piece of the set that
 * lands where it would attack an unmoved enemy royal on an empty board (a
 * rook on the king's rank or file, whatever stands between) takes away the
 * royal's initial moves, as if the royal had moved. */
static void aimed_update(Position *pos, int mover, int to, Undo *undo) {
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

static void dropped_castling(Position *pos, Color us, int to, Undo *undo) {
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
        type_set_has(&r->castling.partners, piece_type(p)))
      castle_grant(pos, us, side, royal, corner, undo);
  }
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

static __attribute__((noinline, cold)) void place_wall(Position *pos, int sq, Undo *undo) {
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
static __attribute__((noinline, cold)) void flip_pieces(Position *pos, Move m, Undo *undo) {
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

/* Whether the move restarts the halfmove clock, captures aside (make finds
 * those), decided before the move as Fairy-Stockfish's do_move does: every
 * drop; a promotion, unless promotions flip both ways (promotion=demote, its
 * pieceDemotion); a move of a type of the move rule's set (draw=moverule(N)
 * {..}, default {P}) that the piece could not take back with a quiet move
 * (back_reach: a sideways pawn step restarts nothing). A pass, written as a
 * piece moving to its own square, is that piece's move. Castling and swaps
 * restart nothing. mover: the type on the move's from square. */
static inline bool move_restarts_clock(const Position *pos, Move m, int mover) {
  MoveKind kind = move_kind(m);
  if (kind > MOVE_EN_PASSANT && kind != MOVE_PASS) return kind == MOVE_DROP;
  if (kind != MOVE_PASS && move_piece_arg(m) >= 0 && !pos->variant->rules.promotion_demote)
    return true;
  assert(mover >= 0);
  if (!pos->tables->resets_clock[mover]) return false;
  const uint8_t *back = pos->tables->back_reach[mover][pos->side];
  int from = move_from(m), to = move_to(m);
  if (!back || from == to) return true;
  const Geometry *geo = &pos->geo;
  return !back[tables_reach_cell(geo, geo_file(geo, from) - geo_file(geo, to),
                                 geo_rank(geo, from) - geo_rank(geo, to))];
}

/* ii: a royal of the side to move that stands in check loses its ii moves
 * for good (PIECE_FRESH), as the text says, "with the first check". */
__attribute__((noinline, cold)) static void fresh_royals_checked(Position *pos, Undo *undo) {
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

void pos_make_move(Position *pos, Move m, Undo *undo) {
  PosState *st = &pos->st;
  Color us = pos->side;
  int from = move_from(m), to = move_to(m);
  int mover = piece_type(pos->board[from]); /* -1 for a drop (from = to, empty) */
  bool capture = false, reset = move_restarts_clock(pos, m, mover);
  /* asked before anything changes: the walk reads the board and e.p. state */
  bool decisive = pos->tables->decisive_any[us] && leg_rules_decisive(pos, m);
  undo->prev = *st;
  undo->move = m;
  undo->change_count = undo->hand_change_count = 0;
  ep_clear(st);
  st->rule50++;
  st->ply_from_start++;
  st->plies_from_null++;
  st->dropped = move_kind(m) == MOVE_DROP ? (uint16_t)(move_piece_arg(m) + 1) : 0;
  st->castled = 0;
  st->decisive = decisive;

  switch (move_kind(m)) {
  case MOVE_DROP: {
    int type = move_piece_arg(m);
    /* drop=free (snort): an unlimited supply, the hand untouched */
    if (!type_set_has(&pos->variant->rules.drop_free, type)) hand_add(pos, undo, us, type, -1);
    pos_put_piece(pos, to, piece_make(us, move_drop_board_type(pos, m)), undo);
    if (pos->variant->rules.castling_dropped) dropped_castling(pos, us, to, undo);
    break;
  }
  case MOVE_CASTLING: {
    int partner = move_extra1(m);
    int side = geo_file(&pos->geo, partner) > geo_file(&pos->geo, from) ? 0 : 1;
    Square royal_to, partner_to;
    pos_castling_squares(pos, us, side, from, &royal_to, &partner_to);
    Piece royal = pos->board[from] & ~PIECE_HISTORY, rook = pos->board[partner] & ~PIECE_HISTORY;
    pos_remove_piece(pos, from, undo);
    pos_remove_piece(pos, partner, undo);
    pos_put_piece(pos, royal_to, royal, undo);
    pos_put_piece(pos, partner_to, rook, undo);
    st->castled = (uint8_t)(side + 1);
    /* castling=opposite: the opponent may no longer castle to this side */
    Square theirs = st->castle_partner[!us][side];
    if (pos->variant->rules.castling_opposite && theirs != SQ_NONE) {
      st->key ^= zobrist_castle(theirs);
      st->castle_partner[!us][side] = SQ_NONE;
    }
    break;
  }
  case MOVE_PASS: break;
  case MOVE_SWAP: {
    Piece a = pos->board[from] & ~PIECE_HISTORY, b = pos->board[to] & ~PIECE_HISTORY;
    pos_put_piece(pos, from, b, undo);
    pos_put_piece(pos, to, a, undo);
    break;
  }
  case MOVE_NORMAL:
  case MOVE_EN_PASSANT:
  case MOVE_LONG:
  default: {
    /* a long move's extra fields hold its list id, not squares */
    bool long_move = move_kind(m) == MOVE_LONG;
    int e1 = long_move ? EXTRA_NONE : move_extra1(m), e2 = long_move ? EXTRA_NONE : move_extra2(m);
    bool aimed = type_set_has(&pos->variant->rules.royal_aimed, mover);
    int blast = -1;
    if (to != from && piece_is_real(pos->board[to])) { /* from == to: sittuyin promotion */
      capture_on(pos, to, us, undo);
      capture = true;
      blast = to;
    }
    if (e1 != EXTRA_NONE && piece_is_real(pos->board[e1])) {
      capture_on(pos, e1, us, undo);
      capture = true;
      if (blast < 0) blast = to;
    }
    if (e2 != EXTRA_NONE && piece_is_real(pos->board[e2])) {
      capture_on(pos, e2, us, undo);
      capture = true;
    }
    if (move_kind(m) == MOVE_LONG && capture_long(pos, m, us, undo)) {
      capture = true;
      if (blast < 0) blast = to;
    }
    pos_move_piece(pos, from, to, undo);
    int promo = move_piece_arg(m);
    if (promo >= 0) {
      Piece p = piece_make(us, promo);
      /* A demotion (promotion=demote) brings back the original type itself. */
      if (pos->variant->rules.holding_demote && pos->variant->pieces[promo].promoted_from < 0 &&
          pos->variant->pieces[mover].promoted_from != promo)
        p |= PIECE_PROMOTED;
      pos_put_piece(pos, to, p, undo);
    }
    if (blast >= 0 && pos->tables->capture_effects) capture_effects(pos, blast, mover, undo);
    /* a double step that promotes (epicatomic's Black pawn reaching rank 5)
     * leaves no pawn to take en passant, as in Fairy-Stockfish */
    if (move_flags(m) & MOVE_FLAG_EP_SET && promo < 0) ep_set(pos, from, to);
    if (aimed) aimed_update(pos, mover, to, undo);
    break;
  }
  }
  if (__builtin_expect(pos->tables->flips, 0) && move_kind(m) != MOVE_PASS)
    flip_pieces(pos, m, undo);
  int gate_type = move_gate_type(m);
  if (gate_type >= 0) {
    /* Seirawan gating: the piece from the hand enters on the square just
     * vacated; it is not unmoved, so that square gates no more. */
    hand_add(pos, undo, us, gate_type, -1);
    pos_put_piece(pos, move_gate_square(m), piece_make(us, gate_type), undo);
  }
  if (capture || reset) st->rule50 = 0;
  st->pass_plies =
      move_kind(m) == MOVE_PASS ? (uint8_t)(st->pass_plies < 2 ? st->pass_plies + 1 : 2) : 0;
  if (__builtin_expect(move_flags(m) & MOVE_FLAG_WALL, 0) && move_kind(m) != MOVE_DROP)
    place_wall(pos, move_wall(m), undo);
  st->facing_plies = pos_next_facing_plies(pos, st->facing_plies);
  castling_update(pos);
  pos->side = (Color)!us;
  st->key ^= ZOBRIST_SIDE;
  if (__builtin_expect(pos->tables->fresh_royals, 0)) fresh_royals_checked(pos, undo);
  if (pos->variant->rules.check_limit > 0 && pos_in_check(pos)) {
    st->key ^= zobrist_checks(us, st->checks_given[us]);
    st->checks_given[us]++;
    st->key ^= zobrist_checks(us, st->checks_given[us]);
  }
  assert(pos_is_ok(pos));
}

void pos_make_null(Position *pos, Undo *undo) {
  undo->prev = pos->st;
  undo->move = MOVE_NONE_VALUE;
  undo->change_count = undo->hand_change_count = 0;
  ep_clear(&pos->st);
  pos->st.pass_plies = pos->st.facing_plies = 0; /* as Fairy-Stockfish's pliesFromNull */
  pos->st.dropped = pos->st.castled = pos->st.decisive = 0;
  pos->st.rule50++;
  pos->st.ply_from_start++;
  pos->st.plies_from_null = 0;
  pos->side = (Color)!pos->side;
  pos->st.key ^= ZOBRIST_SIDE;
}

static void changes_revert(Position *pos, const Undo *undo) {
  for (int i = undo->change_count - 1; i >= 0; i--)
    cell_revert(pos, undo->changes[i].sq, undo->changes[i].old, undo->changes[i].index);
  for (int i = undo->hand_change_count - 1; i >= 0; i--) {
    const HandChange *h = &undo->hand_changes[i];
    pos->hand[h->color][h->type] = h->old;
  }
  pos->st = undo->prev;
}

/* Reverts the logged cells and hand counts in [cells, cell_end) and
 * [hands, hand_end), last first. */
static void changes_revert_range(Position *pos, const Undo *undo, int cells, int cell_end,
                                 int hands, int hand_end) {
  for (int i = cell_end - 1; i >= cells; i--)
    cell_revert(pos, undo->changes[i].sq, undo->changes[i].old, undo->changes[i].index);
  for (int i = hand_end - 1; i >= hands; i--) {
    const HandChange *h = &undo->hand_changes[i];
    pos->hand[h->color][h->type] = h->old;
  }
}

/* A long move: what it logged after its captures, its captures (the spill
 * log), what it logged before them, in that order (changes_revert's order
 * with the spill in its place). */
static void unmake_long(Position *pos, const Undo *undo) {
  changes_revert_range(pos, undo, undo->long_cells, undo->change_count, undo->long_hands,
                       undo->hand_change_count);
  uncapture_long(pos, undo);
  changes_revert_range(pos, undo, 0, undo->long_cells, 0, undo->long_hands);
  pos->st = undo->prev;
}

void pos_lift_piece(Position *pos, int sq, Undo *undo) {
  undo->prev = pos->st;
  undo->move = MOVE_NONE_VALUE;
  undo->change_count = undo->hand_change_count = 0;
  pos_remove_piece(pos, sq, undo);
}

void pos_unlift_piece(Position *pos, const Undo *undo) {
  changes_revert(pos, undo);
}

void pos_unmake_move(Position *pos, const Undo *undo) {
  if (move_kind(undo->move) == MOVE_LONG)
    unmake_long(pos, undo);
  else
    changes_revert(pos, undo);
  pos->side = (Color)!pos->side;
  assert(pos_is_ok(pos));
}

uint64_t pos_compute_key(const Position *pos) {
  const PosState *st = &pos->st;
  uint64_t key = 0;
  /* walls count: a petrified piece leaves one (make keys it by hand, as
   * cell_set, on the hot path, keys pieces only) */
  for (int sq = 0; sq < pos->geo.sq_nb; sq++)
    key ^= pos->board[sq] == PIECE_WALL ? zobrist_wall(sq) : cell_key(sq, pos->board[sq]);
  for (int c = 0; c < COLOR_NB; c++) {
    for (int t = 0; t < PIECE_TYPE_MAX; t++)
      if (pos->hand[c][t]) key ^= zobrist_hand(c, t, pos->hand[c][t]);
    for (int i = 0; i < 2; i++)
      if (st->castle_partner[c][i] != SQ_NONE) key ^= zobrist_castle(st->castle_partner[c][i]);
    if (pos->variant->rules.check_limit > 0) key ^= zobrist_checks(c, st->checks_given[c]);
  }
  for (int i = 0; i < st->ep_count; i++) key ^= zobrist_ep(st->ep_squares[i]);
  if (pos->side == BLACK) key ^= ZOBRIST_SIDE;
  return key;
}

bool pos_is_ok(const Position *pos) {
  int seen[COLOR_NB] = {0, 0};
  for (int sq = 0; sq < pos->geo.sq_nb; sq++) {
    Piece p = pos->board[sq];
    if (!piece_is_real(p)) continue;
    Color c = piece_color(p);
    if (piece_type(p) < 0 || piece_type(p) >= pos->variant->piece_count) return false;
    int i = pos->pindex[sq];
    if (i < 0 || i >= pos->pcount[c] || pos->plist[c][i] != sq) return false;
    seen[c]++;
  }
  if (seen[WHITE] != pos->pcount[WHITE] || seen[BLACK] != pos->pcount[BLACK]) return false;
  if (pos->tables->bb64 && !bb64_agree(pos)) return false;
  if (pos->tables->bb128 && !bb128_agree(pos)) return false;
  uint64_t pawn_key = 0, material_key = 0;
  for (int sq = 0; sq < pos->geo.sq_nb; sq++) {
    Piece p = pos->board[sq];
    if (!piece_is_real(p)) continue;
    if (pos->tables->forward_only[piece_type(p)])
      pawn_key ^= structure_key_pawn(piece_color(p), piece_type(p), sq);
    else
      material_key += structure_key_material(piece_color(p), piece_type(p));
  }
  if (pawn_key != pos->st.pawn_key || material_key != pos->st.material_key) return false;
  return pos_compute_key(pos) == pos->st.key;
}
