/* match_log.h — the -debug trace: every line exchanged with every engine,
 * time-stamped, on one stream shared by all games (one lock). */
#ifndef CHIMERA_MATCH_LOG_H
#define CHIMERA_MATCH_LOG_H

#include <stdio.h>

/* Where the trace goes; NULL (the default) turns it off. */
void match_log_open(FILE *stream);
/* direction '>' to the engine, '<' from it. */
void match_log_line(const char *engine, char direction, const char *line);

#endif
