/* variants_cmd.c — `chimera variants`, and loading the library for every
 * subcommand with the --load files of the run. */
#include "engine/variants_cmd.h"

#include <string.h>

enum { LOADS_MAX = 64 };

static const char *engine_loads[LOADS_MAX];
static int engine_load_count;

void engine_library_set_loads(const char *const *files, int count) {
  engine_load_count = count < LOADS_MAX ? count : LOADS_MAX;
  for (int i = 0; i < engine_load_count; i++) engine_loads[i] = files[i];
}

VariantLibrary *engine_library_load(FILE *err) {
  VariantDiagnostics diags = {0};
  VariantLibrary *lib = library_load_default(engine_loads, engine_load_count, &diags);
  variant_diag_print(&diags, err);
  variant_diag_free(&diags);
  return lib;
}

int variants_cmd_run(int argc, char *const *argv, FILE *out, FILE *err) {
  bool verbose = false;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--long") || !strcmp(argv[i], "-l")) {
      verbose = true;
    } else {
      fprintf(err, "chimera variants: unknown argument '%s' (usage: chimera variants [--long])\n",
              argv[i]);
      return 2;
    }
  }
  VariantLibrary *lib = engine_library_load(err);
  if (!lib) return 1;
  for (int i = 0; i < library_count(lib); i++) {
    const Variant *v = library_variant(lib, i);
    if (!verbose) {
      fprintf(out, "%s\n", v->name);
      continue;
    }
    char size[32];
    snprintf(size, sizeof size, "%dx%d", v->shape.files, v->shape.ranks);
    if (v->shape.levels > 1)
      snprintf(size + strlen(size), sizeof size - strlen(size), "x%d", v->shape.levels);
    fprintf(out, "%-20s %-8s %2d pieces  %s\n", v->name, size, v->piece_count,
            library_source(lib, i));
  }
  library_free(lib);
  return 0;
}
