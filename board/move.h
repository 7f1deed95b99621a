/* move.h — the encoding of a move in 64 bits.
 *
 *  63   60 59        48 47        36 35     27 26  24 23        12 11         0
 * +-------+------------+------------+---------+------+------------+------------+
 * | flags |   extra2   |   extra1   |   arg   | kind |     to     |    from    |
 * +-------+------------+------------+---------+------+------------+------------+
 *
 * from, to   squares (12 bits each: boards up to 4096 squares).
 * kind       MoveKind below.
 * arg        piece type + 1 (0 = none; 9 bits, PIECE_TYPE_MAX types): the
 *            promotion type for NORMAL/EP moves,
 *            the dropped type for DROP.
 * extra1/2   squares of side effects, EXTRA_NONE if unused:
 *              NORMAL      one or two further squares captured by a multi-leg
 *                          move (lion, checker, withdrawal), in the order it
 *                          takes them; the capture on `to` is implied by an
 *                          enemy piece standing there
 *              LONG        a NORMAL move that captures more than two pieces
 *                          on its way, or flips a piece's colour (MBN's x):
 *                          the 24 bits extra1 | extra2 << 12 hold the id of
 *                          its sorted list of those squares, captures first
 *                          (board/move_long.h: interned, the same in every
 *                          position and thread)
 *              EN_PASSANT  extra1 = the square of the captured piece
 *              CASTLING    extra1 = the partner's start square
 *              SWAP        (none) the piece on `to` goes to `from`
 *              PASS        (none) nothing moves
 *            with MOVE_FLAG_GATE, extra2 holds the gated piece type instead
 *            (move_extra2 then reads EXTRA_NONE, move_gate_type the type);
 *            with MOVE_FLAG_WALL (a board move), the square where the move
 *            places a wall (move_extra2 reads EXTRA_NONE, move_wall the square)
 * flags      MOVE_FLAG_* below.
 *
 * move_side_captures lists the squares a move captures on besides `to`,
 * whatever its kind: readers of captures use it rather than the fields.
 *
 * A move is applied exactly by pos_make_move and reverted by pos_unmake_move,
 * which records every square it changes (board/position.h), so any mix of the
 * effects above reverts exactly.
 */
#ifndef CHIMERA_BOARD_MOVE_H
#define CHIMERA_BOARD_MOVE_H

#include <stdbool.h>
#include <stdint.h>

#include "board/move_long.h"

typedef uint64_t Move;

#define MOVE_NONE_VALUE ((Move)0)
#define EXTRA_NONE      0xFFF

typedef enum {
  MOVE_NORMAL = 0, /* move from -> to, capturing what stands on `to` and on extra squares */
  MOVE_EN_PASSANT, /* move to an empty `to`, capturing the piece on extra1 */
  MOVE_CASTLING,   /* royal on `from` castles with the partner on extra1 */
  MOVE_DROP,       /* a piece of type arg-1 from the hand onto `to` */
  MOVE_SWAP,       /* mover and the piece on `to` exchange squares */
  MOVE_PASS,       /* turn=pass: the side passes; from = to = its royal's square (e2e2) */
  MOVE_LONG,       /* a NORMAL move capturing more than two pieces on its way (move_long.h) */
  MOVE_KIND_NB
} MoveKind;

enum {
  MOVE_FLAG_EP_SET = 1 << 0,        /* the move passed squares that may be captured en passant */
  MOVE_FLAG_GATE = 1 << 1,          /* a piece from the hand enters on the gate square (Seirawan) */
  MOVE_FLAG_GATE_PARTNER = 1 << 2,  /* castling: the gate is the partner's start, not `from` */
  MOVE_FLAG_DROP_PROMOTED = 1 << 3, /* drop=promoted: the hand type enters promoted side up */
  /* On a board move (never a drop, which places no wall): the move places a
   * wall on the square in extra2 (wall=..., Fairy-Stockfish's walling). */
  MOVE_FLAG_WALL = MOVE_FLAG_DROP_PROMOTED,
  /* On a promotion (a board move other than castling, whose partner gate
   * this bit marks otherwise): the piece it becomes is the other side's
   * (MBN's +Q==q). Variants with such promotions have no gating. */
  MOVE_FLAG_PROMOTE_OTHER = MOVE_FLAG_GATE_PARTNER,
};

#define MOVE_FROM_SHIFT   0
#define MOVE_TO_SHIFT     12
#define MOVE_KIND_SHIFT   24
#define MOVE_ARG_SHIFT    27
#define MOVE_EXTRA1_SHIFT 36
#define MOVE_EXTRA2_SHIFT 48
#define MOVE_FLAGS_SHIFT  60

_Static_assert(MOVE_KIND_NB <= 8, "kind must fit in 3 bits");
_Static_assert(MOVE_TO_SHIFT - MOVE_FROM_SHIFT == 12 && MOVE_KIND_SHIFT - MOVE_TO_SHIFT == 12,
               "squares are 12 bits");
_Static_assert(MOVE_EXTRA1_SHIFT - MOVE_ARG_SHIFT == 9, "arg holds a piece type + 1 (0..256)");
_Static_assert(MOVE_ARG_SHIFT - MOVE_KIND_SHIFT == 3, "kind is 3 bits");
_Static_assert(MOVE_FLAGS_SHIFT + 4 == 64, "flags fill the top nibble");
_Static_assert(sizeof(Move) == 8, "a move is one 64-bit word");
_Static_assert(MOVE_FLAGS_SHIFT - MOVE_EXTRA1_SHIFT == MOVE_LONG_ID_BITS,
               "a long move's list id fills extra1 and extra2");

static inline Move move_make(int from, int to, MoveKind kind, int arg, int extra1, int extra2,
                             unsigned flags) {
  return (Move)(from & 0xFFF) << MOVE_FROM_SHIFT | (Move)(to & 0xFFF) << MOVE_TO_SHIFT |
         (Move)kind << MOVE_KIND_SHIFT | (Move)(arg & 0x1FF) << MOVE_ARG_SHIFT |
         (Move)(extra1 & 0xFFF) << MOVE_EXTRA1_SHIFT | (Move)(extra2 & 0xFFF) << MOVE_EXTRA2_SHIFT |
         (Move)(flags & 0xF) << MOVE_FLAGS_SHIFT;
}

static inline int move_from(Move m) {
  return (int)(m >> MOVE_FROM_SHIFT & 0xFFF);
}
static inline int move_to(Move m) {
  return (int)(m >> MOVE_TO_SHIFT & 0xFFF);
}
static inline MoveKind move_kind(Move m) {
  return (MoveKind)(m >> MOVE_KIND_SHIFT & 0x7);
}
/* Promotion type (NORMAL, EN_PASSANT) or dropped type (DROP); -1 if none. */
static inline int move_piece_arg(Move m) {
  return (int)(m >> MOVE_ARG_SHIFT & 0x1FF) - 1;
}
static inline int move_extra1(Move m) {
  return (int)(m >> MOVE_EXTRA1_SHIFT & 0xFFF);
}
static inline unsigned move_flags(Move m) {
  return (unsigned)(m >> MOVE_FLAGS_SHIFT & 0xF);
}
/* A gating move keeps its gated type in the extra2 field, so readers of
 * extra squares never mistake it for a captured square. */
static inline int move_extra2(Move m) {
  return move_flags(m) & (MOVE_FLAG_GATE | MOVE_FLAG_WALL) ? EXTRA_NONE
                                                           : (int)(m >> MOVE_EXTRA2_SHIFT & 0xFFF);
}
/* The square where the move places a wall; EXTRA_NONE if none. */
static inline int move_wall(Move m) {
  return move_flags(m) & MOVE_FLAG_WALL && move_kind(m) != MOVE_DROP
             ? (int)(m >> MOVE_EXTRA2_SHIFT & 0xFFF)
             : EXTRA_NONE;
}
/* The board move m placing a wall on sq. */
static inline Move move_with_wall(Move m, int sq) {
  return (m & ~((Move)0xFFF << MOVE_EXTRA2_SHIFT)) | (Move)(sq & 0xFFF) << MOVE_EXTRA2_SHIFT |
         (Move)MOVE_FLAG_WALL << MOVE_FLAGS_SHIFT;
}
/* The move without its wall. */
static inline Move move_without_wall(Move m) {
  if (move_wall(m) == EXTRA_NONE) return m;
  Move cleared = (Move)MOVE_FLAG_WALL << MOVE_FLAGS_SHIFT | (Move)0xFFF << MOVE_EXTRA2_SHIFT;
  return (m & ~cleared) | (Move)EXTRA_NONE << MOVE_EXTRA2_SHIFT;
}
/* The piece type a gating move brings in from the hand; -1 if none. */
static inline int move_gate_type(Move m) {
  return move_flags(m) & MOVE_FLAG_GATE ? (int)(m >> MOVE_EXTRA2_SHIFT & 0xFFF) : -1;
}
/* Where the gated piece enters: the mover's start, or the castling partner's. */
static inline int move_gate_square(Move m) {
  return move_flags(m) & MOVE_FLAG_GATE_PARTNER ? move_extra1(m) : move_from(m);
}
/* The move itself, without its gating. */
static inline Move move_without_gate(Move m) {
  if (!(move_flags(m) & MOVE_FLAG_GATE)) return m;
  Move cleared = (Move)(MOVE_FLAG_GATE | MOVE_FLAG_GATE_PARTNER) << MOVE_FLAGS_SHIFT |
                 (Move)0xFFF << MOVE_EXTRA2_SHIFT;
  return (m & ~cleared) | (Move)EXTRA_NONE << MOVE_EXTRA2_SHIFT;
}
/* The move with a piece of `type` gated on `from` (or on the partner's start). */
static inline Move move_with_gate(Move m, int type, bool on_partner) {
  unsigned flags = MOVE_FLAG_GATE | (on_partner ? MOVE_FLAG_GATE_PARTNER : 0);
  return (m & ~((Move)0xFFF << MOVE_EXTRA2_SHIFT)) | (Move)(type & 0xFFF) << MOVE_EXTRA2_SHIFT |
         (Move)flags << MOVE_FLAGS_SHIFT;
}

/* A move of the piece from -> to capturing what stands on `to` and on the
 * squares of capture list `id` (move_long_intern). */
static inline Move move_make_long(int from, int to, int arg, uint32_t id, unsigned flags) {
  return (Move)(from & 0xFFF) << MOVE_FROM_SHIFT | (Move)(to & 0xFFF) << MOVE_TO_SHIFT |
         (Move)MOVE_LONG << MOVE_KIND_SHIFT | (Move)(arg & 0x1FF) << MOVE_ARG_SHIFT |
         (Move)(id & (MOVE_LONG_IDS - 1)) << MOVE_EXTRA1_SHIFT |
         (Move)(flags & 0xF) << MOVE_FLAGS_SHIFT;
}
static inline uint32_t move_long_id(Move m) {
  return (uint32_t)(m >> MOVE_EXTRA1_SHIFT & (MOVE_LONG_IDS - 1));
}
/* A piece's move from -> to (NORMAL or LONG): it captures what stands on
 * `to` and on its side squares, and may promote. */
static inline bool move_is_normal(Move m) {
  MoveKind k = move_kind(m);
  return k == MOVE_NORMAL || k == MOVE_LONG;
}
/* The squares the move captures on besides `to` (a multi-leg move's squares
 * on the way, the e.p. victim), in *squares: buf (two squares) or a long
 * move's interned list. Returns their number. */
static inline int move_side_captures(Move m, int16_t buf[2], const int16_t **squares) {
  int n = 0;
  *squares = buf;
  switch (move_kind(m)) {
  case MOVE_NORMAL:
    if (move_extra1(m) != EXTRA_NONE) buf[n++] = (int16_t)move_extra1(m);
    if (move_extra2(m) != EXTRA_NONE) buf[n++] = (int16_t)move_extra2(m);
    return n;
  case MOVE_EN_PASSANT: buf[0] = (int16_t)move_extra1(m); return 1;
  case MOVE_LONG: {
    int all;
    *squares = move_long_squares(move_long_id(m), &all, &n); /* the captures come first */
    return n;
  }
  default: return 0;
  }
}

/* The squares whose pieces the move turns to the other colour
 * (MBN's x, xx, xy), in *squares, entries of its long list (mask them with
 * MOVE_LONG_SQUARE_MASK). Returns their number. */
static inline int move_flips(Move m, const int16_t **squares) {
  if (move_kind(m) != MOVE_LONG) return 0;
  int all, captures;
  const int16_t *list = move_long_squares(move_long_id(m), &all, &captures);
  *squares = list + captures;
  return all - captures;
}

/* A list of moves: drops of six types on every square of a 36x36 board fit;
 * a position with more moves is cut, and says so (move_list_push). */
#define MOVE_LIST_MAX 8192
typedef struct {
  int count;
  Move moves[MOVE_LIST_MAX];
} MoveList;

/* Says once on stderr that a position had more moves than a MoveList holds
 * and that the rest were left out (board/movegen.c). */
void move_list_full(void);

/* Appends m; a full list leaves it out and says so (move_list_full), never
 * silently. Every generator appends through it. */
static inline void move_list_push(MoveList *list, Move m) {
  if (list->count < MOVE_LIST_MAX)
    list->moves[list->count++] = m;
  else
    move_list_full();
}

#endif
