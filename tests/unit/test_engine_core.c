/* test_engine_core.c — the protocol-neutral engine core driven directly:
 * variants from the shipped files, options with their side effects, and bad
 * input refused without a change of state. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"

Suite *test_suite(void);

static char last_message[512];
static void remember_message(void *context, const char *text) {
  (void)context;
  snprintf(last_message, sizeof last_message, "%s", text);
}

static Engine *new_engine(void) {
  EngineReport report = {.message = remember_message};
  Engine *engine = engine_create(&report);
  ck_assert_ptr_nonnull(engine);
  return engine;
}

START_TEST(shipped_variants_are_loaded_and_chess_is_first_choice) {
  Engine *engine = new_engine();
  ck_assert_int_gt(engine_variant_count(engine), 1);
  ck_assert_ptr_nonnull(engine_variant(engine));
  ck_assert_str_eq(engine_variant(engine)->name, "chess");
  ck_assert_str_eq(engine_option_text(engine, OPTION_UCI_VARIANT), "chess");
  engine_destroy(engine);
}
END_TEST

START_TEST(variant_option_selects_and_rejects) {
  Engine *engine = new_engine();
  char err[256] = "";
  ck_assert_int_eq(engine_set_option(engine, "UCI_Variant", "capablanca", err, sizeof err), 0);
  ck_assert_str_eq(engine_variant(engine)->name, "capablanca");
  ck_assert_int_eq(engine_variant(engine)->shape.files, 10);
  ck_assert_int_eq(engine_set_option(engine, "uci_variant", "no-such", err, sizeof err), -1);
  ck_assert_ptr_nonnull(strstr(err, "no-such"));
  ck_assert_str_eq(engine_variant(engine)->name, "capablanca");
  ck_assert_str_eq(engine_option_text(engine, OPTION_UCI_VARIANT), "capablanca");
  engine_destroy(engine);
}
END_TEST

START_TEST(number_options_keep_their_value_on_bad_input) {
  Engine *engine = new_engine();
  char err[256];
  ck_assert_int_eq(engine_set_option(engine, "Hash", "8", err, sizeof err), 0);
  ck_assert_int_eq(engine_option_number(engine, OPTION_HASH), 8);
  ck_assert_int_eq(engine_set_option(engine, "Hash", "-1", err, sizeof err), -1);
  ck_assert_int_eq(engine_option_number(engine, OPTION_HASH), 8);
  ck_assert_int_eq(engine_set_option(engine, "Threads", "2", err, sizeof err), 0);
  ck_assert_int_eq(engine_option_number(engine, OPTION_THREADS), 2);
  ck_assert_int_eq(engine_set_option(engine, "Clear Hash", NULL, err, sizeof err), 0);
  ck_assert_int_eq(engine_set_option(engine, "Bogus", "1", err, sizeof err), -1);
  engine_destroy(engine);
}
END_TEST

START_TEST(bad_fen_and_missing_files_are_errors) {
  Engine *engine = new_engine();
  char err[256] = "";
  ck_assert_int_eq(engine_set_position(engine, "garbage", err, sizeof err), -1);
  ck_assert_str_ne(err, "");
  ck_assert_int_eq(engine_set_position(engine, NULL, err, sizeof err), 0);
  ck_assert_int_eq(engine_undo_move(engine), -1);
  ck_assert_int_eq(engine_set_option(engine, "VariantPath", "/no/such/file.var", err, sizeof err),
                   -1);
  /* The game is still there after a failed load. */
  ck_assert_ptr_nonnull(engine_variant(engine));
  ck_assert_int_eq(engine_set_position(engine, NULL, err, sizeof err), 0);
  engine_destroy(engine);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("engine_core");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, shipped_variants_are_loaded_and_chess_is_first_choice);
  tcase_add_test(tc, variant_option_selects_and_rejects);
  tcase_add_test(tc, number_options_keep_their_value_on_bad_input);
  tcase_add_test(tc, bad_fen_and_missing_files_are_errors);
  suite_add_tcase(suite, tc);
  return suite;
}
