/* rules_drops.h — the drops from the hand. Internal to board/. */
#ifndef CHIMERA_BOARD_RULES_DROPS_H
#define CHIMERA_BOARD_RULES_DROPS_H

#include <stdbool.h>

#include "board/move.h"
#include "board/position.h"
#include "board/rules.h"

extern const RuleField RULES_DROPS_FIELDS[];
extern const int RULES_DROPS_FIELD_COUNT;

/* Appends the drops of the side to move (of the types in `only`, or of
 * every type in hand when it is NULL): empty squares of the type's drop
 * zone where the type could move, within the placement rules (drop=...)
 * and pieces{..}=file(N). */
void rules_gen_drops(const Position *pos, MoveList *list, const TypeSet *only);

/* Whether a drop is compulsory now, and of which types (into `types`, if
 * not NULL): MBN's drop rule ($K==@k@K) while the side to move has a drop
 * of it to make, that one type; else drop{..}=compulsory while the side
 * holds a piece of the set, the set. */
bool rules_compulsory_drops(const Position *pos, TypeSet *types);

#endif
