/* tables.h — per-variant tables built once when a position is created and
 * shared read-only by its clones: the next-square table of every leg of every
 * compiled program, reach filters for attack tests, promotion zones and
 * piece-type facts the hot path asks for. Internal to board/. */
#ifndef CHIMERA_BOARD_TABLES_H
#define CHIMERA_BOARD_TABLES_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "board/geometry.h"
#include "board/position.h"
#include "mbn/variant.h"

struct BoardTables {
  atomic_int refs;
  const Variant *variant;
  Geometry geo;
  int type_nb;
  /* next[(leg_base[t][c] + leg) * sq_nb + sq]: one step of that leg, SQ_NONE off board */
  Square *next;
  int leg_base[PIECE_TYPE_MAX][COLOR_NB];
  /* reach[t][c]: (2F-1)*(2R-1) bytes, 1 where a capture at offset (dx,dy) is
   * possible at all; NULL when the program is too complex to say (then walk). */
  uint8_t *reach[PIECE_TYPE_MAX][COLOR_NB]; /* indexed by tables_reach_cell */
  bool dedup[PIECE_TYPE_MAX][COLOR_NB];     /* several paths may give one move: filter */
  /* memo[t][c]: the leg graph has a cycle or many paths (complex riders:
   * (dK)0, dQ0, (dK)10), so the walker visits each (leg, square, state)
   * once (movegen.c) instead of every path */
  bool memo[PIECE_TYPE_MAX][COLOR_NB];
  /* returns[t][c]: some leg may capture and go on ('a', 'c' before another
   * leg: the Lion's aK--[K]), so a move may end on the piece's start square
   * (igui, pass); otherwise only the null leap O may (MBN §2) */
  bool returns[PIECE_TYPE_MAX][COLOR_NB];
  bool compulsory[PIECE_TYPE_MAX][COLOR_NB]; /* some leg is LEG_COMPULSORY */
  /* forward_only[t]: board_type_forward_only; the squares of these pieces
   * make the position's pawn key, the others its material key (position.h) */
  bool forward_only[PIECE_TYPE_MAX];
  uint64_t material_number[COLOR_NB][PIECE_TYPE_MAX]; /* structure_key_material, looked up */
  /* plain[t][c]: every leg is a root, ending leg of a leaper or slider
   * (min_steps >= 1) that captures by replacement, with only the flags
   * initial and e.p. and no victim set (origin and landing ranges allowed):
   * movegen walks it with a tight loop. It says how the piece moves, not what
   * happens where it lands: pawns are plain, and the loop sends moves of a
   * type that is not direct[t][c] through the promotion rules. */
  bool plain[PIECE_TYPE_MAX][COLOR_NB];
  /* direct[t][c]: no move of the type promotes, demotes (promotion=demote)
   * or is confined, so a generated move is stored as it is */
  bool direct[PIECE_TYPE_MAX][COLOR_NB];
  uint8_t *promo_zone[COLOR_NB]; /* one byte per square */
  /* type_zone[c][t]: a type's own zone where it is not promo_zone[c] (NULL):
   * a side-mover's last file ('P, MBN §2: "promotes on the last file"; both
   * colours, as Black's moves are White's mirrored), the levels of its
   * promoted form's boards (+S<5>=T, §8: "at last rank on highest level 5 it
   * will promote"). type_zones: there is one, and the bitboards, which know
   * one zone per colour, are off. rules_promotion_zone() picks. */
  uint8_t *type_zone[COLOR_NB][PIECE_TYPE_MAX];
  bool type_zones;
  TypeSet royal_types;          /* union of both colours' */
  TypeSet royal_mask[COLOR_NB]; /* royal types per colour (horde: Black only) */
  /* The same as flags, for the hot paths (one load, where a TypeSet test
   * first picks the word): royal_of[c][t] = t in royal_mask[c], royal_either
   * = in royal_types, royal_any[c] = royal_mask[c] is not empty; promotes[t]:
   * the type has a promotion (promotes_to not empty). */
  bool royal_of[COLOR_NB][PIECE_TYPE_MAX];
  bool royal_either[PIECE_TYPE_MAX];
  bool royal_any[COLOR_NB];
  bool promotes[PIECE_TYPE_MAX];
  TypeSet extinction_mask[COLOR_NB];
  bool extinction_any[COLOR_NB];                 /* extinction_mask[c] is not empty */
  bool last_royal_any[COLOR_NB];                 /* rules.last_royal_by_color[c] is not empty */
  bool petrify_any;                              /* rules.petrify is not empty */
  uint8_t start_count[COLOR_NB][PIECE_TYPE_MAX]; /* pieces of each type at the start */
  int demote_to[PIECE_TYPE_MAX];                 /* type a captured piece becomes in hand */
  int tilde_origin[PIECE_TYPE_MAX];              /* type a captured '~' piece becomes in hand */
  bool pawn_like[PIECE_TYPE_MAX];                /* the type promotes: initial moves, FEN facts */
  /* The halfmove clock (pos_make_move): resets_clock[t] says t is in the
   * move rule's set (draw=moverule(N){..}, default {P}); for those types on a
   * flat board, back_reach[t][c] marks every offset (tables_reach_cell) that
   * a quiet move needing no first move may go on an empty board, so a move
   * whose reverse (from - to) is marked could be taken back and restarts
   * nothing (Fairy-Stockfish's PseudoMoves test; a sideways pawn step). NULL:
   * every move of the type restarts the clock (none can be taken back, as a
   * pawn's, or the walk cannot tell). */
  bool resets_clock[PIECE_TYPE_MAX];
  uint8_t *back_reach[PIECE_TYPE_MAX][COLOR_NB];
  /* ep_victim[t]: some move of the type may be taken e.p. (MBN me, LEG_EP_VICTIM), so
   * a FEN's e.p. square may name it as the victim, promoting or not */
  bool ep_victim[PIECE_TYPE_MAX];
  /* mobile[t][c][sq]: the piece has some first step from sq (drops and
   * promotions: a piece may not be left where it could never move) */
  uint8_t *mobile[PIECE_TYPE_MAX][COLOR_NB];
  /* Every program is a single-leg leaper or slider on a flat board without
   * wrapping, and no rule makes legality depend on more than "is a royal
   * attacked": then a move of a non-royal piece that is not pinned cannot
   * expose a royal, and gen_legal_moves skips the make/test/unmake. */
  bool simple_pins;
  /* atomic or petrify: a capture does more than take (one test in make) */
  bool capture_effects;
  /* MBN k, kk and # (board/leg_rules.c), per colour, types with a leg that
   * ends a move and carries LEG_NO_CHECK or LEG_NO_MATE / has an ending leg
   * with neither / carries LEG_DECISIVE: zero in every variant that does
   * not use them, so legality and make test one flag there (no_check_any,
   * decisive_any) */
  TypeSet no_check_types[COLOR_NB];
  TypeSet may_check_types[COLOR_NB];
  TypeSet decisive_types[COLOR_NB];
  bool no_check_any[COLOR_NB], decisive_any[COLOR_NB]; /* the sets above are not empty */
  bool promotion_limited; /* some type has a promotion=limit(N): counts need the move list */
  bool promotes_to_royal; /* some piece promotes to a royal type (coregal's queen): such a
                             promotion needs the full legality test */
  bool flips;             /* flip=...: a move turns enemy pieces (make's one test) */
  bool fresh_any;         /* some piece has ii moves (LEG_STRICT_INITIAL): pieces carry
                             PIECE_FRESH */
  bool fresh_royals;      /* and some of them are royal: a check takes it away (make) */
  bool drop_placed;       /* drop=anyside, apart, stacked, enclose, near or opening[..]: where
                             a drop may go depends on the pieces around (gen_drops) */
  bool captures_only;     /* every move captures (clobber): no move ends on an empty square */
  bool promotes_other;    /* some type promotes to the other side's piece (+Q==q): such a
                             move can put an enemy piece next to the mover's royal, so
                             every move is made to test it (no pin or watch shortcut) */
  bool conditional_moves; /* some leg starts or lands only where pieces attack (or do not
                             attack) the square ({C}W2, [+], [*]: LEG_ATTACK_CONDITION), or
                             moves only while a piece stands somewhere (/T[a1]/W:
                             LEG_PRESENCE), or lands only on an unmoved piece (W[:]): a move can
                             switch another piece's moves on, so every move is made to test it, and
                             the bitboards are off */
  bool unmoved_all;       /* some leg lands on unmoved pieces (W[:], LEG_LANDS_ON_UNMOVED):
                             the board keeps PIECE_UNMOVED for every piece, not only for
                             pieces with initial moves */
  bool made_to_test;      /* walls_move, promotes_other or conditional_moves: a move can
                             change attacks that pins, watch lists and check shortcuts do
                             not see, so every move is made and tested */
  bool walls_move;        /* moves place walls (wall=..., petrify{..}): walls are keyed, and
                             every move is made to test it (no pin or watch shortcut) */
  Piece *start_cells;     /* start position (for initial moves), or NULL */
  /* Bitboards (board/bb.h): bb64 for flat boards of at most 64 squares,
   * else bb128 up to 128 squares; both NULL otherwise or when
   * CHIMERA_NO_BITBOARDS is set. At most one is set. */
  struct Bb64Tables *bb64;
  struct Bb128Tables *bb128;
};

/* Builds the tables; NULL with a message if a program uses something the
 * walker does not implement (an unknown leg flag is an error, never ignored). */
BoardTables *tables_new(const Variant *variant, char *err, size_t errlen);
/* The same checks, but only the cheap facts a FEN reader needs: no move
 * tables (next, mobile, reach, plain, simple_pins) and no bitboards (bb is
 * NULL). For pos_check_variant only; such tables cannot generate moves. */
BoardTables *tables_new_facts(const Variant *variant, char *err, size_t errlen);
void tables_retain(BoardTables *tables);
void tables_release(BoardTables *tables);

/* A type that is not royal and whose every move goes forward, at most two
 * steps: it cannot come back, so where such pieces stand is the position's
 * lasting structure (the evaluation's pawn terms, the pawn key). */
bool board_type_forward_only(const Variant *variant, int type);

/* The pawn key's number for a forward-only piece on a square, and the material
 * key's (summed, not xored: it counts) for any other piece. */
uint64_t structure_key_pawn(int color, int type, int sq);
uint64_t structure_key_material(int color, int type);

/* The Zobrist number of a piece on a square, of a hand count, of the side. */
uint64_t zobrist_piece(int color, int type, int sq);
uint64_t zobrist_hand(int color, int type, int count);
uint64_t zobrist_castle(int sq);
uint64_t zobrist_ep(int sq);
uint64_t zobrist_checks(int color, int count);
/* A wall on sq (a hole, a '*' of the FEN, a petrified piece). */
uint64_t zobrist_wall(int sq);
#define ZOBRIST_SIDE 0x9E3779B97F4A7C15ULL

/* Internal to board/ (position.c): the key recomputed from scratch, and the
 * destination squares of colour c's castling from royal_from with the
 * partner on partner_from, to side (pos_castling_side of the two: short and
 * long on the royal's rank, vertical on its file). */
uint64_t pos_compute_key(const Position *pos);
void pos_castling_squares(const Position *pos, Color c, int side, int royal_from, int partner_from,
                          Square *royal_to, Square *partner_to);

/* The type whose letter is letter[0..len) (case-insensitive), or -1. */
int variant_find_type(const Variant *v, const char *letter, int len);

/* The cell of a reach table for a capture at offset (dx, dy), target minus
 * origin in files and ranks (each from -(F-1) to F-1, -(R-1) to R-1): the
 * table's layout in one place, for the walk that fills it (tables.c) and the
 * attack tests that read it. */
static inline int tables_reach_cell(const Geometry *geo, int dx, int dy) {
  return (dy + geo->ranks - 1) * (2 * geo->files - 1) + dx + geo->files - 1;
}

#endif
