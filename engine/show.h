/* show.h — the `chimera show` subcommand (see show.c). */
#ifndef CHIMERA_ENGINE_SHOW_H
#define CHIMERA_ENGINE_SHOW_H

#include <stdio.h>

/* argv: the arguments after "show". Returns the exit status. */
int show_run(int argc, char *const *argv, FILE *out, FILE *err);

#endif
