/* leg_rules.h — the rules a move takes from the legs that make it: MBN's
 * k (LEG_NO_CHECK) and # (LEG_DECISIVE). Internal to board/. */
#ifndef CHIMERA_BOARD_LEG_RULES_H
#define CHIMERA_BOARD_LEG_RULES_H

#include <stdbool.h>

#include "board/move.h"
#include "board/position.h"

/* Whether k forbids this pseudo-legal move of the side to move: only a
 * k leg makes it (no leg without k does) and it gives check. */
bool leg_rules_no_check_refuses(const Position *pos, Move move);

/* Whether this pseudo-legal move, not made yet, is a decisive capture: it
 * captures and some # leg makes it. */
bool leg_rules_decisive(const Position *pos, Move move);

#endif
