/* eval_tables.h — what the evaluation knows about a variant, derived once
 * when the variant is first searched: piece values from mobility, piece-square
 * terms from mobility per square, which pieces are royal or pawn-like, and
 * the game phase. Built from the Variant alone (move programs walked on an
 * empty board), so it knows nothing of 8x8, kings or orthodox pieces.
 */
#ifndef CHIMERA_SEARCH_EVAL_TABLES_H
#define CHIMERA_SEARCH_EVAL_TABLES_H

#include <stdbool.h>
#include <stdint.h>

#include "mbn/variant.h"

/* What losing a royal costs in a static exchange: more than any material. */
#define EVAL_ROYAL_SEE_VALUE 5000
/* The evaluation's one-word type sets (reach, pairs, files) cover types
 * 0..EVAL_SET_TYPES-1: a power of two, at most 64. */
#define EVAL_SET_TYPES 64

/* The evaluation's parameters, one flat table (docs/tune.md): the scalar
 * weights below first, then per piece type a middle- and end-game value, a
 * value in hand, for non-royal pieces that are not pawn-like a mobility
 * weight (middle and end game, per square reached), a royal-zone weight (per
 * square reached next to the enemy royal), a pair bonus (two or more of
 * the type) and open- and half-open-file terms, and piece-square terms on the variant's own board
 * folded by its symmetry. eval.c reads the scalars from EvalTables.param and the rest from the
 * tables eval_params_apply() expands them into. */
enum {
  EW_TEMPO,       /* for the side to move */
  EW_DOUBLED_MG,  /* per extra pawn-like piece on a file */
  EW_DOUBLED_EG,  /* per file with more than one */
  EW_ISOLATED_MG, /* no friendly pawn-like piece on a neighbouring file */
  EW_ISOLATED_EG,
  EW_PASSED_MG,    /* x nearness to the promotion zone */
  EW_PASSED_EG,    /* x nearness^2 x promotion gain / 100 */
  EW_PASSED_ROYAL, /* percent: end game royal proximity to a passed piece's path */
  EW_SHELTER,      /* per friend next to a royal (up to 4) */
  EW_DANGER,       /* per enemy piece near a royal, weighted by distance and value */
  EW_HILL_MG,      /* x nearness^2 of a hill piece to its hill */
  EW_HILL_EG,
  EW_CHECK,          /* checks given, weighted towards the n-check limit */
  EW_EXTINCTION,     /* the last piece of an extinction set */
  EW_ZONE_ATTACKERS, /* x pairs of pieces reaching the enemy royal's zone */
  EW_THREAT_PAWN_MG, /* per enemy piece (not pawn-like, not royal) a pawn-like piece attacks */
  EW_THREAT_PAWN_EG,
  EW_THREAT_MG, /* per enemy piece worth more than the piece attacking it (not royal) */
  EW_THREAT_EG,
  EW_ZONE_DANGER, /* x (squares of the enemy royal's zone reached, counted per piece)^2 / 8 */
  EW_ROYAL_OPEN,  /* per file at or next to a royal without friendly pawn-like pieces */
  EW_GUARDED_MG,  /* per square a piece reaches that an enemy pawn-like piece captures on */
  EW_GUARDED_EG,
  EW_RESTRICTED_MG, /* per square a non-royal piece's safe reach falls short of 3 */
  EW_RESTRICTED_EG,
  EW_CONNECTED_MG, /* x ranks advanced, per pawn-like piece with a friendly one beside it or
                    * diagonally behind it */
  EW_CONNECTED_EG,
  EW_SAFE_CHECK,   /* middle game: per piece type that could give check from a square the enemy
                    * does not guard (board/mobility.c: pos_royal_checks), drops included */
  EW_UNSAFE_CHECK, /* middle game: per piece type that could give check only from guarded squares */
  EW_HANGING_MG,   /* per enemy piece (not royal) attacked and guarded by none of its side */
  EW_HANGING_EG,
  EW_ALIGN,     /* goal: per line of connect=line(N) or block of connect=square(N) holding k
                 * pieces of one side and none of the other's, k^2 (negative where it loses) */
  EW_LINK,      /* goal: connect=from[..],to[..] (gale): per square the enemy's chain still needs
                 * beyond one's own (the fewest empty squares to fill for a chain) */
  EW_STABLE,    /* goal: flip=line (reversi): per stone no line can ever enclose again */
  EW_EXPOSED,   /* goal: flip=line: per stone an enemy stone put on an empty square would turn */
  EW_ENCLOSING, /* goal: flip=line: per empty square where a stone of the side would turn some */
  EW_SCALAR_NB
};
extern const char *const EVAL_SCALAR_NAMES[EW_SCALAR_NB];

/* How a parameter enters the score: the middle game, the end game (tapered
 * by the phase), both alike, untapered (goal terms), or for the side to move. */
typedef enum {
  EVAL_KIND_MG,
  EVAL_KIND_EG,
  EVAL_KIND_BOTH,
  EVAL_KIND_GOAL,
  EVAL_KIND_TEMPO
} EvalKind;

/* A square near another (EvalTables.around) and its king-distance to it. */
typedef struct {
  int16_t sq;
  int8_t distance;
} EvalNear;

typedef struct {
  const Variant *variant;
  int square_nb;
  int piece_count;
  int value[PIECE_TYPE_MAX];      /* centipawns (royal pieces: 0, they are never traded) */
  int hand_value[PIECE_TYPE_MAX]; /* a piece in hand (drop variants) */
  bool royal[PIECE_TYPE_MAX];     /* royal by the piece or the rules */
  bool pawn_like[PIECE_TYPE_MAX]; /* never moves backwards or sideways: structure terms */
  bool has_pawn_like;             /* some type is (files can be open or not) */
  int phase_weight[PIECE_TYPE_MAX];
  int promo_scale[PIECE_TYPE_MAX]; /* percent: how much reaching the zone is worth (pawn-like) */
  int phase_total;                 /* sum of phase weights in the start position, >= 1 */
  /* Piece-square terms per [type][colour][square], middle game and end game. */
  int16_t *psq_mg[PIECE_TYPE_MAX][COLOR_NB];
  int16_t *psq_eg[PIECE_TYPE_MAX][COLOR_NB];
  /* The same plus the piece's value (value_mg, value_eg; subtracted for an
   * antimaterial piece), so that the material loop reads one number per
   * phase and piece (eval_params_apply fills them). */
  int *placed_mg[PIECE_TYPE_MAX][COLOR_NB];
  int *placed_eg[PIECE_TYPE_MAX][COLOR_NB];
  int *placed_memory;
  /* Per square, per colour: how far (in ranks) from the promotion zone; -1
   * when the zone cannot be reached by rank (no zone). */
  int8_t *promo_distance[COLOR_NB];
  int8_t *hill_distance[COLOR_NB]; /* king-distance to each side's hill, NULL if no hill */
  TypeSet hill_types;              /* pieces that win by reaching the hill */
  /* connect=line(N) and connect=square(N) (tictactoe, connect four,
   * teeko): every group of squares that one side wins by filling: each
   * line of N squares on a rank, file or (unless orthogonal) diagonal, and
   * each NxN block. Group i is align_squares[align_first[i]] up to
   * align_first[i + 1]; align_types the pieces that count; align_sign -1
   * where the group loses. None for collinear lines (gaps allowed) and the
   * chains of from[..],to[..]. */
  int16_t *align_squares;
  int *align_first;
  int align_count, align_sign;
  TypeSet align_types;
  /* connect=from[..],to[..] (gale): for each square, the squares a chain
   * goes on to (link_dirs per square, -1 where none), as the board's
   * flood grows it; NULL without such a goal. */
  int16_t *link_next;
  int link_dirs;
  /* flip=line (reversi): each square's neighbours in the eight directions
   * (-1 off the board), direction d + 4 opposite d, for the stones no line
   * can enclose and those a stone put next would turn; NULL in other
   * variants. */
  int16_t *flip_next;
  bool antimaterial[PIECE_TYPE_MAX]; /* losing all of these wins: fewer is better */
  uint8_t *file_of, *rank_of;        /* square -> file, rank (no division in the hot path) */
  /* Endgame goals from the rules: a bared side loses (bare_reply: unless it
   * bares back at once), and cornering the enemy royal is how the stronger
   * side wins (mop-up), unless being mated wins (losers). */
  bool bare_goal, bare_reply, mop_up;
  /* Per square, the other squares at most two king steps from it by file
   * and rank (on any level: distance 0 on another one), for royal safety:
   * around[around_first[sq]] up to around[around_first[sq + 1]], nearest
   * first. */
  int *around_first;
  EvalNear *around;
  int8_t *edge_distance; /* per square: steps to the nearest board edge */
  int edge_max;          /* the largest edge_distance on the board */
  int span;              /* the longest king-distance on the board */
  /* Exchange facts (movepick.c's SEE): whether a move wins exactly the
   * pieces it removes (no explosions, no colour flips), whether moreover no
   * move removes more than one piece (no capture mid-move), and the most a
   * promotion adds to a piece's value. */
  bool capture_gain_exact, capture_takes_one;
  int promo_gain_max;
  int see_value[PIECE_TYPE_MAX]; /* value in exchanges: a royal counts EVAL_ROYAL_SEE_VALUE */
  int16_t *memory;               /* one allocation backing the tables above */
  /* The parameters (see EW_*): param[0..EW_SCALAR_NB) the scalars, then
   * value_param + 2t (+1: end game), hand_param + t, mobility_param + 2t
   * (+1: end game), and per piece, colour
   * set and phase psq_cells piece-square terms from psq_param on. */
  int param_count;
  int *param;
  int value_param, hand_param, mobility_param, zone_param, pair_param, open_param, semiopen_param,
      psq_param;
  int psq_cells;                /* folded squares of one piece-square table */
  int psq_sets;                 /* 1: black reads white's table mirrored; 2: its own */
  bool fold_files;              /* a file and its mirror share a term */
  int *psq_cell[COLOR_NB];      /* square -> cell, in that colour's own view */
  int value_mg[PIECE_TYPE_MAX]; /* material in the evaluation (value[] is the exchange's) */
  int value_eg[PIECE_TYPE_MAX];
  /* Per square the piece reaches (board/movegen.h pos_mobility); the
   * derived weights are 0, and a type whose weights are both 0 is not
   * counted at all (mobility_on), so untuned variants pay nothing. */
  int mobility_mg[PIECE_TYPE_MAX], mobility_eg[PIECE_TYPE_MAX];
  bool mobility_on[PIECE_TYPE_MAX];
  /* Per square reached on or next to the enemy royal (zone_param), and the
   * bonus for two or more of a type (pair_param), for the same types. */
  int zone_mg[PIECE_TYPE_MAX], zone_eg[PIECE_TYPE_MAX];
  int pair_mg[PIECE_TYPE_MAX], pair_eg[PIECE_TYPE_MAX];
  /* On a file without pawn-like pieces (open_param) or without friendly ones
   * but with enemy ones (semiopen_param), for the same types. */
  int open_mg[PIECE_TYPE_MAX], open_eg[PIECE_TYPE_MAX];
  int semiopen_mg[PIECE_TYPE_MAX], semiopen_eg[PIECE_TYPE_MAX];
  /* threat_types[t]: the enemy types a piece of type t threatens (pawn-like:
   * every type neither pawn-like nor royal; others: non-royal types of a
   * higher middle-game value). */
  uint64_t threat_types[PIECE_TYPE_MAX];
  /* Sets of types: those the evaluation asks the board what they reach
   * (some weight that reads it is not 0), those with a pair bonus or a file
   * term that is not 0, and the types these terms apply to at all, which
   * the traced build counts so that the tuner can fit weights still 0:
   * nonroyal_types and mobility_types (neither royal nor pawn-like).
   * These are one word: the terms apply to the first EVAL_SET_TYPES types
   * (reach is asked of bitboards, which exist for at most 64 types; pairs
   * and files of types beyond 64 are not counted). */
  uint64_t reach_types, pair_types, file_types;
  uint64_t nonroyal_types, mobility_types;
  uint64_t pawn_like_types;
} EvalTables;

/* Index of the piece-square parameter of piece type `type` for colour `color`
 * on square `sq`, phase 0 (middle game) or 1 (end game). */
/* Whether the type has mobility weights: not royal, not pawn-like. */
static inline bool eval_has_mobility(const EvalTables *tables, int type) {
  return !tables->royal[type] && !tables->pawn_like[type];
}

static inline int eval_psq_param(const EvalTables *tables, int type, int color, int phase, int sq) {
  int set = tables->psq_sets == 1 ? 0 : color;
  return tables->psq_param + ((type * tables->psq_sets + set) * 2 + phase) * tables->psq_cells +
         tables->psq_cell[color][sq];
}

/* Recomputes the tables the evaluation reads (values, piece-square terms)
 * from tables->param, after the parameters changed. */
void eval_params_apply(EvalTables *tables);

/* Builds the tables (allocates) with the values derived from mobility, then
 * reads the variant's weights file if it has one (eval_weights.h: a broken
 * file is reported on stderr and the derived values are kept); false when
 * out of memory. eval_tables_build_derived never reads a file. */
bool eval_tables_build(EvalTables *tables, const Variant *variant);
bool eval_tables_build_derived(EvalTables *tables, const Variant *variant);
void eval_tables_free(EvalTables *tables);

/* Mobility of a piece type for a colour from a square on an empty board,
 * sliders discounted as if the board were partly filled (x100). Exposed for tests. */
int eval_piece_mobility(const Variant *variant, int type, Color color, int square);

#endif
