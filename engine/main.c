/* main.c — the chimera binary: parse the command line and run it. */
#include "engine/cli.h"

int main(int argc, char **argv) {
  CliInvocation invocation;
  if (cli_parse(argc, argv, &invocation, stderr) != 0) return 2;
  return cli_run(&invocation, stdout, stderr);
}
