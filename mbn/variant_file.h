/* variant_file.h — the variant file format: sections, keys, inheritance.
 *
 * A variant file is a sequence of sections, one per variant:
 *
 *   # a comment (a '#' in column 1)
 *   [capablanca:chess]        a variant, optionally inheriting from a parent
 *   board  = 10x8
 *   setup  = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1
 *   pieces = K Q R B N P A=BN C=RN
 *   rules += castle...        '+=' appends to the inherited value
 *            more rules       an indented line continues the value
 *
 * This module only splits text into sections and values, remembering where
 * every value starts so that later stages (MBN, FBR, FEN) report errors at
 * the right file:line:col. One table (VARIANT_KEYS) lists the keys for the
 * parser, the diagnostics and the documentation test.
 */
#ifndef CHIMERA_MBN_VARIANT_FILE_H
#define CHIMERA_MBN_VARIANT_FILE_H

#include <stdbool.h>

#include "mbn/variant.h"
#include "mbn/variant_diag.h"

typedef enum {
  VKEY_BOARD,
  VKEY_SETUP,
  VKEY_PIECES,
  VKEY_RULES,
  VKEY_NAMES,
  VKEY_VALUES,
  VKEY_NB
} VariantKey;

typedef struct {
  const char *name;
  bool required;   /* must be present after inheritance */
  bool appendable; /* '+=' allowed */
  const char *summary;
} VariantKeySpec;

extern const VariantKeySpec VARIANT_KEYS[VKEY_NB];

/* Most '+=' chunks one value may collect along an inheritance chain. */
#define VARIANT_CHUNK_MAX 16

/* One piece of a value's text with the position of its first character.
 * Continuation lines keep their indentation, so a column inside the text is
 * the column in the file; comment lines inside a value are blanked. */
typedef struct {
  char *text; /* owned */
  VariantPos pos;
} VariantChunk;

typedef struct {
  VariantChunk chunks[VARIANT_CHUNK_MAX];
  int chunk_count; /* 0 = key absent */
  bool append;     /* the section's own value was given with '+=' */
  VariantPos key_pos;
} VariantValue;

typedef struct {
  char name[VARIANT_NAME_MAX];
  char parent[VARIANT_NAME_MAX]; /* "" = none */
  VariantPos pos;                /* of the '[' */
  VariantPos parent_pos;
  VariantValue values[VKEY_NB];
} VariantSection;

typedef struct {
  char *path; /* owned copy, referenced by every VariantPos of the file */
  VariantSection *sections;
  int section_count;
} VariantFile;

/* Parses text; path names it in messages. Returns false if any error was
 * added to diags; the sections that parsed are kept either way. */
bool variant_file_parse(VariantFile *file, const char *path, const char *text,
                        VariantDiagnostics *diags);

/* Reads and parses a file from disk. */
bool variant_file_load(VariantFile *file, const char *path, VariantDiagnostics *diags);

/* Resolves inheritance: child gets the parent's values for absent keys and
 * the parent's chunks followed by its own for '+=' keys. parent must already
 * be resolved. */
void variant_section_inherit(VariantSection *child, const VariantSection *parent);

/* Looks a key up by name; VKEY_NB if unknown. */
VariantKey variant_key_find(const char *name, int length);

void variant_file_free(VariantFile *file);

#endif
