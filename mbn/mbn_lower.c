/* mbn_lower.c — from the syntax tree to leg templates (see mbn_lower.h);
 * the modifiers themselves are folded in by mbn_modifiers.c.
 *
 * Three jobs. (1) Letters: a capital inside a definition is the basic piece
 * of MBN section 14 unless an @macro of that name exists; a macro's own
 * letter inside its body is the basic piece again. (2) Modifiers are pushed
 * down to the atoms they govern (mPQ = mP+mQ); nested levels intersect
 * (k{Q}(K+k{K}N) = k{Q}K+N, [1-4](K+[5]N) = [1-4]K). (3) Structure: chains,
 * optional legs and complex riders become template edges; hoppers and lame
 * leapers become short chains of their own.
 */
#include <stdlib.h>
#include <string.h>

#include "mbn/mbn_lower_internal.h"

static void list_add(Lowering *L, IntList *list, int value) {
  int *items = arena_alloc(L->lc->arena, sizeof(int) * (size_t)(list->count + 1));
  if (list->count) memcpy(items, list->items, sizeof(int) * (size_t)list->count);
  items[list->count++] = value;
  list->items = items;
}

static void list_append(Lowering *L, IntList *list, const IntList *more) {
  for (int i = 0; i < more->count; i++) list_add(L, list, more->items[i]);
}

static int template_new(Lowering *L, const Ctx *ctx, int m, int n, int line, int col) {
  if (L->count >= MBN_MAX_TEMPLATES) {
    lower_error(L, line, col, "", "move too complex: more than %d legs before expansion",
                MBN_MAX_TEMPLATES);
    return -1;
  }
  if (L->count == L->capacity) {
    int capacity = L->capacity ? L->capacity * 2 : 64;
    Template *t = arena_alloc(L->lc->arena, sizeof *t * (size_t)capacity);
    if (L->count) memcpy(t, L->t, sizeof *t * (size_t)L->count);
    L->t = t;
    L->capacity = capacity;
  }
  int id = L->count++;
  Template *t = &L->t[id];
  memset(t, 0, sizeof *t);
  t->m = m;
  t->n = n;
  t->min_steps = t->max_steps = 1;
  t->end_filter = t->pass_filter = t->ep_filter = t->leap_filter = -1;
  t->origin_range = t->landing_range = t->presence_range = -1;
  t->line = L->basic_depth > 0 ? L->ref_line : line;
  t->col = L->basic_depth > 0 ? L->ref_col : col;
  if (ctx) {
    t->dirs = ctx->dirs;
    t->dir_levels = ctx->dir_levels;
    t->end_occ = ctx->end_occ == 0xFF ? (OCC_EMPTY | OCC_ENEMY) : ctx->end_occ;
    t->pass_occ = ctx->pass_occ == 0xFF ? OCC_EMPTY : ctx->pass_occ;
    t->end_effect = ctx->end_effect < 0 ? EFFECT_CAPTURE : (uint8_t)ctx->end_effect;
    t->pass_effect = ctx->pass_effect < 0 ? EFFECT_CAPTURE : (uint8_t)ctx->pass_effect;
    t->flags = ctx->flags;
    t->end_filter = ctx->end_filter;
    t->pass_filter = ctx->pass_filter;
    t->ep_filter = ctx->ep_filter;
  } else {
    t->end_occ = OCC_EMPTY | OCC_ENEMY;
    t->pass_occ = OCC_EMPTY;
  }
  return id;
}

/* g, gg, g{..} on a rider: what the squares it passes may hold. */
static void template_leap(Template *t, const Ctx *ctx) {
  t->between = ctx->leap == 2 ? BETWEEN_FRIEND_OR_EMPTY : BETWEEN_ANY;
  t->leap_filter = ctx->leap_filter;
}

static void template_link(Lowering *L, int from, int to, bool relative, bool compulsory) {
  if (L->lc->failed) return;
  if (++L->edge_total > MBN_MAX_TEMPLATE_LINKS) {
    const Template *at = &L->t[from];
    lower_error(L, at->line, at->col, "",
                "move too complex: more than %d links between legs before expansion",
                MBN_MAX_TEMPLATE_LINKS);
    return;
  }
  Template *t = &L->t[from];
  for (int i = 0; i < t->edge_count; i++)
    if (t->edges[i].target == to && t->edges[i].relative == relative &&
        t->edges[i].compulsory == compulsory)
      return;
  if (t->edge_count == t->edge_capacity) {
    int capacity = t->edge_capacity ? t->edge_capacity * 2 : 4;
    TemplateEdge *edges = arena_alloc(L->lc->arena, sizeof *edges * (size_t)capacity);
    if (t->edge_count) memcpy(edges, t->edges, sizeof *edges * (size_t)t->edge_count);
    t->edges = edges;
    t->edge_capacity = capacity;
  }
  t->edges[t->edge_count++] = (TemplateEdge){to, relative, compulsory};
}

static void fragment_connect(Lowering *L, const IntList *from, const IntList *to, bool relative,
                             bool compulsory) {
  for (int i = 0; i < from->count; i++)
    for (int j = 0; j < to->count; j++)
      template_link(L, from->items[i], to->items[j], relative, compulsory);
}

static Fragment fragment_single(Lowering *L, int id) {
  Fragment f;
  memset(&f, 0, sizeof f);
  if (id >= 0) {
    list_add(L, &f.entries, id);
    list_add(L, &f.exits, id);
  }
  return f;
}

/* ---- letters: macros and basic pieces ---------------------------------- */

static const struct {
  char letter;
  const char *name, *move;
} BASIC_PIECES[] = {
    {'B', "Bishop", "F0"},
    {'E', "Empress", "RN"},
    {'I', "Janus", "BN"},
    {'K', "King", "WF"},
    {'M', "Marshall", "RN"}, /* the MBN table says WF: a slip, see docs/mbn.md */
    {'P', "Pawn", "mfW+cefF+[1-2]mefW02"},
    {'Q', "Queen", "RB"},
    {'R', "Rook", "W0"},
    {'S', "Berolina Pawn", "mfsF+cefW+[1-2]mefF02"},
    {'U', "Universal Leaper", "g(WF)0"},
    {'V', "Vizir", "BN"},
    {'Y', "Boyscout", "F-[(zF)0]"},
};
enum { BASIC_NB = sizeof BASIC_PIECES / sizeof BASIC_PIECES[0] };

/* MBN section 15: on a hexagonal board drawn on the grid these six letters
 * mean the hexagonal pieces, in definitions and inside bodies alike (R
 * inside Q's body is the hexagonal rook), N the atom included. */
static const struct {
  char letter;
  const char *move[2]; /* BOARD_HEX_VERTICAL, BOARD_HEX_HORIZONTAL */
} HEX_PIECES[] = {
    {'P', {"mfD+imefD02+cefF", "mfF+imefF02+cesC"}},
    {'N', {"sC+v:1,5:+v:2,4:", "vC+s:1,5:+s:2,4:"}},
    {'B', {"vC0+sD0", "sC0+vD0"}},
    {'R', {"F0+vD0", "F0+sD0"}},
    {'Q', {"R+B", "R+B"}},
    {'K', {"D+F+vC", "D+F+sC"}},
};

/* The hexagonal body of `letter` on this board, or NULL. */
static const char *lower_hex_body(const Lowering *L, char letter) {
  BoardHex hex = L->lc->variant->shape.hex;
  if (hex == BOARD_SQUARE) return NULL;
  for (size_t i = 0; i < sizeof HEX_PIECES / sizeof HEX_PIECES[0]; i++)
    if (HEX_PIECES[i].letter == letter) return HEX_PIECES[i].move[hex == BOARD_HEX_HORIZONTAL];
  return NULL;
}

const char *mbn_basic_name(char letter) {
  static const char *const LEAPER_NAMES[] = {
      "Zero",  "Wazir", "Ferz",    "Dabbaba", "Knight", "Alfil", "Threeleaper",
      "Camel", "Zebra", "Tripper", "Tripper", "Zebra",  "Camel"};
  const char *hit = strchr("OWFDNAHCZTGJL", letter);
  if (letter && hit) return LEAPER_NAMES[hit - "OWFDNAHCZTGJL"];
  for (int i = 0; i < BASIC_NB; i++)
    if (BASIC_PIECES[i].letter == letter) return BASIC_PIECES[i].name;
  return "";
}

static const AstNode *lower_basic(Lowering *L, char letter, int line, int col) {
  const char *hex = lower_hex_body(L, letter);
  if (hex) {
    MbnSourcePos where = {"<hexagonal piece>", 1, 1};
    AstNode *node = mbn_parse_move(hex, where, L->lc->arena, L->lc->diags);
    if (!node) L->lc->failed = true;
    return node;
  }
  for (int i = 0; i < BASIC_NB; i++) {
    if (BASIC_PIECES[i].letter != letter) continue;
    MbnSourcePos where = {"<basic piece>", 1, 1};
    AstNode *node = mbn_parse_move(BASIC_PIECES[i].move, where, L->lc->arena, L->lc->diags);
    if (!node) L->lc->failed = true;
    return node;
  }
  char near[2] = {letter, 0};
  if (letter == 'X')
    lower_error(L, line, col, near,
                "basic piece X (Explosion, (!dcy{^P}OK)0*) is played only after a capture "
                "that ends the move, as in Q=mQ+(cQ--X) (docs/mbn.md decision 51)");
  else
    lower_error(L, line, col, near, "'%c' is not a basic piece", letter);
  return NULL;
}

static const AstDefinition *lower_find_macro(const Lowering *L, const char *letter) {
  const AstProgram *prog = L->lc->program;
  for (int i = 0; prog && i < prog->count; i++)
    if (prog->defs[i].kind == DEF_MACRO && !strcmp(prog->defs[i].letters[0], letter))
      return &prog->defs[i];
  return NULL;
}

static bool lower_in_macro(const Lowering *L, const char *letter) {
  for (int i = 0; i < L->macro_depth; i++)
    if (!strcmp(L->macro_stack[i], letter)) return true;
  return false;
}

/* ---- the lowering proper ----------------------------------------------- */

static Fragment lower_node(Lowering *L, const AstNode *node, const Ctx *ctx);

static int gcd(int a, int b) {
  while (b) {
    int t = a % b;
    a = b;
    b = t;
  }
  return a;
}

typedef struct {
  int min, max;
  bool maximal, rider, exact, edge;
} Steps;

static Steps steps_of(const AstNode *ride) {
  Steps s = {1, 1, false, false, false, false};
  if (!ride) return s;
  s.rider = true;
  switch (ride->ride) {
  case RIDE_LIMITED: s.max = ride->count; break;
  case RIDE_EXACT: s.min = s.max = ride->count, s.exact = true; break;
  case RIDE_UNLIMITED: s.max = LEG_STEPS_UNLIMITED; break;
  case RIDE_MAXIMAL: s.max = LEG_STEPS_UNLIMITED, s.maximal = true; break;
  case RIDE_EDGE: s.max = LEG_STEPS_UNLIMITED, s.maximal = s.edge = true; break;
  }
  return s;
}

static void template_steps(Template *t, int min, int max) {
  t->min_steps = (uint8_t)min;
  t->max_steps = (uint8_t)max;
}

/* A hopper: a hurdle leg (visit) then a landing leg in the same direction. */
static Fragment lower_hop(Lowering *L, const Ctx *ctx, int um, int un, Steps s, int line, int col) {
  Fragment f;
  memset(&f, 0, sizeof f);
  Ctx last = *ctx;
  last.dir_levels = 0;
  bool unlimited = s.max == LEG_STEPS_UNLIMITED;
  if (ctx->hop == 2 && !unlimited) {
    lower_error(L, line, col, "pp", "'pp' needs an unlimited rider");
    return f;
  }
  int pieces = unlimited ? 1 : s.max - 1;
  for (int k = 1; k <= pieces; k++) {
    int hurdle = template_new(L, ctx, um, un, line, col);
    int land = template_new(L, &last, um, un, line, col);
    if (hurdle < 0 || land < 0) return f;
    Template *h = &L->t[hurdle];
    h->pass_occ = OCC_ENEMY | OCC_FRIEND;
    h->pass_effect = EFFECT_VISIT;
    h->pass_filter = ctx->hop_filter;
    h->end_occ = 0;
    Template *e = &L->t[land];
    if (unlimited) {
      template_steps(h, 1, LEG_STEPS_UNLIMITED);
      template_steps(e, 1, LEG_STEPS_UNLIMITED);
      if (s.maximal) e->flags |= LEG_MAXIMAL;
      if (s.edge) e->flags |= LEG_EDGE;
    } else {
      template_steps(h, k, k);
      template_steps(e, s.exact ? s.max - k : 1, s.max - k);
    }
    template_link(L, hurdle, land, true, false);
    if (ctx->hop == 2) {
      int more = template_new(L, &last, um, un, line, col);
      if (more < 0) return f;
      L->t[more] = L->t[hurdle];
      L->t[more].dir_levels = 0;
      L->t[more].edges = NULL;
      L->t[more].edge_count = L->t[more].edge_capacity = 0;
      template_link(L, hurdle, more, true, false);
      template_link(L, more, more, true, false);
      template_link(L, more, land, true, false);
    }
    list_add(L, &f.entries, hurdle);
    list_add(L, &f.exits, land);
  }
  return f;
}

/* One lame leap along the vector (dx, dy) of the atom (m, n): every
 * King-step path from the start to the leap's end square, diagonal and
 * straight steps in every order, sharing prefixes. Appends the first steps
 * to entries and the landing steps to exits. False after an error. */
static bool lame_paths(Lowering *L, const Ctx *ctx, int m, int n, int dx, int dy, int line, int col,
                       IntList *entries, IntList *exits) {
  int diag = m, total = n;
  int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
  int ox = abs(dx) > abs(dy) ? sx : 0, oy = abs(dx) > abs(dy) ? 0 : sy;
  if (m == n || m == 0) ox = sx, oy = sy; /* straight line: one path */
  /* Enumerate orderings as bit masks of diagonal steps; share prefixes. */
  int node_of_prefix[1 << 9];
  for (int i = 0; i < (1 << 9); i++) node_of_prefix[i] = -1;
  for (int mask = 0; mask < (1 << total); mask++) {
    if (m != n && m != 0 && __builtin_popcount((unsigned)mask) != diag) continue;
    if ((m == n || m == 0) && mask != 0) continue;
    int parent = -1;
    for (int step = 0; step < total; step++) {
      int prefix = (1 << (step + 1)) | (mask & ((1 << (step + 1)) - 1));
      bool is_diag = (mask >> step) & 1;
      if (node_of_prefix[prefix] < 0) {
        bool final = step == total - 1;
        Ctx leg = *ctx;
        leg.dir_levels = 0;
        int id = template_new(L, &leg, 1, 1, line, col);
        if (id < 0) return false;
        Template *t = &L->t[id];
        t->fixed = true;
        t->fx = is_diag ? sx : ox;
        t->fy = is_diag ? sy : oy;
        if (m == n) t->fx = sx, t->fy = sy;
        if (!final) {
          t->end_occ = 0;
          t->pass_occ = OCC_EMPTY;
          t->pass_effect = EFFECT_CAPTURE;
        }
        node_of_prefix[prefix] = id;
        if (parent < 0)
          list_add(L, entries, id);
        else
          template_link(L, parent, id, false, false);
        if (final) list_add(L, exits, id);
      }
      parent = node_of_prefix[prefix];
    }
  }
  return true;
}

/* A lame leaper (n): every King-step path from the start to the leap's end
 * square. On a rider (nN0, nN3, nN03: MBN's "a leaping rider will become a
 * sliding rider") each leap of the ride is lame, in the same direction, and
 * the ride goes on only from an empty landing square: for an unlimited ride
 * the landing steps lead back to the first steps of the leap, for a limited
 * one the leap is laid out once per count. */
static Fragment lower_lame(Lowering *L, const Ctx *ctx, int m, int n, Steps s, int line, int col) {
  Fragment f;
  memset(&f, 0, sizeof f);
  int vectors[8][2] = {{m, n}, {-m, n}, {m, -n}, {-m, -n}, {n, m}, {-n, m}, {n, -m}, {-n, -m}};
  if (n > 8) {
    lower_error(L, line, col, "n", "'n' (lame leaper) is limited to leaps of at most 8 squares");
    return f;
  }
  bool unlimited = s.max == LEG_STEPS_UNLIMITED;
  int copies = s.rider && !unlimited ? s.max : 1; /* an unlimited ride loops instead */
  for (int v = 0; v < 8; v++) {
    bool duplicate = false;
    for (int w = 0; w < v; w++)
      if (vectors[w][0] == vectors[v][0] && vectors[w][1] == vectors[v][1]) duplicate = true;
    if (duplicate) continue;
    int dx = vectors[v][0], dy = vectors[v][1];
    /* Is this vector allowed by the directional modifiers in force? */
    Template probe;
    memset(&probe, 0, sizeof probe);
    probe.m = m;
    probe.n = n;
    probe.dirs = ctx->dirs;
    probe.dir_levels = ctx->dir_levels;
    int allowed[64][2];
    int count = mbn_select_vectors(&probe, false, false, 0, 0, allowed);
    bool ok = false;
    for (int i = 0; i < count; i++)
      if (allowed[i][0] == dx && allowed[i][1] == dy) ok = true;
    if (!ok) continue;
    IntList before;
    memset(&before, 0, sizeof before);
    for (int k = 1; k <= copies; k++) {
      IntList entries, exits;
      memset(&entries, 0, sizeof entries);
      memset(&exits, 0, sizeof exits);
      if (!lame_paths(L, ctx, m, n, dx, dy, line, col, &entries, &exits)) return f;
      if (k == 1) list_append(L, &f.entries, &entries);
      fragment_connect(L, &before, &entries, false, false);
      bool may_end = !s.rider || k >= s.min || unlimited;
      for (int i = 0; i < exits.count; i++) {
        Template *t = &L->t[exits.items[i]];
        if (s.rider && (unlimited || k < copies)) { /* the ride goes on from an empty square */
          t->pass_occ = OCC_EMPTY;
          t->pass_effect = EFFECT_CAPTURE;
        }
        if (!may_end) t->end_occ = 0;
      }
      if (unlimited && s.rider) fragment_connect(L, &exits, &entries, false, false);
      if (may_end) list_append(L, &f.exits, &exits);
      before = exits;
    }
  }
  return f;
}

/* A halfling (hR): from each square it may go half of the way to the edge,
 * rounded up. The distance depends on the square, so each direction becomes
 * one leg per possible limit k, allowed only from the squares where half the
 * way is exactly k steps (an origin range). Static, so Black's mirror works. */
static Fragment lower_halfling(Lowering *L, const Ctx *ctx, int m, int n, int line, int col) {
  Fragment f;
  memset(&f, 0, sizeof f);
  const BoardShape *s = &L->lc->variant->shape;
  Template probe;
  memset(&probe, 0, sizeof probe);
  probe.m = m;
  probe.n = n;
  probe.dirs = ctx->dirs;
  probe.dir_levels = ctx->dir_levels;
  int vectors[64][2];
  int count = mbn_select_vectors(&probe, false, false, 0, 0, vectors);
  size_t size = (size_t)s->files * (size_t)s->ranks * (size_t)s->levels;
  for (int v = 0; v < count; v++) {
    int dx = vectors[v][0], dy = vectors[v][1];
    for (int k = 1; k <= MBN_MAX_STEPS; k++) {
      uint8_t *member = arena_alloc(L->lc->arena, size);
      bool any = false;
      for (int level = 0; level < s->levels; level++)
        for (int rank = 0; rank < s->ranks; rank++)
          for (int file = 0; file < s->files; file++) {
            int avail = 0;
            for (int x = file + dx, y = rank + dy;
                 x >= 0 && x < s->files && y >= 0 && y < s->ranks && (dx || dy); x += dx, y += dy)
              avail++;
            if ((avail + 1) / 2 != k) continue;
            member[((size_t)level * (size_t)s->ranks + (size_t)rank) * (size_t)s->files +
                   (size_t)file] = 1;
            any = true;
          }
      if (!any) continue;
      Ctx leg = *ctx;
      leg.dir_levels = 0;
      int id = template_new(L, &leg, m, n, line, col);
      if (id < 0) return f;
      Template *t = &L->t[id];
      t->fixed = true;
      t->fx = dx;
      t->fy = dy;
      template_steps(t, 1, k);
      if (ctx->leap) template_leap(t, ctx);
      t->origin_range = lower_range_add(L->lc, member);
      list_add(L, &f.entries, id);
      list_add(L, &f.exits, id);
    }
  }
  return f;
}

/* One template for the atom (m,n) with steps s and the modifiers in ctx. */
static int atom_template(Lowering *L, const Ctx *ctx, int m, int n, Steps s, int line, int col) {
  int id = template_new(L, ctx, m, n, line, col);
  if (id < 0) return -1;
  Template *t = &L->t[id];
  template_steps(t, s.min, s.max);
  if (s.maximal) t->flags |= LEG_MAXIMAL;
  if (s.edge) t->flags |= LEG_EDGE;
  if (ctx->leap) {
    if (s.rider && s.max > 1) {
      template_leap(t, ctx);
    } else if (ctx->pass_occ == 0xFF) {
      /* g on a single step inside a complex rider: it may leap over what
       * stands on the squares it passes (U = g(WF)0), of g{..}'s set only. */
      t->pass_occ = ctx->leap == 2 ? (OCC_EMPTY | OCC_FRIEND) : OCC_ALL;
      t->pass_effect = EFFECT_VISIT;
      t->pass_filter = lower_filter_intersect(L->lc, t->pass_filter, ctx->leap_filter);
    }
  }
  if (ctx->pass_effect == EFFECT_VISIT) t->end_occ = 0; /* j: must go on */
  return id;
}

/* The squares of one level (for absolute board transitions <2>). */
static int level_range(Lowering *L, int level) {
  const BoardShape *s = &L->lc->variant->shape;
  size_t plane = (size_t)s->files * (size_t)s->ranks;
  uint8_t *member = arena_alloc(L->lc->arena, plane * (size_t)s->levels);
  memset(member + plane * (size_t)level, 1, plane);
  return lower_range_add(L->lc, member);
}

/* The board steps of one axis of a transition from origin coordinate c on
 * an axis of `size` boards, into steps[] (at most 2 * 16 + 2); no items is
 * the axis unchanged (a 4D <z;> or <;w>). */
static int transition_axis_steps(const AstTransitionItem *items, int count, int c, int size,
                                 int *steps) {
  int n = 0;
  if (!count) steps[n++] = 0;
  for (int i = 0; i < count && n < 2 * 16; i++) {
    const AstTransitionItem *item = &items[i];
    switch (item->sign) {
    case '+': steps[n++] = item->value; break;
    case '-': steps[n++] = -item->value; break;
    case 'b': steps[n++] = item->value, steps[n++] = -item->value; break;
    case 'a':
      for (int d = 1; d < size && n + 2 <= 2 * 16 + 2; d++) steps[n++] = d, steps[n++] = -d;
      break;
    default: steps[n++] = item->value - 1 - c; break;
    }
  }
  return n;
}

/* An atom under a board transition (MBN §8) or the triagonal operator
 * (§9): one leg per level change, each a plain leap or, as the body of a
 * complex rider ((<+-1>W)0), a slider along its 3D vector.
 *   <+a>, <-a>, <+-a>   dz = +a, -a, both; <+0> and <-0> are no move
 *   <+>                 every other board: dz = +-1 .. +-(levels-1)
 *   <b>                 board b: from level l, dz = b-1-l (from b itself no move),
 *                       an origin range per level
 *   <>:a,b:             <+-a>gW0b + <+-b>gW0a: the 2D part becomes an orthogonal
 *                       leap of the other ordinate; on a rider, a slider */
static Fragment lower_transition_atom(Lowering *L, const AstNode *atom, int m, int n, Steps s,
                                      const Ctx *ctx) {
  Fragment f;
  memset(&f, 0, sizeof f);
  const AstTransition *tr = ctx->transition;
  int levels = L->lc->variant->shape.levels;
  char near[2] = {atom->spelling ? atom->spelling : ':', 0};
  if (tr->kind == '3' && L->lc->variant->shape.hex != BOARD_SQUARE) {
    lower_error(L, atom->line, atom->col, near,
                "the triagonal operator '<>' is not defined for hexagonal boards (MBN section 15)");
    return f;
  }
  if (ctx->hop || ctx->lame || ctx->halfling) {
    lower_error(L, atom->line, atom->col, near,
                "a board transition on a hopper, lame leaper or halfling is not supported");
    return f;
  }
  if (ctx->ride_set) {
    if (s.rider) {
      lower_error(L, atom->line, atom->col, near,
                  "a complex rider over a board transition takes a single leap ((<+1>W)0)");
      return f;
    }
    s.min = ctx->ride_min, s.max = ctx->ride_max, s.maximal = ctx->ride_maximal, s.rider = true;
  } else if (s.rider && tr->kind == 't' && !(m == 0 && n == 0)) {
    lower_error(L, atom->line, atom->col, near,
                "a board transition on a rider is not defined by MBN; a 3D slider is a complex "
                "rider such as (<+1>W)0");
    return f;
  }
  /* Alternatives: (leap m, leap n, dz, dw, origin level or -1). */
  enum { ALT_MAX = 2048 };
  struct {
    int m, n, dz, dw, level;
  } *alt = arena_alloc(L->lc->arena, sizeof *alt * ALT_MAX);
  int count = 0;
  bool overflow = false;
#define ALT_ADD(M, N, DZ, DW, LEVEL)                                                               \
  do {                                                                                             \
    bool dup_ = false;                                                                             \
    for (int k_ = 0; k_ < count; k_++)                                                             \
      if (alt[k_].m == (M) && alt[k_].n == (N) && alt[k_].dz == (DZ) && alt[k_].dw == (DW) &&      \
          alt[k_].level == (LEVEL))                                                                \
        dup_ = true;                                                                               \
    if (dup_ || ((DZ) == 0 && (DW) == 0)) break; /* <+0> is no move (MBN §8) */                   \
    if (count == ALT_MAX) {                                                                        \
      overflow = true;                                                                             \
      break;                                                                                       \
    }                                                                                              \
    alt[count].m = (M), alt[count].n = (N), alt[count].dz = (DZ), alt[count].dw = (DW);            \
    alt[count++].level = (LEVEL);                                                                  \
  } while (0)
  const BoardShape *shape = &L->lc->variant->shape;
  if (levels < 1) levels = 1;
  int row = shape->levels_z > 0 ? shape->levels_z : levels, rows = levels / row;
  bool four_d_board = row < levels || shape->levels_z > 0;
  if (tr->kind == '3' && four_d_board) {
    lower_error(L, tr->line, tr->col, "<>",
                "the triagonal operator '<>' is defined for 3D boards (MBN section 9); on a 4D "
                "board write <4d>, <3d>, <2d> or <3o> (section 10)");
    return f;
  }
  if (tr->kind != 't' && tr->kind != '3' && !four_d_board) {
    lower_error(L, tr->line, tr->col, "<",
                "the operators of MBN section 10 (<4d>, <3d>, <2d>, <3o>) need a 4D board "
                "(board = WxHxZxW)");
    return f;
  }
  if (tr->four_d && !four_d_board) {
    lower_error(L, tr->line, tr->col, "<",
                "a 4D board transition ('<..;..>') needs a 4D board (board: WxHxZxW)");
    return f;
  }
  if (tr->kind == '3') {
    ALT_ADD(0, n, m, 0, -1);
    ALT_ADD(0, n, -m, 0, -1);
    ALT_ADD(0, m, n, 0, -1);
    ALT_ADD(0, m, -n, 0, -1);
  } else if (tr->kind != 't') {
    /* MBN §10, with a = m and b = n of :a,b: (each term on both signs):
     *   <4d> = <a;b>:a,b: + <b;a>:a,b:
     *   <3d> = <a;>:a,b: + <b;>:a,b: + <;a>:a,b: + <;b>:a,b: + <a;b>:0,a: + <b;a>:0,a:
     *          + <a;b>:0,b: + <b;a>:0,b:
     *   <2d> = <a;b>O + <b;a>O + <;a>:0,b: + <a;>:0,b: + <;b>:0,a: + <b;>:0,a:
     *   <3o> = <a;>:0,b: + <;a>:0,b: + <b;>:0,a: + <;b>:0,a:
     * where a zero board step (<+-0;>) is no move. */
    static const struct {
      char kind;
      int leap; /* 0 :a,b:, 1 :0,a:, 2 :0,b:, 3 O */
      int z, w; /* 0 no change, 1 a, 2 b */
    } TERMS[] = {{'4', 0, 1, 2}, {'4', 0, 2, 1}, {'D', 0, 1, 0}, {'D', 0, 2, 0}, {'D', 0, 0, 1},
                 {'D', 0, 0, 2}, {'D', 1, 1, 2}, {'D', 1, 2, 1}, {'D', 2, 1, 2}, {'D', 2, 2, 1},
                 {'2', 3, 1, 2}, {'2', 3, 2, 1}, {'2', 2, 0, 1}, {'2', 2, 1, 0}, {'2', 1, 0, 2},
                 {'2', 1, 2, 0}, {'o', 2, 1, 0}, {'o', 2, 0, 1}, {'o', 1, 2, 0}, {'o', 1, 0, 2}};
    int ab[3] = {0, m, n};
    for (size_t k = 0; k < sizeof TERMS / sizeof TERMS[0]; k++) {
      if (TERMS[k].kind != tr->kind) continue;
      int lm = TERMS[k].leap == 0 ? m : 0;
      int ln = TERMS[k].leap == 0 ? n : TERMS[k].leap == 1 ? m : TERMS[k].leap == 2 ? n : 0;
      int dz = ab[TERMS[k].z], dw = ab[TERMS[k].w];
      for (int sz = -1; sz <= 1; sz += 2)
        for (int sw = -1; sw <= 1; sw += 2) ALT_ADD(lm, ln, sz * dz, sw * dw, -1);
    }
  } else {
    /* Each axis's items give board steps; an absolute board (<2>, <1;2>)
     * gives one per origin level, which then starts only there. */
    bool absolute = false;
    for (int i = 0; i < tr->count; i++) absolute |= tr->items[i].sign == 0;
    for (int i = 0; i < tr->w_count; i++) absolute |= tr->w_items[i].sign == 0;
    /* <z> on a 4D board is <z;>: along its row */
    int z_size = row, w_size = rows;
    for (int i = 0; i < tr->count; i++)
      if (tr->items[i].sign == 0 && tr->items[i].value > z_size) {
        lower_error(L, tr->line, tr->col, "<",
                    "board %d in a transition, but the board has %d %s%s", tr->items[i].value,
                    z_size, four_d_board ? "board" : "level", z_size == 1 ? "" : "s");
        return f;
      }
    for (int i = 0; i < tr->w_count; i++)
      if (tr->w_items[i].sign == 0 && tr->w_items[i].value > w_size) {
        lower_error(L, tr->line, tr->col, "<", "row %d in a transition, but the board has %d row%s",
                    tr->w_items[i].value, w_size, w_size == 1 ? "" : "s");
        return f;
      }
    for (int origin = absolute ? 0 : -1; origin < (absolute ? levels : 0); origin++) {
      int oz = origin < 0 ? 0 : origin % row, ow = origin < 0 ? 0 : origin / row;
      int dzs[2 * 16 + 2], dws[2 * 16 + 2];
      int nz = transition_axis_steps(tr->items, tr->count, oz, z_size, dzs);
      int nw = transition_axis_steps(tr->w_items, tr->w_count, ow, w_size, dws);
      for (int i = 0; i < nz; i++)
        for (int j = 0; j < nw; j++) ALT_ADD(m, n, dzs[i], dws[j], origin);
    }
    /* <+> is every other board of its axis: on an axis of one board, none */
    for (int i = 0; i < tr->count + tr->w_count && !count; i++) {
      bool z_axis = i < tr->count;
      char sign = z_axis ? tr->items[i].sign : tr->w_items[i - tr->count].sign;
      if (sign == 'a' && (z_axis ? z_size : w_size) < 2) {
        lower_error(L, tr->line, tr->col, "<", "'<+>' names every other %s",
                    !four_d_board ? "level, and the board has only one level"
                    : z_axis      ? "board of the row, and each row has only one board"
                                  : "row, and the board has only one row");
        return f;
      }
    }
  }
#undef ALT_ADD
  if (overflow) {
    lower_error(L, tr->line, tr->col, "<",
                "the board transition makes more than %d alternatives of one move", ALT_MAX);
    return f;
  }
  for (int i = 0; i < count; i++) {
    Ctx leg = *ctx;
    /* The MBN text's own derivation drops directions on a null 2D part
     * (<>mfW = <+-1>mO): nothing would be selected otherwise. */
    if (alt[i].m == 0 && alt[i].n == 0) leg.dir_levels = 0;
    int id = atom_template(L, &leg, alt[i].m, alt[i].n, s, atom->line, atom->col);
    if (id < 0) return f;
    Template *t = &L->t[id];
    t->dz = alt[i].dz;
    t->dw = alt[i].dw;
    t->level_move = true;
    t->reflect_z = tr->reflect;
    t->reflect_w = tr->reflect_w;
    if (alt[i].level >= 0) t->origin_range = level_range(L, alt[i].level);
    list_add(L, &f.entries, id);
    list_add(L, &f.exits, id);
  }
  return f;
}

/* The squares of the levels in node->origin_boards (a piece defined per
 * board, C<2>=...). An empty set of boards is kept empty: no move. */
static int boards_range(Lowering *L, const AstNode *node) {
  const BoardShape *s = &L->lc->variant->shape;
  size_t plane = (size_t)s->files * (size_t)s->ranks;
  uint8_t *member = arena_alloc(L->lc->arena, plane * (size_t)s->levels);
  for (int level = 0; level < s->levels && level < 31; level++)
    if (node->origin_boards >> level & 1) memset(member + plane * (size_t)level, 1, plane);
  return lower_range_add(L->lc, member);
}

/* The first template from `first_template` on that changes boards, or -1. */
static int lower_level_move_from(const Lowering *L, int first_template) {
  for (int i = first_template; i < L->count; i++)
    if (L->t[i].level_move) return i;
  return -1;
}

/* A repeated group or circular rider around a board transition would turn
 * relative to a leg that changed boards, which is not defined (a chain's
 * own legs are checked in lower_chain). */
static bool lower_flat_check(Lowering *L, int first_template, int line, int col, const char *what) {
  int i = lower_level_move_from(L, first_template);
  if (i < 0) return true;
  lower_error(L, L->t[i].line, L->t[i].col, "<",
              "a board transition inside %s is not supported (only on single leaps, "
              "chains, or as the whole body of a complex rider (<+1>W)0)",
              what);
  (void)line, (void)col;
  return false;
}

/* An atom, possibly a simple rider (W0, N3, F02). */
static Fragment lower_atom(Lowering *L, const AstNode *atom, const AstNode *ride, const Ctx *ctx) {
  Steps s = steps_of(ride);
  int m = atom->m, n = atom->n;
  if (s.exact && s.max == 0) m = n = 0, s = steps_of(NULL); /* W00 = O */
  if (ctx->transition) return lower_transition_atom(L, atom, m, n, s, ctx);
  if (ctx->halfling) {
    if (!s.rider || s.max != LEG_STEPS_UNLIMITED || s.maximal || ctx->hop || ctx->lame) {
      lower_error(L, atom->line, atom->col, "h",
                  "'h' (halfling) needs a plain unlimited rider such as hR or hN0");
      return (Fragment){0};
    }
    return lower_halfling(L, ctx, m, n, atom->line, atom->col);
  }
  if (ctx->lame && (m != 0 || n != 0)) {
    if (s.maximal || s.edge) {
      lower_error(L, atom->line, atom->col, "n",
                  "'n' on a maximal or edge rider ('0*', '*') is not supported");
      return (Fragment){0};
    }
    return lower_lame(L, ctx, m, n, s, atom->line, atom->col);
  }
  if (ctx->hop) {
    int um = m, un = n;
    if (!s.rider) {
      int g = gcd(m, n);
      if (g < 2) {
        char near[2] = {atom->spelling ? atom->spelling : ':', 0};
        lower_error(L, atom->line, atom->col, near,
                    "'p' needs a straight path with a square to hop over; :%d,%d: has none "
                    "(use a chain such as W-jF)",
                    m, n);
        return (Fragment){0};
      }
      um = m / g, un = n / g;
      s.min = s.max = g;
      s.exact = true;
    }
    return lower_hop(L, ctx, um, un, s, atom->line, atom->col);
  }
  int id = atom_template(L, ctx, m, n, s, atom->line, atom->col);
  return id < 0 ? (Fragment){0} : fragment_single(L, id);
}

/* Resolves a letter to the tree it stands for, then lowers that. */
static Fragment lower_ref(Lowering *L, const char *letter, int line, int col, const AstNode *ride,
                          const Ctx *ctx);

static bool is_simple_unlimited(const AstNode *n) {
  return n && n->kind == AST_RIDE && !n->group && n->ride == RIDE_UNLIMITED && n->kid_count == 1 &&
         n->kids[0]->kind == AST_LEAPER;
}

/* What a letter or leaper resolves to, without lowering it (for R4 = R). */
static const AstNode *lower_peek(Lowering *L, const AstNode *node);

/* Whether a setup operator '!' stands anywhere in node. */
static bool ast_has_setup(const AstNode *node) {
  if (node->kind == AST_MOD && node->setup) return true;
  for (int i = 0; i < node->kid_count; i++)
    if (ast_has_setup(node->kids[i])) return true;
  return false;
}

static Fragment lower_repeat(Lowering *L, const AstNode *ride, const AstNode *body,
                             const Ctx *ctx) {
  Fragment f;
  memset(&f, 0, sizeof f);
  if (ast_has_setup(body)) {
    /* the text's explosion (!dcyOK)0*: each round captures a neighbour,
     * its O the piece itself; neither is played (decision 34) */
    lower_error(L, ride->line, ride->col, "(",
                "the setup operator '!' inside a complex rider (the explosion (!dcyOK)0*) is "
                "not supported (docs/mbn.md decision 34)");
    return f;
  }
  int copies = ride->ride == RIDE_LIMITED || ride->ride == RIDE_EXACT ? ride->count : 1;
  if (ride->ride == RIDE_EDGE) {
    lower_error(L, ride->line, ride->col, "*", "edge rider '*' on a complex move is not supported");
    return f;
  }
  if (body->kind == AST_MOD && body->transition.kind && !ride->circular && true) {
    /* (<+-1>W)0: the complex rider of one 3D leap is a slider along it. */
    if (ride->ride == RIDE_EXACT && ride->count == 0) {
      lower_error(L, ride->line, ride->col, "00", "'00' on a board transition is not supported");
      return f;
    }
    if (ctx->transition) {
      lower_error(L, body->transition.line, body->transition.col, "<",
                  "a board transition inside another one");
      return f;
    }
    Steps st = steps_of(ride);
    Ctx inner = *ctx;
    inner.ride_set = true;
    inner.ride_min = st.min, inner.ride_max = st.max, inner.ride_maximal = st.maximal;
    return lower_node(L, body, &inner);
  }
  if (ride->ride == RIDE_EXACT && ride->count == 0) {
    AstNode zero = *ride;
    zero.kind = AST_LEAPER;
    zero.m = zero.n = 0;
    zero.spelling = 'O';
    return lower_atom(L, &zero, NULL, ctx);
  }
  if (ride->circular) {
    /* (P)m0 := P-{(mP)0};  (P)mN := P-{(mP)(N-1)};  (P)m0* := P-{(mP)0*} */
    int first_template = L->count;
    Fragment first = lower_node(L, body, ctx);
    if (!lower_flat_check(L, first_template, ride->line, ride->col, "a circular rider")) return f;
    if (L->lc->failed) return f;
    f.entries = first.entries;
    f.exits = first.exits;
    if (ride->ride == RIDE_LIMITED && ride->count == 1) return f;
    AstNode *mod = arena_alloc(L->lc->arena, sizeof *mod);
    mod->kind = AST_MOD;
    mod->line = ride->line, mod->col = ride->col;
    mod->mods[0] = ride->circ;
    mod->mod_count = 1;
    mod->kids = arena_alloc(L->lc->arena, sizeof(AstNode *));
    mod->kids[0] = (AstNode *)body;
    mod->kid_count = 1;
    AstNode *rest = arena_alloc(L->lc->arena, sizeof *rest);
    *rest = *ride;
    rest->circular = false;
    rest->kids = arena_alloc(L->lc->arena, sizeof(AstNode *));
    rest->kids[0] = mod;
    if (ride->ride == RIDE_LIMITED) rest->count = ride->count - 1;
    Fragment more = lower_node(L, rest, ctx);
    if (L->lc->failed) return f;
    fragment_connect(L, &first.exits, &more.entries, true, true);
    list_append(L, &f.exits, &more.exits);
    return f;
  }
  Fragment prev;
  memset(&prev, 0, sizeof prev);
  int first_template = L->count;
  for (int k = 0; k < copies; k++) {
    Fragment part = lower_node(L, body, ctx);
    if (L->lc->failed) return f;
    if (k == 0) {
      f.entries = part.entries;
    } else {
      fragment_connect(L, &prev.exits, &part.entries, true, false);
    }
    if (ride->ride != RIDE_EXACT || k == copies - 1) list_append(L, &f.exits, &part.exits);
    prev = part;
  }
  if (!lower_flat_check(L, first_template, ride->line, ride->col, "a repeated group")) return f;
  if (ride->ride == RIDE_UNLIMITED || ride->ride == RIDE_MAXIMAL)
    fragment_connect(L, &prev.exits, &prev.entries, true, ride->ride == RIDE_MAXIMAL);
  return f;
}

/* The macro a letter names here, or NULL (basic pieces' bodies and a
 * macro's own letter mean the basic piece). */
static const AstDefinition *lower_macro_of(const Lowering *L, const AstNode *node) {
  char letter[8] = {0};
  if (node->kind == AST_REF)
    memcpy(letter, node->letter, sizeof letter);
  else if (node->kind == AST_LEAPER && node->spelling)
    letter[0] = node->spelling;
  else
    return NULL;
  if (L->basic_depth || lower_in_macro(L, letter)) return NULL;
  return lower_find_macro(L, letter);
}

/* The setup operator's move is one leg: atoms or basic letters, juxtaposed
 * or with a count, never a chain, a sequence, a complex rider or a macro
 * (whose body could be any of them). */
static bool lower_setup_allowed(const Lowering *L, const AstNode *node) {
  switch (node->kind) {
  case AST_LEAPER: return true;
  case AST_REF: return node->letter[0] != ':' && !lower_find_macro(L, node->letter);
  case AST_RIDE:
    return !node->group && !node->circular && !node->parens &&
           (node->kids[0]->kind == AST_LEAPER || node->kids[0]->kind == AST_REF) &&
           lower_setup_allowed(L, node->kids[0]);
  case AST_ALT:
    for (int i = 0; i < node->kid_count; i++)
      if (!node->juxtaposed || !lower_setup_allowed(L, node->kids[i])) return false;
    return true;
  default: return false;
  }
}

static AstNode *lower_node_copy(Lowering *L, const AstNode *node, AstNode *kid) {
  AstNode *copy = arena_alloc(L->lc->arena, sizeof *copy);
  *copy = *node;
  copy->kids = arena_alloc(L->lc->arena, sizeof(AstNode *));
  copy->kids[0] = kid;
  copy->kid_count = 1;
  copy->parens = false;
  return copy;
}

/* A count after a macro letter (Y02 with @Y=fN): "any use of a macro will
 * be dissolved textual" (§16), so the count goes on the body's text: fN02,
 * a straight rider, not the complex rider (fN)02. The text reads that way
 * only when the body ends in one move without a count or a range after it
 * (a letter, an atom, modifiers on one); a body in parentheses becomes a
 * complex rider ((fN)02). Otherwise the count would join the body's last
 * part (W+F2, mWF2) or its digits (N0 and 2 make N02): refused by name. */
static Fragment lower_macro_count(Lowering *L, const AstNode *ride, const AstNode *ref,
                                  const AstDefinition *macro, const Ctx *ctx) {
  const AstNode *body = macro->move;
  const char *letter = macro->letters[0];
  if (body->parens)
    return lower_ref(L, ref->kind == AST_REF ? ref->letter : (char[2]){ref->spelling, 0}, ref->line,
                     ref->col, ride, ctx);
  const AstNode *last =
      body->kind == AST_MOD && body->kid_count == 1 && !body->after.present ? body->kids[0] : body;
  if ((last->kind != AST_LEAPER && last->kind != AST_REF) || last->parens) {
    char text[64];
    int n = mbn_print_move(body, text, sizeof text);
    if (n >= (int)sizeof text) strcpy(text + sizeof text - 4, "...");
    lower_error(L, ride->line, ride->col, letter,
                "a count after macro '%s' is textual (MBN section 16), and on its body '%s' it "
                "would count only the body's last part or join its count; write the move out, "
                "or put the body in parentheses for a complex rider",
                letter, text);
    return (Fragment){0};
  }
  if (L->macro_depth == MBN_MAX_MACRO_DEPTH) {
    lower_error(L, ref->line, ref->col, letter, "macros nested deeper than %d (recursive macro?)",
                MBN_MAX_MACRO_DEPTH);
    return (Fragment){0};
  }
  AstNode *counted = lower_node_copy(L, ride, (AstNode *)last);
  AstNode *text = last == body ? counted : lower_node_copy(L, body, counted);
  L->macro_stack[L->macro_depth++] = letter;
  Fragment f = lower_node(L, text, ctx);
  L->macro_depth--;
  return f;
}

static Fragment lower_ride(Lowering *L, const AstNode *ride, const Ctx *ctx) {
  if (ride->double_star) {
    Fragment none;
    memset(&none, 0, sizeof none);
    lower_error(L, ride->line, ride->col, "**",
                "steps '**' are read only in the text's explosion, (!dcy{^P}OK)** after a "
                "capture (cQ--X): MBN defines them nowhere else (docs/mbn.md decisions 42, 51)");
    return none;
  }
  const AstNode *body = ride->kids[0];
  if (!ride->group && !ride->circular) {
    /* R4 is (W0)4 = W4 on a square board; the hexagonal rook F0+vD0 has
     * no such reading, and MBN section 15 gives none. */
    char letter = body->kind == AST_REF && !body->letter[1] ? body->letter[0]
                  : body->kind == AST_LEAPER                ? body->spelling
                                                            : 0;
    if (letter && lower_hex_body(L, letter) && !lower_macro_of(L, body)) {
      char near[2] = {letter, 0};
      lower_error(L, body->line, body->col, near,
                  "a count or '*' after '%c' on a hexagonal board is not defined (MBN section 15 "
                  "makes '%c' the hexagonal piece %s, not one leap); write its atoms with the "
                  "count (a rook of 4 steps: F4+vD4 on a vertical board, F4+sD4 on a horizontal "
                  "one)",
                  letter, letter, lower_hex_body(L, letter));
      return (Fragment){0};
    }
    if (body->kind == AST_LEAPER) {
      const AstNode *macro = lower_peek(L, body);
      if (macro == body) return lower_atom(L, body, ride, ctx);
    }
    const AstDefinition *macro = lower_macro_of(L, body);
    if (macro) return lower_macro_count(L, ride, body, macro, ctx);
    if (body->kind == AST_REF || body->kind == AST_LEAPER) {
      const AstNode *target = lower_peek(L, body);
      if (L->lc->failed) return (Fragment){0};
      if (target && target->kind == AST_LEAPER)
        return lower_ref(L, body->kind == AST_REF ? body->letter : (char[2]){body->spelling, 0},
                         body->line, body->col, ride, ctx);
      /* R4 = (W0)4 = W0: a limit on an unlimited simple rider changes
       * nothing; B0* is the maximal slider F0*. */
      if (is_simple_unlimited(target) &&
          (ride->ride == RIDE_LIMITED || ride->ride == RIDE_UNLIMITED))
        return lower_node(L, body, ctx);
      if (is_simple_unlimited(target) && (ride->ride == RIDE_MAXIMAL || ride->ride == RIDE_EDGE) &&
          target != body) {
        int depth = L->basic_depth;
        if (body->kind == AST_REF && body->letter[0] != ':' && !lower_find_macro(L, body->letter))
          if (L->basic_depth++ == 0) L->ref_line = body->line, L->ref_col = body->col;
        Fragment f = lower_atom(L, target->kids[0], ride, ctx);
        L->basic_depth = depth;
        return f;
      }
    }
  }
  return lower_repeat(L, ride, body, ctx);
}

static const AstNode *lower_peek(Lowering *L, const AstNode *node) {
  if (node->kind != AST_REF && !(node->kind == AST_LEAPER && node->spelling)) return node;
  char letter[8] = {0};
  if (node->kind == AST_REF)
    memcpy(letter, node->letter, sizeof letter);
  else
    letter[0] = node->spelling;
  if (L->basic_depth == 0 && !lower_in_macro(L, letter)) {
    const AstDefinition *macro = lower_find_macro(L, letter);
    if (macro) return macro->move;
  }
  if (node->kind == AST_LEAPER && !lower_hex_body(L, letter[0])) return node;
  if (letter[0] == ':') return NULL;
  return lower_basic(L, letter[0], node->line, node->col);
}

static Fragment lower_ref(Lowering *L, const char *letter, int line, int col, const AstNode *ride,
                          const Ctx *ctx) {
  Fragment none;
  memset(&none, 0, sizeof none);
  if (L->basic_depth == 0 && !lower_in_macro(L, letter)) {
    const AstDefinition *macro = lower_find_macro(L, letter);
    if (macro) {
      if (L->macro_depth == MBN_MAX_MACRO_DEPTH) {
        lower_error(L, line, col, letter, "macros nested deeper than %d (recursive macro?)",
                    MBN_MAX_MACRO_DEPTH);
        return none;
      }
      L->macro_stack[L->macro_depth++] = macro->letters[0];
      Fragment f;
      if (ride) {
        AstNode copy = *ride;
        AstNode *kid = macro->move;
        copy.kids = &kid;
        copy.group = true;
        f = lower_repeat(L, &copy, macro->move, ctx);
      } else {
        f = lower_node(L, macro->move, ctx);
      }
      L->macro_depth--;
      return f;
    }
  }
  bool suffixed = strchr(letter, '<') != NULL;
  if ((letter[0] == ':' || suffixed) && lower_in_macro(L, letter)) {
    lower_error(L, line, col, letter, "macro '%s' refers to itself", letter);
    return none;
  }
  if (letter[0] == ':' || suffixed) {
    lower_error(L, line, col, letter,
                "'%s' is not a macro (%s have no basic moves; define it with @%s=...)", letter,
                suffixed ? "letters with a suffix" : "compound letters", letter);
    return none;
  }
  const AstNode *body = lower_basic(L, letter[0], line, col);
  if (!body) return none;
  if (L->basic_depth++ == 0) L->ref_line = line, L->ref_col = col;
  Fragment f;
  if (ride) {
    if (body->kind == AST_LEAPER) {
      f = lower_atom(L, body, ride, ctx);
    } else if (is_simple_unlimited(body) &&
               (ride->ride == RIDE_LIMITED || ride->ride == RIDE_UNLIMITED)) {
      f = lower_node(L, body, ctx);
    } else {
      AstNode copy = *ride;
      AstNode *kid = (AstNode *)body;
      copy.kids = &kid;
      f = lower_repeat(L, &copy, body, ctx);
    }
  } else {
    f = lower_node(L, body, ctx);
  }
  L->basic_depth--;
  return f;
}

/* ---- the explosion (MBN §14's basic piece X; docs/mbn.md decision 51) -- */

/* Whether the O K (or O W F) area of the text's explosion is what node
 * covers: bit 0 the piece's own square, bit 1 the W steps, bit 2 the F steps. */
static bool explosion_area(Lowering *L, const AstNode *node, unsigned *covered) {
  if (node->kind == AST_ALT) {
    for (int k = 0; k < node->kid_count; k++)
      if (!explosion_area(L, node->kids[k], covered)) return false;
    return true;
  }
  if (node->kind == AST_REF && !strcmp(node->letter, "K") && !lower_find_macro(L, "K")) {
    *covered |= 6u;
    return true;
  }
  if (node->kind != AST_LEAPER || (node->spelling && lower_peek(L, node) != node)) return false;
  int lo = node->m < node->n ? node->m : node->n, hi = node->m < node->n ? node->n : node->m;
  if (lo == 0 && hi == 0)
    *covered |= 1u;
  else if (lo == 0 && hi == 1)
    *covered |= 2u;
  else if (lo == 1 && hi == 1)
    *covered |= 4u;
  else
    return false;
  return true;
}

/* Whether node, written after '--', is the text's explosion: the basic
 * piece X ("X Explosion (!dcy{^P}OK)0*"), a macro whose body is one (the
 * text's @X|Explosion|=(!dcy{^P}OK)**), or the body itself,
 * (!dcy{S}OK)0* or ** with the set optional and the area written O K or
 * O W F. *blown gets the types it removes: the set's, or every type.
 * Anything else is lowered as written (and a '!' inside a complex rider
 * refused there, decision 34). */
static bool lower_explosion(Lowering *L, const AstNode *node, TypeSet *blown, int depth) {
  const Variant *v = L->lc->variant;
  TypeSet all = type_set_first_n(v->piece_count);
  if (node->kind == AST_REF && depth < MBN_MAX_MACRO_DEPTH && !lower_in_macro(L, node->letter)) {
    const AstDefinition *macro = lower_find_macro(L, node->letter);
    if (macro) return lower_explosion(L, macro->move, blown, depth + 1);
    if (strcmp(node->letter, "X") || L->basic_depth) return false;
    *blown = all; /* {^P}: every type but the pawn, if there is one */
    int pawn = mbn_find_piece(v, "P");
    if (pawn >= 0) type_set_remove(blown, pawn);
    return true;
  }
  if (node->kind != AST_RIDE || !node->group || node->ride != RIDE_MAXIMAL || node->circular)
    return false;
  const AstNode *mod = node->kids[0];
  if (mod->kind != AST_MOD || !mod->setup || mod->decisive || mod->before.present ||
      mod->after.present || mod->transition.kind || mod->attackers || mod->condition ||
      mod->mod_count != 2)
    return false;
  const AstModifier *d = &mod->mods[0], *c = &mod->mods[1];
  if (d->code != 'd' || d->count != 1 || d->set >= 0 || c->code != 'c' || c->count != 1 ||
      !c->any || c->optional)
    return false;
  unsigned covered = 0;
  if (!explosion_area(L, mod->kids[0], &covered) || covered != 7u) return false;
  *blown = all;
  if (c->set >= 0) {
    int filter = lower_filter_from_set(L, &mod->sets[c->set], mod->line, mod->col);
    if (filter < 0) return false;
    const PieceFilter *f = &L->lc->tables.filters[filter];
    if (!type_set_equal(f->friendly, f->enemy)) {
      lower_error(L, mod->line, mod->col, "{",
                  "an explosion removes pieces of either colour ('cy'): its piece set may not "
                  "name colours ('{!..}')");
      return false;
    }
    *blown = f->friendly;
  }
  return true;
}

/* cQ--X: the legs before the explosion carry LEG_EXPLODES, and the variant
 * records what it blows up; variant_explosion.c checks that every capture
 * of the variant explodes alike and makes it the board's atomic rule. */
static bool lower_mark_explosion(Lowering *L, const AstNode *chain, int k, const IntList *before,
                                 TypeSet blown) {
  const AstNode *kid = chain->kids[k];
  if (k != chain->kid_count - 1 || kid->kind == AST_OPTIONAL) {
    lower_error(L, kid->line, kid->col, "X",
                "an explosion ends a move: it may not be optional or followed by more legs "
                "(write cQ--X; docs/mbn.md decision 51)");
    return false;
  }
  MbnExplosion *e = &L->lc->variant->explosion;
  if (e->present && !type_set_equal(e->blown, blown)) {
    lower_error(L, kid->line, kid->col, "X",
                "a second explosion that removes other pieces than the first (line %d): the "
                "engine plays one explosion per variant (docs/mbn.md decision 51)",
                e->line);
    return false;
  }
  if (!e->present) {
    e->present = true;
    e->blown = blown;
    e->file = L->lc->source;
    e->line = L->basic_depth ? L->ref_line : kid->line;
    e->col = L->basic_depth ? L->ref_col : kid->col;
  }
  for (int i = 0; i < before->count; i++) L->t[before->items[i]].flags |= LEG_EXPLODES;
  return true;
}

/* A chain of legs (MBN's '-' and '--'). A board transition on the whole
 * chain (<2>(mO--F): "moves one cell up/down, then makes a diagonal move")
 * moves its first leg; the later legs go on from where it arrived, on
 * that board. A leg after '-' turns relative to the leg before, which is
 * defined on a board's plane only, so it may not change boards itself
 * (W-<+1>F); after '--' (absolute directions) it may (mW--<+1>W). */
static Fragment lower_chain(Lowering *L, const AstNode *node, const Ctx *ctx) {
  Fragment f;
  memset(&f, 0, sizeof f);
  f.may_be_empty = true;
  Ctx rest = *ctx;
  rest.transition = NULL;
  /* Where the next leg attaches: the exits, but not those before a
   * compulsory leg ({..}), which must be taken if it can: W-{W}-{W} may not
   * skip the second W to take the third (the move could then stop where
   * the second must go on). Stopping before it stays an exit (the walker
   * vetoes it where the compulsory leg can be taken). */
  IntList attach;
  memset(&attach, 0, sizeof attach);
  for (int k = 0; k < node->kid_count; k++) {
    const AstNode *kid = node->kids[k];
    bool optional = kid->kind == AST_OPTIONAL;
    bool compulsory = optional && kid->compulsory;
    bool relative = k > 0 && !node->sequence[k - 1];
    TypeSet blown;
    if (k > 0 && node->sequence[k - 1] &&
        lower_explosion(L, optional ? kid->kids[0] : kid, &blown, 0)) {
      lower_mark_explosion(L, node, k, &attach, blown);
      return f;
    }
    if (L->lc->failed) return f;
    if (k == 0 && ctx->transition && optional) {
      lower_error(L, ctx->transition->line, ctx->transition->col, "<",
                  "a board transition on a chain moves its first leg, which may not be "
                  "optional ('[..]', '{..}')");
      return f;
    }
    int first_template = L->count;
    Fragment part = lower_node(L, optional ? kid->kids[0] : kid, k ? &rest : ctx);
    if (L->lc->failed) return f;
    int level_move = relative ? lower_level_move_from(L, first_template) : -1;
    if (level_move >= 0) {
      lower_error(L, L->t[level_move].line, L->t[level_move].col, "<",
                  "a board transition on a leg after '-' is not defined (a relative "
                  "direction turns on the board's plane); after '--' a leg may change boards");
      return f;
    }
    fragment_connect(L, k ? &attach : &f.exits, &part.entries, relative, compulsory);
    if (f.may_be_empty) list_append(L, &f.entries, &part.entries);
    if (!optional || compulsory || !k) memset(&attach, 0, sizeof attach);
    list_append(L, &attach, &part.exits);
    if (optional) {
      list_append(L, &f.exits, &part.exits);
    } else {
      f.exits = part.exits;
      f.may_be_empty = false;
    }
  }
  return f;
}

static Fragment lower_node(Lowering *L, const AstNode *node, const Ctx *ctx) {
  Fragment f;
  memset(&f, 0, sizeof f);
  if (L->lc->failed || !node) return f;
  switch (node->kind) {
  case AST_LEAPER:
    if (node->spelling && lower_peek(L, node) != node)
      return lower_ref(L, (char[2]){node->spelling, 0}, node->line, node->col, NULL, ctx);
    return lower_atom(L, node, NULL, ctx);
  case AST_REF: return lower_ref(L, node->letter, node->line, node->col, NULL, ctx);
  case AST_RIDE: return lower_ride(L, node, ctx);
  case AST_OPTIONAL: return lower_node(L, node->kids[0], ctx);
  case AST_CHAIN: return lower_chain(L, node, ctx);
  case AST_ALT:
    for (int k = 0; k < node->kid_count; k++) {
      Fragment part = lower_node(L, node->kids[k], ctx);
      if (L->lc->failed) return f;
      list_append(L, &f.entries, &part.entries);
      list_append(L, &f.exits, &part.exits);
    }
    return f;
  case AST_MOD: {
    /* An optional modifier (p?, pp?, j?): the move with it, and the move
     * without it, as two alternatives (decision 30). */
    for (int i = 0; i < node->mod_count; i++) {
      if (!node->mods[i].optional) continue;
      AstNode with = *node, without = *node;
      with.mods[i].optional = false;
      memmove(without.mods + i, without.mods + i + 1,
              sizeof without.mods[0] * (size_t)(without.mod_count - i - 1));
      without.mod_count--;
      f = lower_node(L, &with, ctx);
      if (L->lc->failed) return f;
      Fragment plain = lower_node(L, &without, ctx);
      list_append(L, &f.entries, &plain.entries);
      list_append(L, &f.exits, &plain.exits);
      return f;
    }
    Ctx inner = *ctx;
    if (!lower_ctx_apply(L, &inner, node)) return f;
    if (node->decisive) inner.flags |= LEG_DECISIVE;
    if (node->setup) {
      for (int i = 0; i < node->mod_count; i++)
        if (node->mods[i].code == 'j') {
          lower_error(L, node->line, node->col, "!",
                      "the setup operator '!' on a visit ('j': K[1-5]+!cj{K}Q, a condition "
                      "such as kings that may not face) is not supported (docs/mbn.md decision "
                      "34)");
          return f;
        }
      if (!lower_setup_allowed(L, node->kids[0])) {
        lower_error(L, node->line, node->col, "!",
                    "the setup operator '!' is supported on one leg only (a capture by a "
                    "leaper or rider, as in Q=mQ-{!cK}), not on a chain, a sequence or a "
                    "complex rider (docs/mbn.md decision 34)");
        return f;
      }
      inner.flags |= LEG_SETUP;
    }
    if (node->transition.kind) {
      const AstTransition *tr = &node->transition;
      if (ctx->transition) {
        lower_error(L, tr->line, tr->col, "<", "a board transition inside another one");
        return f;
      }
      for (int i = 0; i < tr->count + tr->w_count; i++) {
        bool z_axis = i < tr->count;
        char sign = z_axis ? tr->items[i].sign : tr->w_items[i - tr->count].sign;
        if ((z_axis ? tr->reflect : tr->reflect_w) && (sign == 0 || sign == 'a')) {
          lower_error(L, tr->line, tr->col, "<<",
                      "explicit reflection '<<..>>' of an absolute board or '<+>' is not "
                      "supported (only of relative transitions such as <<+1>>)");
          return f;
        }
      }
      inner.transition = tr;
    }
    int before = -1, after = -1;
    unsigned before_attack = 0, after_attack = 0, attackers = 0;
    int before_kind = RANGE_STATIC, after_kind = RANGE_STATIC;
    if (node->before.present) {
      before_kind = lower_range_condition(L, &node->before, node->line, node->col, &before_attack);
      if (before_kind == RANGE_STATIC) before = lower_range_from_ast(L, &node->before);
    }
    if (node->after.present) {
      after_kind = lower_range_condition(L, &node->after, node->line, node->col, &after_attack);
      if (after_kind == RANGE_STATIC) after = lower_range_from_ast(L, &node->after);
    }
    if (node->attackers) {
      int filter = lower_filter_from_set(L, node->attackers, node->line, node->col);
      if (filter >= 0) attackers = (unsigned)(filter + 1);
    }
    int presence_set = 0, presence_range = -1;
    if (node->condition) {
      int filter;
      if (node->condition_set) {
        filter = lower_filter_from_set(L, node->condition_set, node->line, node->col);
      } else { /* "/a1/W: ... occupied by any piece" */
        TypeSet all = type_set_first_n(L->lc->variant->piece_count);
        filter = lower_filter_add(L->lc, (PieceFilter){all, all});
      }
      presence_set = filter + 1;
      if (node->condition_range.present) {
        unsigned code;
        if (lower_range_condition(L, &node->condition_range, node->line, node->col, &code) !=
            RANGE_STATIC)
          lower_error(L, node->line, node->col, "/",
                      "a condition's squares are a plain range (not [+], [*], [:] or [{..}])");
        else
          presence_range = lower_range_from_ast(L, &node->condition_range);
      }
    }
    if (L->lc->failed) return f;
    f = lower_node(L, node->kids[0], &inner);
    if (node->origin_boards) before = lower_range_intersect(L->lc, before, boards_range(L, node));
    for (int i = 0; before >= 0 && i < f.entries.count; i++) {
      Template *t = &L->t[f.entries.items[i]];
      t->origin_range = lower_range_intersect(L->lc, t->origin_range, before);
    }
    for (int i = 0; after >= 0 && i < f.exits.count; i++) {
      Template *t = &L->t[f.exits.items[i]];
      t->landing_range = lower_range_intersect(L->lc, t->landing_range, after);
    }
    if (before_kind == RANGE_UNMOVED)
      for (int i = 0; i < f.entries.count; i++) L->t[f.entries.items[i]].flags |= LEG_INITIAL;
    if (after_kind == RANGE_UNMOVED) /* onto an unmoved piece (decision 45) */
      for (int i = 0; i < f.exits.count; i++) L->t[f.exits.items[i]].flags |= LEG_LANDS_ON_UNMOVED;
    for (int i = 0; presence_set && i < f.entries.count; i++) {
      Template *t = &L->t[f.entries.items[i]];
      if (t->presence_set) {
        lower_error(L, node->line, node->col, "/", "two conditions '/.../' on one move");
        return f;
      }
      t->presence_set = presence_set;
      t->presence_range = presence_range;
      t->flags |= LEG_PRESENCE;
    }
    unsigned conditions[3] = {before_attack, attackers, after_attack};
    for (int k = 0; k < 3; k++) {
      if (!conditions[k]) continue;
      const IntList *legs = k < 2 ? &f.entries : &f.exits;
      for (int i = 0; i < legs->count; i++) {
        Template *t = &L->t[legs->items[i]];
        unsigned *slot = k < 2 ? &t->origin_attackers : &t->landing_attackers;
        if (*slot && *slot != conditions[k]) {
          lower_error(L, node->line, node->col, k == 1 ? "{" : "[",
                      "two attack conditions on one square of a leg ({C}[+]W, or nested "
                      "ranges) are not supported");
          return f;
        }
        *slot = conditions[k];
        t->flags |= LEG_ATTACK_CONDITION;
      }
    }
    return f;
  }
  }
  return f;
}

bool mbn_lower_move(LowerContext *lc, const AstNode *move, TemplateGraph *out) {
  Lowering L;
  memset(&L, 0, sizeof L);
  L.lc = lc;
  lc->failed = false;
  Ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.end_occ = ctx.pass_occ = 0xFF;
  ctx.end_effect = ctx.pass_effect = -1;
  ctx.end_filter = ctx.pass_filter = ctx.ep_filter = ctx.hop_filter = ctx.leap_filter = -1;
  Fragment f = lower_node(&L, move, &ctx);
  if (lc->failed) return false;
  for (int i = 0; i < f.exits.count; i++) L.t[f.exits.items[i]].can_end = true;
  out->templates = L.t;
  out->count = L.count;
  out->roots = f.entries.items;
  out->root_count = f.entries.count;
  return true;
}
