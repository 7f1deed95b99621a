/* mbn_modifiers.c — the modifiers of one level folded into the lowering
 * context (m c a e i j k o p g n h w x and the directions), and the piece
 * sets and board ranges they name, resolved against the variant. Nested
 * levels intersect: k{Q}(K+k{K}N) = k{Q}K+N, [1-4](K+[5]N) = [1-4]K.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mbn/mbn_lower_internal.h"

void lower_error(Lowering *L, int line, int col, const char *near, const char *fmt, ...) {
  if (L->basic_depth > 0) line = L->ref_line, col = L->ref_col; /* not the body's text */
  if (L->lc->failed) return; /* report the first error of a definition only */
  char message[200];
  va_list args;
  va_start(args, fmt);
  vsnprintf(message, sizeof message, fmt, args);
  va_end(args);
  mbn_diagnostics_add(L->lc->diags, L->lc->source, line, col, near, "%s", message);
  L->lc->failed = true;
}

/* ---- piece sets and ranges --------------------------------------------- */

int lower_filter_add(LowerContext *lc, PieceFilter filter) {
  LowerTables *tb = &lc->tables;
  for (int i = 0; i < tb->filter_count; i++)
    if (type_set_equal(tb->filters[i].friendly, filter.friendly) &&
        type_set_equal(tb->filters[i].enemy, filter.enemy))
      return i;
  PieceFilter *filters = arena_alloc(lc->arena, sizeof *filters * (size_t)(tb->filter_count + 1));
  if (tb->filter_count) memcpy(filters, tb->filters, sizeof *filters * (size_t)tb->filter_count);
  filters[tb->filter_count] = filter;
  tb->filters = filters;
  return tb->filter_count++;
}

int lower_filter_intersect(LowerContext *lc, int a, int b) {
  if (a < 0) return b;
  if (b < 0) return a;
  PieceFilter f = lc->tables.filters[a];
  f.friendly = type_set_and(f.friendly, lc->tables.filters[b].friendly);
  f.enemy = type_set_and(f.enemy, lc->tables.filters[b].enemy);
  return lower_filter_add(lc, f);
}

int lower_filter_from_set(Lowering *L, const AstPieceSet *set, int line, int col) {
  PieceFilter f = {type_set_empty(), type_set_empty()};
  const Variant *v = L->lc->variant;
  for (int i = 0; i < set->count; i++) {
    char letter[8];
    memcpy(letter, set->letters[i], sizeof letter);
    bool enemy_only = false;
    char *core = letter[0] && strchr("+-#$%&'", letter[0]) ? letter + 1 : letter;
    if (set->colored && core[0] >= 'a' && core[0] <= 'z') {
      enemy_only = true;
      core[0] = (char)(core[0] - 'a' + 'A');
    }
    int type = mbn_find_piece(v, letter);
    if (type < 0) {
      lower_error(L, line, col, set->letters[i],
                  "piece set names '%s', which is not a piece of this variant", letter);
      return -1;
    }
    if (!set->colored)
      type_set_add(&f.friendly, type), type_set_add(&f.enemy, type);
    else if (enemy_only)
      type_set_add(&f.enemy, type);
    else
      type_set_add(&f.friendly, type);
  }
  if (set->negated) {
    TypeSet all = type_set_first_n(v->piece_count);
    f.friendly = type_set_minus(all, f.friendly);
    f.enemy = type_set_minus(all, f.enemy);
  }
  return lower_filter_add(L->lc, f);
}

int lower_range_add(LowerContext *lc, uint8_t *member) {
  LowerTables *tb = &lc->tables;
  const BoardShape *s = &lc->variant->shape;
  size_t size = (size_t)s->files * (size_t)s->ranks * (size_t)s->levels;
  for (int i = 0; i < tb->range_count; i++)
    if (!memcmp(tb->ranges[i], member, size)) return i;
  uint8_t **ranges = arena_alloc(lc->arena, sizeof *ranges * (size_t)(tb->range_count + 1));
  if (tb->range_count) memcpy(ranges, tb->ranges, sizeof *ranges * (size_t)tb->range_count);
  ranges[tb->range_count] = member;
  tb->ranges = ranges;
  return tb->range_count++;
}

int lower_range_from_ast(Lowering *L, const AstRange *range) {
  const BoardShape *s = &L->lc->variant->shape;
  size_t size = (size_t)s->files * (size_t)s->ranks * (size_t)s->levels;
  uint8_t *member = arena_alloc(L->lc->arena, size);
  for (int i = 0; i < range->count; i++) {
    const AstRangeItem *it = &range->items[i];
    for (int level = 0; level < s->levels; level++)
      for (int rank = 0; rank < s->ranks; rank++)
        for (int file = 0; file < s->files; file++) {
          bool in;
          bool edge = file == 0 || rank == 0 || file == s->files - 1 || rank == s->ranks - 1;
          if (it->special == '#')
            in = edge;
          else if (it->special == '.')
            in = !edge;
          else
            in = (it->file_lo < 0 || (file >= it->file_lo && file <= it->file_hi)) &&
                 (it->rank_lo < 0 || (rank >= it->rank_lo && rank <= it->rank_hi));
          if (in)
            member[((size_t)level * (size_t)s->ranks + (size_t)rank) * (size_t)s->files +
                   (size_t)file] = 1;
        }
  }
  if (range->negated)
    for (size_t i = 0; i < size; i++) member[i] = !member[i];
  return lower_range_add(L->lc, member);
}

/* MBN §6: "[+] is the set of all threatened squares (an opponent piece giving
 * 'check' (to any piece) at these squares...). [*] is denoting the set off all
 * unthreatened squares ..., and [:] denotes the set of all squares occupied by
 * unmoved pieces"; "a board range can also be defined with the use of a piece
 * set ... all the squares attacked by one of these pieces". These depend on
 * the position, so they are conditions on the leg, not square sets; each
 * stands alone in its brackets (nest ranges to intersect: [1-4]([+]W)). */
int lower_range_condition(Lowering *L, const AstRange *range, int line, int col, unsigned *code) {
  int dynamic = -1;
  for (int i = 0; i < range->count; i++) {
    char special = range->items[i].special;
    if (special == '*' || special == '+' || special == ':' || special == '{') dynamic = i;
  }
  if (dynamic < 0) return RANGE_STATIC;
  const AstRangeItem *it = &range->items[dynamic];
  char text[4] = {'[', it->special, ']', 0};
  if (it->special == '{') memcpy(text, "[{", 3);
  if (range->count > 1) {
    lower_error(L, line, col, text,
                "a range [+], [*], [:] or [{..}] depends on the position and stands alone in "
                "its brackets; nest ranges to intersect them ([1-4]([+]W))");
    return RANGE_ERROR;
  }
  if (it->special == ':') {
    if (range->negated) {
      lower_error(L, line, col, text,
                  "range [^:] (squares without an unmoved piece) is not "
                  "supported");
      return RANGE_ERROR;
    }
    return RANGE_UNMOVED;
  }
  int filter;
  bool not = range->negated;
  if (it->special == '{') {
    filter = lower_filter_from_set(L, it->set, line, col);
    if (filter < 0) return RANGE_ERROR;
  } else {
    /* the opponent's pieces, every type */
    PieceFilter f = {type_set_empty(), type_set_first_n(L->lc->variant->piece_count)};
    filter = lower_filter_add(L->lc, f);
    not ^= it->special == '*';
  }
  *code = (unsigned)(filter + 1) | (not ? ATTACKERS_NOT : 0);
  return RANGE_ATTACK;
}

int lower_range_intersect(LowerContext *lc, int a, int b) {
  if (a < 0) return b;
  if (b < 0) return a;
  const BoardShape *s = &lc->variant->shape;
  size_t size = (size_t)s->files * (size_t)s->ranks * (size_t)s->levels;
  uint8_t *member = arena_alloc(lc->arena, size);
  for (size_t i = 0; i < size; i++) member[i] = lc->tables.ranges[a][i] & lc->tables.ranges[b][i];
  return lower_range_add(lc, member);
}

/* ---- modifiers --------------------------------------------------------- */

/* Folds one level of modifiers (one AST_MOD node) into the context. */
bool lower_ctx_apply(Lowering *L, Ctx *ctx, const AstNode *node) {
  uint8_t end = 0, pass = 0;
  bool has_m = false, has_c = false;
  const AstModifier *all = NULL; /* the 'a' of this level */
  bool plain_c = false;          /* a 'c' without a piece set */
  DirGroup group;
  memset(&group, 0, sizeof group);
  for (int i = 0; i < node->mod_count; i++) {
    const AstModifier *mod = &node->mods[i];
    char near[4] = {mod->code == '(' ? mod->dir[0] : mod->code, 0, 0, 0};
    int filter = -1;
    if (mod->set >= 0) {
      filter = lower_filter_from_set(L, &node->sets[mod->set], mod->line, mod->col);
      if (filter < 0) return false;
    }
    switch (mod->code) {
    case 'm':
      if (filter >= 0) {
        lower_error(L, mod->line, mod->col, near,
                    "'m{...}': MBN does not say what a piece set restricts on a move that "
                    "captures nothing (docs/mbn.md, decision 32)");
        return false;
      }
      has_m = true;
      end |= OCC_EMPTY;
      pass |= OCC_EMPTY;
      break;
    case 'c': {
      uint8_t bits = mod->any ? (OCC_ENEMY | OCC_FRIEND) : mod->count == 2 ? OCC_FRIEND : OCC_ENEMY;
      has_c = true;
      plain_c |= mod->set < 0;
      end |= bits;
      pass |= bits;
      ctx->end_filter = lower_filter_intersect(L->lc, ctx->end_filter, filter);
      ctx->pass_filter = lower_filter_intersect(L->lc, ctx->pass_filter, filter);
      break;
    }
    case 'a':
      all = mod;
      end |= OCC_EMPTY | OCC_ENEMY;
      pass |= OCC_EMPTY | OCC_ENEMY;
      ctx->end_filter = lower_filter_intersect(L->lc, ctx->end_filter, filter);
      ctx->pass_filter = lower_filter_intersect(L->lc, ctx->pass_filter, filter);
      break;
    case 'j': {
      uint8_t bits = mod->any ? (OCC_ENEMY | OCC_FRIEND) : mod->count == 2 ? OCC_FRIEND : OCC_ENEMY;
      pass |= bits;
      end |= 0x80; /* marks "constrained, but may not end" */
      ctx->pass_effect = EFFECT_VISIT;
      ctx->pass_filter = lower_filter_intersect(L->lc, ctx->pass_filter, filter);
      break;
    }
    case 'w':
    case 'x': {
      uint8_t bits;
      if (mod->code == 'w')
        bits = mod->any          ? OCC_ALL
               : mod->count == 2 ? (OCC_EMPTY | OCC_FRIEND)
                                 : (OCC_EMPTY | OCC_ENEMY);
      else
        bits = mod->any ? (OCC_ENEMY | OCC_FRIEND) : mod->count == 2 ? OCC_FRIEND : OCC_ENEMY;
      end |= bits;
      ctx->end_effect = mod->code == 'w' ? EFFECT_SWAP : EFFECT_FLIP;
      ctx->end_filter = lower_filter_intersect(L->lc, ctx->end_filter, filter);
      break;
    }
    case 'e': break; /* below, once m and c of this level are known */
    case 'i':
      ctx->flags |= LEG_INITIAL;
      if (mod->count == 2) ctx->flags |= LEG_STRICT_INITIAL;
      break;
    case 'k':
      if (filter >= 0) {
        lower_error(L, mod->line, mod->col, mod->count == 2 ? "kk" : "k",
                    "'k{...}': MBN does not say which pieces the set names, the royals that may "
                    "not be checked or the pieces that may not check (docs/mbn.md, decision 32)");
        return false;
      }
      ctx->flags |= mod->count == 2 ? LEG_NO_MATE : LEG_NO_CHECK;
      break;
    case 'o':
      ctx->flags |= LEG_WRAP_FILES;
      if (mod->count == 2) ctx->flags |= LEG_WRAP_RANKS;
      break;
    case 'p':
      ctx->hop = mod->count;
      ctx->hop_filter = lower_filter_intersect(L->lc, ctx->hop_filter, filter);
      break;
    case 'g':
      /* "only the pieces given in piece set can be leaped" (MBN §6) */
      ctx->leap = mod->count;
      ctx->leap_filter = lower_filter_intersect(L->lc, ctx->leap_filter, filter);
      break;
    case 'n': ctx->lame = true; break;
    case 'u':
      /* "can move only if all move directions are unblocked ... (this
       * implies that the piece cannot capture)": decision 31 */
      if (mod->count == 2 || filter >= 0) {
        lower_error(L, mod->line, mod->col, "u", "'uu' and 'u{...}' are not in MBN");
        return false;
      }
      ctx->flags |= LEG_UNBLOCKED;
      ctx->end_occ &= OCC_EMPTY;
      break;
    case 'h':
      if (mod->count == 2 || filter >= 0) {
        lower_error(L, mod->line, mod->col, "h", "'hh' and 'h{...}' are not supported");
        return false;
      }
      ctx->halfling = true;
      break;
    default: group.mods[group.count++] = *mod; break; /* directions, d, t, z, (xy) */
    }
  }
  /* MBN's a "cannot be superseded": beside m, or beside c without a piece
   * set (the text's Janggi cannon ac{^C}p{^C}R has one), it says nothing,
   * and such text is XBoard's Betza, whose a starts another leg
   * (KNADcaKmabK, fcafmF): MBN would read it as a different piece. */
  if (all && (has_m || plain_c)) {
    lower_error(L, all->line, all->col, "a",
                "'a' (move or capture) beside 'm' or a plain 'c' on one move says nothing MBN's "
                "'a' does not; XBoard's 'a' (another leg) is MBN's '-' (or write XBoard's text "
                "as betza:cafmF)");
    return false;
  }
  for (int i = 0; i < node->mod_count; i++) {
    const AstModifier *mod = &node->mods[i];
    if (mod->code != 'e') continue;
    if (mod->set >= 0) {
      /* With c the set names the pieces it may take en passant (the text:
       * "a piece set may follow, defining the pieces which can be captured
       * en passant"); with m the text does not say what it would name. */
      if (has_m) {
        lower_error(L, mod->line, mod->col, "e{",
                    "'me{...}': MBN does not say what a piece set means on a move that may be "
                    "taken en passant (a set goes on the capture: ce{...})");
        return false;
      }
      int filter = lower_filter_from_set(L, &node->sets[mod->set], mod->line, mod->col);
      if (filter < 0) return false;
      ctx->ep_filter = lower_filter_intersect(L->lc, ctx->ep_filter, filter);
    }
    if (!has_m && !has_c) {
      lower_error(L, mod->line, mod->col, "e",
                  "'e' needs 'm' (may be taken en passant) or "
                  "'c' (captures en passant)");
      return false;
    }
    if (has_m) ctx->flags |= LEG_EP_VICTIM;
    if (has_c) ctx->flags |= mod->count == 2 ? LEG_EP_ONLY : LEG_EP_CAPTURE;
    if (has_c && mod->count == 2) end |= OCC_EMPTY;
  }
  if (end) ctx->end_occ &= (uint8_t)(end & 0x7F);
  if (pass) ctx->pass_occ &= pass;
  if (group.count) {
    if (ctx->dir_levels == MBN_MAX_DIR_LEVELS) {
      lower_error(L, node->line, node->col, "",
                  "more than %d nested levels of directional "
                  "modifiers",
                  MBN_MAX_DIR_LEVELS);
      return false;
    }
    DirGroup *dirs = arena_alloc(L->lc->arena, sizeof *dirs * (size_t)(ctx->dir_levels + 1));
    if (ctx->dir_levels) memcpy(dirs, ctx->dirs, sizeof *dirs * (size_t)ctx->dir_levels);
    dirs[ctx->dir_levels++] = group;
    ctx->dirs = dirs;
  }
  return true;
}
