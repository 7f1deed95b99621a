/* protocol.c — protocol detection from the first command (see protocol.h).
 *
 * GUIs open with `uci` (UCI) or `xboard`/`protover` (XBoard). Until one of
 * those arrives, other lines get a short hint and are otherwise ignored, so a
 * human typing at the engine learns what it expects.
 */
#include "engine/protocol.h"

#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* A NUL byte inside a line would end it for every string function after
 * this one, silently dropping the rest ("e2e4\0 e7e5" read as "e2e4"): it
 * is spelt out as the four characters \x00, so the word holding it is
 * refused by name like any other bad word. Returns false without memory. */
static bool protocol_spell_nuls(char **buffer, size_t *size, size_t length) {
  size_t nuls = 0;
  for (size_t i = 0; i < length; i++) nuls += (*buffer)[i] == '\0';
  if (!nuls) return true;
  char *spelt = malloc(length + 3 * nuls + 1);
  if (!spelt) return false;
  size_t n = 0;
  for (size_t i = 0; i < length; i++) {
    if ((*buffer)[i]) {
      spelt[n++] = (*buffer)[i];
    } else {
      memcpy(spelt + n, "\\x00", 4);
      n += 4;
    }
  }
  spelt[n] = '\0';
  free(*buffer);
  *buffer = spelt;
  *size = length + 3 * nuls + 1;
  return true;
}

char *protocol_read_line(FILE *in, char **buffer, size_t *size) {
  ssize_t length = getline(buffer, size, in);
  if (length < 0) return NULL;
  while (length > 0 && ((*buffer)[length - 1] == '\n' || (*buffer)[length - 1] == '\r'))
    (*buffer)[--length] = '\0';
  if (!protocol_spell_nuls(buffer, size, (size_t)length)) (*buffer)[0] = '\0';
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
