/* eval_weights.c — reading and writing weights files (eval_weights.h).
 *
 * The terms a variant has are listed once (weights_terms) and both the writer
 * and the reader walk that list, so they cannot disagree about names or order.
 */
#include "search/eval_weights.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/variant_library.h"

#define KEY_MAX 64

typedef struct {
  char key[KEY_MAX];
  int first; /* parameter index of the first value */
  int count; /* values, at consecutive indices */
} WeightTerm;

/* A rank's label: "3", or "2.3" (level 2, rank 3) on a board with levels. */
static void row_label(const Variant *variant, int row, char *out, size_t size) {
  int ranks = variant->shape.ranks;
  if (variant->shape.levels > 1)
    snprintf(out, size, "%d.%d", row / ranks + 1, row % ranks + 1);
  else
    snprintf(out, size, "%d", row + 1);
}

/* Every term of the table, in file order; returns how many (terms may be NULL to count). */
static int weights_terms(const EvalTables *tables, WeightTerm *terms) {
  const Variant *variant = tables->variant;
  int n = 0;
  for (int i = 0; i < EW_SCALAR_NB; i++, n++)
    if (terms) {
      snprintf(terms[n].key, KEY_MAX, "%s", EVAL_SCALAR_NAMES[i]);
      terms[n].first = i, terms[n].count = 1;
    }
  for (int t = 0; t < tables->piece_count; t++) {
    if (tables->royal[t]) continue;
    if (terms) {
      snprintf(terms[n].key, KEY_MAX, "value %s", variant->pieces[t].letter);
      terms[n].first = tables->value_param + 2 * t, terms[n].count = 2;
    }
    n++;
  }
  for (int t = 0; variant->rules.drops && t < tables->piece_count; t++) {
    if (tables->royal[t]) continue;
    if (terms) {
      snprintf(terms[n].key, KEY_MAX, "hand %s", variant->pieces[t].letter);
      terms[n].first = tables->hand_param + t, terms[n].count = 1;
    }
    n++;
  }
  static const char *const PER_TYPE[5] = {"mobility", "zone", "pair", "open", "semiopen"};
  const int per_type_param[5] = {tables->mobility_param, tables->zone_param, tables->pair_param,
                                 tables->open_param, tables->semiopen_param};
  for (int k = 0; k < 5; k++)
    for (int t = 0; t < tables->piece_count; t++) {
      if (!eval_has_mobility(tables, t)) continue;
      if (terms) {
        snprintf(terms[n].key, KEY_MAX, "%s %s", PER_TYPE[k], variant->pieces[t].letter);
        terms[n].first = per_type_param[k] + 2 * t, terms[n].count = 2;
      }
      n++;
    }
  int files = variant->shape.files;
  int per_row = tables->fold_files ? (files + 1) / 2 : files;
  int rows = tables->psq_cells / per_row;
  static const char *const PHASE[2] = {"mg", "eg"};
  for (int t = 0; t < tables->piece_count; t++)
    for (int set = 0; set < tables->psq_sets; set++)
      for (int phase = 0; phase < 2; phase++)
        for (int row = rows - 1; row >= 0; row--, n++) {
          if (!terms) continue;
          char label[32];
          row_label(variant, row, label, sizeof label);
          snprintf(terms[n].key, KEY_MAX, "psq %s %s%s %s", variant->pieces[t].letter,
                   tables->psq_sets == 1 ? ""
                   : set == WHITE        ? "white "
                                         : "black ",
                   PHASE[phase], label);
          terms[n].first = tables->psq_param +
                           ((t * tables->psq_sets + set) * 2 + phase) * tables->psq_cells +
                           row * per_row;
          terms[n].count = per_row;
        }
  return n;
}

static void board_text(const Variant *variant, char *out, size_t size) {
  if (variant->shape.levels > 1)
    snprintf(out, size, "%dx%dx%d", variant->shape.files, variant->shape.ranks,
             variant->shape.levels);
  else
    snprintf(out, size, "%dx%d", variant->shape.files, variant->shape.ranks);
}

void eval_weights_write(const EvalTables *tables, FILE *out) {
  char board[32];
  board_text(tables->variant, board, sizeof board);
  fprintf(out, "# Chimera evaluation weights (docs/tune.md). Values in centipawns;\n");
  fprintf(out,
          "# value: middle game, end game; psq: one line per rank, files a.. from the left%s.\n",
          tables->fold_files ? ", folded (the right half mirrors the left)" : "");
  fprintf(out, "variant: %s\nboard: %s\n", tables->variant->name, board);
  int n = weights_terms(tables, NULL);
  WeightTerm *terms = malloc(sizeof *terms * (size_t)n);
  if (!terms) return;
  weights_terms(tables, terms);
  for (int i = 0; i < n; i++) {
    fprintf(out, "%s:", terms[i].key);
    for (int k = 0; k < terms[i].count; k++) fprintf(out, " %d", tables->param[terms[i].first + k]);
    fputc('\n', out);
  }
  free(terms);
}

/* The key of a line: the text before ':' with runs of blanks made one space. */
static void key_normalise(const char *start, const char *end, char *out) {
  int n = 0;
  bool space = false;
  for (const char *p = start; p < end && n < KEY_MAX - 1; p++) {
    if (isspace((unsigned char)*p)) {
      space = n > 0;
      continue;
    }
    if (space && n < KEY_MAX - 2) out[n++] = ' ';
    space = false;
    out[n++] = *p;
  }
  out[n] = '\0';
}

#define FAIL(line, col, ...)                                                                       \
  do {                                                                                             \
    int at_ = snprintf(err, err_size, "%s:%d:%d: ", path, (line), (col));                          \
    if (at_ >= 0 && (size_t)at_ < err_size)                                                        \
      snprintf(err + at_, err_size - (size_t)at_, __VA_ARGS__);                                    \
    goto fail;                                                                                     \
  } while (0)

bool eval_weights_parse(EvalTables *tables, const char *path, const char *text, char *err,
                        size_t err_size) {
  const Variant *variant = tables->variant;
  int n = weights_terms(tables, NULL);
  WeightTerm *terms = malloc(sizeof *terms * (size_t)n);
  int *seen = calloc((size_t)n, sizeof *seen); /* line a term was given on, 0: not yet */
  int *param = malloc(sizeof *param * (size_t)tables->param_count);
  if (!terms || !seen || !param) {
    snprintf(err, err_size, "%s: out of memory", path);
    goto fail;
  }
  weights_terms(tables, terms);
  memcpy(param, tables->param, sizeof *param * (size_t)tables->param_count);
  char board[32];
  board_text(variant, board, sizeof board);
  int line_no = 0, variant_line = 0, board_line = 0;
  for (const char *line = text; *line;) {
    const char *end = strchr(line, '\n');
    if (!end) end = line + strlen(line);
    line_no++;
    const char *p = line;
    while (p < end && isspace((unsigned char)*p)) p++;
    if (p == end || *p == '#') {
      line = *end ? end + 1 : end;
      continue;
    }
    const char *colon = memchr(p, ':', (size_t)(end - p));
    int col = (int)(p - line) + 1;
    if (!colon) FAIL(line_no, col, "expected 'term: values', found '%.*s'", (int)(end - p), p);
    char key[KEY_MAX];
    key_normalise(p, colon, key);
    const char *v = colon + 1;
    while (v < end && (*v == ' ' || *v == '\t')) v++;
    int vcol = (int)(v - line) + 1;
    const char *vend = end;
    while (vend > v && isspace((unsigned char)vend[-1])) vend--;
    if (!strcmp(key, "variant")) {
      if ((size_t)(vend - v) != strlen(variant->name) ||
          strncmp(v, variant->name, strlen(variant->name)))
        FAIL(line_no, vcol, "these weights are for variant '%.*s', not '%s'", (int)(vend - v), v,
             variant->name);
      variant_line = line_no;
    } else if (!strcmp(key, "board")) {
      if ((size_t)(vend - v) != strlen(board) || strncmp(v, board, strlen(board)))
        FAIL(line_no, vcol, "these weights are for a %.*s board; '%s' is played on %s",
             (int)(vend - v), v, variant->name, board);
      board_line = line_no;
    } else {
      int k = 0;
      while (k < n && strcmp(terms[k].key, key)) k++;
      if (k == n) FAIL(line_no, col, "unknown term '%s' for variant '%s'", key, variant->name);
      if (seen[k]) FAIL(line_no, col, "term '%s' given twice (first on line %d)", key, seen[k]);
      seen[k] = line_no;
      const char *q = v;
      for (int i = 0;; i++) {
        while (q < end && (*q == ' ' || *q == '\t')) q++;
        int qcol = (int)(q - line) + 1;
        if (q >= vend) {
          if (i < terms[k].count)
            FAIL(line_no, qcol, "term '%s' needs %d values, found %d", key, terms[k].count, i);
          break;
        }
        const char *tok = q;
        while (q < end && !isspace((unsigned char)*q)) q++;
        if (i >= terms[k].count)
          FAIL(line_no, qcol, "extra value '%.*s': term '%s' takes %d", (int)(q - tok), tok, key,
               terms[k].count);
        char number[32], *stop;
        snprintf(number, sizeof number, "%.*s", (int)(q - tok), tok);
        errno = 0;
        long value = strtol(number, &stop, 10);
        if (*stop || stop == number || errno || value < -30000 || value > 30000)
          FAIL(line_no, qcol, "'%s' is not an integer in -30000..30000", number);
        param[terms[k].first + i] = (int)value;
      }
    }
    line = *end ? end + 1 : end;
  }
  if (!variant_line) FAIL(line_no + 1, 1, "missing 'variant: %s' line", variant->name);
  if (!board_line) FAIL(line_no + 1, 1, "missing 'board: %s' line", board);
  for (int k = 0; k < n; k++)
    if (!seen[k]) FAIL(line_no + 1, 1, "missing term '%s' (at end of file)", terms[k].key);
  memcpy(tables->param, param, sizeof *param * (size_t)tables->param_count);
  eval_params_apply(tables);
  free(terms), free(seen), free(param);
  return true;
fail:
  free(terms), free(seen), free(param);
  return false;
}

bool eval_weights_read(EvalTables *tables, const char *path, char *err, size_t err_size) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    snprintf(err, err_size, "%s: cannot open: %s", path, strerror(errno));
    return false;
  }
  size_t size = 0, capacity = 1 << 16;
  char *text = malloc(capacity);
  for (size_t got; text && (got = fread(text + size, 1, capacity - size - 1, file)) > 0;) {
    size += got;
    if (size + 1 == capacity) {
      char *grown = realloc(text, capacity *= 2);
      if (!grown) free(text);
      text = grown;
    }
  }
  fclose(file);
  if (!text) {
    snprintf(err, err_size, "%s: out of memory", path);
    return false;
  }
  text[size] = '\0';
  bool ok = eval_weights_parse(tables, path, text, err, err_size);
  free(text);
  return ok;
}

bool eval_weights_path(const char *variant_name, char *out, size_t out_size) {
  const char *dir = getenv("CHIMERA_WEIGHTS");
  if (dir && !strcmp(dir, "none")) return false;
  if (!variant_name || !*variant_name) return false;
  int n = dir && *dir
              ? snprintf(out, out_size, "%s/%s.txt", dir, variant_name)
              : snprintf(out, out_size, "%s/weights/%s.txt", library_builtin_dir(), variant_name);
  return n > 0 && (size_t)n < out_size;
}

bool eval_weights_load_shipped(EvalTables *tables, FILE *err) {
  char path[1024], message[512];
  if (!eval_weights_path(tables->variant->name, path, sizeof path)) return false;
  FILE *probe = fopen(path, "rb");
  if (!probe) return false;
  fclose(probe);
  if (eval_weights_read(tables, path, message, sizeof message)) return true;
  if (err) fprintf(err, "chimera: %s (using the derived values)\n", message);
  return false;
}
