/* protocol.h — protocol mode: `chimera` with no subcommand.
 *
 * Reads the first command and hands the conversation to the UCI front end
 * (uci) or the XBoard front end (xboard, protover). Each front end owns its
 * engine core and only translates text.
 */
#ifndef CHIMERA_ENGINE_PROTOCOL_H
#define CHIMERA_ENGINE_PROTOCOL_H

#include <stdio.h>

#include "engine/output.h"

/* Runs the conversation until quit or end of input; returns the exit status. */
int protocol_run(FILE *in, FILE *out);

/* Reads one line without its end-of-line characters into a growing buffer.
 * Returns the line, or NULL at end of input. */
char *protocol_read_line(FILE *in, char **buffer, size_t *size);

/* Front ends: take over after the first line (already read). */
int uci_run(FILE *in, Output *out, const char *first_line);
int xboard_run(FILE *in, Output *out, const char *first_line);

#endif
