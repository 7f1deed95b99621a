/* eval.c — generic static evaluation, from the side to move's point of view.
 *
 * Terms, all derived from the variant (eval_tables.c), none assuming a board
 * size, a king or orthodox pieces:
 *   1. material and piece-square terms, tapered between middle and end game
 *      by the phase (non-pawn material left relative to the start position);
 *   2. pieces in hand, worth a little more than on the board;
 *   3. pawn-like structure: doubled and isolated pieces, passed ones by how
 *      close they are to promotion;
 *   4. royal safety: friends next to each royal, enemy pieces close to it;
 *   5. the variant's goal: distance of royals to the hill, checks given
 *      towards an n-check limit, the last piece of an extinction set;
 *   6. a small bonus for the side to move.
 */
#include <stdlib.h>

#include "search/search_internal.h"

#define FILES_MAX 64

typedef struct {
  int mg, eg;
} Score2;

static void pawns_evaluate(const Position *pos, const EvalTables *tables, Score2 *out) {
  const Geometry *geo = &pos->geo;
  int files = geo->files < FILES_MAX ? geo->files : FILES_MAX;
  /* Per colour and file: count, and the most advanced / least advanced rank. */
  int count[COLOR_NB][FILES_MAX] = {{0}};
  int rearmost[COLOR_NB][FILES_MAX]; /* in the colour's own direction */
  for (int c = 0; c < COLOR_NB; c++)
    for (int f = 0; f < files; f++) rearmost[c][f] = 1 << 20;
  bool any = false;
  for (int c = 0; c < COLOR_NB; c++)
    for (int i = 0; i < pos->pcount[c]; i++) {
      int sq = pos->plist[c][i];
      int type = piece_type(pos_piece_on(pos, sq));
      if (!tables->pawn_like[type]) continue;
      int f = tables->file_of[sq];
      if (f >= files) continue;
      int r = tables->rank_of[sq];
      int own = c == WHITE ? r : geo->ranks - 1 - r;
      count[c][f]++;
      if (own < rearmost[c][f]) rearmost[c][f] = own;
      any = true;
    }
  if (!any) return;
  for (int c = 0; c < COLOR_NB; c++) {
    int sign = c == WHITE ? 1 : -1;
    Color them = (Color)!c;
    for (int f = 0; f < files; f++) {
      if (!count[c][f]) continue;
      /* Doubled and isolated. */
      if (count[c][f] > 1) out->mg -= sign * 10 * (count[c][f] - 1), out->eg -= sign * 20;
      bool left = f > 0 && count[c][f - 1], right = f + 1 < files && count[c][f + 1];
      if (!left && !right) out->mg -= sign * 8, out->eg -= sign * 10;
    }
    /* Passed: no enemy pawn-like piece ahead on this or a neighbouring file. */
    for (int i = 0; i < pos->pcount[c]; i++) {
      int sq = pos->plist[c][i];
      int type = piece_type(pos_piece_on(pos, sq));
      if (!tables->pawn_like[type]) continue;
      int f = tables->file_of[sq];
      if (f >= files) continue;
      int own = c == WHITE ? tables->rank_of[sq] : geo->ranks - 1 - tables->rank_of[sq];
      bool passed = true;
      for (int g = f - 1; g <= f + 1 && passed; g++) {
        if (g < 0 || g >= files || !count[them][g]) continue;
        /* Enemy rearmost (in its own direction) converted to our ranks. */
        int their_front = geo->ranks - 1 - rearmost[them][g];
        if (their_front > own) passed = false;
      }
      if (!passed) continue;
      int d = tables->promo_distance[c][sq];
      if (d < 0) continue;
      int near = geo->ranks - d; /* larger when closer */
      if (near < 0) near = 0;
      out->mg += sign * 2 * near;
      out->eg += sign * near * near * 3 * tables->promo_scale[type] / 100;
    }
  }
}

static int chebyshev(const EvalTables *tables, int a, int b) {
  int df = abs(tables->file_of[a] - tables->file_of[b]);
  int dr = abs(tables->rank_of[a] - tables->rank_of[b]);
  return df > dr ? df : dr;
}

static void royals_evaluate(const Position *pos, const EvalTables *tables, Score2 *out) {
  const VariantRules *rules = &pos->variant->rules;
  for (int c = 0; c < COLOR_NB; c++) {
    int sign = c == WHITE ? 1 : -1;
    for (int i = 0; i < pos->pcount[c]; i++) {
      int royal_sq = pos->plist[c][i];
      int type = piece_type(pos_piece_on(pos, royal_sq));
      if (!tables->royal[type]) continue;
      /* Shelter and danger: pieces within two squares of the royal. */
      int shelter = 0, danger = 0;
      for (int cc = 0; cc < COLOR_NB; cc++)
        for (int j = 0; j < pos->pcount[cc]; j++) {
          int sq = pos->plist[cc][j];
          if (sq == royal_sq) continue;
          int d = chebyshev(tables, sq, royal_sq);
          if (d > 2) continue;
          int t = piece_type(pos_piece_on(pos, sq));
          if (cc == c)
            shelter += d == 1 ? 1 : 0;
          else if (!tables->pawn_like[t] && !tables->royal[t])
            danger += (3 - d) * (tables->value[t] > 400 ? 2 : 1);
        }
      out->mg += sign * (6 * (shelter < 4 ? shelter : 4) - 10 * danger);
    }
    /* King of the hill, racing kings: the goal pieces' distance to the hill,
     * closer is better, sharply so at the end. */
    for (int i = 0; tables->hill_distance[c] && i < pos->pcount[c]; i++) {
      int sq = pos->plist[c][i];
      if (!(tables->hill_types >> piece_type(pos_piece_on(pos, sq)) & 1)) continue;
      int d = tables->hill_distance[c][sq];
      int near = 8 - (d < 8 ? d : 8);
      out->mg += sign * near * near * 8;
      out->eg += sign * near * near * 10;
    }
    /* n-check: checks given so far, worth more as the limit nears. */
    if (rules->check_limit > 0) {
      int given = pos->st.checks_given[c];
      int bonus = given * 120 * rules->check_limit / (rules->check_limit - given + 1);
      out->mg += sign * bonus, out->eg += sign * bonus;
    }
  }
}

static int extinction_evaluate(const Position *pos) {
  uint64_t types = pos->variant->rules.extinction_types;
  if (!types) return 0;
  int score = 0;
  for (int c = 0; c < COLOR_NB; c++) {
    int left = 0;
    for (int t = 0; t < pos->variant->piece_count; t++)
      if ((types >> t) & 1) left += pos_count_pieces(pos, (Color)c, t);
    if (left == 1) score += c == WHITE ? -150 : 150;
  }
  return score;
}

int eval_position(const Position *pos, const EvalTables *tables) {
  Score2 total = {0, 0};
  int phase = 0;
  int types = pos->variant->piece_count;

  /* 1. Material and piece-square terms. */
  for (int c = 0; c < COLOR_NB; c++) {
    int sign = c == WHITE ? 1 : -1;
    for (int i = 0; i < pos->pcount[c]; i++) {
      int sq = pos->plist[c][i];
      int type = piece_type(pos_piece_on(pos, sq));
      int value = tables->antimaterial[type] ? -tables->value[type] : tables->value[type];
      total.mg += sign * (value + tables->psq_mg[type][c][sq]);
      total.eg += sign * (value + tables->psq_eg[type][c][sq]);
      phase += tables->phase_weight[type];
    }
    /* 2. Pieces in hand. */
    for (int t = 0; t < types; t++) {
      int n = pos_hand_count(pos, (Color)c, t);
      if (!n) continue;
      total.mg += sign * n * tables->hand_value[t];
      total.eg += sign * n * tables->hand_value[t];
      phase += n * tables->phase_weight[t];
    }
  }

  /* 3. Pawn-like structure; 4-5. royals and goals. */
  pawns_evaluate(pos, tables, &total);
  royals_evaluate(pos, tables, &total);
  int goal = extinction_evaluate(pos);

  /* Taper: phase 1.0 = all the start position's pieces are still there. */
  if (phase > tables->phase_total) phase = tables->phase_total;
  int score = (total.mg * phase + total.eg * (tables->phase_total - phase)) / tables->phase_total;
  score += goal;
  if (pos_side_to_move(pos) == BLACK) score = -score;

  /* 6. Tempo. */
  score += 12;
  if (score > SEARCH_EVAL_MAX) score = SEARCH_EVAL_MAX;
  if (score < -SEARCH_EVAL_MAX) score = -SEARCH_EVAL_MAX;
  return score;
}
