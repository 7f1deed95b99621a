/* variant_pieces.c — finds the piece letters an MBN `pieces` value declares.
 *
 * MBN tokens: `K` (a basic piece), `A=BN` (a definition), `PS=mfW` (two
 * pieces at once), `a=...` (Black's own moves for A), `+P` / `+P=...`
 * (a promoted piece), `+P==QRBN` (a promotion set: declares nothing),
 * `@X=...` (a macro), `O-O=...` (castling), `!X` / `?X` (cancel,
 * precondition), `'P` (a side-mover), `:BM:` (compound letters),
 * `R<s>` (a suffixed piece) and `|Name|` comments anywhere.
 */
#include "mbn/variant_pieces.h"

#include <ctype.h>
#include <string.h>

#include "mbn/fbr_sets.h"

static bool variant_add_piece(Variant *v, const char *letter, const char *name, VariantPos pos,
                              VariantDiagnostics *diags) {
  int existing = fbr_piece_index(v, letter);
  if (existing >= 0) {
    if (name[0] && !v->pieces[existing].name[0])
      snprintf(v->pieces[existing].name, sizeof v->pieces[existing].name, "%s", name);
    return true;
  }
  if (v->piece_count == PIECE_TYPE_MAX) {
    variant_diag_add(diags, pos, "more than %d piece types (at '%s')", PIECE_TYPE_MAX, letter);
    return false;
  }
  PieceType *p = &v->pieces[v->piece_count++];
  memset(p, 0, sizeof *p);
  snprintf(p->letter, sizeof p->letter, "%s", letter);
  snprintf(p->name, sizeof p->name, "%s", name);
  p->promoted_from = -1;
  return true;
}

/* Reads |...| at *p into name (if any). */
static void variant_read_comment(const char **p, const char *end, char *name, size_t size) {
  if (*p >= end || **p != '|') return;
  const char *close = memchr(*p + 1, '|', (size_t)(end - *p - 1));
  if (!close) return;
  size_t n = (size_t)(close - *p - 1);
  if (name && size) {
    if (n >= size) n = size - 1;
    memcpy(name, *p + 1, n);
    name[n] = '\0';
  }
  *p = close + 1;
}

static bool variant_declare_token(Variant *v, const char *start, const char *end, VariantPos pos,
                                  VariantDiagnostics *diags) {
  const char *p = start;
  char quoted[80];
  variant_diag_quote(quoted, sizeof quoted, start, (size_t)(end - start), false);
  if (*p == '@' || *p == '!' || *p == '?' || !strncmp(p, "O-O", 3)) return true;
  if (*p == '{') { /* {R}O-O=...: castling for the pieces of the set (MBN §13) */
    const char *close = memchr(p, '}', (size_t)(end - p));
    if (close && end - close > 3 && !strncmp(close + 1, "O-O", 3)) return true;
  }
  char side = 0;
  if (*p == '\'') side = *p++;
  char prefix[4] = {0};
  int prefixes = 0;
  while (p < end && strchr("+-#*$%&", *p) && prefixes < 3) prefix[prefixes++] = *p++;
  struct {
    char letter[PIECE_LETTER_MAX];
    char name[32];
  } found[8];
  int count = 0;
  while (p < end && *p != '=' && count < 8) {
    char letter[PIECE_LETTER_MAX];
    size_t n = 0;
    if (side) letter[n++] = side;
    for (int i = 0; i < prefixes && n + 1 < sizeof letter; i++) letter[n++] = prefix[i];
    if (*p == ':') {
      const char *close = memchr(p + 1, ':', (size_t)(end - p - 1));
      if (!close || close - p > 4 || close == p + 1) {
        variant_diag_add(diags, pos, "compound piece letter in '%s' must be :X: to :XYZ:", quoted);
        return false;
      }
      int len = snprintf(letter + n, sizeof letter - n, ":%.*s:", (int)(close - p - 1), p + 1);
      if (len < 0 || n + (size_t)len >= sizeof letter) {
        variant_diag_add(diags, pos, "piece letter in '%s' is longer than %d characters", quoted,
                         (int)sizeof letter - 1);
        return false;
      }
      for (int i = 1; i < len - 1; i++) letter[n + i] = (char)toupper((unsigned char)letter[n + i]);
      n += (size_t)len;
      p = close + 1;
    } else if (isalpha((unsigned char)*p)) {
      letter[n++] = (char)toupper((unsigned char)*p++);
    } else {
      VariantPos at = pos;
      at.col += (int)(p - start);
      if (*p == '/')
        variant_diag_add(diags, at, "announcement suffixes ('/../') in '%s' are not supported",
                         quoted);
      else if (*p == '{')
        variant_diag_add(diags, at,
                         "a piece set before a definition in '%s' is read only before castling "
                         "({R}O-O=...)",
                         quoted);
      else
        variant_diag_add(diags, at, "piece definition '%s' must start with a piece letter", quoted);
      return false;
    }
    letter[n] = '\0';
    /* A reflected board identifier (<<5>>, MBN §8) names boards, not a
     * piece: skipped whole, since its second '>' is no suffix's. */
    if (p + 1 < end && p[0] == '<' && p[1] == '<') {
      const char *close = p + 2;
      while (close + 1 < end && !(close[0] == '>' && close[1] == '>')) close++;
      if (close + 1 >= end) {
        variant_diag_add(diags, pos, "board identifier in '%s' lacks its closing '>>'", quoted);
        return false;
      }
      p = close + 2;
    }
    /* A suffix <s> names a member of a piece group (MBN §3): part of the
     * letter, in upper case (R<s> and R<S> are one piece, as compound
     * letters are); a board identifier <2> is not. */
    while (p < end && *p == '<') {
      const char *close = memchr(p, '>', (size_t)(end - p));
      if (!close) {
        variant_diag_add(diags, pos, "suffix in '%s' lacks its closing '>'", quoted);
        return false;
      }
      if (isalpha((unsigned char)p[1])) {
        if (n + (size_t)(close - p) + 1 >= sizeof letter) {
          variant_diag_add(diags, pos, "piece letter in '%s' is longer than %d characters", quoted,
                           (int)sizeof letter - 1);
          return false;
        }
        for (const char *c = p; c <= close; c++) letter[n++] = (char)toupper((unsigned char)*c);
        letter[n] = '\0';
      }
      p = close + 1;
    }
    snprintf(found[count].letter, sizeof found[count].letter, "%s", letter);
    found[count].name[0] = '\0';
    variant_read_comment(&p, end, found[count].name, sizeof found[count].name);
    count++;
  }
  if (count == 0) {
    variant_diag_add(diags, pos, "piece definition '%s' must start with a piece letter", quoted);
    return false;
  }
  if (p < end && *p == '=' && p + 1 < end && p[1] == '=') return true; /* a promotion set */
  if (p < end && *p != '=') {
    VariantPos at = pos;
    at.col += (int)(p - start);
    variant_diag_add(diags, at, "cannot read piece definition '%s'", quoted);
    return false;
  }
  /* ##Q (alone: a promoted piece's default rule, MBN §2) declares no
   * piece; the compiler reads it, and refuses ##Q=... */
  if (prefixes > 1) return true;
  if (prefix[0] == '*') return true; /* the compiler refuses a *Q piece by name */
  for (int i = 0; i < count; i++)
    if (!variant_add_piece(v, found[i].letter, found[i].name, pos, diags)) return false;
  return true;
}

bool variant_declare_pieces(Variant *variant, const char *text, VariantPos pos,
                            VariantDiagnostics *diags) {
  bool ok = true;
  const char *p = text;
  while (*p) {
    if (*p == '\n') {
      pos.line++, pos.col = 1, p++;
      continue;
    }
    if (isspace((unsigned char)*p)) {
      pos.col++, p++;
      continue;
    }
    /* A token runs to white space outside |comments|. */
    const char *end = p;
    bool in_comment = false;
    while (*end && (in_comment || !isspace((unsigned char)*end))) {
      if (*end == '|') in_comment = !in_comment;
      if (*end == '\n') break;
      end++;
    }
    if (!variant_declare_token(variant, p, end, pos, diags)) ok = false;
    pos.col += (int)(end - p);
    p = end;
  }
  return ok;
}
