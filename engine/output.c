/* output.c — whole, flushed lines to the GUI under one lock (see output.h). */
#include "engine/output.h"

#include <stdarg.h>
#include <stdlib.h>

void output_init(Output *output, FILE *stream) {
  output->stream = stream;
  pthread_mutex_init(&output->lock, NULL);
}

void output_destroy(Output *output) {
  pthread_mutex_destroy(&output->lock);
}

void output_line(Output *output, const char *format, ...) {
  char small[4096];
  char *line = small;
  va_list args;
  va_start(args, format);
  int length = vsnprintf(small, sizeof small, format, args);
  va_end(args);
  if (length < 0) return;
  /* Long lines (feature variants=..., a long PV) are formatted again in full
   * rather than cut: a truncated protocol line is a wrong line. */
  if ((size_t)length >= sizeof small && (line = malloc((size_t)length + 1))) {
    va_start(args, format);
    vsnprintf(line, (size_t)length + 1, format, args);
    va_end(args);
  } else if (!line) {
    line = small;
  }
  pthread_mutex_lock(&output->lock);
  /* A line may quote what the GUI sent: a control byte in it (a newline
   * above all) would forge or break protocol lines, so it is written as
   * \xNN. */
  for (const char *c = line; *c; c++) {
    unsigned char byte = (unsigned char)*c;
    if (byte < 0x20 || byte == 0x7f)
      fprintf(output->stream, "\\x%02x", byte);
    else
      fputc(byte, output->stream);
  }
  fputc('\n', output->stream);
  fflush(output->stream);
  pthread_mutex_unlock(&output->lock);
  if (line != small) free(line);
}
