/* variants_cmd.h — the variant library as the command line sees it, and the
 * `chimera variants` and `chimera check` subcommands.
 *
 * Every subcommand that needs variants calls engine_library_load(), which
 * reads the built-in files, CHIMERA_VARIANT_PATH and the --load files of
 * this run (see mbn/variant_library.h for the order).
 */
#ifndef CHIMERA_ENGINE_VARIANTS_CMD_H
#define CHIMERA_ENGINE_VARIANTS_CMD_H

#include <stdio.h>

#include "mbn/variant_library.h"

/* Remembers the --load files of this run (called by cli_run). */
void engine_library_set_loads(const char *const *files, int count);

/* Loads the library; writes every file:line:col error to err. */
VariantLibrary *engine_library_load(FILE *err);

/* chimera variants [--long] */
int variants_cmd_run(int argc, char *const *argv, FILE *out, FILE *err);

/* chimera check [--rules] FILE... */
int check_cmd_run(int argc, char *const *argv, FILE *out, FILE *err);

#endif
