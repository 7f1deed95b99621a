/* position_cells.h — the cell and hand primitives of make and unmake, shared
 * by position.c and move_effects.c (internal to board/: nothing else may
 * change a Position's cells without logging them).
 *
 * Every change of a cell keeps the piece lists, the bitboards and the keys in
 * step; every change of a hand count is logged in the Undo record. */
#ifndef CHIMERA_BOARD_POSITION_CELLS_H
#define CHIMERA_BOARD_POSITION_CELLS_H

#include <assert.h>

#include "board/bb.h"
#include "board/position.h"
#include "board/tables.h"

static inline uint64_t cell_key(int sq, Piece cell) {
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

/* Changes colour c's count of `type` in hand by delta, logged and keyed. */
static inline void hand_add(Position *pos, Undo *undo, Color c, int type, int delta) {
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

/* The type a captured piece goes to hand as (promotion=demote: its original
 * type). */
static inline int hand_type_of(const Position *pos, Piece victim) {
  const BoardTables *t = pos->tables;
  int type = piece_type(victim);
  if (pos->variant->rules.holding_demote)
    type = victim & PIECE_PROMOTED ? t->tilde_origin[type] : t->demote_to[type];
  return type;
}

#endif
