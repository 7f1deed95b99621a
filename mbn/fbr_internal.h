/* fbr_internal.h — shared by fbr.c (the parser) and fbr_rules.c (the rule
 * table and what each rule does). Not for use outside mbn/fbr*.c. */
#ifndef CHIMERA_MBN_FBR_INTERNAL_H
#define CHIMERA_MBN_FBR_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "mbn/variant.h"
#include "mbn/variant_diag.h"

enum { FBR_ATTR_MAX = 12, FBR_SETS_MAX = 4, FBR_RULES_MAX = 128 };

typedef enum { ARG_NONE, ARG_NUMBER, ARG_OPTIONAL } FbrArg;

typedef struct {
  const char *name;
  FbrArg number;
  uint8_t pieceset; /* how many {..} it takes at most (0 none; chasing's axf takes several) */
  bool range;
  const char *summary;
} FbrAttrSpec;

typedef struct FbrRule FbrRule;
typedef struct FbrContext FbrContext;
typedef bool (*FbrApply)(FbrContext *ctx, const FbrRule *rule);

typedef struct {
  const char *name;
  bool multi;      /* every occurrence counts (else the last one wins) */
  bool pieceset;   /* takes {..} after the name */
  bool range;      /* takes [..] after the name */
  bool needs_attr; /* '=' attributes are required */
  bool extension;  /* a Chimera extension, not in published FBR */
  const FbrAttrSpec *attrs;
  FbrApply apply;
  const char *summary;
} FbrRuleSpec;

typedef struct {
  const FbrAttrSpec *spec;
  bool has_number;
  int number;
  int set_count;
  TypeSet sets[FBR_SETS_MAX][COLOR_NB];
  uint8_t *range; /* White's view; NULL if none */
  VariantPos pos;
} FbrAttr;

struct FbrRule {
  const FbrRuleSpec *spec;
  char prefix;
  int seq;
  bool has_set;
  TypeSet set[COLOR_NB];
  uint8_t *range; /* White's view; NULL if none */
  FbrAttr attrs[FBR_ATTR_MAX];
  int attr_count;
  VariantPos pos;
  char text[96]; /* quoted for messages */
};

struct FbrContext {
  Variant *variant;
  VariantDiagnostics *diags;
  TypeSet promoters; /* types the promotion rule applies to */
};

/* The rule table (fbr_rules.c); at most FBR_RULE_LIMIT rules. */
#define FBR_RULE_LIMIT 64
extern const FbrRuleSpec FBR_RULES[];
extern const int FBR_RULE_NB;

/* A zeroed zone of `squares` bytes owned by rules->arena. */
uint8_t *fbr_zone_new(VariantRules *rules, int squares);

/* FBR's defaults for the rules not given (given[] indexed like FBR_RULES). */
bool fbr_apply_defaults(FbrContext *ctx, const bool *given, VariantPos where);

/* After all rules: default promotion sets (needs the royal pieces). */
void fbr_fill_promotions(FbrContext *ctx);

#endif
