/* pgn.c — the PGN writer (see pgn.h). Lines are wrapped before 80
 * characters as the PGN standard asks; tag values escape '"' and '\\'. */
#include "match/pgn.h"

#include <string.h>
#include <time.h>

static void pgn_tag(FILE *out, const char *name, const char *value) {
  fprintf(out, "[%s \"", name);
  for (const char *c = value; *c; c++) {
    if (*c == '"' || *c == '\\') fputc('\\', out);
    fputc(*c, out);
  }
  fputs("\"]\n", out);
}

/* Appends a token to the movetext, wrapping lines at 79 characters. */
static void pgn_token(FILE *out, int *column, const char *token) {
  int len = (int)strlen(token);
  if (*column > 0 && *column + 1 + len > 79) {
    fputc('\n', out);
    *column = 0;
  } else if (*column > 0) {
    fputc(' ', out);
    (*column)++;
  }
  fputs(token, out);
  *column += len;
}

/* A comment as words, so that long ones wrap too; '}' cannot appear. */
static void pgn_comment(FILE *out, int *column, const char *text) {
  char copy[2048];
  snprintf(copy, sizeof copy, "{%s}", text);
  for (char *c = copy + 1; c[1]; c++)
    if (*c == '}' || *c == '{' || *c == '\n') *c = ' ';
  char *save = NULL;
  for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
    pgn_token(out, column, w);
}

int pgn_write_game(FILE *out, const PgnTags *tags, const GameRecord *r) {
  char date[16], number[32];
  time_t now = time(NULL);
  struct tm tm;
  localtime_r(&now, &tm);
  strftime(date, sizeof date, "%Y.%m.%d", &tm);
  snprintf(number, sizeof number, "%d", tags->round);
  pgn_tag(out, "Event", tags->event ? tags->event : "?");
  pgn_tag(out, "Site", tags->site ? tags->site : "?");
  pgn_tag(out, "Date", date);
  pgn_tag(out, "Round", number);
  pgn_tag(out, "White", tags->white);
  pgn_tag(out, "Black", tags->black);
  pgn_tag(out, "Result", r->result);
  if (tags->variant && strcmp(tags->variant, "chess")) pgn_tag(out, "Variant", tags->variant);
  if (r->from_setup) {
    pgn_tag(out, "SetUp", "1");
    pgn_tag(out, "FEN", r->start_fen);
  }
  if (tags->time_control) pgn_tag(out, "TimeControl", tags->time_control);
  snprintf(number, sizeof number, "%d", r->ply_count);
  pgn_tag(out, "PlyCount", number);
  pgn_tag(out, "Termination", r->termination);
  fputc('\n', out);
  int column = 0;
  if (tags->definition) {
    /* As ';' comments, which run to the end of the line and may hold any
     * character, so MBN's braces survive unchanged. */
    fputs("; Variant definition (load it with chimera --load FILE):\n", out);
    for (const char *line = tags->definition; *line;) {
      size_t len = strcspn(line, "\n");
      fprintf(out, "; %.*s\n", (int)len, line);
      line += len + (line[len] == '\n');
    }
  }
  /* Numbering follows the side to move of the start position. */
  bool black_first = false;
  int full_move = 1;
  {
    const char *space = strchr(r->start_fen, ' ');
    if (space && space[1] == 'b') black_first = true;
    /* The full-move number is the last field of the FEN. */
    const char *last = strrchr(r->start_fen, ' ');
    int n;
    if (last && sscanf(last + 1, "%d", &n) == 1 && n > 0) full_move = n;
  }
  for (int i = 0; i < r->ply_count; i++) {
    bool white = ((i + black_first) % 2) == 0;
    char token[80];
    if (white || i == 0) {
      snprintf(token, sizeof token, white ? "%d." : "%d...", full_move);
      pgn_token(out, &column, token);
    }
    pgn_token(out, &column, r->moves[i]);
    if (r->comments[i][0]) pgn_comment(out, &column, r->comments[i]);
    if (!white) full_move++;
  }
  if (r->reason[0]) pgn_comment(out, &column, r->reason);
  pgn_token(out, &column, r->result);
  fputs("\n\n", out);
  fflush(out);
  return ferror(out) ? -1 : 0;
}
