/* move_program.h — the compiled form of a piece's moves: the contract between
 * the MBN compiler (mbn/, which writes it) and the move generator (board/,
 * which reads it).
 *
 * A piece's moves, for one colour, are a small graph of LEGS. A move is a walk
 * from a root leg along child links; every leg takes one or more steps of a
 * fixed vector and lands on a square whose content it tests and may act on.
 * Everything MBN expresses relatively (f, r, "same direction as the previous
 * leg", t, z, Black's mirror image) is resolved at compile time into absolute
 * vectors, so the walker never interprets notation: it only follows vectors.
 *
 *   N      8 root legs, each (dx,dy) a knight vector, 1 step, ENDS.
 *   R      4 root legs, unit vectors, 1..unlimited steps, between=EMPTY, ENDS.
 *   W-fF   4 roots (W vectors, land EMPTY, not ENDS), each with 2 children
 *          (the two diagonals forward relative to the parent), ENDS.
 *   pR     4 roots: unit vector, 1..inf steps, land on an occupied square and
 *          VISIT it (no capture); child: same vector, 1..inf, ENDS.
 *   aK--[K] 8 roots (land empty or capture, ENDS), each with 8 children (ENDS).
 *   (dcK-mK)0  a leg whose children link back to an ancestor: the graph has
 *          a cycle and the walker stops when a position would repeat.
 *
 * Coordinates: dx along files (towards higher files), dy along ranks (towards
 * Black, i.e. "forward" for White), dz along levels. Black's program is a
 * separate graph, normally White's mirrored (dy -> -dy, ranks r -> H-1-r), so
 * the walker treats both colours alike.
 *
 * The compiler may grow this header (new flags, new effects); the walker must
 * reject (never silently ignore) a flag it does not implement — see
 * LEG_FLAGS_KNOWN.
 */
#ifndef CHIMERA_MBN_MOVE_PROGRAM_H
#define CHIMERA_MBN_MOVE_PROGRAM_H

#include <stdbool.h>
#include <stdint.h>

#include "mbn/type_set.h"

/* A leg may repeat its step without limit (a rider). */
#define LEG_STEPS_UNLIMITED 0xFF

/* Index of "no such thing" for ranges, piece sets and child lists. */
#define MOVE_NONE 0xFFFF

/* What may stand on a square a leg lands on (a bit set). */
typedef enum {
  OCC_EMPTY = 1 << 0,  /* m: an empty square */
  OCC_ENEMY = 1 << 1,  /* c: an enemy piece */
  OCC_FRIEND = 1 << 2, /* cc / jj / ww: a friendly piece */
} Occupancy;

/* What the leg does to the piece on its landing square, if there is one. */
typedef enum {
  EFFECT_CAPTURE = 0, /* remove it (the usual case) */
  EFFECT_VISIT,       /* j / p hurdle: touch it and go on, leave it there */
  EFFECT_SWAP,        /* w: it goes to the mover's start square */
  EFFECT_FLIP,        /* x: it changes colour and stays */
  EFFECT_NB
} LegEffect;

/* What the squares passed between two steps of one leg must hold. */
typedef enum {
  BETWEEN_EMPTY = 0,       /* a slider: every passed square empty */
  BETWEEN_ANY,             /* g: a leaping rider jumps over anything */
  BETWEEN_FRIEND_OR_EMPTY, /* gg: may leap over friends only */
  BETWEEN_NB
} LegBetween;

typedef enum {
  LEG_ENDS = 1 << 0,       /* the move may end on this leg's landing square */
  LEG_MAXIMAL = 1 << 1,    /* 0*: go as far as possible, land only on the last square */
  LEG_EDGE = 1 << 2,       /* *: edge rider, land only on an edge square */
  LEG_WRAP_FILES = 1 << 3, /* o: the a- and last file are adjacent for this leg */
  LEG_WRAP_RANKS = 1 << 4, /* oo: also the first and last rank */
  LEG_INITIAL = 1 << 5,    /* i: only if the moving piece has not moved yet */
  LEG_EP_VICTIM = 1 << 6,  /* me: passing squares may be captured en passant */
  LEG_EP_CAPTURE = 1 << 7, /* ce: may capture en passant on landing */
  LEG_EP_ONLY = 1 << 8,    /* cee: may capture only en passant */
  LEG_NO_CHECK = 1 << 9,   /* k: a move ending on this leg may not give check */
  LEG_FLAGS_KNOWN = (1 << 10) - 1,
  /* Newer than LEG_FLAGS_KNOWN on purpose, so a walker that tests
   * `flags & ~LEG_FLAGS_KNOWN` rejects it until it implements it.
   * {...} optional legs, maximal (0*) complex riders and circular riders:
   * if this leg can be taken from its parent's landing square, the move may
   * not end at the parent (the parent has LEG_ENDS; the flag is on the child),
   * and it cannot be taken onto the move's start square. */
  LEG_COMPULSORY = 1 << 10,
  /* #: MBN's decision operator (C=...+#c{C}C): a move ending on this leg
   * that captures decides the game for the side that made it. Like k, it
   * must be on every leg after it too (board/leg_rules.c). */
  LEG_DECISIVE = 1 << 11,
  /* kk: a move ending on this leg may give check but not mate (the side
   * checked has no legal move after it). Like k, on every leg after it too. */
  LEG_NO_MATE = 1 << 12,
  /* u: a move of this leg (a root leg of one leg only, moving without
   * capturing) is possible only if no root leg with the flag finds an enemy
   * piece first on its path: "the piece can move only if all move
   * directions are unblocked" (docs/mbn.md decision 31). */
  LEG_UNBLOCKED = 1 << 13,
  /* ii: an initial move (with LEG_INITIAL) lost also with the first check
   * to the piece, and never made by a dropped or promoted piece
   * (docs/mbn.md decision 33; the board's PIECE_FRESH). */
  LEG_STRICT_INITIAL = 1 << 14,
  /* !: MBN's setup operator on a capture (Q=mQ-{!cK}, !c{R}R): the leg
   * captures on its landing square and the piece stands back on the square
   * the leg started from, where the move ends or its next leg starts
   * (docs/mbn.md decision 34). Only single-leg captures carry it. */
  LEG_SETUP = 1 << 15,
  /* {C}W2, [+]W, W[*]: the leg starts (origin_attackers) or lands
   * (landing_attackers) only on a square attacked, or not attacked, by the
   * pieces of a set, in the position before the move (docs/mbn.md decision
   * 40). Conditional legs never count as attacks when another condition is
   * asked, so conditions do not recurse. */
  LEG_ATTACK_CONDITION = 1 << 16,
  /* /T[a1]/W: the move only while a piece of a set stands on a square of a
   * range (MBN's conditional operator; presence_set, presence_range; docs/
   * mbn.md decision 41), in the position before the move. */
  LEG_PRESENCE = 1 << 17,
  /* W[:]: the leg lands only on a piece that has not moved (MBN's range [:]
   * after a move, "squares occupied by unmoved pieces"), in the position
   * before the move; the board then keeps whether every piece moved
   * (docs/mbn.md decision 45). */
  LEG_LANDS_ON_UNMOVED = 1 << 18,
  /* cQ--X: a move ending on this leg (a capture) is followed by MBN's
   * explosion (docs/mbn.md decision 51). The board plays it as the
   * variant's atomic rule, which mbn/variant_explosion.c sets only when
   * every capture of the variant carries the flag. */
  LEG_EXPLODES = 1 << 19,
} LegFlag;

/* MoveLeg.origin_attackers / landing_attackers: 0 for no condition, else
 * 1 + the PieceFilter index of the attackers (friendly: the mover's
 * colour), with ATTACKERS_NOT set when the square must not be attacked. */
#define ATTACKERS_NOT          0x8000u
#define ATTACKERS_FILTER(code) ((int)((code) & ~ATTACKERS_NOT) - 1)

/* One leg of a move. 40 bytes, so a piece's graph is a few cache lines. */
typedef struct {
  int8_t dx, dy, dz;     /* the step vector, already absolute for this colour */
  int8_t dw;             /* the W axis of a 4D board (MBN §8, "4D Chess"): boards of another row */
  uint8_t min_steps;     /* 1 for a leaper; n for an exact rider 0n */
  uint8_t max_steps;     /* 1 for a leaper; n for W4; LEG_STEPS_UNLIMITED */
  uint8_t occupancy;     /* Occupancy bits allowed on the landing square */
  uint8_t effect;        /* LegEffect on an occupied landing square */
  uint8_t between;       /* LegBetween for squares passed between steps */
  uint32_t flags;        /* LegFlag bits */
  uint16_t victim_set;   /* PieceFilter index limiting what may be captured/visited,
                            or MOVE_NONE for any piece */
  uint16_t ep_victims;   /* ce{..}: 1 + the PieceFilter index of the pieces it may take en
                            passant; 0 (as zeroed) for any */
  uint16_t leap_set;     /* g{..}: 1 + the PieceFilter index of the pieces a leaping rider may
                            leap over (between is not EMPTY); 0 (as zeroed) for any */
  uint16_t origin_range; /* SquareRange index the leg must start in, or MOVE_NONE */
  uint16_t landing_range; /* SquareRange index the leg must land in, or MOVE_NONE */
  uint16_t origin_attackers, landing_attackers; /* LEG_ATTACK_CONDITION: see ATTACKERS_NOT */
  uint16_t presence_set;   /* LEG_PRESENCE: 1 + the PieceFilter index of the pieces, 0 if none */
  uint16_t presence_range; /* LEG_PRESENCE: SquareRange index, or MOVE_NONE for the board */
  uint16_t first_child;    /* index of the first next leg in MoveProgram.children */
  uint16_t child_count;    /* how many next legs; 0 for a final leg */
} MoveLeg;

/* A set of squares, one byte per square of the board (1 = in the set), in the
 * board's square order: square = (level * ranks + rank) * files + file. */
typedef struct {
  uint8_t *member;
} SquareRange;

/* A set of piece types (indices into Variant.pieces) with a colour condition. */
typedef struct {
  TypeSet friendly; /* types allowed when the piece is the mover's colour */
  TypeSet enemy;    /* types allowed when the piece is the opponent's */
} PieceFilter;

/* A piece's moves for one colour. Roots are legs[0 .. root_count-1]; each
 * leg's children are legs[children[first_child + k]]. */
typedef struct {
  MoveLeg *legs;
  uint16_t leg_count;
  uint16_t root_count;
  uint16_t *children; /* leg indices; a child may point back to an ancestor */
  uint16_t child_link_count;
} MoveProgram;

#endif
