/* mbn_print.c — the syntax tree back to canonical MBN text.
 *
 * Canonical means: the same tokens the parser accepts, with grouping
 * parentheses only where precedence needs them (a modifier over P+Q or a
 * chain), amalgamated modifiers as (xy) and doubled ones as xx, steps as
 * 0 / n / 0n / 0*. parse(print(parse(s))) gives the same tree as parse(s);
 * the tests check that on every example of the MBN text.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mbn/mbn_ast.h"

typedef struct {
  char *out;
  size_t size, len;
} Printer;

static void put(Printer *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(Printer *p, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  size_t room = p->len < p->size ? p->size - p->len : 0;
  int n = vsnprintf(room ? p->out + p->len : NULL, room, fmt, args);
  va_end(args);
  if (n > 0) p->len += (size_t)n;
}

static void print_set(Printer *p, const AstPieceSet *set) {
  put(p, "{%s%s", set->colored ? "!" : "", set->negated ? "^" : "");
  for (int i = 0; i < set->count; i++) put(p, "%s", set->letters[i]);
  put(p, "}");
}

static void print_range(Printer *p, const AstRange *range) {
  if (!range->present) return;
  put(p, "[%s", range->negated ? "^" : "");
  for (int i = 0; i < range->count; i++) {
    const AstRangeItem *it = &range->items[i];
    if (i) put(p, ",");
    if (it->special == '{') {
      print_set(p, it->set);
      continue;
    }
    if (it->special) {
      put(p, "%c", it->special);
      continue;
    }
    if (it->file_lo >= 0) {
      put(p, "%c", 'a' + it->file_lo);
      if (it->file_hi != it->file_lo) put(p, "-%c", 'a' + it->file_hi);
    }
    if (it->rank_lo >= 0) {
      put(p, "%d", it->rank_lo + 1);
      if (it->rank_hi != it->rank_lo) put(p, "-%d", it->rank_hi + 1);
    }
  }
  put(p, "]");
}

/* The letter a modifier starts / ends with as printed (0 if a bracket). */
static char mod_first(const AstModifier *mod) {
  return mod->code == '(' ? mod->dir[0] : mod->code;
}

static char mod_last(const AstModifier *mod, bool has_set) {
  if (has_set || mod->optional) return 0;
  if (mod->code == '(') return mod->dir[0] == mod->dir[1] ? mod->dir[1] : 0;
  return mod->any ? 'y' : mod->code;
}

/* Doubled directions print as "ff" unless a neighbouring modifier would
 * merge with them ("f" + "ff" must stay "f(ff)"). */
static void print_modifier(Printer *p, const AstModifier *mod, const AstNode *owner,
                           const AstModifier *before, const AstModifier *after) {
  if (mod->code == '(') {
    bool clash = (before && mod_last(before, before->set >= 0) == mod->dir[0]) ||
                 (after && mod_first(after) == mod->dir[1]);
    if (mod->dir[0] == mod->dir[1] && !clash)
      put(p, "%c%c", mod->dir[0], mod->dir[0]);
    else
      put(p, "(%c%c)", mod->dir[0], mod->dir[1]);
    return;
  }
  for (int i = 0; i < mod->count; i++) put(p, "%c", mod->code);
  if (mod->any) put(p, "y");
  if (mod->optional) put(p, "?");
  if (mod->set >= 0 && owner) print_set(p, &owner->sets[mod->set]);
}

static void print_node(Printer *p, const AstNode *node);

/* A node where a single move is expected: atoms and rides print bare,
 * anything else in parentheses. */
static void print_single(Printer *p, const AstNode *node) {
  if (node->kind == AST_LEAPER || node->kind == AST_REF || node->kind == AST_RIDE) {
    print_node(p, node);
  } else {
    put(p, "(");
    print_node(p, node);
    put(p, ")");
  }
}

static void print_steps(Printer *p, const AstNode *ride) {
  switch (ride->ride) {
  case RIDE_LIMITED: put(p, "%d", ride->count); break;
  case RIDE_EXACT: put(p, "0%d", ride->count); break;
  case RIDE_UNLIMITED: put(p, "0"); break;
  case RIDE_MAXIMAL: put(p, ride->double_star ? "**" : "0*"); break;
  case RIDE_EDGE: put(p, "*"); break;
  }
}

static void print_transition_items(Printer *p, const AstTransitionItem *items, int count) {
  for (int i = 0; i < count; i++) {
    const AstTransitionItem *item = &items[i];
    if (i) put(p, ",");
    switch (item->sign) {
    case 'a': put(p, "+"); break;
    case 'b': put(p, "+-%d", item->value); break;
    case '+':
    case '-': put(p, "%c%d", item->sign, item->value); break;
    default: put(p, "%d", item->value); break;
    }
  }
}

static void print_transition(Printer *p, const AstTransition *tr) {
  static const char *const OPERATORS[][2] = {
      {"3", "<>"}, {"4", "<4d>"}, {"D", "<3d>"}, {"2", "<2d>"}, {"o", "<3o>"}};
  for (size_t k = 0; k < sizeof OPERATORS / sizeof OPERATORS[0]; k++)
    if (tr->kind == OPERATORS[k][0][0]) {
      put(p, "%s", OPERATORS[k][1]);
      return;
    }
  if (!tr->kind) return;
  if (tr->four_d) { /* <z;w>, <<z>;w>, <z;<w>>, <<z;w>> */
    bool both = tr->reflect && tr->reflect_w;
    put(p, both || tr->reflect ? "<<" : "<");
    print_transition_items(p, tr->items, tr->count);
    put(p, tr->reflect && !both ? ">;" : ";");
    put(p, tr->reflect_w && !both ? "<" : "");
    print_transition_items(p, tr->w_items, tr->w_count);
    put(p, tr->reflect_w && !both ? ">>" : both ? ">>" : ">");
    return;
  }
  put(p, tr->reflect ? "<<" : "<");
  print_transition_items(p, tr->items, tr->count);
  put(p, tr->reflect ? ">>" : ">");
}

static void print_node(Printer *p, const AstNode *node) {
  switch (node->kind) {
  case AST_LEAPER:
    if (node->spelling)
      put(p, "%c", node->spelling);
    else
      put(p, ":%d,%d:", node->m, node->n);
    break;
  case AST_REF: put(p, "%s", node->letter); break;
  case AST_RIDE:
    if (node->group || node->circular) {
      put(p, "(");
      print_node(p, node->kids[0]);
      put(p, ")");
      if (node->circular && node->circ.code == '(') /* always (xy): "(P)ff2" would not parse */
        put(p, "(%c%c)", node->circ.dir[0], node->circ.dir[1]);
      else if (node->circular)
        print_modifier(p, &node->circ, NULL, NULL, NULL);
    } else {
      print_node(p, node->kids[0]);
    }
    print_steps(p, node);
    break;
  case AST_MOD: {
    if (node->setup) put(p, "!");
    if (node->decisive) put(p, "#");
    print_transition(p, &node->transition);
    if (node->condition) {
      put(p, "/");
      if (node->condition_set) print_set(p, node->condition_set);
      print_range(p, &node->condition_range);
      put(p, "/");
    }
    print_range(p, &node->before);
    if (node->attackers) print_set(p, node->attackers);
    for (int i = 0; i < node->mod_count; i++)
      print_modifier(p, &node->mods[i], node, i ? &node->mods[i - 1] : NULL,
                     i + 1 < node->mod_count ? &node->mods[i + 1] : NULL);
    const AstNode *kid = node->kids[0];
    if (kid->kind == AST_ALT && kid->juxtaposed)
      print_node(p, kid);
    else
      print_single(p, kid);
    print_range(p, &node->after);
    break;
  }
  case AST_ALT:
    for (int i = 0; i < node->kid_count; i++) {
      const AstNode *kid = node->kids[i];
      if (node->juxtaposed) {
        print_single(p, kid);
        continue;
      }
      if (i) put(p, "+");
      if (kid->kind == AST_CHAIN || kid->kind == AST_OPTIONAL ||
          (kid->kind == AST_ALT && !kid->juxtaposed)) {
        put(p, "(");
        print_node(p, kid);
        put(p, ")");
      } else {
        print_node(p, kid);
      }
    }
    break;
  case AST_CHAIN:
    for (int i = 0; i < node->kid_count; i++) {
      const AstNode *kid = node->kids[i];
      if (i) put(p, "%s", node->sequence[i - 1] ? "--" : "-");
      if (kid->kind == AST_CHAIN) {
        put(p, "(");
        print_node(p, kid);
        put(p, ")");
      } else {
        print_node(p, kid);
      }
    }
    break;
  case AST_OPTIONAL:
    put(p, "%c", node->compulsory ? '{' : '[');
    print_node(p, node->kids[0]);
    put(p, "%c", node->compulsory ? '}' : ']');
    break;
  }
}

int mbn_print_move(const AstNode *node, char *out, size_t size) {
  Printer p = {out, size, 0};
  if (size) out[0] = '\0';
  if (node) print_node(&p, node);
  if (size) out[p.len < size ? p.len : size - 1] = '\0';
  return (int)p.len;
}

int mbn_print_definition(const AstDefinition *def, char *out, size_t size) {
  Printer p = {out, size, 0};
  if (size) out[0] = '\0';
  switch (def->kind) {
  case DEF_MACRO: put(&p, "@%s", def->letters[0]); break;
  case DEF_PRECONDITION: put(&p, "?%s", def->letters[0]); break;
  case DEF_CASTLING:
    if (def->castle_set.count) print_set(&p, &def->castle_set);
    put(&p, "%s",
        def->castle_long == CASTLE_VERTICAL ? "O-O-O-O"
        : def->castle_long                  ? "O-O-O"
                                            : "O-O");
    /* the indirect form is kept as a whole (its canonical words) */
    if (def->castle_indirect) put(&p, def->castle_long ? "=[*]ilR=ip{k}rD" : "=[*]irR=ip{k}lD");
    if (def->castle_hex_cells)
      put(&p, def->castle_long ? "=[*]ilD0%d=ij{k}rD0-D" : "=[*]irD0%d=ij{k}lD0-D",
          def->castle_hex_cells);
    break;
  default:
    for (int i = 0; i < def->letter_count; i++) {
      put(&p, "%s", def->letters[i]);
      uint32_t boards = def->boards[i];
      if (!boards) continue;
      const char *reflect = boards & MBN_BOARDS_REFLECT ? "<" : "";
      if (boards & MBN_BOARDS_ANY) {
        put(&p, "<%s*%s>%s", reflect, boards & MBN_BOARDS_4D ? ";*" : "", reflect[0] ? ">" : "");
        continue;
      }
      put(&p, "<%s", reflect);
      if (boards & MBN_BOARDS_4D) { /* <z;w>, <2;*>, <*;1> */
        if (boards & MBN_BOARDS_ANY_Z)
          put(&p, "*");
        else
          for (int b = 0, n = 0; b < 8; b++)
            if (boards >> b & 1) put(&p, "%s%d", n++ ? "," : "", b + 1);
        put(&p, ";");
        if (boards & MBN_BOARDS_ANY_W)
          put(&p, "*");
        else
          for (int b = 0, n = 0; b < 8; b++)
            if (boards >> (8 + b) & 1) put(&p, "%s%d", n++ ? "," : "", b + 1);
      } else {
        for (int b = 0, n = 0; b < 16; b++)
          if (boards >> b & 1) put(&p, "%s%d", n++ ? "," : "", b + 1);
      }
      put(&p, ">%s", reflect[0] ? ">" : "");
    }
    break;
  }
  if (def->name[0]) put(&p, "|%s|", def->name);
  if (def->kind == DEF_DROPS) {
    put(&p, "==");
    for (int i = 0; i < def->drop_count; i++) put(&p, "@%s", def->drops[i]);
  } else if (def->kind == DEF_PROMOTION && (def->promo.count || def->promo.negated)) {
    put(&p, "==");
    if (def->promo.negated || def->promo.colored)
      print_set(&p, &def->promo);
    else
      for (int i = 0; i < def->promo.count; i++) put(&p, "%s", def->promo.letters[i]);
  } else if (def->kind != DEF_PROMOTION && def->move) {
    put(&p, "=");
    /* a macro's parentheses matter to a count after its letter (Y02 with
     * @Y=(fN) is (fN)02), so they are kept */
    bool parens = def->kind == DEF_MACRO && def->move->parens;
    if (parens) put(&p, "(");
    print_node(&p, def->move);
    if (parens) put(&p, ")");
    if (def->kind == DEF_CASTLING) {
      put(&p, "=");
      print_node(&p, def->castle_partner);
    }
  }
  if (size) out[p.len < size ? p.len : size - 1] = '\0';
  return (int)p.len;
}
