/* opening_book.c — openings from EPD/FEN or PGN files (see opening_book.h).
 * Every entry is checked against the variant when the file is read, so a
 * bad opening stops the match before the first game rather than in game 300.
 */
#include "match/opening_book.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/san.h"

struct OpeningBook {
  OpeningEntry *entries;
  int count, capacity;
  int *order; /* arranged sequence of entry indexes */
  int order_count;
};

static OpeningEntry *book_add(OpeningBook *b) {
  if (b->count == b->capacity) {
    int cap = b->capacity ? b->capacity * 2 : 64;
    OpeningEntry *grown = realloc(b->entries, sizeof *grown * (size_t)cap);
    if (!grown) return NULL;
    b->entries = grown, b->capacity = cap;
  }
  OpeningEntry *e = &b->entries[b->count++];
  memset(e, 0, sizeof *e);
  return e;
}

/* The longest prefix of the line's fields that board/fen.c accepts. */
static bool book_fen_prefix(Position *pos, char *line, char *fen_out, size_t size, char *why,
                            size_t why_size) {
  char *fields[16];
  int n = 0;
  char copy[4096];
  snprintf(copy, sizeof copy, "%s", line);
  char *save = NULL;
  for (char *f = strtok_r(copy, " \t", &save); f && n < 16; f = strtok_r(NULL, " \t", &save))
    fields[n++] = f;
  for (int k = n < 8 ? n : 8; k >= 1; k--) {
    char fen[4096] = "";
    size_t used = 0;
    for (int i = 0; i < k; i++)
      used += (size_t)snprintf(fen + used, sizeof fen - used, "%s%s", i ? " " : "", fields[i]);
    /* EPD opcodes end with ';' and are never FEN fields. */
    if (strchr(fen, ';')) continue;
    if (pos_set_fen(pos, fen, why, why_size)) {
      snprintf(fen_out, size, "%s", fen);
      return true;
    }
  }
  if (n && !why[0]) snprintf(why, why_size, "not a position");
  return false;
}

static int book_read_epd(OpeningBook *b, FILE *f, const char *path, const Position *start,
                         char *err, size_t err_size) {
  Position *pos = pos_clone(start);
  if (!pos) return -1;
  char line[4096];
  int number = 0;
  while (fgets(line, sizeof line, f)) {
    number++;
    line[strcspn(line, "\r\n")] = '\0';
    char *s = line;
    while (isspace((unsigned char)*s)) s++;
    if (!*s || *s == '#') continue;
    char fen[4096], why[256] = "";
    if (!book_fen_prefix(pos, s, fen, sizeof fen, why, sizeof why)) {
      snprintf(err, err_size, "%s:%d: %s: '%.80s'", path, number, why, s);
      pos_free(pos);
      return -1;
    }
    OpeningEntry *e = book_add(b);
    if (!e || !(e->fen = strdup(fen))) {
      pos_free(pos);
      return -1;
    }
  }
  pos_free(pos);
  return 0;
}

/* PGN: tag sections start games; in the movetext, comments {..} and ;..,
 * variations (..), NAGs $n, move numbers and results are skipped. */
static int book_read_pgn(OpeningBook *b, FILE *f, const char *path, const Position *start,
                         int plies, char *err, size_t err_size) {
  Position *pos = pos_clone(start);
  Undo *undo = malloc(sizeof *undo);
  char *line = malloc(8192);
  if (!pos || !undo || !line) {
    pos_free(pos), free(undo), free(line);
    return -1;
  }
  int number = 0, comment = 0, variation = 0, status = 0;
  OpeningEntry *e = NULL;
  bool in_moves = false;
  while (status == 0 && fgets(line, 8192, f)) {
    number++;
    line[strcspn(line, "\r\n")] = '\0';
    if (line[0] == '%') continue;
    if (line[0] == '[' && !comment && !variation) {
      if (!e || in_moves) {
        /* A new game; the position starts afresh. */
        e = book_add(b);
        pos_free(pos);
        pos = pos_clone(start);
        in_moves = false;
        if (!e || !pos) {
          status = -1;
          break;
        }
      }
      char value[4096];
      if (sscanf(line, "[FEN \"%4095[^\"]\"]", value) == 1) {
        char why[256] = "";
        if (!pos_set_fen(pos, value, why, sizeof why)) {
          snprintf(err, err_size, "%s:%d: bad FEN for this variant: %s", path, number, why);
          status = -1;
          break;
        }
        free(e->fen);
        if (!(e->fen = strdup(value))) status = -1;
      }
      continue;
    }
    char *save = NULL;
    for (char *tok = strtok_r(line, " \t", &save); tok && status == 0;
         tok = strtok_r(NULL, " \t", &save)) {
      if (!comment && tok[0] == ';') break;
      bool skip = comment > 0 || variation > 0;
      for (char *c = tok; *c; c++) {
        if (*c == '{')
          comment++, skip = true;
        else if (*c == '}' && comment)
          comment--, skip = true;
        else if (!comment && *c == '(')
          variation++, skip = true;
        else if (!comment && *c == ')' && variation)
          variation--, skip = true;
      }
      if (skip || tok[0] == '$' || !strcmp(tok, "*") || !strcmp(tok, "1-0") ||
          !strcmp(tok, "0-1") || !strcmp(tok, "1/2-1/2"))
        continue;
      char *move = tok;
      while (isdigit((unsigned char)*move)) move++;
      while (*move == '.') move++;
      if (!*move) continue; /* a move number */
      if (!e && !(e = book_add(b))) {
        status = -1;
        break;
      }
      in_moves = true;
      int limit = plies > 0 && plies < OPENING_BOOK_PLIES_MAX ? plies : OPENING_BOOK_PLIES_MAX;
      if (e->move_count >= limit) continue;
      char text[MOVE_TEXT_MAX];
      if (!san_to_move_text(pos, move, text, sizeof text)) {
        snprintf(err, err_size, "%s:%d: '%s' is not a legal move here", path, number, move);
        status = -1;
        break;
      }
      snprintf(e->moves[e->move_count++], MOVE_TEXT_MAX, "%s", text);
      pos_make_move(pos, move_from_text(pos, text, NULL, 0), undo);
    }
  }
  /* A tag section with no moves and no FEN is no opening. */
  if (status == 0 && e && !e->fen && e->move_count == 0) b->count--;
  pos_free(pos), free(undo), free(line);
  return status;
}

OpeningBook *opening_book_load(const char *path, const char *format, const Position *start,
                               int plies, char *err, size_t err_size) {
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, err_size, "cannot open the opening file '%s'", path);
    return NULL;
  }
  OpeningBook *b = calloc(1, sizeof *b);
  if (!b) {
    fclose(f);
    snprintf(err, err_size, "out of memory");
    return NULL;
  }
  size_t n = strlen(path);
  bool pgn = format && format[0] ? !strcmp(format, "pgn") : n > 4 && !strcmp(path + n - 4, ".pgn");
  err[0] = '\0';
  int status = pgn ? book_read_pgn(b, f, path, start, plies, err, err_size)
                   : book_read_epd(b, f, path, start, err, err_size);
  fclose(f);
  if (status == 0 && b->count == 0) {
    snprintf(err, err_size, "%s: no openings", path);
    status = -1;
  }
  if (status != 0) {
    if (!err[0]) snprintf(err, err_size, "out of memory reading '%s'", path);
    opening_book_free(b);
    return NULL;
  }
  opening_book_arrange(b, 1, false, 0);
  return b;
}

int opening_book_count(const OpeningBook *b) {
  return b->count;
}

void opening_book_arrange(OpeningBook *b, int first, bool shuffle, uint64_t seed) {
  free(b->order);
  b->order = malloc(sizeof *b->order * (size_t)b->count);
  if (!b->order) {
    b->order_count = 0;
    return;
  }
  for (int i = 0; i < b->count; i++) b->order[i] = i;
  if (shuffle) {
    uint64_t s = seed * 0x9E3779B97F4A7C15ULL + 1;
    for (int i = b->count - 1; i > 0; i--) {
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      int k = (int)(s % (uint64_t)(i + 1));
      int tmp = b->order[i];
      b->order[i] = b->order[k], b->order[k] = tmp;
    }
  }
  int skip = b->count ? (first - 1) % b->count : 0;
  if (skip > 0) {
    int *rotated = malloc(sizeof *rotated * (size_t)b->count);
    if (rotated) {
      for (int i = 0; i < b->count; i++) rotated[i] = b->order[(i + skip) % b->count];
      free(b->order);
      b->order = rotated;
    }
  }
  b->order_count = b->count;
}

const OpeningEntry *opening_book_get(const OpeningBook *b, int index) {
  int i = b->order_count ? b->order[index % b->order_count] : index % b->count;
  return &b->entries[i];
}

void opening_book_free(OpeningBook *b) {
  if (!b) return;
  for (int i = 0; i < b->count; i++) free(b->entries[i].fen);
  free(b->entries);
  free(b->order);
  free(b);
}
