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

#include "board/bb.h"
#include "board/leg_rules.h"
#include "board/move_effects.h"
#include "board/movegen.h"
#include "board/position_cells.h"
#include "board/rules_royalty.h"
#include "board/tables.h"

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

static void capture_on(Position *pos, int sq, Color us, Undo *undo) {
  Piece victim = pos->board[sq];
  if (!piece_is_real(victim)) return;
  if (pos->variant->rules.holdings) hand_add(pos, undo, us, hand_type_of(pos, victim), 1);
  pos_remove_piece(pos, sq, undo);
}

const SquareChange *pos_undo_spilled(const Position *pos, const Undo *undo, int *count) {
  *count = move_kind(undo->move) == MOVE_LONG ? pos->spill_len - undo->spill_from : 0;
  return pos->spill + (*count ? undo->spill_from : 0);
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
    for (int i = 0; i < CASTLE_SIDES; i++) {
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

void pos_castling_squares(const Position *pos, Color c, int side, int rank_sq, int partner_from,
                          Square *royal_to, Square *partner_to) {
  const CastlingRule *cr = &pos->variant->rules.castling;
  if (side == CASTLE_VERTICAL) {
    /* along the royal's file; the ranks are White's, mirrored for Black */
    const Geometry *geo = &pos->geo;
    int f = geo_file(geo, rank_sq), level = geo_level(geo, rank_sq), top = geo->ranks - 1;
    int kr = cr->vertical_king_rank, pr = cr->vertical_partner_rank;
    *royal_to = geo_square(geo, f, c == WHITE ? kr : top - kr, level);
    *partner_to = geo_square(geo, f, c == WHITE ? pr : top - pr, level);
    return;
  }
  /* squares of one rank are consecutive flat indices (geometry.h) */
  int row = rank_sq - geo_file(&pos->geo, rank_sq), files = pos->geo.files;
  int kf = cr->king_file[side], pf = cr->partner_file[side];
  if (cr->origin[side] != CASTLE_FROM_A_FILE) { /* offsets from the partner's or royal's file */
    int origin =
        geo_file(&pos->geo, cr->origin[side] == CASTLE_FROM_PARTNER ? partner_from : rank_sq);
    kf += origin;
    pf += origin;
  }
  *royal_to = kf >= 0 && kf < files ? (Square)(row + kf) : SQ_NONE;
  *partner_to = pf >= 0 && pf < files ? (Square)(row + pf) : SQ_NONE;
}

/* Whether a promotion from `from` to `to` goes back and forth: to the type
 * the piece was promoted from, or to one that promotes back (MBN §2's ##Q,
 * Alice's board change on every move). */
static inline bool promotion_flips_back(const Variant *v, int from, int to) {
  return v->pieces[from].promoted_from == to || type_set_has(&v->pieces[to].promotes_to, from);
}

/* Whether the move restarts the halfmove clock, captures aside (make finds
 * those), decided before the move as Fairy-Stockfish's do_move does: every
 * drop; a promotion, unless promotions flip both ways (promotion=demote, its
 * pieceDemotion; a promoted piece whose own rule takes it back, ##Q); a
 * move of a type of the move rule's set (draw=moverule(N){..}, default {P})
 * that the piece could not take back with a quiet move
 * (back_reach: a sideways pawn step restarts nothing). A pass, written as a
 * piece moving to its own square, is that piece's move. Castling and swaps
 * restart nothing. mover: the type on the move's from square. */
static inline bool move_restarts_clock(const Position *pos, Move m, int mover) {
  MoveKind kind = move_kind(m);
  if (kind > MOVE_EN_PASSANT && kind != MOVE_PASS) return kind == MOVE_DROP;
  int promoted = kind != MOVE_PASS ? move_piece_arg(m) : -1;
  if (promoted >= 0 && !pos->variant->rules.promotion_demote &&
      !promotion_flips_back(pos->variant, mover, promoted))
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
    if (pos->variant->rules.castling_dropped) effects_dropped_castling(pos, us, to, undo);
    break;
  }
  case MOVE_CASTLING: {
    int partner = move_extra1(m);
    int side = pos_castling_side(&pos->geo, from, partner);
    Square royal_to, partner_to;
    pos_castling_squares(pos, us, side, from, partner, &royal_to, &partner_to);
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
    if (move_kind(m) == MOVE_LONG && effects_capture_long(pos, m, us, undo)) {
      capture = true;
      if (blast < 0) blast = to;
    }
    pos_move_piece(pos, from, to, undo);
    int promo = move_piece_arg(m);
    if (promo >= 0) {
      /* +Q==q: the piece changes sides */
      Piece p = piece_make(move_flags(m) & MOVE_FLAG_PROMOTE_OTHER ? (Color)!us : us, promo);
      /* A demotion (promotion=demote) brings back the original type itself. */
      if (pos->variant->rules.holding_demote && pos->variant->pieces[promo].promoted_from < 0 &&
          pos->variant->pieces[mover].promoted_from != promo)
        p |= PIECE_PROMOTED;
      pos_put_piece(pos, to, p, undo);
      if (pos->variant->rules.castling.vertical)
        effects_promoted_castling(pos, piece_color(p), to, undo);
    }
    if (blast >= 0 && pos->tables->capture_effects) effects_of_capture(pos, blast, mover, undo);
    /* a double step that promotes (epicatomic's Black pawn reaching rank 5)
     * leaves no pawn to take en passant, as in Fairy-Stockfish */
    if (move_flags(m) & MOVE_FLAG_EP_SET && promo < 0) ep_set(pos, from, to);
    if (aimed) effects_aimed(pos, mover, to, undo);
    break;
  }
  }
  if (__builtin_expect(pos->tables->flips, 0) && move_kind(m) != MOVE_PASS)
    effects_flip(pos, m, undo);
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
    effects_place_wall(pos, move_wall(m), undo);
  st->facing_plies = pos_next_facing_plies(pos, st->facing_plies);
  castling_update(pos);
  pos->side = (Color)!us;
  st->key ^= ZOBRIST_SIDE;
  if (__builtin_expect(pos->tables->fresh_royals, 0)) effects_fresh_royals_checked(pos, undo);
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
  effects_uncapture_long(pos, undo);
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
    for (int i = 0; i < CASTLE_SIDES; i++)
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
