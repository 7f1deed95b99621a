/* match_log.c — the -debug trace and engine warnings (see match_log.h). */
#include "match/match_log.h"

#include <pthread.h>
#include <stdint.h>

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

/* Hashes of the warnings given; when full, further warnings are printed
 * every time rather than lost. */
#define WARN_SEEN_MAX 256
static FILE *warn_stream;
static uint64_t warn_seen[WARN_SEEN_MAX];
static int warn_seen_count;

void match_log_warnings(FILE *stream) {
  pthread_mutex_lock(&log_lock);
  warn_stream = stream;
  warn_seen_count = 0;
  pthread_mutex_unlock(&log_lock);
}

static uint64_t warn_hash(const char *engine, const char *text) {
  uint64_t h = 1469598103934665603ull; /* FNV-1a */
  for (const char *s = engine; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
  h = (h ^ 0xff) * 1099511628211ull;
  for (const char *s = text; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return h;
}

void match_log_warn(const char *engine, const char *text) {
  uint64_t h = warn_hash(engine, text);
  pthread_mutex_lock(&log_lock);
  bool seen = false;
  for (int i = 0; i < warn_seen_count && !seen; i++) seen = warn_seen[i] == h;
  if (!seen && warn_seen_count < WARN_SEEN_MAX) warn_seen[warn_seen_count++] = h;
  if (!seen && warn_stream) {
    fprintf(warn_stream, "chimera match: warning: engine '%s': %s\n", engine, text);
    fflush(warn_stream);
  }
  pthread_mutex_unlock(&log_lock);
}
