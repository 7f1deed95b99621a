/* fuzz_variant_file.c — libFuzzer target for variant files: the file
 * reader, sections and inheritance, setup and FBR rules, the MBN compiler,
 * then the board's check of each compiled variant (what `chimera check`
 * and the engine run before offering a variant). Any input must produce
 * variants or file:line:col diagnostics, never a crash, hang or sanitizer
 * report. Built by fuzz/run.sh variant_file, not by the default build. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "board/position.h"
#include "mbn/variant_library.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 16384) return 0;
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = '\0';
  VariantLibrary *lib = library_new();
  VariantDiagnostics diags = {0};
  library_add_text(lib, "fuzz.var", text, &diags);
  library_compile(lib, &diags);
  for (int i = 0; i < library_count(lib); i++) {
    char why[256];
    pos_check_variant(library_variant(lib, i), why, sizeof why);
  }
  /* Every diagnostic has a place: "file:line:col: ". */
  for (int i = 0; i < diags.count; i++)
    if (strncmp(diags.items[i], "fuzz.var:", 9)) abort();
  variant_diag_free(&diags);
  library_free(lib);
  free(text);
  return 0;
}
