/* rules_promotion.h — which promotions a move has. Internal to board/. */
#ifndef CHIMERA_BOARD_RULES_PROMOTION_H
#define CHIMERA_BOARD_RULES_PROMOTION_H

#include <stdbool.h>
#include <stdint.h>

#include "board/move.h"
#include "board/position.h"
#include "board/rules.h"
#include "board/tables.h"

extern const RuleField RULES_PROMOTION_FIELDS[];
extern const int RULES_PROMOTION_FIELD_COUNT;

/* Room rules_promotion_args needs: every type, a demotion and the move
 * that does not promote. */
#define PROMOTION_ARGS_MAX (2 * PIECE_TYPE_MAX + 2)
/* An argument with this bit set promotes to the other side's piece (+Q==q):
 * the generator makes it a move with MOVE_FLAG_PROMOTE_OTHER. */
#define PROMOTION_ARG_OTHER 0x8000

/* The squares where colour c's piece of `type` promotes: its own zone
 * (BoardTables.type_zone) or the colour's. */
static inline const uint8_t *rules_promotion_zone(const BoardTables *t, Color c, int type) {
  return t->type_zone[c][type] ? t->type_zone[c][type] : t->promo_zone[c];
}

/* Whether a move of a piece of `type` may ever promote or demote: where it
 * may not, its moves carry no promotion and rules_promotion_args need not
 * be asked (the generator's fast path). */
static inline bool rules_type_may_promote(const Position *pos, int type) {
  return pos->tables->promotes[type] || pos->variant->rules.promotion_demote;
}

/* The promotion arguments (move_make's arg: the type it becomes + 1, or 0
 * for the move that does not promote) of a board move of colour us's piece
 * of `type` from `from` to `to`, in the order the moves are listed: a
 * demotion (promotion=demote), then each type it may promote to that the
 * rules allow now (promotion=to{..}, available, limit), then the move that
 * does not promote unless a promotion is forced there (not optional; no
 * move left on `to`; a forced zone). `capture`: the move takes a piece
 * (promotion=oncapture); `swap`: a swap, which never promotes. Returns how
 * many were written to args (room for PROMOTION_ARGS_MAX). En-passant
 * captures never promote and are not asked. */
/* Whether a board move of colour us from `from` to `to` may promote or
 * demote the piece that makes it, by the zone (promotion=onleave, onmove,
 * oncapture): where not, rules_promotion_args gives the plain move alone. */
bool rules_promotion_due(const Position *pos, Color us, int type, int from, int to, bool capture);

int rules_promotion_args(const Position *pos, Color us, int type, int from, int to, bool capture,
                         bool swap, uint16_t *args);

#endif
