/* cli.h — the command line of the chimera binary.
 *
 * Owns argument parsing and dispatch to the subcommands. Parsing is separate
 * from running so that tests can check what a command line means without
 * starting anything.
 */
#ifndef CHIMERA_ENGINE_CLI_H
#define CHIMERA_ENGINE_CLI_H

#include <stdio.h>

typedef enum {
  CLI_PROTOCOL, /* no subcommand: speak UCI or XBoard on stdin/stdout */
  CLI_HELP,
  CLI_VERSION,
  CLI_PERFT,
  CLI_BENCH,
  CLI_CHECK,
  CLI_SHOW,
  CLI_VARIANTS,
  CLI_MATCH,
  CLI_TUNE,
  CLI_COMMAND_NB
} CliCommand;

/* Most --load options one command line may carry. */
#define CLI_LOADS_MAX 32

typedef struct {
  CliCommand command;
  int argc;          /* arguments after the subcommand name, --load options removed */
  char *const *argv; /* points into args below or the caller's argv */
  const char *loads[CLI_LOADS_MAX]; /* --load FILE, anywhere on the line, in order */
  int load_count;
  char *args[64]; /* the subcommand's arguments without the --load options */
} CliInvocation;

/* Name of a subcommand as typed on the command line ("perft", ...). */
const char *cli_command_name(CliCommand command);

/* Parses argv. `--load FILE` may appear anywhere (before or after the
 * subcommand) and is collected in loads. Returns 0 on success; on an unknown
 * subcommand or option returns -1 and writes a one-line message to err. */
int cli_parse(int argc, char *const *argv, CliInvocation *out, FILE *err);

/* Prints the usage text listing every subcommand. */
void cli_print_help(FILE *out);

/* Runs a parsed invocation; returns the process exit status. */
int cli_run(const CliInvocation *invocation, FILE *out, FILE *err);

#endif
