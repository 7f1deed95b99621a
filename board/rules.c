/* rules.c — the registry of rule modules: which module plays each concern
 * of the rules and which fields of VariantRules it owns (RULE_MODULES), the
 * refusal of rules no module plays (rules_supported, rules_registry_plays),
 * and the piece count the modules share (rules_count_types). The rules
 * themselves are played by the modules the registry names (board/rules_*.c).
 */
#include "board/rules.h"

#include <pthread.h>
#include <stdio.h>

#include "board/move_effects.h"
#include "board/rules_castling.h"
#include "board/rules_drops.h"
#include "board/rules_end.h"
#include "board/rules_promotion.h"
#include "board/rules_royalty.h"
#include "board/rules_walls.h"
#include "board/tables.h"

/* Move generation's own rules: e.p., compulsory captures, confinement, the
 * river, passing, and the arena the zones' squares live in. */
static const RuleField MOVE_GENERATION_FIELDS[] = {
    RULE_FIELD(en_passant), RULE_FIELD(must_capture), RULE_FIELD(confine),
    RULE_FIELD(river),      RULE_FIELD(pass_allowed), RULE_FIELD(arena),
};
static const int MOVE_GENERATION_FIELD_COUNT =
    (int)(sizeof MOVE_GENERATION_FIELDS / sizeof MOVE_GENERATION_FIELDS[0]);

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
    {"move effects (atomic blasts, petrified capturers, flips)", "board/move_effects.c",
     RULES_EFFECTS_FIELDS, &RULES_EFFECTS_FIELD_COUNT},
    {"move generation (e.p., compulsory captures, confinement, river, passing; the zones' arena)",
     "board/movegen.c (e.p. squares set by make: board/position.c)", MOVE_GENERATION_FIELDS,
     &MOVE_GENERATION_FIELD_COUNT},
};
const int RULE_MODULE_COUNT = (int)(sizeof RULE_MODULES / sizeof RULE_MODULES[0]);

/* Whether any byte of r in [from, to) is not zero. */
static bool rule_bytes_set(const VariantRules *r, size_t from, size_t to) {
  const unsigned char *bytes = (const unsigned char *)r;
  for (size_t i = from; i < to; i++)
    if (bytes[i]) return true;
  return false;
}

/* The modules' field that starts first at or after byte `at` (NULL: none).
 * A scan, not a sorted copy: some hundred fields, once per registry. */
static const RuleField *rule_field_from(const RuleModule *modules, int count, size_t at) {
  const RuleField *first = NULL;
  for (int m = 0; m < count; m++)
    for (int i = 0; i < *modules[m].field_count; i++) {
      const RuleField *f = &modules[m].fields[i];
      if (f->offset >= at && (!first || f->offset < first->offset)) first = f;
    }
  return first;
}

/* Bytes [from, to) of VariantRules that no module's field covers: the
 * alignment padding between fields, and a field that no module lists. */
typedef struct {
  size_t from, to;
  const RuleField *before, *next; /* the fields around them (NULL: the struct's ends) */
} RuleGap;
#define RULE_GAPS_MAX 256

/* The modules' gaps, in the order of their bytes; -1 if there are more than
 * max (a registry of that many fields is not this one). */
static int rule_gaps(const RuleModule *modules, int count, RuleGap *gaps, int max) {
  const RuleField *before = NULL;
  size_t at = 0;
  int n = 0;
  for (;;) {
    const RuleField *next = rule_field_from(modules, count, at);
    size_t end = next ? next->offset : sizeof(VariantRules);
    if (end > at) {
      if (n >= max) return -1;
      gaps[n++] = (RuleGap){at, end, before, next};
    }
    if (!next) return n;
    before = next;
    at = next->offset + next->size;
  }
}

/* RULE_MODULES' gaps, found once: the registry is fixed when the program is
 * built, and a load then reads a few padding bytes, not the registry. */
static RuleGap rule_modules_gaps[RULE_GAPS_MAX];
static int rule_modules_gap_nb;
static pthread_once_t rule_modules_gaps_once = PTHREAD_ONCE_INIT;
static void rule_modules_gaps_find(void) {
  rule_modules_gap_nb =
      rule_gaps(RULE_MODULES, RULE_MODULE_COUNT, rule_modules_gaps, RULE_GAPS_MAX);
}

/* Whether v sets no byte of the gaps (gap_nb of them; -1: too many to
 * list, refused). */
static bool rule_gaps_clear(const Variant *v, const RuleGap *gaps, int gap_nb, char *err,
                            size_t errlen) {
  if (gap_nb < 0) {
    snprintf(err, errlen, "variant %s: the rule modules leave more than %d gaps in VariantRules",
             v->name, RULE_GAPS_MAX);
    return false;
  }
  for (int g = 0; g < gap_nb; g++)
    if (rule_bytes_set(&v->rules, gaps[g].from, gaps[g].to)) {
      snprintf(err, errlen,
               "variant %s: a rule no module plays is set (VariantRules bytes %zu..%zu, after %s, "
               "before %s; board/rules.c, RULE_MODULES)",
               v->name, gaps[g].from, gaps[g].to - 1,
               gaps[g].before ? gaps[g].before->name : "the start",
               gaps[g].next ? gaps[g].next->name : "the end");
      return false;
    }
  return true;
}

bool rules_registry_plays(const Variant *v, const RuleModule *modules, int count, char *err,
                          size_t errlen) {
  for (int m = 0; m < count; m++)
    for (int i = 0; i < *modules[m].field_count; i++) {
      const RuleField *f = &modules[m].fields[i];
      if (f->unplayed && rule_bytes_set(&v->rules, f->offset, f->offset + f->size)) {
        snprintf(err, errlen, "variant %s: rule '%s' (%s) is not played by the board yet", v->name,
                 f->name, modules[m].concern);
        return false;
      }
    }
  /* A field that no module lists lies in a gap: VariantRules is zero-filled
   * before the loader sets its fields (every Variant is made by calloc or
   * memset), so a gap's bytes stay zero unless such a field was set. */
  if (modules == RULE_MODULES) {
    pthread_once(&rule_modules_gaps_once, rule_modules_gaps_find);
    return rule_gaps_clear(v, rule_modules_gaps, rule_modules_gap_nb, err, errlen);
  }
  RuleGap gaps[RULE_GAPS_MAX];
  return rule_gaps_clear(v, gaps, rule_gaps(modules, count, gaps, RULE_GAPS_MAX), err, errlen);
}

bool rules_supported(const Variant *v, char *err, size_t errlen) {
  if (!rules_registry_plays(v, RULE_MODULES, RULE_MODULE_COUNT, err, errlen)) return false;
  /* The modules play every rule VariantRules records today, except these
   * combinations; a rule added later without move generation must be
   * listed RULE_FIELD_UNPLAYED, or refused here by name. */
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
