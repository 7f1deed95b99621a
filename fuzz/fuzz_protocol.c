/* fuzz_protocol.c — libFuzzer target for protocol mode: the whole engine
 * (UCI or XBoard front end, engine core, variant loading, board, search)
 * fed a conversation as a GUI would send it. The first byte picks the
 * protocol; the rest is sent line by line. Any input must end with the
 * engine exiting, never a crash, hang or sanitizer report. Built by
 * fuzz/run.sh protocol, not by the default build.
 *
 * Lines with `perft` are dropped: a deep count runs as long as it was asked
 * to by design (tests/protocol/test_hostile.py checks it answers stop). */
#define _GNU_SOURCE /* fmemopen, memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/protocol.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > 4096) return 0;
  const char *start = data[0] & 1 ? "xboard\nprotover 2\n" : "uci\n";
  char *text = malloc(strlen(start) + size + 2);
  if (!text) return 0;
  size_t n = strlen(start);
  memcpy(text, start, n);
  /* Copy line by line, leaving out perft. */
  const char *p = (const char *)data + 1, *end = (const char *)data + size;
  while (p < end) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    size_t len = eol ? (size_t)(eol - p) + 1 : (size_t)(end - p);
    if (!memmem(p, len, "perft", 5)) {
      memcpy(text + n, p, len);
      n += len;
    }
    p += len;
  }
  text[n++] = '\n';
  FILE *in = fmemopen(text, n, "r");
  FILE *out = fopen("/dev/null", "w");
  if (in && out) protocol_run(in, out);
  if (in) fclose(in);
  if (out) fclose(out);
  free(text);
  return 0;
}
