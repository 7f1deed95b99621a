/* rules.c — the registry of rule modules: which module plays each concern
 * of the rules and which fields of VariantRules it owns (RULE_MODULES), the
 * refusal of rules the board does not play (rules_supported), and the piece
 * count the modules share (rules_count_types). The rules themselves are
 * played by the modules the registry names (board/rules_*.c).
 */
#include "board/rules.h"

#include <stdio.h>

#include "board/rules_castling.h"
#include "board/rules_drops.h"
#include "board/rules_end.h"
#include "board/rules_promotion.h"
#include "board/rules_royalty.h"
#include "board/rules_walls.h"
#include "board/tables.h"

/* The concern whose code is not a module of its own yet: the files named
 * in RULE_MODULES play it. */
static const RuleField MOVE_EFFECT_FIELDS[] = {
    RULE_FIELD(en_passant),
    RULE_FIELD(must_capture),
    RULE_FIELD(atomic),
    RULE_FIELD(atomic_immune),
    RULE_FIELD(atomic_unblastable),
    RULE_FIELD(atomic_mutual),
    RULE_FIELD(petrify),
    RULE_FIELD(flip_rule),
    RULE_FIELD(flip_backed),
    RULE_FIELD(confine),
    RULE_FIELD(river),
    RULE_FIELD(pass_allowed),
    RULE_FIELD(arena),
};
static const int MOVE_EFFECT_FIELD_COUNT =
    (int)(sizeof MOVE_EFFECT_FIELDS / sizeof MOVE_EFFECT_FIELDS[0]);

const RuleModule RULE_MODULES[] = {
    {"castling and gating", "board/rules_castling.c", RULES_CASTLING_FIELDS,
     &RULES_CASTLING_FIELD_COUNT},
    {"drops", "board/rules_drops.c", RULES_DROPS_FIELDS, &RULES_DROPS_FIELD_COUNT},
    {"walls", "board/rules_walls.c", RULES_WALLS_FIELDS, &RULES_WALLS_FIELD_COUNT},
    {"promotion", "board/rules_promotion.c (sittuyin's moves: board/promotion_sittuyin.c)",
     RULES_PROMOTION_FIELDS, &RULES_PROMOTION_FIELD_COUNT},
    {"royalty and check",
     "board/rules_royalty.c (the attack tests and legality filter asking it: board/legal.c)",
     RULES_ROYALTY_FIELDS, &RULES_ROYALTY_FIELD_COUNT},
    {"game end", "board/rules_end.c", RULES_END_FIELDS, &RULES_END_FIELD_COUNT},
    {"move effects (e.p., captures, flips, confinement, passing; the zones' arena)",
     "board/position.c, board/movegen.c", MOVE_EFFECT_FIELDS, &MOVE_EFFECT_FIELD_COUNT},
};
const int RULE_MODULE_COUNT = (int)(sizeof RULE_MODULES / sizeof RULE_MODULES[0]);

bool rules_supported(const Variant *v, char *err, size_t errlen) {
  /* The board plays every rule VariantRules records today, except these
   * combinations; a rule added later without move generation must be
   * refused here by name. */
  const VariantRules *r = &v->rules;
  const char *missing = NULL;
  /* a wall and a gated piece would both need the move's extra2 field */
  if (v->rules.wall_rule && v->rules.gating) missing = "wall together with gating";
  /* nor may a move that captures on two squares on the way place a wall:
   * walls with multi-leg pieces are refused */
  for (int t = 0; v->rules.wall_rule && t < v->piece_count; t++)
    for (int c = 0; c < COLOR_NB; c++)
      if (v->pieces[t].moves[c].leg_count != v->pieces[t].moves[c].root_count)
        missing = "wall together with a piece of several legs";
  /* a petrifying royal would wall itself in: only royal-when-last pieces
   * may petrify, and they may not capture while royal (petrified) */
  if (type_set_intersects(r->petrify, r->royal_types)) missing = "petrify of a royal piece";
  /* a flipped royal would change sides (Fairy-Stockfish refuses kings with
   * flipEnclosedPieces too) */
  if (r->flip_rule && type_set_any(r->royal_types)) missing = "flip together with royal pieces";
  /* every flipped cell is logged in Undo: the longest lines a drop could
   * close must fit (the 8 directions: files-3, ranks-3, two diagonals) */
  int files = v->shape.files, ranks = v->shape.ranks, shortest = files < ranks ? files : ranks;
  if (r->flip_rule == FLIP_LINE &&
      (files - 3) + (ranks - 3) + 2 * (shortest - 3) + 4 > UNDO_CHANGES_MAX)
    missing = "flip=line on a board this large";
  if (missing) {
    snprintf(err, errlen, "variant %s: rule '%s' is not implemented by the move generator yet",
             v->name, missing);
    return false;
  }
  return true;
}

int rules_count_types(const Position *pos, Color c, TypeSet types, bool with_hand) {
  int n = 0;
  for (int i = 0; i < pos->pcount[c]; i++)
    n += type_set_has(&types, piece_type(pos->board[pos->plist[c][i]]));
  if (with_hand)
    for (int t = 0; t < pos->variant->piece_count; t++)
      if (type_set_has(&types, t)) n += pos->hand[c][t];
  return n;
}
