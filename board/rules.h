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
 * a module playing it fails the tests instead of being read by no one. A
 * field the parser records before any code plays it is listed with
 * RULE_FIELD_UNPLAYED: a variant that sets it is refused by its name when
 * it loads (rules_registry_plays). */
typedef struct {
  const char *name;
  size_t offset, size, align;
  bool unplayed;
} RuleField;
#define RULE_FIELD_WITH(f, unplayed)                                                               \
  {                                                                                                \
#f, offsetof(VariantRules, f), sizeof(((VariantRules *)0)->f),                                 \
        __alignof__(((VariantRules *)0)->f), unplayed                                              \
  }
#define RULE_FIELD(f)          RULE_FIELD_WITH(f, false)
#define RULE_FIELD_UNPLAYED(f) RULE_FIELD_WITH(f, true)

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
 * a variant must not be played with wrong moves. Asks rules_registry_plays
 * of RULE_MODULES first, then refuses the combinations no module plays. */
bool rules_supported(const Variant *v, char *err, size_t errlen);

/* Whether the modules (count of them) play every rule the variant sets:
 * false, with a message naming the field, if it sets a field listed
 * RULE_FIELD_UNPLAYED, or sets bytes of VariantRules that no module's field
 * covers (a field no module claims; the message names the fields around
 * it, the program knowing no name for it). A field is set when any of its
 * bytes is not zero, the value of a rule not in use: VariantRules is
 * zero-filled before the loader sets its fields. */
bool rules_registry_plays(const Variant *v, const RuleModule *modules, int count, char *err,
                          size_t errlen);

/* Counts pieces of a type set for colour c, on the board and in hand: the
 * count extinction, bare royal (rules_end.c) and royal-when-last pieces
 * (rules_royalty.c, legal.c) are judged by. */
int rules_count_types(const Position *pos, Color c, TypeSet types, bool with_hand);

#endif
