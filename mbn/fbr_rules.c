/* fbr_rules.c — the FBR rule table and what each rule does to VariantRules.
 *
 * FBR_RULES is the single list of rule names, their operands, attributes and
 * meanings: the parser (fbr.c) checks tokens against it, diagnostics list
 * its names, fbr_print_reference prints it, and a unit test checks that
 * docs/variants.md describes every entry. Each rule has one apply function
 * that owns the VariantRules fields it sets.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/fbr.h"
#include "mbn/fbr_internal.h"
#include "mbn/fbr_sets.h"

/* ---- zone arena: every zone a rule sets lives here, freed at once ---- */

typedef struct FbrBlock {
  struct FbrBlock *next;
  uint8_t data[];
} FbrBlock;

uint8_t *fbr_zone_new(VariantRules *rules, int squares) {
  FbrBlock *block = calloc(1, sizeof *block + (size_t)squares);
  if (!block) return NULL;
  block->next = rules->arena;
  rules->arena = block;
  return block->data;
}

void fbr_rules_free(VariantRules *rules) {
  FbrBlock *block = rules->arena;
  while (block) {
    FbrBlock *next = block->next;
    free(block);
    block = next;
  }
  rules->arena = NULL;
}

static int fbr_squares(const FbrContext *ctx) {
  return fbr_square_count(&ctx->variant->shape);
}

static uint8_t *fbr_zone_copy(FbrContext *ctx, const uint8_t *white) {
  uint8_t *zone = fbr_zone_new(&ctx->variant->rules, fbr_squares(ctx));
  if (zone) memcpy(zone, white, (size_t)fbr_squares(ctx));
  return zone;
}

/* Sets zone[WHITE] to the range and zone[BLACK] to its mirror (or the same
 * squares when absolute). */
static void fbr_zone_pair(FbrContext *ctx, const uint8_t *white, bool absolute,
                          uint8_t *zone[COLOR_NB]) {
  zone[WHITE] = fbr_zone_copy(ctx, white);
  zone[BLACK] = fbr_zone_new(&ctx->variant->rules, fbr_squares(ctx));
  if (!zone[BLACK] || !zone[WHITE]) return;
  if (absolute)
    memcpy(zone[BLACK], white, (size_t)fbr_squares(ctx));
  else
    fbr_mirror_range(&ctx->variant->shape, white, zone[BLACK]);
}

/* The last rank from White's side. */
static uint8_t *fbr_last_rank(FbrContext *ctx) {
  const BoardShape *shape = &ctx->variant->shape;
  uint8_t *zone = fbr_zone_new(&ctx->variant->rules, fbr_squares(ctx));
  if (!zone) return NULL;
  int levels = shape->levels > 0 ? shape->levels : 1;
  for (int l = 0; l < levels; l++)
    for (int f = 0; f < shape->files; f++)
      zone[(l * shape->ranks + shape->ranks - 1) * shape->files + f] = 1;
  return zone;
}

static uint8_t *fbr_first_rank(FbrContext *ctx) {
  const BoardShape *shape = &ctx->variant->shape;
  uint8_t *zone = fbr_zone_new(&ctx->variant->rules, fbr_squares(ctx));
  if (!zone) return NULL;
  int levels = shape->levels > 0 ? shape->levels : 1;
  for (int l = 0; l < levels; l++)
    for (int f = 0; f < shape->files; f++) zone[l * shape->ranks * shape->files + f] = 1;
  return zone;
}

/* ---- helpers for the apply functions ---- */

static const FbrAttr *fbr_attr(const FbrRule *rule, const char *name) {
  for (int i = 0; i < rule->attr_count; i++)
    if (!strcmp(rule->attrs[i].spec->name, name)) return &rule->attrs[i];
  return NULL;
}

static int fbr_type_of(const Variant *v, const char *letter) {
  return fbr_piece_index(v, letter);
}

static TypeSet fbr_bit(const Variant *v, const char *letter) {
  int t = fbr_type_of(v, letter);
  return t < 0 ? type_set_empty() : type_set_of(t);
}

/* The set of a rule or attribute for either colour. */
static TypeSet fbr_union(const TypeSet set[COLOR_NB]) {
  return type_set_or(set[WHITE], set[BLACK]);
}

static bool fbr_error(FbrContext *ctx, VariantPos pos, const char *text, const char *message) {
  variant_diag_add(ctx->diags, pos, "rule '%s': %s", text, message);
  return false;
}

/* ---- apply functions, one per rule ---- */

static bool fbr_apply_royal(FbrContext *ctx, const FbrRule *rule) {
  VariantRules *r = &ctx->variant->rules;
  TypeSet set[COLOR_NB] = {fbr_bit(ctx->variant, "K"), fbr_bit(ctx->variant, "K")};
  if (rule->has_set) memcpy(set, rule->set, sizeof set);
  r->royal_by_color[WHITE] = set[WHITE];
  r->royal_by_color[BLACK] = set[BLACK];
  r->royal_types = fbr_union(set);
  r->royal_may_be_exposed = fbr_attr(rule, "expose") != NULL;
  r->kings_may_not_face = fbr_attr(rule, "evasefacing") != NULL;
  r->bikjang = fbr_attr(rule, "bikjang") != NULL;
  r->royal_makpong = fbr_attr(rule, "makpong") != NULL;
  r->royal_duple = fbr_attr(rule, "duple") != NULL;
  const FbrAttr *aimed = fbr_attr(rule, "aimed");
  r->royal_aimed = type_set_empty();
  if (aimed)
    r->royal_aimed = aimed->set_count ? fbr_union(aimed->sets[0]) : fbr_bit(ctx->variant, "R");
  if (aimed && type_set_is_empty(r->royal_aimed))
    return fbr_error(ctx, aimed->pos, rule->text, "aimed needs a piece set: aimed{R}");
  r->no_checks = fbr_attr(rule, "nocheck") != NULL;
  const FbrAttr *checks = fbr_attr(rule, "maxchecks");
  r->check_limit = checks ? checks->number : 0;
  if (checks && checks->number < 1)
    return fbr_error(ctx, checks->pos, rule->text, "maxchecks(N) needs N >= 1");
  if (fbr_attr(rule, "bare")) r->bare_royal = RESULT_LOSS, r->bare_royal_reply = false;
  if (fbr_attr(rule, "baremove")) r->bare_royal = RESULT_LOSS, r->bare_royal_reply = true;
  for (int t = 0; t < ctx->variant->piece_count; t++)
    ctx->variant->pieces[t].royal = type_set_has(&r->royal_types, t);
  const FbrAttr *castle = fbr_attr(rule, "castle");
  CastlingRule saved = r->castling;
  memset(&r->castling, 0, sizeof r->castling);
  if (castle && ctx->variant->shape.hex == BOARD_HEX_VERTICAL)
    return fbr_error(ctx, castle->pos, rule->text,
                     "castle on a vertical hexagonal board: MBN section 15's castling there, "
                     "O-O=[*]ir(F02-[F])=ij{k}lF0-F, does not say where the royal goes "
                     "(docs/mbn.md decision 52)");
  if (!castle && saved.vertical)
    return fbr_error(ctx, rule->pos, rule->text,
                     "the pieces line defines vertical castling (O-O-O-O) but the royal rule "
                     "has no castle: royal{K}=castle{R}");
  if (castle) {
    TypeSet partners = castle->set_count ? fbr_union(castle->sets[0]) : fbr_bit(ctx->variant, "R");
    if (type_set_is_empty(partners) &&
        (type_set_is_empty(saved.mbn_partners[0]) || type_set_is_empty(saved.mbn_partners[1])))
      return fbr_error(ctx, castle->pos, rule->text,
                       "castle needs a partner piece: castle{R}, and this variant has no R");
    int files = ctx->variant->shape.files;
    r->castling.enabled = true;
    for (int side = 0; side < CASTLE_SIDES; side++) {
      const TypeSet *mbn = &saved.mbn_partners[side];
      r->castling.mbn_partners[side] = *mbn;
      r->castling.partners[side] = type_set_is_empty(*mbn) ? partners : *mbn;
      /* both name the partner: they must agree */
      if (castle->set_count && !type_set_is_empty(*mbn) && !type_set_equal(*mbn, partners)) {
        char message[160];
        snprintf(message, sizeof message,
                 "castle{..} names other partners than the pieces line's %s ({..}%s=...)",
                 side == CASTLE_VERTICAL ? "vertical castling"
                 : side                  ? "long castling"
                                         : "short castling",
                 side == CASTLE_VERTICAL ? "O-O-O-O"
                 : side                  ? "O-O-O"
                                         : "O-O");
        return fbr_error(ctx, castle->pos, rule->text, message);
      }
    }
    /* The files come from MBN's O-O definitions (the compiler fills them,
     * g/f and c/d by default). On another width than 8 the default short
     * castling goes next to the corner as in Fairy-Stockfish (10 files: i
     * and h). A castle(N) number gives the rank. */
    memcpy(r->castling.king_file, saved.king_file, sizeof saved.king_file);
    memcpy(r->castling.partner_file, saved.partner_file, sizeof saved.partner_file);
    memcpy(r->castling.partner_from, saved.partner_from, sizeof saved.partner_from);
    memcpy(r->castling.origin, saved.origin, sizeof saved.origin);
    r->castling.vertical = saved.vertical;
    r->castling.vertical_king_rank = saved.vertical_king_rank;
    r->castling.vertical_partner_rank = saved.vertical_partner_rank;
    bool mbn_default = saved.king_file[0] == 6 && saved.partner_file[0] == 5;
    bool unset = !saved.king_file[0] && !saved.partner_file[0] && !saved.king_file[1];
    if (unset || (mbn_default && files != 8)) {
      r->castling.king_file[0] = files - 2;
      r->castling.partner_file[0] = files - 3;
    }
    if (unset) {
      r->castling.king_file[1] = 2;
      r->castling.partner_file[1] = 3;
    }
    r->castling.rank = castle->has_number ? castle->number - 1 : 0;
    if (r->castling.rank < 0 || r->castling.rank >= ctx->variant->shape.ranks)
      return fbr_error(ctx, castle->pos, rule->text, "castle(N): rank N is not on the board");
  }
  return true;
}

static bool fbr_apply_castling(FbrContext *ctx, const FbrRule *rule) {
  VariantRules *r = &ctx->variant->rules;
  r->chess960 = fbr_attr(rule, "chess960") != NULL;
  r->castling_dropped = fbr_attr(rule, "dropped") != NULL;
  r->castling_opposite = fbr_attr(rule, "opposite") != NULL;
  /* winshort / winlong, for the colours whose royals the set names (all
   * without a set: winlong{!k} is Black's long castling only) */
  const char *wins[2] = {"winshort", "winlong"};
  r->castling_wins[WHITE] = r->castling_wins[BLACK] = 0;
  for (int side = 0; side < 2; side++) {
    const FbrAttr *win = fbr_attr(rule, wins[side]);
    if (!win) continue;
    for (int c = 0; c < COLOR_NB; c++)
      if (!win->set_count || type_set_any(win->sets[0][c]))
        r->castling_wins[c] |= (uint8_t)(1 << side);
  }
  const FbrAttr *files[6] = {fbr_attr(rule, "kingshort"),     fbr_attr(rule, "rookshort"),
                             fbr_attr(rule, "kinglong"),      fbr_attr(rule, "rooklong"),
                             fbr_attr(rule, "rookfromshort"), fbr_attr(rule, "rookfromlong")};
  int *targets[6] = {&r->castling.king_file[0],    &r->castling.partner_file[0],
                     &r->castling.king_file[1],    &r->castling.partner_file[1],
                     &r->castling.partner_from[0], &r->castling.partner_from[1]};
  for (int i = 0; i < 6; i++) {
    if (!files[i]) continue;
    if (files[i]->number < 1 || files[i]->number > ctx->variant->shape.files)
      return fbr_error(ctx, files[i]->pos, rule->text, "castling file number is off the board");
    /* partner_from keeps file + 1, so that 0 means "from the corner" */
    *targets[i] = files[i]->number - (i < 4 ? 1 : 0);
    /* a file named here replaces MBN's indirect or hexagonal form of that side */
    if (i < 4) r->castling.origin[i / 2] = CASTLE_FROM_A_FILE;
  }
  return true;
}

static bool fbr_result_of(const char *name, GameResult *out) {
  if (!strcmp(name, "draw"))
    *out = RESULT_DRAW;
  else if (!strcmp(name, "loss"))
    *out = RESULT_LOSS;
  else if (!strcmp(name, "win"))
    *out = RESULT_WIN;
  else
    return false;
  return true;
}

static bool fbr_apply_stalemate(FbrContext *ctx, const FbrRule *rule) {
  GameResult result = RESULT_DRAW;
  bool skip = rule->attr_count == 1 && !strcmp(rule->attrs[0].spec->name, "skip");
  if (rule->attr_count != 1 || (!skip && !fbr_result_of(rule->attrs[0].spec->name, &result)))
    return fbr_error(ctx, rule->pos, rule->text, "give exactly one of draw, loss, win, skip");
  ctx->variant->rules.stalemate = result;
  ctx->variant->rules.stalemate_pass = skip;
  return true;
}

/* draw=..., loss=..., win=...: the result when a condition happens, for the
 * side it happens to (stalemated, mated, bared, extinct; for repetition the
 * side to move; perpetual check: the checking side). */
static bool fbr_apply_result(FbrContext *ctx, const FbrRule *rule) {
  VariantRules *r = &ctx->variant->rules;
  GameResult result = RESULT_DRAW;
  fbr_result_of(rule->spec->name, &result);
  for (int i = 0; i < rule->attr_count; i++) {
    const FbrAttr *a = &rule->attrs[i];
    const char *name = a->spec->name;
    if (!strcmp(name, "stalemate"))
      r->stalemate = result;
    else if (!strcmp(name, "checkmate"))
      r->checkmate = result;
    else if (!strcmp(name, "bare"))
      r->bare_royal = result;
    else if (!strcmp(name, "extinction"))
      r->extinction_result = result;
    else if (!strcmp(name, "full"))
      r->full_board = result;
    else if (!strcmp(name, "repetition")) {
      /* repetition(0): no repetition rule at all, as moverule(0) */
      r->repetition_off = a->has_number && a->number == 0;
      if (!r->repetition_off) {
        r->repetition_result = result;
        r->repetition_count = a->has_number ? a->number : 3;
      }
      if (!r->repetition_off && r->repetition_count < 2)
        return fbr_error(ctx, a->pos, rule->text,
                         "repetition(N) needs N >= 2 (repetition(0): no repetition rule)");
    } else if (!strcmp(name, "white") || !strcmp(name, "black")) {
      if (!fbr_attr(rule, "repetition"))
        return fbr_error(ctx, a->pos, rule->text, "white/black only qualify repetition");
      r->repetition_for = 1 + (!strcmp(name, "white") ? WHITE : BLACK);
    } else if (!strcmp(name, "perpetualcheck")) {
      if (result != RESULT_LOSS)
        return fbr_error(ctx, a->pos, rule->text, "perpetualcheck is only a loss (loss=...)");
      r->perpetual_check_loses = true;
    } else if (!strcmp(name, "moverepetition")) {
      if (result != RESULT_LOSS)
        return fbr_error(ctx, a->pos, rule->text, "moverepetition is only a loss (loss=...)");
      r->move_repetition_loses = true;
      r->move_repetition_types =
          a->set_count ? fbr_union(a->sets[0]) : type_set_complement((TypeSet){0});
    } else if (!strcmp(name, "moverule")) {
      if (result != RESULT_DRAW)
        return fbr_error(ctx, a->pos, rule->text, "moverule(N) is only a draw (draw=...)");
      r->move_rule = a->number;
      if (a->number < 0) return fbr_error(ctx, a->pos, rule->text, "moverule(N) needs N >= 0");
      if (a->set_count) r->move_rule_reset = fbr_union(a->sets[0]);
    }
  }
  return true;
}

static bool fbr_apply_hill(FbrContext *ctx, const FbrRule *rule) {
  VariantRules *r = &ctx->variant->rules;
  if (!rule->range)
    return fbr_error(ctx, rule->pos, rule->text,
                     "hill needs the goal squares: hill{K}[d4,e4,d5,e5]");
  r->hill_types = rule->has_set ? fbr_union(rule->set) : r->royal_types;
  if (type_set_is_empty(r->hill_types)) r->hill_types = fbr_bit(ctx->variant, "K");
  if (type_set_is_empty(r->hill_types))
    return fbr_error(ctx, rule->pos, rule->text, "hill needs a piece set: hill{K}[..]");
  fbr_zone_pair(ctx, rule->range, fbr_attr(rule, "absolute") != NULL, r->hill_by_color);
  const FbrAttr *black = fbr_attr(rule, "black");
  if (black) {
    /* Black's own goal, not White's mirrored (Fairy-Stockfish's
     * flagRegionBlack where it is no mirror image: bajr, knights-halma) */
    if (!black->range)
      return fbr_error(ctx, black->pos, rule->text, "black needs its squares: black[a1,a2,b1]");
    r->hill_by_color[BLACK] = fbr_zone_copy(ctx, black->range);
  }
  r->hill = r->hill_by_color[WHITE];
  r->hill_reply = fbr_attr(rule, "reply") != NULL;
  r->hill_later = fbr_attr(rule, "later") != NULL;
  if (r->hill_reply && r->hill_later)
    return fbr_error(ctx, rule->pos, rule->text, "give one of reply and later");
  r->hill_safe = fbr_attr(rule, "safe") != NULL;
  const FbrAttr *count = fbr_attr(rule, "count");
  r->hill_count = count ? count->number : 0;
  if (count && count->number < 1)
    return fbr_error(ctx, count->pos, rule->text, "count(N) needs N >= 1");
  r->hill_filled = fbr_attr(rule, "filled") != NULL;
  if (r->hill_safe && r->hill_filled)
    return fbr_error(ctx, rule->pos, rule->text, "safe with filled is not supported");
  return true;
}

static bool fbr_apply_pieces(FbrContext *ctx, const FbrRule *rule) {
  VariantRules *r = &ctx->variant->rules;
  TypeSet set[COLOR_NB];
  if (rule->has_set)
    memcpy(set, rule->set, sizeof set);
  else
    set[WHITE] = set[BLACK] = type_set_first_n(ctx->variant->piece_count);
  const FbrAttr *ext = fbr_attr(rule, "extinction");
  if (ext) {
    r->extinction_by_color[WHITE] = set[WHITE];
    r->extinction_by_color[BLACK] = set[BLACK];
    r->extinction_types = fbr_union(set);
    r->extinction_count = ext->has_number ? ext->number : 0;
    r->extinction_together = fbr_attr(rule, "together") != NULL;
    const FbrAttr *opp = fbr_attr(rule, "opponent");
    r->extinction_opponent = opp ? opp->number : 0;
    if (opp && opp->number < 1)
      return fbr_error(ctx, opp->pos, rule->text, "opponent(N) needs N >= 1");
    if (r->extinction_result == RESULT_NONE) r->extinction_result = RESULT_LOSS;
    bool last = fbr_attr(rule, "lastroyal") != NULL;
    r->last_royal_by_color[WHITE] = last ? set[WHITE] : type_set_empty();
    r->last_royal_by_color[BLACK] = last ? set[BLACK] : type_set_empty();
  } else if (fbr_attr(rule, "together") || fbr_attr(rule, "lastroyal") ||
             fbr_attr(rule, "opponent")) {
    return fbr_error(ctx, rule->pos, rule->text,
                     "'together', 'lastroyal' and 'opponent' belong with 'extinction'");
  }
  const FbrAttr *file = fbr_attr(rule, "file");
  if (file) {
    if (file->number < 1) return fbr_error(ctx, file->pos, rule->text, "file(N) needs N >= 1");
    TypeSet both = fbr_union(set);
    for (int t = 0; t < ctx->variant->piece_count; t++)
      if (type_set_has(&both, t)) r->per_file_limit[t] = file->number;
  }
  if (fbr_attr(rule, "mobile"))
    r->immobility_illegal = type_set_or(r->immobility_illegal, fbr_union(set));
  return true;
}

static bool fbr_apply_promotion(FbrContext *ctx, const FbrRule *rule) {
  VariantRules *r = &ctx->variant->rules;
  /* one promotion level, whose prefix the MBN promotion rules name
   * (docs/mbn.md decision 44) */
  char prefix = variant_promotion_prefix(ctx->variant);
  if (rule->prefix && rule->prefix != prefix) {
    char message[200];
    snprintf(message, sizeof message,
             "promotion%c names the '%c' prefix, but the pieces promote with '%c' (the board "
             "plays one promotion level; write the pieces' rules with '%c': %cQ==Q, %c%cQ)",
             rule->prefix, rule->prefix, prefix, rule->prefix, rule->prefix, rule->prefix,
             rule->prefix);
    return fbr_error(ctx, rule->pos, rule->text, message);
  }
  uint8_t *white = rule->range ? rule->range : fbr_last_rank(ctx);
  if (!white) return false;
  fbr_zone_pair(ctx, white, false, r->promotion_zone);
  const FbrAttr *black = fbr_attr(rule, "black");
  if (black) {
    /* Black's own zone, not White's mirrored (Fairy-Stockfish's
     * promotionRegionBlack where it is no mirror image: argess, epicatomic) */
    if (!black->range)
      return fbr_error(ctx, black->pos, rule->text, "black needs its squares: black[a1,a2,b1]");
    r->promotion_zone[BLACK] = fbr_zone_copy(ctx, black->range);
  }
  bool enter = fbr_attr(rule, "enter") != NULL, leave = fbr_attr(rule, "leave") != NULL;
  bool move = fbr_attr(rule, "move") != NULL;
  if (!enter && !leave && !move) enter = true; /* FBR's default: on entering */
  r->promotion_on_enter = enter;
  r->promotion_on_leave = leave;
  r->promotion_on_move = move;
  r->promotion_optional = fbr_attr(rule, "optional") || fbr_attr(rule, "notforced");
  r->promotion_stuck = fbr_attr(rule, "stuck") != NULL;
  if (r->promotion_stuck && !r->promotion_optional)
    return fbr_error(ctx, rule->pos, rule->text, "stuck belongs with optional");
  r->promote_to_captured = fbr_attr(rule, "available") != NULL;
  r->promotion_on_capture = fbr_attr(rule, "capture") != NULL;
  r->promotion_demote = fbr_attr(rule, "demote") != NULL;
  r->promotion_sittuyin = fbr_attr(rule, "sittuyin") != NULL;
  const FbrAttr *forced = fbr_attr(rule, "forced");
  r->promotion_forced_zone[WHITE] = r->promotion_forced_zone[BLACK] = NULL;
  if (forced) {
    uint8_t *zone = forced->range ? forced->range : fbr_last_rank(ctx);
    fbr_zone_pair(ctx, zone, false, r->promotion_forced_zone);
  }
  /* Which pieces promote: the rule's set, else the enter{..} set, else P.
   * A piece whose MBN gives no promotion set promotes to every other
   * non-royal, unprefixed piece (MBN's default promotion rule). */
  TypeSet promoters = type_set_empty();
  if (rule->has_set) promoters = fbr_union(rule->set);
  for (int i = 0; i < rule->attr_count; i++)
    if (rule->attrs[i].set_count && strcmp(rule->attrs[i].spec->name, "to") &&
        strcmp(rule->attrs[i].spec->name, "limit"))
      promoters = type_set_or(promoters, fbr_union(rule->attrs[i].sets[0]));
  const FbrAttr *to = fbr_attr(rule, "to");
  r->promotion_types[WHITE] = to && to->set_count ? to->sets[0][WHITE] : type_set_empty();
  r->promotion_types[BLACK] = to && to->set_count ? to->sets[0][BLACK] : type_set_empty();
  memset(r->promotion_limit, 0, sizeof r->promotion_limit);
  const FbrAttr *limit = fbr_attr(rule, "limit");
  if (limit) {
    TypeSet set = limit->set_count ? fbr_union(limit->sets[0]) : type_set_empty();
    if (type_set_is_empty(set) || limit->number < 1 || limit->number > 255)
      return fbr_error(ctx, limit->pos, rule->text,
                       "limit needs N in 1..255 and a set: limit(2){K}");
    for (int t = 0; t < ctx->variant->piece_count; t++)
      if (type_set_has(&set, t)) r->promotion_limit[t] = (uint8_t)limit->number;
  }
  if (type_set_is_empty(promoters) && !rule->has_set) promoters = fbr_bit(ctx->variant, "P");
  ctx->promoters = promoters;
  return true;
}

/* Runs after every rule, when the royal pieces are known: a promoting piece
 * whose MBN gives no promotion set promotes to its prefixed form (+P, or #P
 * where the pieces promote with '#') if there is one,
 * else to every other non-royal, unprefixed, non-promoting piece (MBN's
 * default promotion rule). */
void fbr_fill_promotions(FbrContext *ctx) {
  Variant *v = ctx->variant;
  /* MBN's default rule (+P alone) names the other non-royal types: the
   * types the rules made royal leave what it alone gave */
  TypeSet royal = v->rules.royal_types;
  for (int t = 0; t < v->piece_count; t++) {
    PieceType *p = &v->pieces[t];
    TypeSet gone_white = type_set_and(p->promotes_by_default[WHITE], royal);
    if (!p->black_promotions) { /* one set for both colours */
      p->promotes_to = type_set_minus(p->promotes_to, gone_white);
      continue;
    }
    TypeSet gone_black = type_set_and(p->promotes_by_default[BLACK], royal);
    p->promotes_to_white = type_set_minus(p->promotes_to_white, gone_white);
    p->promotes_to_black = type_set_minus(p->promotes_to_black, gone_black);
    p->promotes_to = type_set_or(p->promotes_to_white, p->promotes_to_black);
  }
  for (int t = 0; t < v->piece_count; t++) {
    if (!type_set_has(&ctx->promoters, t) || type_set_any(v->pieces[t].promotes_to) ||
        type_set_any(v->pieces[t].promotes_to_other))
      continue;
    char promoted[PIECE_LETTER_MAX + 1];
    snprintf(promoted, sizeof promoted, "%c%s", variant_promotion_prefix(v), v->pieces[t].letter);
    int plus = fbr_type_of(v, promoted);
    if (plus >= 0) {
      v->pieces[t].promotes_to = type_set_of(plus);
      continue;
    }
    for (int u = 0; u < v->piece_count; u++)
      if (u != t && !v->pieces[u].royal && isalpha((unsigned char)v->pieces[u].letter[0]) &&
          !type_set_has(&ctx->promoters, u))
        type_set_add(&v->pieces[t].promotes_to, u);
  }
  /* A side-mover 'P "inherits all capabilities of piece P" (MBN §2), its
   * promotions too, unless a rule gave it its own (it promotes on the last
   * file: board/tables.c) */
  for (int t = 0; t < v->piece_count; t++) {
    PieceType *p = &v->pieces[t];
    int base = p->side_mover ? fbr_type_of(v, p->letter + 1) : -1;
    if (base < 0 || type_set_any(p->promotes_to) || type_set_any(p->promotes_to_other)) continue;
    const PieceType *b = &v->pieces[base];
    p->promotes_to = b->promotes_to;
    p->promotes_to_other = b->promotes_to_other;
    p->black_promotions = b->black_promotions;
    p->promotes_to_white = b->promotes_to_white;
    p->promotes_to_black = b->promotes_to_black;
  }
}

static bool fbr_apply_holding(FbrContext *ctx, const FbrRule *rule) {
  ctx->variant->rules.holdings = true;
  ctx->variant->rules.holding_demote = fbr_attr(rule, "demote") != NULL;
  return true;
}

static bool fbr_apply_drop(FbrContext *ctx, const FbrRule *rule) {
  VariantRules *r = &ctx->variant->rules;
  Variant *v = ctx->variant;
  r->drops = true;
  TypeSet set = rule->has_set ? fbr_union(rule->set) : type_set_first_n(v->piece_count);
  uint8_t *zone[COLOR_NB] = {NULL, NULL};
  if (rule->range) fbr_zone_pair(ctx, rule->range, fbr_attr(rule, "absolute") != NULL, zone);
  for (int t = 0; t < v->piece_count; t++) {
    if (!type_set_has(&set, t)) continue;
    if (rule->range) r->drop_zone[WHITE][t] = zone[WHITE], r->drop_zone[BLACK][t] = zone[BLACK];
    if (fbr_attr(rule, "nomate")) r->drop_no_mate[t] = true;
    if (fbr_attr(rule, "nocheck")) r->drop_no_check[t] = true;
    if (fbr_attr(rule, "opposite")) r->drop_opposite[t] = true;
  }
  if (fbr_attr(rule, "promoted")) r->drop_promoted = true;
  if (fbr_attr(rule, "immobile")) r->drop_immobile = true;
  if (fbr_attr(rule, "compulsory")) {
    r->drop_compulsory = true;
    r->drop_compulsory_set = type_set_or(r->drop_compulsory_set, set);
  }
  if (fbr_attr(rule, "stacked")) r->drop_stacked = true;
  if (fbr_attr(rule, "anyside")) r->drop_anyside = true;
  if (fbr_attr(rule, "apart")) r->drop_apart = true;
  if (fbr_attr(rule, "enclose")) r->drop_enclose = true;
  if (fbr_attr(rule, "near")) r->drop_near = true;
  const FbrAttr *opening = fbr_attr(rule, "opening");
  if (opening) {
    if (!opening->range)
      return fbr_error(ctx, opening->pos, rule->text,
                       "opening needs its squares: opening[d4,e4,d5,e5]");
    r->drop_opening = fbr_zone_copy(ctx, opening->range);
  }
  if (fbr_attr(rule, "free")) r->drop_free = type_set_or(r->drop_free, set);
  return true;
}

static bool fbr_apply_gating(FbrContext *ctx, const FbrRule *rule) {
  VariantRules *r = &ctx->variant->rules;
  r->gating = true;
  fbr_zone_pair(ctx, rule->range ? rule->range : fbr_first_rank(ctx), false, r->gating_zone);
  return true;
}

static bool fbr_apply_turn(FbrContext *ctx, const FbrRule *rule) {
  ctx->variant->rules.en_passant = fbr_attr(rule, "enpassant") != NULL;
  ctx->variant->rules.pass_allowed = fbr_attr(rule, "pass") != NULL;
  return true;
}

static bool fbr_apply_mustcapture(FbrContext *ctx, const FbrRule *rule) {
  (void)rule;
  ctx->variant->rules.must_capture = true;
  return true;
}

static bool fbr_apply_atomic(FbrContext *ctx, const FbrRule *rule) {
  VariantRules *r = &ctx->variant->rules;
  TypeSet all = type_set_first_n(ctx->variant->piece_count);
  TypeSet blown = rule->has_set ? fbr_union(rule->set) : all;
  r->atomic = true;
  r->atomic_immune = type_set_minus(all, blown);
  const FbrAttr *immune = fbr_attr(rule, "immune"), *mutual = fbr_attr(rule, "mutual");
  r->atomic_unblastable = immune ? fbr_union(immune->sets[0]) : type_set_empty();
  r->atomic_mutual = mutual ? fbr_union(mutual->sets[0]) : type_set_empty();
  if ((immune && type_set_is_empty(r->atomic_unblastable)) ||
      (mutual && type_set_is_empty(r->atomic_mutual)))
    return fbr_error(ctx, (immune ? immune : mutual)->pos, rule->text,
                     "immune and mutual need a piece set: immune{K}");
  if (type_set_intersects(type_set_or(r->atomic_unblastable, r->atomic_mutual), r->royal_types))
    return fbr_error(ctx, rule->pos, rule->text,
                     "immune and mutual pieces may not be royal (as in Fairy-Stockfish: a royal "
                     "that no blast removes would make self-explosion tests wrong)");
  return true;
}

/* petrify{..}: a capturing piece of the set becomes a wall (the board
 * refuses royals in the set: rules_supported). */
/* flip=line|around[,backed] */
static bool fbr_apply_flip(FbrContext *ctx, const FbrRule *rule) {
  VariantRules *r = &ctx->variant->rules;
  bool line = fbr_attr(rule, "line") != NULL, around = fbr_attr(rule, "around") != NULL;
  if (line == around)
    return fbr_error(ctx, rule->pos, rule->text, "give one of line, around: flip=line");
  r->flip_rule = line ? FLIP_LINE : FLIP_AROUND;
  r->flip_backed = fbr_attr(rule, "backed") != NULL;
  if (r->flip_backed && line)
    return fbr_error(ctx, rule->pos, rule->text, "backed goes with around: flip=around,backed");
  return true;
}

static bool fbr_apply_petrify(FbrContext *ctx, const FbrRule *rule) {
  ctx->variant->rules.petrify =
      rule->has_set ? fbr_union(rule->set) : type_set_first_n(ctx->variant->piece_count);
  return true;
}

static bool fbr_apply_zone(FbrContext *ctx, const FbrRule *rule) {
  VariantRules *r = &ctx->variant->rules;
  Variant *v = ctx->variant;
  if (!rule->range)
    return fbr_error(ctx, rule->pos, rule->text, "zone needs squares: zone[..]=hole");
  int squares = fbr_squares(ctx);
  if (fbr_attr(rule, "hole")) {
    if (rule->has_set) return fbr_error(ctx, rule->pos, rule->text, "a hole takes no piece set");
    if (!v->shape.hole) v->shape.hole = calloc((size_t)squares, 1);
    if (!v->shape.hole) return false;
    for (int s = 0; s < squares; s++) v->shape.hole[s] |= rule->range[s];
  }
  if (fbr_attr(rule, "river")) r->river = fbr_zone_copy(ctx, rule->range);
  if (fbr_attr(rule, "dontcross")) {
    if (!rule->has_set)
      return fbr_error(ctx, rule->pos, rule->text, "dontcross needs the pieces: zone{K}[..]");
    uint8_t *zone[COLOR_NB];
    fbr_zone_pair(ctx, rule->range, fbr_attr(rule, "absolute") != NULL, zone);
    for (int t = 0; t < v->piece_count; t++)
      for (int c = 0; c < COLOR_NB; c++)
        if (type_set_has(&rule->set[c], t)) r->confine[c][t] = zone[c];
  }
  return true;
}

static bool fbr_apply_cylindric(FbrContext *ctx, const FbrRule *rule) {
  (void)rule;
  ctx->variant->shape.wrap_files = true;
  return true;
}

static bool fbr_apply_torus(FbrContext *ctx, const FbrRule *rule) {
  (void)rule;
  ctx->variant->shape.wrap_files = ctx->variant->shape.wrap_ranks = true;
  return true;
}

/* counting=points(13){R},points(7){C},...,komi(1): janggi's material
 * counting, for any pieces. A type given no points counts 0 (royals). */
static bool fbr_apply_counting_points(FbrContext *ctx, const FbrRule *rule) {
  VariantRules *r = &ctx->variant->rules;
  memset(r->counting_points, 0, sizeof r->counting_points);
  r->counting_komi = 0;
  for (int i = 0; i < rule->attr_count; i++) {
    const FbrAttr *a = &rule->attrs[i];
    bool points = !strcmp(a->spec->name, "points"), komi = !strcmp(a->spec->name, "komi");
    if (!points && !komi)
      return fbr_error(ctx, a->pos, rule->text,
                       "points(N){..} and komi(N) combine with each other only");
    if (!a->has_number || (points && a->set_count != 1) || (komi && a->set_count))
      return fbr_error(ctx, a->pos, rule->text,
                       "write points(N){pieces} for each group and komi(N) for Black's bonus");
    if (komi) {
      r->counting_komi = a->number;
      continue;
    }
    TypeSet group = fbr_union(a->sets[0]);
    for (int t = type_set_first(group); t >= 0; t = type_set_next(group, t))
      r->counting_points[t] = (int16_t)a->number;
  }
  r->counting = COUNTING_POINTS;
  return true;
}

static bool fbr_apply_counting(FbrContext *ctx, const FbrRule *rule) {
  if (fbr_attr(rule, "points") || fbr_attr(rule, "komi"))
    return fbr_apply_counting_points(ctx, rule);
  static const char *const names[] = {"none",      "makruk",        "asean",
                                      "cambodian", "blackdrawodds", "pieces"};
  for (int i = 0; i < 6; i++)
    if (rule->attr_count == 1 && !strcmp(rule->attrs[0].spec->name, names[i])) {
      ctx->variant->rules.counting = i;
      return true;
    }
  return fbr_error(ctx, rule->pos, rule->text,
                   "give one of makruk, asean, cambodian, blackdrawodds, pieces, none, or "
                   "points(N){..} for each group of pieces (and komi(N))");
}

/* chasing=axf{R}{NC}{AB}: the chasing pieces in groups, strongest first; a
 * piece chases a stronger one when its target's group comes before its own
 * (board/chase.c). A type in no group never chases. */
static bool fbr_apply_chasing(FbrContext *ctx, const FbrRule *rule) {
  VariantRules *r = &ctx->variant->rules;
  const FbrAttr *axf = fbr_attr(rule, "axf");
  memset(r->chase_rank, 0, sizeof r->chase_rank);
  r->chasing = axf ? CHASING_AXF : CHASING_NONE;
  if (!axf) return true;
  if (!axf->set_count)
    return fbr_error(ctx, axf->pos, rule->text,
                     "axf needs the chasing pieces in groups, strongest first: axf{R}{NC}{AB}");
  for (int g = 0; g < axf->set_count; g++) {
    TypeSet group = fbr_union(axf->sets[g]);
    for (int t = type_set_first(group); t >= 0; t = type_set_next(group, t)) {
      if (r->chase_rank[t])
        return fbr_error(ctx, axf->pos, rule->text, "a piece is in two groups of axf");
      r->chase_rank[t] = (uint8_t)(g + 1);
    }
  }
  return true;
}

static bool fbr_apply_connect(FbrContext *ctx, const FbrRule *rule) {
  VariantRules *r = &ctx->variant->rules;
  const FbrAttr *line = fbr_attr(rule, "line"), *square = fbr_attr(rule, "square");
  const FbrAttr *from = fbr_attr(rule, "from"), *to = fbr_attr(rule, "to");
  const FbrAttr *bfrom = fbr_attr(rule, "blackfrom"), *bto = fbr_attr(rule, "blackto");
  if (!from != !to || (from && (!from->range || !to->range)) || !bfrom != !bto ||
      (bfrom && (!from || !bfrom->range || !bto->range)))
    return fbr_error(ctx, rule->pos, rule->text,
                     "connect=from[..],to[..] needs both areas (and blackfrom[..],blackto[..] "
                     "both or neither)");
  if (from) {
    /* White's areas; Black's mirrored unless given (gale: a to i, 1 to 9) */
    fbr_zone_pair(ctx, from->range, false, r->connect_from);
    fbr_zone_pair(ctx, to->range, false, r->connect_to);
    if (bfrom) {
      r->connect_from[BLACK] = fbr_zone_copy(ctx, bfrom->range);
      r->connect_to[BLACK] = fbr_zone_copy(ctx, bto->range);
    }
  }
  if ((!line && !square && !from) || (line && line->number < 2) || (square && square->number < 2))
    return fbr_error(ctx, rule->pos, rule->text,
                     "connect needs line(N) or square(N) with N >= 2: connect=line(3)");
  r->connect_types =
      rule->has_set ? fbr_union(rule->set) : type_set_first_n(ctx->variant->piece_count);
  r->connect_n = line ? line->number : 0;
  r->connect_square = square ? square->number : 0;
  r->connect_orthogonal = fbr_attr(rule, "orthogonal") != NULL;
  r->connect_collinear = fbr_attr(rule, "collinear") != NULL;
  r->connect_loses = fbr_attr(rule, "loss") != NULL;
  if (r->connect_collinear && !line)
    return fbr_error(ctx, rule->pos, rule->text, "collinear qualifies line(N)");
  return true;
}

/* wall[..]=duck|arrow|edge|past|static[,ormove][,absolute] */
static bool fbr_apply_wall(FbrContext *ctx, const FbrRule *rule) {
  static const char *const names[] = {"arrow", "duck", "edge", "past", "static"};
  VariantRules *r = &ctx->variant->rules;
  r->wall_rule = WALL_NONE;
  for (int i = 0; i < 5; i++)
    if (fbr_attr(rule, names[i])) {
      if (r->wall_rule != WALL_NONE)
        return fbr_error(ctx, rule->pos, rule->text, "give one of arrow, duck, edge, past, static");
      r->wall_rule = WALL_ARROW + i;
    }
  if (r->wall_rule == WALL_NONE)
    return fbr_error(ctx, rule->pos, rule->text,
                     "give one of arrow, duck, edge, past, static: wall=duck");
  r->wall_or_move = fbr_attr(rule, "ormove") != NULL;
  r->wall_zone[WHITE] = r->wall_zone[BLACK] = NULL;
  if (rule->range)
    fbr_zone_pair(ctx, rule->range, fbr_attr(rule, "absolute") != NULL, r->wall_zone);
  return true;
}

/* ---- the table ---- */

#define END_ATTRS                                                                                  \
  { NULL, ARG_NONE, false, false, NULL }

static const FbrAttrSpec ROYAL_ATTRS[] = {
    {"castle", ARG_OPTIONAL, true, false,
     "castling with the partner set (default {R}); castle(N): on rank N"},
    {"bare", ARG_NONE, false, false, "a side left with royals only loses at once"},
    {"baremove", ARG_NONE, false, false,
     "bare royal loses, unless the other side is bared back on the next move"},
    {"maxchecks", ARG_NUMBER, false, false, "the N-th check received loses (3check: 3)"},
    {"expose", ARG_NONE, false, false, "royals may be left attacked and captured"},
    {"evasefacing", ARG_NONE, false, false, "royals may not face each other on an open file"},
    {"nocheck", ARG_NONE, false, false, "[ext] no move may give check (racing kings)"},
    {"bikjang", ARG_NONE, false, false, "[ext] facing kings not resolved draw (janggi)"},
    {"makpong", ARG_NONE, false, false,
     "[ext] a royal in check may only move to capture its single checker (makpong)"},
    {"duple", ARG_NONE, false, false,
     "[ext] with several royals a side is in check only when all are attacked (spartan)"},
    {"aimed", ARG_NONE, true, false,
     "[ext] an unmoved royal loses its initial moves when a piece of the set (default {R}) "
     "moves onto its line (cambodian)"},
    END_ATTRS};

static const FbrAttrSpec CASTLING_ATTRS[] = {
    {"chess960", ARG_NONE, false, false,
     "[ext] Chess960 castling: any start files, X-FEN/Shredder-FEN rights"},
    {"kingshort", ARG_NUMBER, false, false, "[ext] file (1 = a) the royal reaches with O-O"},
    {"rookshort", ARG_NUMBER, false, false, "[ext] file the partner reaches with O-O"},
    {"kinglong", ARG_NUMBER, false, false, "[ext] file the royal reaches with O-O-O"},
    {"rooklong", ARG_NUMBER, false, false, "[ext] file the partner reaches with O-O-O"},
    {"dropped", ARG_NONE, false, false,
     "[ext] a royal dropped on the middle file of the castling rank may castle with partners "
     "in the corners, and so may a partner dropped there (placement)"},
    {"rookfromshort", ARG_NUMBER, false, false,
     "[ext] file where a K right seeks its partner, toward the royal (default the corner)"},
    {"rookfromlong", ARG_NUMBER, false, false,
     "[ext] file where a Q right seeks its partner, toward the royal (default the corner)"},
    {"opposite", ARG_NONE, false, false,
     "[ext] castling takes the opponent's right to castle to the same side (opposite-castling)"},
    {"winshort", ARG_NONE, true, false,
     "[ext] castling short wins and losing that right loses; {!K}: White's only (castle)"},
    {"winlong", ARG_NONE, true, false,
     "[ext] castling long wins and losing that right loses; {!k}: Black's only (castle)"},
    END_ATTRS};

static const FbrAttrSpec ATOMIC_ATTRS[] = {
    {"immune", ARG_NONE, true, false,
     "[ext] pieces of the set survive every blast, their own capture's included (atomar)"},
    {"mutual", ARG_NONE, true, false,
     "[ext] a piece of the set may not capture one of its own type (atomar's kings)"},
    END_ATTRS};

static const FbrAttrSpec CONNECT_ATTRS[] = {
    {"line", ARG_NUMBER, false, false,
     "[ext] N pieces of the set in a row, on a rank, file or diagonal, win (tictactoe: line(3))"},
    {"orthogonal", ARG_NONE, false, false, "[ext] ranks and files only (nineholes)"},
    {"square", ARG_NUMBER, false, false, "[ext] an NxN block of pieces of the set wins (teeko)"},
    {"from", ARG_NONE, false, true,
     "[ext] with to[..]: a chain of the set's pieces, square to neighbouring square, from these "
     "squares to those wins (gale: from[a],to[i])"},
    {"to", ARG_NONE, false, true, "[ext] the other end of from[..]"},
    {"blackfrom", ARG_NONE, false, true, "[ext] Black's own from[..] (default White's mirrored)"},
    {"blackto", ARG_NONE, false, true, "[ext] Black's own to[..]"},
    {"collinear", ARG_NONE, false, false,
     "[ext] with line(N): N pieces on one line, gaps allowed (three-musketeers)"},
    {"loss", ARG_NONE, false, false,
     "[ext] the side that makes the line loses instead (three-musketeers)"},
    END_ATTRS};

static const FbrAttrSpec STALEMATE_ATTRS[] = {
    {"draw", ARG_NONE, false, false, "draw"},
    {"loss", ARG_NONE, false, false, "the side concerned loses"},
    {"win", ARG_NONE, false, false, "the side concerned wins"},
    {"skip", ARG_NONE, false, false, "[ext] the side passes its turn instead (andersanti)"},
    END_ATTRS};

static const FbrAttrSpec RESULT_ATTRS[] = {
    {"stalemate", ARG_NONE, false, false, "the side to move has no legal move, not in check"},
    {"checkmate", ARG_NONE, false, false, "[ext] the side to move is mated (default loss)"},
    {"bare", ARG_NONE, false, false, "[ext] the side has nothing but royals left"},
    {"extinction", ARG_NONE, false, false,
     "[ext] the side lost a set named by pieces{..}=extinction (default loss)"},
    {"full", ARG_NONE, false, false,
     "[ext] no empty square is left on the board (walls aside); for the side to move"},
    {"repetition", ARG_OPTIONAL, false, false,
     "the same position the N-th time (default 3), for the side to move; repetition(0): "
     "no repetition rule"},
    {"white", ARG_NONE, false, false,
     "[ext] with repetition: the result is White's, whoever moves (minishogi: "
     "loss=repetition(4),white)"},
    {"black", ARG_NONE, false, false,
     "[ext] with repetition: the result is Black's, whoever moves"},
    {"perpetualcheck", ARG_OPTIONAL, false, false,
     "the side that repeats by giving check every move (loss only)"},
    {"moverepetition", ARG_NONE, 1, false,
     "[ext] the side that moves one piece of the set (default all) back and forth four times, "
     "unchecked, loses (janggimodern: loss=moverepetition{RNBCP})"},
    {"moverule", ARG_NUMBER, true, false,
     "[ext] N full moves without a capture or a move of the set (default {P}); 0 = off"},
    END_ATTRS};

static const FbrAttrSpec HILL_ATTRS[] = {
    {"absolute", ARG_NONE, false, false, "[ext] the squares are the same for Black (no mirror)"},
    {"reply", ARG_NONE, false, false,
     "[ext] after White arrives Black may still arrive on the next move (draw)"},
    {"safe", ARG_NONE, false, false,
     "[ext] a piece on the squares wins only while the opponent cannot capture it (dobutsu)"},
    {"later", ARG_NONE, false, false,
     "[ext] judged one ply later: a piece there wins if it still stands there when its side is "
     "to move (jesonmor); with safe, a safe arrival wins at once (alapo)"},
    {"black", ARG_NONE, false, true,
     "[ext] Black's squares, as given (default: White's mirrored; bajr: black[a1,a2,b1])"},
    {"count", ARG_NUMBER, false, false,
     "[ext] N pieces of the set on the squares at once win (aralzaa: count(3))"},
    {"filled", ARG_NONE, false, false,
     "[ext] with count: also won when no square of the zone is empty and one of the set "
     "stands there (kono)"},
    END_ATTRS};

static const FbrAttrSpec PIECES_ATTRS[] = {
    {"extinction", ARG_OPTIONAL, false, false,
     "losing every piece of one type of the set ends the game; (N): N or fewer left"},
    {"together", ARG_NONE, false, false, "[ext] with extinction: the set counts as one"},
    {"lastroyal", ARG_NONE, false, false,
     "[ext] with extinction(N): while a side has at most N+1 pieces of a type of the set (of "
     "the set, with together) they are royal for it (maharajah2, shoshogi)"},
    {"opponent", ARG_NUMBER, false, false,
     "[ext] with extinction: only while the other side has N or more of the type (of the set, "
     "with together), hand included (koedem: opponent(2))"},
    {"file", ARG_NUMBER, false, false, "at most N of the set on one file (nifu: file(1))"},
    {"mobile", ARG_NONE, false, false,
     "[ext] the set may not move or drop where it has no further move"},
    END_ATTRS};

static const FbrAttrSpec PROMOTION_ATTRS[] = {
    {"enter", ARG_NONE, true, false, "promote on moving into the zone (default)"},
    {"leave", ARG_NONE, true, false, "promote on moving out of the zone"},
    {"move", ARG_NONE, true, false, "promote on any move within the zone"},
    {"capture", ARG_NONE, false, false, "promote only when capturing"},
    {"optional", ARG_NONE, false, false, "promotion may be declined"},
    {"notforced", ARG_NONE, false, false, "the same as optional"},
    {"stuck", ARG_NONE, false, false,
     "[ext] with optional: promotion may be declined even where the piece would have no move "
     "left, unless pieces{..}=mobile names it (forward)"},
    {"forced", ARG_NONE, false, true,
     "[ext] with optional: promotion is compulsory on these squares (default last rank)"},
    {"available", ARG_NONE, false, false,
     "only to a type the side has fewer of than at the start (captured pieces)"},
    {"black", ARG_NONE, false, true,
     "[ext] Black's zone, as the squares themselves (default: White's mirrored)"},
    {"demote", ARG_NONE, false, false, "promoted pieces demote by the same rule (kyotoshogi)"},
    {"to", ARG_NONE, true, false,
     "[ext] the types promotion may choose, per side with {!..} (chigorin: to{!CRNqrb})"},
    {"sittuyin", ARG_NONE, false, false,
     "[ext] pawns promote standing: on their square or a step away, if the new piece attacks "
     "nothing and the move gives no check (sittuyin)"},
    {"limit", ARG_NUMBER, true, false,
     "[ext] promotion to a type of the set only while the side has fewer than N of it (spartan)"},
    END_ATTRS};

static const FbrAttrSpec HOLDING_ATTRS[] = {
    {"demote", ARG_NONE, false, false, "a captured promoted piece goes to hand unpromoted"},
    END_ATTRS};

static const FbrAttrSpec DROP_ATTRS[] = {
    {"nomate", ARG_NONE, false, false, "a drop of the set may not give mate (shogi pawn)"},
    {"nocheck", ARG_NONE, false, false, "a drop of the set may not give check"},
    {"promoted", ARG_NONE, false, false, "[ext] a piece may be dropped promoted side up"},
    {"opposite", ARG_NONE, false, false,
     "[ext] the set's pieces (bishops) must end on squares of both colours (placement)"},
    {"immobile", ARG_NONE, false, false,
     "[ext] a piece may be dropped where it has no move (dobutsu's chick on the last rank)"},
    {"compulsory", ARG_NONE, false, false,
     "[ext] while the hand holds a piece of the set, only such drops, unless none is legal"},
    {"stacked", ARG_NONE, false, false,
     "[ext] only on the first rank or on top of a piece, as in connect four (cfour)"},
    {"free", ARG_NONE, false, false,
     "[ext] the set is dropped from an unlimited supply; the hand is not used (snort)"},
    {"apart", ARG_NONE, false, false,
     "[ext] never next to an enemy piece on a rank or file (snort)"},
    {"anyside", ARG_NONE, false, false,
     "[ext] pushed in from an edge: where a stone entering a rank or file stops "
     "(cfour-anyside)"},
    {"enclose", ARG_NONE, false, false,
     "[ext] only where a line of enemy pieces from the square ends in one of the mover's "
     "(reversi)"},
    {"near", ARG_NONE, false, false, "[ext] only next to a piece of the mover's (ataxx)"},
    {"opening", ARG_NONE, false, true,
     "[ext] while one of these squares is empty, drops go there only (othello's centre)"},
    {"absolute", ARG_NONE, false, false, "[ext] the zone is the same for Black (no mirror)"},
    END_ATTRS};

static const FbrAttrSpec TURN_ATTRS[] = {
    {"enpassant", ARG_NONE, false, false, "en passant captures exist (default)"},
    {"pass", ARG_NONE, false, false, "[ext] a side may pass its turn (janggi)"},
    END_ATTRS};

static const FbrAttrSpec MUSTCAPTURE_ATTRS[] = {
    {"compulsory", ARG_NONE, false, false, "a capture must be made if one is possible"}, END_ATTRS};

static const FbrAttrSpec ZONE_ATTRS[] = {
    {"hole", ARG_NONE, false, false, "the squares are not part of the board"},
    {"river", ARG_NONE, false, false, "a river, shown on the board (moves say what it does)"},
    {"dontcross", ARG_NONE, false, false, "the pieces may not leave the squares (palace)"},
    {"absolute", ARG_NONE, false, false, "[ext] with dontcross: same squares for Black"},
    END_ATTRS};

static const FbrAttrSpec COUNTING_ATTRS[] = {
    {"makruk", ARG_NONE, false, false, "Thai counting in bare-king endings"},
    {"asean", ARG_NONE, false, false, "ASEAN counting rules"},
    {"cambodian", ARG_NONE, false, false, "Cambodian counting rules"},
    {"blackdrawodds", ARG_NONE, false, false,
     "[ext] every drawn result is a win for Black (armageddon)"},
    {"pieces", ARG_NONE, false, false,
     "[ext] every drawn result goes to the side with more pieces on the board (reversi)"},
    {"points", ARG_NUMBER, 1, false,
     "[ext] each piece of the set counts N points: every drawn result goes to White if its "
     "points exceed Black's plus the komi, else to Black (janggi's material counting)"},
    {"komi", ARG_NUMBER, 0, false, "[ext] with points: the points Black gets on top"},
    {"none", ARG_NONE, false, false, "no counting"},
    END_ATTRS};

static const FbrAttrSpec CHASING_ATTRS[] = {
    {"axf", ARG_NONE, FBR_SETS_MAX, false,
     "Asian Xiangqi Federation rules on perpetual chasing; the sets are the chasing pieces in "
     "groups, strongest first (xiangqi: axf{R}{NC}{AB})"},
    {"none", ARG_NONE, 0, false, "no chasing rule (for a child of a variant with one)"},
    END_ATTRS};

static const FbrAttrSpec WALL_ATTRS[] = {
    {"duck", ARG_NONE, false, false,
     "one wall (the duck), moved after every move to another empty square (duck chess)"},
    {"arrow", ARG_NONE, false, false,
     "where the moved piece could move next from its new square (amazons)"},
    {"edge", ARG_NONE, false, false, "on an edge square or orthogonally next to a wall (atlantis)"},
    {"past", ARG_NONE, false, false, "on the square the piece left (snailtrail)"},
    {"static", ARG_NONE, false, false, "on any empty square (isolation)"},
    {"ormove", ARG_NONE, false, false,
     "a side either moves or places a wall, written as a pass: a1a1,a1a3 (atlantis)"},
    {"absolute", ARG_NONE, false, false, "the squares are the same for Black (no mirror)"},
    END_ATTRS};

static const FbrAttrSpec FLIP_ATTRS[] = {
    {"line", ARG_NONE, false, false,
     "the enemy pieces in a line between the arrival square and a piece of the mover's "
     "(reversi)"},
    {"around", ARG_NONE, false, false, "the enemy pieces next to the arrival square (ataxx)"},
    {"backed", ARG_NONE, false, false,
     "with around: a drop flips only next to a piece of its side (quadwrangle)"},
    END_ATTRS};

static const FbrAttrSpec NO_ATTRS[] = {END_ATTRS};

const FbrRuleSpec FBR_RULES[] = {
    {"royal", false, true, false, false, false, ROYAL_ATTRS, fbr_apply_royal,
     "the royal pieces (default {K}); {} = none; {!k} = Black's K only"},
    {"castling", false, false, false, false, false, CASTLING_ATTRS, fbr_apply_castling,
     "castling details beyond royal=castle{R}"},
    {"stalemate", false, false, false, true, false, STALEMATE_ATTRS, fbr_apply_stalemate,
     "result for the stalemated side: draw (default), loss, win; skip: it passes"},
    {"draw", true, false, false, true, false, RESULT_ATTRS, fbr_apply_result,
     "these conditions draw"},
    {"loss", true, false, false, true, false, RESULT_ATTRS, fbr_apply_result,
     "these conditions lose, for the side they happen to"},
    {"win", true, false, false, true, false, RESULT_ATTRS, fbr_apply_result,
     "these conditions win, for the side they happen to"},
    {"hill", false, true, true, false, false, HILL_ATTRS, fbr_apply_hill,
     "a piece of the set reaching the squares wins (king of the hill)"},
    {"pieces", true, true, false, true, false, PIECES_ATTRS, fbr_apply_pieces,
     "limits and properties of a set of pieces"},
    {"promotion", false, true, true, false, false, PROMOTION_ATTRS, fbr_apply_promotion,
     "the promotion zone (default last rank) and when promotion happens"},
    {"holding", false, true, false, false, false, HOLDING_ATTRS, fbr_apply_holding,
     "captured pieces go to the capturer's hand"},
    {"drop", true, true, true, false, false, DROP_ATTRS, fbr_apply_drop,
     "pieces in hand may be dropped on the squares (default any empty square)"},
    {"gating", false, true, true, false, false, NO_ATTRS, fbr_apply_gating,
     "Seirawan gating: a piece leaving the squares (default rank 1) for the first time may "
     "leave a piece from hand behind"},
    {"turn", false, false, false, false, false, TURN_ATTRS, fbr_apply_turn,
     "turn structure (default enpassant)"},
    {"mustcapture", false, false, false, false, false, MUSTCAPTURE_ATTRS, fbr_apply_mustcapture,
     "capturing is compulsory (antichess)"},
    {"atomic", false, true, false, false, false, ATOMIC_ATTRS, fbr_apply_atomic,
     "captures explode: the capturer and the neighbours of the set (atomic{^P}) vanish"},
    {"petrify", false, true, false, false, true, NO_ATTRS, fbr_apply_petrify,
     "[ext] a piece of the set that captures turns into a wall on that square (petrified)"},
    {"zone", true, true, true, true, false, ZONE_ATTRS, fbr_apply_zone,
     "special squares: holes, river, palace"},
    {"cylindric", false, false, false, false, false, NO_ATTRS, fbr_apply_cylindric,
     "the a-file and the last file are adjacent"},
    {"torus", false, false, false, false, false, NO_ATTRS, fbr_apply_torus,
     "cylindric, and the first and last ranks are adjacent too"},
    {"counting", false, false, false, true, true, COUNTING_ATTRS, fbr_apply_counting,
     "[ext] makruk/ASEAN move counting in endings"},
    {"chasing", false, false, false, true, true, CHASING_ATTRS, fbr_apply_chasing,
     "[ext] xiangqi perpetual chasing rules"},
    {"connect", false, true, false, true, true, CONNECT_ATTRS, fbr_apply_connect,
     "[ext] the side that moves N pieces of the set into a row wins"},
    {"wall", false, false, true, true, true, WALL_ATTRS, fbr_apply_wall,
     "[ext] every move also places a wall ('*') on an empty square of the range (default any)"},
    {"flip", false, false, false, true, true, FLIP_ATTRS, fbr_apply_flip,
     "[ext] a move turns enemy pieces into the mover's: enclosed in lines or next to it"},
};

const int FBR_RULE_NB = sizeof FBR_RULES / sizeof FBR_RULES[0];
_Static_assert(sizeof FBR_RULES / sizeof FBR_RULES[0] <= FBR_RULE_LIMIT,
               "fbr.c's given[] is too small");

int fbr_rule_count(void) {
  return FBR_RULE_NB;
}
const char *fbr_rule_name(int index) {
  return FBR_RULES[index].name;
}

int fbr_attribute_count(int rule_index) {
  int n = 0;
  while (FBR_RULES[rule_index].attrs[n].name) n++;
  return n;
}

const char *fbr_attribute_name(int rule_index, int attribute_index) {
  return FBR_RULES[rule_index].attrs[attribute_index].name;
}

void fbr_print_reference(FILE *out) {
  for (int i = 0; i < FBR_RULE_NB; i++) {
    const FbrRuleSpec *r = &FBR_RULES[i];
    fprintf(out, "%s%s%s%s  %s\n", r->name, r->pieceset ? "{..}" : "", r->range ? "[..]" : "",
            r->attrs[0].name ? "=..." : "", r->summary);
    for (const FbrAttrSpec *a = r->attrs; a->name; a++)
      fprintf(out, "    %s%s%s%s  %s\n", a->name,
              a->number == ARG_NUMBER     ? "(N)"
              : a->number == ARG_OPTIONAL ? "[(N)]"
                                          : "",
              a->pieceset ? "{..}" : "", a->range ? "[..]" : "", a->summary);
  }
}

/* FBR's defaults: an empty rule list means orthodox chess behaviour. A
 * default that cannot be applied is reported at `where` (the rules line) and
 * quoted as the rule it stands for. */
bool fbr_apply_defaults(FbrContext *ctx, const bool *given, VariantPos where) {
  bool ok = true;
  Variant *v = ctx->variant;
  VariantRules *r = &v->rules;
  r->stalemate = RESULT_DRAW;
  r->checkmate = RESULT_LOSS;
  r->repetition_count = 3;
  r->repetition_result = RESULT_DRAW;
  r->move_rule = 50;
  r->move_rule_reset = fbr_bit(v, "P");
  r->en_passant = true;
  FbrRule rule;
  if (!given[0] && type_set_any(fbr_bit(v, "K"))) {
    /* royal{K}=castle{R}, or royal{K} when there is no R to castle with or
     * castling is not defined (a vertical hexagonal board: decision 52) */
    memset(&rule, 0, sizeof rule);
    rule.spec = &FBR_RULES[0];
    rule.pos = where;
    snprintf(rule.text, sizeof rule.text, "royal{K} (the default)");
    if (type_set_any(fbr_bit(v, "R")) && v->shape.hex != BOARD_HEX_VERTICAL) {
      rule.attr_count = 1;
      rule.attrs[0].spec = &ROYAL_ATTRS[0];
      rule.attrs[0].pos = where;
      snprintf(rule.text, sizeof rule.text, "royal{K}=castle{R} (the default)");
    }
    if (!fbr_apply_royal(ctx, &rule)) ok = false;
  }
  const FbrRuleSpec *promotion = NULL;
  for (int i = 0; i < FBR_RULE_NB; i++)
    if (!strcmp(FBR_RULES[i].name, "promotion")) promotion = &FBR_RULES[i];
  if (!given[promotion - FBR_RULES] && type_set_any(fbr_bit(v, "P"))) {
    memset(&rule, 0, sizeof rule);
    rule.spec = promotion;
    rule.pos = where;
    snprintf(rule.text, sizeof rule.text, "promotion (the default)");
    if (!fbr_apply_promotion(ctx, &rule)) ok = false;
  }
  return ok;
}
