/* mbn_ast.h — the syntax tree of MBN piece definitions.
 *
 * The parser (mbn_parse.c) builds it, the printer (mbn_print.c) turns it
 * back into canonical MBN, and the lowering pass (mbn_lower.c) resolves
 * letters and modifiers into leg templates. Nodes live in an arena owned by
 * the caller, so a failed parse frees everything at once.
 */
#ifndef CHIMERA_MBN_AST_H
#define CHIMERA_MBN_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mbn/mbn.h"

/* Limits; each has its own diagnostic. */
#define MBN_MAX_DEPTH       32 /* nesting of ( [ { */
#define MBN_MAX_LEAP        35 /* largest ordinate of a leaper */
#define MBN_MAX_STEPS       36 /* largest rider count (W36, (K)036) */
#define MBN_MAX_MACRO_DEPTH 16 /* macros expanding macros */
#define MBN_MAX_MODIFIERS   16 /* modifiers on one move */
#define MBN_MAX_SET_LETTERS 32 /* letters in one piece set */
#define MBN_MAX_RANGE_ITEMS 16 /* comma-separated items in one range */
#define MBN_MAX_DEFINITIONS 1024
#define MBN_MAX_TRANSITIONS 16         /* comma-separated items in one board transition */
#define MBN_BOARDS_ANY      (1u << 31) /* the board identifier <*>: the boards not named elsewhere */
#define MBN_BOARDS_REFLECT  (1u << 30) /* <<5>>: Black's boards are mirrored (board 1 for 5) */
/* 4D identifiers <z;w> (MBN §8, "4D Chess"): bits 0-7 the boards z, bits 8-15
 * the rows w, whose product they name; <*;*> is MBN_BOARDS_ANY. */
#define MBN_BOARDS_4D    (1u << 29)
#define MBN_BOARDS_ANY_Z (1u << 28) /* <*;w>: every board of the rows named */
#define MBN_BOARDS_ANY_W (1u << 27) /* <z;*>: the boards z of every row */

/* A bump allocator: everything of one compilation, freed at once. */
typedef struct ArenaBlock ArenaBlock;
typedef struct {
  ArenaBlock *head;
} Arena;
void *arena_alloc(Arena *arena, size_t size); /* zeroed; aborts only on out-of-memory */
void arena_free(Arena *arena);

typedef struct AstPieceSet {
  bool colored; /* {!...}: upper case friendly, lower case enemy */
  bool negated; /* {^...} */
  int count;
  char letters[MBN_MAX_SET_LETTERS][8]; /* "Q", "q", ":BM:" (case kept when colored) */
} AstPieceSet;

/* One comma-separated item of a board range: [a-c1-3], [b], [2], [#]. */
typedef struct {
  char special;            /* 0, or '#' (edge) '.' (inner) '*' (unattacked), '+' (attacked),
                              ':' (holding an unmoved piece), '{' (attacked by the pieces of set) */
  struct AstPieceSet *set; /* special '{': [{QR}] */
  int file_lo, file_hi;    /* 0-based, -1 = every file */
  int rank_lo, rank_hi;    /* 0-based, -1 = every rank */
} AstRangeItem;

typedef struct {
  bool present;
  bool negated;
  int count;
  AstRangeItem items[MBN_MAX_RANGE_ITEMS];
} AstRange;

/* One item of a board transition (MBN §8): <+1>, <-2>, <+-1>, <3>, <+>. */
typedef struct {
  char sign; /* '+' '-' 'b' (+-), 0 for an absolute board number, 'a' for <+> (any other) */
  int value; /* levels to move, or the 1-based board number */
} AstTransitionItem;

/* A board transition or the triagonal operator before a move. */
typedef struct {
  char kind;      /* 0 none, 't' a transition <...>, '3' the triagonal operator <>, or the
                     operators of MBN §10: '4' <4d>, 'D' <3d>, '2' <2d>, 'o' <3o> */
  bool reflect;   /* <<...>>: Black's levels are mirrored too (MBN "Symmetry on Z Axis") */
  bool four_d;    /* written with ';' (<z;w>): items are the Z axis, w_items the W axis */
  bool reflect_w; /* <z;<w>>, <<z;w>>: Black's rows are mirrored (4D) */
  int count, w_count;
  AstTransitionItem items[MBN_MAX_TRANSITIONS];
  AstTransitionItem w_items[MBN_MAX_TRANSITIONS];
  int line, col;
} AstTransition;

/* A modifier letter as written: 'f', 'm', 'c', ... ; amalgamated (fr) has
 * code '(' and the two letters in dir[]. */
typedef struct {
  char code;
  char dir[2];   /* amalgamated: (dir[0] dir[1]); doubled direction: dir[0]==dir[1]==code */
  int count;     /* 1, or 2 for doubled cc, ee, jj, pp, ... */
  bool any;      /* y suffix: cy, jy, wy, xy */
  bool optional; /* ? suffix */
  int set;       /* index into AstNode.sets, or -1 */
  int line, col;
} AstModifier;

typedef enum {
  AST_LEAPER,   /* W, F, :1,4: */
  AST_REF,      /* a basic piece or macro letter: K, Q, :NR: */
  AST_RIDE,     /* child + steps: W0, N3, (aW)3, F02, B0* */
  AST_MOD,      /* modifiers and ranges applied to child */
  AST_ALT,      /* P+Q, or PQ (juxtaposed) */
  AST_CHAIN,    /* A-B--C */
  AST_OPTIONAL, /* [A] (may) or {A} (must, if unblocked) in a chain */
} AstKind;

typedef enum {
  RIDE_LIMITED,   /* W3: 1..n */
  RIDE_EXACT,     /* W03: exactly n (W00 = O) */
  RIDE_UNLIMITED, /* W0 */
  RIDE_MAXIMAL,   /* W0* */
  RIDE_EDGE,      /* B*: to the edge of the board */
} RideKind;

typedef struct AstNode AstNode;
struct AstNode {
  AstKind kind;
  int line, col, offset;
  AstNode **kids;
  int kid_count;
  /* AST_LEAPER */
  int m, n;
  char spelling; /* the atom letter, or 0 for :m,n: */
  /* AST_REF */
  char letter[8];
  /* AST_RIDE */
  RideKind ride;
  int count;
  bool group;       /* written with parentheses: a complex rider */
  bool circular;    /* (P)(rf)8: circ holds the directional modifier */
  bool double_star; /* RIDE_MAXIMAL written '**' after a group: the text's explosion macro
                       (@X=(!dcy{^P}OK)**, "dissolved to ... 0*"); nowhere else (decision 42) */
  /* any node: written in parentheses without steps, "(fN)"; only grouping,
   * but a count after a macro with this body makes it a complex rider (§16) */
  bool parens;
  AstModifier circ;
  /* AST_MOD */
  AstModifier mods[MBN_MAX_MODIFIERS];
  int mod_count;
  AstPieceSet *sets;
  int set_count;
  AstRange before, after;
  bool decisive;            /* # before the move: its capture decides the game */
  bool setup;               /* ! before the move: its capture made, the piece stands back on
                               the square it came from (the setup square, MBN §6) */
  AstTransition transition; /* <+1>, <<+1>>, <> before the move */
  AstPieceSet *attackers;   /* {C}W2: the move only from a square these pieces attack (MBN §6) */
  /* /T[a1]/W: the move only while a piece of the set (NULL: any) stands on the range (not
   * present: anywhere) */
  bool condition;
  AstPieceSet *condition_set;
  AstRange condition_range;
  uint32_t origin_boards; /* set by the compiler for C<2>=...: legs start only on these
                             boards (bit l for level l); never parsed or printed */
  /* AST_ALT */
  bool juxtaposed;
  /* AST_CHAIN: sequence[k] true if kids[k] and kids[k+1] are joined by -- */
  bool *sequence;
  /* AST_OPTIONAL */
  bool compulsory; /* {...} */
};

typedef enum {
  DEF_PIECE,        /* K, PS=mfWcfF, +Q=QN, p=... */
  DEF_MACRO,        /* @X=... */
  DEF_PROMOTION,    /* +P==QRBN */
  DEF_CASTLING,     /* O-O=...=... */
  DEF_PRECONDITION, /* ?#K=[*]O: the condition of #K's promotion (MBN §2) */
  DEF_DROPS,        /* $K==@k@K@w@S: the opening drop sequence (MBN §5) */
} DefKind;

typedef struct {
  DefKind kind;
  int line, col, offset;
  int letter_count;        /* PS=... defines two */
  char letters[8][8];      /* with prefix: "+P", ":BM:", "p" (case kept) */
  uint32_t boards[8];      /* board identifier per letter (C<1,3>=): bit b-1 for board b,
                              MBN_BOARDS_ANY for <*>; 0 = none (every board) */
  char name[32];           /* |Name| comment */
  AstNode *move;           /* NULL: default definition */
  AstPieceSet promo;       /* DEF_PROMOTION */
  int castle_long;         /* DEF_CASTLING: 0 short (O-O), 1 long, 2 vertical (O-O-O-O) */
  AstNode *castle_partner; /* DEF_CASTLING: the partner's move */
  bool castle_indirect;    /* DEF_CASTLING: Slide Shuffle's O-O=[*]irR=ip{k}lD (MBN §13) */
  int castle_hex_cells;    /* DEF_CASTLING: the cells n of §15's horizontal hexagonal
                              O-O=[*]irD0n=ij{k}lD0-D; 0 for another form */
  AstPieceSet castle_set;  /* DEF_CASTLING: {R}O-O=..., the partner's types (MBN §13);
                              count 0 = none written */
  bool xboard;             /* the move was written `betza:...` (XBoard's Betza): Black's
                              program is turned, not reflected */
  char (*drops)[8];        /* DEF_DROPS: the pieces after each '@', in order, case kept
                              (lower case: Black's); in the parser's arena */
  int drop_count;
} AstDefinition;

typedef struct {
  AstDefinition *defs;
  int count;
} AstProgram;

/* Parses a whole `pieces` text. Returns false and adds diagnostics on error
 * (parsing stops at the first error of a definition). */
bool mbn_parse_program(const char *text, MbnSourcePos where, Arena *arena, AstProgram *out,
                       MbnDiagnostics *diags);

/* Parses one move definition (the right side of '='), for basic pieces and
 * tests. Returns NULL on error. */
AstNode *mbn_parse_move(const char *text, MbnSourcePos where, Arena *arena, MbnDiagnostics *diags);

/* Canonical MBN text of a move / a definition. Returns the length written
 * (like snprintf, may exceed size). */
int mbn_print_move(const AstNode *node, char *out, size_t size);
int mbn_print_definition(const AstDefinition *def, char *out, size_t size);

#endif
