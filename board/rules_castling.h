/* rules_castling.h — the moves castling and gating add. Internal to board/. */
#ifndef CHIMERA_BOARD_RULES_CASTLING_H
#define CHIMERA_BOARD_RULES_CASTLING_H

#include "board/move.h"
#include "board/position.h"
#include "board/rules.h"

extern const RuleField RULES_CASTLING_FIELDS[];
extern const int RULES_CASTLING_FIELD_COUNT;

/* Appends the castling moves of the side to move: the squares between the
 * royal, its partner and their destinations empty, and a royal that neither
 * starts, passes nor ends on an attacked square. */
void rules_gen_castling(const Position *pos, MoveList *list);

/* For every normal or castling move already in the list that leaves a gate
 * (an unmoved piece on a gating square), appends the same move once per
 * type in hand that may enter on the square it leaves (Seirawan gating). */
void rules_gen_gating(const Position *pos, MoveList *list);

#endif
