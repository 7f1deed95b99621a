/* test_engine_options.c — the option table and XBoard's clock conversion. */
#include <check.h>

#include "engine/options.h"
#include "engine/xboard_clock.h"

Suite *test_suite(void);

START_TEST(options_are_found_ignoring_case_and_spacing) {
  ck_assert_int_eq(option_find("Hash"), OPTION_HASH);
  ck_assert_int_eq(option_find("hash"), OPTION_HASH);
  ck_assert_int_eq(option_find("move  overhead"), OPTION_MOVE_OVERHEAD);
  ck_assert_int_eq(option_find("UCI_Variant"), OPTION_UCI_VARIANT);
  ck_assert_int_eq(option_find("Hashes"), -1);
  ck_assert_int_eq(option_find(""), -1);
}
END_TEST

START_TEST(numbers_are_checked_against_the_range) {
  char err[128];
  int value = -1;
  ck_assert_int_eq(option_parse_number(option_spec(OPTION_HASH), "64", &value, err, sizeof err), 0);
  ck_assert_int_eq(value, 64);
  ck_assert_int_eq(option_parse_number(option_spec(OPTION_HASH), "0", &value, err, sizeof err), -1);
  ck_assert_int_eq(option_parse_number(option_spec(OPTION_HASH), "6x", &value, err, sizeof err),
                   -1);
  ck_assert_int_eq(value, 64);
  ck_assert_int_eq(option_parse_number(option_spec(OPTION_PONDER), "true", &value, err, sizeof err),
                   0);
  ck_assert_int_eq(value, 1);
  ck_assert_int_eq(option_parse_number(option_spec(OPTION_PONDER), "yes", &value, err, sizeof err),
                   -1);
}
END_TEST

START_TEST(xboard_level_becomes_clock_times) {
  XboardClock clock;
  xboard_clock_init(&clock);
  ck_assert_int_eq(xboard_clock_level(&clock, "40 0:30 0.5"), 0);
  ck_assert_int_eq(clock.moves_per_session, 40);
  ck_assert_int_eq(clock.base_ms, 30000);
  ck_assert_int_eq(clock.inc_ms, 500);
  ck_assert_int_eq(xboard_clock_level(&clock, "0 2 12"), 0);
  ck_assert_int_eq(clock.base_ms, 120000);
  ck_assert_int_eq(xboard_clock_level(&clock, "forty 2 0"), -1);
  ck_assert_int_eq(xboard_clock_level(&clock, "40 2:xx 0"), -1);
  ck_assert_int_eq(clock.base_ms, 120000); /* unchanged by bad input */
}
END_TEST

START_TEST(xboard_clock_request_uses_time_and_otim) {
  XboardClock clock;
  xboard_clock_init(&clock);
  ck_assert_int_eq(xboard_clock_level(&clock, "40 5 0"), 0);
  ck_assert_int_eq(xboard_clock_centiseconds(&clock.own_ms, "2500"), 0);
  ck_assert_int_eq(xboard_clock_centiseconds(&clock.other_ms, "-30"), 0);
  EngineGo go;
  xboard_clock_request(&clock, BLACK, 11, &go);
  ck_assert_int_eq(go.time_ms[BLACK], 25000);
  ck_assert_int_eq(go.time_ms[WHITE], 0);
  ck_assert_int_eq(go.movestogo, 35);
  ck_assert_int_eq(xboard_clock_seconds_per_move(&clock, "3"), 0);
  xboard_clock_request(&clock, WHITE, 0, &go);
  ck_assert_int_eq(go.movetime_ms, 3000);
  ck_assert_int_eq(go.time_ms[WHITE], -1);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("engine_options");
  TCase *tc = tcase_create("options");
  tcase_add_test(tc, options_are_found_ignoring_case_and_spacing);
  tcase_add_test(tc, numbers_are_checked_against_the_range);
  tcase_add_test(tc, xboard_level_becomes_clock_times);
  tcase_add_test(tc, xboard_clock_request_uses_time_and_otim);
  suite_add_tcase(suite, tc);
  return suite;
}
