/* mbn_build.c — expands leg templates into a MoveProgram.
 *
 * A template says which directions it may take relative to the leg before
 * it; here each (template, vector) pair becomes a concrete leg, found again
 * by a lookup when reached twice, so complex riders become finite cycles.
 *
 * A template that may both end the move and go on may need different
 * landing conditions for the two (W-fF: to go on, the W square must be
 * empty; to end, it may hold an enemy). Such a node becomes two legs: one
 * that goes on (and may also end where the conditions agree) and one that
 * only ends, for the remaining occupancies. The walker then never has to
 * know why a leg has children.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/mbn_lower.h"
#include "mbn/mbn_lower_internal.h"

/* ---- direction rules ---------------------------------------------------- */

static int sign(int x) {
  return (x > 0) - (x < 0);
}

/* One letter against one half-plane or axis of a King-like direction (used
 * for amalgamated modifiers on diagonals and for relative directions). */
static bool half_matches(char letter, int qx, int qy) {
  switch (letter) {
  case 'f': return qy > 0;
  case 'b': return qy < 0;
  case 'r': return qx > 0;
  case 'l': return qx < 0;
  case 'v': return qy != 0;
  case 's': return qx != 0;
  default: return false;
  }
}

static bool is_y_letter(char c) {
  return c == 'f' || c == 'b' || c == 'v';
}

/* A single directional letter, absolute (MBN's direction tables). On an
 * oblique vector f b l r name the sector, not the half-plane: MBN's seventh
 * table marks (±1,2) "f" and (±2,1) "l"/"r" (its diagonals "l/f", both), so
 * `fN` is the two narrow forward moves and `lN` the two wide left ones
 * (docs/mbn.md, decision 3). */
static bool abs_single(char c, int dx, int dy) {
  int ax = abs(dx), ay = abs(dy);
  bool orth = ax == 0 || ay == 0, diag = ax == ay;
  bool vertical_sector = orth || diag || ay > ax, sideways_sector = orth || diag || ax > ay;
  switch (c) {
  case 'f': return dy > 0 && vertical_sector;
  case 'b': return dy < 0 && vertical_sector;
  case 'r': return dx > 0 && sideways_sector;
  case 'l': return dx < 0 && sideways_sector;
  case 'v': return orth ? (dx == 0 && dy != 0) : diag ? false : ay > ax;
  case 's': return orth ? (dy == 0 && dx != 0) : diag ? false : ax > ay;
  default: return false;
  }
}

static bool abs_matches(const AstModifier *mod, int dx, int dy) {
  if (mod->code != '(') return abs_single(mod->code, dx, dy);
  int ax = abs(dx), ay = abs(dy);
  char a = mod->dir[0], b = mod->dir[1];
  bool orth = ax == 0 || ay == 0, diag = ax == ay;
  if (a == b) { /* ff, ss ...: the wider component goes that way */
    if (orth || diag) return abs_single(a, dx, dy);
    bool y = is_y_letter(a);
    if (y != (ay > ax)) return false;
    return abs_single(a, dx, dy);
  }
  if (diag) return half_matches(a, sign(dx), sign(dy)) && half_matches(b, sign(dx), sign(dy));
  if (orth) return false;
  /* oblique: the first letter names the shorter component, the second the wider */
  bool x_shorter = ax < ay;
  char shorter = a, wider = b;
  if (is_y_letter(shorter) == !x_shorter && is_y_letter(wider) == x_shorter) {
    int sx = sign(dx), sy = sign(dy);
    return half_matches(shorter, x_shorter ? sx : 0, x_shorter ? 0 : sy) &&
           half_matches(wider, x_shorter ? 0 : sx, x_shorter ? sy : 0);
  }
  return false;
}

/* Turn from p to v snapped to the nearest 45 degrees: 0 straight on, +1 a
 * half-turn left (counter-clockwise), -2 right angle right, 4 reverse. */
static int turn_of(int px, int py, int vx, int vy) {
  double cross = (double)px * vy - (double)py * vx, dot = (double)px * vx + (double)py * vy;
  double degrees = atan2(cross, dot) * 180.0 / 3.14159265358979323846;
  int k = (int)lround(degrees / 45.0);
  if (k == -4) k = 4;
  return k;
}

static bool rel_matches(const AstModifier *mod, int px, int py, int vx, int vy) {
  /* tt (not reverse) arrives as a doubled letter, like ff */
  bool tt = mod->code == '(' && mod->dir[0] == 't' && mod->dir[1] == 't';
  if (mod->code == 't' || tt) {
    bool reverse = (long)px * vy == (long)py * vx && (long)px * vx + (long)py * vy < 0;
    return mod->count == 2 || tt ? !reverse : reverse;
  }
  if (mod->code == 'z') {
    int ax = abs(px), ay = abs(py);
    int rx[2] = {-px, px}, ry[2] = {py, -py};
    for (int i = 0; i < 2; i++) {
      if (i == 0 && ay > ax) continue; /* a vertical move reflects vertically only */
      if (i == 1 && ax > ay) continue;
      if ((long)rx[i] * vy == (long)ry[i] * vx && (long)rx[i] * vx + (long)ry[i] * vy > 0)
        return true;
    }
    return false;
  }
  int k = turn_of(px, py, vx, vy);
  static const int QX[9] = {-1, -1, -1, 0, 0, 1, 1, 1, 0}; /* index k+4: k=-4..4 */
  static const int QY[9] = {-1, 0, 1, 1, 1, 1, 0, -1, -1};
  /* k: 0 -> (0,1); -1 -> (1,1); -2 -> (1,0); -3 -> (1,-1); 4 -> (0,-1);
   *    1 -> (-1,1); 2 -> (-1,0); 3 -> (-1,-1) */
  int qx, qy;
  switch (k) {
  case 0: qx = 0, qy = 1; break;
  case -1: qx = 1, qy = 1; break;
  case -2: qx = 1, qy = 0; break;
  case -3: qx = 1, qy = -1; break;
  case 1: qx = -1, qy = 1; break;
  case 2: qx = -1, qy = 0; break;
  case 3: qx = -1, qy = -1; break;
  default: qx = 0, qy = -1; break;
  }
  (void)QX;
  (void)QY;
  if (mod->code != '(') return abs_single(mod->code, qx, qy);
  if (mod->dir[0] == mod->dir[1]) return abs_single(mod->dir[0], qx, qy);
  if (qx == 0 || qy == 0) return false;
  return half_matches(mod->dir[0], qx, qy) && half_matches(mod->dir[1], qx, qy);
}

static bool group_allows(const DirGroup *g, bool relative, int px, int py, int vx, int vy) {
  bool any_direction = false;
  int letters = 0;
  for (int i = 0; i < g->count; i++) {
    if (g->mods[i].code == 'd')
      any_direction = true;
    else
      letters++;
  }
  if (any_direction) relative = false; /* d: independent of the previous leg */
  if (letters == 0) return true;
  if (vx == 0 && vy == 0) return false;
  for (int i = 0; i < g->count; i++) {
    const AstModifier *mod = &g->mods[i];
    if (mod->code == 'd') continue;
    if (relative && (px || py)) {
      if (rel_matches(mod, px, py, vx, vy)) return true;
    } else if (mod->code != 't' && mod->code != 'z' &&
               !(mod->code == '(' && mod->dir[0] == 't' && mod->dir[1] == 't')) {
      if (abs_matches(mod, vx, vy)) return true;
    }
  }
  return false;
}

static int atom_vectors(const Template *t, int cand[8][2]) {
  int n = 0;
  if (t->fixed) {
    cand[0][0] = t->fx, cand[0][1] = t->fy;
    return 1;
  }
  int m = t->m, k = t->n;
  int all[8][2] = {{m, k}, {-m, k}, {m, -k}, {-m, -k}, {k, m}, {-k, m}, {k, -m}, {-k, -m}};
  for (int i = 0; i < 8; i++) {
    bool dup = false;
    for (int j = 0; j < n; j++)
      if (cand[j][0] == all[i][0] && cand[j][1] == all[i][1]) dup = true;
    if (!dup) cand[n][0] = all[i][0], cand[n][1] = all[i][1], n++;
  }
  return n;
}

static bool goes_straight(int px, int py, int vx, int vy) {
  return (long)px * vy == (long)py * vx && (long)px * vx + (long)py * vy > 0;
}

bool mbn_template_goes_straight(const Template *t, int px, int py) {
  int cand[8][2];
  int n = atom_vectors(t, cand);
  if (t->fixed || t->dir_levels) return false;
  for (int i = 0; i < n; i++)
    if (goes_straight(px, py, cand[i][0], cand[i][1])) return true;
  return false;
}

int mbn_select_vectors_ex(const Template *t, bool has_prev, bool relative, int px, int py,
                          int straight_only, int out[][2]) {
  int cand[8][2];
  int n = atom_vectors(t, cand);
  if (t->fixed) {
    out[0][0] = cand[0][0], out[0][1] = cand[0][1];
    return 1;
  }
  bool rel = has_prev && relative && (px || py);
  int count = 0;
  if (t->dir_levels == 0 && rel) {
    if (t->m == 0 && t->n == 0) {
      out[0][0] = out[0][1] = 0;
      return 1;
    }
    if (straight_only < 0) straight_only = mbn_template_goes_straight(t, px, py);
    /* A later leg of a chain goes on in the same direction by default; if
     * no alternative of the leg can (W-F), it goes forward. */
    AstModifier f;
    memset(&f, 0, sizeof f);
    f.code = 'f';
    for (int i = 0; i < n; i++) {
      bool ok = straight_only ? goes_straight(px, py, cand[i][0], cand[i][1])
                              : rel_matches(&f, px, py, cand[i][0], cand[i][1]);
      if (ok) out[count][0] = cand[i][0], out[count][1] = cand[i][1], count++;
    }
    return count;
  }
  for (int i = 0; i < n; i++) {
    bool ok = true;
    for (int level = 0; level < t->dir_levels && ok; level++)
      ok = group_allows(&t->dirs[level], rel, px, py, cand[i][0], cand[i][1]);
    if (ok) out[count][0] = cand[i][0], out[count][1] = cand[i][1], count++;
  }
  return count;
}

int mbn_select_vectors(const Template *t, bool has_prev, bool relative, int px, int py,
                       int out[][2]) {
  return mbn_select_vectors_ex(t, has_prev, relative, px, py, -1, out);
}

/* ---- expansion ----------------------------------------------------------- */

/* The axis a path's `z` legs reflect on (decision 4): none chosen yet, the
 * files (x negated, after a sideways move) or the ranks (y negated, after a
 * vertical one). A diagonal move allows either, so the first `z` after it
 * chooses, and every later `z` of the same path keeps that choice: the
 * Boyscout `F-[(zF)0]` zig-zags along one line instead of turning back. */
enum { Z_AXIS_NONE, Z_AXIS_FILES, Z_AXIS_RANKS };

typedef struct {
  int t, dx, dy;
  bool compulsory;
  uint8_t z_axis;        /* Z_AXIS_*: the reflection this path's z legs keep */
  int leg_pass, leg_end; /* leg indices, -1 if none */
} Node;

typedef struct {
  LowerContext *lc;
  const TemplateGraph *g;
  Node *nodes;
  int node_count, node_capacity;
  int *hash; /* open addressing over nodes, -1 empty */
  int hash_size;
  MoveLeg *legs;
  int leg_count, leg_capacity;
  uint16_t *children;
  int child_count, child_capacity;
  bool overflow;
} Builder;

static unsigned node_hash(int t, int dx, int dy, bool c, int z_axis) {
  unsigned h = (unsigned)t * 2654435761u ^ (unsigned)(dx + 64) * 40503u ^
               (unsigned)(dy + 64) * 9973u ^ (c ? 0x5bd1e995u : 0) ^ (unsigned)z_axis * 0x27d4eb2du;
  return h;
}

static void *grow(void *p, int *capacity, int need, size_t item) {
  if (need <= *capacity) return p;
  int cap = *capacity ? *capacity : 64;
  while (cap < need) cap *= 2;
  void *q = realloc(p, (size_t)cap * item);
  if (!q) abort();
  *capacity = cap;
  return q;
}

static int builder_leg(Builder *b, const Template *t, int dx, int dy) {
  if (b->leg_count >= MBN_MAX_LEGS) {
    b->overflow = true;
    return -1;
  }
  b->legs = grow(b->legs, &b->leg_capacity, b->leg_count + 1, sizeof *b->legs);
  MoveLeg *leg = &b->legs[b->leg_count];
  memset(leg, 0, sizeof *leg);
  leg->dx = (int8_t)dx;
  leg->dy = (int8_t)dy;
  leg->dz = (int8_t)t->dz;
  leg->dw = (int8_t)t->dw;
  leg->min_steps = t->min_steps;
  leg->max_steps = t->max_steps;
  leg->between = t->between;
  leg->leap_set = t->leap_filter < 0 ? 0 : (uint16_t)(t->leap_filter + 1);
  leg->flags = (uint32_t)(t->flags | (t->reflect_z ? MBN_LEG_REFLECT_Z : 0) |
                          (t->reflect_w ? MBN_LEG_REFLECT_W : 0));
  leg->victim_set = MOVE_NONE;
  leg->origin_range = t->origin_range < 0 ? MOVE_NONE : (uint16_t)t->origin_range;
  leg->landing_range = t->landing_range < 0 ? MOVE_NONE : (uint16_t)t->landing_range;
  leg->origin_attackers = (uint16_t)t->origin_attackers;
  leg->landing_attackers = (uint16_t)t->landing_attackers;
  leg->presence_set = (uint16_t)t->presence_set;
  leg->presence_range = t->presence_range < 0 ? MOVE_NONE : (uint16_t)t->presence_range;
  leg->first_child = 0;
  leg->child_count = 0;
  return b->leg_count++;
}

/* Doubles the node hash (kept at most half full) and re-inserts every node. */
static void builder_rehash(Builder *b) {
  int size = b->hash_size * 2;
  int *hash = malloc(sizeof(int) * (size_t)size);
  if (!hash) abort();
  for (int i = 0; i < size; i++) hash[i] = -1;
  for (int id = 0; id < b->node_count; id++) {
    const Node *n = &b->nodes[id];
    unsigned h = node_hash(n->t, n->dx, n->dy, n->compulsory, n->z_axis) & (unsigned)(size - 1);
    while (hash[h] >= 0) h = (h + 1) & (unsigned)(size - 1);
    hash[h] = id;
  }
  free(b->hash);
  b->hash = hash;
  b->hash_size = size;
}

static int builder_node(Builder *b, int tid, int dx, int dy, bool compulsory, int z_axis) {
  if (b->node_count + 1 >= b->hash_size / 2) builder_rehash(b);
  unsigned h = node_hash(tid, dx, dy, compulsory, z_axis) & (unsigned)(b->hash_size - 1);
  while (b->hash[h] >= 0) {
    Node *n = &b->nodes[b->hash[h]];
    if (n->t == tid && n->dx == dx && n->dy == dy && n->compulsory == compulsory &&
        n->z_axis == z_axis)
      return b->hash[h];
    h = (h + 1) & (unsigned)(b->hash_size - 1);
  }
  if (b->node_count >= MBN_MAX_LEGS) {
    b->overflow = true;
    return -1;
  }
  b->nodes = grow(b->nodes, &b->node_capacity, b->node_count + 1, sizeof *b->nodes);
  int id = b->node_count++;
  b->hash[h] = id;
  Node *n = &b->nodes[id];
  const Template *t = &b->g->templates[tid];
  n->t = tid, n->dx = dx, n->dy = dy, n->compulsory = compulsory, n->z_axis = (uint8_t)z_axis;
  n->leg_pass = n->leg_end = -1;
  uint8_t end_occ = t->can_end ? t->end_occ : 0;
  uint8_t pass_occ = t->edge_count ? t->pass_occ : 0;
  bool pass_may_end = false;
  if (pass_occ && end_occ && (pass_occ & ~end_occ) == 0) {
    bool occupied = (pass_occ & ~OCC_EMPTY) != 0;
    pass_may_end =
        !occupied || (t->pass_effect == t->end_effect && t->pass_filter == t->end_filter);
  }
  uint16_t extra = compulsory ? LEG_COMPULSORY : 0;
  if (pass_occ) {
    int leg = builder_leg(b, t, dx, dy);
    if (leg < 0) return -1;
    MoveLeg *l = &b->legs[leg];
    l->occupancy = pass_occ;
    l->effect = t->pass_effect;
    l->victim_set = t->pass_filter < 0 ? MOVE_NONE : (uint16_t)t->pass_filter;
    l->ep_victims = t->ep_filter < 0 ? 0 : (uint16_t)(t->ep_filter + 1);
    l->flags |= extra | (pass_may_end ? LEG_ENDS : 0);
    n = &b->nodes[id];
    n->leg_pass = leg;
  }
  uint8_t rest = pass_may_end ? (uint8_t)(end_occ & ~pass_occ) : end_occ;
  if (rest) {
    int leg = builder_leg(b, t, dx, dy);
    if (leg < 0) return -1;
    MoveLeg *l = &b->legs[leg];
    l->occupancy = rest;
    l->effect = t->end_effect;
    l->victim_set = t->end_filter < 0 ? MOVE_NONE : (uint16_t)t->end_filter;
    l->ep_victims = t->ep_filter < 0 ? 0 : (uint16_t)(t->ep_filter + 1);
    l->flags |= extra | LEG_ENDS;
    b->nodes[id].leg_end = leg;
  }
  return id;
}

/* Whether every direction of the template is a `z` (a reflection of the
 * leg before): then the path's reflection axis decides its vector. */
static bool template_reflects_only(const Template *t) {
  if (t->fixed || t->dir_levels == 0) return false;
  for (int level = 0; level < t->dir_levels; level++)
    for (int i = 0; i < t->dirs[level].count; i++)
      if (t->dirs[level].mods[i].code != 'z') return false;
  return true;
}

/* Which axis turns (px, py) into (vx, vy): Z_AXIS_FILES for (-px, py),
 * Z_AXIS_RANKS for (px, -py) (a multiple of them for a longer atom). */
static int reflection_axis(int px, int py, int vx, int vy) {
  if ((long)-px * vy == (long)py * vx && (long)-px * vx + (long)py * vy > 0) return Z_AXIS_FILES;
  return Z_AXIS_RANKS;
}

static void builder_child(Builder *b, int leg) {
  if (leg < 0) return;
  b->children = grow(b->children, &b->child_capacity, b->child_count + 1, sizeof *b->children);
  b->children[b->child_count++] = (uint16_t)leg;
}

/* ---- merging alternatives ---------------------------------------------- */

/* Whether root leaf a makes every move that root leaf b makes at the same
 * step count: same vector, path rule and effect, at least b's occupancies,
 * no condition b lacks (a's initial, victim set or ranges must be b's too). */
static bool leg_covers(const MoveLeg *a, const MoveLeg *b) {
  unsigned fa = a->flags & ~(unsigned)LEG_INITIAL, fb = b->flags & ~(unsigned)LEG_INITIAL;
  if (a->dx != b->dx || a->dy != b->dy || a->dz != b->dz || a->dw != b->dw || fa != fb ||
      !(fa & LEG_ENDS))
    return false;
  if ((a->flags & LEG_INITIAL) && !(b->flags & LEG_INITIAL)) return false;
  if (a->child_count || b->child_count || a->effect != b->effect || a->between != b->between)
    return false;
  if ((b->occupancy & ~a->occupancy) || !a->min_steps || !b->min_steps) return false;
  if (a->victim_set != MOVE_NONE && a->victim_set != b->victim_set) return false;
  if (a->ep_victims && a->ep_victims != b->ep_victims) return false;
  if (a->leap_set != b->leap_set) return false;
  if (a->origin_attackers != b->origin_attackers || a->landing_attackers != b->landing_attackers ||
      a->presence_set != b->presence_set || a->presence_range != b->presence_range)
    return false;
  if (a->origin_range != MOVE_NONE && a->origin_range != b->origin_range) return false;
  return a->landing_range == MOVE_NONE || a->landing_range == b->landing_range;
}

static bool is_child(const MoveProgram *p, int leg) {
  for (int k = 0; k < p->child_link_count; k++)
    if (p->children[k] == leg) return true;
  return false;
}

static int steps_max(const MoveLeg *leg) {
  return leg->max_steps == LEG_STEPS_UNLIMITED ? 1 << 16 : leg->max_steps;
}

/* Two alternatives of one piece that reach one square with the same effect
 * (mfW+imfW3, W+W2, W0+W3, KcR) would make the move twice. Where one root
 * leaf covers the low or high end of another's step range, that end is cut
 * from the other (imfW3 becomes steps 2..3), and a leg covered whole is
 * removed, so the generator pays nothing at run time. Overlaps this cannot
 * express (a covered middle, different ranges) are left to board/, which
 * detects them (tables.c) and filters those pieces' moves. */
static void merge_alternatives(MoveProgram *p) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (int i = 0; i < p->root_count && !changed; i++)
      for (int j = 0; j < p->root_count && !changed; j++) {
        MoveLeg *a = &p->legs[i], *b = &p->legs[j];
        if (i == j || !leg_covers(a, b) || (a->dx == 0 && a->dy == 0 && a->dz == 0 && a->dw == 0) ||
            is_child(p, j))
          continue;
        int lo = a->min_steps > b->min_steps ? a->min_steps : b->min_steps;
        int hi = steps_max(a) < steps_max(b) ? steps_max(a) : steps_max(b);
        if (lo > hi) continue;
        if (lo <= b->min_steps && hi >= steps_max(b)) {
          /* b adds nothing: remove it, renumbering the legs after it */
          memmove(&p->legs[j], &p->legs[j + 1], sizeof *p->legs * (size_t)(p->leg_count - j - 1));
          p->leg_count--;
          p->root_count--;
          for (int k = 0; k < p->child_link_count; k++)
            if (p->children[k] > j) p->children[k]--;
          changed = true;
        } else if (lo <= b->min_steps) {
          b->min_steps = (uint8_t)(hi + 1);
          changed = true;
        } else if (hi >= steps_max(b)) {
          b->max_steps = (uint8_t)(lo - 1);
          changed = true;
        }
      }
  }
}

bool mbn_build_program(LowerContext *lc, const TemplateGraph *graph, MoveProgram *out, int line,
                       int col) {
  memset(out, 0, sizeof *out);
  Builder b;
  memset(&b, 0, sizeof b);
  b.lc = lc;
  b.g = graph;
  b.hash_size = 256; /* grows with the program: most pieces have a few dozen legs */
  b.hash = malloc(sizeof(int) * (size_t)b.hash_size);
  if (!b.hash) abort();
  for (int i = 0; i < b.hash_size; i++) b.hash[i] = -1;
  int vectors[64][2];
  /* !: a capture, stepped back from (decision 34); a quiet step there and
   * back would be a null move, and a swap or an e.p. capture is not defined */
  for (int i = 0; i < graph->count; i++) {
    const Template *t = &graph->templates[i];
    if (!(t->flags & LEG_SETUP)) continue;
    bool ends_quiet = t->can_end && (t->end_occ & OCC_EMPTY || t->end_effect != EFFECT_CAPTURE);
    bool goes_quiet =
        t->edge_count && (t->pass_occ & OCC_EMPTY || t->pass_effect != EFFECT_CAPTURE);
    if (ends_quiet || goes_quiet || t->flags & (LEG_EP_CAPTURE | LEG_EP_ONLY | LEG_EP_VICTIM)) {
      mbn_diagnostics_add(lc->diags, lc->source, t->line, t->col, "",
                          "the setup operator '!' is supported on captures only (c, cc, cy: "
                          "!cK), not on a move that may land on an empty square, swap or capture "
                          "en passant (docs/mbn.md decision 34)");
      free(b.hash);
      return false;
    }
  }
  /* Roots first, so that legs[0 .. root_count-1] are the roots. */
  bool *gives = calloc((size_t)graph->root_count + 1, sizeof *gives);
  if (!gives) abort();
  for (int r = 0; r < graph->root_count; r++) {
    int tid = graph->roots[r];
    int n = mbn_select_vectors(&graph->templates[tid], false, false, 0, 0, vectors);
    for (int i = 0; i < n; i++) {
      int id = builder_node(&b, tid, vectors[i][0], vectors[i][1], false, Z_AXIS_NONE);
      if (id >= 0 && (b.nodes[id].leg_pass >= 0 || b.nodes[id].leg_end >= 0)) gives[r] = true;
    }
  }
  /* An alternative as written (the roots one letter or atom brought in:
   * K's W and F together) that gives no leg would vanish silently from
   * R+jB, N+vF, F+tR: an error, as it is when written alone. */
  bool empty_alternative = false;
  for (int r = 0; r < graph->root_count && !b.overflow; r++) {
    const Template *t = &graph->templates[graph->roots[r]];
    bool any = false;
    for (int q = 0; q < graph->root_count && !any; q++) {
      const Template *u = &graph->templates[graph->roots[q]];
      if (u->line == t->line && u->col == t->col) any = gives[q];
    }
    if (any || graph->root_count == 1) continue;
    bool reported = false; /* once per alternative */
    for (int q = 0; q < r && !reported; q++) {
      const Template *u = &graph->templates[graph->roots[q]];
      reported = u->line == t->line && u->col == t->col;
    }
    if (!reported)
      mbn_diagnostics_add(lc->diags, lc->source, t->line, t->col, "",
                          "this alternative selects no move (its directions select nothing, "
                          "or a 'j' leg has no following leg)");
    empty_alternative = true;
  }
  free(gives);
  if (empty_alternative) {
    free(b.hash);
    free(b.nodes);
    free(b.legs);
    free(b.children);
    return false;
  }
  int root_legs = b.leg_count;
  for (int done = 0; done < b.node_count && !b.overflow; done++) {
    Node node = b.nodes[done];
    if (node.leg_pass < 0) continue;
    const Template *t = &graph->templates[node.t];
    int first = b.child_count;
    /* The alternatives of one later leg (K = W+F) go straight on together:
     * only if none of them can does the leg fall back to "forward". */
    bool straight = false;
    for (int e = 0; e < t->edge_count; e++)
      if (t->edges[e].relative &&
          mbn_template_goes_straight(&graph->templates[t->edges[e].target], node.dx, node.dy))
        straight = true;
    for (int e = 0; e < t->edge_count; e++) {
      const TemplateEdge *edge = &t->edges[e];
      int n = mbn_select_vectors_ex(&graph->templates[edge->target], true, edge->relative, node.dx,
                                    node.dy, straight, vectors);
      bool z_only = edge->relative && template_reflects_only(&graph->templates[edge->target]);
      for (int i = 0; i < n; i++) {
        int z_axis = node.z_axis;
        if (z_only && abs(node.dx) == abs(node.dy)) { /* after a diagonal the path chooses */
          int axis = reflection_axis(node.dx, node.dy, vectors[i][0], vectors[i][1]);
          if (z_axis != Z_AXIS_NONE && axis != z_axis) continue;
          z_axis = axis;
        }
        int child =
            builder_node(&b, edge->target, vectors[i][0], vectors[i][1], edge->compulsory, z_axis);
        if (child < 0) break;
        builder_child(&b, b.nodes[child].leg_pass);
        builder_child(&b, b.nodes[child].leg_end);
      }
    }
    MoveLeg *leg = &b.legs[node.leg_pass];
    leg->first_child = (uint16_t)first;
    leg->child_count = (uint16_t)(b.child_count - first);
  }
  free(b.hash);
  free(b.nodes);
  if (b.overflow || b.child_count >= 0xFFFF) {
    free(b.legs);
    free(b.children);
    mbn_diagnostics_add(lc->diags, lc->source, line, col, "",
                        "move program too large (more than %d legs)", MBN_MAX_LEGS);
    return false;
  }
  if (b.leg_count == 0) {
    free(b.legs);
    free(b.children);
    mbn_diagnostics_add(lc->diags, lc->source, line, col, "",
                        "this move has no legs (its directions select nothing, or a 'j' leg "
                        "has no following leg)");
    return false;
  }
  bool can_end = false;
  for (int i = 0; i < b.leg_count; i++)
    if (b.legs[i].flags & LEG_ENDS) can_end = true;
  if (b.leg_count && !can_end) {
    free(b.legs);
    free(b.children);
    mbn_diagnostics_add(lc->diags, lc->source, line, col, "",
                        "this move can never end (a 'j' leg needs a following leg)");
    return false;
  }
  out->legs = b.legs;
  out->leg_count = (uint16_t)b.leg_count;
  out->root_count = (uint16_t)root_legs;
  out->children = b.children;
  out->child_link_count = (uint16_t)b.child_count;
  merge_alternatives(out);
  return true;
}

void mbn_mirror_program(MoveProgram *white, MoveProgram *black) {
  memset(black, 0, sizeof *black);
  if (white->leg_count) {
    black->legs = malloc(sizeof *black->legs * white->leg_count);
    if (!black->legs) abort();
    memcpy(black->legs, white->legs, sizeof *black->legs * white->leg_count);
    for (int i = 0; i < white->leg_count; i++) {
      MoveLeg *leg = &black->legs[i];
      leg->dy = (int8_t)-leg->dy;
      if (leg->flags & MBN_LEG_REFLECT_Z) leg->dz = (int8_t)-leg->dz;
      if (leg->flags & MBN_LEG_REFLECT_W) leg->dw = (int8_t)-leg->dw;
      leg->flags &= ~(uint32_t)(MBN_LEG_REFLECT_Z | MBN_LEG_REFLECT_W);
      white->legs[i].flags &= ~(uint32_t)(MBN_LEG_REFLECT_Z | MBN_LEG_REFLECT_W);
    }
  }
  if (white->child_link_count) {
    black->children = malloc(sizeof *black->children * white->child_link_count);
    if (!black->children) abort();
    memcpy(black->children, white->children, sizeof *black->children * white->child_link_count);
  }
  black->leg_count = white->leg_count;
  black->root_count = white->root_count;
  black->child_link_count = white->child_link_count;
}

bool mbn_turn_program(LowerContext *lc, MoveProgram *prog) {
  const BoardShape *s = &lc->variant->shape;
  size_t plane = (size_t)s->files * (size_t)s->ranks, size = plane * (size_t)s->levels;
  for (int i = 0; i < prog->leg_count; i++) {
    MoveLeg *leg = &prog->legs[i];
    int8_t dx = leg->dx;
    leg->dx = leg->dy;
    leg->dy = (int8_t)-dx;
    uint16_t *ranges[2] = {&leg->origin_range, &leg->landing_range};
    for (int k = 0; k < 2; k++) {
      if (*ranges[k] == MOVE_NONE) continue;
      if (s->files != s->ranks) return false;
      const uint8_t *from = lc->tables.ranges[*ranges[k]];
      uint8_t *member = arena_alloc(lc->arena, size);
      for (size_t sq = 0; sq < size; sq++) {
        size_t level = sq / plane, x = sq % plane % (size_t)s->files,
               y = sq % plane / (size_t)s->files;
        /* the square (x, y) of the program's own view is (y, files - 1 - x) */
        member[level * plane + ((size_t)s->files - 1 - x) * (size_t)s->files + y] = from[sq];
      }
      *ranges[k] = (uint16_t)lower_range_add(lc, member);
    }
  }
  return true;
}

void mbn_flip_files(MoveProgram *program) {
  for (int i = 0; i < program->leg_count; i++) program->legs[i].dx = (int8_t)-program->legs[i].dx;
}
