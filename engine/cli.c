/* cli.c — parses the chimera command line and dispatches subcommands.
 *
 * The table below is the single source for subcommand names, their one-line
 * help and their handlers, so --help, parsing and dispatch cannot drift.
 * A subcommand that is not built yet says so and exits with status 2: a
 * missing feature must never look like a result.
 */
#include "engine/cli.h"
#include "engine/perft_cmd.h"

#include "engine/bench_cmd.h"

#include "engine/protocol.h"

#include <string.h>

#include "engine/show.h"
#include "engine/variants_cmd.h"
#include "match/match.h"
#include "tune/tune.h"

typedef int (*CliHandler)(int argc, char *const *argv, FILE *out, FILE *err);

typedef struct {
  CliCommand command;
  const char *name;
  const char *usage;
  const char *summary;
  CliHandler handler; /* NULL: not implemented yet */
} CliEntry;

static const CliEntry CLI_TABLE[] = {
    {CLI_PERFT, "perft",
     "perft [--variant NAME] [--fen FEN] [--chess960] [--load FILE] [--divide] DEPTH",
     "count leaf nodes of the legal move tree", perft_cmd_run},
    {CLI_BENCH, "bench", "bench [DEPTH] [THREADS] [HASH_MB] [VARIANTS]",
     "search a fixed set of positions; prints Nodes searched and Nodes/second", bench_cmd_run},
    {CLI_CHECK, "check", "check FILE... | check --rules",
     "validate variant files (file:line:col errors); --rules lists the FBR rules", check_cmd_run},
    {CLI_SHOW, "show",
     "show PIECE-or-MBN [--variant NAME] [--board WxH[xL[xW]]] [--hexagonal vertical|horizontal] "
     "[--square SQ[:L] or SQ:Z;W] [--list] [--black]",
     "draw a piece's moves on an empty board", show_run},
    {CLI_VARIANTS, "variants", "variants [--long]", "list the loaded variants", variants_cmd_run},
    {CLI_MATCH, "match",
     "match -engine cmd=PROG [name=N] [proto=uci|xboard] ... -engine ... [-each KEY=VALUE...] "
     "[-variant NAME] [-games N] [-repeat] [-openings ...] [-sprt ...] [-concurrency N] "
     "[-pgnout FILE]",
     "play engines against each other, refereed by Chimera (docs/match.md)", match_cmd_run},
    {CLI_TUNE, "tune",
     "tune VARIANT [--games N] [--depth D | --nodes N] [--threads T] [--seed S] [--data FILE] "
     "[--out FILE] [--from FILE] [--no-play] [--no-fit] [--dump] ...",
     "learn the variant's evaluation weights by self-play and Texel's method (docs/tune.md)",
     tune_cmd_run},
};

enum { CLI_TABLE_NB = sizeof CLI_TABLE / sizeof CLI_TABLE[0] };

static const CliEntry *cli_find(CliCommand command) {
  for (int i = 0; i < CLI_TABLE_NB; i++)
    if (CLI_TABLE[i].command == command) return &CLI_TABLE[i];
  return NULL;
}

const char *cli_command_name(CliCommand command) {
  switch (command) {
  case CLI_PROTOCOL: return "protocol";
  case CLI_HELP: return "--help";
  case CLI_VERSION: return "--version";
  default: {
    const CliEntry *entry = cli_find(command);
    return entry ? entry->name : "?";
  }
  }
}

/* Removes every `--load FILE` from argv (any position) into out->loads;
 * returns the remaining argc, with the rest copied to out->args. */
static int cli_take_loads(int argc, char *const *argv, CliInvocation *out, FILE *err) {
  int kept = 0;
  out->load_count = 0;
  for (int i = 0; i < argc; i++) {
    if (i > 0 && !strcmp(argv[i], "--load")) {
      if (i + 1 >= argc) {
        fprintf(err, "chimera: --load needs a file name\n");
        return -1;
      }
      if (out->load_count == CLI_LOADS_MAX) {
        fprintf(err, "chimera: more than %d --load options\n", CLI_LOADS_MAX);
        return -1;
      }
      out->loads[out->load_count++] = argv[++i];
      continue;
    }
    if (kept == (int)(sizeof out->args / sizeof out->args[0]) - 1) {
      fprintf(err, "chimera: too many arguments\n");
      return -1;
    }
    out->args[kept++] = argv[i];
  }
  out->args[kept] = NULL;
  return kept;
}

int cli_parse(int argc, char *const *argv, CliInvocation *out, FILE *err) {
  out->command = CLI_PROTOCOL;
  out->argc = 0;
  out->argv = argv + (argc > 0 ? argc : 0);
  argc = cli_take_loads(argc, argv, out, err);
  if (argc < 0) return -1;
  argv = out->args;
  out->argv = argv + argc;
  if (argc < 2) return 0;

  const char *word = argv[1];
  out->argc = argc - 2;
  out->argv = argv + 2;
  if (!strcmp(word, "--help") || !strcmp(word, "-h") || !strcmp(word, "help")) {
    out->command = CLI_HELP;
    return 0;
  }
  if (!strcmp(word, "--version") || !strcmp(word, "-V")) {
    out->command = CLI_VERSION;
    return 0;
  }
  for (int i = 0; i < CLI_TABLE_NB; i++) {
    if (!strcmp(word, CLI_TABLE[i].name)) {
      out->command = CLI_TABLE[i].command;
      return 0;
    }
  }
  fprintf(err, "chimera: unknown command '%s' (try 'chimera --help')\n", word);
  return -1;
}

void cli_print_help(FILE *out) {
  fprintf(out, "Chimera %s, a chess-variant engine.\n\n", CHIMERA_VERSION);
  fprintf(out, "Usage:\n");
  fprintf(out, "  chimera                 speak UCI or XBoard on stdin/stdout (detected from the "
               "first command)\n");
  for (int i = 0; i < CLI_TABLE_NB; i++)
    fprintf(out, "  chimera %s\n      %s\n", CLI_TABLE[i].usage, CLI_TABLE[i].summary);
  fprintf(out, "  chimera --help          this text\n");
  fprintf(out,
          "  --load FILE             (any command, repeatable) also load the variants of "
          "FILE;\n                          %s names more files or directories\n",
          "CHIMERA_VARIANT_PATH");
  fprintf(out, "  chimera --version       print the version\n");
}

static int cli_not_built(const char *what, FILE *err) {
  fprintf(err, "chimera: '%s' is not implemented yet\n", what);
  return 2;
}

int cli_run(const CliInvocation *invocation, FILE *out, FILE *err) {
  engine_library_set_loads(invocation->loads, invocation->load_count);
  switch (invocation->command) {
  case CLI_HELP: cli_print_help(out); return 0;
  case CLI_VERSION: fprintf(out, "chimera %s\n", CHIMERA_VERSION); return 0;
  case CLI_PROTOCOL: return protocol_run(stdin, out);
  default: break;
  }
  const CliEntry *entry = cli_find(invocation->command);
  if (!entry) return cli_not_built("?", err);
  if (!entry->handler) return cli_not_built(entry->name, err);
  return entry->handler(invocation->argc, invocation->argv, out, err);
}
