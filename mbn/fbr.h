/* fbr.h — FBR (Formalized Board Rules): rule text in, VariantRules out.
 *
 * A variant's `rules` value is a white-space separated list of rules such as
 * `royal{K}=castle{R}`, `stalemate=loss`, `promotion+[6]=enter`,
 * `drop{P}[2-7]=nomate`. One table (fbr.c, FBR_RULES) names every rule and
 * attribute Chimera understands, which parts each takes, what it means and
 * which VariantRules fields it sets; the parser, the error messages and the
 * printed reference (`fbr_print_reference`, docs/variants.md) all read it.
 * An unknown rule or attribute is an error, never ignored.
 */
#ifndef CHIMERA_MBN_FBR_H
#define CHIMERA_MBN_FBR_H

#include <stdbool.h>
#include <stdio.h>

#include "mbn/variant.h"
#include "mbn/variant_diag.h"

/* Compiles rule texts (in order: inherited first) into variant->rules.
 * variant->shape and variant->pieces must be filled already, because rules
 * name squares and pieces. Absent rules take FBR's defaults (orthodox chess
 * behaviour, see docs/variants.md). Returns false if any error was added. */
bool fbr_compile_rules(Variant *variant, const char *const *texts, const VariantPos *positions,
                       int count, VariantDiagnostics *diags);

/* Frees what fbr_compile_rules allocated (the zones' arena). */
void fbr_rules_free(VariantRules *rules);

/* The rule table, for documentation and tests. */
int fbr_rule_count(void);
const char *fbr_rule_name(int index);
int fbr_attribute_count(int rule_index);
const char *fbr_attribute_name(int rule_index, int attribute_index);

/* Prints every rule and attribute with its meaning (chimera check --rules). */
void fbr_print_reference(FILE *out);

#endif
