/* test_search_eval_tables.c — values and piece-square terms come from
 * mobility alone: hand-built move programs (no MBN compiler involved) for the
 * orthodox pieces on 8x8 and on 10x8 get the familiar order of values. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "search/eval_tables.h"

Suite *test_suite(void);

enum { LEGS_MAX = 16 };
static MoveLeg legs_store[PIECE_TYPE_MAX][COLOR_NB][LEGS_MAX];

/* A piece of leaps/rides along vectors (dx, dy); black mirrors dy. */
static void piece_define(Variant *variant, int type, const char *letter, const int (*vectors)[2],
                         int count, int max_steps, bool royal) {
  PieceType *piece = &variant->pieces[type];
  snprintf(piece->letter, sizeof piece->letter, "%s", letter);
  piece->royal = royal;
  for (int c = 0; c < COLOR_NB; c++) {
    MoveLeg *legs = legs_store[type][c];
    for (int i = 0; i < count; i++) {
      MoveLeg leg = {0};
      leg.dx = (int8_t)vectors[i][0];
      leg.dy = (int8_t)(c == WHITE ? vectors[i][1] : -vectors[i][1]);
      leg.min_steps = 1;
      leg.max_steps = (uint8_t)max_steps;
      leg.occupancy = OCC_EMPTY | OCC_ENEMY;
      leg.flags = LEG_ENDS;
      leg.victim_set = leg.origin_range = leg.landing_range = MOVE_NONE;
      legs[i] = leg;
    }
    piece->moves[c].legs = legs;
    piece->moves[c].leg_count = (uint16_t)count;
    piece->moves[c].root_count = (uint16_t)count;
  }
  if (type >= variant->piece_count) variant->piece_count = type + 1;
}

static const int ORTHO[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int DIAG[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
static const int KING[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                               {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
static const int KNIGHT[8][2] = {{1, 2},  {2, 1},  {-1, 2},  {-2, 1},
                                 {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
static const int PAWN_PUSH[1][2] = {{0, 1}};

enum { P, N, B, R, Q, K };

static Variant chess_like(int files, int ranks) {
  static Variant variant;
  memset(&variant, 0, sizeof variant);
  variant.shape.files = files;
  variant.shape.ranks = ranks;
  variant.shape.levels = 1;
  piece_define(&variant, P, "P", PAWN_PUSH, 1, 1, false);
  piece_define(&variant, N, "N", KNIGHT, 8, 1, false);
  piece_define(&variant, B, "B", DIAG, 4, LEG_STEPS_UNLIMITED, false);
  piece_define(&variant, R, "R", ORTHO, 4, LEG_STEPS_UNLIMITED, false);
  piece_define(&variant, Q, "Q", KING, 8, LEG_STEPS_UNLIMITED, false);
  piece_define(&variant, K, "K", KING, 8, 1, true);
  variant.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  return variant;
}

START_TEST(orthodox_values_in_the_usual_order) {
  Variant variant = chess_like(8, 8);
  EvalTables tables;
  ck_assert(eval_tables_build(&tables, &variant));
  const int *v = tables.value;
  printf("8x8 values: P %d N %d B %d R %d Q %d phase %d\n", v[P], v[N], v[B], v[R], v[Q],
         tables.phase_total);
  ck_assert_int_eq(v[P], 100);
  ck_assert_int_ge(v[N], 250);
  ck_assert_int_le(v[N], 380);
  ck_assert_int_ge(v[B], v[N] - 60);
  ck_assert_int_le(v[B], v[N] + 80);
  ck_assert_int_gt(v[R], v[B] + 100);
  ck_assert_int_gt(v[Q], v[R] + 250);
  ck_assert_int_eq(v[K], 0);
  ck_assert(tables.royal[K] && !tables.royal[Q]);
  ck_assert(tables.pawn_like[P] && !tables.pawn_like[N] && !tables.pawn_like[K]);
  ck_assert_int_gt(tables.phase_total, 30);
  eval_tables_free(&tables);
}
END_TEST

START_TEST(knights_prefer_the_centre_and_pawns_advance) {
  Variant variant = chess_like(8, 8);
  EvalTables tables;
  ck_assert(eval_tables_build(&tables, &variant));
  int a1 = 0, d4 = 3 * 8 + 3, e7 = 6 * 8 + 4, e2 = 8 + 4;
  ck_assert_int_gt(tables.psq_mg[N][WHITE][d4], tables.psq_mg[N][WHITE][a1]);
  ck_assert_int_gt(tables.psq_eg[P][WHITE][e7], tables.psq_eg[P][WHITE][e2]);
  /* Black's pawn on e2 is as advanced as White's on e7. */
  ck_assert_int_eq(tables.psq_eg[P][BLACK][e2], tables.psq_eg[P][WHITE][e7]);
  ck_assert_int_eq(tables.promo_distance[WHITE][e7], 1);
  ck_assert_int_eq(tables.promo_distance[BLACK][e7], 6);
  ck_assert_int_eq(eval_piece_mobility(&variant, N, WHITE, a1), 200);
  ck_assert_int_eq(eval_piece_mobility(&variant, N, WHITE, d4), 800);
  eval_tables_free(&tables);
}
END_TEST

START_TEST(a_wider_board_makes_riders_worth_more) {
  Variant narrow = chess_like(8, 8);
  EvalTables a;
  ck_assert(eval_tables_build(&a, &narrow));
  int rook8 = a.value[R], knight8 = a.value[N];
  eval_tables_free(&a);
  Variant wide = chess_like(12, 12);
  ck_assert(eval_tables_build(&a, &wide));
  ck_assert_int_gt(a.value[R], rook8);
  ck_assert_int_ge(a.value[N], knight8);
  eval_tables_free(&a);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("search_eval_tables");
  TCase *tc = tcase_create("values");
  tcase_add_test(tc, orthodox_values_in_the_usual_order);
  tcase_add_test(tc, knights_prefer_the_centre_and_pawns_advance);
  tcase_add_test(tc, a_wider_board_makes_riders_worth_more);
  suite_add_tcase(suite, tc);
  return suite;
}
