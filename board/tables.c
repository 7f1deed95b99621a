/* tables.c — builds BoardTables from a compiled Variant.
 *
 * Zobrist numbers are computed by a hash of (what, where) instead of stored
 * in tables: boards up to 4096 squares with 64 piece types would need
 * megabytes of random numbers, and a few multiplies per change cost less
 * than the cache misses of such tables.
 */
#include "board/tables.h"

#include "board/bb.h"
#include "board/rules.h"
#include "board/rules_royalty.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t mix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

bool board_type_forward_only(const Variant *variant, int type) {
  const PieceType *piece = &variant->pieces[type];
  if (piece->royal || (type_set_has(&variant->rules.royal_types, type))) return false;
  const MoveProgram *program = &piece->moves[WHITE];
  if (program->root_count == 0) return false;
  for (int r = 0; r < program->root_count; r++) {
    const MoveLeg *leg = &program->legs[r];
    if (leg->dy <= 0 || leg->max_steps > 2) return false;
  }
  return true;
}

/* The structure keys' own mix (SplitMix64's finaliser), kept apart from the
 * Zobrist numbers: the correction history's table is indexed by these keys,
 * and its learned values depend on exactly this hash. */
static uint64_t structure_mix(uint64_t x) {
  x = (x + 1) * 0x9E3779B97F4A7C15ull;
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  return x ^ x >> 29;
}

/* Types 0..63 keep the numbers they had when 64 was the limit (color * 64 +
 * type), so the keys, and the search's correction history, of those variants
 * are unchanged; each further block of 64 types comes after both colours. */
static uint64_t structure_piece(int color, int type) {
  return (uint64_t)((type >> 6) * 128 + color * 64 + (type & 63)) << 16;
}

uint64_t structure_key_pawn(int color, int type, int sq) {
  return structure_mix(structure_piece(color, type) | (uint64_t)sq);
}

uint64_t structure_key_material(int color, int type) {
  return structure_mix(structure_piece(color, type) | 0xFFFF);
}

uint64_t zobrist_piece(int color, int type, int sq) {
  return mix64(((uint64_t)1 << 60) | (uint64_t)color << 40 | (uint64_t)type << 20 | (uint64_t)sq);
}
uint64_t zobrist_hand(int color, int type, int count) {
  return mix64(((uint64_t)2 << 60) | (uint64_t)color << 40 | (uint64_t)type << 20 |
               (uint64_t)count);
}
uint64_t zobrist_castle(int sq) {
  return mix64(((uint64_t)3 << 60) | (uint64_t)sq);
}
uint64_t zobrist_ep(int sq) {
  return mix64(((uint64_t)4 << 60) | (uint64_t)sq);
}
uint64_t zobrist_checks(int color, int count) {
  return mix64(((uint64_t)5 << 60) | (uint64_t)color << 40 | (uint64_t)count);
}
uint64_t zobrist_wall(int sq) {
  return mix64(((uint64_t)6 << 60) | (uint64_t)sq);
}

/* What a walk marks: where captures land (reach), or where moves end on an
 * empty board (back_reach): quiet ones needing no first move, or all; or,
 * as the occupancy bits (enemy, friend) they may end on, where moves end by
 * capturing or by swapping (swap_and_capture_collide). */
typedef enum {
  REACH_CAPTURES,
  REACH_QUIET,
  REACH_ENDS,
  REACH_CAPTURE_ENDS,
  REACH_SWAP_ENDS
} ReachMode;

/* Marks in reach every offset (dx, dy) at which a piece could capture by
 * some path of legs on an empty, unbounded board, ignoring ranges and
 * occupancy: a superset of its real captures, so a zero means "cannot
 * attack from there". Paths are enumerated from offset (ox, oy) up to a
 * budget; false if the program is too large, wraps or uses levels (then
 * attack tests walk every piece). */
typedef struct {
  const Geometry *geo;
  const MoveProgram *prog;
  uint8_t *reach;
  uint8_t *ends;  /* occupancy bits of moves ending at each offset so far */
  bool collision; /* two paths may end on one square with one occupancy */
  ReachMode mode;
  long budget;
} ReachWalk;

static bool reach_leg(ReachWalk *rw, int li, int ox, int oy, int depth) {
  const MoveLeg *leg = &rw->prog->legs[li];
  const Geometry *geo = rw->geo;
  if (leg->dz || leg->dw || leg->flags & (LEG_WRAP_FILES | LEG_WRAP_RANKS) || depth > 6)
    return false;
  /* on an empty board a quiet path lands on empty squares only */
  if (rw->mode == REACH_QUIET && (leg->flags & LEG_INITIAL || !(leg->occupancy & OCC_EMPTY)))
    return true;
  int max = leg->max_steps == LEG_STEPS_UNLIMITED ? 64 : leg->max_steps;
  bool marks = rw->mode != REACH_CAPTURES
                   ? leg->flags & LEG_ENDS
                   : leg->occupancy & (OCC_ENEMY | OCC_FRIEND) && leg->effect == EFFECT_CAPTURE;
  uint8_t mark = 1;
  if (rw->mode == REACH_CAPTURE_ENDS || rw->mode == REACH_SWAP_ENDS) {
    LegEffect want = rw->mode == REACH_SWAP_ENDS ? EFFECT_SWAP : EFFECT_CAPTURE;
    mark = leg->occupancy & (OCC_ENEMY | OCC_FRIEND);
    marks = leg->flags & LEG_ENDS && leg->effect == want && mark;
  }
  for (int k = 1; k <= max; k++) {
    if (--rw->budget < 0) return false;
    int dx = ox + leg->dx * k, dy = oy + leg->dy * k;
    if (dx <= -geo->files || dx >= geo->files || dy <= -geo->ranks || dy >= geo->ranks) break;
    if (!leg->dx && !leg->dy) break;
    if (k < leg->min_steps) continue;
    int at = tables_reach_cell(geo, dx, dy);
    if (marks) rw->reach[at] |= mark;
    if (leg->flags & LEG_ENDS && rw->mode == REACH_CAPTURES) {
      if (rw->ends[at] & leg->occupancy || leg->flags & (LEG_EP_CAPTURE | LEG_EP_ONLY))
        rw->collision = true;
      rw->ends[at] |= leg->occupancy;
    }
    for (int c = 0; c < leg->child_count; c++)
      if (!reach_leg(rw, rw->prog->children[leg->first_child + c], dx, dy, depth + 1)) return false;
  }
  return true;
}

/* Fills reach as mode says; for captures, *dedup tells whether two paths
 * might produce the same move (then generation filters duplicates). */
static bool reach_fill(const Geometry *geo, const MoveProgram *prog, ReachMode mode, uint8_t *reach,
                       bool *dedup) {
  if (dedup) *dedup = true;
  if (geo->levels > 1 || geo->wrap_files || geo->wrap_ranks) return false;
  uint8_t *ends = calloc((size_t)((2 * geo->files - 1) * (2 * geo->ranks - 1)), 1);
  if (!ends) return false;
  ReachWalk rw = {geo, prog, reach, ends, false, mode, 1L << 20};
  bool ok = true;
  for (int i = 0; i < prog->root_count && ok; i++) ok = reach_leg(&rw, i, 0, 0, 0);
  free(ends);
  if (ok && dedup) *dedup = rw.collision && prog->child_link_count;
  return ok;
}

/* A capture and a swap with one piece on one square are two moves with one
 * text (UCI and XBoard write the squares only): X=K+wK, which captures an
 * enemy next to it and swaps with it too. Such a piece is refused. The walk
 * compares offsets on an empty board, a superset of the real moves; where it
 * cannot tell (wrapping, levels, a large program), any piece that both
 * swaps and captures is refused. */
static bool swap_and_capture_collide(const Geometry *geo, const MoveProgram *prog) {
  bool swaps = false;
  for (int i = 0; i < prog->leg_count; i++) swaps |= prog->legs[i].effect == EFFECT_SWAP;
  if (!swaps) return false;
  size_t cells = (size_t)((2 * geo->files - 1) * (2 * geo->ranks - 1));
  uint8_t *captures = calloc(cells, 1), *swapped = calloc(cells, 1);
  bool collide = false;
  if (captures && swapped && reach_fill(geo, prog, REACH_CAPTURE_ENDS, captures, NULL) &&
      reach_fill(geo, prog, REACH_SWAP_ENDS, swapped, NULL)) {
    for (size_t at = 0; at < cells && !collide; at++) collide = captures[at] & swapped[at];
  } else {
    for (int i = 0; i < prog->leg_count; i++)
      collide |= prog->legs[i].flags & LEG_ENDS && prog->legs[i].effect == EFFECT_CAPTURE &&
                 prog->legs[i].occupancy & (OCC_ENEMY | OCC_FRIEND);
  }
  free(captures);
  free(swapped);
  return collide;
}

/* back_reach of a type whose moves restart the halfmove clock: the offsets
 * of its quiet non-initial moves on an empty board. NULL (every move of the
 * type restarts it) where no move's reverse is among them, as for a pawn, so
 * make asks no table there, or where the walk cannot tell. */
static uint8_t *back_reach_new(const Geometry *geo, const MoveProgram *prog) {
  int width = 2 * geo->files - 1, cells = width * (2 * geo->ranks - 1);
  uint8_t *back = calloc((size_t)cells, 1), *ends = calloc((size_t)cells, 1);
  bool needed = false;
  if (back && ends && reach_fill(geo, prog, REACH_QUIET, back, NULL) &&
      reach_fill(geo, prog, REACH_ENDS, ends, NULL))
    for (int at = 0; at < cells && !needed; at++)
      needed = ends[at] && back[cells - 1 - at]; /* the cell of (-dx, -dy) */
  free(ends);
  if (needed) return back;
  free(back);
  return NULL;
}

static bool type_promotes_to(const Variant *v, int from, int to) {
  return from >= 0 && (type_set_has(&v->pieces[from].promotes_to, to));
}

bool bb_disabled(void) {
  const char *e = getenv("CHIMERA_NO_BITBOARDS");
  return e && e[0] && strcmp(e, "0") != 0;
}

/* Checks the variant and fills the facts that reading a FEN and the rules
 * ask for (geometry, promotion zones, royal masks, demotions): cheap, so
 * every loaded variant can be checked at start-up. NULL with a message if the
 * variant cannot be played. */
/* k, kk and # are judged by the leg a move ends on (board/leg_rules.c), so a
 * leg carrying one must pass it to every leg that may follow: in kW-F or
 * #cK-[mK] the flag would bind only the moves that stop early, which is not
 * what the text says. Refused by name; k(W-F) gives it to the whole move. */
static bool leg_flags_reach_the_end(const MoveProgram *prog, const MoveLeg *leg, char *err,
                                    size_t errlen, const char *letter) {
  static const struct {
    unsigned flag;
    const char *name, *example;
  } flags[] = {{LEG_NO_CHECK, "'k'", "kW-F"},
               {LEG_NO_MATE, "'kk'", "kkW-F"},
               {LEG_DECISIVE, "'#'", "#cK-mK"}};
  for (int f = 0; f < 3; f++) {
    if (!(leg->flags & flags[f].flag)) continue;
    for (int k = 0; k < leg->child_count; k++) {
      uint16_t child = prog->children[leg->first_child + k];
      if (child < prog->leg_count && !(prog->legs[child].flags & flags[f].flag)) {
        snprintf(err, errlen,
                 "piece %s: %s on the first part of a move only (as in %s) is not supported: "
                 "put it on the whole move",
                 letter, flags[f].name, flags[f].example);
        return false;
      }
    }
  }
  return true;
}

static BoardTables *tables_facts(const Variant *v, char *err, size_t errlen) {
  BoardTables *t = calloc(1, sizeof *t);
  if (!t) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  atomic_init(&t->refs, 1);
  t->variant = v;
  if (!geo_init(&t->geo, &v->shape, err, errlen)) goto fail;
  if (v->piece_count < 0 || v->piece_count > PIECE_TYPE_MAX) {
    snprintf(err, errlen, "variant has %d piece types (at most %d)", v->piece_count,
             PIECE_TYPE_MAX);
    goto fail;
  }
  t->type_nb = v->piece_count;
  for (int type = 0; type < t->type_nb; type++) {
    t->forward_only[type] = board_type_forward_only(v, type);
    for (int c = 0; c < COLOR_NB; c++)
      t->material_number[c][type] = structure_key_material(c, type);
  }
  int sq_nb = t->geo.sq_nb, total = 0;
  for (int type = 0; type < t->type_nb; type++) {
    for (int c = 0; c < COLOR_NB; c++) {
      const MoveProgram *prog = &v->pieces[type].moves[c];
      t->leg_base[type][c] = total;
      for (int i = 0; i < prog->leg_count; i++) {
        const MoveLeg *leg = &prog->legs[i];
        unsigned known = LEG_FLAGS_KNOWN | LEG_COMPULSORY | LEG_DECISIVE | LEG_NO_MATE |
                         LEG_UNBLOCKED | LEG_STRICT_INITIAL | LEG_SETUP | LEG_ATTACK_CONDITION |
                         LEG_PRESENCE | LEG_LANDS_ON_UNMOVED | LEG_EXPLODES;
        if (leg->flags & ~known) {
          snprintf(err, errlen, "piece %s: leg flags 0x%x not implemented by the move generator",
                   v->pieces[type].letter, leg->flags & ~known);
          goto fail;
        }
        if (!leg_flags_reach_the_end(prog, leg, err, errlen, v->pieces[type].letter)) goto fail;
        /* u: its directions are the paths of single legs (decision 31) */
        if (leg->flags & LEG_UNBLOCKED &&
            (i >= prog->root_count || leg->child_count || leg->between != BETWEEN_EMPTY)) {
          snprintf(err, errlen,
                   "piece %s: 'u' on a move of more than one leg, a hopper or a leaping rider is "
                   "not supported (its directions are not defined)",
                   v->pieces[type].letter);
          goto fail;
        }
        if (leg->flags & LEG_ENDS) {
          if (leg->flags & (LEG_NO_CHECK | LEG_NO_MATE))
            type_set_add(&t->no_check_types[c], type), t->no_check_any[c] = true;
          else
            type_set_add(&t->may_check_types[c], type);
          if (leg->flags & LEG_DECISIVE)
            type_set_add(&t->decisive_types[c], type), t->decisive_any[c] = true;
        }
        if (leg->flags & (LEG_ATTACK_CONDITION | LEG_PRESENCE | LEG_LANDS_ON_UNMOVED))
          t->conditional_moves = true;
        if (leg->flags & LEG_LANDS_ON_UNMOVED) t->unmoved_all = true;
        if (leg->effect >= EFFECT_NB || leg->between >= BETWEEN_NB) {
          snprintf(err, errlen, "piece %s: unknown leg effect or between rule",
                   v->pieces[type].letter);
          goto fail;
        }
        if ((leg->origin_range != MOVE_NONE && leg->origin_range >= v->range_count) ||
            (leg->landing_range != MOVE_NONE && leg->landing_range >= v->range_count) ||
            (leg->victim_set != MOVE_NONE && leg->victim_set >= v->filter_count) ||
            leg->ep_victims > v->filter_count || leg->leap_set > v->filter_count ||
            ATTACKERS_FILTER(leg->origin_attackers) >= v->filter_count ||
            ATTACKERS_FILTER(leg->landing_attackers) >= v->filter_count ||
            leg->presence_set > v->filter_count ||
            (leg->presence_set && leg->presence_range != MOVE_NONE &&
             leg->presence_range >= v->range_count)) {
          snprintf(err, errlen, "piece %s: leg refers to a missing range or piece set",
                   v->pieces[type].letter);
          goto fail;
        }
        for (int k = 0; k < leg->child_count; k++)
          if (prog->children[leg->first_child + k] >= prog->leg_count) {
            snprintf(err, errlen, "piece %s: leg child out of range", v->pieces[type].letter);
            goto fail;
          }
      }
      if (swap_and_capture_collide(&t->geo, prog)) {
        snprintf(err, errlen,
                 "piece %s: a move that captures a piece and one that swaps with it may end on "
                 "the same square (as K+wK), and the two would have the same move text",
                 v->pieces[type].letter);
        goto fail;
      }
      /* a promotion's precondition (?#K=[*]O) depends on the position too */
      const MoveProgram *pre = &v->pieces[type].promotion_precondition[c];
      if (pre->leg_count) t->conditional_moves = true;
      for (int i = 0; i < pre->leg_count; i++)
        if (pre->legs[i].flags & LEG_LANDS_ON_UNMOVED) t->unmoved_all = true;
      total += prog->leg_count;
    }
  }
  if (!rules_supported(v, err, errlen)) goto fail;
  for (int c = 0; c < COLOR_NB; c++) {
    t->promo_zone[c] = calloc((size_t)sq_nb, 1);
    if (!t->promo_zone[c]) goto fail;
    for (int sq = 0; sq < sq_nb; sq++) {
      if (v->rules.promotion_zone[c]) {
        t->promo_zone[c][sq] = v->rules.promotion_zone[c][sq];
      } else {
        int last = c == WHITE ? t->geo.ranks - 1 : 0;
        t->promo_zone[c][sq] = geo_rank(&t->geo, sq) == last;
      }
    }
  }
  for (int type = 0; type < v->piece_count; type++)
    for (int c = 0; c < COLOR_NB; c++) {
      const PieceType *piece = &v->pieces[type];
      bool side = piece->side_mover && type_set_any(piece->promotes_to);
      uint32_t levels = piece->promotion_levels[c];
      if (!side && !levels) continue;
      uint8_t *zone = t->type_zone[c][type] = malloc((size_t)sq_nb);
      if (!zone) goto fail;
      for (int sq = 0; sq < sq_nb; sq++) {
        zone[sq] = side ? geo_file(&t->geo, sq) == t->geo.files - 1 : t->promo_zone[c][sq];
        if (levels && !(levels >> geo_level(&t->geo, sq) & 1)) zone[sq] = 0;
      }
      t->type_zones = true;
    }
  const VariantRules *r = &v->rules;
  bool ext_by_color =
      type_set_any(type_set_or(r->extinction_by_color[WHITE], r->extinction_by_color[BLACK]));
  for (int c = 0; c < COLOR_NB; c++) {
    t->royal_mask[c] = rules_royal_types(v, (Color)c);
    t->extinction_mask[c] = ext_by_color ? r->extinction_by_color[c] : r->extinction_types;
  }
  t->royal_types = type_set_or(t->royal_mask[WHITE], t->royal_mask[BLACK]);
  for (int type = 0; type < t->type_nb; type++) {
    for (int c = 0; c < COLOR_NB; c++) t->royal_of[c][type] = type_set_has(&t->royal_mask[c], type);
    t->royal_either[type] = type_set_has(&t->royal_types, type);
    t->promotes[type] = type_set_any(v->pieces[type].promotes_to) ||
                        type_set_any(v->pieces[type].promotes_to_other);
    t->promotes_other |= type_set_any(v->pieces[type].promotes_to_other);
    for (int c = 0; c < COLOR_NB; c++) {
      const MoveProgram *prog = &v->pieces[type].moves[c];
      for (int i = 0; i < prog->leg_count; i++)
        if (prog->legs[i].flags & LEG_STRICT_INITIAL) {
          t->fresh_any = true;
          t->fresh_royals |= t->royal_of[c][type];
        }
    }
  }
  /* +Q==q: the move flag it uses marks a gate elsewhere; a royal that
   * changed sides would leave its side without it */
  for (int type = 0; t->promotes_other && type < t->type_nb; type++) {
    const char *why = NULL;
    if (type_set_intersects(v->pieces[type].promotes_to_other, t->royal_types))
      why = "to a royal piece";
    else if (r->gating || r->promotion_sittuyin || r->promotion_demote || r->drop_promoted)
      why = "with gating, promotion=sittuyin, promotion=demote or drop=promoted";
    if (why && type_set_any(v->pieces[type].promotes_to_other)) {
      snprintf(err, errlen, "piece %s: promotion to the other colour %s is not supported",
               v->pieces[type].letter, why);
      goto fail;
    }
  }
  t->petrify_any = type_set_any(r->petrify);
  for (int c = 0; c < COLOR_NB; c++) {
    t->royal_any[c] = type_set_any(t->royal_mask[c]);
    t->extinction_any[c] = type_set_any(t->extinction_mask[c]);
    t->last_royal_any[c] = type_set_any(r->last_royal_by_color[c]);
  }
  for (int type = 0; type < t->type_nb; type++) {
    t->pawn_like[type] = type_set_any(v->pieces[type].promotes_to);
    t->resets_clock[type] = type_set_has(&v->rules.move_rule_reset, type);
    for (int c = 0; c < COLOR_NB; c++)
      for (int i = 0; i < v->pieces[type].moves[c].leg_count; i++)
        if (v->pieces[type].moves[c].legs[i].flags & LEG_EP_VICTIM) t->ep_victim[type] = true;
    t->demote_to[type] = type;
    if (v->pieces[type].promoted_from >= 0) {
      t->demote_to[type] = v->pieces[type].promoted_from;
    }
  }
  t->flips = v->rules.flip_rule != FLIP_NONE;
  t->drop_placed = v->rules.drop_enclose || v->rules.drop_near || v->rules.drop_opening ||
                   v->rules.drop_anyside || v->rules.drop_apart || v->rules.drop_stacked;
  t->walls_move = v->rules.wall_rule != WALL_NONE || type_set_any(v->rules.petrify);
  t->made_to_test = t->walls_move || t->promotes_other || t->conditional_moves;
  /* every move captures (clobber): every leg a move may end on lands on an
   * occupied square and takes what stands there (not a swap), and no rule
   * adds a move that does not capture */
  t->captures_only = !v->rules.drops && !v->rules.castling.enabled && !v->rules.pass_allowed &&
                     !v->rules.wall_rule && !v->rules.gating;
  for (int type = 0; t->captures_only && type < t->type_nb; type++)
    for (int c = 0; c < COLOR_NB; c++) {
      const MoveProgram *prog = &v->pieces[type].moves[c];
      for (int i = 0; i < prog->leg_count; i++)
        if (prog->legs[i].flags & LEG_ENDS &&
            (prog->legs[i].occupancy & OCC_EMPTY || prog->legs[i].effect != EFFECT_CAPTURE))
          t->captures_only = false;
    }
  for (int type = 0; type < t->type_nb; type++) {
    if (v->rules.promotion_limit[type]) t->promotion_limited = true;
    for (int c = 0; c < COLOR_NB; c++)
      if (type_set_intersects(v->pieces[type].promotes_to, t->royal_mask[c]))
        t->promotes_to_royal = true;
  }
  for (int type = 0; type < t->type_nb; type++)
    for (int c = 0; c < COLOR_NB; c++)
      t->direct[type][c] = !t->promotes[type] && !v->rules.confine[c][type] &&
                           !(v->rules.promotion_demote && v->pieces[type].promoted_from >= 0);
  /* A '~' piece was promoted from whatever type promotes to it (the pawn). */
  for (int type = 0; type < t->type_nb; type++) {
    t->tilde_origin[type] = type;
    for (int from = 0; from < t->type_nb; from++)
      if (type_promotes_to(v, from, type)) {
        t->tilde_origin[type] = from;
        break;
      }
  }
  return t;
fail:
  tables_release(t);
  return NULL;
}

/* Paths of at most `depth` legs from leg li, saturating at limit (a graph
 * with a cycle saturates through the depth bound). */
static long count_paths(const MoveProgram *prog, int li, int depth, long limit) {
  const MoveLeg *leg = &prog->legs[li];
  if (depth >= 16) return limit;
  long n = 1;
  for (int k = 0; k < leg->child_count && n < limit; k++)
    n += count_paths(prog, prog->children[leg->first_child + k], depth + 1, limit);
  return n < limit ? n : limit;
}

/* Whether the walker should memoise this program (BoardTables.memo). */
static bool program_needs_memo(const MoveProgram *prog) {
  if (!prog->child_link_count) return false;
  long n = 0;
  for (int i = 0; i < prog->root_count && n < 4096; i++) n += count_paths(prog, i, 0, 4096);
  return n >= 4096;
}

/* Whether two legs of a single-leg program can land on one square from one
 * origin with a common occupancy (or both capturing e.p.): the same move
 * made twice. Exact up to blockers (every step is taken as if the path were
 * empty), on the real geometry, so cylinders and levels are covered. The
 * compiler already merged the alternatives it could (mbn_build.c); what
 * remains here (W0 on a cylinder: both ways round reach one square) is
 * filtered at generation time. True when the check would cost too much. */
static bool single_legs_collide(const BoardTables *t, const MoveProgram *prog, int type, int c) {
  const Variant *v = t->variant;
  int sq_nb = t->geo.sq_nb;
  int *stamp = malloc(sizeof(int) * (size_t)sq_nb);
  uint8_t *bits = malloc((size_t)sq_nb);
  if (!stamp || !bits) {
    free(stamp);
    free(bits);
    return true;
  }
  for (int sq = 0; sq < sq_nb; sq++) stamp[sq] = -1;
  long budget = 1L << 22;
  bool collide = false;
  for (int from = 0; from < sq_nb && !collide; from++) {
    for (int i = 0; i < prog->leg_count && !collide; i++) {
      const MoveLeg *leg = &prog->legs[i];
      if (leg->origin_range != MOVE_NONE && !v->ranges[leg->origin_range].member[from]) continue;
      const Square *row = t->next + (size_t)(t->leg_base[type][c] + i) * (size_t)sq_nb;
      int max = leg->max_steps == LEG_STEPS_UNLIMITED ? sq_nb : leg->max_steps;
      uint8_t b = (uint8_t)(leg->occupancy | (leg->flags & (LEG_EP_CAPTURE | LEG_EP_ONLY) ? 8 : 0));
      int s = from;
      for (int step = 1; step <= max; step++) {
        if (--budget < 0) collide = true;
        s = row[s];
        if (s == SQ_NONE || s == from || collide) break;
        if (step < leg->min_steps ||
            (leg->landing_range != MOVE_NONE && !v->ranges[leg->landing_range].member[s]))
          continue;
        if (stamp[s] == from && bits[s] & b) {
          collide = true;
          break;
        }
        if (stamp[s] != from) bits[s] = 0;
        stamp[s] = from;
        bits[s] |= b;
      }
    }
  }
  free(stamp);
  free(bits);
  return collide;
}

/* The move tables: the next square of every leg, mobility, reach filters,
 * the plain and simple-pins facts and the bitboards (most of the cost). */
static bool tables_moves(BoardTables *t, char *err, size_t errlen) {
  const Variant *v = t->variant;
  int sq_nb = t->geo.sq_nb, total = 0;
  for (int type = 0; type < t->type_nb; type++)
    for (int c = 0; c < COLOR_NB; c++) total += v->pieces[type].moves[c].leg_count;
  t->next = malloc(sizeof(Square) * (size_t)(total ? total : 1) * (size_t)sq_nb);
  if (!t->next) {
    snprintf(err, errlen, "out of memory");
    return false;
  }
  int width = 2 * t->geo.files - 1, height = 2 * t->geo.ranks - 1;
  for (int type = 0; type < t->type_nb; type++) {
    for (int c = 0; c < COLOR_NB; c++) {
      const MoveProgram *prog = &v->pieces[type].moves[c];
      for (int i = 0; i < prog->leg_count; i++) {
        const MoveLeg *leg = &prog->legs[i];
        Square *row = t->next + (size_t)(t->leg_base[type][c] + i) * (size_t)sq_nb;
        for (int sq = 0; sq < sq_nb; sq++)
          row[sq] = geo_step4(&t->geo, sq, leg->dx, leg->dy, leg->dz, leg->dw,
                              leg->flags & LEG_WRAP_FILES, leg->flags & LEG_WRAP_RANKS);
      }
      uint8_t *mobile = calloc((size_t)sq_nb, 1);
      if (!mobile) {
        snprintf(err, errlen, "out of memory");
        return false;
      }
      t->mobile[type][c] = mobile;
      for (int i = 0; i < prog->root_count; i++) {
        const MoveLeg *leg = &prog->legs[i];
        const Square *row = t->next + (size_t)(t->leg_base[type][c] + i) * (size_t)sq_nb;
        for (int sq = 0; sq < sq_nb; sq++) {
          if (leg->origin_range != MOVE_NONE && leg->origin_range < v->range_count &&
              !v->ranges[leg->origin_range].member[sq])
            continue;
          int max = leg->max_steps == LEG_STEPS_UNLIMITED ? 2 : leg->max_steps;
          Square s = (Square)sq;
          for (int k = 0; k < leg->min_steps && s != SQ_NONE && k < max; k++) s = row[s];
          if (s != SQ_NONE) mobile[sq] = 1;
        }
      }
      uint8_t *reach = calloc((size_t)(width * height), 1);
      if (reach && reach_fill(&t->geo, prog, REACH_CAPTURES, reach, &t->dedup[type][c])) {
        t->reach[type][c] = reach;
      } else {
        free(reach);
      }
      if (t->resets_clock[type]) t->back_reach[type][c] = back_reach_new(&t->geo, prog);
    }
  }
  t->simple_pins =
      t->geo.levels == 1 && !t->geo.wrap_files && !t->geo.wrap_ranks && !v->rules.atomic &&
      !v->rules.kings_may_not_face && !v->rules.royal_may_be_exposed && !v->rules.royal_duple &&
      type_set_any(t->royal_types) && !t->last_royal_any[WHITE] && !t->last_royal_any[BLACK] &&
      !t->made_to_test; /* a wall is no screen for a hopper; +Q==q and conditions add attacks */
  t->capture_effects = v->rules.atomic || t->petrify_any;
  for (int type = 0; type < t->type_nb; type++)
    for (int c = 0; c < COLOR_NB; c++) {
      const MoveProgram *prog = &v->pieces[type].moves[c];
      if (!t->reach[type][c] || prog->leg_count != prog->root_count || prog->child_link_count)
        t->simple_pins = false;
      for (int i = 0; i < prog->leg_count; i++)
        if (prog->legs[i].between != BETWEEN_EMPTY || prog->legs[i].effect != EFFECT_CAPTURE ||
            prog->legs[i].flags & (LEG_WRAP_FILES | LEG_WRAP_RANKS | LEG_MAXIMAL | LEG_EDGE))
          t->simple_pins = false;
    }
  for (int type = 0; type < t->type_nb; type++)
    for (int c = 0; c < COLOR_NB; c++) {
      const MoveProgram *prog = &v->pieces[type].moves[c];
      bool plain = prog->leg_count == prog->root_count;
      unsigned allowed = LEG_ENDS | LEG_INITIAL | LEG_EP_VICTIM | LEG_EP_CAPTURE;
      for (int i = 0; i < prog->leg_count && plain; i++) {
        const MoveLeg *leg = &prog->legs[i];
        plain = leg->flags & LEG_ENDS && !(leg->flags & ~allowed) &&
                leg->effect == EFFECT_CAPTURE && leg->between == BETWEEN_EMPTY &&
                leg->min_steps >= 1 && leg->victim_set == MOVE_NONE && !leg->ep_victims &&
                !leg->child_count &&
                (leg->dx | leg->dy | leg->dz | leg->dw); /* the null leap O: the walker's */
      }
      /* the reach walk's answer for single legs is coarse (offsets, no
       * geometry): ask the board itself, so plain pieces stay plain */
      if (!prog->child_link_count) t->dedup[type][c] = single_legs_collide(t, prog, type, c);
      t->memo[type][c] = program_needs_memo(prog);
      for (int i = 0; i < prog->leg_count; i++)
        if (prog->legs[i].child_count && prog->legs[i].occupancy & OCC_ENEMY &&
            prog->legs[i].effect == EFFECT_CAPTURE)
          t->returns[type][c] = true;
      for (int i = 0; i < prog->leg_count; i++)
        if (prog->legs[i].flags & LEG_COMPULSORY) t->compulsory[type][c] = true;
      if (t->memo[type][c]) t->dedup[type][c] = true;
      t->plain[type][c] = plain && !t->dedup[type][c];
    }
  /* the bitboards know one promotion zone per colour: a side-mover that
   * promotes elsewhere is walked leg by leg */
  bool bb_off = bb_disabled() || t->type_zones || t->promotes_other || t->conditional_moves;
  if (sq_nb <= 64)
    t->bb64 = bb_off ? NULL : bb64_new(v, &t->geo);
  else
    t->bb128 = bb_off ? NULL : bb128_new(v, &t->geo);
  /* 128-bit words cost twice as much to keep up in make and unmake: worth
   * it when the bitboards answer every attack test (capablanca, shogi,
   * grand, courier), not when the walker must still be asked for most
   * pieces (xiangqi's and janggi's lame leapers, cannons and palaces:
   * about 1.5% more instructions there) */
  if (t->bb128 && !(t->bb128->all_attack_ok[WHITE] && t->bb128->all_attack_ok[BLACK])) {
    bb128_free(t->bb128);
    t->bb128 = NULL;
  }
  /* Kept only thanks to ranged or lame leaps or hops (xiangqi): the masks
   * generate nothing, since their order (square by square) is not the
   * walker's, which the search's ties have always followed there; the
   * pieces are generated in the walker's order (BbTables.gen_legs) or by
   * the walker itself. */
  if (t->bb128 && !(t->bb128->all_attack_plain[WHITE] && t->bb128->all_attack_plain[BLACK]))
    for (int k = 0; k < t->type_nb * COLOR_NB; k++)
      t->bb128->gen_ok[k] = t->bb128->shift_ok[k] = false;
  /* a type whose moves must be filtered for duplicates is walked */
  for (int type = 0; type < t->type_nb; type++)
    for (int c = 0; c < COLOR_NB; c++) {
      size_t k = (size_t)type * COLOR_NB + (size_t)c;
      if (!t->dedup[type][c]) continue;
      if (t->bb64) t->bb64->gen_ok[k] = t->bb64->shift_ok[k] = false;
      if (t->bb128) t->bb128->gen_ok[k] = t->bb128->shift_ok[k] = false;
    }
  if (t->bb64) bb64_finish(t->bb64, t, v);
  if (t->bb128) bb128_finish(t->bb128, t, v);
  return true;
}

BoardTables *tables_new(const Variant *v, char *err, size_t errlen) {
  BoardTables *t = tables_facts(v, err, errlen);
  if (t && !tables_moves(t, err, errlen)) {
    tables_release(t);
    return NULL;
  }
  return t;
}

BoardTables *tables_new_facts(const Variant *v, char *err, size_t errlen) {
  return tables_facts(v, err, errlen);
}

void tables_retain(BoardTables *t) {
  atomic_fetch_add(&t->refs, 1);
}

void tables_release(BoardTables *t) {
  if (!t || atomic_fetch_sub(&t->refs, 1) != 1) return;
  free(t->next);
  for (int type = 0; type < PIECE_TYPE_MAX; type++)
    for (int c = 0; c < COLOR_NB; c++) {
      free(t->reach[type][c]);
      free(t->back_reach[type][c]);
      free(t->mobile[type][c]);
    }
  for (int c = 0; c < COLOR_NB; c++) {
    free(t->promo_zone[c]);
    for (int type = 0; type < PIECE_TYPE_MAX; type++) free(t->type_zone[c][type]);
  }
  free(t->start_cells);
  bb64_free(t->bb64);
  bb128_free(t->bb128);
  free(t);
}
