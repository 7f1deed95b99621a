/* mbn_walk.c — the empty-board reference walker (see mbn_walk.h).
 *
 * Semantics it implements, which docs/mbn.md states for board/ too: a leg
 * steps min..max times along its vector; a landing whose occupancy excludes
 * EMPTY is assumed to hold a suitable piece (reported as HOP or AWAY); a
 * LEG_MAXIMAL leg lands only on its last square; a move may not repeat a
 * (square, direction) on its path; a LEG_COMPULSORY child that can be taken
 * forbids its parent from ending, and cannot be taken onto the start square
 * (MBN: maximal and circular riders stop one step before it); a piece
 * captured on the way is gone, so it cannot be captured (or hopped) again.
 */
#include "mbn/mbn_walk.h"

#include <stdlib.h>
#include <string.h>

#define WALK_MAX_DEPTH 160

typedef struct {
  const Variant *v;
  const MoveProgram *prog;
  int from;
  uint8_t *reach;
  /* (leg, square, flags) explored, for non-compulsory legs: 1 + the least
   * depth it was explored at (a shallower visit explores it again, since
   * the depth bound may have cut the deeper one) */
  uint8_t *seen;
  bool truncated; /* the depth bound cut a compulsory path */
  bool returns;   /* some leg may capture and go on: a move may end on its start */
  uint8_t *cut;   /* bit set: states the depth bound cut before any visit */
  int squares;
  int path_sq[WALK_MAX_DEPTH], path_dx[WALK_MAX_DEPTH], path_dy[WALK_MAX_DEPTH];
  int depth;
  int captured[WALK_MAX_DEPTH]; /* squares emptied by captures on this path */
  int captured_count;
  long budget; /* leg visits left: compulsory legs are walked per path */
} Walk;

/* Square after one step (dx, dy, leg->dz, leg->dw), or -1 off the board (or
 * in a hole). */
static int walk_step(const Walk *w, const MoveLeg *leg, int square, int dx, int dy) {
  const BoardShape *s = &w->v->shape;
  int plane = s->files * s->ranks;
  int level = square / plane, rank = square % plane / s->files, file = square % s->files;
  level = shape_level_step(s, level, leg->dz, leg->dw);
  if (level < 0) return -1;
  file += dx;
  rank += dy;
  if ((s->wrap_files || (leg->flags & LEG_WRAP_FILES)) && s->files > 0)
    file = ((file % s->files) + s->files) % s->files;
  if ((s->wrap_ranks || (leg->flags & LEG_WRAP_RANKS)) && s->ranks > 0)
    rank = ((rank % s->ranks) + s->ranks) % s->ranks;
  if (file < 0 || file >= s->files || rank < 0 || rank >= s->ranks) return -1;
  int to = level * plane + rank * s->files + file;
  if (s->hole && s->hole[to]) return -1;
  return to;
}

static bool walk_in_range(const Walk *w, uint16_t range, int square) {
  return range == MOVE_NONE || (range < w->v->range_count && w->v->ranges[range].member[square]);
}

static bool walk_on_path(const Walk *w, int square, int dx, int dy) {
  for (int i = 0; i < w->depth; i++)
    if (w->path_sq[i] == square && w->path_dx[i] == dx && w->path_dy[i] == dy) return true;
  return false;
}

/* The landing squares of one leg from `square`; returns how many (<= 64). */
static int walk_landings(const Walk *w, const MoveLeg *leg, int square, int out[64]) {
  int count = 0;
  if (!walk_in_range(w, leg->origin_range, square)) return 0;
  int max = leg->max_steps == LEG_STEPS_UNLIMITED ? w->squares : leg->max_steps;
  if (max > 64) max = 64;
  int at = square, last = -1;
  if (leg->dx == 0 && leg->dy == 0 && leg->dz == 0 && leg->dw == 0) max = 1;
  for (int s = 1; s <= max; s++) {
    at = walk_step(w, leg, at, leg->dx, leg->dy);
    if (at < 0) break;
    if (s >= leg->min_steps && walk_in_range(w, leg->landing_range, at)) {
      if (leg->flags & LEG_MAXIMAL)
        last = at;
      else if (count < 64)
        out[count++] = at;
    }
    if (at == square && s > 0 && (leg->dx || leg->dy || leg->dz || leg->dw))
      break; /* round a cylinder */
  }
  if (last >= 0 && (leg->flags & LEG_EDGE)) {
    const BoardShape *s = &w->v->shape;
    int file = last % s->files, rank = last % (s->files * s->ranks) / s->files;
    if (file != 0 && rank != 0 && file != s->files - 1 && rank != s->ranks - 1) last = -1;
  }
  if (last >= 0) out[count++] = last;
  return count;
}

static bool walk_can_take(Walk *w, const MoveLeg *leg, int square) {
  int land[64];
  w->budget--;
  int n = walk_landings(w, leg, square, land);
  for (int i = 0; i < n; i++)
    if ((leg->occupancy & OCC_EMPTY) && land[i] != w->from &&
        !walk_on_path(w, land[i], leg->dx, leg->dy))
      return true;
  return false;
}

static void walk_leg(Walk *w, int index, int square, int flags) {
  if (w->budget <= 0) return;
  const MoveLeg *leg = &w->prog->legs[index];
  size_t key = ((size_t)index * (size_t)w->squares + (size_t)square) * 4 + (size_t)(flags >> 2);
  if (w->depth >= WALK_MAX_DEPTH) {
    /* cut: harmless only if a shallower path explores this state */
    if (leg->flags & LEG_COMPULSORY)
      w->truncated = true;
    else if (!w->seen[key])
      w->cut[key >> 3] |= (uint8_t)(1u << (key & 7));
    return;
  }
  w->budget--;
  if (!(leg->flags & LEG_COMPULSORY)) {
    if (w->seen[key] && w->seen[key] <= w->depth + 1) return;
    w->seen[key] = (uint8_t)(w->depth + 1);
  }
  int land[64];
  int n = walk_landings(w, leg, square, land);
  for (int i = 0; i < n; i++) {
    int to = land[i];
    /* a path repeating (square, direction) is cut; the seen marks make that
     * needless for other legs, whose continuation does not depend on the path */
    if ((leg->flags & LEG_COMPULSORY) && walk_on_path(w, to, leg->dx, leg->dy)) continue;
    bool emptied = false; /* a piece captured earlier on this path stood here */
    for (int k = 0; k < w->captured_count; k++)
      if (w->captured[k] == to) emptied = true;
    if (emptied && !(leg->occupancy & OCC_EMPTY)) continue; /* no piece to take twice */
    bool empty = leg->occupancy & OCC_EMPTY;
    int here = flags;
    if (!empty) here |= leg->effect == EFFECT_VISIT ? WALK_HOP : WALK_AWAY;
    if (leg->flags & LEG_ENDS) {
      bool vetoed = false;
      for (int c = 0; c < leg->child_count && !vetoed; c++) {
        const MoveLeg *child = &w->prog->legs[w->prog->children[leg->first_child + c]];
        if ((child->flags & LEG_COMPULSORY) && walk_can_take(w, child, to)) vetoed = true;
      }
      if (!vetoed && leg->effect != EFFECT_VISIT) {
        uint8_t kind = 0;
        if (empty) kind |= WALK_MOVE;
        if (leg->occupancy & OCC_ENEMY)
          kind |= leg->effect == EFFECT_CAPTURE ? WALK_CAPTURE : WALK_SPECIAL;
        if (leg->occupancy & OCC_FRIEND) kind |= WALK_SPECIAL;
        if (flags & (WALK_HOP | WALK_AWAY)) kind = (uint8_t)(flags & (WALK_HOP | WALK_AWAY));
        /* the start square only where docs/mbn.md decision 11 allows */
        if (to != w->from || w->returns || !(leg->dx | leg->dy | leg->dz | leg->dw))
          w->reach[to] |= kind;
      }
    }
    if (!leg->child_count) continue;
    bool takes = !empty && leg->effect == EFFECT_CAPTURE;
    if (takes) w->captured[w->captured_count++] = to;
    w->path_sq[w->depth] = to;
    w->path_dx[w->depth] = leg->dx;
    w->path_dy[w->depth] = leg->dy;
    w->depth++;
    for (int c = 0; c < leg->child_count; c++) {
      int child = w->prog->children[leg->first_child + c];
      const MoveLeg *cl = &w->prog->legs[child];
      if ((cl->flags & LEG_COMPULSORY) && !walk_can_take(w, cl, to)) {
        /* a compulsory leg that lands only on the start square stops there */
        int l2[64];
        int m = walk_landings(w, cl, to, l2);
        bool all_start = m > 0;
        for (int k = 0; k < m; k++)
          if (l2[k] != w->from) all_start = false;
        if (all_start) continue;
      }
      walk_leg(w, child, to, here);
    }
    w->depth--;
    if (takes) w->captured_count--;
  }
}

int mbn_walk_empty(const Variant *variant, int type, Color color, int from, uint8_t *reach) {
  const BoardShape *s = &variant->shape;
  int squares = s->files * s->ranks * s->levels;
  memset(reach, 0, (size_t)squares);
  if (type < 0 || type >= variant->piece_count || from < 0 || from >= squares) return 0;
  Walk w;
  memset(&w, 0, sizeof w);
  w.v = variant;
  w.prog = &variant->pieces[type].moves[color];
  w.from = from;
  w.reach = reach;
  w.squares = squares;
  w.budget = MBN_WALK_BUDGET;
  size_t states = (size_t)w.prog->leg_count * (size_t)squares * 4;
  for (int i = 0; i < w.prog->leg_count; i++)
    if (w.prog->legs[i].child_count && w.prog->legs[i].occupancy & OCC_ENEMY &&
        w.prog->legs[i].effect == EFFECT_CAPTURE)
      w.returns = true;
  w.seen = calloc(states + 1, 1);
  w.cut = calloc(states / 8 + 1, 1);
  if (!w.seen || !w.cut) {
    free(w.seen);
    free(w.cut);
    return -1;
  }
  for (int r = 0; r < w.prog->root_count; r++) walk_leg(&w, r, from, 0);
  for (size_t key = 0; key < states && !w.truncated; key++)
    if (w.cut[key >> 3] >> (key & 7) & 1 && !w.seen[key]) w.truncated = true;
  free(w.seen);
  free(w.cut);
  if (w.budget <= 0 || w.truncated) return -1;
  int count = 0;
  for (int i = 0; i < squares; i++) count += reach[i] != 0;
  return count;
}
