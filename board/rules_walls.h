/* rules_walls.h — the walls a move places. Internal to board/. */
#ifndef CHIMERA_BOARD_RULES_WALLS_H
#define CHIMERA_BOARD_RULES_WALLS_H

#include "board/move.h"
#include "board/position.h"
#include "board/rules.h"

extern const RuleField RULES_WALLS_FIELDS[];
extern const int RULES_WALLS_FIELD_COUNT;

/* Replaces each board move in the list by one move per square its wall may
 * take (drops stay as they are); with wall=ormove, appends instead the
 * walls a side may place without moving. */
void rules_gen_walls(const Position *pos, MoveList *list);

#endif
