/* test_board_rule_modules.c — every field of VariantRules is owned by
 * exactly one rule module (board/rules.c, RULE_MODULES): a field added to
 * the struct without a module that plays it fails here. Two checks, each
 * blind where the other sees: the fields named in mbn/variant.h's source
 * against the modules' lists, and the modules' fields tiling the struct's
 * bytes (only alignment padding between them). And the load-time side of
 * it (rules_registry_plays): with a registry that leaves a field to no
 * module, or lists it as not played yet, a variant setting that field is
 * refused and one that does not still loads. */
#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/rules.h"
#include "shipped_library.h"

Suite *test_suite(void);

#define NAMES_MAX 256

typedef struct {
  const RuleField *field;
  const char *concern;
} Claim;

static int claims_collect(Claim *out) {
  int n = 0;
  for (int m = 0; m < RULE_MODULE_COUNT; m++)
    for (int i = 0; i < *RULE_MODULES[m].field_count; i++) {
      ck_assert_int_lt(n, NAMES_MAX);
      out[n].field = &RULE_MODULES[m].fields[i];
      out[n++].concern = RULE_MODULES[m].concern;
    }
  return n;
}

/* The field names declared in VariantRules, read from mbn/variant.h: the
 * body of the struct that ends in "} VariantRules;", comments dropped,
 * each declaration's declarators (after the type, array sizes dropped). */
static int source_fields(char names[][64]) {
  FILE *f = fopen(CHIMERA_SOURCE_DIR "/mbn/variant.h", "r");
  ck_assert_ptr_nonnull(f);
  static char text[1 << 16];
  size_t len = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[len] = '\0';
  char *end = strstr(text, "} VariantRules;");
  ck_assert_ptr_nonnull(end);
  *end = '\0';
  char *body = NULL;
  for (char *p = strstr(text, "typedef struct {"); p; p = strstr(p + 1, "typedef struct {"))
    body = p + strlen("typedef struct {");
  ck_assert_ptr_nonnull(body);
  /* comments and array sizes out */
  char clean[1 << 16];
  size_t k = 0;
  for (char *p = body; *p;) {
    if (p[0] == '/' && p[1] == '*') {
      char *close = strstr(p + 2, "*/");
      ck_assert_ptr_nonnull(close);
      p = close + 2;
    } else if (*p == '[') {
      while (*p && *p != ']') p++;
      if (*p) p++;
    } else {
      clean[k++] = *p++;
    }
  }
  clean[k] = '\0';
  int n = 0;
  for (char *decl = strtok(clean, ";"); decl; decl = strtok(NULL, ";")) {
    /* "bool a, b, c": the last identifier of each comma-separated part */
    char *save = NULL;
    for (char *part = strtok_r(decl, ",", &save); part; part = strtok_r(NULL, ",", &save)) {
      char *e = part + strlen(part);
      while (e > part && !(isalnum((unsigned char)e[-1]) || e[-1] == '_')) e--;
      char *s = e;
      while (s > part && (isalnum((unsigned char)s[-1]) || s[-1] == '_')) s--;
      if (s == e) continue; /* the text after the last ';' */
      ck_assert_int_lt(n, NAMES_MAX);
      ck_assert_int_lt((int)(e - s), 64);
      memcpy(names[n], s, (size_t)(e - s));
      names[n++][e - s] = '\0';
    }
  }
  return n;
}

START_TEST(every_declared_field_has_one_module) {
  Claim claims[NAMES_MAX];
  int claimed = claims_collect(claims);
  static char names[NAMES_MAX][64];
  int declared = source_fields(names);
  /* the struct has some hundred fields; a parse that found few is broken */
  ck_assert_int_gt(declared, 80);
  for (int i = 0; i < declared; i++) {
    int owners = 0;
    for (int c = 0; c < claimed; c++) owners += !strcmp(claims[c].field->name, names[i]);
    if (owners != 1)
      ck_abort_msg("VariantRules.%s is owned by %d rule modules (board/rules.c, RULE_MODULES), "
                   "not 1",
                   names[i], owners);
  }
  for (int c = 0; c < claimed; c++) {
    bool found = false;
    for (int i = 0; i < declared && !found; i++) found = !strcmp(claims[c].field->name, names[i]);
    if (!found)
      ck_abort_msg("module '%s' claims %s, which variant.h does not declare", claims[c].concern,
                   claims[c].field->name);
  }
  ck_assert_int_eq(claimed, declared);
}
END_TEST

static int by_offset(const void *a, const void *b) {
  const Claim *x = a, *y = b;
  return x->field->offset < y->field->offset ? -1 : x->field->offset > y->field->offset;
}

START_TEST(the_modules_fields_tile_the_struct) {
  Claim claims[NAMES_MAX];
  int n = claims_collect(claims);
  qsort(claims, (size_t)n, sizeof claims[0], by_offset);
  size_t at = 0;
  for (int i = 0; i < n; i++) {
    const RuleField *f = claims[i].field;
    size_t aligned = (at + f->align - 1) / f->align * f->align;
    if (f->offset < at)
      ck_abort_msg("%s overlaps the field before it: two modules own one field", f->name);
    if (f->offset != aligned)
      ck_abort_msg("bytes %zu..%zu of VariantRules, before %s, belong to no module's field", at,
                   f->offset, f->name);
    at = f->offset + f->size;
  }
  size_t align = __alignof__(VariantRules);
  ck_assert_uint_eq((at + align - 1) / align * align, sizeof(VariantRules));
}
END_TEST

/* RULE_MODULES with the royalty module's check_limit (royal=maxchecks, set
 * by 3check, not by chess) listed as not played (unplayed) or left out. */
typedef struct {
  RuleModule modules[16];
  RuleField royalty[64];
  int royalty_count;
} Registry;

static void registry_without_check_limit(Registry *reg, bool unplayed) {
  ck_assert_int_le(RULE_MODULE_COUNT, 16);
  int royalty = -1;
  for (int m = 0; m < RULE_MODULE_COUNT; m++) {
    reg->modules[m] = RULE_MODULES[m];
    if (!strcmp(RULE_MODULES[m].concern, "royalty and check")) royalty = m;
  }
  ck_assert_int_ge(royalty, 0);
  reg->royalty_count = 0;
  bool found = false;
  for (int i = 0; i < *RULE_MODULES[royalty].field_count; i++) {
    RuleField f = RULE_MODULES[royalty].fields[i];
    if (!strcmp(f.name, "check_limit")) {
      found = true;
      if (!unplayed) continue;
      f.unplayed = true;
    }
    ck_assert_int_lt(reg->royalty_count, 64);
    reg->royalty[reg->royalty_count++] = f;
  }
  ck_assert(found);
  reg->modules[royalty].fields = reg->royalty;
  reg->modules[royalty].field_count = &reg->royalty_count;
}

static void check_refusal(bool unplayed, const char *expected) {
  VariantLibrary *lib = shipped_library_load();
  const Variant *three = library_find(lib, "3check"), *chess = library_find(lib, "chess");
  ck_assert_ptr_nonnull(three);
  ck_assert_ptr_nonnull(chess);
  char err[256] = "";
  /* the real registry plays both */
  ck_assert(rules_registry_plays(three, RULE_MODULES, RULE_MODULE_COUNT, err, sizeof err));
  ck_assert(rules_registry_plays(chess, RULE_MODULES, RULE_MODULE_COUNT, err, sizeof err));
  Registry reg;
  registry_without_check_limit(&reg, unplayed);
  ck_assert(!rules_registry_plays(three, reg.modules, RULE_MODULE_COUNT, err, sizeof err));
  ck_assert_msg(strstr(err, expected) && strstr(err, "3check"), "message: %s", err);
  err[0] = '\0';
  ck_assert_msg(rules_registry_plays(chess, reg.modules, RULE_MODULE_COUNT, err, sizeof err),
                "chess refused: %s", err);
  library_free(lib);
}

START_TEST(a_field_not_played_yet_is_refused_by_name) {
  check_refusal(true, "rule 'check_limit' (royalty and check) is not played by the board yet");
}
END_TEST

START_TEST(a_field_no_module_lists_is_refused_when_set) {
  /* the message names the fields around the bytes, the runtime knowing no
   * name for a field that no module lists */
  check_refusal(false, "a rule no module plays is set (VariantRules bytes");
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_rule_modules");
  TCase *tc = tcase_create("ownership");
  tcase_add_test(tc, every_declared_field_has_one_module);
  tcase_add_test(tc, the_modules_fields_tile_the_struct);
  tcase_add_test(tc, a_field_not_played_yet_is_refused_by_name);
  tcase_add_test(tc, a_field_no_module_lists_is_refused_when_set);
  suite_add_tcase(suite, tc);
  return suite;
}
