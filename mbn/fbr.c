/* fbr.c — parses FBR rule text (see fbr.h); fbr_rules.c holds the table.
 *
 * Grammar (fbr-notes.md), one rule per white-space separated token:
 *   Rule      ::= Name Prefix? SeqNumber? PieceSet? BoardRange? ('=' Attribute (',' Attribute)*)?
 *   Attribute ::= Name Prefix? ('(' Number ')')? PieceSet* BoardRange?
 * PieceSet and BoardRange may come in either order after the name, as the
 * published gating example (`gating[..]{..}`) puts the range first.
 *
 * Rules come in two kinds. A single rule (royal, promotion, stalemate, ...)
 * describes one thing, so its last occurrence wins: a child variant
 * overrides its parent's with `rules += ...`. A multi rule (draw, loss, win,
 * pieces, drop, zone) is a list of facts and every occurrence counts.
 */
#include "mbn/fbr.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/fbr_internal.h"
#include "mbn/fbr_sets.h"

static int fbr_squares(const FbrContext *ctx) {
  return fbr_square_count(&ctx->variant->shape);
}

/* ---- the parser ---- */

static const FbrRuleSpec *fbr_find_rule(const char *name, size_t length) {
  for (int i = 0; i < FBR_RULE_NB; i++)
    if (strlen(FBR_RULES[i].name) == length && !strncmp(FBR_RULES[i].name, name, length))
      return &FBR_RULES[i];
  return NULL;
}

static void fbr_list_names(char *out, size_t size, const FbrAttrSpec *attrs) {
  size_t n = 0;
  out[0] = '\0';
  if (!attrs) {
    for (int i = 0; i < FBR_RULE_NB && n < size; i++)
      n += (size_t)snprintf(out + n, size - n, "%s%s", i ? " " : "", FBR_RULES[i].name);
    return;
  }
  for (int i = 0; attrs[i].name && n < size; i++)
    n += (size_t)snprintf(out + n, size - n, "%s%s", i ? " " : "", attrs[i].name);
}

/* Reads the optional {..} and [..] operands at *p. */
static bool fbr_parse_operands(FbrContext *ctx, const char **p, const char *start, VariantPos pos,
                               bool want_set, bool want_range, const char *what, int *set_count,
                               TypeSet sets[][COLOR_NB], int max_sets, uint8_t **range,
                               const char *rule_text) {
  while (**p == '{' || **p == '[') {
    VariantPos at = pos;
    at.col += (int)(*p - start);
    if (**p == '{') {
      if (!want_set) {
        variant_diag_add(ctx->diags, at, "rule '%s': %s takes no piece set here", rule_text, what);
        return false;
      }
      if (*set_count >= max_sets) {
        variant_diag_add(ctx->diags, at, "rule '%s': %s takes at most %d piece set%s", rule_text,
                         what, max_sets, max_sets == 1 ? "" : "s");
        return false;
      }
      int used = fbr_parse_pieceset(*p, at, ctx->variant, sets[*set_count], ctx->diags);
      if (used < 0) return false;
      (*set_count)++;
      *p += used;
    } else {
      if (!want_range || *range) {
        variant_diag_add(ctx->diags, at, "rule '%s': %s takes no board range here", rule_text,
                         what);
        return false;
      }
      *range = fbr_zone_new(&ctx->variant->rules, fbr_squares(ctx));
      if (!*range) return false;
      int used = fbr_parse_range(*p, at, &ctx->variant->shape, *range, ctx->diags);
      if (used < 0) return false;
      *p += used;
    }
  }
  return true;
}

static bool fbr_parse_rule(FbrContext *ctx, const char *start, size_t length, VariantPos pos,
                           FbrRule *rule) {
  memset(rule, 0, sizeof *rule);
  rule->pos = pos;
  variant_diag_quote(rule->text, sizeof rule->text, start, length, false);
  char token[512];
  if (length >= sizeof token) {
    variant_diag_add(ctx->diags, pos, "rule '%s...' is longer than %zu characters", rule->text,
                     sizeof token - 1);
    return false;
  }
  memcpy(token, start, length);
  token[length] = '\0';
  const char *p = token;
  while (islower((unsigned char)*p)) p++;
  rule->spec = fbr_find_rule(token, (size_t)(p - token));
  if (!rule->spec) {
    char names[512], word[64];
    fbr_list_names(names, sizeof names, NULL);
    variant_diag_quote(word, sizeof word, token, (size_t)(p - token), false);
    variant_diag_add(ctx->diags, pos, "unknown rule '%s' in '%s' (rules are: %s)",
                     p == token ? rule->text : word, rule->text, names);
    return false;
  }
  const FbrRuleSpec *spec = rule->spec;
  if (*p && strchr("+-#*$%&", *p)) rule->prefix = *p++;
  if (*p == '<') {
    char *end;
    rule->seq = (int)strtol(p + 1, &end, 10);
    if (end == p + 1 || *end != '>') {
      VariantPos at = pos;
      at.col += (int)(p - token);
      variant_diag_add(ctx->diags, at, "rule '%s': sequence number must be <N>", rule->text);
      return false;
    }
    p = end + 1;
  }
  int set_count = 0;
  TypeSet sets[1][COLOR_NB];
  if (!fbr_parse_operands(ctx, &p, token, pos, spec->pieceset, spec->range, spec->name, &set_count,
                          sets, 1, &rule->range, rule->text))
    return false;
  if (set_count) {
    rule->has_set = true;
    memcpy(rule->set, sets[0], sizeof rule->set);
  }
  if (*p == '=') {
    p++;
    for (;;) {
      VariantPos at = pos;
      at.col += (int)(p - token);
      const char *name = p;
      while (islower((unsigned char)*p) || isdigit((unsigned char)*p)) p++;
      const FbrAttrSpec *attr = NULL;
      for (const FbrAttrSpec *a = spec->attrs; a->name; a++)
        if (strlen(a->name) == (size_t)(p - name) && !strncmp(a->name, name, (size_t)(p - name)))
          attr = a;
      if (!attr) {
        char names[512], word[64];
        fbr_list_names(names, sizeof names, spec->attrs);
        variant_diag_quote(word, sizeof word, name, p == name ? 1 : (size_t)(p - name), false);
        if (p == name && !*p)
          variant_diag_add(ctx->diags, at, "rule '%s': expected an attribute after '%c'",
                           rule->text, p[-1]);
        else
          variant_diag_add(ctx->diags, at,
                           "unknown attribute '%s' of rule '%s' in '%s' (attributes: %s)", word,
                           spec->name, rule->text, names[0] ? names : "none");
        return false;
      }
      if (rule->attr_count == FBR_ATTR_MAX) {
        variant_diag_add(ctx->diags, at, "rule '%s' has more than %d attributes", rule->text,
                         FBR_ATTR_MAX);
        return false;
      }
      FbrAttr *a = &rule->attrs[rule->attr_count++];
      a->spec = attr;
      a->pos = at;
      if (*p == '(') {
        char *end;
        long n = strtol(p + 1, &end, 10);
        if (end == p + 1 || *end != ')' || n < 0 || n > 1000000) {
          at.col += (int)(p - name);
          variant_diag_add(ctx->diags, at, "rule '%s': '%s' wants a number in parentheses",
                           rule->text, attr->name);
          return false;
        }
        if (attr->number == ARG_NONE) {
          variant_diag_add(ctx->diags, at, "rule '%s': attribute '%s' takes no number", rule->text,
                           attr->name);
          return false;
        }
        a->has_number = true;
        a->number = (int)n;
        p = end + 1;
      } else if (attr->number == ARG_NUMBER) {
        variant_diag_add(ctx->diags, at, "rule '%s': attribute '%s' needs a number: %s(N)",
                         rule->text, attr->name, attr->name);
        return false;
      }
      if (*p && strchr("+-#*$%&", *p)) p++; /* an attribute's prefix, as in enter+ */
      if (!fbr_parse_operands(ctx, &p, token, pos, attr->pieceset > 0, attr->range, attr->name,
                              &a->set_count, a->sets, attr->pieceset, &a->range, rule->text))
        return false;
      if (*p == ',') {
        p++;
        continue;
      }
      break;
    }
  } else if (spec->needs_attr) {
    char names[512];
    fbr_list_names(names, sizeof names, spec->attrs);
    variant_diag_add(ctx->diags, pos, "rule '%s' needs '=' and one of: %s", rule->text, names);
    return false;
  }
  if (*p) {
    VariantPos at = pos;
    at.col += (int)(p - token);
    char rest[64];
    variant_diag_quote(rest, sizeof rest, p, 40, false);
    variant_diag_add(ctx->diags, at, "unexpected '%s' in rule '%s'", rest, rule->text);
    return false;
  }
  return true;
}

bool fbr_compile_rules(Variant *variant, const char *const *texts, const VariantPos *positions,
                       int count, VariantDiagnostics *diags) {
  FbrContext ctx = {variant, diags, {{0}}};
  FbrRule *parsed = calloc(FBR_RULES_MAX, sizeof *parsed);
  if (!parsed) return false;
  int n = 0;
  bool ok = true;
  for (int c = 0; c < count; c++) {
    const char *text = texts[c];
    VariantPos pos = positions[c];
    const char *p = text;
    while (*p) {
      if (*p == '\n') {
        pos.line++;
        pos.col = 1;
        p++;
        continue;
      }
      if (isspace((unsigned char)*p)) {
        pos.col++;
        p++;
        continue;
      }
      size_t length = 0;
      while (p[length] && !isspace((unsigned char)p[length])) length++;
      if (n == FBR_RULES_MAX) {
        variant_diag_add(diags, pos, "more than %d rules", FBR_RULES_MAX);
        ok = false;
        break;
      }
      if (fbr_parse_rule(&ctx, p, length, pos, &parsed[n]))
        n++;
      else
        ok = false;
      p += length;
      pos.col += (int)length;
    }
  }
  /* A single rule: only its last occurrence counts. */
  bool given[FBR_RULE_LIMIT] = {false};
  for (int i = 0; i < n; i++) given[parsed[i].spec - FBR_RULES] = true;
  /* a default's messages name the rules line: the default stands for it */
  VariantPos where = count > 0 ? positions[0] : (VariantPos){"<rules>", 1, 1};
  if (!fbr_apply_defaults(&ctx, given, where)) ok = false;
  for (int i = 0; i < n; i++) {
    bool later = false;
    if (!parsed[i].spec->multi)
      for (int j = i + 1; j < n; j++)
        if (parsed[j].spec == parsed[i].spec) later = true;
    if (later) continue;
    if (!parsed[i].spec->apply(&ctx, &parsed[i])) ok = false;
  }
  free(parsed);
  fbr_fill_promotions(&ctx);
  return ok;
}
