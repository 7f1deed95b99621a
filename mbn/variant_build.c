/* variant_build.c — builds a Variant from a resolved section (see variant_build.h). */
#include "mbn/variant_build.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/fbr.h"
#include "mbn/fbr_sets.h"
#include "mbn/mbn.h"
#include "mbn/variant_pieces.h"
#include "mbn/variant_setup.h"

enum { BOARD_SIDE_MAX = 36, BOARD_LEVELS_MAX = 16 };

/* Skips white space, keeping pos on the character p points to. */
static const char *build_skip_space(const char *p, VariantPos *pos) {
  while (isspace((unsigned char)*p)) {
    if (*p == '\n')
      pos->line++, pos->col = 1;
    else
      pos->col++;
    p++;
  }
  return p;
}

bool variant_parse_board(BoardShape *shape, const char *text, VariantPos pos,
                         VariantDiagnostics *diags) {
  memset(shape, 0, sizeof *shape);
  const char *p = build_skip_space(text, &pos);
  const char *start = p;
  VariantPos start_pos = pos;
  int sizes[4] = {0, 0, 1, 1};
  int count = 0;
  while (count < 4) {
    if (!isdigit((unsigned char)*p)) break;
    long n = strtol(p, (char **)&p, 10);
    sizes[count++] = n > 1000 ? 1000 : (int)n;
    if (*p != 'x') break;
    p++;
  }
  const char *end = p;
  while (*end && !isspace((unsigned char)*end)) end++;
  char quoted[64];
  variant_diag_quote(quoted, sizeof quoted, start, (size_t)(end - start), false);
  VariantPos rest_pos = pos;
  const char *rest = build_skip_space(end, &rest_pos);
  /* An orientation after the size: a hexagonal board drawn on the grid. */
  const char *word_end = rest;
  while (*word_end && !isspace((unsigned char)*word_end)) word_end++;
  size_t word_len = (size_t)(word_end - rest);
  static const char *const HEX_WORDS[] = {"hexagonal-vertical", "hexagonal-horizontal"};
  for (int h = 0; h < 2 && word_len; h++)
    if (strlen(HEX_WORDS[h]) == word_len && !strncmp(rest, HEX_WORDS[h], word_len))
      shape->hex = h == 0 ? BOARD_HEX_VERTICAL : BOARD_HEX_HORIZONTAL;
  /* Only after a valid size: otherwise the size's own message says more. */
  if (word_len && count >= 2 && p == end) {
    char word[64];
    variant_diag_quote(word, sizeof word, rest, word_len, false);
    if (shape->hex == BOARD_SQUARE) {
      variant_diag_add(diags, start_pos,
                       "board '%s': after the size only 'hexagonal-vertical' or "
                       "'hexagonal-horizontal' may follow, not '%s'",
                       quoted, word);
      return false;
    }
    rest = build_skip_space(word_end, &rest_pos);
    if (*rest) {
      char extra[64];
      variant_diag_quote(extra, sizeof extra, rest, strlen(rest), false);
      variant_diag_add(diags, start_pos, "board '%s': nothing may follow '%s', found '%s'", quoted,
                       word, extra);
      return false;
    }
  }
  pos = start_pos;
  if (count < 2 || p != end || *rest) {
    variant_diag_add(diags, pos,
                     "board '%s' must be WxH, WxHxL (files x ranks x levels) or WxHxZxW "
                     "(4D: Z boards in each of W rows), e.g. 8x8",
                     quoted);
    return false;
  }
  if (sizes[0] < 1 || sizes[0] > BOARD_SIDE_MAX || sizes[1] < 1 || sizes[1] > BOARD_SIDE_MAX) {
    variant_diag_add(diags, pos, "board '%s': files and ranks must be 1..%d", quoted,
                     BOARD_SIDE_MAX);
    return false;
  }
  if (sizes[2] < 1 || sizes[2] > BOARD_LEVELS_MAX) {
    variant_diag_add(diags, pos, "board '%s': levels must be 1..%d", quoted, BOARD_LEVELS_MAX);
    return false;
  }
  if (sizes[3] < 1 || sizes[2] * sizes[3] > BOARD_LEVELS_MAX) {
    variant_diag_add(diags, pos, "board '%s': a 4D board has 1..%d boards in all (Z x W)", quoted,
                     BOARD_LEVELS_MAX);
    return false;
  }
  if (shape->hex != BOARD_SQUARE && sizes[2] * sizes[3] != 1) {
    variant_diag_add(diags, pos,
                     "board '%s': a hexagonal board has one level (MBN section 15 defines "
                     "its pieces on a flat board)",
                     quoted);
    return false;
  }
  shape->files = sizes[0];
  shape->ranks = sizes[1];
  shape->levels = sizes[2] * sizes[3];
  if (count == 4) shape->levels_z = sizes[2]; /* 4D even with one row: <..;..> reads it so */
  return true;
}

/* names: LETTER=Name (underscores print as spaces); values: LETTER=N. */
static bool variant_parse_pairs(Variant *v, const VariantValue *value, bool numbers,
                                VariantDiagnostics *diags) {
  bool ok = true;
  for (int c = 0; c < value->chunk_count; c++) {
    VariantPos pos = value->chunks[c].pos;
    const char *p = value->chunks[c].text;
    for (;;) {
      p = build_skip_space(p, &pos);
      if (!*p) break;
      const char *end = p;
      while (*end && !isspace((unsigned char)*end)) end++;
      char token[96];
      variant_diag_quote(token, sizeof token, p, (size_t)(end - p), false);
      const char *eq = memchr(p, '=', (size_t)(end - p));
      char letter[PIECE_LETTER_MAX] = {0};
      int type = -1;
      if (eq && eq > p && (size_t)(eq - p) < sizeof letter) {
        memcpy(letter, p, (size_t)(eq - p));
        type = fbr_piece_index(v, letter);
      }
      if (!eq || eq + 1 >= end) {
        variant_diag_add(diags, pos, "'%s' must be LETTER=%s", token, numbers ? "N" : "Name");
        ok = false;
      } else if (type < 0) {
        variant_diag_add(diags, pos, "'%s' names piece '%s', which the pieces key does not define",
                         token, letter);
        ok = false;
      } else if (numbers) {
        char *stop;
        long n = strtol(eq + 1, &stop, 10);
        if (stop != end || n < 0 || n > 100000) {
          variant_diag_add(diags, pos, "'%s': value must be a whole number of centipawns 0..100000",
                           token);
          ok = false;
        } else {
          v->pieces[type].value = (int)n;
        }
      } else {
        size_t n = (size_t)(end - eq - 1);
        if (n >= sizeof v->pieces[type].name) n = sizeof v->pieces[type].name - 1;
        memcpy(v->pieces[type].name, eq + 1, n);
        v->pieces[type].name[n] = '\0';
        for (char *q = v->pieces[type].name; *q; q++)
          if (*q == '_') *q = ' ';
      }
      pos.col += (int)(end - p);
      p = end;
    }
  }
  return ok;
}

/* Runs the MBN compiler and turns its diagnostics into ours, quoting the
 * text it was near. */
static bool variant_compile_pieces(Variant *v, const char *text, VariantPos pos,
                                   VariantDiagnostics *diags) {
  MbnDiagnostics mbn_diags = {0};
  MbnSourcePos where = {pos.file, pos.line, pos.col};
  bool ok = mbn_compile_pieces(v, text, where, &mbn_diags);
  for (int i = 0; i < mbn_diags.count; i++) {
    const MbnDiagnostic *d = &mbn_diags.items[i];
    VariantPos at = {pos.file, d->line, d->col};
    if (d->near[0])
      variant_diag_add(diags, at, "%s (near '%s')", d->message, d->near);
    else
      variant_diag_add(diags, at, "%s", d->message);
  }
  if (!ok && mbn_diags.count == 0) {
    variant_diag_add(diags, pos, "the MBN compiler rejected the pieces");
  }
  mbn_diagnostics_free(&mbn_diags);
  return ok;
}

bool variant_build(Variant *v, const VariantSection *s, VariantDiagnostics *diags) {
  snprintf(v->name, sizeof v->name, "%s", s->name);
  bool ok = true;
  for (int k = 0; k < VKEY_NB; k++) {
    if (VARIANT_KEYS[k].required && !s->values[k].chunk_count) {
      variant_diag_add(diags, s->pos, "variant [%s] lacks the key '%s' (%s)", s->name,
                       VARIANT_KEYS[k].name, VARIANT_KEYS[k].summary);
      ok = false;
    }
  }
  if (!ok) return false;
  const VariantValue *board = &s->values[VKEY_BOARD];
  if (!variant_parse_board(&v->shape, board->chunks[0].text, board->chunks[0].pos, diags))
    return false;
  /* The MBN compiler turns the definitions into move programs; the light
   * declaration scan runs first so that the quicker, more specific messages
   * about malformed tokens come out even when the compiler stops early. */
  const VariantValue *pieces = &s->values[VKEY_PIECES];
  Variant scan;
  memset(&scan, 0, sizeof scan);
  scan.shape = v->shape;
  for (int c = 0; c < pieces->chunk_count; c++)
    if (!variant_declare_pieces(&scan, pieces->chunks[c].text, pieces->chunks[c].pos, diags))
      ok = false;
  for (int c = 0; ok && c < pieces->chunk_count; c++)
    if (!variant_compile_pieces(v, pieces->chunks[c].text, pieces->chunks[c].pos, diags))
      ok = false;
  const VariantValue *setup = &s->values[VKEY_SETUP];
  if (ok && !variant_check_setup(v, setup->chunks[0].text, setup->chunks[0].pos, diags)) ok = false;
  if (!ok) return false;
  const VariantValue *rules = &s->values[VKEY_RULES];
  const char *texts[VARIANT_CHUNK_MAX];
  VariantPos positions[VARIANT_CHUNK_MAX];
  for (int c = 0; c < rules->chunk_count; c++) {
    texts[c] = rules->chunks[c].text;
    positions[c] = rules->chunks[c].pos;
  }
  if (!fbr_compile_rules(v, texts, positions, rules->chunk_count, diags)) ok = false;
  if (ok && !variant_apply_explosion(v, diags)) ok = false;
  if (!variant_parse_pairs(v, &s->values[VKEY_NAMES], false, diags)) ok = false;
  if (!variant_parse_pairs(v, &s->values[VKEY_VALUES], true, diags)) ok = false;
  return ok;
}

void variant_release(Variant *v) {
  /* Zones set by rules live in the rules' arena; mbn's variant_free frees
   * the rest (move programs, ranges, holes, the FEN) and would free these
   * pointers too, so they are cleared first. */
  fbr_rules_free(&v->rules);
  for (int c = 0; c < COLOR_NB; c++) v->rules.promotion_zone[c] = NULL;
  v->rules.hill = NULL;
  variant_free(v);
}
