/* output.h — the engine's one channel to the GUI.
 *
 * The protocol reader and the search thread both write to the GUI; every line
 * goes out whole and flushed under one lock, so a search report can never cut
 * into a reply the reader is writing, and a GUI that reads lines never waits
 * on a buffered half line.
 */
#ifndef CHIMERA_ENGINE_OUTPUT_H
#define CHIMERA_ENGINE_OUTPUT_H

#include <pthread.h>
#include <stdio.h>

typedef struct {
  FILE *stream;
  pthread_mutex_t lock;
} Output;

void output_init(Output *output, FILE *stream);
void output_destroy(Output *output);

/* Writes one line (a '\n' is appended) and flushes it. */
void output_line(Output *output, const char *format, ...) __attribute__((format(printf, 2, 3)));

#endif
