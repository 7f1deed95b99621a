/* mbn_lower_internal.h — what the lowering files share (mbn_lower.c: the
 * tree walk; mbn_modifiers.c: modifiers, piece sets and ranges folded into
 * the context). Not part of the compiler's interface. */
#ifndef CHIMERA_MBN_LOWER_INTERNAL_H
#define CHIMERA_MBN_LOWER_INTERNAL_H

#include "mbn/mbn_lower.h"

typedef struct {
  int *items;
  int count;
} IntList;

typedef struct {
  IntList entries, exits;
  bool may_be_empty; /* every part so far was an optional leg */
} Fragment;

/* Modifiers in force at a node, accumulated from the outermost level in. */
typedef struct {
  const DirGroup *dirs; /* copied on write by lower_ctx_apply, so templates share it */
  int dir_levels;
  uint8_t end_occ, pass_occ;   /* 0xFF: no level constrained it */
  int end_effect, pass_effect; /* -1: default */
  uint32_t flags;
  int hop, hop_filter;
  int leap, leap_filter; /* g (1) or gg (2); g{..}'s piece set, -1 = any */
  bool lame;
  bool halfling;
  int end_filter, pass_filter, ep_filter;
  /* A board transition (<+1>, <>) over this node: every atom below becomes
   * one leg per level change (MBN §8, §9). ride_*: the atom is the body of a
   * complex rider (<+1>W)0, so it slides along its 3D vector. */
  const AstTransition *transition;
  bool ride_set, ride_maximal;
  int ride_min, ride_max;
} Ctx;

typedef struct {
  LowerContext *lc;
  Template *t;
  int count, capacity;
  const char *macro_stack[MBN_MAX_MACRO_DEPTH];
  int macro_depth;
  int basic_depth;       /* >0 inside a basic piece's body: letters are basic */
  long edge_total;       /* links between templates, bounded like the templates */
  int ref_line, ref_col; /* inside a basic piece's body: where its letter was written */
} Lowering;

#define OCC_ALL (OCC_EMPTY | OCC_ENEMY | OCC_FRIEND)

/* Reports the first error of a definition (later ones are consequences). */
void lower_error(Lowering *L, int line, int col, const char *near, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Piece filters and square ranges, deduplicated; ids index lc->tables. */
int lower_filter_add(LowerContext *lc, PieceFilter filter);
int lower_filter_intersect(LowerContext *lc, int a, int b);
int lower_filter_from_set(Lowering *L, const AstPieceSet *set, int line, int col);
int lower_range_add(LowerContext *lc, uint8_t *member);
int lower_range_from_ast(Lowering *L, const AstRange *range);
/* The condition a range asks of its square in the position ([+] [*] [:] [{..}]):
 * RANGE_STATIC (none: lower_range_from_ast), RANGE_UNMOVED ([:]), or
 * RANGE_ATTACK with *code an attack condition (lowering filter id, move_program.h's
 * ATTACKERS_NOT); RANGE_ERROR after a diagnostic. */
enum { RANGE_ERROR = -1, RANGE_STATIC, RANGE_UNMOVED, RANGE_ATTACK };
int lower_range_condition(Lowering *L, const AstRange *range, int line, int col, unsigned *code);
int lower_range_intersect(LowerContext *lc, int a, int b);

/* Folds one level of modifiers (one AST_MOD node) into ctx; false after an
 * error. */
bool lower_ctx_apply(Lowering *L, Ctx *ctx, const AstNode *node);

#endif
