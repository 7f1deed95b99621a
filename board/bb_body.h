/* bb_body.h — bitboard tables, generation and attack tests of one width
 * (internal template: bb64.c and bb128.c compile it after including
 * bb.h, see there).
 */
#include <stdlib.h>
#include <string.h>

#include "board/tables.h"

#include "board/bb_names.h"

/* A leg the bitboard code can handle: a single step or an unlimited ride,
 * with no flags beyond `allowed`, no ranges, chains or special effects. */
static bool leg_simple(const MoveLeg *leg, unsigned allowed) {
  return !(leg->flags & ~allowed) && leg->flags & LEG_ENDS && leg->effect == EFFECT_CAPTURE &&
         leg->between == BETWEEN_EMPTY && leg->min_steps == 1 &&
         (leg->max_steps == 1 || leg->max_steps == LEG_STEPS_UNLIMITED) && !leg->dz && !leg->dw &&
         leg->origin_range == MOVE_NONE && leg->landing_range == MOVE_NONE &&
         leg->victim_set == MOVE_NONE && !leg->ep_victims && !leg->child_count &&
         !(leg->occupancy & ~(OCC_EMPTY | OCC_ENEMY));
}

/* A single-step capture leg whose squares are limited by origin or
 * landing ranges (a palace, a side of the river): the attack masks take
 * it with its ranges, generation walks it (a special leg). */
static bool leg_ranged_leap(const MoveLeg *leg) {
  return leg->flags == LEG_ENDS && leg->effect == EFFECT_CAPTURE && leg->between == BETWEEN_EMPTY &&
         leg->min_steps == 1 && leg->max_steps == 1 && !leg->dz && !leg->dw &&
         (leg->dx | leg->dy) && leg->victim_set == MOVE_NONE && !leg->child_count &&
         !(leg->occupancy & ~(OCC_EMPTY | OCC_ENEMY));
}

/* The first step of a lame leap (W-fF, F-F[1-5]): one step onto an empty
 * square, then single-step leaps (ranged or not) that end the move. */
static bool leg_lame_root(const MoveProgram *prog, const MoveLeg *leg) {
  if (leg->min_steps != 1 || leg->max_steps != 1 || leg->occupancy != OCC_EMPTY ||
      leg->flags & ~LEG_ENDS || leg->between != BETWEEN_EMPTY || leg->dz || leg->dw ||
      !(leg->dx | leg->dy) || leg->victim_set != MOVE_NONE || !leg->child_count)
    return false;
  for (int k = 0; k < leg->child_count; k++)
    if (!leg_ranged_leap(&prog->legs[prog->children[leg->first_child + k]])) return false;
  return true;
}

/* The first slide of a hop (cpR): onto the first piece, whichever, then
 * on in the same direction as a plain slide that ends the move. */
static bool leg_hop_root(const MoveProgram *prog, const MoveLeg *leg) {
  if (leg->min_steps != 1 || leg->max_steps != LEG_STEPS_UNLIMITED ||
      leg->occupancy != (OCC_ENEMY | OCC_FRIEND) || leg->effect != EFFECT_VISIT || leg->flags ||
      leg->between != BETWEEN_EMPTY || leg->dz || leg->dw || leg->victim_set != MOVE_NONE ||
      leg->origin_range != MOVE_NONE || leg->landing_range != MOVE_NONE || !leg->child_count)
    return false;
  for (int k = 0; k < leg->child_count; k++) {
    const MoveLeg *child = &prog->legs[prog->children[leg->first_child + k]];
    if (child->dx != leg->dx || child->dy != leg->dy || !leg_simple(child, LEG_ENDS) ||
        child->max_steps != LEG_STEPS_UNLIMITED)
      return false;
  }
  return true;
}

/* Whether the attack tables take every capture of a program generation
 * walks (roots with children): each root is a plain leg, a ranged leap,
 * the first step of a lame leap or the first slide of a hop. */
static bool bb_walked_attack_ok(const MoveProgram *prog) {
  for (int i = 0; i < prog->root_count; i++) {
    const MoveLeg *leg = &prog->legs[i];
    if (!(leg->dx | leg->dy | leg->dz | leg->dw)) return false;
    if (leg->child_count) {
      if (!leg_lame_root(prog, leg) && !leg_hop_root(prog, leg)) return false;
    } else if (leg->occupancy & OCC_ENEMY && !leg_simple(leg, LEG_ENDS) && !leg_ranged_leap(leg)) {
      return false;
    }
  }
  return true;
}

/* Whether root `leg` can be generated in the walker's order (BBW(finish)):
 * a leap (ranges allowed), a plain slide, a lame leap or a hop. */
static bool leg_in_order(const MoveProgram *prog, const MoveLeg *leg) {
  if (leg->child_count) return leg_lame_root(prog, leg) || leg_hop_root(prog, leg);
  if (leg->max_steps == 1) return leg_ranged_leap(leg);
  return leg->max_steps == LEG_STEPS_UNLIMITED && leg_simple(leg, LEG_ENDS);
}

/* The direction index of (dx, dy) among the tables' rays, or -1. */
static int bb_dir_find(const BbTables *bb, int dx, int dy) {
  for (int d = 0; d < bb->dir_nb; d++)
    if (bb->dir_dx[d] == dx && bb->dir_dy[d] == dy) return d;
  return -1;
}

/* The direction index of (dx, dy), its rays added if it is new; -1 when
 * the directions are full. */
static int bb_dir_index(BbTables *bb, const Geometry *geo, int dx, int dy) {
  int d = bb_dir_find(bb, dx, dy);
  if (d >= 0) return d;
  if (bb->dir_nb >= BB_DIRS_MAX) return -1;
  d = bb->dir_nb++;
  bb->dir_dx[d] = (int8_t)dx;
  bb->dir_dy[d] = (int8_t)dy;
  bb->dir_up[d] = dy * geo->files + dx > 0;
  for (int sq = 0; sq < geo->sq_nb; sq++) {
    bb_t r = 0;
    for (Square s = geo_step(geo, sq, dx, dy, 0, false, false); s != SQ_NONE;
         s = geo_step(geo, s, dx, dy, 0, false, false))
      r |= BB_ONE << s;
    bb->ray[d][sq] = r;
  }
  return d;
}

/* Adds the captures of lame root `leg` of type t, colour c (index k) to
 * the lame tables; false if they are full or out of memory. */
static bool bb_lame_add(BbTables *bb, const Variant *v, const Geometry *geo,
                        const MoveProgram *prog, const MoveLeg *leg, int t, int c, size_t k) {
  if (!bb->lame_rev) {
    size_t n = (size_t)(v->piece_count > 0 ? v->piece_count : 1) * COLOR_NB;
    bb->lame_nb = calloc(n, sizeof *bb->lame_nb);
    bb->lame_delta = calloc(n, sizeof *bb->lame_delta);
    bb->lame_rev = calloc(n, sizeof *bb->lame_rev);
    if (!bb->lame_nb || !bb->lame_delta || !bb->lame_rev) return false;
  }
  if (bb->lame_nb[k] >= BB_LAME_MAX) return false;
  int g = bb->lame_nb[k]++;
  bb->lame_delta[k][g] = (int16_t)(leg->dy * geo->files + leg->dx);
  for (int sq = 0; sq < geo->sq_nb; sq++) {
    if (!bb_in_range(v, leg->origin_range, sq)) continue;
    Square via = geo_step(geo, sq, leg->dx, leg->dy, 0, false, false);
    if (via == SQ_NONE || !bb_in_range(v, leg->landing_range, via)) continue;
    for (int i = 0; i < leg->child_count; i++) {
      const MoveLeg *child = &prog->legs[prog->children[leg->first_child + i]];
      if (!(child->occupancy & OCC_ENEMY) || !bb_in_range(v, child->origin_range, via)) continue;
      Square to = geo_step(geo, via, child->dx, child->dy, 0, false, false);
      /* never back to its start (MBN section 2) */
      if (to == SQ_NONE || to == sq || !bb_in_range(v, child->landing_range, to)) continue;
      bb->lame_rev[k][g][to] |= BB_ONE << sq;
      bb->lame_types[c] |= (uint64_t)1 << t;
    }
  }
  return true;
}

/* Adds hop root `leg` of type t, colour c to the hop directions; false if
 * the directions are full. */
static bool bb_hop_add(BbTables *bb, const Geometry *geo, const MoveProgram *prog,
                       const MoveLeg *leg, int t, int c) {
  int d = bb_dir_index(bb, geo, leg->dx, leg->dy);
  int nd = bb_dir_index(bb, geo, -leg->dx, -leg->dy);
  if (d < 0 || nd < 0) return false;
  bb->dir_neg[d] = (uint8_t)nd;
  bb->dir_neg[nd] = (uint8_t)d;
  for (int i = 0; i < leg->child_count; i++)
    if (prog->legs[prog->children[leg->first_child + i]].occupancy & OCC_ENEMY) {
      bb->hop_dirs[c] |= (uint32_t)1 << d;
      bb->hop_types[c][d] |= (uint64_t)1 << t;
      bb->hop_piece_types[c] |= (uint64_t)1 << t;
    }
  return true;
}

/* A quiet exact double step over an empty square, ending the move (a
 * pawn's initial move: MBN's [1-2]mefW02, or imfW02), from the squares of
 * an origin range or any, with nothing else to ask of the squares: what
 * gen_piece plays without the leg walker. */
static bool bb_quiet_double_step(const MoveLeg *leg) {
  return leg->min_steps == 2 && leg->max_steps == 2 && leg->flags & LEG_ENDS &&
         !(leg->flags & ~(LEG_ENDS | LEG_EP_VICTIM | LEG_INITIAL)) && leg->occupancy == OCC_EMPTY &&
         leg->effect == EFFECT_CAPTURE && leg->between == BETWEEN_EMPTY && !leg->dz && !leg->dw &&
         leg->landing_range == MOVE_NONE && leg->victim_set == MOVE_NONE && !leg->child_count;
}

/* Fills the shift legs of type t, colour c; false if some leg is neither a
 * plain rider (counted per piece) nor expressible as a shift. */
static bool bb_shift_legs(BbTables *bb, const Variant *v, const Geometry *geo, int t, int c,
                          size_t k) {
  const MoveProgram *prog = &v->pieces[t].moves[c];
  const VariantRules *r = &v->rules;
  if (type_set_any(v->pieces[t].promotes_to) &&
      (r->promotion_optional || r->promotion_on_capture || r->promote_to_captured ||
       r->promotion_on_leave || r->promotion_on_move || r->promotion_forced_zone[c]))
    return false;
  for (int i = 0; i < prog->leg_count; i++) {
    const MoveLeg *leg = &prog->legs[i];
    if (leg->max_steps == LEG_STEPS_UNLIMITED && leg_simple(leg, LEG_ENDS)) {
      if (type_set_any(v->pieces[t].promotes_to)) return false;
      continue;
    }
    bool leap = leg->max_steps == 1 && leg_simple(leg, LEG_ENDS | LEG_EP_CAPTURE);
    bool twice = bb_quiet_double_step(leg);
    if (!leap && !twice) return false;
    if (twice && leg->flags & LEG_INITIAL && type_set_is_empty(v->pieces[t].promotes_to))
      return false;
    if (bb->shift_nb[k] >= BB_RIDERS_MAX) return false;
    BbShiftLeg *sl = &bb->shift[k][bb->shift_nb[k]++];
    sl->delta = (int8_t)(leg->dy * geo->files + leg->dx);
    sl->twice = twice;
    sl->initial = twice && leg->flags & LEG_INITIAL;
    sl->occupancy = leg->occupancy;
    sl->from_mask = 0;
    for (int sq = 0; sq < geo->sq_nb; sq++) {
      if (!bb_in_range(v, leg->origin_range, sq)) continue;
      Square to = geo_step(geo, sq, leg->dx, leg->dy, 0, false, false);
      if (to != SQ_NONE && twice) to = geo_step(geo, to, leg->dx, leg->dy, 0, false, false);
      if (to != SQ_NONE) sl->from_mask |= BB_ONE << sq;
    }
  }
  return true;
}

BbTables *BBW(new)(const Variant *v, const Geometry *geo) {
  if (geo->sq_nb > BB_BITS || geo->levels > 1 || geo->wrap_files || geo->wrap_ranks ||
      v->piece_count > BB_TYPES_MAX)
    return NULL;
  int tn = v->piece_count > 0 ? v->piece_count : 1;
  BbTables *bb = calloc(1, sizeof *bb);
  if (!bb) return NULL;
  size_t n = (size_t)tn * COLOR_NB;
  bb->gen_ok = calloc(n, sizeof *bb->gen_ok);
  bb->attack_ok = calloc(n, sizeof *bb->attack_ok);
  bb->leap_quiet = calloc(n, sizeof *bb->leap_quiet);
  bb->leap_capture = calloc(n, sizeof *bb->leap_capture);
  bb->rev_leap = calloc(n, sizeof *bb->rev_leap);
  bb->rider_nb = calloc(n, sizeof *bb->rider_nb);
  bb->riders = calloc(n, sizeof *bb->riders);
  bb->special_nb = calloc(n, sizeof *bb->special_nb);
  bb->special = calloc(n, sizeof *bb->special);
  bb->special_steps = calloc(n, sizeof *bb->special_steps);
  bb->ep_nb = calloc(n, sizeof *bb->ep_nb);
  bb->ep = calloc(n, sizeof *bb->ep);
  bb->shift_ok = calloc(n, sizeof *bb->shift_ok);
  bb->shift_nb = calloc(n, sizeof *bb->shift_nb);
  bb->shift = calloc(n, sizeof *bb->shift);
  bb->start_mask = calloc(n, sizeof *bb->start_mask);
  bb->slide_up_nb = calloc(n, sizeof *bb->slide_up_nb);
  bb->slide_down_nb = calloc(n, sizeof *bb->slide_down_nb);
  bb->slide_up = calloc(n, sizeof *bb->slide_up);
  bb->slide_down = calloc(n, sizeof *bb->slide_down);
  bb->slide_plain = calloc(n, sizeof *bb->slide_plain);
  bb->ep_rev = calloc(n, sizeof *bb->ep_rev);
  if (!bb->ep_rev || !bb->slide_up_nb || !bb->slide_down_nb || !bb->slide_up || !bb->slide_down ||
      !bb->slide_plain) {
    BBW(free)(bb);
    return NULL;
  }
  if (!bb->shift_ok || !bb->shift_nb || !bb->shift || !bb->start_mask || !bb->ep_nb || !bb->ep ||
      !bb->special_nb || !bb->special || !bb->special_steps || !bb->gen_ok || !bb->attack_ok ||
      !bb->leap_quiet || !bb->leap_capture || !bb->rev_leap || !bb->rider_nb || !bb->riders) {
    BBW(free)(bb);
    return NULL;
  }
  bb->all_attack_ok[WHITE] = bb->all_attack_ok[BLACK] = true;
  bb->all_attack_plain[WHITE] = bb->all_attack_plain[BLACK] = true;
  bb->board_mask = geo->sq_nb == BB_BITS ? BB_ALL : (BB_ONE << geo->sq_nb) - 1;
  for (int sq = 0; sq < geo->sq_nb; sq++)
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++) {
        Square to = geo_square(geo, geo->file_of[sq] + dx, geo->rank_of[sq] + dy, 0);
        if (to != SQ_NONE) bb->near[sq] |= BB_ONE << to;
      }
  for (int t = 0; t < v->piece_count; t++)
    for (int c = 0; c < COLOR_NB; c++) {
      const MoveProgram *prog = &v->pieces[t].moves[c];
      size_t k = (size_t)t * COLOR_NB + (size_t)c;
      /* roots only, and no root goes on ((dK)0 is all roots, linked) */
      bool gen = prog->leg_count == prog->root_count && !prog->child_link_count;
      for (int i = 0; i < prog->leg_count; i++)
        if (!(prog->legs[i].dx | prog->legs[i].dy | prog->legs[i].dz | prog->legs[i].dw))
          gen = false; /* O */
      bool attack = gen, plain = gen;
      bb->special_steps[k] = true;
      for (int i = 0; i < prog->leg_count; i++) {
        const MoveLeg *leg = &prog->legs[i];
        bool ep_leaper = leg->max_steps == 1 && leg_simple(leg, LEG_ENDS | LEG_EP_CAPTURE);
        if (!leg_simple(leg, LEG_ENDS) && !ep_leaper) {
          if (bb->special_nb[k] >= BB_RIDERS_MAX)
            gen = false;
          else
            bb->special[k][bb->special_nb[k]++] = (uint8_t)i;
          if (!bb_quiet_double_step(leg)) bb->special_steps[k] = false;
        }
        if (ep_leaper && leg->flags & LEG_EP_CAPTURE) {
          if (bb->ep_nb[k] >= BB_RIDERS_MAX)
            gen = false;
          else
            bb->ep[k][bb->ep_nb[k]++] = (uint8_t)i;
          for (int sq = 0; sq < geo->sq_nb; sq++) {
            Square to = geo_step(geo, sq, leg->dx, leg->dy, 0, false, false);
            if (to != SQ_NONE) bb->ep_rev[k][to] |= BB_ONE << sq;
          }
        }
        if (leg->occupancy & OCC_ENEMY &&
            !leg_simple(leg, LEG_ENDS | LEG_EP_CAPTURE | LEG_EP_VICTIM)) {
          plain = false;
          if (!leg_ranged_leap(leg)) attack = false;
        }
      }
      /* roots with children: attack-tested if lame leaps and hops cover them */
      if (!gen) attack = bb_walked_attack_ok(prog);
      if (!gen && !attack) {
        bb->all_attack_ok[c] = bb->all_attack_plain[c] = false;
        continue;
      }
      for (int i = 0; i < prog->root_count; i++) {
        const MoveLeg *leg = &prog->legs[i];
        if (leg->child_count) {
          if ((leg_lame_root(prog, leg) && bb_lame_add(bb, v, geo, prog, leg, t, c, k)) ||
              (leg_hop_root(prog, leg) && bb_hop_add(bb, geo, prog, leg, t, c)))
            continue;
          gen = attack = false;
          break;
        }
        if (leg_ranged_leap(leg) &&
            (leg->origin_range != MOVE_NONE || leg->landing_range != MOVE_NONE)) {
          for (int sq = 0; leg->occupancy & OCC_ENEMY && sq < geo->sq_nb; sq++) {
            if (!bb_in_range(v, leg->origin_range, sq)) continue;
            Square to = geo_step(geo, sq, leg->dx, leg->dy, 0, false, false);
            if (to != SQ_NONE && bb_in_range(v, leg->landing_range, to))
              bb->rev_leap[k][to] |= BB_ONE << sq;
          }
          continue;
        }
        /* masks take the legs generation can take whole; attack masks
         * also take e.p.-capable captures (e.p. never captures a royal) */
        bool for_gen = leg_simple(leg, LEG_ENDS) ||
                       (leg->max_steps == 1 && leg_simple(leg, LEG_ENDS | LEG_EP_CAPTURE));
        if (!leg_simple(leg, LEG_ENDS | LEG_EP_CAPTURE | LEG_EP_VICTIM)) continue;
        if (leg->max_steps == 1 && !for_gen) {
          for (int sq = 0; sq < geo->sq_nb; sq++) {
            Square to = geo_step(geo, sq, leg->dx, leg->dy, 0, false, false);
            if (to != SQ_NONE && leg->occupancy & OCC_ENEMY) bb->rev_leap[k][to] |= BB_ONE << sq;
          }
          continue;
        }
        if (leg->max_steps == 1) {
          for (int sq = 0; sq < geo->sq_nb; sq++) {
            Square to = geo_step(geo, sq, leg->dx, leg->dy, 0, false, false);
            if (to == SQ_NONE) continue;
            if (leg->occupancy & OCC_EMPTY) bb->leap_quiet[k][sq] |= BB_ONE << to;
            if (leg->occupancy & OCC_ENEMY) {
              bb->leap_capture[k][sq] |= BB_ONE << to;
              bb->rev_leap[k][to] |= BB_ONE << sq;
            }
          }
        } else {
          int d = bb_dir_index(bb, geo, leg->dx, leg->dy);
          int nd = bb_dir_index(bb, geo, -leg->dx, -leg->dy);
          if (d < 0 || nd < 0 || bb->rider_nb[k] >= BB_RIDERS_MAX) {
            gen = attack = false;
            break;
          }
          bb->dir_neg[d] = (uint8_t)nd;
          bb->dir_neg[nd] = (uint8_t)d;
          if (for_gen) {
            bb->riders[k][bb->rider_nb[k]].dir = (uint8_t)d;
            bb->riders[k][bb->rider_nb[k]].occupancy = leg->occupancy;
            bb->rider_nb[k]++;
          }
          if (leg->occupancy & OCC_ENEMY) {
            bb->rider_dirs[c] |= (uint32_t)1 << d;
            bb->rider_types[c][d] |= (uint64_t)1 << t;
            bb->rider_piece_types[c] |= (uint64_t)1 << t;
          }
        }
      }
      bb->gen_ok[k] = gen;
      bb->attack_ok[k] = attack;
      bb->slide_plain[k] = true;
      for (int i = 0; i < bb->rider_nb[k]; i++) {
        int d = bb->riders[k][i].dir;
        if (bb->dir_up[d])
          bb->slide_up[k][bb->slide_up_nb[k]++] = (uint8_t)d;
        else
          bb->slide_down[k][bb->slide_down_nb[k]++] = (uint8_t)d;
        bb->slide_plain[k] &= bb->riders[k][i].occupancy == (OCC_EMPTY | OCC_ENEMY);
      }
      for (int sq = 0; sq < geo->sq_nb; sq++)
        if (bb->rev_leap[k][sq]) bb->leap_types[c] |= (uint64_t)1 << t;
      bb->shift_ok[k] = gen && bb_shift_legs(bb, v, geo, t, c, k);
      if (!attack) bb->all_attack_ok[c] = false;
      if (!attack || !plain) bb->all_attack_plain[c] = false;
    }
  for (int c = 0; c < COLOR_NB; c++) bb->screened[c] = bb->lame_types[c] || bb->hop_piece_types[c];
  return bb;
}

/* gen_legs of type index k (colour c): see BbTables. */
static bool bb_gen_legs_ok(BbTables *bb, const BoardTables *t, const Variant *v, int type, int c,
                           size_t k) {
  const MoveProgram *prog = &v->pieces[type].moves[c];
  if (bb->gen_ok[k] || !t->direct[type][c] || t->memo[type][c] || t->compulsory[type][c] ||
      t->returns[type][c] || prog->root_count > BB_RIDERS_MAX)
    return false;
  for (int i = 0; i < prog->root_count; i++) {
    const MoveLeg *leg = &prog->legs[i];
    if (!leg_in_order(prog, leg)) return false;
    if (leg->max_steps != LEG_STEPS_UNLIMITED) continue;
    int d = bb_dir_find(bb, leg->dx, leg->dy);
    if (d < 0) return false;
    bb->legs_dir[k][i] = (uint8_t)d;
  }
  return true;
}

void BBW(finish)(BbTables *bb, const BoardTables *t, const Variant *v) {
  size_t n = (size_t)(t->type_nb > 0 ? t->type_nb : 1) * COLOR_NB;
  bb->gen_legs = calloc(n, sizeof *bb->gen_legs);
  bb->legs_dir = calloc(n, sizeof *bb->legs_dir);
  if (!bb->gen_legs || !bb->legs_dir) {
    free(bb->gen_legs); /* walked leg by leg, as without them */
    free(bb->legs_dir);
    bb->gen_legs = NULL;
    bb->legs_dir = NULL;
  }
  for (int type = 0; bb->gen_legs && type < t->type_nb; type++)
    for (int c = 0; c < COLOR_NB; c++) {
      size_t k = (size_t)type * COLOR_NB + (size_t)c;
      bb->gen_legs[k] = bb_gen_legs_ok(bb, t, v, type, c, k);
    }
  for (int c = 0; c < COLOR_NB; c++)
    for (int sq = 0; sq < t->geo.sq_nb; sq++)
      if (t->promo_zone[c][sq]) bb->promo_zone[c] |= BB_ONE << sq;
  /* the types the leaf counter takes whole: counted by shifts, not royal,
   * not confined */
  for (int c = 0; c < COLOR_NB; c++)
    for (int type = 0; type < t->type_nb; type++)
      if (bb->shift_ok[type * COLOR_NB + c] && !(bb_type_word(t->royal_mask[c]) >> type & 1) &&
          !v->rules.confine[c][type])
        bb->count_types[c] |= (uint64_t)1 << type;
}

void BBW(free)(BbTables *bb) {
  if (!bb) return;
  free(bb->gen_ok);
  free(bb->attack_ok);
  free(bb->leap_quiet);
  free(bb->leap_capture);
  free(bb->rev_leap);
  free(bb->rider_nb);
  free(bb->riders);
  free(bb->special_nb);
  free(bb->special);
  free(bb->special_steps);
  free(bb->ep_nb);
  free(bb->ep);
  free(bb->shift_ok);
  free(bb->shift_nb);
  free(bb->shift);
  free(bb->start_mask);
  free(bb->slide_up_nb);
  free(bb->slide_down_nb);
  free(bb->slide_up);
  free(bb->slide_down);
  free(bb->slide_plain);
  free(bb->ep_rev);
  free(bb->lame_nb);
  free(bb->lame_delta);
  free(bb->lame_rev);
  free(bb->gen_legs);
  free(bb->legs_dir);
  free(bb);
}

/* The squares the rider directions of type k (index t * 2 + c) reach from
 * sq, each kept where its occupancy (empty, enemy) allows: one loop for
 * BBW(targets) and BBW(rider_targets). */
static inline bb_t bb_rider_targets_on(const BbTables *bb, size_t k, int sq, bb_t occupied,
                                       bb_t empty, bb_t enemy) {
  bb_t targets = 0;
  for (int i = 0; i < bb->rider_nb[k]; i++) {
    const BbRider *r = &bb->riders[k][i];
    targets |= BBW(ride)(bb, r->dir, sq, occupied) & BBW(landing)(r->occupancy, empty, enemy);
  }
  return targets;
}

/* BBW(targets) of type k (index t * 2 + c) on sq, with the occupancy the
 * caller computed (once for all the pieces of a side in BBW(side_reach)). */
static inline bb_t bb_targets_on(const BbTables *bb, size_t k, int sq, bb_t occupied, bb_t empty,
                                 bb_t enemy) {
  return (bb->leap_quiet[k][sq] & empty) | (bb->leap_capture[k][sq] & enemy) |
         bb_rider_targets_on(bb, k, sq, occupied, empty, enemy);
}

bb_t BBW(targets)(const Position *pos, int sq, int type, Color c) {
  const BbTables *bb = BBT(pos->tables);
  size_t k = (size_t)type * COLOR_NB + (size_t)c;
  bb_t occupied = BBW(occupied)(pos);
  bb_t empty = ~occupied & bb->board_mask, enemy = BBP(pos).color[!c];
  return bb_targets_on(bb, k, sq, occupied, empty, enemy);
}

bb_t BBW(targets_within)(const Position *pos, int sq, int type, Color c, bb_t quiet_mask) {
  const BbTables *bb = BBT(pos->tables);
  size_t k = (size_t)type * COLOR_NB + (size_t)c;
  bb_t occupied = BBW(occupied)(pos);
  bb_t empty = ~occupied & bb->board_mask & quiet_mask, enemy = BBP(pos).color[!c];
  return bb_targets_on(bb, k, sq, occupied, empty, enemy);
}

int BBW(mobility)(const Position *pos, int sq, int type, Color c) {
  const BbTables *bb = BBT(pos->tables);
  if (!bb->gen_ok[(size_t)type * COLOR_NB + (size_t)c]) return -1;
  return BBW(popcount)(BBW(targets)(pos, sq, type, c));
}

/* How many of the enemy pieces on `victims` have a type in `types`. */
static inline int bb_threats(const Position *pos, bb_t victims, uint64_t types) {
  int n = 0;
  for (; types && victims; victims &= victims - 1)
    n += (int)(types >> piece_type(pos->board[BBW(lsb)(victims)]) & 1);
  return n;
}

/* The squares where colour c's pieces would be captured by the enemy's
 * pieces of the query's guard_types by their capture leaps. */
static inline bb_t bb_guarded(const Position *pos, const BbTables *bb, const ReachQuery *query,
                              Color c) {
  bb_t guarded = 0;
  /* by the guarding types' bitboards: the pieces of other types are not visited */
  for (uint64_t types = query->guard_types; types; types &= types - 1) {
    int type = __builtin_ctzll(types);
    const bb_t *captures = bb->leap_capture[(size_t)type * COLOR_NB + (size_t)!c];
    for (bb_t pcs = BBP(pos).type[type] & BBP(pos).color[!c]; pcs; pcs &= pcs - 1)
      guarded |= captures[BBW(lsb)(pcs)];
  }
  return guarded;
}

/* The PieceReach of a piece of the type whose targets are `targets` (for a
 * threats-only type its captures suffice); false when it is left out: a
 * threats-only piece that threatens nothing. */
static inline __attribute__((always_inline)) bool
bb_piece_reach(const Position *pos, const ReachQuery *query, int type, bb_t targets, bb_t enemy,
               bb_t zone, bb_t guarded, PieceReach *out) {
  if (query->threats_only >> type & 1) {
    int threats = bb_threats(pos, targets & enemy, query->threat_types[type]);
    if (!threats) return false;
    *out = (PieceReach){.type = (uint8_t)type, .threats = (int16_t)threats, .guarded = 0};
    return true;
  }
  /* Most pieces reach nothing in the zone: no count then. */
  bb_t near = targets & zone, unsafe = targets & guarded;
  out->type = (uint8_t)type;
  out->reach = (int16_t)BBW(popcount)(targets);
  out->zone = (int16_t)(near ? BBW(popcount)(near) : 0);
  out->threats = (int16_t)bb_threats(pos, targets & enemy, query->threat_types[type]);
  out->guarded = (int16_t)(unsafe ? BBW(popcount)(unsafe) : 0);
  return true;
}

int BBW(side_reach)(const Position *pos, Color c, const ReachQuery *query, PieceReach *out) {
  const BbTables *bb = BBT(pos->tables);
  bb_t occupied = BBW(occupied)(pos);
  bb_t empty = ~occupied & bb->board_mask, enemy = BBP(pos).color[!c];
  bb_t zone = query->zone_sq >= 0 ? bb->near[query->zone_sq] : 0;
  bb_t guarded = bb_guarded(pos, bb, query, c);
  int n = 0;
  for (int i = 0; i < pos->pcount[c]; i++) {
    int sq = pos->plist[c][i], type = piece_type(pos->board[sq]);
    size_t k = (size_t)type * COLOR_NB + (size_t)c;
    if (!(query->types >> type & 1) || !bb->gen_ok[k]) continue;
    /* Threats only: no empty squares, the targets are the enemies it
     * captures (a walk of its own: with no empty squares it folds). */
    bb_t targets = query->threats_only >> type & 1
                       ? bb_targets_on(bb, k, sq, occupied, 0, enemy)
                       : bb_targets_on(bb, k, sq, occupied, empty, enemy);
    n += bb_piece_reach(pos, query, type, targets, enemy, zone, guarded, &out[n]);
  }
  return n;
}

/* The pieces among `pcs` (all of type index k) whose lame leaps land on sq
 * with their leg squares empty. */
static inline bb_t bb_lame_from(const BbTables *bb, size_t k, int sq, bb_t pcs, bb_t occupied) {
  bb_t found = 0;
  for (int g = 0; g < bb->lame_nb[k]; g++) {
    bb_t from = bb->lame_rev[k][g][sq] & pcs;
    if (from) found |= from & ~BBW(shift)(occupied, -bb->lame_delta[k][g]);
  }
  return found;
}

/* The pieces among `hoppers` (colour by's) that capture on sq by hopping
 * over one screen: the second occupied square from sq along the line. */
static inline bb_t bb_hop_from(const Position *pos, const BbTables *bb, int sq, Color by,
                               bb_t hoppers, bb_t occupied) {
  bb_t found = 0;
  for (uint32_t dirs = bb->hop_dirs[by]; dirs; dirs &= dirs - 1) {
    int d = __builtin_ctz(dirs), nd = bb->dir_neg[d];
    if (!(bb->ray[nd][sq] & hoppers)) continue;
    int screen = BBW(first)(bb, nd, sq, occupied);
    if (screen < 0) continue;
    int b = BBW(first)(bb, nd, screen, occupied);
    if (b >= 0 && hoppers >> b & 1 && bb->hop_types[by][d] >> piece_type(pos->board[b]) & 1)
      found |= BB_ONE << b;
  }
  return found;
}

/* The pieces of colour `by` among `mine` that attack sq by lame leaps or
 * hops (any: stops at the first found). */
static inline bb_t bb_screened_from(const Position *pos, const BbTables *bb, int sq, Color by,
                                    bb_t mine, bb_t occupied, bool any) {
  bb_t found = 0;
  for (uint64_t types = bb->lame_types[by]; types; types &= types - 1) {
    int t = __builtin_ctzll(types);
    bb_t pcs = BBP(pos).type[t] & mine;
    if (pcs) found |= bb_lame_from(bb, (size_t)t * COLOR_NB + (size_t)by, sq, pcs, occupied);
    if (found && any) return found;
  }
  bb_t hoppers = BBW(pieces_of)(pos, by, bb->hop_piece_types[by]) & mine;
  if (hoppers) found |= bb_hop_from(pos, bb, sq, by, hoppers, occupied);
  return found;
}

/* The squares from which a piece of type t and colour c attacks sq: the
 * leaps that capture, reversed; lame leaps whose leg square is empty; for
 * hops, the squares beyond the first piece on each hopping line back from
 * sq, up to the next; and each riding direction's ray back from sq up to its
 * first blocker. */
static inline bb_t bb_checking_squares(const BbTables *bb, int type, Color c, int sq,
                                       bb_t occupied) {
  size_t k = (size_t)type * COLOR_NB + (size_t)c;
  bb_t found = bb->leap_types[c] >> type & 1 ? bb->rev_leap[k][sq] : 0;
  if (bb->lame_types[c] >> type & 1) found |= bb_lame_from(bb, k, sq, bb->board_mask, occupied);
  if (bb->hop_piece_types[c] >> type & 1)
    for (uint32_t dirs = bb->hop_dirs[c]; dirs; dirs &= dirs - 1) {
      int d = __builtin_ctz(dirs), nd = bb->dir_neg[d];
      if (!(bb->hop_types[c][d] >> type & 1)) continue;
      int screen = BBW(first)(bb, nd, sq, occupied);
      if (screen >= 0) found |= BBW(ride)(bb, nd, screen, occupied);
    }
  if (!(bb->rider_piece_types[c] >> type & 1)) return found;
  for (uint32_t dirs = bb->rider_dirs[c]; dirs; dirs &= dirs - 1) {
    int d = __builtin_ctz(dirs);
    if (bb->rider_types[c][d] >> type & 1) found |= BBW(ride)(bb, bb->dir_neg[d], sq, occupied);
  }
  return found;
}

/* The squares among `squares` (none of colour c's) that colour c's pieces
 * of the type reach by lame leaps (empty or enemy squares) or by hops
 * (enemy squares): for types the masks do not generate. */
static inline bb_t bb_screened_moves(const Position *pos, const BbTables *bb, int type, Color c,
                                     bb_t squares, bb_t occupied) {
  size_t k = (size_t)type * COLOR_NB + (size_t)c;
  if (!((bb->lame_types[c] | bb->hop_piece_types[c]) >> type & 1)) return 0;
  bb_t pcs = BBP(pos).type[type] & BBP(pos).color[c], found = 0;
  for (; squares; squares &= squares - 1) {
    int q = BBW(lsb)(squares);
    /* onto a piece: the attack test's lame leaps and hops; onto an empty
     * square: lame leaps only (a hop must capture) */
    if (occupied >> q & 1 ? bb_screened_from(pos, bb, q, c, pcs, occupied, true) != 0
                          : bb->lame_types[c] >> type & 1 && bb_lame_from(bb, k, q, pcs, occupied))
      found |= BB_ONE << q;
  }
  return found;
}

/* pos_royal_checks's test square by square, by the board's attack test:
 * whether one of the squares colour c moves (`moved`) or drops (`dropped`)
 * a checking piece to is guarded by no enemy piece, or by enemy royals
 * alone while c backs it up (twice for a moved piece, counting itself;
 * once for a dropped one). */
static bool bb_check_safe_exact(const Position *pos, Color c, bb_t moved, bb_t dropped,
                                bb_t occupied) {
  const BoardTables *t = pos->tables;
  bb_t present = BBP(pos).color[WHITE] | BBP(pos).color[BLACK];
  bb_t royals = BBW(pieces_of)(pos, (Color)!c, bb_type_word(t->royal_mask[!c]));
  for (bb_t b = moved | dropped; b; b &= b - 1) {
    int q = BBW(lsb)(b);
    bb_t guards = BBW(attackers)(pos, q, (Color)!c, occupied, present);
    if (!guards) return true;
    if (guards & ~royals) continue;
    bb_t backers = BBW(attackers)(pos, q, c, occupied, present);
    if ((dropped >> q & 1 && backers) || (moved >> q & 1 && BBW(popcount)(backers) >= 2))
      return true;
  }
  return false;
}

/* The empty squares among `squares` where colour c may drop a piece of the
 * type: where it has a move and inside the drop zone (the placement rules
 * of gen_drops beyond those are left out: an estimate for the evaluation). */
static inline bb_t bb_drop_squares(const Position *pos, int type, Color c, bb_t squares) {
  const uint8_t *mobile = pos->tables->mobile[type][c];
  const uint8_t *zone = pos->variant->rules.drop_zone[c][type];
  bb_t found = 0;
  for (; squares; squares &= squares - 1) {
    int sq = BBW(lsb)(squares);
    if (mobile[sq] && (!zone || zone[sq])) found |= BB_ONE << sq;
  }
  return found;
}

/* What one walk over every piece of both colours learns of their attacks:
 * per colour the squares its pieces attack (capture on, or guard) by leaps
 * and rides, those attacked twice, and those attacked by pieces other than
 * royals; per type, the squares its pieces move to by the masks' leaps and
 * rides (walked: types generated by the leg walker, whose lame leaps and
 * hops are looked up per square by BBW(royal_checks_count)). */
typedef struct {
  bb_t attacked[COLOR_NB], twice[COLOR_NB], by_pieces[COLOR_NB];
  bb_t reach[COLOR_NB][BB_TYPES_MAX];
  uint64_t reached[COLOR_NB], walked[COLOR_NB];
} BBW(Attacks);

/* The walk (inlined: without a query, its reach part folds away). With a query, it also writes
 * BBW(side_reach)'s PieceReach of each colour into reach_out[c] (count in reach_count[c]), each
 * colour's zone around the enemy's royal_sq: the targets computed once serve both. */
static inline __attribute__((always_inline)) void
BBW(attacks_walk)(const Position *pos, const int royal_sq[COLOR_NB], const ReachQuery *query,
                  BBW(Attacks) * w, PieceReach *reach_out[COLOR_NB], int reach_count[COLOR_NB]) {
  const BbTables *bb = BBT(pos->tables);
  const BoardTables *t = pos->tables;
  bb_t occupied = BBW(occupied)(pos), empty = ~occupied & bb->board_mask;
  for (int c = 0; c < COLOR_NB; c++) {
    bb_t attacked = 0, twice = 0, by_pieces = 0;
    uint64_t reached = 0, walked = 0;
    bb_t own = BBP(pos).color[c], enemy = BBP(pos).color[!c];
    bb_t zone = query && royal_sq[!c] >= 0 ? bb->near[royal_sq[!c]] : 0;
    bb_t guarded = query ? bb_guarded(pos, bb, query, (Color)c) : 0;
    int n = 0;
    for (int i = 0; i < pos->pcount[c]; i++) {
      int sq = pos->plist[c][i], type = piece_type(pos->board[sq]);
      size_t k = (size_t)type * COLOR_NB + (size_t)c;
      /* what it attacks: its capture targets as if every square held an enemy */
      bb_t hits = bb_targets_on(bb, k, sq, occupied, 0, bb->board_mask);
      twice |= attacked & hits;
      attacked |= hits;
      bool royal = t->royal_of[c][type];
      bool asked = query && query->types >> type & 1 && bb->gen_ok[k];
      if (royal && !asked) continue;
      /* Where the piece moves as it captures (plain leaps and slides), its
       * targets are what it attacks minus its own side: no second walk. */
      bool plain =
          bb->gen_ok[k] && bb->slide_plain[k] && bb->leap_quiet[k][sq] == bb->leap_capture[k][sq];
      bb_t targets = plain ? hits & ~own : bb_targets_on(bb, k, sq, occupied, empty, enemy);
      if (!royal) {
        by_pieces |= hits;
        if (!(reached >> type & 1)) w->reach[c][type] = 0, reached |= (uint64_t)1 << type;
        if (!bb->gen_ok[k]) walked |= (uint64_t)1 << type;
        w->reach[c][type] |= targets;
      }
      /* BBW(side_reach)'s counts, from the same targets (a threats-only
       * type's captures are targets & enemy) */
      if (asked)
        n += bb_piece_reach(pos, query, type, targets, enemy, zone, guarded, &reach_out[c][n]);
    }
    w->attacked[c] = attacked, w->twice[c] = twice, w->by_pieces[c] = by_pieces;
    w->reached[c] = reached, w->walked[c] = walked;
    if (query) reach_count[c] = n;
  }
}

/* pos_royal_checks's count, from the walk. */
static inline __attribute__((always_inline)) void
BBW(royal_checks_count)(const Position *pos, const int royal_sq[COLOR_NB], const BBW(Attacks) * w,
                        RoyalChecks *out) {
  const BbTables *bb = BBT(pos->tables);
  const BoardTables *t = pos->tables;
  bb_t occupied = BBW(occupied)(pos), empty = ~occupied & bb->board_mask;
  const bb_t *attacked = w->attacked, *twice = w->twice, *by_pieces = w->by_pieces;
  const uint64_t *reached = w->reached, *walked = w->walked;
  const Variant *v = pos->variant;
  int types = v->piece_count < BB_TYPES_MAX ? v->piece_count : BB_TYPES_MAX;
  for (int c = 0; c < COLOR_NB; c++) {
    out->safe[c] = out->unsafe[c] = 0;
    int target = royal_sq[!c];
    if (target < 0) continue;
    uint64_t candidates = reached[c], in_hand = 0;
    for (int type = 0; v->rules.drops && type < types; type++)
      if (pos->hand[c][type]) in_hand |= (uint64_t)1 << type;
    candidates |= in_hand;
    /* A square the enemy does not hold, or holds with its royal alone
     * while we back it up (a moved piece needs another piece of ours on
     * it, a dropped one any). */
    bb_t unguarded = ~attacked[!c], royal_only = attacked[!c] & ~by_pieces[!c];
    /* The unions above hold plain leaps and rides only: where either side
     * attacks otherwise too (ranged leaps, lame leaps, hops), each checking
     * square is asked instead. */
    bool exact = !bb->all_attack_plain[c] || !bb->all_attack_plain[!c];
    for (; candidates; candidates &= candidates - 1) {
      int type = __builtin_ctzll(candidates);
      if (t->royal_of[c][type]) continue;
      bb_t lines = bb_checking_squares(bb, type, (Color)c, target, occupied) & ~BBP(pos).color[c];
      if (!lines) continue;
      bb_t moved = reached[c] >> type & 1 ? w->reach[c][type] & lines : 0;
      if (walked[c] >> type & 1)
        moved |= bb_screened_moves(pos, bb, type, (Color)c, lines & ~moved, occupied);
      bb_t dropped = in_hand >> type & 1 ? bb_drop_squares(pos, type, (Color)c, lines & empty) : 0;
      if (!(moved | dropped)) continue;
      bool safe = exact ? bb_check_safe_exact(pos, (Color)c, moved, dropped, occupied)
                        : (moved & (unguarded | (royal_only & twice[c]))) ||
                              (dropped & (unguarded | (royal_only & attacked[c])));
      if (safe)
        out->safe[c]++;
      else
        out->unsafe[c]++;
    }
  }
}

void BBW(royal_checks)(const Position *pos, const int royal_sq[COLOR_NB], RoyalChecks *out) {
  BBW(Attacks) w;
  BBW(attacks_walk)(pos, royal_sq, NULL, &w, NULL, NULL);
  BBW(royal_checks_count)(pos, royal_sq, &w, out);
}

void BBW(reach_and_checks)(const Position *pos, const ReachQuery *query,
                           const int royal_sq[COLOR_NB], PieceReach *reach_out[COLOR_NB],
                           int reach_count[COLOR_NB], RoyalChecks *checks, int hanging[COLOR_NB]) {
  BBW(Attacks) w;
  BBW(attacks_walk)(pos, royal_sq, query, &w, reach_out, reach_count);
  if (checks) BBW(royal_checks_count)(pos, royal_sq, &w, checks);
  for (int c = 0; hanging && c < COLOR_NB; c++) {
    bb_t victims = BBP(pos).color[!c] & w.attacked[c] & ~w.attacked[!c];
    hanging[c] = bb_threats(pos, victims, query->hanging_types);
  }
}

/* The pieces of `blocker_side` standing alone between one of the royals and
 * a rider of `rider_side` that moves along that line: pinned pieces when the
 * riders are the enemy's, pieces that uncover a check when they are ours. */
static bb_t BBW(line_blockers)(const Position *pos, Color rider_side, Color blocker_side,
                               bb_t royals) {
  const BbTables *bb = BBT(pos->tables);
  bb_t occupied = BBW(occupied)(pos);
  bb_t mine = BBP(pos).color[blocker_side], found = 0;
  bb_t riders = BBW(pieces_of)(pos, rider_side, bb->rider_piece_types[rider_side]);
  if (!riders) return 0;
  for (; royals; royals &= royals - 1) {
    int ksq = BBW(lsb)(royals);
    uint32_t dirs = bb->rider_dirs[rider_side];
    while (dirs) {
      int d = __builtin_ctz(dirs);
      dirs &= dirs - 1;
      int nd = bb->dir_neg[d];
      /* no rider on the line at all: nothing to pin or uncover */
      if (!(bb->ray[nd][ksq] & riders)) continue;
      int b1 = BBW(first)(bb, nd, ksq, occupied);
      if (b1 < 0 || !(mine >> b1 & 1)) continue;
      int b2 = BBW(first)(bb, nd, b1, occupied);
      if (b2 >= 0 && riders >> b2 & 1 &&
          bb->rider_types[rider_side][d] >> piece_type(pos->board[b2]) & 1)
        found |= BB_ONE << b1;
    }
  }
  return found;
}

bb_t BBW(pinned)(const Position *pos, bb_t royals) {
  return BBW(line_blockers)(pos, (Color)!pos->side, pos->side, royals);
}

bb_t BBW(discoverers)(const Position *pos, Color by, bb_t royals) {
  const BbTables *bb = BBT(pos->tables);
  bb_t found = BBW(line_blockers)(pos, by, by, royals);
  if (!bb->screened[by]) return found;
  /* Lame leaps: the leg squares of those that would reach a royal. Hops:
   * every square of a royal's line holding a hopper of ours, since a piece
   * moving from or to it may take away or add a screen. */
  for (; royals; royals &= royals - 1) {
    int sq = BBW(lsb)(royals);
    for (uint64_t types = bb->lame_types[by]; types; types &= types - 1) {
      int t = __builtin_ctzll(types);
      size_t k = (size_t)t * COLOR_NB + (size_t)by;
      bb_t pcs = BBP(pos).type[t] & BBP(pos).color[by];
      for (int g = 0; pcs && g < bb->lame_nb[k]; g++)
        found |= BBW(shift)(bb->lame_rev[k][g][sq] & pcs, bb->lame_delta[k][g]);
    }
    for (uint32_t dirs = bb->hop_dirs[by]; dirs; dirs &= dirs - 1) {
      int d = __builtin_ctz(dirs);
      bb_t line = bb->ray[bb->dir_neg[d]][sq];
      if (line & BBW(pieces_of)(pos, by, bb->hop_types[by][d])) found |= line;
    }
  }
  return found;
}

bool BBW(piece_attacks)(const Position *pos, int sq, int type, Color c, int target, bb_t occupied) {
  const BbTables *bb = BBT(pos->tables);
  size_t k = (size_t)type * COLOR_NB + (size_t)c;
  if (bb->leap_types[c] >> type & 1 && bb->rev_leap[k][target] >> sq & 1) return true;
  if (bb->lame_types[c] >> type & 1 && bb_lame_from(bb, k, target, BB_ONE << sq, occupied))
    return true;
  for (uint32_t dirs = bb->hop_piece_types[c] >> type & 1 ? bb->hop_dirs[c] : 0; dirs;
       dirs &= dirs - 1) {
    int d = __builtin_ctz(dirs), nd = bb->dir_neg[d];
    if (!(bb->hop_types[c][d] >> type & 1) || !(bb->ray[nd][target] >> sq & 1)) continue;
    int screen = BBW(first)(bb, nd, target, occupied);
    if (screen >= 0 && screen != sq && BBW(first)(bb, nd, screen, occupied) == sq) return true;
  }
  if (!(bb->rider_piece_types[c] >> type & 1)) return false;
  uint32_t dirs = bb->rider_dirs[c];
  while (dirs) {
    int d = __builtin_ctz(dirs);
    dirs &= dirs - 1;
    if (!(bb->rider_types[c][d] >> type & 1)) continue;
    int nd = bb->dir_neg[d];
    if (bb->ray[nd][target] >> sq & 1 && BBW(first)(bb, nd, target, occupied) == sq) return true;
  }
  return false;
}

bb_t BBW(rider_targets)(const Position *pos, int sq, int type, Color c) {
  const BbTables *bb = BBT(pos->tables);
  size_t k = (size_t)type * COLOR_NB + (size_t)c;
  bb_t occupied = BBW(occupied)(pos);
  bb_t empty = ~occupied & bb->board_mask, enemy = BBP(pos).color[!c];
  return bb_rider_targets_on(bb, k, sq, occupied, empty, enemy);
}

bool BBW(attacked)(const Position *pos, int sq, Color by, bb_t occupied) {
  return BBW(attacked_without)(pos, sq, by, occupied, 0);
}

/* The pieces of colour `by` among `mine` (by's pieces, all or some) that
 * attack sq on the given occupancy; with `any`, stops at the first found.
 * Inlined into its two callers with `any` a constant, so the yes/no test
 * keeps its early returns. */
static inline __attribute__((always_inline)) bb_t
bb_attackers_from(const Position *pos, int sq, Color by, bb_t occupied, bb_t mine, bool any) {
  const BbTables *bb = BBT(pos->tables);
  bb_t found = 0;
  for (uint64_t types = bb->leap_types[by]; types; types &= types - 1) {
    int t = __builtin_ctzll(types);
    bb_t from = bb->rev_leap[(size_t)t * COLOR_NB + (size_t)by][sq] & BBP(pos).type[t] & mine;
    if (any && from) return from;
    found |= from;
  }
  if (bb->screened[by]) {
    bb_t from = bb_screened_from(pos, bb, sq, by, mine, occupied, any);
    if (any && from) return from;
    found |= from;
  }
  bb_t riders = BBW(pieces_of)(pos, by, bb->rider_piece_types[by]) & mine;
  if (!riders) return found;
  uint32_t dirs = bb->rider_dirs[by];
  while (dirs) {
    int d = __builtin_ctz(dirs);
    dirs &= dirs - 1;
    int nd = bb->dir_neg[d];
    if (!(bb->ray[nd][sq] & riders)) continue;
    int b = BBW(first)(bb, nd, sq, occupied);
    if (b >= 0 && riders >> b & 1 && bb->rider_types[by][d] >> piece_type(pos->board[b]) & 1) {
      if (any) return BB_ONE << b;
      found |= BB_ONE << b;
    }
  }
  return found;
}

bool BBW(attacked_without)(const Position *pos, int sq, Color by, bb_t occupied, bb_t gone) {
  return bb_attackers_from(pos, sq, by, occupied, BBP(pos).color[by] & ~gone, true) != 0;
}

bb_t BBW(attackers)(const Position *pos, int sq, Color by, bb_t occupied, bb_t present) {
  return bb_attackers_from(pos, sq, by, occupied, BBP(pos).color[by] & present, false);
}

/* The exchange on m's destination as movepick.c's played one goes, each
 * side taking back with its least valuable capturer (ties: the lowest
 * square, which is the lowest move encoding there), on bitboards: pieces
 * that left are taken out of the occupancy, so the riders behind them join
 * in. Gives up (-1) where a step could be more than "the piece there is
 * lost": a capturer that may promote or is confined there, or a royal (whose
 * capture must be legal). */
int BBW(exchange)(const Position *pos, Move m, const ExchangeValues *values, int gain,
                  int threshold) {
  const BbTables *bb = BBT(pos->tables);
  const BoardTables *t = pos->tables;
  const VariantRules *r = &pos->variant->rules;
  if (!bb->all_attack_ok[WHITE] || !bb->all_attack_ok[BLACK]) return -1;
  int from = move_from(m), target = move_to(m);
  int promo = move_piece_arg(m);
  int on_target = promo >= 0 ? promo : piece_type(pos->board[from]);
  bb_t moved = BB_ONE << from | BB_ONE << target;
  bb_t occupied = BBW(occupied)(pos) & ~(BB_ONE << from);
  bb_t present = (BBP(pos).color[WHITE] | BBP(pos).color[BLACK]) & ~moved;
  Color side = (Color)!pos->side;
  int balance = gain; /* what the first mover is up after the last step */
  for (int n = 1; n < values->plies_max; n++) {
    /* The side to choose stops where going on cannot change the answer. */
    if ((n - 1) % 2 == 0 && balance < threshold) break;
    if ((n - 1) % 2 == 1 && balance >= threshold) break;
    bb_t takers = BBW(attackers)(pos, target, side, occupied, present);
    if (!takers) break;
    int best = -1, best_value = 0;
    for (bb_t b = takers; b; b &= b - 1) {
      int sq = BBW(lsb)(b);
      int value = values->value[piece_type(pos->board[sq])];
      if (best < 0 || value < best_value) best = sq, best_value = value;
    }
    /* The played exchange prefers, among the cheapest, one that promotes:
     * every one of them must be a plain capture here. */
    for (bb_t b = takers; b; b &= b - 1) {
      int sq = BBW(lsb)(b), kind = piece_type(pos->board[sq]);
      if (values->value[kind] != best_value) continue;
      if (values->royal[kind] || t->royal_either[kind]) return -1;
      if (!t->direct[kind][side] &&
          (r->confine[side][kind] || t->promo_zone[side][target] ||
           ((r->promotion_on_leave || r->promotion_on_move) && t->promo_zone[side][sq])))
        return -1;
    }
    int type = piece_type(pos->board[best]);
    int taken = values->value[on_target];
    balance = n % 2 ? balance - taken : balance + taken;
    on_target = type;
    occupied &= ~(BB_ONE << best);
    present &= ~(BB_ONE << best);
    side = (Color)!side;
  }
  return balance >= threshold;
}

bool BBW(gives_check)(const Position *pos, int from, int to, int type, bb_t disc,
                      const Square *royal, int royal_nb) {
  Color us = pos->side;
  bb_t occupied = BBW(occupied)(pos) | BB_ONE << to;
  /* with lame leaps or hops, a move to a square of `disc` may add a
   * screen as well (BBW(discoverers)) */
  bool discovers =
      (from >= 0 && disc >> from & 1) || (BBT(pos->tables)->screened[us] && disc >> to & 1);
  bb_t gone = from >= 0 ? BB_ONE << from : 0;
  occupied &= ~gone;
  for (int k = 0; k < royal_nb; k++) {
    if (BBW(piece_attacks)(pos, to, type, us, royal[k], occupied)) return true;
    if (discovers && BBW(attacked_without)(pos, royal[k], us, occupied, gone)) return true;
  }
  return false;
}

/* Whether squares lo..hi of the row starting at `row` are empty but for
 * the castling royal and partner: one mask test. */
bool BBW(castling_path_clear)(const Position *pos, int row, int lo, int hi, int royal,
                              int partner) {
  bb_t span = (BB_ALL >> (BB_BITS - 1 - (hi - lo))) << (row + lo);
  return !(BBW(occupied)(pos) & span & ~(BB_ONE << royal) & ~(BB_ONE << partner));
}
