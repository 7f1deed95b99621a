/* rules_royalty.h — which pieces are royal and what check means: the royal
 * types of each colour, the pieces royal while they are the last of their
 * set, royals that may not face (and bikjang's facing), makpong, and the
 * moves that may not give check. The attack tests and the legal-move filter
 * that ask these questions are in legal.c. Internal to board/. */
#ifndef CHIMERA_BOARD_RULES_ROYALTY_H
#define CHIMERA_BOARD_RULES_ROYALTY_H

#include <stdbool.h>
#include <stdint.h>

#include "board/move.h"
#include "board/position.h"
#include "board/rules.h"

extern const RuleField RULES_ROYALTY_FIELDS[];
extern const int RULES_ROYALTY_FIELD_COUNT;

/* The types royal for colour c, fixed when the variant loads (tables.c
 * keeps them as royal_mask): royal{..} per side when a side has its own
 * set, else royal{..} and the pieces the MBN marks royal. */
TypeSet rules_royal_types(const Variant *v, Color c);

/* pieces{..}=extinction,lastroyal: colour c's types that are royal in this
 * position (its last pieces of the set). */
TypeSet pos_last_royal_types(const Position *pos, Color c);

/* Whether two royals stand on one file or rank with nothing between
 * (royal=evasefacing's flying general, royal=bikjang). */
bool pos_royals_face(const Position *pos);

/* The facing-plies counter after a move or at a FEN: royal=bikjang only
 * (two plies in a row facing decide the game: rules_end.c). */
static inline uint8_t pos_next_facing_plies(const Position *pos, uint8_t before) {
  if (!pos->variant->rules.bikjang || !pos_royals_face(pos)) return 0;
  return (uint8_t)(before < 2 ? before + 1 : 2);
}

/* royal=makpong: whether the move is allowed, a royal in check moving only
 * to capture its one checker. */
bool rules_makpong_allows(const Position *pos, Move move);

/* Whether the move is one that may not give check under the variant's
 * rules r: every move under royal=nocheck, a promotion=sittuyin promotion,
 * a drop of a drop{..}=nocheck type. The legality test makes the move and
 * refuses it if it checks; it asks with the rules it has at hand (a
 * position's would be read again after the move is made). */
static inline bool rules_move_may_not_check(const VariantRules *r, Move move) {
  if (r->no_checks) return true;
  if (move_kind(move) == MOVE_DROP) return r->drop_no_check[move_piece_arg(move)];
  return r->promotion_sittuyin && move_kind(move) == MOVE_NORMAL && move_piece_arg(move) >= 0;
}

#endif
