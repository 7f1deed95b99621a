/* test_cli.c — the command line means what --help says it means. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cli.h"

Suite *test_suite(void);

static char *captured(FILE *stream) {
  static char buffer[8192];
  fflush(stream);
  rewind(stream);
  size_t n = fread(buffer, 1, sizeof buffer - 1, stream);
  buffer[n] = '\0';
  return buffer;
}

START_TEST(no_arguments_means_protocol_mode) {
  char *argv[] = {"chimera", NULL};
  CliInvocation inv;
  ck_assert_int_eq(cli_parse(1, argv, &inv, stderr), 0);
  ck_assert_int_eq(inv.command, CLI_PROTOCOL);
}
END_TEST

START_TEST(subcommands_are_recognised_with_their_arguments) {
  const char *names[] = {"perft", "bench", "check", "show", "variants"};
  const CliCommand commands[] = {CLI_PERFT, CLI_BENCH, CLI_CHECK, CLI_SHOW, CLI_VARIANTS};
  for (int i = 0; i < 5; i++) {
    char *argv[] = {"chimera", (char *)names[i], "x", "y", NULL};
    CliInvocation inv;
    ck_assert_int_eq(cli_parse(4, argv, &inv, stderr), 0);
    ck_assert_int_eq(inv.command, commands[i]);
    ck_assert_int_eq(inv.argc, 2);
    ck_assert_str_eq(inv.argv[0], "x");
    ck_assert_str_eq(cli_command_name(commands[i]), names[i]);
  }
}
END_TEST

START_TEST(unknown_subcommand_is_an_error_naming_it) {
  char *argv[] = {"chimera", "frobnicate", NULL};
  CliInvocation inv;
  FILE *err = tmpfile();
  ck_assert_int_eq(cli_parse(2, argv, &inv, err), -1);
  ck_assert_ptr_nonnull(strstr(captured(err), "'frobnicate'"));
  fclose(err);
}
END_TEST

START_TEST(help_lists_every_subcommand) {
  FILE *out = tmpfile();
  cli_print_help(out);
  const char *text = captured(out);
  const char *names[] = {"perft", "bench", "check", "show", "variants", "--version"};
  for (int i = 0; i < 6; i++) ck_assert_msg(strstr(text, names[i]), "help lacks %s", names[i]);
  fclose(out);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("cli");
  TCase *tc = tcase_create("parse");
  tcase_add_test(tc, no_arguments_means_protocol_mode);
  tcase_add_test(tc, subcommands_are_recognised_with_their_arguments);
  tcase_add_test(tc, unknown_subcommand_is_an_error_naming_it);
  tcase_add_test(tc, help_lists_every_subcommand);
  suite_add_tcase(suite, tc);
  return suite;
}
