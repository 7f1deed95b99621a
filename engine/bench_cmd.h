/* bench_cmd.h — the `chimera bench` subcommand (see bench_cmd.c). */
#ifndef CHIMERA_ENGINE_BENCH_CMD_H
#define CHIMERA_ENGINE_BENCH_CMD_H

#include <stdio.h>

/* argv: [DEPTH] [THREADS] [HASH_MB] [VARIANTS]; returns the exit status. */
int bench_cmd_run(int argc, char *const *argv, FILE *out, FILE *err);

#endif
