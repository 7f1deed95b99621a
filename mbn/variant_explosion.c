/* variant_explosion.c — MBN's explosion (cQ--X, the basic piece X "Explosion
 * (!dcy{^P}OK)0*"; docs/mbn.md decision 51) made the board's atomic rule.
 *
 * The text's explosion follows a capture: the capturer is set back on the
 * capture square and every piece of the set on it and next to it, of either
 * colour, is removed, the capturer included unless the set spares it. The
 * board plays exactly that as its atomic rule (board/move_effects.c), with
 * the set's complement spared everywhere; that rule explodes every capture
 * of the variant, so it is taken only when every capture carries the
 * explosion, and anything else is refused by name here, after the rules
 * (which name the royals) are known.
 */
#include <stdio.h>

#include "mbn/variant_build.h"

/* Whether a move ending on (or passing through) leg takes a piece. */
static bool leg_captures(const MoveLeg *leg) {
  return ((leg->occupancy & (OCC_ENEMY | OCC_FRIEND)) && leg->effect == EFFECT_CAPTURE) ||
         (leg->flags & (LEG_EP_CAPTURE | LEG_EP_ONLY));
}

/* Why leg cannot be played as written (NULL if it can): the explosion
 * follows captures that end the move, and every such capture has it. */
static const char *leg_misfit(const MoveLeg *leg) {
  bool explodes = leg->flags & LEG_EXPLODES;
  if (!explodes)
    return leg_captures(leg) ? "captures without the explosion, and the engine explodes every "
                               "capture of the variant or none: write its captures as cQ--X"
                             : NULL;
  if (leg->child_count || !(leg->flags & LEG_ENDS))
    return "has the explosion on a part of a move that goes on";
  if (leg->flags & LEG_SETUP) return "has the explosion after a capture that stays ('!')";
  if (!leg_captures(leg) || (leg->occupancy & OCC_EMPTY && !(leg->flags & LEG_EP_ONLY)))
    return "has the explosion after a move that may not capture (the engine explodes "
           "captures only: write cQ--X, not Q--X)";
  return NULL;
}

bool variant_apply_explosion(Variant *v, VariantDiagnostics *diags) {
  const MbnExplosion *e = &v->explosion;
  if (!e->present) return true;
  VariantPos at = {e->file, e->line, e->col};
  VariantRules *r = &v->rules;
  if (r->atomic) {
    variant_diag_add(diags, at,
                     "the pieces' explosion 'X' and the rule 'atomic' both make captures "
                     "explode: use one of them");
    return false;
  }
  for (int type = 0; type < v->piece_count; type++)
    for (int c = 0; c < COLOR_NB; c++) {
      const MoveProgram *prog = &v->pieces[type].moves[c];
      for (int i = 0; i < prog->leg_count; i++) {
        const char *why = leg_misfit(&prog->legs[i]);
        if (!why) continue;
        variant_diag_add(diags, at, "explosion 'X': piece %s %s (docs/mbn.md decision 51)",
                         v->pieces[type].letter, why);
        return false;
      }
    }
  if (!type_set_is_empty(type_set_minus(r->royal_types, e->blown))) {
    variant_diag_add(diags, at,
                     "explosion 'X': its piece set spares a royal piece, which the engine does "
                     "not play (a royal that survives its own capture would make the "
                     "self-explosion test wrong; docs/mbn.md decision 51)");
    return false;
  }
  TypeSet spared = type_set_minus(type_set_first_n(v->piece_count), e->blown);
  r->atomic = true;
  r->atomic_immune = spared;      /* neighbours */
  r->atomic_unblastable = spared; /* the capturer too: {^P} spares a capturing pawn */
  r->atomic_mutual = type_set_empty();
  return true;
}
