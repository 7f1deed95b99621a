/* mbn_lower.h — leg templates: the middle form between the syntax tree and
 * the MovePrograms.
 *
 * Lowering (mbn_lower.c) resolves piece letters and macros, pushes modifiers
 * down to the atoms they apply to, and turns chains, optional legs and
 * complex riders into a small graph of templates. A template is a leg whose
 * directions are still a rule ("forward", "same as the previous leg", "turn
 * 45 degrees right") rather than vectors. Building (mbn_build.c) expands that
 * rule against the previous leg's vector, once per (template, vector), which
 * gives the finite, possibly cyclic MoveProgram graph.
 */
#ifndef CHIMERA_MBN_LOWER_H
#define CHIMERA_MBN_LOWER_H

#include "mbn/mbn_ast.h"

#define MBN_MAX_TEMPLATES      4096
#define MBN_MAX_TEMPLATE_LINKS 32768
#define MBN_MAX_DIR_LEVELS     8
#define MBN_MAX_LEGS           16000

typedef struct {
  int target;
  bool relative;   /* '-': directions relative to this leg; '--': absolute */
  bool compulsory; /* {...}: must be taken if it can be */
} TemplateEdge;

/* One group of directional modifiers written together ("fs", "(fr)"): a
 * vector is allowed if any of them allows it. Groups from nested levels all
 * have to allow it. */
typedef struct {
  AstModifier mods[MBN_MAX_MODIFIERS];
  int count;
} DirGroup;

typedef struct {
  int m, n;   /* the atom */
  bool fixed; /* use (fx,fy) only (lame leaper paths) */
  int fx, fy;
  const DirGroup *dirs; /* dir_levels groups, shared (arena), never changed */
  int dir_levels;
  uint8_t min_steps, max_steps;
  uint8_t end_occ, pass_occ; /* Occupancy when the move ends here / goes on */
  uint8_t end_effect, pass_effect;
  uint8_t between;
  uint32_t flags;
  int end_filter, pass_filter, ep_filter; /* lowering filter ids, -1 = any */
  int leap_filter;                        /* g{..}: what `between` may leap over, -1 = any */
  int origin_range, landing_range;        /* lowering range ids, -1 = none */
  /* {C}W2, [+]W, W[*]: 0, or 1 + a lowering filter id, ATTACKERS_NOT when the square
   * must not be attacked (move_program.h) */
  unsigned origin_attackers, landing_attackers;
  /* /T[a1]/W: 1 + a lowering filter id (0: no condition), and a lowering range id or -1 */
  int presence_set, presence_range;
  bool can_end;
  int dz, dw;      /* level change (board transitions; dw: 4D rows); the same for every vector */
  bool level_move; /* made under a board transition: one leg, never part of a chain */
  bool reflect_z;  /* <<..>>: Black's program mirrors dz too */
  bool reflect_w;  /* <..;<..>>, <<..;..>>: Black's program mirrors dw too (4D) */
  TemplateEdge *edges;
  int edge_count, edge_capacity;
  int line, col; /* of the atom, for diagnostics */
} Template;

/* What the lowering produced for one piece (or castling move). */
typedef struct {
  Template *templates;
  int count;
  int *roots;
  int root_count;
} TemplateGraph;

/* Piece sets and ranges are resolved against the variant while lowering;
 * these tables collect them (white's point of view). */
typedef struct {
  PieceFilter *filters;
  int filter_count;
  uint8_t **ranges; /* member arrays, files*ranks*levels bytes */
  int range_count;
} LowerTables;

typedef struct {
  Variant *variant;
  const AstProgram *program;
  Arena *arena;
  MbnDiagnostics *diags;
  const char *source;
  LowerTables tables;
  bool failed;
} LowerContext;

/* Lowers one move definition into a template graph. Returns false (with a
 * diagnostic) on error. */
bool mbn_lower_move(LowerContext *lc, const AstNode *move, TemplateGraph *out);

/* Builds the MoveProgram for White from a template graph (range and filter
 * ids are the lowering's; mbn_compile.c remaps them). */
bool mbn_build_program(LowerContext *lc, const TemplateGraph *graph, MoveProgram *out, int line,
                       int col);

/* Compile-time only leg flag: Black's copy of this leg mirrors dz as well
 * (MBN's explicit reflection <<+1>>). mbn_mirror_program clears it from both
 * programs, so the walker never sees it. */
#define MBN_LEG_REFLECT_Z (1u << 31)
#define MBN_LEG_REFLECT_W (1u << 30)

/* Black's program: White's mirrored about the horizontal bisector (and about
 * the middle level for legs marked MBN_LEG_REFLECT_Z, whose mark is removed
 * from `white` too). */
void mbn_mirror_program(MoveProgram *white, MoveProgram *black);

/* Mirrors a program left to right (dx -> -dx). After mbn_mirror_program this
 * makes Black's program White's rotated by 180 degrees, as XBoard turns its
 * pieces for Black (`betza:` definitions, mbn/betza_xboard.h). */
void mbn_flip_files(MoveProgram *program);

/* A side-mover ('P, MBN §2: "The move of a side-mover is rotated by 90
 * degrees (clockwise)"): turns White's program (or Black's own, before it
 * is mirrored) a quarter clockwise, forward to the right: (dx, dy) ->
 * (dy, -dx). A board range in it (the pawn's [1-2]) turns with it, square
 * (x, y) of the program's view to (y, files - 1 - x), which maps the board
 * onto itself only on a square board: false (nothing reported) elsewhere.
 * Black's program is then White's mirrored, as for every piece (docs/mbn.md
 * decision 36). */
bool mbn_turn_program(LowerContext *lc, MoveProgram *prog);

/* Which vectors of template t may follow a leg with vector (px,py)
 * (has_prev false: a first leg, or after '--'). Writes up to 64 vectors. */
int mbn_select_vectors(const Template *t, bool has_prev, bool relative, int px, int py,
                       int out[][2]);

/* Same, with the fallback for a later leg without directional modifiers
 * made explicit: `straight_only` keeps only vectors going straight on;
 * otherwise the forward ones (used when no alternative of the leg can go
 * straight on, W-F). mbn_select_vectors decides per template. */
int mbn_select_vectors_ex(const Template *t, bool has_prev, bool relative, int px, int py,
                          int straight_only, int out[][2]);

/* True if template t, reached by a relative edge without directional
 * modifiers, has a vector going straight on from (px,py). */
bool mbn_template_goes_straight(const Template *t, int px, int py);

/* Name of a basic piece or atom of MBN section 14 ("Knight"), or "". */
const char *mbn_basic_name(char letter);

#endif
