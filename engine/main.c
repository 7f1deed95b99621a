/* main.c — the chimera binary: parse the command line and run it. */
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif

#include "engine/cli.h"

int main(int argc, char **argv) {
#ifdef M_ARENA_MAX
  /* One malloc arena for every thread. glibc gives each new thread an arena
   * that reserves 64 MB of address space; under an address-space limit
   * (ulimit -v) a thread started when that reservation fails gets none and
   * cannot reuse what other threads freed, so the thread that runs a search
   * found no memory after Threads were given back and answered bestmove
   * (none). The search allocates nothing while it runs (search/searcher.c),
   * so the per-thread arenas bought nothing. */
  mallopt(M_ARENA_MAX, 1);
#endif
  CliInvocation invocation;
  if (cli_parse(argc, argv, &invocation, stderr) != 0) return 2;
  return cli_run(&invocation, stdout, stderr);
}
