/* check_cmd.c — `chimera check FILE...`: validates variant files.
 *
 * The files are compiled against the built-in library (so that they may
 * inherit from shipped variants), but a built-in file named on the command
 * line is read only once, as one of the files checked. Every error is
 * printed as file:line:col: message; the exit status is 1 if there was any.
 */
/* realpath() is an XSI function. */
#define _XOPEN_SOURCE 700

#include "engine/variants_cmd.h"

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "board/position.h"
#include "mbn/fbr.h"

/* Is the file at path one of the files to check? */
static bool check_is_listed(const char *path, char *const *files, int count) {
  char real[PATH_MAX], other[PATH_MAX];
  if (!realpath(path, real)) return false;
  for (int i = 0; i < count; i++)
    if (realpath(files[i], other) && !strcmp(real, other)) return true;
  return false;
}

/* Adds the built-in files not being checked; their errors are not ours. */
static void check_add_builtins(VariantLibrary *lib, char *const *files, int count) {
  VariantDiagnostics ignored = {0};
  const char *dir_path = library_builtin_dir();
  DIR *dir = opendir(dir_path);
  if (!dir) return;
  struct dirent *entry;
  char path[PATH_MAX];
  char **names = NULL;
  int n = 0;
  while ((entry = readdir(dir))) {
    size_t len = strlen(entry->d_name);
    if (len < 5 || strcmp(entry->d_name + len - 4, ".var")) continue;
    snprintf(path, sizeof path, "%s/%s", dir_path, entry->d_name);
    if (check_is_listed(path, files, count)) continue;
    char **grown = realloc(names, (size_t)(n + 1) * sizeof *names);
    if (!grown) break;
    names = grown;
    names[n++] = strdup(path);
  }
  closedir(dir);
  for (int i = 0; i < n; i++) {
    library_add_path(lib, names[i], &ignored);
    free(names[i]);
  }
  free(names);
  library_compile(lib, &ignored);
  variant_diag_free(&ignored);
}

int check_cmd_run(int argc, char *const *argv, FILE *out, FILE *err) {
  if (argc == 1 && !strcmp(argv[0], "--rules")) {
    fbr_print_reference(out);
    return 0;
  }
  if (argc == 0) {
    fprintf(err, "chimera check: name at least one variant file (usage: chimera check FILE... "
                 "or chimera check --rules)\n");
    return 2;
  }
  VariantLibrary *lib = library_new();
  if (!lib) return 1;
  check_add_builtins(lib, argv, argc);
  int before = library_count(lib);
  VariantDiagnostics diags = {0};
  for (int i = 0; i < argc; i++) library_add_path(lib, argv[i], &diags);
  library_compile(lib, &diags);
  /* The board decides what the engine can play; check asks the same. */
  for (int i = before; i < library_count(lib); i++) {
    char why[256];
    if (!pos_check_variant(library_variant(lib, i), why, sizeof why))
      variant_diag_add(&diags, library_setup_pos(lib, i), "variant [%s] cannot be played: %s",
                       library_variant(lib, i)->name, why);
  }
  variant_diag_print(&diags, err);
  int variants = library_count(lib) - before;
  fprintf(out, "checked %d file(s): %d variant(s) compiled, %d error(s)\n", argc, variants,
          diags.count);
  int status = diags.count ? 1 : 0;
  variant_diag_free(&diags);
  library_free(lib);
  return status;
}
