/* fbr_sets.c — board ranges and piece sets of FBR rules (see fbr_sets.h).
 *
 * Square designators follow MBN (and CQL, which it borrows from): files are
 * letters a..z then aa.., ranks are numbers from 1, levels (3D boards) are
 * upper-case letters A.. after the square; "a-c1-3" is a rectangle, "1-4"
 * whole ranks, "a,h" whole files, "#" the edge squares, "." the inner ones,
 * a leading "^" the complement.
 */
#include "mbn/fbr_sets.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

int fbr_square_count(const BoardShape *shape) {
  return shape->files * shape->ranks * (shape->levels > 0 ? shape->levels : 1);
}

static int fbr_square(const BoardShape *shape, int file, int rank, int level) {
  return (level * shape->ranks + rank) * shape->files + file;
}

/* Reads a file name (a..z, aa..) at p; returns its 0-based index or -1. */
static int fbr_read_file(const char **p) {
  if (!islower((unsigned char)**p)) return -1;
  int file = 0;
  int letters = 0;
  while (islower((unsigned char)**p) && letters < 2) {
    file = file * 26 + (**p - 'a' + 1);
    (*p)++;
    letters++;
  }
  return file - 1;
}

static int fbr_read_number(const char **p) {
  if (!isdigit((unsigned char)**p)) return -1;
  int n = 0;
  while (isdigit((unsigned char)**p) && n < 100000) n = n * 10 + (*(*p)++ - '0');
  return n;
}

/* One element between commas; sets its squares in member. */
static bool fbr_range_element(const char *start, const char *end, VariantPos pos,
                              const BoardShape *shape, uint8_t *member, VariantDiagnostics *diags) {
  char quoted[64];
  variant_diag_quote(quoted, sizeof quoted, start, (size_t)(end - start), false);
  int levels = shape->levels > 0 ? shape->levels : 1;
  if (end - start == 1 && (*start == '#' || *start == '.')) {
    bool edge = *start == '#';
    for (int l = 0; l < levels; l++)
      for (int r = 0; r < shape->ranks; r++)
        for (int f = 0; f < shape->files; f++) {
          bool on_edge = f == 0 || r == 0 || f == shape->files - 1 || r == shape->ranks - 1;
          if (on_edge == edge) member[fbr_square(shape, f, r, l)] = 1;
        }
    return true;
  }
  const char *p = start;
  int f0 = 0, f1 = shape->files - 1, r0 = 0, r1 = shape->ranks - 1, l0 = 0, l1 = levels - 1;
  bool any = false;
  if (islower((unsigned char)*p)) {
    f0 = f1 = fbr_read_file(&p);
    if (*p == '-' && islower((unsigned char)p[1])) {
      p++;
      f1 = fbr_read_file(&p);
    }
    any = true;
  }
  if (isdigit((unsigned char)*p)) {
    r0 = r1 = fbr_read_number(&p) - 1;
    if (*p == '-') {
      p++;
      if (!isdigit((unsigned char)*p)) {
        pos.col += (int)(p - start);
        variant_diag_add(diags, pos, "expected a rank number after '-' in range element '%s'",
                         quoted);
        return false;
      }
      r1 = fbr_read_number(&p) - 1;
    }
    any = true;
  }
  if (isupper((unsigned char)*p)) {
    l0 = l1 = *p++ - 'A';
    if (*p == '-' && isupper((unsigned char)p[1])) {
      p++;
      l1 = *p++ - 'A';
    }
    any = true;
  }
  if (!any || p != end) {
    pos.col += (int)(p - start);
    variant_diag_add(diags, pos,
                     "cannot read range element '%s' (expected files a-c, ranks 1-3, a square "
                     "like h8, '#' or '.')",
                     quoted);
    return false;
  }
  if (f0 > f1 || r0 > r1 || l0 > l1) {
    variant_diag_add(diags, pos, "range element '%s' runs backwards", quoted);
    return false;
  }
  if (f1 >= shape->files || r1 >= shape->ranks || r0 < 0 || l1 >= levels) {
    variant_diag_add(diags, pos, "range element '%s' lies outside the %dx%d%s board", quoted,
                     shape->files, shape->ranks, levels > 1 ? "xL" : "");
    return false;
  }
  for (int l = l0; l <= l1; l++)
    for (int r = r0; r <= r1; r++)
      for (int f = f0; f <= f1; f++) member[fbr_square(shape, f, r, l)] = 1;
  return true;
}

int fbr_parse_range(const char *text, VariantPos pos, const BoardShape *shape, uint8_t *member,
                    VariantDiagnostics *diags) {
  int squares = fbr_square_count(shape);
  memset(member, 0, (size_t)squares);
  const char *close = strchr(text, ']');
  const char *space = text;
  while (*space && !isspace((unsigned char)*space)) space++;
  if (!close || close > space) {
    char quoted[64];
    variant_diag_quote(quoted, sizeof quoted, text, 40, true);
    variant_diag_add(diags, pos, "board range '%s' lacks its closing ']'", quoted);
    return -1;
  }
  const char *p = text + 1;
  bool complement = false;
  if (*p == '^') {
    complement = true;
    p++;
  }
  while (p < close) {
    const char *comma = p;
    while (comma < close && *comma != ',') comma++;
    VariantPos at = pos;
    at.col += (int)(p - text);
    if (comma == p) {
      variant_diag_add(diags, at, "empty element in board range");
      return -1;
    }
    if (!fbr_range_element(p, comma, at, shape, member, diags)) return -1;
    p = comma < close ? comma + 1 : close;
    if (comma < close && p == close) {
      at.col += (int)(close - comma);
      variant_diag_add(diags, at, "empty element in board range");
      return -1;
    }
  }
  if (complement)
    for (int s = 0; s < squares; s++) member[s] = !member[s];
  return (int)(close - text) + 1;
}

void fbr_mirror_range(const BoardShape *shape, const uint8_t *white, uint8_t *black) {
  int levels = shape->levels > 0 ? shape->levels : 1;
  for (int l = 0; l < levels; l++)
    for (int r = 0; r < shape->ranks; r++)
      for (int f = 0; f < shape->files; f++)
        black[fbr_square(shape, f, shape->ranks - 1 - r, levels - 1 - l)] =
            white[fbr_square(shape, f, r, l)];
}

int fbr_piece_index(const Variant *variant, const char *letter) {
  for (int t = 0; t < variant->piece_count; t++)
    if (!strcasecmp(variant->pieces[t].letter, letter)) return t;
  return -1;
}

static void fbr_list_pieces(const Variant *variant, char *out, size_t size) {
  size_t n = 0;
  out[0] = '\0';
  for (int t = 0; t < variant->piece_count && n < size; t++)
    n += (size_t)snprintf(out + n, size - n, "%s%s", t ? " " : "", variant->pieces[t].letter);
}

int fbr_parse_pieceset(const char *text, VariantPos pos, const Variant *variant,
                       TypeSet sets[COLOR_NB], VariantDiagnostics *diags) {
  sets[WHITE] = sets[BLACK] = type_set_empty();
  const char *p = text + 1;
  bool colour = false, complement = false;
  if (*p == '!') colour = true, p++;
  if (*p == '^') complement = true, p++;
  while (*p && *p != '}') {
    VariantPos at = pos;
    at.col += (int)(p - text);
    char letter[PIECE_LETTER_MAX];
    size_t n = 0;
    while (strchr("+-#*$%&", *p) && *p && n < 3) letter[n++] = *p++;
    bool lower;
    if (*p == ':') {
      const char *end = strchr(p + 1, ':');
      if (!end || end - p > 4) {
        char quoted[32];
        variant_diag_quote(quoted, sizeof quoted, p, 8, true);
        variant_diag_add(diags, at, "compound letter '%s' in piece set lacks its closing ':'",
                         quoted);
        return -1;
      }
      lower = islower((unsigned char)p[1]);
      while (p <= end && n + 1 < sizeof letter) letter[n++] = *p++;
    } else if (isalpha((unsigned char)*p)) {
      lower = islower((unsigned char)*p);
      letter[n++] = (char)toupper((unsigned char)*p++);
    } else {
      char quoted[16];
      variant_diag_quote(quoted, sizeof quoted, p, 1, false);
      variant_diag_add(diags, at, "'%s' is not a piece letter (piece sets hold letters like {KQ})",
                       *p ? quoted : "end of text");
      return -1;
    }
    letter[n] = '\0';
    int type = fbr_piece_index(variant, letter);
    if (type < 0) {
      char known[256];
      fbr_list_pieces(variant, known, sizeof known);
      variant_diag_add(diags, at, "unknown piece '%s' in piece set (this variant's pieces: %s)",
                       letter, known);
      return -1;
    }
    if (!colour || !lower) type_set_add(&sets[WHITE], type);
    if (!colour || lower) type_set_add(&sets[BLACK], type);
  }
  if (*p != '}') {
    char quoted[32];
    variant_diag_quote(quoted, sizeof quoted, text, 20, true);
    variant_diag_add(diags, pos, "piece set '%s' lacks its closing '}'", quoted);
    return -1;
  }
  if (complement) {
    /* With '!' each side is complemented on its own: {!^k} is every piece
     * of White's and every piece but the K of Black's. */
    TypeSet all = type_set_first_n(variant->piece_count);
    sets[WHITE] = type_set_minus(all, sets[WHITE]);
    sets[BLACK] = type_set_minus(all, sets[BLACK]);
  }
  return (int)(p - text) + 1;
}
