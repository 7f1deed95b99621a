/* rules.h — the registry of rule modules (board/rules_*.c): a module per
 * concern of the variant rules (VariantRules) beyond piece moves, the
 * fields each owns, and the refusal of rules the board does not play.
 * Every module's header includes it for RuleField. Internal to board/. */
#ifndef CHIMERA_BOARD_RULES_H
#define CHIMERA_BOARD_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "board/position.h"
#include "mbn/variant.h"

/* One field of VariantRules that a rule module owns: the module that plays
 * the rules setting it. Every field has exactly one owner (a test tiles the
 * struct with the modules' lists), so a field added to VariantRules without
 * a module playing it fails the tests instead of being read by no one. */
typedef struct {
  const char *name;
  size_t offset, size, align;
} RuleField;
#define RULE_FIELD(f)                                                                              \
  {                                                                                                \
#f, offsetof(VariantRules, f), sizeof(((VariantRules *)0)->f),                                 \
        __alignof__(((VariantRules *)0)->f)                                                        \
  }

/* A rule module: a concern of the rules, the file that plays it, and the
 * fields it owns. */
typedef struct {
  const char *concern, *file;
  const RuleField *fields;
  const int *field_count;
} RuleModule;
extern const RuleModule RULE_MODULES[];
extern const int RULE_MODULE_COUNT;

/* False, with a message naming the rule, if the variant uses a rule that
 * changes which moves exist and that the board does not implement yet: such
 * a variant must not be played with wrong moves. */
bool rules_supported(const Variant *v, char *err, size_t errlen);

/* Counts pieces of a type set for colour c, on the board and in hand: the
 * count extinction, bare royal (rules_end.c) and royal-when-last pieces
 * (rules_royalty.c, legal.c) are judged by. */
int rules_count_types(const Position *pos, Color c, TypeSet types, bool with_hand);

#endif
