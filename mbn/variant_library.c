/* variant_library.c — loads variant files and keeps the compiled variants
 * (see variant_library.h).
 *
 * Files are parsed as they are added and compiled in batches, so that a
 * variant may inherit from one in a file that sorts after its own.
 */
#include "mbn/variant_library.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mbn/variant_build.h"
#include "mbn/variant_file.h"

#ifndef CHIMERA_VARIANT_DIR
#define CHIMERA_VARIANT_DIR "variants"
#endif

enum { INHERIT_DEPTH_MAX = 32 };

/* A section known to the library: where it lives and whether it compiled. */
typedef struct {
  int file;    /* index into files */
  int section; /* index into that file's sections */
  bool done;   /* compiled (successfully or not) */
  int variant; /* index into variants, or -1 */
} LibraryEntry;

struct VariantLibrary {
  VariantFile *files;
  int file_count;
  LibraryEntry *entries;
  int entry_count;
  Variant **variants;
  int *variant_entry;
  int variant_count;
};

/* An installed binary (PREFIX/bin/chimera) finds its variants in
 * PREFIX/share/chimera/variants, wherever PREFIX is; a binary run from the
 * build tree uses the source tree's, named at compile time. */
const char *library_builtin_dir(void) {
  static char installed[4096 + 32];
  static bool looked;
  if (!looked) {
    looked = true;
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = n > 0 ? (exe[n] = '\0', strrchr(exe, '/')) : NULL;
    struct stat st;
    if (slash) {
      *slash = '\0';
      snprintf(installed, sizeof installed, "%s/../share/chimera/variants", exe);
      if (stat(installed, &st) != 0 || !S_ISDIR(st.st_mode)) installed[0] = '\0';
    }
  }
  return installed[0] ? installed : CHIMERA_VARIANT_DIR;
}

VariantLibrary *library_new(void) {
  return calloc(1, sizeof(VariantLibrary));
}

static const VariantSection *library_section(const VariantLibrary *lib, const LibraryEntry *e) {
  return &lib->files[e->file].sections[e->section];
}

static int library_find_entry(const VariantLibrary *lib, const char *name) {
  for (int i = 0; i < lib->entry_count; i++)
    if (!strcmp(library_section(lib, &lib->entries[i])->name, name)) return i;
  return -1;
}

static bool library_adopt(VariantLibrary *lib, VariantFile *file, VariantDiagnostics *diags) {
  VariantFile *files = realloc(lib->files, (size_t)(lib->file_count + 1) * sizeof *files);
  if (!files) return false;
  lib->files = files;
  int index = lib->file_count++;
  lib->files[index] = *file;
  bool ok = true;
  for (int s = 0; s < file->section_count; s++) {
    const VariantSection *section = &file->sections[s];
    int other = library_find_entry(lib, section->name);
    if (other >= 0) {
      const VariantSection *first = library_section(lib, &lib->entries[other]);
      variant_diag_add(diags, section->pos, "variant '%s' is already defined at %s:%d",
                       section->name, first->pos.file, first->pos.line);
      ok = false;
      continue;
    }
    LibraryEntry *entries = realloc(lib->entries, (size_t)(lib->entry_count + 1) * sizeof *entries);
    if (!entries) return false;
    lib->entries = entries;
    lib->entries[lib->entry_count++] = (LibraryEntry){index, s, false, -1};
  }
  return ok;
}

bool library_add_text(VariantLibrary *lib, const char *name, const char *text,
                      VariantDiagnostics *diags) {
  VariantFile file;
  bool ok = variant_file_parse(&file, name, text, diags);
  return library_adopt(lib, &file, diags) && ok;
}

static int library_compare_names(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool library_add_dir(VariantLibrary *lib, const char *path, VariantDiagnostics *diags) {
  DIR *dir = opendir(path);
  if (!dir) {
    VariantPos pos = {path, 1, 1};
    variant_diag_add(diags, pos, "cannot read variant directory: %s", strerror(errno));
    return false;
  }
  char **names = NULL;
  int count = 0;
  struct dirent *entry;
  while ((entry = readdir(dir))) {
    size_t n = strlen(entry->d_name);
    if (n < 5 || strcmp(entry->d_name + n - 4, ".var")) continue;
    char **grown = realloc(names, (size_t)(count + 1) * sizeof *names);
    if (!grown) break;
    names = grown;
    names[count] = malloc(strlen(path) + n + 2);
    if (!names[count]) break;
    sprintf(names[count], "%s/%s", path, entry->d_name);
    count++;
  }
  closedir(dir);
  qsort(names, (size_t)count, sizeof *names, library_compare_names);
  bool ok = true;
  for (int i = 0; i < count; i++) {
    VariantFile file;
    if (!variant_file_load(&file, names[i], diags)) ok = false;
    if (!library_adopt(lib, &file, diags)) ok = false;
    free(names[i]);
  }
  free(names);
  return ok;
}

bool library_add_path(VariantLibrary *lib, const char *path, VariantDiagnostics *diags) {
  struct stat st;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) return library_add_dir(lib, path, diags);
  VariantFile file;
  bool ok = variant_file_load(&file, path, diags);
  if (!file.path) return false;
  return library_adopt(lib, &file, diags) && ok;
}

/* Copies a section's values (texts duplicated) into out. */
static void library_copy_section(VariantSection *out, const VariantSection *in) {
  *out = *in;
  for (int k = 0; k < VKEY_NB; k++)
    for (int c = 0; c < in->values[k].chunk_count; c++)
      out->values[k].chunks[c].text = strdup(in->values[k].chunks[c].text);
}

static void library_drop_section(VariantSection *s) {
  for (int k = 0; k < VKEY_NB; k++)
    for (int c = 0; c < s->values[k].chunk_count; c++) free(s->values[k].chunks[c].text);
}

/* Builds the resolved section of entry e: its own values over its parents'. */
static bool library_resolve(const VariantLibrary *lib, int e, VariantSection *out,
                            VariantDiagnostics *diags) {
  int chain[INHERIT_DEPTH_MAX];
  int depth = 0;
  int at = e;
  for (;;) {
    for (int i = 0; i < depth; i++) {
      if (chain[i] == at) {
        /* name the loop: a -> b -> c -> a */
        char loop[256] = "";
        size_t n = 0;
        for (int k = i; k <= depth && n < sizeof loop; k++) {
          int entry = k < depth ? chain[k] : at;
          n += (size_t)snprintf(loop + n, sizeof loop - n, "%s'%s'", k > i ? " -> " : "",
                                library_section(lib, &lib->entries[entry])->name);
        }
        const VariantSection *s = library_section(lib, &lib->entries[e]);
        variant_diag_add(diags, s->pos, "variant '%s': its inheritance is a loop (%s)", s->name,
                         loop);
        return false;
      }
    }
    if (depth == INHERIT_DEPTH_MAX) {
      const VariantSection *s = library_section(lib, &lib->entries[e]);
      variant_diag_add(diags, s->pos, "variant '%s': inheritance deeper than %d", s->name,
                       INHERIT_DEPTH_MAX);
      return false;
    }
    chain[depth++] = at;
    const VariantSection *s = library_section(lib, &lib->entries[at]);
    if (!s->parent[0]) break;
    int parent = library_find_entry(lib, s->parent);
    if (parent < 0) {
      variant_diag_add(diags, s->parent_pos,
                       "variant '%s' inherits from '%s', which is not defined", s->name, s->parent);
      return false;
    }
    at = parent;
  }
  /* Apply from the root down. */
  library_copy_section(out, library_section(lib, &lib->entries[chain[depth - 1]]));
  for (int i = depth - 2; i >= 0; i--) {
    VariantSection child;
    library_copy_section(&child, library_section(lib, &lib->entries[chain[i]]));
    variant_section_inherit(&child, out);
    library_drop_section(out);
    *out = child;
  }
  return true;
}

bool library_compile(VariantLibrary *lib, VariantDiagnostics *diags) {
  bool ok = true;
  for (int e = 0; e < lib->entry_count; e++) {
    LibraryEntry *entry = &lib->entries[e];
    if (entry->done) continue;
    entry->done = true;
    VariantSection resolved;
    if (!library_resolve(lib, e, &resolved, diags)) {
      ok = false;
      continue;
    }
    Variant *v = calloc(1, sizeof *v);
    if (!v || !variant_build(v, &resolved, diags)) {
      if (v) variant_release(v);
      free(v);
      library_drop_section(&resolved);
      ok = false;
      continue;
    }
    library_drop_section(&resolved);
    Variant **variants =
        realloc(lib->variants, (size_t)(lib->variant_count + 1) * sizeof *variants);
    int *owners = realloc(lib->variant_entry, (size_t)(lib->variant_count + 1) * sizeof *owners);
    if (variants) lib->variants = variants;
    if (owners) lib->variant_entry = owners;
    if (!variants || !owners) {
      variant_release(v);
      free(v);
      return false;
    }
    entry->variant = lib->variant_count;
    lib->variant_entry[lib->variant_count] = e;
    lib->variants[lib->variant_count++] = v;
  }
  return ok;
}

bool library_load_file(VariantLibrary *lib, const char *path, VariantDiagnostics *diags) {
  bool ok = library_add_path(lib, path, diags);
  return library_compile(lib, diags) && ok;
}

VariantLibrary *library_load_default(const char *const *extra_files, int extra_count,
                                     VariantDiagnostics *diags) {
  VariantLibrary *lib = library_new();
  if (!lib) return NULL;
  library_add_path(lib, library_builtin_dir(), diags);
  const char *env = getenv(LIBRARY_PATH_ENV);
  if (env && *env) {
    char *copy = strdup(env);
    for (char *save = NULL, *part = copy ? strtok_r(copy, ":", &save) : NULL; part;
         part = strtok_r(NULL, ":", &save))
      library_add_path(lib, part, diags);
    free(copy);
  }
  for (int i = 0; i < extra_count; i++) library_add_path(lib, extra_files[i], diags);
  library_compile(lib, diags);
  return lib;
}

const Variant *library_find(const VariantLibrary *lib, const char *name) {
  if (!lib || !name) return NULL;
  for (int i = 0; i < lib->variant_count; i++)
    if (!strcmp(lib->variants[i]->name, name)) return lib->variants[i];
  return NULL;
}

int library_count(const VariantLibrary *lib) {
  return lib ? lib->variant_count : 0;
}

const Variant *library_variant(const VariantLibrary *lib, int index) {
  return index >= 0 && index < lib->variant_count ? lib->variants[index] : NULL;
}

const char *library_source(const VariantLibrary *lib, int index) {
  if (index < 0 || index >= lib->variant_count) return NULL;
  const LibraryEntry *e = &lib->entries[lib->variant_entry[index]];
  return lib->files[e->file].path;
}

VariantPos library_setup_pos(const VariantLibrary *lib, int index) {
  VariantPos none = {NULL, 1, 1};
  if (index < 0 || index >= lib->variant_count) return none;
  const VariantSection *s = library_section(lib, &lib->entries[lib->variant_entry[index]]);
  const VariantValue *setup = &s->values[VKEY_SETUP];
  return setup->chunk_count ? setup->chunks[setup->chunk_count - 1].pos : s->pos;
}

void library_free(VariantLibrary *lib) {
  if (!lib) return;
  for (int i = 0; i < lib->variant_count; i++) {
    variant_release(lib->variants[i]);
    free(lib->variants[i]);
  }
  for (int f = 0; f < lib->file_count; f++) variant_file_free(&lib->files[f]);
  free(lib->files);
  free(lib->entries);
  free(lib->variants);
  free(lib->variant_entry);
  free(lib);
}
