/* test_match_stats.c — match/stats.c against numbers worked out by hand.
 *
 * Table: W=10 L=5 D=5 (N=20).
 *   score s = (10 + 5/2) / 20 = 0.625
 *   Elo = -400 log10(1/0.625 - 1) = -400 log10(0.6) = -400 * (-0.2218487) = 88.739
 *   per-game variance: 0.5*(1-0.625)^2 + 0.25*(0-0.625)^2 + 0.25*(0.5-0.625)^2
 *                    = 0.0703125 + 0.09765625 + 0.00390625 = 0.171875
 *   stdev of the mean = sqrt(0.171875/20) = 0.0927025
 *   95% with the exact z = 1.959964: s +- 0.181694 = [0.443306, 0.806694], margin 143.87;
 *   cutechess-cli (whose numbers we reproduce) uses Winitzki's erf^-1 with
 *   a = 8(pi-3)/(3pi(4-pi)) = 0.140012, which gives z = 1.957162:
 *   s +- 0.181434 = [0.443566, 0.806434]
 *   Elo(0.806434) = -400 log10(0.240027) = 247.90; Elo(0.443566) = -400 log10(1.254484) = -39.38
 *   margin = (247.90 + 39.38) / 2 = 143.64
 *   LOS = 1/2 + 1/2 erf((10-5)/sqrt(2*15)) = 1/2 + 1/2 erf(0.912871) = 0.90165
 *
 * SPRT, elo0 = 0, elo1 = 10: s0 = 0.5, s1 = 1/(1 + 10^(-10/400)) = 1/1.944061 = 0.514387.
 *   Trinomial (losses 5, draws 5, wins 10): mu = 0.625, var = 0.171875,
 *     LLR = 20 * 0.014387 * (1.25 - 1.014387) / 0.171875 / 2 = 0.19722
 *   Pentanomial [1, 2, 3, 2, 2] (10 pairs; scores 0, 1/4, 1/2, 3/4, 1):
 *     mu = (0 + 2*0.25 + 3*0.5 + 2*0.75 + 2*1)/10 = 0.55
 *     var = (1*0.55^2 + 2*0.3^2 + 3*0.05^2 + 2*0.2^2 + 2*0.45^2)/10 = 0.0975
 *     LLR = 10 * 0.014387 * (1.1 - 1.014387) / 0.0975 / 2 = 0.063166
 *   Bounds for alpha = beta = 0.05: log(0.05/0.95) = -2.944439, log(0.95/0.05) = 2.944439.
 */
#include <check.h>
#include <math.h>

#include "match/stats.h"

Suite *test_suite(void);

START_TEST(elo_of_a_small_table) {
  EloEstimate e;
  ck_assert(stats_elo(10, 5, 5, &e));
  ck_assert_double_eq_tol(e.score, 0.625, 1e-12);
  ck_assert_double_eq_tol(e.elo, 88.739, 0.001);
  ck_assert_double_eq_tol(e.margin, 143.64, 0.02);
  ck_assert_double_eq_tol(e.los, 0.90165, 0.00001);
  ck_assert_double_eq_tol(e.draw_ratio, 0.25, 1e-12);
}
END_TEST

START_TEST(even_score_is_zero_elo) {
  /* W=3 L=3 D=4: s = 0.5, Elo 0; variance 0.3*0.25*2 = 0.15, stdev sqrt(0.015) = 0.122474;
   * with cutechess's z = 1.957162: 0.5 +- 0.239706, Elo(0.739706) = -400 log10(0.351889) = 181.43,
   * symmetric, so the margin is 181.43. */
  EloEstimate e;
  ck_assert(stats_elo(3, 3, 4, &e));
  ck_assert_double_eq_tol(e.elo, 0.0, 1e-9);
  ck_assert_double_eq_tol(e.margin, 181.43, 0.02);
  ck_assert_double_eq_tol(e.los, 0.5, 1e-12);
  ck_assert(!stats_elo(0, 0, 0, &e));
}
END_TEST

START_TEST(llr_trinomial_and_pentanomial) {
  int tri[3] = {5, 5, 10};
  ck_assert_double_eq_tol(stats_llr(tri, 3, 0, 10), 0.19722, 0.00002);
  int penta[5] = {1, 2, 3, 2, 2};
  ck_assert_double_eq_tol(stats_llr(penta, 5, 0, 10), 0.063166, 0.00002);
  /* All outcomes equal: no variance, no evidence. */
  int same[3] = {0, 7, 0};
  ck_assert_double_eq_tol(stats_llr(same, 3, 0, 10), 0.0, 1e-12);
}
END_TEST

START_TEST(sprt_bounds_and_verdicts) {
  SprtSpec spec = {0, 10, 0.05, 0.05};
  double lower, upper;
  stats_sprt_bounds(&spec, &lower, &upper);
  ck_assert_double_eq_tol(lower, -2.944439, 1e-6);
  ck_assert_double_eq_tol(upper, 2.944439, 1e-6);
  ck_assert_int_eq(stats_sprt_verdict(&spec, 3.0), SPRT_H1);
  ck_assert_int_eq(stats_sprt_verdict(&spec, -3.0), SPRT_H0);
  ck_assert_int_eq(stats_sprt_verdict(&spec, 0.5), SPRT_CONTINUE);
  /* 100 wins, no losses or draws... one loss keeps the variance nonzero:
   * W=100 L=1 D=0: mu = 100/101, var = mu(1-mu) = 0.0098029;
   * LLR = 101 * 0.014387 * (2*0.990099 - 1.014387) / 0.0098029 / 2 = 71.58: H1. */
  int tri[3] = {1, 0, 100};
  ck_assert_double_eq_tol(stats_llr(tri, 3, 0, 10), 71.58, 0.02);
}
END_TEST

Suite *test_suite(void) {
  Suite *s = suite_create("match_stats");
  TCase *tc = tcase_create("stats");
  tcase_add_test(tc, elo_of_a_small_table);
  tcase_add_test(tc, even_score_is_zero_elo);
  tcase_add_test(tc, llr_trinomial_and_pentanomial);
  tcase_add_test(tc, sprt_bounds_and_verdicts);
  suite_add_tcase(s, tc);
  return s;
}
