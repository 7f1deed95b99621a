/* options.c — the option table and value parsing (see options.h). */
#include "engine/options.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/search.h"

static const OptionSpec OPTION_TABLE[OPTION_NB] = {
    {OPTION_UCI_VARIANT, "UCI_Variant", OPTION_COMBO, 0, 0, 0, "chess", false},
    {OPTION_VARIANT_PATH, "VariantPath", OPTION_STRING, 0, 0, 0, "<empty>", true},
    {OPTION_THREADS, "Threads", OPTION_SPIN, 1, SEARCH_THREADS_MAX, 1, NULL, false},
    {OPTION_HASH, "Hash", OPTION_SPIN, 1, 65536, 16, NULL, false},
    {OPTION_CLEAR_HASH, "Clear Hash", OPTION_BUTTON, 0, 0, 0, NULL, true},
    {OPTION_MULTIPV, "MultiPV", OPTION_SPIN, 1, 500, 1, NULL, true},
    {OPTION_PONDER, "Ponder", OPTION_CHECK, 0, 1, 0, NULL, false},
    {OPTION_UCI_CHESS960, "UCI_Chess960", OPTION_CHECK, 0, 1, 0, NULL, false},
    {OPTION_MOVE_OVERHEAD, "Move Overhead", OPTION_SPIN, 0, 5000, 10, NULL, true},
};

const OptionSpec *option_spec(OptionId id) {
  return id >= 0 && id < OPTION_NB ? &OPTION_TABLE[id] : NULL;
}

/* GUIs differ in how they space multi-word names ("Move Overhead",
 * "Move  Overhead"), and UCI says names are case-insensitive. */
static bool option_name_equal(const char *a, const char *b) {
  for (;;) {
    while (*a == ' ' && a[1] == ' ') a++;
    while (*b == ' ' && b[1] == ' ') b++;
    if (!*a || !*b) return !*a && !*b;
    if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return false;
    a++, b++;
  }
}

int option_find(const char *name) {
  for (int i = 0; i < OPTION_NB; i++)
    if (option_name_equal(OPTION_TABLE[i].name, name)) return i;
  return -1;
}

int option_parse_number(const OptionSpec *spec, const char *text, int *value, char *err,
                        size_t err_size) {
  if (spec->type == OPTION_CHECK) {
    if (!strcmp(text, "true") || !strcmp(text, "1")) return *value = 1, 0;
    if (!strcmp(text, "false") || !strcmp(text, "0")) return *value = 0, 0;
    snprintf(err, err_size, "%s takes true or false, not '%s'", spec->name, text);
    return -1;
  }
  char *end;
  long number = strtol(text, &end, 10);
  if (end == text || *end || number < spec->min || number > spec->max) {
    snprintf(err, err_size, "%s takes a whole number from %d to %d, not '%s'", spec->name,
             spec->min, spec->max, text);
    return -1;
  }
  *value = (int)number;
  return 0;
}
