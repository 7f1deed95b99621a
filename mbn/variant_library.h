/* variant_library.h — the set of variants the engine knows, and where they
 * come from.
 *
 * Variants are read from, in this order: the built-in directory (every
 * *.var file in CHIMERA_VARIANT_DIR, the repository's variants/ folder),
 * the files and directories named by the environment variable
 * CHIMERA_VARIANT_PATH (separated by ':'), and the files given with
 * --load FILE on the command line (or the UCI option VariantPath). A
 * variant may inherit from one defined in any file loaded before it or in
 * the same batch. A name defined twice is an error, reported with both
 * places. Variants whose file has errors are left out; the errors are
 * returned as file:line:col messages.
 *
 * Typical use:
 *   VariantDiagnostics diags = {0};
 *   VariantLibrary *lib = library_load_default(loads, load_count, &diags);
 *   const Variant *v = library_find(lib, "capablanca");
 *   ...
 *   library_free(lib); variant_diag_free(&diags);
 */
#ifndef CHIMERA_MBN_VARIANT_LIBRARY_H
#define CHIMERA_MBN_VARIANT_LIBRARY_H

#include <stdbool.h>

#include "mbn/variant.h"
#include "mbn/variant_diag.h"

typedef struct VariantLibrary VariantLibrary;

/* The environment variable naming extra variant files or directories. */
#define LIBRARY_PATH_ENV "CHIMERA_VARIANT_PATH"

/* The directory of the shipped variant files: BINDIR/../share/chimera/variants
 * beside an installed binary, else the source tree's (a compile-time
 * setting). */
const char *library_builtin_dir(void);

/* Built-in directory + CHIMERA_VARIANT_PATH + the given extra files, all
 * compiled. Never NULL unless out of memory; errors go to diags. */
VariantLibrary *library_load_default(const char *const *extra_files, int extra_count,
                                     VariantDiagnostics *diags);

/* An empty library, to fill step by step. */
VariantLibrary *library_new(void);

/* Parses a file, or every *.var file of a directory (sorted by name), and
 * keeps its sections until library_compile. Returns false on errors. */
bool library_add_path(VariantLibrary *lib, const char *path, VariantDiagnostics *diags);

/* Parses text as if it were a file named name (tests, UCI). */
bool library_add_text(VariantLibrary *lib, const char *name, const char *text,
                      VariantDiagnostics *diags);

/* Resolves inheritance and compiles every section added since the last
 * call. Returns false if any variant failed (the others are available). */
bool library_compile(VariantLibrary *lib, VariantDiagnostics *diags);

/* library_add_path + library_compile. */
bool library_load_file(VariantLibrary *lib, const char *path, VariantDiagnostics *diags);

/* The variant with this exact name, or NULL. */
const Variant *library_find(const VariantLibrary *lib, const char *name);

/* The compiled variants in load order. */
int library_count(const VariantLibrary *lib);
const Variant *library_variant(const VariantLibrary *lib, int index);

/* The file a compiled variant came from. */
const char *library_source(const VariantLibrary *lib, int index);

/* Where a compiled variant's setup is written: its own setup value, or its
 * section header when the setup is inherited (for board-level errors). */
VariantPos library_setup_pos(const VariantLibrary *lib, int index);

void library_free(VariantLibrary *lib);

#endif
