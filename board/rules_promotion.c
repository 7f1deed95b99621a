/* rules_promotion.c — promotion (promotion=..., MBN's +..==..): which
 * promotions a board move has. The generator asks it for every move of a
 * type that may promote (movegen.c's walk_emit); promotion=sittuyin's
 * promotions, moves of their own, are listed by promotion_sittuyin.c. The
 * fields of VariantRules it owns are listed in RULES_PROMOTION_FIELDS.
 */
#include "board/rules_promotion.h"

#include "board/movegen.h"
#include "board/movegen_walk.h"
#include "board/tables.h"

const RuleField RULES_PROMOTION_FIELDS[] = {
    RULE_FIELD(promotion_zone),        RULE_FIELD(promotion_optional),
    RULE_FIELD(promotion_stuck),       RULE_FIELD(promotion_on_enter),
    RULE_FIELD(promotion_on_leave),    RULE_FIELD(promotion_on_move),
    RULE_FIELD(promotion_sittuyin),    RULE_FIELD(promote_to_captured),
    RULE_FIELD(promotion_forced_zone), RULE_FIELD(promotion_on_capture),
    RULE_FIELD(promotion_types),       RULE_FIELD(promotion_limit),
    RULE_FIELD(promotion_demote),      RULE_FIELD(immobility_illegal),
};
const int RULES_PROMOTION_FIELD_COUNT =
    (int)(sizeof RULES_PROMOTION_FIELDS / sizeof RULES_PROMOTION_FIELDS[0]);

/* Whether the move may change the piece: it ends in the zone, or it leaves
 * the zone (promotion=onleave) or moves inside it (onmove); with
 * promotion=oncapture only a capture. */
bool rules_promotion_due(const Position *pos, Color us, int type, int from, int to, bool capture) {
  const VariantRules *r = &pos->variant->rules;
  const uint8_t *zone = rules_promotion_zone(pos->tables, us, type);
  bool can = zone[to] || ((r->promotion_on_leave || r->promotion_on_move) && zone[from]);
  return can && (capture || !r->promotion_on_capture);
}

/* Whether colour us may promote to type p now: promotion=to{..} (each
 * side's own choices: chigorin), available (only to a type the side has
 * fewer of than at the start: one that was captured) and limit(N){..} (not
 * beyond N of the type: spartan's kings). */
static bool promotion_allowed(const Position *pos, Color us, int p) {
  const VariantRules *r = &pos->variant->rules;
  if (type_set_any(r->promotion_types[us]) && !type_set_has(&r->promotion_types[us], p))
    return false;
  if (r->promote_to_captured && pos_count_pieces(pos, us, p) >= pos->tables->start_count[us][p])
    return false;
  return !r->promotion_limit[p] || pos_count_pieces(pos, us, p) < r->promotion_limit[p];
}

int rules_promotion_args(const Position *pos, Color us, int type, int from, int to, bool capture,
                         bool swap, uint16_t *args) {
  const BoardTables *t = pos->tables;
  const VariantRules *r = &pos->variant->rules;
  const PieceType *piece = &pos->variant->pieces[type];
  int n = 0;
  /* ?#K=[*]O: where the precondition does not hold the piece "has to remain
   * a King at the end of his move" (decision 46) */
  const MoveProgram *precondition = &piece->promotion_precondition[us];
  if (swap || (precondition->leg_count && !walk_precondition_holds(pos, us, from, precondition))) {
    args[n++] = 0;
    return n;
  }
  /* promotion=demote: a promoted piece flips back by the same rule. */
  int demote = r->promotion_demote ? piece->promoted_from : -1;
  if (demote >= 0 && rules_promotion_due(pos, us, type, from, to, capture)) {
    args[n++] = (uint16_t)(demote + 1);
    if (!r->promotion_optional) return n;
  }
  /* promotion=sittuyin: pawns promote by a move of their own, not by
   * moving; and a colour left without promotions (MBN's +p==.. gives
   * Black a set, White has none) moves as a piece that does not promote */
  const TypeSet *promos = piece_promotions(piece, us);
  if (t->promotes[type] && !r->promotion_sittuyin &&
      (!piece->black_promotions || type_set_any(*promos)) &&
      rules_promotion_due(pos, us, type, from, to, capture)) {
    for (int p = 0; p < pos->variant->piece_count; p++)
      if (type_set_has(promos, p) && promotion_allowed(pos, us, p)) args[n++] = (uint16_t)(p + 1);
    /* +Q==q: to the other side's piece, its limits counted for that side */
    for (int p = 0; t->promotes_other && p < pos->variant->piece_count; p++)
      if (type_set_has(&piece->promotes_to_other, p) && promotion_allowed(pos, (Color)!us, p))
        args[n++] = (uint16_t)((p + 1) | PROMOTION_ARG_OTHER);
    /* declining is refused where the piece would have no move left,
     * unless promotion=stuck allows it for types pieces{..}=mobile
     * does not name (forward) */
    const uint8_t *forced = r->promotion_forced_zone[us];
    bool stuck_ok = r->promotion_stuck && !type_set_has(&r->immobility_illegal, type);
    if (!r->promotion_optional || (!t->mobile[type][us][to] && !stuck_ok) || (forced && forced[to]))
      return n;
  }
  args[n++] = 0;
  return n;
}
