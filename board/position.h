/* position.h — a game position on any board, and making/unmaking moves.
 *
 * A Position belongs to one compiled Variant (which must outlive it). It holds
 * the board as a flat array of Piece cells, piece lists, hands, castling and
 * en-passant state and an incremental Zobrist key. The only code that changes
 * the board is a handful of primitives in position.c (put, remove, set); every
 * change is logged in the caller's Undo record, so pos_unmake_move restores
 * the board and the key exactly, whatever the move did (several captures,
 * castling of any geometry, drops, swaps, promotions, explosions).
 *
 * Threads: a Position is used by one thread at a time. pos_clone gives another
 * thread its own copy (sharing the read-only tables).
 *
 * Typical use:
 *   char err[128];
 *   Position *pos = pos_new(variant, err, sizeof err);
 *   if (!pos || !pos_set_fen(pos, fen, err, sizeof err)) ...report err...
 *   MoveList list; gen_legal_moves(pos, &list);            (board/movegen.h)
 *   Undo u; pos_make_move(pos, list.moves[0], &u); ... pos_unmake_move(pos, &u);
 */
#ifndef CHIMERA_BOARD_POSITION_H
#define CHIMERA_BOARD_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/geometry.h"
#include "board/move.h"
#include "mbn/variant.h"

/* A board cell.
 *   bits 0-8  piece type + 1 (0 = empty square; PIECE_TYPE_MAX types)
 *   bit  9    colour (0 white, 1 black)
 *   bit  10   promoted with '~' (crazyhouse: reverts to its origin when captured)
 *   bit  11   unmoved (the piece still stands where the game started it)
 *   bit  12   fresh: unmoved, neither dropped nor promoted, and (a royal) never
 *             checked: MBN's ii (set only in variants with ii moves)
 * PIECE_WALL marks a hole or a '*' wall: nothing moves onto or through it.
 * PIECE_KIND_MASK keeps type and colour (what a piece is, not its history). */
typedef uint16_t Piece;
#define PIECE_TYPE_BITS 9
#define PIECE_NONE      ((Piece)0)
#define PIECE_WALL      ((Piece)0xFFFF)
#define PIECE_PROMOTED  ((Piece)0x400)
#define PIECE_UNMOVED   ((Piece)0x800)
#define PIECE_FRESH     ((Piece)0x1000)
#define PIECE_HISTORY   ((Piece)(PIECE_UNMOVED | PIECE_FRESH)) /* what a move takes away */
#define PIECE_KIND_MASK ((Piece)0x3FF)
_Static_assert(PIECE_TYPE_MAX + 1 < 1 << PIECE_TYPE_BITS, "a cell holds a type + 1 in 9 bits");

static inline Piece piece_make(Color c, int type) {
  return (Piece)((type + 1) | (int)c << PIECE_TYPE_BITS);
}
static inline int piece_type(Piece p) {
  return (p & ((1 << PIECE_TYPE_BITS) - 1)) - 1;
}
static inline Color piece_color(Piece p) {
  return (Color)(p >> PIECE_TYPE_BITS & 1);
}
/* Piece p turned to the other colour (MBN's x, a flip=... rule): what it
 * is, not its history (unmoved, fresh), save a promotion, which it keeps as
 * Fairy-Stockfish's promoted-pieces bitboard does. */
static inline Piece piece_flipped(Piece p) {
  return (Piece)(piece_make((Color)!piece_color(p), piece_type(p)) | (p & PIECE_PROMOTED));
}
static inline bool piece_is_real(Piece p) {
  return p != PIECE_NONE && p != PIECE_WALL;
}

#define EP_SQUARES_MAX 4 /* squares a multi-step move may be captured on */
/* The side of a castling move from royal_from with the partner on partner:
 * short when the partner stands to the right, long to the left, vertical on
 * the royal's own file (MBN's O-O-O-O). */
static inline int pos_castling_side(const Geometry *geo, int royal_from, int partner) {
  int rf = geo_file(geo, royal_from), pf = geo_file(geo, partner);
  return pf > rf ? CASTLE_SHORT : pf < rf ? CASTLE_LONG : CASTLE_VERTICAL;
}

#define UNDO_CHANGES_MAX 40 /* squares one move may change (atomic blasts included) */

/* The part of the position that is copied into Undo and restored as a whole. */
typedef struct {
  uint64_t key;
  /* Forward-only pieces by square (xor) and the other pieces by type (sum):
   * what the search's correction history is indexed by (tables.h). */
  uint64_t pawn_key, material_key;
  Square castle_partner[COLOR_NB][CASTLE_SIDES]; /* partner square with a right: short, long,
                                                    vertical (CASTLE_SHORT ..) */
  Square castle_royal[COLOR_NB];                 /* where the castling royal starts */
  Square ep_squares[EP_SQUARES_MAX];             /* squares an e.p. capture may land on */
  int ep_count;
  Square ep_victim; /* the piece an e.p. capture removes */
  int rule50;       /* halfmove clock: plies since the last capture, drop, promotion or
                       move of the move rule's types (pos_make_move) */
  int checks_given[COLOR_NB];
  int ply_from_start;
  /* plies since the last null move (a large number when there was none):
   * a repetition never spans one (Fairy-Stockfish's pliesFromNull) */
  int plies_from_null;
  /* Janggi: plies in a row that ended with the royals facing (royal=bikjang)
   * and that were passes; two of either end the game (Fairy-Stockfish's
   * st->bikjang && st->previous->bikjang, likewise for passes). */
  uint8_t facing_plies, pass_plies;
  /* Type + 1 of the piece the last move dropped, 0 after any other move:
   * drop{..}=nomate judges a mate by it (pos_game_result). */
  uint16_t dropped;
  /* 1 + side (0 short, 1 long) of the castling the last move made, 0 after
   * any other move: castling=winshort/winlong judges it (board/rules_end.c). */
  uint8_t castled;
  /* 1 when the last move was a capture by an MBN # leg (leg_rules.c): the
   * game is over and the side to move has lost (board/rules_end.c) */
  uint8_t decisive;
} PosState;

/* One logged cell: what stood there and, for a piece, its index in its
 * colour's plist, so unmake puts it back in place and the list order (hence
 * the order of generated moves) is exactly as before the move. */
typedef struct {
  Square sq;
  Piece old;
  int16_t index;
} SquareChange;

/* One logged hand count: the hands are not in PosState, which is copied
 * whole on every make, since PIECE_TYPE_MAX counts a side would be copied
 * for the one or two a move changes (a drop, a capture into the hand). */
typedef struct {
  uint16_t type;
  uint8_t color, old;
} HandChange;

/* Everything pos_unmake_move needs; owned by the caller (one per ply).
 * A long move (MOVE_LONG) may capture any number of pieces: those cells are
 * logged in the position's spill log instead (Position.spill), from
 * spill_from on, and changes[] holds the rest of the move as usual. */
typedef struct {
  PosState prev;
  Move move;
  int change_count;
  int hand_change_count;
  /* MOVE_LONG only: where its captures start in Position.spill, and how
   * many cells and hand counts were logged before them */
  int spill_from, long_cells, long_hands;
  SquareChange changes[UNDO_CHANGES_MAX];
  HandChange hand_changes[UNDO_CHANGES_MAX];
} Undo;

typedef struct BoardTables BoardTables;

/* 128-bit bitboards (GCC and Clang on 64-bit targets); __extension__ keeps
 * -Wpedantic quiet about the non-ISO type. */
__extension__ typedef unsigned __int128 bb128_t;

/* A position's bitboards at one width (board/bb.h): one per colour, walls,
 * one per piece type. Variants of more than BB_TYPES_MAX types have no
 * bitboards: every type set of the bitboard code is then one uint64_t word
 * (the first of a TypeSet), and the Position of an ordinary variant stays
 * the size it was before the type limit was raised. */
#define BB_TYPES_MAX 64
typedef struct {
  uint64_t color[COLOR_NB], wall;
  uint64_t type[BB_TYPES_MAX];
} PosBb64;
typedef struct {
  bb128_t color[COLOR_NB], wall;
  bb128_t type[BB_TYPES_MAX];
} PosBb128;

typedef struct Position {
  const Variant *variant;
  BoardTables *tables; /* read-only after pos_new, shared by clones */
  Geometry geo;
  Piece *board;            /* geo.sq_nb cells */
  Square *plist[COLOR_NB]; /* squares of each colour's pieces (make/unmake restore the order) */
  int pcount[COLOR_NB];
  int16_t *pindex; /* square -> index in its colour's plist */
  Color side;
  bool chess960; /* castling rights and move text as in Chess960 */
  /* Bitboards of the width the tables chose (board/bb.h), kept only on
   * flat boards of at most 128 squares: bb64 when tables->bb64 is set,
   * bb128 when tables->bb128 is. */
  union {
    PosBb64 bb64;
    PosBb128 bb128;
  };
  PosState st;
  /* pieces in hand, by colour and type (logged in Undo.hand_changes) */
  uint8_t hand[COLOR_NB][PIECE_TYPE_MAX];
  /* The cells the captures of the long moves made and not unmade took, a
   * stack in make/unmake order (Undo.spill_from): a long move captures any
   * number of pieces, more than Undo.changes holds. Grown when a longer
   * chain than ever is made (rare: only variants with such pieces). */
  SquareChange *spill;
  int spill_len, spill_cap;
} Position;

/* Creates a position for the variant, set to its start position (or empty if
 * it has none). NULL with a message if the variant cannot be played. */
Position *pos_new(const Variant *variant, char *err, size_t errlen);
/* Whether pos_new would accept the variant (the same checks and the start
 * FEN read), without building its move tables: cheap enough to check every
 * loaded variant at start-up. False with the message pos_new would give. */
bool pos_check_variant(const Variant *variant, char *err, size_t errlen);
/* A copy with its own board, sharing the variant tables (for another thread). */
Position *pos_clone(const Position *pos);
void pos_free(Position *pos);

/* Reads a FEN in Fairy-Stockfish's dialect: multi-digit empty runs, '*' walls,
 * '+X' promoted pieces, 'X~' promoted-from-pawn, holdings "[...]" (or a
 * trailing "/..." rank), castling KQkq or Shredder/X-FEN file letters, an e.p.
 * square, "N+M" check counters, half-move and full-move numbers (optional).
 * On error returns false with a message and leaves the position unchanged. */
bool pos_set_fen(Position *pos, const char *fen, char *err, size_t errlen);
/* Writes the FEN; returns its length (truncates safely to buflen). */
int pos_get_fen(const Position *pos, char *buf, size_t buflen);
/* Sets the variant's start position. */
bool pos_set_startpos(Position *pos, char *err, size_t errlen);
void pos_set_chess960(Position *pos, bool on);

void pos_make_move(Position *pos, Move move, Undo *undo);
/* The cells a long move's captures changed (undo of the last move made on
 * pos, or of one made before it and not unmade), as they were before it; their
 * number in *count (0 for any other move). */
const SquareChange *pos_undo_spilled(const Position *pos, const Undo *undo, int *count);
void pos_unmake_move(Position *pos, const Undo *undo);
/* Passes the turn (null move for search); undo with pos_unmake_move. */
void pos_make_null(Position *pos, Undo *undo);

/* Consistency check of board, piece lists, hands and key (debug builds call it
 * after every make and unmake). */
bool pos_is_ok(const Position *pos);

/* The type a drop puts on the board: the hand type, or (drop=promoted) the
 * type it promotes to. */
static inline int move_drop_board_type(const Position *pos, Move m) {
  int type = move_piece_arg(m);
  if (!(move_flags(m) & MOVE_FLAG_DROP_PROMOTED)) return type;
  int up = type_set_first(pos->variant->pieces[type].promotes_to);
  return up >= 0 ? up : type;
}

static inline Color pos_side_to_move(const Position *pos) {
  return pos->side;
}
static inline uint64_t pos_key(const Position *pos) {
  return pos->st.key;
}
static inline uint64_t pos_pawn_key(const Position *pos) {
  return pos->st.pawn_key;
}
static inline uint64_t pos_material_key(const Position *pos) {
  return pos->st.material_key;
}
static inline Piece pos_piece_on(const Position *pos, int sq) {
  return pos->board[sq];
}
static inline int pos_hand_count(const Position *pos, Color c, int type) {
  return pos->hand[c][type];
}
static inline int pos_rule50(const Position *pos) {
  return pos->st.rule50;
}
static inline int pos_plies_from_null(const Position *pos) {
  return pos->st.plies_from_null;
}
static inline int pos_square_count(const Position *pos) {
  return pos->geo.sq_nb;
}
/* Number of pieces of a type and colour on the board. */
int pos_count_pieces(const Position *pos, Color c, int type);

/* Primitives: the only functions that change the board. Each logs the old
 * cell in undo (which may be NULL when setting up a position). */
void pos_put_piece(Position *pos, int sq, Piece piece, Undo *undo);
void pos_remove_piece(Position *pos, int sq, Undo *undo);
void pos_move_piece(Position *pos, int from, int to, Undo *undo);
/* Takes the piece off sq for a look at the board without it (an attack
 * test), logged in undo; pos_unlift_piece puts it back exactly (list order,
 * key), which an unlogged remove and put would not. */
void pos_lift_piece(Position *pos, int sq, Undo *undo);
void pos_unlift_piece(Position *pos, const Undo *undo);

#endif
