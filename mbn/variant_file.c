/* variant_file.c — splits a variant file into sections and key values.
 *
 * Line oriented, like an INI file, with three deliberate differences from
 * the INI readers of other engines: an unknown key is an error (never
 * ignored), a key is matched whole (never by prefix), and a value may go on
 * over indented lines, because piece and rule lists get long.
 */
#include "mbn/variant_file.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const VariantKeySpec VARIANT_KEYS[VKEY_NB] = {
    [VKEY_BOARD] = {"board", true, false,
                    "WxH, WxHxL or WxHxZxW: files, ranks, levels (4D: Z boards in W rows)"},
    [VKEY_SETUP] = {"setup", true, false, "start position in Fairy-Stockfish's FEN dialect"},
    [VKEY_PIECES] = {"pieces", true, false, "MBN piece definitions separated by white space"},
    [VKEY_RULES] = {"rules", false, true, "FBR rules separated by white space"},
    [VKEY_NAMES] = {"names", false, true, "LETTER=Name pairs ('_' prints as a space)"},
    [VKEY_VALUES] = {"values", false, true, "LETTER=centipawns pairs"},
};

VariantKey variant_key_find(const char *name, int length) {
  for (int k = 0; k < VKEY_NB; k++)
    if ((int)strlen(VARIANT_KEYS[k].name) == length && !strncmp(VARIANT_KEYS[k].name, name, length))
      return (VariantKey)k;
  return VKEY_NB;
}

static void variant_file_known_keys(char *out, size_t size) {
  size_t n = 0;
  out[0] = '\0';
  for (int k = 0; k < VKEY_NB && n < size; k++)
    n += (size_t)snprintf(out + n, size - n, "%s%s", k ? ", " : "", VARIANT_KEYS[k].name);
}

/* A line of the file: [start, end) without the newline. */
typedef struct {
  const char *start;
  const char *end;
  int number;
} Line;

static bool line_is_blank(Line l) {
  for (const char *p = l.start; p < l.end; p++)
    if (!isspace((unsigned char)*p)) return false;
  return true;
}

static bool line_is_comment(Line l) {
  return l.start < l.end && l.start[0] == '#';
}

static bool line_is_continuation(Line l) {
  return l.start < l.end && (l.start[0] == ' ' || l.start[0] == '\t') && !line_is_blank(l);
}

static bool name_char_ok(char c) {
  return isalnum((unsigned char)c) || c == '-' || c == '_' || c == '.' || c == '+';
}

static VariantSection *variant_file_add_section(VariantFile *file) {
  VariantSection *grown =
      realloc(file->sections, (size_t)(file->section_count + 1) * sizeof *file->sections);
  if (!grown) return NULL;
  file->sections = grown;
  VariantSection *s = &file->sections[file->section_count++];
  memset(s, 0, sizeof *s);
  return s;
}

/* Parses "[name]" or "[name:parent]" on line l. */
static bool variant_file_parse_header(VariantFile *file, Line l, VariantSection *s,
                                      VariantDiagnostics *diags) {
  const char *p = l.start + 1;
  VariantPos pos = {file->path, l.number, 1};
  s->pos = pos;
  const char *close = memchr(p, ']', (size_t)(l.end - p));
  char quoted[96];
  variant_diag_quote(quoted, sizeof quoted, l.start, (size_t)(l.end - l.start), false);
  if (!close) {
    variant_diag_add(diags, pos, "section header '%s' lacks its closing ']'", quoted);
    return false;
  }
  for (const char *q = close + 1; q < l.end; q++) {
    if (!isspace((unsigned char)*q)) {
      pos.col = (int)(q - l.start) + 1;
      variant_diag_quote(quoted, sizeof quoted, q, (size_t)(l.end - q), false);
      variant_diag_add(diags, pos, "unexpected text '%s' after the section header", quoted);
      return false;
    }
  }
  const char *colon = memchr(p, ':', (size_t)(close - p));
  const char *name_end = colon ? colon : close;
  struct {
    const char *from, *to;
    char *dest;
    VariantPos *where;
    const char *what;
  } parts[2] = {{p, name_end, s->name, NULL, "variant name"},
                {colon ? colon + 1 : NULL, close, s->parent, &s->parent_pos, "parent name"}};
  for (int i = 0; i < 2; i++) {
    if (!parts[i].from) continue;
    VariantPos at = {file->path, l.number, (int)(parts[i].from - l.start) + 1};
    if (parts[i].where) *parts[i].where = at;
    size_t len = (size_t)(parts[i].to - parts[i].from);
    if (len == 0) {
      variant_diag_add(diags, at, "empty %s in section header '%s'", parts[i].what, quoted);
      return false;
    }
    if (len >= VARIANT_NAME_MAX) {
      variant_diag_add(diags, at, "%s in '%s' is longer than %d characters", parts[i].what, quoted,
                       VARIANT_NAME_MAX - 1);
      return false;
    }
    for (const char *q = parts[i].from; q < parts[i].to; q++) {
      if (!name_char_ok(*q)) {
        at.col = (int)(q - l.start) + 1;
        char bad[8];
        variant_diag_quote(bad, sizeof bad, q, 1, false);
        variant_diag_add(diags, at,
                         "character '%s' is not allowed in a %s (letters, digits, - _ . +)", bad,
                         parts[i].what);
        return false;
      }
    }
    memcpy(parts[i].dest, parts[i].from, len);
    parts[i].dest[len] = '\0';
  }
  return true;
}

/* Copies the value that starts at value_start on line l and goes on over the
 * following continuation lines; *next is the first line after it. */
static char *variant_file_take_value(const char *value_start, Line l, const char *text_end,
                                     const char **next) {
  const char *end = l.end;
  const char *cursor = l.end < text_end ? l.end + 1 : text_end;
  /* Blank and comment lines belong to the value only if an indented line
   * follows them; until then the value ends before them. */
  const char *pending_cursor = cursor;
  while (cursor < text_end) {
    Line probe = {cursor, memchr(cursor, '\n', (size_t)(text_end - cursor)), 0};
    if (!probe.end) probe.end = text_end;
    const char *after = probe.end < text_end ? probe.end + 1 : text_end;
    if (line_is_continuation(probe)) {
      end = probe.end;
      cursor = pending_cursor = after;
    } else if (line_is_blank(probe) || line_is_comment(probe)) {
      cursor = after;
    } else {
      break;
    }
  }
  *next = pending_cursor;
  size_t length = (size_t)(end - value_start);
  char *copy = malloc(length + 1);
  if (!copy) return NULL;
  memcpy(copy, value_start, length);
  copy[length] = '\0';
  /* Comment lines inside the value are blanked so columns stay true. */
  for (char *p = copy; *p; p++) {
    if (*p == '\n' && p[1] == '#')
      for (char *q = p + 1; *q && *q != '\n'; q++) *q = ' ';
    if (*p == '\r') *p = ' ';
  }
  return copy;
}

bool variant_file_parse(VariantFile *file, const char *path, const char *text,
                        VariantDiagnostics *diags) {
  memset(file, 0, sizeof *file);
  file->path = strdup(path ? path : "<text>");
  bool ok = true;
  const char *text_end = text + strlen(text);
  const char *cursor = text;
  int line_number = 1;
  VariantSection *current = NULL;
  while (cursor < text_end) {
    Line l = {cursor, memchr(cursor, '\n', (size_t)(text_end - cursor)), line_number};
    if (!l.end) l.end = text_end;
    const char *after = l.end < text_end ? l.end + 1 : text_end;
    while (l.end > l.start && l.end[-1] == '\r') l.end--;
    VariantPos pos = {file->path, line_number, 1};
    if (line_is_blank(l) || line_is_comment(l)) {
      cursor = after;
      line_number++;
      continue;
    }
    if (l.start[0] == '[') {
      current = variant_file_add_section(file);
      if (!current) return false;
      if (!variant_file_parse_header(file, l, current, diags)) {
        ok = false;
        file->section_count--; /* its values go nowhere; each later line is reported */
        current = NULL;
        /* Skip the broken section's body quietly: one error per cause. */
        cursor = after;
        line_number++;
        while (cursor < text_end && *cursor != '[') {
          const char *nl = memchr(cursor, '\n', (size_t)(text_end - cursor));
          cursor = nl ? nl + 1 : text_end;
          line_number++;
        }
        continue;
      }
      cursor = after;
      line_number++;
      continue;
    }
    char quoted[96];
    variant_diag_quote(quoted, sizeof quoted, l.start, (size_t)(l.end - l.start), false);
    if (line_is_continuation(l)) {
      const char *p = l.start;
      while (*p == ' ' || *p == '\t') p++;
      pos.col = (int)(p - l.start) + 1;
      variant_diag_quote(quoted, sizeof quoted, p, (size_t)(l.end - p), false);
      variant_diag_add(diags, pos, "indented line '%s' continues no key", quoted);
      ok = false;
      cursor = after;
      line_number++;
      continue;
    }
    if (!current) {
      variant_diag_add(diags, pos, "'%s' before the first [variant] section", quoted);
      ok = false;
      cursor = after;
      line_number++;
      continue;
    }
    const char *key_end = l.start;
    while (key_end < l.end && (isalnum((unsigned char)*key_end) || *key_end == '_')) key_end++;
    const char *p = key_end;
    while (p < l.end && (*p == ' ' || *p == '\t')) p++;
    bool append = false;
    if (p + 1 < l.end && p[0] == '+' && p[1] == '=') {
      append = true;
      p += 2;
    } else if (p < l.end && *p == '=') {
      p++;
    } else {
      variant_diag_add(diags, pos, "expected 'key = value', found '%s'", quoted);
      ok = false;
      cursor = after;
      line_number++;
      continue;
    }
    VariantKey key = variant_key_find(l.start, (int)(key_end - l.start));
    if (key == VKEY_NB) {
      char known[128], word[64];
      variant_file_known_keys(known, sizeof known);
      variant_diag_quote(word, sizeof word, l.start, (size_t)(key_end - l.start), false);
      variant_diag_add(diags, pos, "unknown key '%s' (keys are: %s)", word, known);
      ok = false;
    }
    while (p < l.end && (*p == ' ' || *p == '\t')) p++;
    VariantPos value_pos = {file->path, line_number, (int)(p - l.start) + 1};
    const char *next = after;
    char *value = variant_file_take_value(p, l, text_end, &next);
    /* The value takes its continuation lines even after an error, so one bad
     * key gives one message, not one per continuation line. */
    cursor = next;
    for (const char *q = l.start; q < cursor; q++)
      if (*q == '\n') line_number++;
    if (key == VKEY_NB) {
      free(value);
      continue;
    }
    VariantValue *slot = &current->values[key];
    bool empty = true;
    for (const char *q = value; q && *q; q++)
      if (!isspace((unsigned char)*q)) empty = false;
    if (slot->chunk_count) {
      variant_diag_add(diags, pos, "key '%s' given twice in [%s] (first at line %d)",
                       VARIANT_KEYS[key].name, current->name, slot->key_pos.line);
      ok = false;
      free(value);
    } else if (empty) {
      variant_diag_add(diags, pos, "key '%s' has an empty value", VARIANT_KEYS[key].name);
      ok = false;
      free(value);
    } else if (append && !VARIANT_KEYS[key].appendable) {
      variant_diag_add(diags, pos, "key '%s' cannot be appended to with '+=': give it whole",
                       VARIANT_KEYS[key].name);
      ok = false;
      free(value);
    } else if (append && !current->parent[0]) {
      variant_diag_add(diags, pos, "'%s +=' in [%s], which has no parent to append to",
                       VARIANT_KEYS[key].name, current->name);
      ok = false;
      free(value);
    } else {
      slot->chunks[0].text = value;
      slot->chunks[0].pos = value_pos;
      slot->chunk_count = 1;
      slot->append = append;
      slot->key_pos = pos;
    }
  }
  return ok;
}

/* A variant file is a few KB; a larger one is a mistake (a device, a binary),
 * refused before it exhausts memory. */
#define VARIANT_FILE_MAX (4u << 20)

/* Reads the whole file into a NUL-terminated buffer. On failure it reports
 * why at path:1:1 (a read error is an error, never an empty file). Reading
 * stops at the first NUL byte: nothing after it is parsed anyway. */
static char *variant_file_read(FILE *f, const char *path, size_t *length,
                               VariantDiagnostics *diags) {
  VariantPos pos = {path, 1, 1};
  size_t capacity = 1 << 16;
  char *text = malloc(capacity);
  *length = 0;
  size_t got;
  while (text && (got = fread(text + *length, 1, capacity - *length - 1, f)) > 0) {
    bool nul = memchr(text + *length, '\0', got) != NULL;
    *length += got;
    if (nul) break;
    if (*length + 1 == capacity) {
      if (capacity > VARIANT_FILE_MAX) {
        variant_diag_add(diags, pos, "variant file is larger than %u MB; not read",
                         VARIANT_FILE_MAX >> 20);
        free(text);
        return NULL;
      }
      char *grown = realloc(text, capacity * 2);
      if (!grown) {
        free(text);
        text = NULL;
        break;
      }
      text = grown;
      capacity *= 2;
    }
  }
  if (!text) {
    variant_diag_add(diags, pos, "out of memory reading the variant file");
    return NULL;
  }
  if (ferror(f)) {
    variant_diag_add(diags, pos, "cannot read variant file: %s", strerror(errno));
    free(text);
    return NULL;
  }
  text[*length] = '\0';
  return text;
}

bool variant_file_load(VariantFile *file, const char *path, VariantDiagnostics *diags) {
  memset(file, 0, sizeof *file);
  FILE *f = fopen(path, "rb");
  if (!f) {
    VariantPos pos = {path, 1, 1};
    variant_diag_add(diags, pos, "cannot open variant file: %s", strerror(errno));
    return false;
  }
  size_t length;
  char *text = variant_file_read(f, path, &length, diags);
  fclose(f);
  if (!text) return false;
  bool ok = true;
  if (strlen(text) != length) {
    /* A NUL byte would silently cut the file short: say where it is. */
    int line = 1, col = 1;
    for (size_t i = 0; i < length && text[i]; i++) {
      if (text[i] == '\n')
        line++, col = 1;
      else
        col++;
    }
    VariantPos pos = {path, line, col};
    variant_diag_add(diags, pos, "NUL byte in variant file; the rest is not read");
    ok = false;
  }
  ok = variant_file_parse(file, path, text, diags) && ok;
  free(text);
  return ok;
}

void variant_section_inherit(VariantSection *child, const VariantSection *parent) {
  for (int k = 0; k < VKEY_NB; k++) {
    VariantValue *mine = &child->values[k];
    const VariantValue *theirs = &parent->values[k];
    if (mine->chunk_count && !mine->append) continue;
    int keep = mine->chunk_count;
    int total = theirs->chunk_count + keep;
    if (total > VARIANT_CHUNK_MAX) total = VARIANT_CHUNK_MAX;
    VariantChunk own[VARIANT_CHUNK_MAX];
    memcpy(own, mine->chunks, sizeof own);
    int n = 0;
    for (int i = 0; i < theirs->chunk_count && n < total - keep; i++) {
      mine->chunks[n].text = strdup(theirs->chunks[i].text);
      mine->chunks[n].pos = theirs->chunks[i].pos;
      n++;
    }
    for (int i = 0; i < keep && n < VARIANT_CHUNK_MAX; i++) mine->chunks[n++] = own[i];
    mine->chunk_count = n;
    if (!keep) mine->key_pos = theirs->key_pos;
    mine->append = false;
  }
}

void variant_file_free(VariantFile *file) {
  for (int s = 0; s < file->section_count; s++)
    for (int k = 0; k < VKEY_NB; k++)
      for (int c = 0; c < file->sections[s].values[k].chunk_count; c++)
        free(file->sections[s].values[k].chunks[c].text);
  free(file->sections);
  free(file->path);
  memset(file, 0, sizeof *file);
}
