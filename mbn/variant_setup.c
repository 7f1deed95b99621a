/* variant_setup.c — validates a start FEN against the board and the pieces.
 *
 * Only the start position of a variant file is checked here, so that a
 * wrong FEN is reported with the file position of the wrong character; the
 * board module parses FENs for play.
 */
#include "mbn/variant_setup.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/fbr_sets.h"

/* Reads one piece letter (optionally '+'-, '-'-, '#'-, '$'-, '%'- or '&'-prefixed, a side-mover's
 * ' before either, optionally
 * ':XY:') at *p and checks it is declared. Returns its type, or -1; *black
 * tells its colour (the letter's case). */
static int setup_read_piece(const Variant *v, const char **p, VariantPos at,
                            VariantDiagnostics *diags, bool *black) {
  char letter[PIECE_LETTER_MAX];
  size_t n = 0;
  const char *start = *p;
  if (**p == '\'') letter[n++] = *(*p)++; /* a side-mover, 'P */
  while (**p == '+' && n < 2) letter[n++] = *(*p)++;
  if (!(n && letter[n - 1] == '+') && **p && strchr("-#$%&", **p)) letter[n++] = *(*p)++;
  *black = islower((unsigned char)(**p == ':' ? (*p)[1] : **p)) != 0;
  if (**p == ':') {
    const char *close = strchr(*p + 1, ':');
    if (!close || close - *p > 4) {
      variant_diag_add(diags, at, "compound letter in setup lacks its closing ':'");
      return -1;
    }
    while (*p <= close) letter[n++] = (char)toupper((unsigned char)*(*p)++);
  } else if (isalpha((unsigned char)**p)) {
    letter[n++] = (char)toupper((unsigned char)*(*p)++);
  } else {
    char bad[16];
    variant_diag_quote(bad, sizeof bad, *p, 1, false);
    variant_diag_add(diags, at, "'%s' is not a piece letter, digit, '*' or '/' in the setup",
                     **p ? bad : "end of text");
    return -1;
  }
  /* a member of a piece group, R<s> (MBN §3) */
  if (**p == '<') {
    const char *close = strchr(*p, '>');
    if (!close || n + (size_t)(close - *p) + 1 >= sizeof letter) {
      variant_diag_add(diags, at, "piece suffix '<..>' in setup lacks its '>' or is too long");
      return -1;
    }
    while (*p <= close) letter[n++] = (char)toupper((unsigned char)*(*p)++);
  }
  letter[n] = '\0';
  int type = fbr_piece_index(v, letter);
  if (type < 0) {
    char known[256];
    size_t k = 0;
    known[0] = '\0';
    for (int t = 0; t < v->piece_count && k < sizeof known; t++)
      k += (size_t)snprintf(known + k, sizeof known - k, "%s%s", t ? " " : "", v->pieces[t].letter);
    char quoted[16];
    variant_diag_quote(quoted, sizeof quoted, start, (size_t)(*p - start), false);
    variant_diag_add(diags, at,
                     "setup uses piece '%s', which the pieces key does not define "
                     "(defined: %s)",
                     quoted, known);
    return -1;
  }
  if (**p == '~') (*p)++;
  return type;
}

/* Whether the pieces define "-X" for this letter (a '-' in holdings then
 * names it instead of standing for no holdings). */
static bool setup_minus_type(const Variant *v, char letter) {
  char name[3] = {'-', (char)toupper((unsigned char)letter), '\0'};
  return fbr_piece_index(v, name) >= 0;
}

static bool setup_check_board(Variant *v, const char *fen, const char *end, VariantPos pos,
                              VariantDiagnostics *diags) {
  const BoardShape *shape = &v->shape;
  int levels = shape->levels > 0 ? shape->levels : 1;
  int squares = fbr_square_count(shape);
  uint8_t *holes = calloc((size_t)squares, 1);
  if (!holes) return false;
  bool any_hole = false, ok = true;
  int level = levels - 1, rank = shape->ranks - 1, file = 0;
  const char *p = fen;
  while (p < end && ok) {
    VariantPos at = pos;
    at.col += (int)(p - fen);
    if (*p == '/' || *p == '|') {
      if (file != shape->files) {
        variant_diag_add(diags, at, "rank %d of the setup has %d files, the board has %d", rank + 1,
                         file, shape->files);
        ok = false;
        break;
      }
      if (*p == '|') {
        if (rank != 0) {
          variant_diag_add(diags, at, "level ends after %d ranks, the board has %d",
                           shape->ranks - rank, shape->ranks);
          ok = false;
          break;
        }
        level--, rank = shape->ranks - 1;
      } else {
        rank--;
      }
      file = 0;
      p++;
      if (rank < 0 || level < 0) {
        variant_diag_add(diags, at, "the setup has more ranks than the board's %d", shape->ranks);
        ok = false;
      }
      continue;
    }
    if (isdigit((unsigned char)*p)) {
      int run = 0;
      /* Bounded as board/fen.c bounds it: past the board's width the run is
       * an error anyway, and an unbounded one overflows. */
      while (p < end && isdigit((unsigned char)*p)) {
        if (run <= shape->files) run = run * 10 + (*p - '0');
        p++;
      }
      if (run == 0) {
        variant_diag_add(diags, at, "an empty run of 0 squares in the setup");
        ok = false;
      }
      file += run;
    } else if (*p == '*') {
      if (file < shape->files) {
        holes[(level * shape->ranks + rank) * shape->files + file] = 1;
        any_hole = true;
      }
      file++;
      p++;
    } else {
      bool black;
      if (setup_read_piece(v, &p, at, diags, &black) < 0) ok = false;
      file++;
    }
    if (ok && file > shape->files) {
      variant_diag_add(diags, at, "rank %d of the setup has more than %d files", rank + 1,
                       shape->files);
      ok = false;
    }
  }
  if (ok && (file != shape->files || rank != 0 || level != 0)) {
    VariantPos at = pos;
    at.col += (int)(end - fen);
    variant_diag_add(diags, at,
                     "the setup describes %d rank(s) and %d file(s) on its last rank; the board "
                     "is %dx%d",
                     shape->ranks - rank + (levels - 1 - level) * shape->ranks, file, shape->files,
                     shape->ranks);
    ok = false;
  }
  if (ok && any_hole) {
    if (!v->shape.hole)
      v->shape.hole = holes;
    else {
      for (int s = 0; s < squares; s++) v->shape.hole[s] |= holes[s];
      free(holes);
    }
  } else {
    free(holes);
  }
  return ok;
}

/* MBN's drop rule ($K==@k@K@w@S) drops pieces from the hands: the setup's
 * holdings must hold each, and the side to move is the first drop's. */
static bool setup_check_drop_sequence(const Variant *v, int held[COLOR_NB][PIECE_TYPE_MAX],
                                      const char *held_text, VariantPos held_at, bool black_moves,
                                      VariantPos side_at, VariantDiagnostics *diags) {
  const VariantRules *r = &v->rules;
  if (!r->drop_sequence_len) return true;
  for (int i = 0; i < r->drop_sequence_len; i++) {
    int step = r->drop_sequence[i], color = step & 1, type = step >> 1, wanted = 0;
    for (int j = 0; j < r->drop_sequence_len; j++) wanted += r->drop_sequence[j] == step;
    if (held[color][type] >= wanted) continue;
    char letter[PIECE_LETTER_MAX];
    snprintf(letter, sizeof letter, "%s", v->pieces[type].letter);
    for (char *c = letter; color == BLACK && *c; c++) *c = (char)tolower((unsigned char)*c);
    char quoted[48];
    size_t len = 0;
    while (held_text[len] && !isspace((unsigned char)held_text[len])) len++;
    variant_diag_quote(quoted, sizeof quoted, held_text, len, false);
    char holds[96];
    if (len)
      snprintf(holds, sizeof holds, "the holdings '%s' hold %d", quoted, held[color][type]);
    else
      snprintf(holds, sizeof holds, "the setup has no holdings");
    variant_diag_add(diags, held_at,
                     "the drop rule drops %d '%s' but %s: its pieces start in the hands ([...] "
                     "after the board)",
                     wanted, letter, holds);
    return false;
  }
  bool first_black = (r->drop_sequence[0] & 1) == BLACK;
  if (first_black == black_moves) return true;
  variant_diag_add(
      diags, side_at, "the drop rule's first drop is %s's, so %s moves first (side to move '%c')",
      first_black ? "Black" : "White", first_black ? "Black" : "White", first_black ? 'b' : 'w');
  return false;
}

bool variant_check_setup(Variant *v, const char *fen, VariantPos pos, VariantDiagnostics *diags) {
  /* Trim, then keep a copy for the board module. */
  while (isspace((unsigned char)*fen)) {
    if (*fen == '\n')
      pos.line++, pos.col = 1;
    else
      pos.col++;
    fen++;
  }
  size_t length = strlen(fen);
  while (length && isspace((unsigned char)fen[length - 1])) length--;
  if (memchr(fen, '\n', length)) {
    variant_diag_add(diags, pos, "the setup FEN must stay on one line");
    return false;
  }
  free(v->start_fen);
  v->start_fen = strndup(fen, length);
  const char *board_end = fen;
  while (board_end < fen + length && !isspace((unsigned char)*board_end) && *board_end != '[')
    board_end++;
  /* Holdings may also follow the board after a last '/' (as in some FENs). */
  bool ok = setup_check_board(v, fen, board_end, pos, diags);
  int held[COLOR_NB][PIECE_TYPE_MAX] = {{0}}; /* the holdings, by colour and type */
  VariantPos held_at = pos;
  held_at.col += (int)(board_end - fen);
  const char *p = board_end;
  if (p < fen + length && *p == '[') {
    const char *close = memchr(p, ']', (size_t)(fen + length - p));
    VariantPos at = pos;
    at.col += (int)(p - fen);
    if (!close) {
      variant_diag_add(diags, at, "holdings '[' in the setup lack their closing ']'");
      return false;
    }
    for (const char *q = p + 1; q < close && ok;) {
      VariantPos here = pos;
      here.col += (int)(q - fen);
      if (*q == '-' && !(isalpha((unsigned char)q[1]) && setup_minus_type(v, q[1]))) {
        q++; /* "[-]": empty holdings */
        continue;
      }
      bool black;
      int type = setup_read_piece(v, &q, here, diags, &black);
      if (type < 0)
        ok = false;
      else
        held[black][type]++;
    }
    p = close + 1;
  }
  /* Remaining fields: side, rights, e.p., [checks], halfmove, fullmove. */
  const char *field[8];
  size_t field_len[8];
  int fields = 0;
  while (p < fen + length && fields < 8) {
    while (p < fen + length && isspace((unsigned char)*p)) p++;
    if (p >= fen + length) break;
    field[fields] = p;
    while (p < fen + length && !isspace((unsigned char)*p)) p++;
    field_len[fields] = (size_t)(p - field[fields]);
    fields++;
  }
  if (fields == 0) {
    VariantPos at = pos;
    at.col += (int)length;
    variant_diag_add(diags, at, "the setup lacks the side to move ('w' or 'b')");
    return false;
  }
  VariantPos at = pos;
  at.col += (int)(field[0] - fen);
  if (field_len[0] != 1 || (field[0][0] != 'w' && field[0][0] != 'b')) {
    char quoted[32];
    variant_diag_quote(quoted, sizeof quoted, field[0], field_len[0], false);
    variant_diag_add(diags, at, "side to move must be 'w' or 'b', not '%s'", quoted);
    ok = false;
  } else if (ok && !setup_check_drop_sequence(v, held, board_end, held_at, field[0][0] == 'b', at,
                                              diags)) {
    ok = false;
  }
  for (int i = 1; i < fields; i++) {
    at = pos;
    at.col += (int)(field[i] - fen);
    bool digits = true, plus = false;
    for (size_t k = 0; k < field_len[i]; k++) {
      if (field[i][k] == '+')
        plus = true;
      else if (!isdigit((unsigned char)field[i][k]))
        digits = false;
    }
    bool letters = true;
    for (size_t k = 0; k < field_len[i]; k++)
      if (!isalnum((unsigned char)field[i][k]) && field[i][k] != '-') letters = false;
    if (!digits && !letters) {
      char quoted[32];
      variant_diag_quote(quoted, sizeof quoted, field[i], field_len[i], false);
      variant_diag_add(diags, at, "cannot read setup field '%s'", quoted);
      ok = false;
    }
    (void)plus;
  }
  if (p < fen + length) {
    at = pos;
    at.col += (int)(p - fen);
    variant_diag_add(diags, at, "too many fields in the setup");
    ok = false;
  }
  return ok;
}
