/* eval_weights.h — a variant's evaluation parameters as a plain text file
 * (docs/tune.md): one term per line, "name: values", piece-square terms one
 * board rank per line, so a retuned file diffs term by term.
 *
 * A weights file belongs to one variant and board: the header lines
 * "variant: NAME" and "board: FxR[xL]" must match, and every term the variant's
 * table has must be given exactly once; anything else is a file:line:col error
 * and leaves the tables as they were.
 */
#ifndef CHIMERA_SEARCH_EVAL_WEIGHTS_H
#define CHIMERA_SEARCH_EVAL_WEIGHTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "search/eval_tables.h"

/* Writes tables->param as a weights file. */
void eval_weights_write(const EvalTables *tables, FILE *out);

/* Reads `text` (named `path` in messages) into tables->param and applies it;
 * on an error returns false with "path:line:col: message" in err and leaves
 * the tables unchanged. */
bool eval_weights_parse(EvalTables *tables, const char *path, const char *text, char *err,
                        size_t err_size);
/* The same from a file. */
bool eval_weights_read(EvalTables *tables, const char *path, char *err, size_t err_size);

/* Where a variant's weights file is looked for: $CHIMERA_WEIGHTS/NAME.txt
 * when that is set (a folder; "none": no weights at all), else
 * weights/NAME.txt in the shipped variants' folder. False: do not look. */
bool eval_weights_path(const char *variant_name, char *out, size_t out_size);

/* Reads the variant's weights file if it has one; an error goes to `err`
 * and keeps the derived values. Returns whether a file was applied. */
bool eval_weights_load_shipped(EvalTables *tables, FILE *err);

#endif
