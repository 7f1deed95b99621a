/* protocol.c — protocol detection from the first command (see protocol.h).
 *
 * GUIs open with `uci` (UCI) or `xboard`/`protover` (XBoard). Until one of
 * those arrives, other lines get a short hint and are otherwise ignored, so a
 * human typing at the engine learns what it expects.
 */
#include "engine/protocol.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

char *protocol_read_line(FILE *in, char **buffer, size_t *size) {
  ssize_t length = getline(buffer, size, in);
  if (length < 0) return NULL;
  while (length > 0 && ((*buffer)[length - 1] == '\n' || (*buffer)[length - 1] == '\r'))
    (*buffer)[--length] = '\0';
  return *buffer;
}

/* The first word of a line, compared without copying. */
static int protocol_first_word_is(const char *line, const char *word) {
  line += strspn(line, " \t");
  size_t n = strlen(word);
  return !strncmp(line, word, n) && (line[n] == '\0' || line[n] == ' ' || line[n] == '\t');
}

int protocol_run(FILE *in, FILE *out) {
  /* XBoard may send SIGINT to engines that did not say sigint=0 in time, and a
   * GUI closing its end of the pipe must not kill us mid-line. */
  signal(SIGINT, SIG_IGN);
  signal(SIGPIPE, SIG_IGN);
  Output output;
  output_init(&output, out);
  char *line = NULL;
  size_t size = 0;
  int status = 0;
  while (protocol_read_line(in, &line, &size)) {
    if (protocol_first_word_is(line, "uci")) {
      status = uci_run(in, &output, line);
      break;
    }
    if (protocol_first_word_is(line, "xboard") || protocol_first_word_is(line, "protover")) {
      status = xboard_run(in, &output, line);
      break;
    }
    if (protocol_first_word_is(line, "quit")) break;
    if (line[strspn(line, " \t")] == '\0') continue;
    output_line(&output, "Chimera %s: send 'uci' or 'xboard' first (got '%s')", CHIMERA_VERSION,
                line);
  }
  free(line);
  output_destroy(&output);
  return status;
}
