/* match_log.h — the -debug trace: every line exchanged with every engine,
 * time-stamped, on one stream shared by all games (one lock); and warnings
 * about engines, each given once. */
#ifndef CHIMERA_MATCH_LOG_H
#define CHIMERA_MATCH_LOG_H

#include <stdio.h>

/* Where the trace goes; NULL (the default) turns it off. */
void match_log_open(FILE *stream);
/* direction '>' to the engine, '<' from it. */
void match_log_line(const char *engine, char direction, const char *line);

/* Where warnings go (the match's progress stream); NULL: nowhere. Opening
 * forgets the warnings already given. */
void match_log_warnings(FILE *stream);
/* One warning about an engine, given once per match: an engine restarted
 * after a fault, or started by each worker, says the same thing again. */
void match_log_warn(const char *engine, const char *text);

#endif
