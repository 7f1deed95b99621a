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

typedef struct {
  const Variant *variant;
  int square_nb;
  int piece_count;
  int value[PIECE_TYPE_MAX];      /* centipawns (royal pieces: 0, they are never traded) */
  int hand_value[PIECE_TYPE_MAX]; /* a piece in hand (drop variants) */
  bool royal[PIECE_TYPE_MAX];     /* royal by the piece or the rules */
  bool pawn_like[PIECE_TYPE_MAX]; /* never moves backwards or sideways: structure terms */
  int phase_weight[PIECE_TYPE_MAX];
  int promo_scale[PIECE_TYPE_MAX]; /* percent: how much reaching the zone is worth (pawn-like) */
  int phase_total;                 /* sum of phase weights in the start position, >= 1 */
  /* Piece-square terms per [type][colour][square], middle game and end game. */
  int16_t *psq_mg[PIECE_TYPE_MAX][COLOR_NB];
  int16_t *psq_eg[PIECE_TYPE_MAX][COLOR_NB];
  /* Per square, per colour: how far (in ranks) from the promotion zone; -1
   * when the zone cannot be reached by rank (no zone). */
  int8_t *promo_distance[COLOR_NB];
  int8_t *hill_distance[COLOR_NB];   /* king-distance to each side's hill, NULL if no hill */
  uint64_t hill_types;               /* pieces that win by reaching the hill */
  bool antimaterial[PIECE_TYPE_MAX]; /* losing all of these wins: fewer is better */
  uint8_t *file_of, *rank_of;        /* square -> file, rank (no division in the hot path) */
  /* Endgame goals from the rules: a bared side loses (bare_reply: unless it
   * bares back at once), and cornering the enemy royal is how the stronger
   * side wins (mop-up), unless being mated wins (losers). */
  bool bare_goal, bare_reply, mop_up;
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
} EvalTables;

/* Builds the tables (allocates); false when out of memory. */
bool eval_tables_build(EvalTables *tables, const Variant *variant);
void eval_tables_free(EvalTables *tables);

/* Mobility of a piece type for a colour from a square on an empty board,
 * sliders discounted as if the board were partly filled (x100). Exposed for tests. */
int eval_piece_mobility(const Variant *variant, int type, Color color, int square);

#endif
