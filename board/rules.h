/* rules.h — the variant rules (VariantRules) the board implements beyond
 * piece moves: which ones are supported, and game ends decided by a rule
 * rather than by the absence of legal moves. Internal to board/ except
 * where movegen.h exports it. */
#ifndef CHIMERA_BOARD_RULES_H
#define CHIMERA_BOARD_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "board/position.h"
#include "mbn/variant.h"

/* False, with a message naming the rule, if the variant uses a rule that
 * changes which moves exist and that the board does not implement yet: such
 * a variant must not be played with wrong moves. */
bool rules_supported(const Variant *v, char *err, size_t errlen);

/* Counts pieces of a type set for colour c, on the board and in hand. */
int rules_count_types(const Position *pos, Color c, TypeSet types, bool with_hand);

#endif
