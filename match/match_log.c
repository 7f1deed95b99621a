/* match_log.c — the -debug trace (see match_log.h). */
#include "match/match_log.h"

#include <pthread.h>

#include "match/proc.h"

static FILE *log_stream;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static long long log_start_ms = -1;

void match_log_open(FILE *stream) {
  log_stream = stream;
  log_start_ms = proc_clock_ms();
}

void match_log_line(const char *engine, char direction, const char *line) {
  if (!log_stream) return;
  pthread_mutex_lock(&log_lock);
  fprintf(log_stream, "%8lld %s %c %s\n", (long long)(proc_clock_ms() - log_start_ms), engine,
          direction, line);
  fflush(log_stream);
  pthread_mutex_unlock(&log_lock);
}
