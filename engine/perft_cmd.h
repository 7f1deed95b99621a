/* perft_cmd.h — the `chimera perft` subcommand. */
#ifndef CHIMERA_ENGINE_PERFT_CMD_H
#define CHIMERA_ENGINE_PERFT_CMD_H

#include <stdio.h>

/* chimera perft [--variant NAME] [--fen FEN] [--chess960] [--load FILE] [--divide] DEPTH
 * Prints per-move counts with --divide, then "Nodes searched: N" as the last
 * line. Returns the exit status (0 ok, 1 bad input). */
int perft_cmd_run(int argc, char *const *argv, FILE *out, FILE *err);

#endif
