/* eval_tables.c — piece values and piece-square terms from mobility.
 *
 * Each piece's compiled moves are walked from every square of an empty board.
 * A slider's k-th square counts 0.76^(k-1), as if a quarter of the squares were
 * occupied, so long riders are not overrated; a hopper's moves beyond a
 * hurdle count 0.3; initial-only moves 0.25. The mobility m of a square is
 * the mean of its move and capture squares. Then, fitted on orthodox chess
 * (N 5.0 -> ~300, R ~500, Q ~950) but applied to every piece alike:
 *   value = 58 * mean(m), x0.86 for a colour-bound piece, at least 100 for
 *   a pawn-like piece;
 *   piece-square term = 6 * (m(square) - mean(m)), so pieces like squares
 *   where they move more.
 * A value given by the variant file (Variant.pieces[].value) wins.
 */
#include "search/eval_tables.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/tables.h"
#include "search/eval_weights.h"

#define WALK_DEPTH_MAX 4
/* Squares one walk_square may step through: no piece of a shipped variant
 * takes 1000 (checked when this was set); complex riders of any direction
 * ((dQ)0, dQ0, (adQ0)0) would take minutes per square on 36x36, so their
 * walk stops here and their mobility is a lower estimate. */
#define WALK_STEP_BUDGET 20000
#define SQUARES_MAX      4096

typedef struct {
  const Variant *variant;
  int files, ranks, levels;
  float move_w[SQUARES_MAX], capture_w[SQUARES_MAX];
  uint16_t touched[SQUARES_MAX];
  int touched_nb;
  /* Multi-leg programs: the last visit of each (leg, square) in this
   * walk_square (stamp), with its weight and depth. A visit that came no
   * heavier and no shallower than the recorded one reaches nothing more, so
   * it is skipped: the marks are the same, and (dQ)0 or dQ0 on 36x36 no
   * longer walks every chain of four slides (minutes per square). */
  uint32_t *seen_stamp;
  float *seen_weight;
  uint8_t *seen_depth;
  size_t seen_size, squares;
  uint32_t stamp;
  bool memo;
  long steps; /* taken in this walk_square (WALK_STEP_BUDGET) */
} MobilityWalk;

static int walk_step(const MobilityWalk *walk, int sq, const MoveLeg *leg) {
  const BoardShape *shape = &walk->variant->shape;
  int file = sq % walk->files, rank = (sq / walk->files) % walk->ranks;
  int level = sq / (walk->files * walk->ranks);
  file += leg->dx, rank += leg->dy, level = shape_level_step(shape, level, leg->dz, leg->dw);
  bool wrap_files = shape->wrap_files || (leg->flags & LEG_WRAP_FILES);
  bool wrap_ranks = shape->wrap_ranks || (leg->flags & LEG_WRAP_RANKS);
  if (wrap_files) file = ((file % walk->files) + walk->files) % walk->files;
  if (wrap_ranks) rank = ((rank % walk->ranks) + walk->ranks) % walk->ranks;
  if (file < 0 || file >= walk->files || rank < 0 || rank >= walk->ranks || level < 0) return -1;
  int to = (level * walk->ranks + rank) * walk->files + file;
  if (shape->hole && shape->hole[to]) return -1;
  return to;
}

static void walk_mark(MobilityWalk *walk, float *table, int sq, float weight) {
  if (walk->move_w[sq] == 0 && walk->capture_w[sq] == 0) walk->touched[walk->touched_nb++] = sq;
  if (table[sq] < weight) table[sq] = weight;
}

static bool walk_in_range(const Variant *variant, uint16_t range, int sq) {
  return range == MOVE_NONE || range >= variant->range_count || variant->ranges[range].member[sq];
}

static void walk_leg(MobilityWalk *walk, const MoveProgram *program, int leg_index, int from,
                     float weight, int depth) {
  const MoveLeg *leg = &program->legs[leg_index];
  if (depth > WALK_DEPTH_MAX || weight < 0.01f) return;
  if (!walk_in_range(walk->variant, leg->origin_range, from)) return;
  if (walk->memo) {
    size_t at = (size_t)leg_index * walk->squares + (size_t)from;
    if (walk->seen_stamp[at] == walk->stamp && walk->seen_weight[at] >= weight &&
        walk->seen_depth[at] <= depth)
      return;
    walk->seen_stamp[at] = walk->stamp;
    walk->seen_weight[at] = weight;
    walk->seen_depth[at] = (uint8_t)depth;
  }
  if (leg->flags & LEG_INITIAL) weight *= 0.25f;
  int max_steps = leg->max_steps == LEG_STEPS_UNLIMITED ? 64 : leg->max_steps;
  int sq = from;
  for (int step = 1; step <= max_steps; step++) {
    if (++walk->steps > WALK_STEP_BUDGET) return;
    sq = walk_step(walk, sq, leg);
    if (sq < 0 || sq == from) break;
    bool lands = step >= leg->min_steps && walk_in_range(walk->variant, leg->landing_range, sq);
    bool ends = (leg->flags & LEG_ENDS) != 0;
    if (leg->flags & LEG_MAXIMAL) ends = ends && walk_step(walk, sq, leg) < 0;
    if (lands) {
      if (leg->occupancy & OCC_EMPTY) {
        if (ends) walk_mark(walk, walk->move_w, sq, weight);
        for (int c = 0; c < leg->child_count; c++)
          walk_leg(walk, program, program->children[leg->first_child + c], sq, weight, depth + 1);
      }
      if ((leg->occupancy & OCC_ENEMY) && ends && leg->effect == EFFECT_CAPTURE)
        walk_mark(walk, walk->capture_w, sq, weight);
      if (!(leg->occupancy & OCC_EMPTY) && leg->effect == EFFECT_VISIT)
        for (int c = 0; c < leg->child_count; c++)
          walk_leg(walk, program, program->children[leg->first_child + c], sq, weight * 0.3f,
                   depth + 1);
    }
    if (leg->between == BETWEEN_EMPTY) weight *= 0.76f;
  }
}

/* Mobility x100 and, through *parity_mixed, whether a square of the other
 * colour is reached (a colour-bound piece never does). */
/* Turns the (leg, square) memo on for a multi-leg program when its cells fit
 * (at most 2^26), with a new stamp. */
static void walk_memo_start(MobilityWalk *walk, const MoveProgram *program) {
  size_t need = (size_t)program->leg_count * walk->squares;
  walk->memo = program->leg_count > program->root_count && need <= ((size_t)1 << 26);
  if (walk->memo && need > walk->seen_size) {
    uint32_t *stamp = calloc(need, sizeof *stamp);
    float *weight = malloc(need * sizeof *weight);
    uint8_t *depth = malloc(need);
    if (!stamp || !weight || !depth) {
      free(stamp), free(weight), free(depth);
      walk->memo = false;
      return;
    }
    free(walk->seen_stamp), free(walk->seen_weight), free(walk->seen_depth);
    walk->seen_stamp = stamp, walk->seen_weight = weight, walk->seen_depth = depth;
    walk->seen_size = need;
    walk->stamp = 0;
  }
  if (walk->memo && ++walk->stamp == 0) { /* wrapped: forget every visit */
    memset(walk->seen_stamp, 0, walk->seen_size * sizeof *walk->seen_stamp);
    walk->stamp = 1;
  }
}

static int walk_square(MobilityWalk *walk, int type, Color color, int square, bool *parity_mixed) {
  const MoveProgram *program = &walk->variant->pieces[type].moves[color];
  walk->touched_nb = 0;
  walk->steps = 0;
  walk_memo_start(walk, program);
  for (int r = 0; r < program->root_count; r++) walk_leg(walk, program, r, square, 1.0f, 0);
  float moves = 0, captures = 0;
  int parity = (square % walk->files + (square / walk->files) % walk->ranks) & 1;
  for (int i = 0; i < walk->touched_nb; i++) {
    int sq = walk->touched[i];
    moves += walk->move_w[sq];
    captures += walk->capture_w[sq];
    if (((sq % walk->files + (sq / walk->files) % walk->ranks) & 1) != parity && parity_mixed)
      *parity_mixed = true;
    walk->move_w[sq] = walk->capture_w[sq] = 0;
  }
  return (int)((moves + captures) * 50.0f + 0.5f);
}

static MobilityWalk *walk_new(const Variant *variant) {
  MobilityWalk *walk = calloc(1, sizeof *walk);
  if (!walk) return NULL;
  walk->variant = variant;
  walk->files = variant->shape.files;
  walk->ranks = variant->shape.ranks;
  walk->levels = variant->shape.levels > 0 ? variant->shape.levels : 1;
  walk->squares = (size_t)walk->files * (size_t)walk->ranks * (size_t)walk->levels;
  return walk;
}

static void walk_free(MobilityWalk *walk) {
  if (!walk) return;
  free(walk->seen_stamp), free(walk->seen_weight), free(walk->seen_depth);
  free(walk);
}

int eval_piece_mobility(const Variant *variant, int type, Color color, int square) {
  MobilityWalk *walk = walk_new(variant);
  if (!walk) return 0;
  int mobility = walk_square(walk, type, color, square, NULL);
  walk_free(walk);
  return mobility;
}

static bool square_on_board(const Variant *variant, int sq) {
  return !variant->shape.hole || !variant->shape.hole[sq];
}

static int rank_of(const Variant *variant, int sq) {
  return (sq / variant->shape.files) % variant->shape.ranks;
}

/* EvalTables.around: false when out of memory. */
static bool tables_fill_around(EvalTables *tables, const Variant *variant) {
  int files = variant->shape.files, ranks = variant->shape.ranks, sq_nb = tables->square_nb;
  int levels = sq_nb / (files * ranks);
  tables->around_first = malloc(sizeof(int) * (size_t)(sq_nb + 1));
  tables->around = malloc(sizeof(EvalNear) * (size_t)sq_nb * (size_t)levels * 25);
  if (!tables->around_first || !tables->around) return false;
  int n = 0;
  for (int sq = 0; sq < sq_nb; sq++) {
    int f0 = sq % files, r0 = rank_of(variant, sq);
    tables->around_first[sq] = n;
    for (int d = 0; d <= 2; d++) /* 0: the same file and rank on another level */
      for (int level = 0; level < levels; level++)
        for (int r = r0 - d; r <= r0 + d; r++)
          for (int f = f0 - d; f <= f0 + d; f++) {
            int s = (level * ranks + r) * files + f;
            if (r < 0 || r >= ranks || f < 0 || f >= files || s == sq) continue;
            int df = abs(f - f0), dr = abs(r - r0);
            if ((df > dr ? df : dr) != d) continue;
            tables->around[n].sq = (int16_t)s;
            tables->around[n].distance = (int8_t)d;
            n++;
          }
  }
  tables->around_first[sq_nb] = n;
  return true;
}

static void tables_fill_promotion(EvalTables *tables, const Variant *variant) {
  int ranks = variant->shape.ranks;
  for (int color = 0; color < COLOR_NB; color++) {
    const uint8_t *zone = variant->rules.promotion_zone[color];
    /* The nearest zone rank ahead of each rank, for this colour. */
    int nearest_rank[64];
    for (int r = 0; r < ranks && r < 64; r++) nearest_rank[r] = -1;
    for (int sq = 0; sq < tables->square_nb; sq++) {
      int r = rank_of(variant, sq);
      bool in_zone = zone ? zone[sq] != 0 : r == (color == WHITE ? ranks - 1 : 0);
      if (in_zone && r < 64) nearest_rank[r] = r;
    }
    for (int sq = 0; sq < tables->square_nb; sq++) {
      int r = rank_of(variant, sq), best = -1;
      for (int z = 0; z < ranks && z < 64; z++) {
        if (nearest_rank[z] < 0) continue;
        int d = color == WHITE ? z - r : r - z;
        if (d >= 0 && (best < 0 || d < best)) best = d;
      }
      tables->promo_distance[color][sq] = (int8_t)(best > 100 ? 100 : best);
    }
  }
}

static void tables_fill_hill(EvalTables *tables, const Variant *variant, Color color) {
  const uint8_t *hill = variant->rules.hill_by_color[color] ? variant->rules.hill_by_color[color]
                                                            : variant->rules.hill;
  int files = variant->shape.files;
  for (int sq = 0; sq < tables->square_nb; sq++) {
    int best = 100;
    for (int h = 0; h < tables->square_nb; h++) {
      if (!hill[h]) continue;
      int df = abs(sq % files - h % files), dr = abs(rank_of(variant, sq) - rank_of(variant, h));
      int d = df > dr ? df : dr;
      if (d < best) best = d;
    }
    tables->hill_distance[color][sq] = (int8_t)best;
  }
}

static int tables_start_phase(const EvalTables *tables, const Variant *variant) {
  int total = 0;
  const char *fen = variant->start_fen;
  for (int i = 0; fen && fen[i] && fen[i] != ' '; i++) {
    char letter = fen[i];
    if (letter >= 'a' && letter <= 'z') letter = (char)(letter - 'a' + 'A');
    if (letter < 'A' || letter > 'Z') continue;
    bool promoted = i > 0 && fen[i - 1] == '+';
    for (int t = 0; t < variant->piece_count; t++) {
      const char *name = variant->pieces[t].letter;
      if ((!promoted && name[0] == letter && name[1] == '\0') ||
          (promoted && name[0] == '+' && name[1] == letter && name[2] == '\0')) {
        total += tables->phase_weight[t];
        break;
      }
    }
  }
  return total > 0 ? total : 1;
}

/* The exchange facts: a leg that flips its victim's colour wins twice its
 * value, and a capturing leg followed by further legs may take a second
 * piece; explosions take any number. */
static void tables_fill_exchange(EvalTables *tables, const Variant *variant) {
  bool flips = false, multi = false;
  for (int t = 0; t < variant->piece_count; t++)
    for (int c = 0; c < COLOR_NB; c++) {
      const MoveProgram *prog = &variant->pieces[t].moves[c];
      for (int i = 0; i < prog->leg_count; i++) {
        const MoveLeg *leg = &prog->legs[i];
        if (!(leg->occupancy & OCC_ENEMY)) continue;
        if (leg->effect == EFFECT_FLIP) flips = true;
        if (leg->effect == EFFECT_CAPTURE && leg->child_count) multi = true;
      }
    }
  tables->capture_gain_exact = !variant->rules.atomic && !flips;
  tables->capture_takes_one = tables->capture_gain_exact && !multi;
  for (int t = 0; t < variant->piece_count; t++)
    tables->see_value[t] = tables->royal[t] ? EVAL_ROYAL_SEE_VALUE : tables->value[t];
  tables->promo_gain_max = 0;
  for (int t = 0; t < variant->piece_count; t++)
    for (int p = 0; p < variant->piece_count; p++)
      if (type_set_has(&variant->pieces[t].promotes_to, p) &&
          tables->see_value[p] - tables->see_value[t] > tables->promo_gain_max)
        tables->promo_gain_max = tables->see_value[p] - tables->see_value[t];
}

/* The square mirrored across the files, and the square seen from the other
 * side (ranks and levels reversed). */
static int square_mirror(const Variant *variant, int sq) {
  int files = variant->shape.files, f = sq % files;
  return sq - f + (files - 1 - f);
}

static int square_flip(const Variant *variant, int sq) {
  int files = variant->shape.files, ranks = variant->shape.ranks;
  int levels = variant->shape.levels > 0 ? variant->shape.levels : 1;
  int f = sq % files, r = rank_of(variant, sq), l = sq / (files * ranks);
  return ((levels - 1 - l) * ranks + (ranks - 1 - r)) * files + f;
}

/* The variant's symmetry, read off the derived tables themselves (so a
 * piece that moves differently to its left or for black keeps its own
 * terms): files fold when every table is mirror-symmetric, and black shares
 * white's table when every black table is white's seen from the other side. */
static void tables_find_symmetry(EvalTables *tables, const Variant *variant) {
  int types = variant->piece_count, sq_nb = tables->square_nb;
  bool fold = true, shared = true;
  for (int sq = 0; sq < sq_nb && fold; sq++)
    if (square_on_board(variant, sq) != square_on_board(variant, square_mirror(variant, sq)))
      fold = false;
  for (int t = 0; t < types; t++)
    for (int sq = 0; sq < sq_nb; sq++) {
      int m = square_mirror(variant, sq), f = square_flip(variant, sq);
      for (int c = 0; c < COLOR_NB; c++)
        if (tables->psq_mg[t][c][sq] != tables->psq_mg[t][c][m] ||
            tables->psq_eg[t][c][sq] != tables->psq_eg[t][c][m])
          fold = false;
      if (tables->psq_mg[t][BLACK][sq] != tables->psq_mg[t][WHITE][f] ||
          tables->psq_eg[t][BLACK][sq] != tables->psq_eg[t][WHITE][f])
        shared = false;
    }
  tables->fold_files = fold;
  tables->psq_sets = shared ? 1 : 2;
}

/* The first dir_nb of these: the neighbour of each square of the first
 * level in each direction, -1 off the board or on a hole; malloc'd. */
static const int NEIGHBOUR_DIRS[8][2] = {{1, 0},  {0, 1},  {1, 1},   {1, -1},
                                         {-1, 0}, {0, -1}, {-1, -1}, {-1, 1}};

static int16_t *neighbour_table(const Variant *variant, int dir_nb) {
  int files = variant->shape.files, ranks = variant->shape.ranks, sq_nb = files * ranks;
  const uint8_t *hole = variant->shape.hole;
  int16_t *next = malloc(sizeof(int16_t) * (size_t)sq_nb * (size_t)dir_nb);
  if (!next) return NULL;
  for (int sq = 0; sq < sq_nb; sq++)
    for (int d = 0; d < dir_nb; d++) {
      int f = sq % files + NEIGHBOUR_DIRS[d][0], y = sq / files + NEIGHBOUR_DIRS[d][1];
      bool on = f >= 0 && f < files && y >= 0 && y < ranks && !(hole && hole[y * files + f]);
      next[sq * dir_nb + d] = (int16_t)(on ? y * files + f : -1);
    }
  return next;
}

/* The steps of a connect=from[..],to[..] chain (EvalTables.link_next): east
 * and north, and north-east and south-east unless orthogonal, as the
 * board's flood (board/rules_end.c, linked) grows it; holes are no squares. */
static bool tables_fill_link(EvalTables *tables, const Variant *variant) {
  const VariantRules *r = &variant->rules;
  if (!r->connect_from[WHITE] && !r->connect_from[BLACK]) return true;
  tables->link_dirs = r->connect_orthogonal ? 2 : 4;
  tables->link_next = neighbour_table(variant, tables->link_dirs);
  return tables->link_next != NULL;
}

/* The neighbours of flip=line's goal terms (EvalTables.flip_next). */
static bool tables_fill_flip(EvalTables *tables, const Variant *variant) {
  if (variant->rules.flip_rule != FLIP_LINE) return true;
  tables->flip_next = neighbour_table(variant, 8);
  return tables->flip_next != NULL;
}

/* Adds the group of n squares from (file, rank) by steps (dx, dy) and,
 * for a block, rows of `rows` squares up the board; nothing when a square
 * is off the board or a hole. */
static void align_add_group(EvalTables *tables, const Variant *variant, int file, int rank, int dx,
                            int dy, int n, int rows) {
  int files = variant->shape.files, ranks = variant->shape.ranks;
  const uint8_t *hole = variant->shape.hole;
  int first = tables->align_first[tables->align_count], at = first;
  for (int row = 0; row < rows; row++)
    for (int k = 0; k < n; k++) {
      int f = file + k * dx, y = rank + k * dy + row;
      if (f < 0 || f >= files || y < 0 || y >= ranks || (hole && hole[y * files + f])) return;
      tables->align_squares[at++] = (int16_t)(y * files + f);
    }
  tables->align_first[++tables->align_count] = at;
}

/* The groups of a connect=line(N) or square(N) goal (EvalTables
 * .align_first): from every square of the first level, N squares on in
 * each direction and the NxN block up and right, all on the board.
 * Collinear lines (gaps allowed) get none. */
static bool tables_fill_align(EvalTables *tables, const Variant *variant) {
  const VariantRules *r = &variant->rules;
  int n = r->connect_n >= 2 && !r->connect_collinear ? r->connect_n : 0;
  int block = r->connect_square >= 2 ? r->connect_square : 0;
  if ((!n && !block) || type_set_is_empty(r->connect_types)) return true;
  int dir_nb = r->connect_orthogonal ? 2 : 4; /* the first of NEIGHBOUR_DIRS: east, north, ... */
  size_t cells = (size_t)variant->shape.files * (size_t)variant->shape.ranks;
  tables->align_first = malloc(sizeof(int) * (cells * 5 + 1));
  tables->align_squares = malloc(sizeof(int16_t) * cells * (size_t)(4 * n + block * block));
  if (!tables->align_first || !tables->align_squares) return false;
  tables->align_first[0] = 0;
  for (int rank = 0; rank < variant->shape.ranks; rank++)
    for (int file = 0; file < variant->shape.files; file++) {
      for (int d = 0; n && d < dir_nb; d++)
        align_add_group(tables, variant, file, rank, NEIGHBOUR_DIRS[d][0], NEIGHBOUR_DIRS[d][1], n,
                        1);
      if (block) align_add_group(tables, variant, file, rank, 1, 0, block, block);
    }
  tables->align_sign = r->connect_loses ? -1 : 1;
  tables->align_types = r->connect_types;
  return true;
}

/* The terms added with the royal zone and threats default to 0: a variant
 * without tuned weights evaluates as before them. */
static const int SCALAR_DEFAULTS[EW_SCALAR_NB] = {12,  10,  20, 8, 10, 2, 3, 100, 6,  10,  8,   10,
                                                  120, 150, 0,  0, 0,  0, 0, 0,   0,  0,   0,   0,
                                                  0,   0,   0,  0, 0,  0, 0, 6,   40, 240, 160, 50};
const char *const EVAL_SCALAR_NAMES[EW_SCALAR_NB] = {
    "tempo",          "doubled_mg",     "doubled_eg",   "isolated_mg",   "isolated_eg",
    "passed_mg",      "passed_eg",      "passed_royal", "shelter",       "danger",
    "hill_mg",        "hill_eg",        "check",        "extinction",    "zone_attackers",
    "threat_pawn_mg", "threat_pawn_eg", "threat_mg",    "threat_eg",     "zone_danger",
    "royal_open",     "guarded_mg",     "guarded_eg",   "restricted_mg", "restricted_eg",
    "connected_mg",   "connected_eg",   "safe_check",   "unsafe_check",  "hanging_mg",
    "hanging_eg",     "align",          "link",         "stable",        "exposed",
    "enclosing"};

/* Where moving is the whole game, the side that cannot move losing while
 * every move leaves a wall that takes squares away for good (amazons,
 * isolation, snailtrail), and no royal, goal zone, line, extinction set or
 * flip decides it otherwise, a side's mobility is its chance: every moving
 * type is derived MOBILITY_GOAL per square it reaches, where the variant
 * has no weights file. */
enum { MOBILITY_GOAL = 10 };

static bool moving_is_the_goal(const Variant *variant) {
  const VariantRules *r = &variant->rules;
  return r->stalemate == RESULT_LOSS && r->wall_rule != WALL_NONE &&
         type_set_is_empty(r->royal_types) && type_set_is_empty(r->hill_types) && !r->connect_n &&
         !r->connect_square && !r->connect_from[WHITE] && !r->connect_from[BLACK] &&
         type_set_is_empty(r->extinction_types) && !r->flip_rule;
}

/* The parameter table, filled with the derived values (so evaluating with
 * it changes nothing). */
static bool tables_build_params(EvalTables *tables, const Variant *variant) {
  int types = variant->piece_count, sq_nb = tables->square_nb, files = variant->shape.files;
  tables_find_symmetry(tables, variant);
  int half = tables->fold_files ? (files + 1) / 2 : files;
  tables->psq_cells = sq_nb / files * half;
  tables->psq_cell[WHITE] = malloc(sizeof(int) * 2 * (size_t)sq_nb);
  if (!tables->psq_cell[WHITE]) return false;
  tables->psq_cell[BLACK] = tables->psq_cell[WHITE] + sq_nb;
  for (int sq = 0; sq < sq_nb; sq++) {
    int f = sq % files;
    if (tables->fold_files && f > files - 1 - f) f = files - 1 - f;
    tables->psq_cell[WHITE][sq] = sq / files * half + f;
  }
  for (int sq = 0; sq < sq_nb; sq++)
    tables->psq_cell[BLACK][sq] = tables->psq_sets == 1
                                      ? tables->psq_cell[WHITE][square_flip(variant, sq)]
                                      : tables->psq_cell[WHITE][sq];
  tables->value_param = EW_SCALAR_NB;
  tables->hand_param = tables->value_param + 2 * types;
  tables->mobility_param = tables->hand_param + types;
  tables->zone_param = tables->mobility_param + 2 * types;
  tables->pair_param = tables->zone_param + 2 * types;
  tables->open_param = tables->pair_param + 2 * types;
  tables->semiopen_param = tables->open_param + 2 * types;
  tables->psq_param = tables->semiopen_param + 2 * types;
  tables->param_count = tables->psq_param + types * tables->psq_sets * 2 * tables->psq_cells;
  tables->param = calloc((size_t)tables->param_count, sizeof(int));
  if (!tables->param) return false;
  for (int i = 0; i < EW_SCALAR_NB; i++) tables->param[i] = SCALAR_DEFAULTS[i];
  for (int t = 0; t < types; t++) {
    tables->param[tables->value_param + 2 * t] = tables->value[t];
    tables->param[tables->value_param + 2 * t + 1] = tables->value[t];
    tables->param[tables->hand_param + t] = tables->hand_value[t];
    if (moving_is_the_goal(variant) && eval_has_mobility(tables, t))
      tables->param[tables->mobility_param + 2 * t] =
          tables->param[tables->mobility_param + 2 * t + 1] = MOBILITY_GOAL;
    for (int c = 0; c < COLOR_NB; c++)
      for (int sq = 0; sq < sq_nb; sq++) {
        tables->param[eval_psq_param(tables, t, c, 0, sq)] = tables->psq_mg[t][c][sq];
        tables->param[eval_psq_param(tables, t, c, 1, sq)] = tables->psq_eg[t][c][sq];
      }
  }
  eval_params_apply(tables);
  return true;
}

/* Which types the evaluation asks the board about (eval.c, reach_evaluate)
 * and counts pairs and files of, from the weights: nothing is counted for a
 * term whose weights are 0. */
static void tables_set_reach(EvalTables *tables) {
  int types = tables->piece_count < EVAL_SET_TYPES ? tables->piece_count : EVAL_SET_TYPES;
  const int *w = tables->param;
  bool pawn_threats = w[EW_THREAT_PAWN_MG] || w[EW_THREAT_PAWN_EG];
  bool threats = w[EW_THREAT_MG] || w[EW_THREAT_EG];
  tables->reach_types = tables->pair_types = tables->file_types = 0;
  tables->nonroyal_types = tables->mobility_types = tables->pawn_like_types = 0;
  for (int t = 0; t < types; t++) {
    uint64_t victims = 0;
    for (int v = 0; v < types; v++) {
      if (tables->royal[v]) continue;
      if (tables->pawn_like[t] ? !tables->pawn_like[v] : tables->value_mg[v] > tables->value_mg[t])
        victims |= 1ULL << v;
    }
    tables->threat_types[t] = tables->royal[t] ? 0 : victims;
    uint64_t bit = 1ULL << t;
    bool counted = eval_has_mobility(tables, t);
    if (!tables->royal[t]) tables->nonroyal_types |= bit;
    if (counted) tables->mobility_types |= bit;
    if (tables->pawn_like[t]) tables->pawn_like_types |= bit;
    if ((counted && (tables->mobility_on[t] || tables->zone_mg[t] || tables->zone_eg[t] ||
                     w[EW_ZONE_ATTACKERS] || w[EW_ZONE_DANGER] || threats || w[EW_GUARDED_MG] ||
                     w[EW_GUARDED_EG] || w[EW_RESTRICTED_MG] || w[EW_RESTRICTED_EG])) ||
        (tables->pawn_like[t] && !tables->royal[t] && pawn_threats))
      tables->reach_types |= bit;
    if (counted && (tables->pair_mg[t] || tables->pair_eg[t])) tables->pair_types |= bit;
    if (counted && (tables->open_mg[t] || tables->open_eg[t] || tables->semiopen_mg[t] ||
                    tables->semiopen_eg[t]))
      tables->file_types |= bit;
  }
}

static int16_t clamp16(int v) {
  return (int16_t)(v > 30000 ? 30000 : v < -30000 ? -30000 : v);
}

void eval_params_apply(EvalTables *tables) {
  int types = tables->piece_count, sq_nb = tables->square_nb;
  for (int t = 0; t < types; t++) {
    tables->value_mg[t] = tables->param[tables->value_param + 2 * t];
    tables->value_eg[t] = tables->param[tables->value_param + 2 * t + 1];
    tables->hand_value[t] = tables->param[tables->hand_param + t];
    tables->mobility_mg[t] = tables->param[tables->mobility_param + 2 * t];
    tables->mobility_eg[t] = tables->param[tables->mobility_param + 2 * t + 1];
    tables->mobility_on[t] = eval_has_mobility(tables, t) &&
                             (tables->mobility_mg[t] != 0 || tables->mobility_eg[t] != 0);
    tables->zone_mg[t] = tables->param[tables->zone_param + 2 * t];
    tables->zone_eg[t] = tables->param[tables->zone_param + 2 * t + 1];
    tables->pair_mg[t] = tables->param[tables->pair_param + 2 * t];
    tables->pair_eg[t] = tables->param[tables->pair_param + 2 * t + 1];
    tables->open_mg[t] = tables->param[tables->open_param + 2 * t];
    tables->open_eg[t] = tables->param[tables->open_param + 2 * t + 1];
    tables->semiopen_mg[t] = tables->param[tables->semiopen_param + 2 * t];
    tables->semiopen_eg[t] = tables->param[tables->semiopen_param + 2 * t + 1];
    for (int c = 0; c < COLOR_NB; c++)
      for (int sq = 0; sq < sq_nb; sq++) {
        tables->psq_mg[t][c][sq] = clamp16(tables->param[eval_psq_param(tables, t, c, 0, sq)]);
        tables->psq_eg[t][c][sq] = clamp16(tables->param[eval_psq_param(tables, t, c, 1, sq)]);
      }
    int sign = tables->antimaterial[t] ? -1 : 1;
    for (int c = 0; c < COLOR_NB; c++)
      for (int sq = 0; sq < sq_nb; sq++) {
        tables->placed_mg[t][c][sq] = sign * tables->value_mg[t] + tables->psq_mg[t][c][sq];
        tables->placed_eg[t][c][sq] = sign * tables->value_eg[t] + tables->psq_eg[t][c][sq];
      }
  }
  tables_set_reach(tables);
}

bool eval_tables_build_derived(EvalTables *tables, const Variant *variant) {
  memset(tables, 0, sizeof *tables);
  tables->variant = variant;
  int levels = variant->shape.levels > 0 ? variant->shape.levels : 1;
  int sq_nb = variant->shape.files * variant->shape.ranks * levels;
  if (sq_nb <= 0 || sq_nb > SQUARES_MAX) return false;
  tables->square_nb = sq_nb;
  tables->piece_count = variant->piece_count;
  int types = variant->piece_count;

  /* 1. One allocation for every per-square table. */
  size_t cells = (size_t)types * COLOR_NB * 2 * sq_nb + (size_t)sq_nb * 2;
  tables->memory = calloc(cells + (size_t)sq_nb * 7, sizeof(int16_t));
  MobilityWalk *walk = walk_new(variant);
  if (!tables->memory || !walk) {
    walk_free(walk);
    eval_tables_free(tables);
    return false;
  }
  int16_t *next = tables->memory;
  for (int t = 0; t < types; t++)
    for (int c = 0; c < COLOR_NB; c++) {
      tables->psq_mg[t][c] = next, next += sq_nb;
      tables->psq_eg[t][c] = next, next += sq_nb;
    }
  tables->placed_memory = calloc((size_t)types * COLOR_NB * 2 * sq_nb + 1, sizeof(int));
  if (!tables->placed_memory) {
    walk_free(walk);
    eval_tables_free(tables);
    return false;
  }
  for (int t = 0; t < types; t++)
    for (int c = 0; c < COLOR_NB; c++) {
      tables->placed_mg[t][c] = tables->placed_memory + ((size_t)t * COLOR_NB + c) * 2 * sq_nb;
      tables->placed_eg[t][c] = tables->placed_mg[t][c] + sq_nb;
    }
  tables->promo_distance[WHITE] = (int8_t *)next, next += sq_nb;
  tables->promo_distance[BLACK] = (int8_t *)next, next += sq_nb;
  bool hill = variant->rules.hill || variant->rules.hill_by_color[WHITE] ||
              variant->rules.hill_by_color[BLACK];
  tables->hill_distance[WHITE] = hill ? (int8_t *)next : NULL;
  next += sq_nb;
  tables->hill_distance[BLACK] = hill ? (int8_t *)next : NULL;
  next += sq_nb;
  tables->hill_types = type_set_any(variant->rules.hill_types) ? variant->rules.hill_types
                                                               : variant->rules.royal_types;
  tables->file_of = (uint8_t *)next, next += sq_nb;
  tables->rank_of = (uint8_t *)next, next += sq_nb;
  tables->edge_distance = (int8_t *)next, next += sq_nb;
  int width = variant->shape.files, height = variant->shape.ranks;
  for (int sq = 0; sq < sq_nb; sq++) {
    int f = sq % width, r = rank_of(variant, sq);
    tables->file_of[sq] = (uint8_t)f;
    tables->rank_of[sq] = (uint8_t)r;
    int edge = f < width - 1 - f ? f : width - 1 - f;
    if (r < edge) edge = r;
    if (height - 1 - r < edge) edge = height - 1 - r;
    tables->edge_distance[sq] = (int8_t)(edge > 100 ? 100 : edge);
    if (edge > tables->edge_max) tables->edge_max = edge > 100 ? 100 : edge;
  }
  tables->span = (width > height ? width : height) - 1;
  if (!tables_fill_around(tables, variant)) {
    walk_free(walk);
    eval_tables_free(tables);
    return false;
  }
  const VariantRules *rules = &variant->rules;
  tables->bare_goal = rules->bare_royal == RESULT_LOSS;
  tables->bare_reply = tables->bare_goal && rules->bare_royal_reply;
  tables->mop_up = rules->checkmate != RESULT_WIN && rules->checkmate != RESULT_DRAW;

  /* 2. Per piece: mobility per square, then value and piece-square terms. */
  int *mobility = calloc((size_t)sq_nb, sizeof(int));
  if (!mobility) {
    walk_free(walk);
    eval_tables_free(tables);
    return false;
  }
  for (int t = 0; t < types; t++) {
    const PieceType *piece = &variant->pieces[t];
    tables->royal[t] = piece->royal || type_set_has(&variant->rules.royal_types, t);
    tables->antimaterial[t] = variant->rules.extinction_result == RESULT_WIN &&
                              type_set_has(&variant->rules.extinction_types, t);
    tables->pawn_like[t] = board_type_forward_only(variant, t);
    tables->has_pawn_like |= tables->pawn_like[t];
    for (int c = 0; c < COLOR_NB; c++) {
      bool mixed = false;
      long sum = 0;
      int count = 0;
      for (int sq = 0; sq < sq_nb; sq++) {
        if (!square_on_board(variant, sq)) continue;
        mobility[sq] = walk_square(walk, t, (Color)c, sq, &mixed);
        sum += mobility[sq], count++;
      }
      int mean = count ? (int)(sum / count) : 0;
      if (c == WHITE) {
        int value = 58 * mean / 100;
        if (!mixed && mean > 0) value = value * 86 / 100;
        if (tables->pawn_like[t] && value < 100) value = 100;
        if (value < 50) value = 50;
        if (piece->value > 0) value = piece->value;
        tables->value[t] = tables->royal[t] ? 0 : value;
        tables->hand_value[t] = value + value / 8;
        if (!tables->royal[t] && !tables->pawn_like[t]) tables->phase_weight[t] = value / 100;
      }
      for (int sq = 0; sq < sq_nb; sq++) {
        int delta = square_on_board(variant, sq) ? mobility[sq] - mean : 0;
        int mg = 6 * delta / 100, eg = 6 * delta / 100;
        if (tables->royal[t]) {
          /* A royal hides in the middle game: fewer lines to it, and at home. */
          int r = rank_of(variant, sq), home = c == WHITE ? r : variant->shape.ranks - 1 - r;
          mg = -4 * delta / 100 - 12 * (home < 4 ? home : 4);
        }
        if (tables->pawn_like[t]) mg = eg = 0; /* pawns: advancement terms instead */
        tables->psq_mg[t][c][sq] = (int16_t)mg;
        tables->psq_eg[t][c][sq] = (int16_t)eg;
      }
    }
  }
  free(mobility);
  walk_free(walk);

  /* 3. Promotion and hill distances. */
  tables_fill_promotion(tables, variant);
  if (hill)
    for (int c = 0; c < COLOR_NB; c++) tables_fill_hill(tables, variant, (Color)c);
  if (!tables_fill_align(tables, variant) || !tables_fill_link(tables, variant) ||
      !tables_fill_flip(tables, variant)) {
    eval_tables_free(tables);
    return false;
  }

  /* 4. Pawn advancement: a little in the middle game, growing fast in the end
   *    game, in proportion to what promotion gains (a queen: 100%, a ferz:
   *    much less, no promotion: a little for space). */
  for (int t = 0; t < types; t++) {
    if (!tables->pawn_like[t]) continue;
    int gain = 0;
    for (int p = 0; p < types; p++)
      if (type_set_has(&variant->pieces[t].promotes_to, p) &&
          tables->value[p] - tables->value[t] > gain)
        gain = tables->value[p] - tables->value[t];
    int scale = gain * 100 / 800;
    tables->promo_scale[t] = scale < 15 ? 15 : scale > 120 ? 120 : scale;
    for (int c = 0; c < COLOR_NB; c++)
      for (int sq = 0; sq < sq_nb; sq++) {
        int d = tables->promo_distance[c][sq];
        int ranks = variant->shape.ranks;
        int advance = d < 0 ? 0 : ranks - 1 - d; /* ranks advanced past the start */
        if (advance < 0) advance = 0;
        tables->psq_mg[t][c][sq] = (int16_t)(3 * advance);
        tables->psq_eg[t][c][sq] = (int16_t)(advance * advance * 2 * tables->promo_scale[t] / 100);
      }
  }
  /* 5. The phase of the start position: phase weights of the pieces its FEN places. */
  tables->phase_total = tables_start_phase(tables, variant);
  tables_fill_exchange(tables, variant);
  if (!tables_build_params(tables, variant)) {
    eval_tables_free(tables);
    return false;
  }
  return true;
}

bool eval_tables_build(EvalTables *tables, const Variant *variant) {
  if (!eval_tables_build_derived(tables, variant)) return false;
  eval_weights_load_shipped(tables, stderr);
  return true;
}

void eval_tables_free(EvalTables *tables) {
  free(tables->align_squares);
  free(tables->align_first);
  free(tables->link_next);
  free(tables->flip_next);
  free(tables->memory);
  free(tables->param);
  free(tables->psq_cell[WHITE]);
  free(tables->around_first);
  free(tables->placed_memory);
  free(tables->around);
  memset(tables, 0, sizeof *tables);
}
