/* mbn_parse.c — recursive-descent parser from MBN tokens to the syntax tree
 * (mbn_ast.h), in the manner of Lua's lparser.c: the grammar rule sits as a
 * comment above each function, there is one token of lookahead, and one
 * error path (parse_error) that says where and near what, then unwinds to
 * the start of the next definition with longjmp (the arena owns all memory,
 * so unwinding leaks nothing).
 *
 * Constructs the compiler does not support yet are rejected here, by name,
 * so nothing is ever silently ignored.
 */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/betza_xboard.h"
#include "mbn/mbn_ast.h"
#include "mbn/mbn_lex.h"

typedef struct {
  Lexer lex;
  Token tok;
  Arena *arena;
  MbnDiagnostics *diags;
  const char *source;
  int depth;
  int move_start; /* offset where the current move text starts */
  int def_start;  /* offset where the current definition starts */
  jmp_buf on_error;
} Parser;

/* ---- the one error path ------------------------------------------------ */

static void parse_near(const Parser *p, int offset, char *near, size_t size) {
  const char *s = p->lex.src + offset;
  size_t n = 0;
  while (s[n] && s[n] != ' ' && s[n] != '\n' && s[n] != '\t' && s[n] != '\r' && n < 20 &&
         n + 1 < size)
    n++;
  memcpy(near, s, n);
  near[n] = '\0';
  if (n == 0) snprintf(near, size, "%s", *s ? " " : "<end of text>");
}

__attribute__((noreturn, format(printf, 3, 4))) static void
parse_error_at(Parser *p, const Token *at, const char *fmt, ...) {
  char message[200], near[48];
  va_list args;
  va_start(args, fmt);
  vsnprintf(message, sizeof message, fmt, args);
  va_end(args);
  parse_near(p, at->offset, near, sizeof near);
  mbn_diagnostics_add(p->diags, p->source, at->line, at->col, near, "%s", message);
  longjmp(p->on_error, 1);
}

#define parse_error(p, ...) parse_error_at((p), &(p)->tok, __VA_ARGS__)

static void parse_next(Parser *p) {
  p->tok = mbn_lex_next(&p->lex);
  if (p->tok.kind == TK_ERROR) parse_error(p, "%s", p->tok.text);
}

static bool parse_is(const Parser *p, char ch) {
  return p->tok.kind == TK_PUNCT && p->tok.ch == ch;
}

/* The move text ends at white space, at the end, or at a '=' (castling). */
static bool parse_at_move_end(const Parser *p) {
  return p->tok.kind == TK_EOF || p->tok.space_before || parse_is(p, '=');
}

static void parse_expect(Parser *p, char ch, const char *what) {
  if (!parse_is(p, ch) || p->tok.space_before) parse_error(p, "expected '%c' %s", ch, what);
  parse_next(p);
}

static AstNode *node_new(Parser *p, AstKind kind, const Token *at) {
  AstNode *node = arena_alloc(p->arena, sizeof *node);
  node->kind = kind;
  node->line = at->line;
  node->col = at->col;
  node->offset = at->offset;
  return node;
}

/* The kids array grows by doubling (capacities 4, 8, 16, ...: a new one is
 * taken when the count reaches a power of two), so a long alternative
 * (Q=W+W+...) costs linear memory in the arena, which never frees; one new
 * array per kid made a 64 KB definition take gigabytes. Parser nodes start
 * with no kids, so the capacity follows from the count. */
static void node_add_kid(Parser *p, AstNode *node, AstNode *kid) {
  int n = node->kid_count;
  if (n == 0 || (n >= 4 && !(n & (n - 1)))) {
    AstNode **kids = arena_alloc(p->arena, sizeof *kids * (size_t)(n ? 2 * n : 4));
    if (n) memcpy(kids, node->kids, sizeof *kids * (size_t)n);
    node->kids = kids;
  }
  node->kids[node->kid_count++] = kid;
}

static void parse_enter(Parser *p) {
  if (++p->depth > MBN_MAX_DEPTH)
    parse_error(p, "nesting deeper than %d levels of brackets", MBN_MAX_DEPTH);
}

/* Whether a suffix (MBN §3: R<s>, a member of a piece group; §16: a macro
 * name's suffix) starts here: '<' and a letter, with no space. A board
 * identifier (<2>, <*>, <<5>>) and a transition (<+1>, <>) never start
 * with a letter. */
static bool parse_at_suffix(const Parser *p) {
  if (!parse_is(p, '<') || p->tok.space_before) return false;
  return isalpha((unsigned char)p->lex.src[p->tok.offset + 1]);
}

/* Appends the suffix at '<' to letter ("R" -> "R<S>"; upper case, as
 * compound letters: MBN's R<s> and R<S> are one piece) and moves past it. */
static void parse_suffix(Parser *p, char *letter, size_t size) {
  const char *start = p->lex.src + p->tok.offset + 1;
  size_t len = 0;
  while (isalnum((unsigned char)start[len])) len++;
  if (start[len] != '>') parse_error(p, "a suffix '<..>' holds letters and digits only");
  size_t have = strlen(letter);
  if (have + len + 2 >= size)
    parse_error(p, "'%s<%.*s>' is longer than %d characters (a piece letter with its suffix)",
                letter, (int)len, start, (int)size - 1);
  letter[have] = '<';
  for (size_t i = 0; i < len; i++) letter[have + 1 + i] = (char)toupper((unsigned char)start[i]);
  letter[have + 1 + len] = '>';
  letter[have + 2 + len] = '\0';
  size_t end = (size_t)(start - p->lex.src) + len; /* the offset of '>' */
  while (p->tok.kind != TK_EOF && (size_t)p->tok.offset <= end) parse_next(p);
}

static bool is_direction(char c) {
  return c && strchr("bdflrstvz", c);
}

/* ---- piece sets and board ranges --------------------------------------- */

/* PieceSet ::= '{' '!'? '^'? ( [+-#$%&']? PieceLetter )* '}'
 * (the grammar has no prefixes in sets; the text's Alice example names
 * {#Q#R#B#N#P}, and prefixed pieces are pieces like any other) */
static void parse_piece_set(Parser *p, AstPieceSet *set) {
  parse_enter(p);
  parse_expect(p, '{', "to open a piece set");
  memset(set, 0, sizeof *set);
  if (parse_is(p, '!')) set->colored = true, parse_next(p);
  if (parse_is(p, '^')) set->negated = true, parse_next(p);
  while (!parse_is(p, '}')) {
    char letter[8] = {0};
    int n = 0;
    if (p->tok.kind == TK_PUNCT && p->tok.ch && strchr("+-#$%&'", p->tok.ch)) {
      letter[n++] = p->tok.ch;
      parse_next(p);
    }
    if (p->tok.kind == TK_UPPER || p->tok.kind == TK_LOWER) {
      if (p->tok.kind == TK_LOWER && !set->colored)
        parse_error(p, "lower-case letter in a piece set needs the colour form {!...}");
      letter[n++] = p->tok.ch;
    } else if (p->tok.kind == TK_COMPOUND) {
      memcpy(letter + n, p->tok.text, strlen(p->tok.text) + 1);
    } else if (p->tok.kind == TK_EOF) {
      parse_error(p, "unterminated piece set (missing '}')");
    } else {
      parse_error(p, "expected a piece letter in the piece set");
    }
    if (set->count == MBN_MAX_SET_LETTERS)
      parse_error(p, "piece set has more than %d letters", MBN_MAX_SET_LETTERS);
    memcpy(set->letters[set->count++], letter, sizeof letter);
    parse_next(p);
  }
  parse_next(p);
  p->depth--;
}

/* File ::= [a-z]   Rank ::= Number (MBN's grammar swaps the two names; its
 * examples [a-c1], [d-f1-3] use letters for files, as we do). */
static int parse_rank(Parser *p) {
  if (p->tok.kind != TK_NUMBER) parse_error(p, "expected a rank number");
  if (p->tok.value < 1 || p->tok.value > 36)
    parse_error(p, "rank %d out of range 1..36", p->tok.value);
  int rank = p->tok.value - 1;
  parse_next(p);
  return rank;
}

/* BoardRange ::= '[' '^'? ( Item ( ',' Item )* )? ']'
 * Item ::= '#' | '.' | '*' | '+' | ':' | PieceSet | File ('-' File)? (Rank ('-' Rank)?)?
 *        | Rank ('-' Rank)? */
static void parse_range(Parser *p, AstRange *range) {
  parse_enter(p);
  parse_expect(p, '[', "to open a board range");
  memset(range, 0, sizeof *range);
  range->present = true;
  if (parse_is(p, '^')) range->negated = true, parse_next(p);
  while (!parse_is(p, ']')) {
    if (range->count && !parse_is(p, ',')) {
      if (p->tok.kind == TK_EOF) parse_error(p, "unterminated board range (missing ']')");
      parse_error(p, "expected ',' or ']' in a board range");
    }
    if (range->count) parse_next(p);
    if (range->count == MBN_MAX_RANGE_ITEMS)
      parse_error(p, "board range has more than %d items", MBN_MAX_RANGE_ITEMS);
    AstRangeItem *item = &range->items[range->count++];
    item->file_lo = item->file_hi = item->rank_lo = item->rank_hi = -1;
    if (parse_is(p, '#') || parse_is(p, '.') || parse_is(p, '*') || parse_is(p, '+') ||
        parse_is(p, ':')) {
      item->special = p->tok.ch;
      parse_next(p);
      continue;
    }
    if (parse_is(p, '{')) { /* the squares these pieces attack (MBN §6) */
      item->special = '{';
      item->set = arena_alloc(p->arena, sizeof *item->set);
      parse_piece_set(p, item->set);
      continue;
    }
    if (p->tok.kind == TK_LOWER) {
      item->file_lo = item->file_hi = p->tok.ch - 'a';
      parse_next(p);
      if (parse_is(p, '-') && !p->tok.space_before) {
        parse_next(p);
        if (p->tok.kind != TK_LOWER) parse_error(p, "expected a file letter after '-'");
        item->file_hi = p->tok.ch - 'a';
        parse_next(p);
      }
      if (p->tok.kind != TK_NUMBER) goto check;
    }
    item->rank_lo = item->rank_hi = parse_rank(p);
    if (parse_is(p, '-')) {
      parse_next(p);
      item->rank_hi = parse_rank(p);
    }
  check:
    if (parse_is(p, '(')) parse_error(p, "range iterators '(+-m,+-n)' are not supported");
    if (item->file_lo > item->file_hi || item->rank_lo > item->rank_hi)
      parse_error(p, "range goes backwards (write the lower end first)");
    if (p->tok.kind == TK_EOF) parse_error(p, "unterminated board range (missing ']')");
  }
  parse_next(p);
  p->depth--;
}

/* ---- board transitions (MBN §8, §9) ------------------------------------ */

/* Items ::= Item ( ',' Item )*, up to ';' or '>' (on a 4D board's axis an
 * empty list: the axis does not change).
 * Item ::= '+' '-'? Number | '+' | '-' Number | Number */
static int parse_transition_items(Parser *p, AstTransitionItem *items, bool may_be_empty) {
  int count = 0;
  if (may_be_empty && (parse_is(p, ';') || parse_is(p, '>')) && !p->tok.space_before) return 0;
  for (;;) {
    if (p->tok.space_before) parse_error(p, "space inside a board transition");
    if (count == MBN_MAX_TRANSITIONS)
      parse_error(p, "board transition has more than %d items", MBN_MAX_TRANSITIONS);
    AstTransitionItem *item = &items[count++];
    if (parse_is(p, '+')) {
      item->sign = '+';
      parse_next(p);
      if (parse_is(p, '-') && !p->tok.space_before) {
        item->sign = 'b';
        parse_next(p);
        if (p->tok.kind != TK_NUMBER || p->tok.space_before)
          parse_error(p, "expected a number of levels after '+-'");
      } else if (parse_is(p, '>') || parse_is(p, ',') || parse_is(p, ';')) {
        item->sign = 'a'; /* <+>: any other board */
      }
    } else if (parse_is(p, '-')) {
      item->sign = '-';
      parse_next(p);
      if (p->tok.kind != TK_NUMBER || p->tok.space_before)
        parse_error(p, "expected a number of levels after '-'");
    } else if (parse_is(p, '*')) {
      parse_error(p, "'<*>' names boards of a piece definition; as a transition write <+>");
    } else if (p->tok.kind != TK_NUMBER) {
      if (p->tok.kind == TK_EOF) parse_error(p, "unterminated board transition (missing '>')");
      parse_error(p, "expected a board number or '+n', '-n', '+-n' in a board transition");
    }
    if (item->sign != 'a') {
      if (p->tok.space_before) parse_error(p, "space inside a board transition");
      if (p->tok.kind != TK_NUMBER)
        parse_error(p, "expected a board number or '+n', '-n', '+-n' in a board transition");
      if (p->tok.value > 16)
        parse_error(p, "board transition %d exceeds the largest board count 16", p->tok.value);
      if (item->sign == 0 && p->tok.value == 0) parse_error(p, "boards are numbered from 1");
      item->value = p->tok.value;
      parse_next(p);
    }
    if (p->tok.space_before) parse_error(p, "space inside a board transition");
    if (!parse_is(p, ',')) return count;
    parse_next(p);
  }
}

static void parse_transition_close(Parser *p, int closers, const char *what) {
  for (; closers > 0; closers--) {
    if (!parse_is(p, '>') || p->tok.space_before) {
      if (p->tok.kind == TK_EOF) parse_error(p, "unterminated board transition (missing '>')");
      parse_error(p, "expected %s", what);
    }
    parse_next(p);
  }
}

/* Transition ::= '<' '<'? Items '>' '>'?                         (3D, MBN §8)
 *              | '<' '<'? Items? '>'? ';' '<'? Items? '>' '>'?    (4D: <z;w>,
 *                <z;<w>> mirrors W for Black, <<z>;w> Z, <<z;w>> both)
 *              | '<' '>'                                         (triagonal, §9)
 *              | '<' ( '4d' | '3d' | '2d' | '3o' ) '>'           (quadrogonal, §10) */
static void parse_transition(Parser *p, AstTransition *tr) {
  Token open = p->tok;
  memset(tr, 0, sizeof *tr);
  tr->line = open.line;
  tr->col = open.col;
  parse_next(p);
  if (p->tok.space_before) parse_error(p, "space inside a board transition");
  if (parse_is(p, '>')) {
    tr->kind = '3';
    parse_next(p);
    if (p->tok.space_before || p->tok.kind == TK_EOF)
      parse_error(p, "expected a move after the triagonal operator '<>'");
    return;
  }
  tr->kind = 't';
  if (p->tok.kind == TK_NUMBER && !p->tok.space_before) {
    const char *s = p->lex.src + p->tok.offset + p->tok.length;
    if (*s == 'd' || *s == 'o') {
      static const char OPERATORS[][3] = {"4d", "3d", "2d", "3o"};
      static const char KINDS[] = "4D2o";
      for (int k = 0; k < 4; k++)
        if (p->tok.value == OPERATORS[k][0] - '0' && p->tok.digits == 1 && *s == OPERATORS[k][1])
          tr->kind = KINDS[k];
      if (tr->kind == 't')
        parse_error(p, "'<%d%c>' is not an operator of MBN section 10 (<4d>, <3d>, <2d>, <3o>)",
                    p->tok.value, *s);
      parse_next(p); /* the number */
      parse_next(p); /* d or o */
      parse_transition_close(p, 1, "'>' to close the quadrogonal operator");
      if (p->tok.space_before || p->tok.kind == TK_EOF)
        parse_error(p, "expected a move after the operator '<%s>'",
                    OPERATORS[strchr(KINDS, tr->kind) - KINDS]);
      return;
    }
  }
  bool outer = parse_is(p, '<') && !p->tok.space_before;
  if (outer) parse_next(p);
  tr->count = parse_transition_items(p, tr->items, true);
  if (outer && parse_is(p, '>') && !p->tok.space_before) {
    parse_next(p);
    if (parse_is(p, ';') && !p->tok.space_before) {
      tr->reflect = true; /* <<z>;w>: Z mirrored */
      outer = false;
    } else {
      if (!tr->count)
        parse_error(p, "expected a board number or '+n', '-n', '+-n' in a board transition");
      tr->reflect = true; /* <<z>> */
      parse_transition_close(p, 1, "'>>' to close the reflected board transition '<<'");
      goto done;
    }
  }
  if (parse_is(p, ';') && !p->tok.space_before) {
    tr->four_d = true;
    parse_next(p);
    if (p->tok.space_before) parse_error(p, "space inside a board transition");
    bool inner = parse_is(p, '<');
    if (inner) parse_next(p), tr->reflect_w = true; /* <z;<w>> */
    tr->w_count = parse_transition_items(p, tr->w_items, true);
    if (!tr->count && !tr->w_count)
      parse_error(p, "a 4D board transition needs a board on one axis at least ('<;>' is no move)");
    if (inner) parse_transition_close(p, 1, "'>' to close the reflected axis '<..>'");
    if (outer) tr->reflect = tr->reflect_w = true; /* <<z;w>>: both */
    parse_transition_close(p, outer ? 2 : 1,
                           outer ? "'>>' to close the reflected board transition '<<'"
                                 : "'>' or ',' in a board transition");
    goto done;
  }
  if (!tr->count)
    parse_error(p, "expected a board number or '+n', '-n', '+-n' in a board transition");
  parse_transition_close(p, 1, "',' or '>' in a board transition");
  if (outer) {
    tr->reflect = true;
    parse_transition_close(p, 1, "'>>' to close the reflected board transition '<<'");
  }
done:
  if (p->tok.space_before || p->tok.kind == TK_EOF)
    parse_error_at(p, &open, "a board transition needs a move after it");
}

/* ---- moves ------------------------------------------------------------- */

static AstNode *parse_sequence(Parser *p);

/* Steps ::= '0' ( '*' | Number )? | Number      ('*', '**', '#' rejected) */
static AstNode *parse_steps(Parser *p, AstNode *move, bool group) {
  if (parse_is(p, '*') && !p->tok.space_before) {
    bool doubled = p->lex.src[p->tok.offset + 1] == '*';
    if (group && doubled) {
      /* (..)**: read as the text dissolves its explosion macro, (..)0*; the
       * lowering accepts it only in that explosion (decision 51) */
      AstNode *ride = node_new(p, AST_RIDE, &p->tok);
      ride->group = true;
      ride->ride = RIDE_MAXIMAL;
      ride->double_star = true;
      node_add_kid(p, ride, move);
      parse_next(p);
      parse_next(p);
      return ride;
    }
    if (group) parse_error(p, "edge rider '*' on a group is not supported");
    if (doubled)
      parse_error(p, "steps '**' are not supported: MBN never defines them (docs/mbn.md "
                     "decision 42)");
    AstNode *edge = node_new(p, AST_RIDE, &p->tok);
    edge->ride = RIDE_EDGE;
    node_add_kid(p, edge, move);
    parse_next(p);
    return edge;
  }
  if (parse_is(p, '#') && !p->tok.space_before)
    parse_error(p, "steps '#' are not supported: MBN never defines them (docs/mbn.md decision 42)");
  if (p->tok.kind != TK_NUMBER || p->tok.space_before) return move;
  AstNode *ride = node_new(p, AST_RIDE, &p->tok);
  ride->group = group;
  node_add_kid(p, ride, move);
  if (p->tok.leading_zero && p->tok.digits == 1) {
    parse_next(p);
    ride->ride = RIDE_UNLIMITED;
    if (parse_is(p, '*') && !p->tok.space_before) {
      ride->ride = RIDE_MAXIMAL;
      parse_next(p);
    }
    return ride;
  }
  ride->ride = p->tok.leading_zero ? RIDE_EXACT : RIDE_LIMITED;
  ride->count = p->tok.value;
  if (ride->count > MBN_MAX_STEPS) /* the text, not the value: the lexer stops counting past 10^7 */
    parse_error(p, "rider length %.*s exceeds the limit of %d", p->tok.digits,
                p->lex.src + p->tok.offset, MBN_MAX_STEPS);
  parse_next(p);
  return ride;
}

/* True if the text at the current '(' is an amalgamated modifier "(xy)". */
static bool parse_at_amalgamated(const Parser *p) {
  const char *s = p->lex.src + p->tok.offset;
  return s[0] == '(' && is_direction(s[1]) && is_direction(s[2]) && s[3] == ')';
}

static void parse_amalgamated(Parser *p, AstModifier *mod) {
  memset(mod, 0, sizeof *mod);
  mod->code = '(';
  mod->line = p->tok.line;
  mod->col = p->tok.col;
  mod->set = -1;
  mod->count = 1;
  parse_next(p);
  mod->dir[0] = p->tok.ch;
  parse_next(p);
  mod->dir[1] = p->tok.ch;
  parse_next(p);
  parse_next(p); /* ')' */
}

/* Move ::= '(' MoveSequence ')' Circular? Steps? | BasicLeaper Steps? */
static AstNode *parse_single_move(Parser *p) {
  Token at = p->tok;
  if (parse_is(p, '(')) {
    parse_enter(p);
    parse_next(p);
    AstNode *inner = parse_sequence(p);
    if (!parse_is(p, ')'))
      parse_error(p, "expected ')' to close the group opened at column %d", at.col);
    parse_next(p);
    p->depth--;
    AstModifier circ;
    bool circular = false;
    if (!p->tok.space_before && parse_at_amalgamated(p)) {
      parse_amalgamated(p, &circ);
      circular = true;
    } else if (!p->tok.space_before && p->tok.kind == TK_LOWER && is_direction(p->tok.ch)) {
      memset(&circ, 0, sizeof circ);
      circ.code = p->tok.ch;
      circ.count = 1;
      circ.set = -1;
      circ.line = p->tok.line;
      circ.col = p->tok.col;
      parse_next(p);
      circular = true;
    }
    AstNode *group = parse_steps(p, inner, true);
    if (circular) {
      if (group == inner || group->ride == RIDE_EXACT)
        parse_error_at(p, &at, "a circular rider (P)m needs steps 0, 0* or a count");
      group->circular = true;
      group->circ = circ;
    } else if (group == inner) {
      /* "(W3)", "(fN)" keep their parentheses only as grouping (a macro's
       * body still needs to know: Y02 with @Y=(fN) is (fN)02) */
      inner->parens = true;
    }
    return group;
  }
  AstNode *atom;
  if (p->tok.space_before || p->tok.kind == TK_EOF)
    parse_error(p, "expected a move (an atom like W, a piece letter or '(')");
  if (p->tok.kind == TK_UPPER) {
    static const char *const LEAPERS = "OWFDNAHCZTGJL";
    static const int M[] = {0, 0, 1, 0, 1, 2, 0, 1, 2, 3, 3, 2, 1};
    static const int N[] = {0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3};
    const char *hit = strchr(LEAPERS, p->tok.ch);
    if (hit) {
      atom = node_new(p, AST_LEAPER, &p->tok);
      atom->m = M[hit - LEAPERS];
      atom->n = N[hit - LEAPERS];
      atom->spelling = p->tok.ch;
    } else {
      atom = node_new(p, AST_REF, &p->tok);
      atom->letter[0] = p->tok.ch;
    }
  } else if (p->tok.kind == TK_LEAPER) {
    if (p->tok.value > p->tok.value2)
      parse_error(p, "leaper :%d,%d: must list the smaller ordinate first", p->tok.value,
                  p->tok.value2);
    if (p->tok.value2 > MBN_MAX_LEAP)
      parse_error(p, "leap :%d,%d: exceeds the largest leap %d", p->tok.value, p->tok.value2,
                  MBN_MAX_LEAP);
    atom = node_new(p, AST_LEAPER, &p->tok);
    atom->m = p->tok.value;
    atom->n = p->tok.value2;
  } else if (p->tok.kind == TK_COMPOUND) {
    atom = node_new(p, AST_REF, &p->tok);
    snprintf(atom->letter, sizeof atom->letter, "%.7s", p->tok.text);
  } else if (p->tok.kind == TK_LOWER) {
    parse_error(p, "modifier '%c' must come before the moves it modifies", p->tok.ch);
  } else if (parse_at_move_end(p)) {
    parse_error(p, "expected a move (an atom like W, a piece letter or '(')");
  } else {
    parse_error(p, "expected a move, found '%.*s'", p->tok.length > 0 ? p->tok.length : 1,
                p->lex.src + p->tok.offset);
  }
  parse_next(p);
  /* a macro with a suffix (@Y<a>=..., MBN §16), named with it: a letter of
   * its own, whatever the letter before the suffix means alone */
  if (parse_at_suffix(p)) {
    if (atom->kind == AST_LEAPER && !atom->spelling)
      parse_error(p, "a suffix follows a letter or a compound letter, not a leaper :m,n:");
    if (atom->kind == AST_LEAPER) {
      char base = atom->spelling;
      atom->kind = AST_REF;
      atom->letter[0] = base;
      atom->letter[1] = '\0';
    }
    parse_suffix(p, atom->letter, sizeof atom->letter);
  }
  /* steps of the null leaper O go nowhere; "O2" is XBoard's castling */
  if (atom->kind == AST_LEAPER && atom->spelling == 'O' && p->tok.kind == TK_NUMBER &&
      !p->tok.space_before)
    parse_error(p,
                "a count on the null leaper O ('O%.*s') is no move (MBN's null move is O or "
                "W00); XBoard's O2 (castling) is MBN's O-O (betza: refuses it too)",
                p->tok.length, p->lex.src + p->tok.offset);
  return parse_steps(p, atom, false);
}

static bool parse_at_single_move(const Parser *p) {
  if (p->tok.space_before) return false;
  return p->tok.kind == TK_UPPER || p->tok.kind == TK_LEAPER || p->tok.kind == TK_COMPOUND ||
         (parse_is(p, '(') && !parse_at_amalgamated(p));
}

/* Modification ::= DirectionalModifier | [aceghijkmnopquwy] ('y')? ('?')? PieceSet? */
static void parse_modifier(Parser *p, AstNode *mod_node) {
  if (mod_node->mod_count == MBN_MAX_MODIFIERS)
    parse_error(p, "more than %d modifiers on one move", MBN_MAX_MODIFIERS);
  AstModifier *mod = &mod_node->mods[mod_node->mod_count++];
  memset(mod, 0, sizeof *mod);
  mod->set = -1;
  if (parse_is(p, '(')) {
    parse_amalgamated(p, mod);
    return;
  }
  char c = p->tok.ch;
  mod->code = c;
  mod->count = 1;
  mod->line = p->tok.line;
  mod->col = p->tok.col;
  if (c == 'y') parse_error(p, "'y' only follows c, j, w or x (cy, jy, wy, xy)");
  if (c == 'q') parse_error(p, "modifier 'q' is unused in MBN");
  Token first = p->tok;
  parse_next(p);
  if (p->tok.kind == TK_LOWER && p->tok.ch == c && !p->tok.space_before) {
    mod->count = 2;
    if (is_direction(c)) {
      mod->code = '(';
      mod->dir[0] = mod->dir[1] = c;
    }
    parse_next(p);
    if (p->tok.kind == TK_LOWER && p->tok.ch == c && !p->tok.space_before)
      parse_error(p, "modifier '%c' repeated three times", c);
  }
  if ((c == 'o') && parse_is(p, '[') && !p->tok.space_before)
    parse_error(p, "cylinders over some files ('o[..]') are not supported: MBN does not say "
                   "whether a piece on the connected files still reaches the files outside "
                   "them (docs/mbn.md decision 43)");
  if (p->tok.kind == TK_LOWER && p->tok.ch == 'y' && !p->tok.space_before) {
    if (!strchr("cjwx", c) || mod->count != 1)
      parse_error(p, "'y' only follows c, j, w or x (cy, jy, wy, xy)");
    mod->any = true;
    parse_next(p);
  }
  if (parse_is(p, '?') && !p->tok.space_before) {
    if (!strchr("cjmpw", c)) parse_error(p, "modifier '%c' cannot be optional ('?')", c);
    /* Optional means the move with the modifier or without it (decision
     * 30). Without c{..} or m{..} a leg may move and capture anything, so
     * c? and m? would add nothing, although the text calls them useful with
     * a set; w? would make a swap and a capture of one piece, one text. */
    if (c == 'c' || c == 'm')
      parse_error(p,
                  "'%c?': MBN does not say what an optional '%c' means (with or without it the "
                  "move may capture, so the set would restrict nothing)",
                  c, c);
    if (c == 'w')
      parse_error(p, "'w?' (swap or capture the same piece) is not supported: both moves would "
                     "have the same text");
    mod->optional = true;
    parse_next(p);
  }
  if (parse_is(p, '{') && !p->tok.space_before) {
    if (is_direction(c)) parse_error(p, "directional modifier '%c' takes no piece set", c);
    AstPieceSet *sets = arena_alloc(p->arena, sizeof *sets * (size_t)(mod_node->set_count + 1));
    if (mod_node->set_count)
      memcpy(sets, mod_node->sets, sizeof *sets * (size_t)mod_node->set_count);
    parse_piece_set(p, &sets[mod_node->set_count]);
    mod_node->sets = sets;
    mod->set = mod_node->set_count++;
  }
  (void)first;
}

/* PartialMove ::= BoardRange? Modification* Move Move* BoardRange? */
static int parse_match_bracket(const char *s, int offset);

/* Condition ::= '/' ( PieceSet | PieceLetter )? ( BoardRange | Square )? '/'
 * (MBN §6: "In case of a single piece the piece set curly brackets ... can be
 * omitted, and in case of a single square the board range brackets ...") */
static void parse_condition(Parser *p, AstNode *mod) {
  parse_expect(p, '/', "to open a condition");
  mod->condition = true;
  if (parse_is(p, '{')) {
    mod->condition_set = arena_alloc(p->arena, sizeof *mod->condition_set);
    parse_piece_set(p, mod->condition_set);
  } else if (p->tok.kind == TK_UPPER || p->tok.kind == TK_COMPOUND) {
    AstPieceSet *set = arena_alloc(p->arena, sizeof *set);
    const char *letter = p->tok.kind == TK_UPPER ? (char[2]){p->tok.ch, 0} : p->tok.text;
    if (strlen(letter) >= sizeof set->letters[0]) parse_error(p, "piece letter too long");
    memcpy(set->letters[0], letter, strlen(letter) + 1);
    set->count = 1;
    mod->condition_set = set;
    parse_next(p);
  }
  if (parse_is(p, '[')) {
    parse_range(p, &mod->condition_range);
  } else if (p->tok.kind == TK_LOWER) { /* a square: a1 */
    AstRange *r = &mod->condition_range;
    memset(r, 0, sizeof *r);
    r->present = true;
    r->count = 1;
    r->items[0].file_lo = r->items[0].file_hi = p->tok.ch - 'a';
    parse_next(p);
    r->items[0].rank_lo = r->items[0].rank_hi = parse_rank(p);
  }
  if (!parse_is(p, '/'))
    parse_error(p, "expected '/' to close the condition (a piece set or letter, then a range "
                   "or square: /T[a1]/, /Ta1/)");
  parse_next(p);
  if (p->tok.space_before) parse_error(p, "expected a move after the condition");
}

static AstNode *parse_partial(Parser *p) {
  Token at = p->tok;
  AstNode *mod = node_new(p, AST_MOD, &at);
  /* MovePrefix ::= '!'? ...; '#' too "has to precede any modifier" */
  for (int prefix = 0; prefix < 2; prefix++) {
    if (parse_is(p, '!') && !mod->setup) {
      mod->setup = true;
      parse_next(p);
      if (p->tok.space_before) parse_error(p, "expected a move after '!'");
    } else if (parse_is(p, '#') && !mod->decisive) {
      mod->decisive = true;
      parse_next(p);
      if (p->tok.space_before) parse_error(p, "expected a move after '#'");
    }
  }
  if (parse_is(p, '<')) parse_transition(p, &mod->transition);
  if (parse_is(p, '!')) parse_error(p, "the setup operator '!' comes before a board transition");
  if (parse_is(p, '/')) parse_condition(p, mod);
  if (parse_is(p, '/')) parse_error(p, "two conditions '/.../' before one move");
  if (parse_is(p, '<'))
    parse_error(p, mod->condition ? "a board transition comes before the condition"
                                  : "two board transitions in a row");
  if (parse_is(p, '[')) parse_range(p, &mod->before);
  /* Attackers ::= PieceSet, before the modifiers: {C}W2F2 */
  if (parse_is(p, '{')) {
    int after = parse_match_bracket(p->lex.src, p->tok.offset);
    if (after >= 0 && p->lex.src[after] >= '0' && p->lex.src[after] <= '9')
      parse_error(p, "an optional complex rider '{..}0' is not in MBN's grammar (docs/mbn.md "
                     "decision 19)");
    mod->attackers = arena_alloc(p->arena, sizeof *mod->attackers);
    parse_piece_set(p, mod->attackers);
    if (parse_is(p, '{') && !p->tok.space_before)
      parse_error(p, "two attacker sets before one move are not supported (write one set)");
    if (p->tok.space_before) parse_error(p, "expected a move after the attacker set");
  }
  while (!p->tok.space_before &&
         ((p->tok.kind == TK_LOWER) || (parse_is(p, '(') && parse_at_amalgamated(p))))
    parse_modifier(p, mod);
  if (parse_is(p, '{') && !p->tok.space_before)
    parse_error(p, "piece set '{' must follow a modifier letter");
  AstNode *move = parse_single_move(p);
  if (parse_at_single_move(p)) {
    AstNode *alt = node_new(p, AST_ALT, &at);
    alt->juxtaposed = true;
    node_add_kid(p, alt, move);
    while (parse_at_single_move(p)) node_add_kid(p, alt, parse_single_move(p));
    move = alt;
  }
  if (parse_is(p, '[') && !p->tok.space_before) parse_range(p, &mod->after);
  if (!mod->mod_count && !mod->before.present && !mod->after.present && !mod->decisive &&
      !mod->setup && !mod->transition.kind && !mod->attackers && !mod->condition)
    return move;
  node_add_kid(p, mod, move);
  return mod;
}

/* After a complete partial move, modifiers start the next one: the MBN
 * text writes mfW+cfF as mfWcfF (PS=mfWcfF), an implicit '+'. */
static bool parse_at_implicit_plus(const Parser *p) {
  return !p->tok.space_before && (p->tok.kind == TK_LOWER || parse_is(p, '<') ||
                                  (parse_is(p, '(') && parse_at_amalgamated(p)));
}

/* CombinedMove ::= PartialMove ( '+'? PartialMove )* */
static AstNode *parse_combined(Parser *p) {
  Token at = p->tok;
  AstNode *first = parse_partial(p);
  if (!(parse_is(p, '+') && !p->tok.space_before) && !parse_at_implicit_plus(p)) return first;
  AstNode *alt = node_new(p, AST_ALT, &at);
  node_add_kid(p, alt, first);
  for (;;) {
    if (parse_is(p, '+') && !p->tok.space_before)
      parse_next(p);
    else if (!parse_at_implicit_plus(p))
      break;
    node_add_kid(p, alt, parse_partial(p));
  }
  return alt;
}

/* Finds the bracket matching the one at `offset`; returns the offset just
 * after it, or -1 if unmatched. Comments are skipped. */
static int parse_match_bracket(const char *s, int offset) {
  char stack[MBN_MAX_DEPTH * 4];
  int depth = 0;
  for (int i = offset; s[i]; i++) {
    char c = s[i];
    if (c == '|') {
      while (s[i + 1] && s[i + 1] != '|') i++;
      if (!s[i + 1]) return -1;
      i++;
    } else if (c == '[' || c == '{' || c == '(') {
      if (depth == (int)sizeof stack) return -1;
      stack[depth++] = c == '[' ? ']' : c == '{' ? '}' : ')';
    } else if (c == ']' || c == '}' || c == ')') {
      if (depth == 0 || stack[depth - 1] != c) return -1; /* mismatched */
      if (--depth == 0) return i + 1;
    }
  }
  return -1;
}

/* MBN's rule: '[' or '{' opens an optional leg if it starts the expression or
 * follows '(' or '-', and its partner ends the expression or precedes ')' or
 * '-'. Otherwise it is a board range or a piece set. */
static bool parse_at_optional_leg(const Parser *p) {
  if (!(parse_is(p, '[') || parse_is(p, '{'))) return false;
  const char *s = p->lex.src;
  int at = p->tok.offset;
  bool before_ok = at == p->move_start || s[at - 1] == '(' || s[at - 1] == '-';
  int after = parse_match_bracket(s, at);
  if (after < 0) return before_ok; /* let the leg parser report it */
  char c = s[after];
  bool after_ok = c == '\0' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ')' ||
                  c == '-' || c == '=';
  return before_ok && after_ok;
}

/* OptionalMove ::= CombinedMove | '[' MoveSequence ']' | '{' MoveSequence '}' */
static AstNode *parse_optional(Parser *p) {
  if (!parse_at_optional_leg(p)) return parse_combined(p);
  Token at = p->tok;
  bool curly = parse_is(p, '{');
  parse_enter(p);
  parse_next(p);
  AstNode *node = node_new(p, AST_OPTIONAL, &at);
  node->compulsory = curly;
  node_add_kid(p, node, parse_sequence(p));
  if (!parse_is(p, curly ? '}' : ']'))
    parse_error(p, "expected '%c' to close the optional leg opened at column %d", curly ? '}' : ']',
                at.col);
  parse_next(p);
  p->depth--;
  return node;
}

/* MoveSequence ::= OptionalMove ( '-' '-'? OptionalMove )* */
static AstNode *parse_sequence(Parser *p) {
  Token at = p->tok;
  AstNode *first = parse_optional(p);
  if (!parse_is(p, '-') || p->tok.space_before) return first;
  AstNode *chain = node_new(p, AST_CHAIN, &at);
  node_add_kid(p, chain, first);
  bool seps[256];
  int nseps = 0;
  while (parse_is(p, '-') && !p->tok.space_before) {
    parse_next(p);
    bool seq = false;
    if (parse_is(p, '-') && !p->tok.space_before) {
      seq = true;
      parse_next(p);
    }
    if (nseps == 255) parse_error(p, "chain of more than 256 legs");
    seps[nseps++] = seq;
    node_add_kid(p, chain, parse_optional(p));
  }
  chain->sequence = arena_alloc(p->arena, sizeof(bool) * (size_t)nseps);
  memcpy(chain->sequence, seps, sizeof(bool) * (size_t)nseps);
  return chain;
}

static AstNode *parse_move_definition(Parser *p) {
  p->move_start = p->tok.offset;
  if (parse_at_move_end(p)) parse_error(p, "expected a move definition after '='");
  AstNode *move = parse_sequence(p);
  if (!parse_at_move_end(p)) {
    if (parse_is(p, ')') || parse_is(p, ']') || parse_is(p, '}'))
      parse_error(p, "unmatched '%c'", p->tok.ch);
    parse_error(p, "unexpected '%.*s' after a complete move", p->tok.length,
                p->lex.src + p->tok.offset);
  }
  return move;
}

/* Whether the move text starts with "betza:" (XBoard's Betza follows). */
static bool parse_at_betza(const Parser *p) {
  return p->tok.kind == TK_LOWER && !p->tok.space_before &&
         !strncmp(p->lex.src + p->tok.offset, BETZA_XBOARD_PREFIX, sizeof BETZA_XBOARD_PREFIX - 1);
}

/* BetzaMove ::= 'betza:' XBoard-Betza-text
 * The text up to the next white space is XBoard's notation, not MBN: it is
 * translated to MBN (mbn/betza_xboard.c) and that text parsed, so the move
 * compiles like any other. Errors point into the XBoard text. */
static AstNode *parse_betza_move(Parser *p) {
  Token start = p->tok;
  int skip = (int)sizeof BETZA_XBOARD_PREFIX - 1;
  const char *body = p->lex.src + start.offset + skip;
  int len = 0;
  while (body[len] && !isspace((unsigned char)body[len])) len++;
  BetzaXboardError err;
  char *mbn = betza_xboard_to_mbn(body, len, &err);
  if (!mbn) {
    Token at = start;
    at.offset += skip + err.offset;
    at.col += skip + err.offset;
    parse_error_at(p, &at, "%s", err.message);
  }
  size_t n = strlen(mbn);
  char *text = arena_alloc(p->arena, n + 1);
  memcpy(text, mbn, n + 1);
  free(mbn);
  int before = p->diags->count;
  MbnSourcePos where = {p->source, start.line, start.col + skip};
  AstNode *move = mbn_parse_move(text, where, p->arena, p->diags);
  if (!move) {
    /* Not expected (the translator writes MBN the parser reads); if it
     * happens, say so at the XBoard text rather than at a column of text
     * the user never wrote. */
    for (int i = before; i < p->diags->count; i++) {
      MbnDiagnostic *d = &p->diags->items[i];
      char message[sizeof d->message + 160];
      snprintf(message, sizeof message, "betza: the MBN translation '%.60s' is not valid: %s", text,
               d->message);
      memcpy(d->message, message, sizeof d->message - 1);
      d->message[sizeof d->message - 1] = '\0';
      d->line = start.line;
      d->col = start.col + skip;
      snprintf(d->near, sizeof d->near, "%.*s", len < 20 ? len : 20, body);
    }
    longjmp(p->on_error, 1);
  }
  /* Go on after the XBoard text, which the MBN lexer must not read. */
  p->lex.pos = start.offset + skip + len;
  p->lex.col = start.col + skip + len;
  parse_next(p);
  if (!parse_at_move_end(p)) parse_error(p, "unexpected text after the betza: move");
  return move;
}

/* ---- definitions ------------------------------------------------------- */

/* PieceIdentifier ::= ( [+-#*$%&] [+#*$%&]? )? ( [A-Za-z] | ':' ... ':' )
 * '+' is a promoted piece, '-' a piece before promotion (-Q=fQ Q); a
 * doubled prefix (##Q) names the promotion rule of a promoted piece. */
/* Boards ::= '*' | Number ( ',' Number )*: bit b-1 for board b, or `any`;
 * at most `most` boards. */
static uint32_t parse_board_numbers(Parser *p, uint32_t any, int most) {
  if (parse_is(p, '*') && !p->tok.space_before) {
    parse_next(p);
    return any;
  }
  uint32_t boards = 0;
  for (;;) {
    if (p->tok.kind != TK_NUMBER || p->tok.space_before)
      parse_error(p, "expected a board number or '*' in a board identifier");
    if (p->tok.value < 1 || p->tok.value > most) parse_error(p, "board numbers are 1..%d", most);
    boards |= 1u << (p->tok.value - 1);
    parse_next(p);
    if (!parse_is(p, ',') || p->tok.space_before) return boards;
    parse_next(p);
  }
}

/* BoardIdentifier ::= '<' '<'? Boards ( ';' Boards )? '>' '>'?
 * (MBN §8: C<2>=, C<*>=; <<5>> the explicit reflection, S<<5>> Black's board
 * 1 where White's is 5; on a 4D board C<1;2>=, C<2;*>=, C<*;*>=). */
static uint32_t parse_board_identifier(Parser *p) {
  parse_next(p); /* '<' */
  uint32_t boards = 0;
  if (parse_is(p, '<') && !p->tok.space_before) {
    boards = MBN_BOARDS_REFLECT;
    parse_next(p);
  }
  uint32_t z = parse_board_numbers(p, MBN_BOARDS_ANY, 16);
  if (parse_is(p, ';') && !p->tok.space_before) { /* 4D: a product of boards and rows */
    parse_next(p);
    uint32_t w = parse_board_numbers(p, MBN_BOARDS_ANY, 8);
    if (z != MBN_BOARDS_ANY && z >> 8)
      parse_error(p, "a 4D board identifier names boards 1..8 of a row");
    if (z == MBN_BOARDS_ANY && w == MBN_BOARDS_ANY)
      boards |= MBN_BOARDS_ANY | MBN_BOARDS_4D; /* <*;*>: printed so */
    else
      boards |= MBN_BOARDS_4D | (z == MBN_BOARDS_ANY ? MBN_BOARDS_ANY_Z | 0xFFu : z) |
                (w == MBN_BOARDS_ANY ? MBN_BOARDS_ANY_W | 0xFF00u : w << 8);
  } else {
    boards |= z;
  }
  for (int close = boards & MBN_BOARDS_REFLECT ? 2 : 1; close > 0; close--) {
    if (!parse_is(p, '>') || p->tok.space_before)
      parse_error(p, boards & MBN_BOARDS_REFLECT
                         ? "expected '>>' to close the reflected board identifier '<<'"
                         : "expected '>' to close the board identifier");
    parse_next(p);
  }
  return boards;
}

static void parse_identifier(Parser *p, char *letter, bool allow_prefix, uint32_t *boards) {
  int n = 0;
  /* ' (a side-mover, MBN §2) comes before any other prefix */
  if (parse_is(p, '\'') && allow_prefix) {
    letter[n++] = '\'';
    parse_next(p);
    if (p->tok.space_before) parse_error(p, "expected a piece letter after the side-mover's '''");
    if (p->tok.kind == TK_PUNCT && strchr("+-#*$%&'!?", p->tok.ch))
      parse_error(p,
                  "a side-mover with another prefix ('%c%c') is not supported: the board plays "
                  "side-movers that do not change",
                  '\'', p->tok.ch);
  }
  if (p->tok.kind == TK_PUNCT && strchr("+-#*$%&'!?", p->tok.ch)) {
    /* # $ % &: pieces of their own ("Q #Q": #Q=Q by default, MBN §2), or
     * the promoted forms where the text promotes with that prefix
     * (decision 44). '*' names promotion rules only (*KLWNCP==X): the
     * callers refuse a *Q piece, which a FEN could not set up. */
    if (!strchr("+-#*$%&", p->tok.ch) || !allow_prefix)
      parse_error(p, "piece prefix '%c' is not supported", p->tok.ch);
    letter[n++] = p->tok.ch;
    parse_next(p);
    /* ##Q, ++Q: "only ... when defining the promotion rule of a promoted
     * piece" (MBN §2); the caller allows it there alone */
    if (p->tok.kind == TK_PUNCT && strchr("+-#*$%&'!?", p->tok.ch)) {
      if (p->tok.ch != letter[0] || letter[0] == '-' || p->tok.space_before)
        parse_error(p,
                    "two different prefixes ('%c%c') are not supported: a double prefix names "
                    "the promotion rule of a promoted piece (##Q, ++Q==Q)",
                    letter[0], p->tok.ch);
      letter[n++] = p->tok.ch;
      parse_next(p);
    }
  }
  if (p->tok.kind == TK_UPPER || p->tok.kind == TK_LOWER) {
    letter[n++] = p->tok.ch;
    letter[n] = '\0';
  } else if (p->tok.kind == TK_COMPOUND) {
    snprintf(letter + n, 8 - (size_t)n, "%.6s", p->tok.text);
  } else {
    parse_error(p, "expected a piece letter");
  }
  parse_next(p);
  /* a piece's suffix (MBN §3) or a macro name's (§16) is part of its name */
  if (parse_at_suffix(p)) parse_suffix(p, letter, 8);
  if (parse_is(p, '<') && !p->tok.space_before) {
    if (!boards) parse_error(p, "board identifiers '<...>' are allowed on piece definitions only");
    *boards = parse_board_identifier(p);
    if (parse_at_suffix(p))
      parse_error(p, "a suffix comes before the board identifier (R<s><2>=...)");
  }
  if (parse_is(p, '/') && !p->tok.space_before)
    parse_error(p, "announcement suffixes '/.../' are not supported");
}

static void parse_take_name(Parser *p, AstDefinition *def) {
  if (p->lex.comment_offset == p->tok.offset && p->lex.comment[0])
    snprintf(def->name, sizeof def->name, "%.31s", p->lex.comment);
}

static bool parse_at_castling(const Parser *p) {
  return p->tok.kind == TK_UPPER && !strncmp(p->lex.src + p->tok.offset, "O-O", 3);
}

/* Whether the definition is "{..}O-O": castling for the pieces of the set
 * (MBN §13: "an optional piece set before first equal sign helps defining
 * the castling for the specified piece"). */
static bool parse_at_castling_set(const Parser *p) {
  if (!parse_is(p, '{')) return false;
  const char *close = strchr(p->lex.src + p->tok.offset, '}');
  return close && !strncmp(close + 1, "O-O", 3);
}

/* Whether text[0..len) ends in a one-file destination range "[g]", or with
 * rank set, a one-rank one "[3]" (vertical castling). */
static bool ends_in_destination(const char *text, int len, bool rank) {
  if (!rank)
    return len >= 3 && text[len - 1] == ']' && text[len - 3] == '[' &&
           islower((unsigned char)text[len - 2]);
  int i = len - 2;
  while (i >= 0 && isdigit((unsigned char)text[i])) i--;
  return len >= 3 && text[len - 1] == ']' && i < len - 2 && i >= 0 && text[i] == '[';
}

/* Whether text[0..len) is exactly one of the words (a NULL-ended list). */
static bool text_is_one_of(const char *text, int len, const char *const *words) {
  for (; *words; words++)
    if ((int)strlen(*words) == len && !strncmp(text, *words, (size_t)len)) return true;
  return false;
}

/* §13's associate found indirectly, as Slide Shuffle writes it:
 * O-O=[*]irR=ip{k}lD, O-O-O=[*]ilR=ip{k}rD ("The associate is the piece
 * which can hop as a Dabbaba over the king in opposite direction as the King
 * has moved"). The royal slides toward the side's edge; the partner, the
 * piece it stops next to, hops over it. Only these words are read (the `i`
 * and `[*]` may be left out; the king's set `{k}` may be written `{K}`). */
static bool castling_is_indirect(const char *royal, int royal_len, const char *partner,
                                 int partner_len, bool long_side) {
  static const char *const royal_right[] = {"[*]irR", "irR", "[*]rR", "rR", NULL};
  static const char *const royal_left[] = {"[*]ilR", "ilR", "[*]lR", "lR", NULL};
  static const char *const hop_left[] = {"ip{k}lD", "ip{K}lD", "p{k}lD", "p{K}lD", NULL};
  static const char *const hop_right[] = {"ip{k}rD", "ip{K}rD", "p{k}rD", "p{K}rD", NULL};
  return text_is_one_of(royal, royal_len, long_side ? royal_left : royal_right) &&
         text_is_one_of(partner, partner_len, long_side ? hop_right : hop_left);
}

/* §15's castling of a horizontal hexagonal board (De Vasa's), as the text
 * writes it: O-O=[*]irD02=ij{k}lD0-D O-O-O=[*]ilD03=ij{k}rD0-D. A cell's
 * sideways neighbour is a D step there, so the royal slides exactly n cells
 * toward the side (D0n) and the partner slides the other way onto the royal
 * (j{k}: over it, the king being the castling royal) and one cell on (-D),
 * ending next to it on the side it came from. Only these words are read,
 * n any number from 1 (`i` and `[*]` may be left out, `{k}` written `{K}`).
 * Returns n, or 0 for another form. */
static int castling_hex_cells(const char *royal, int royal_len, const char *partner,
                              int partner_len, bool long_side) {
  static const char *const slide_left[] = {"ij{k}lD0-D", "ij{K}lD0-D", "j{k}lD0-D", "j{K}lD0-D",
                                           NULL};
  static const char *const slide_right[] = {"ij{k}rD0-D", "ij{K}rD0-D", "j{k}rD0-D", "j{K}rD0-D",
                                            NULL};
  if (!text_is_one_of(partner, partner_len, long_side ? slide_right : slide_left)) return 0;
  int i = 0;
  if (royal_len >= 3 && !strncmp(royal, "[*]", 3)) i = 3;
  if (i < royal_len && royal[i] == 'i') i++;
  if (royal_len - i < 4 || royal[i] != (long_side ? 'l' : 'r') || strncmp(royal + i + 1, "D0", 2))
    return 0;
  int cells = 0;
  for (i += 3; i < royal_len; i++) {
    if (!isdigit((unsigned char)royal[i]) || cells > 1000) return 0;
    cells = cells * 10 + (royal[i] - '0');
  }
  return cells;
}

/* Castling is understood in the form that names both destination files,
 * O-O=[*]isR[g]=isR[f] (O-O-O-O: ranks), and in the indirect form of Slide
 * Shuffle (castling_is_indirect); the text's other forms (another indirect
 * associate, the hexagonal =ij{k}lF0-F) are refused here by name, before
 * their piece sets or chains give a message about something else. At the
 * king's move, after "O-O=". Returns whether the form is the indirect one. */
static bool parse_castling_form(Parser *p, bool vertical, bool long_side, int *hex_cells) {
  const char *start = p->lex.src + p->tok.offset;
  int len = 0, split = -1, depth = 0;
  for (; start[len] && !isspace((unsigned char)start[len]); len++) {
    char c = start[len];
    if (c == '[' || c == '{' || c == '(') depth++;
    if (c == ']' || c == '}' || c == ')') depth--;
    if (c == '=' && depth == 0 && split < 0) split = len;
  }
  if (split < 0) return false; /* parse_expect reports the missing partner */
  const char *partner = start + split + 1;
  if (!vertical && castling_is_indirect(start, split, partner, len - split - 1, long_side))
    return true;
  *hex_cells = vertical ? 0 : castling_hex_cells(start, split, partner, len - split - 1, long_side);
  if (*hex_cells) return false;
  const char *form =
      vertical ? "the rank form O-O-O-O=[*]ifR[3]=ibR[2]" : "the file form O-O=[*]isR[g]=isR[f]";
  if (!ends_in_destination(partner, len - split - 1, vertical))
    parse_error(p,
                "castling with an associate found by its move ('%.*s', MBN section 13) is not "
                "supported; only %s, Slide Shuffle's O-O=[*]irR=ip{k}lD, or the horizontal "
                "hexagonal O-O=[*]irD02=ij{k}lD0-D (docs/mbn.md decision 52)",
                len - split - 1 < 24 ? len - split - 1 : 24, partner, form);
  if (!ends_in_destination(start, split, vertical))
    parse_error(p,
                "castling whose royal move '%.*s' names no destination %s is not supported; "
                "only %s",
                split < 24 ? split : 24, start, vertical ? "rank" : "file", form);
  return false;
}

/* *KLWNCP==X: the first letter's prefix is every letter's ("the promotion
 * rule for the pieces K, L, W, N, C, and P", MBN §2). */
static void promotion_rule_letters(Parser *p, AstDefinition *def, const Token *first) {
  char prefix = def->letters[0][0];
  for (int l = 1; l < def->letter_count; l++) {
    char *letter = def->letters[l];
    size_t len = strlen(letter);
    if (letter[0] == prefix && letter[1] != prefix) continue;
    if (strchr("+-#*$%&'", letter[0]))
      parse_error_at(p, first, "the pieces of one promotion rule share its first prefix ('%c')",
                     prefix);
    if (len + 2 > sizeof def->letters[l])
      parse_error_at(p, first, "piece letter '%c%s' is too long", prefix, letter);
    memmove(letter + 1, letter, len + 1);
    letter[0] = prefix;
  }
}

/* DropRule ::= Prefix Letter '==' ('@' Letter)+ (MBN §5: "$K==@k@K@w@S ... Black has to drop
 * his King, then White has to drop his King, then Black has to drop a Winding General (W), and at
 * least White has to drop the Storm General (S)"). The name before '==' is the rule's: the text
 * ties its prefix to FBR's pieces attribute minimum, which it does not define (decision 48). */
static void parse_drop_sequence(Parser *p, AstDefinition *def, const Token *first) {
  const char *name = def->letters[0];
  if (def->letter_count > 1 || !name[0] || !strchr("#$%&", name[0]) || name[1] == name[0])
    parse_error_at(p, first, "a drop rule is named by one prefixed letter ($K==@k@K), not '%s'",
                   name);
  def->kind = DEF_DROPS;
  int capacity = 8;
  def->drops = arena_alloc(p->arena, sizeof *def->drops * (size_t)capacity);
  while (!parse_at_move_end(p)) {
    if (!parse_is(p, '@') || (def->drop_count && p->tok.space_before))
      parse_error(p, "a drop rule lists drops: '@' and a piece letter each ($K==@k@K@w@S)");
    parse_next(p);
    if (p->tok.space_before ||
        (p->tok.kind != TK_UPPER && p->tok.kind != TK_LOWER && p->tok.kind != TK_COMPOUND))
      parse_error(p, "expected a piece letter after '@' (upper case: White's, lower: Black's)");
    if (def->drop_count == capacity) {
      char(*grown)[8] = arena_alloc(p->arena, sizeof *grown * (size_t)capacity * 2);
      memcpy(grown, def->drops, sizeof *grown * (size_t)capacity);
      def->drops = grown;
      capacity *= 2;
    }
    parse_identifier(p, def->drops[def->drop_count++], false, NULL);
  }
}

/* Definition ::= '@' Identifier '=' Move | 'O-O' ('-O')? '=' Move '=' Move
 *              | Identifier+ ( '=' Move | '==' PieceSet )? */
static void parse_definition(Parser *p, AstDefinition *def) {
  Token first = p->tok;
  memset(def, 0, sizeof *def);
  def->line = p->tok.line;
  def->col = p->tok.col;
  def->offset = p->tok.offset;
  if (parse_is(p, '@')) {
    def->kind = DEF_MACRO;
    parse_next(p);
    if (p->tok.space_before) parse_error(p, "expected a macro name after '@'");
    if (p->tok.kind == TK_PUNCT) parse_error(p, "a macro name takes no prefix");
    parse_identifier(p, def->letters[0], false, NULL);
    const char *name = def->letters[0];
    if (name[0] >= 'a' && name[0] <= 'z')
      parse_error_at(p, &p->tok, "macro names are upper case ('@%c')", name[0] - 'a' + 'A');
    def->letter_count = 1;
    parse_take_name(p, def);
    if (!parse_is(p, '=') || p->tok.space_before)
      parse_error(p, "expected '=' after the macro name");
    parse_next(p);
    if (parse_at_betza(p)) parse_error(p, "betza: is allowed on piece definitions only");
    def->move = parse_move_definition(p);
    return;
  }
  /* ?#K=[*]O: "a precondition rule ... must be fullfilled before the move"
   * (MBN §2): the condition of the promotion to #K (decision 46) */
  if (parse_is(p, '?')) {
    def->kind = DEF_PRECONDITION;
    parse_next(p);
    if (p->tok.space_before) parse_error(p, "expected a prefixed piece after '?' (?#K=[*]O)");
    parse_identifier(p, def->letters[0], true, NULL);
    def->letter_count = 1;
    char prefix = def->letters[0][0];
    if (!prefix || !strchr("+#*$%&", prefix) || def->letters[0][1] == prefix)
      parse_error_at(p, &first, "a precondition names a promoted piece (?#K=[*]O, ?+P=[*]O)");
    if (!parse_is(p, '=') || p->tok.space_before)
      parse_error(p, "a precondition needs '=' and a move (?#K=[*]O)");
    parse_next(p);
    def->move = parse_move_definition(p);
    return;
  }
  bool castle_set = parse_at_castling_set(p);
  if (castle_set) {
    p->tok.space_before = false; /* the set opens the definition */
    parse_piece_set(p, &def->castle_set);
    if (def->castle_set.colored || def->castle_set.negated || !def->castle_set.count)
      parse_error(p,
                  "a castling partner set names the partner's letters ({R}O-O=..., {RC}O-O=...)");
    if (p->tok.space_before) parse_error(p, "expected O-O right after the castling partner set");
  }
  if (parse_at_castling(p)) {
    def->kind = DEF_CASTLING;
    parse_next(p);
    parse_next(p);
    parse_next(p); /* O - O */
    if (parse_is(p, '-') && !p->tok.space_before) {
      parse_next(p);
      if (!(p->tok.kind == TK_UPPER && p->tok.ch == 'O')) parse_error(p, "expected O-O or O-O-O");
      parse_next(p);
      def->castle_long = 1;
      if (parse_is(p, '-') && !p->tok.space_before) {
        parse_next(p);
        if (!(p->tok.kind == TK_UPPER && p->tok.ch == 'O'))
          parse_error(p, "expected O-O, O-O-O or O-O-O-O");
        parse_next(p);
        def->castle_long = CASTLE_VERTICAL; /* O-O-O-O (MBN §13) */
      }
    }
    if (parse_is(p, '{') && !p->tok.space_before)
      parse_error(p, "castling partner piece sets are not supported");
    if (parse_at_move_end(p) && !parse_is(p, '=')) {
      /* "This castling has no default definition, so it must be defined explicitly." */
      if (def->castle_long == CASTLE_VERTICAL)
        parse_error(p, "vertical castling O-O-O-O has no default: write its moves, "
                       "O-O-O-O=[*]ifR[3]=ibR[2]");
      return; /* O-O alone: the default */
    }
    parse_expect(p, '=', "after O-O");
    def->castle_indirect =
        parse_castling_form(p, def->castle_long == CASTLE_VERTICAL, def->castle_long == CASTLE_LONG,
                            &def->castle_hex_cells);
    if (def->castle_indirect || def->castle_hex_cells) {
      /* read as a whole (castling_is_indirect, castling_hex_cells): its {k}
       * is the castling royal, not a piece set of a move */
      do parse_next(p);
      while (p->tok.kind != TK_EOF && !p->tok.space_before);
      return;
    }
    def->move = parse_move_definition(p);
    parse_expect(p, '=', "before the castling partner's move");
    def->castle_partner = parse_move_definition(p);
    return;
  }
  def->kind = DEF_PIECE;
  do {
    if (def->letter_count == 8) parse_error(p, "more than 8 pieces in one definition");
    parse_identifier(p, def->letters[def->letter_count], true, &def->boards[def->letter_count]);
    def->letter_count++;
    parse_take_name(p, def);
  } while (!parse_at_move_end(p) && !parse_is(p, '='));
  bool rule = parse_is(p, '=') && !p->tok.space_before && p->lex.src[p->tok.offset + 1] == '=';
  for (int l = 0; !rule && l < def->letter_count; l++) {
    const char *letter = def->letters[l];
    if (letter[0] == '*')
      parse_error_at(p, &first,
                     "piece prefix '*' is not supported on a piece: a '*' in a FEN is a hole, so "
                     "the piece could not be set up (use '#', '$', '%%' or '&'; '*' names "
                     "promotion rules, *KLWNCP==X)");
    if (letter[0] && letter[1] == letter[0]) {
      /* ##Q alone: the promoted piece's default rule, back to Q */
      if (def->letter_count > 1 || (parse_is(p, '=') && !p->tok.space_before))
        parse_error_at(p, &first,
                       "a piece with two prefixes ('%s') is not supported: a double prefix names "
                       "the promotion rule of one promoted piece (##Q, ##Q==Q)",
                       letter);
      def->kind = DEF_PROMOTION;
      return;
    }
  }
  if (!parse_is(p, '=') || p->tok.space_before) {
    if (def->letter_count > 1)
      parse_error_at(p, &p->tok, "several pieces in one definition need '=' and a move");
    return;
  }
  parse_next(p);
  if (parse_is(p, '=') && !p->tok.space_before) {
    def->kind = DEF_PROMOTION;
    parse_next(p);
    char prefix = def->letters[0][0];
    if (parse_is(p, '@') && !p->tok.space_before) {
      parse_drop_sequence(p, def, &first);
      return;
    }
    if (!prefix || !strchr("+#*$%&", prefix))
      parse_error_at(p, &first,
                     "a promotion rule '==' needs prefixed pieces (+P==QRBN, *KLWNCP==X)");
    if (def->letters[0][1] == prefix && def->letter_count > 1)
      parse_error_at(p, &first, "a double prefix names the rule of one promoted piece (##Q==Q)");
    promotion_rule_letters(p, def, &first);
    if (parse_is(p, '{') && !p->tok.space_before) {
      parse_piece_set(p, &def->promo);
    } else {
      while (!parse_at_move_end(p)) {
        if (parse_is(p, '@'))
          parse_error(p, "a drop rule is '==' and drops only ($K==@k@K): '@' cannot follow "
                         "promotion letters");
        if (p->tok.kind != TK_UPPER && p->tok.kind != TK_LOWER && p->tok.kind != TK_COMPOUND &&
            !parse_is(p, '+'))
          parse_error(p, "expected piece letters after '=='");
        char letter[8] = {0};
        Token at = p->tok;
        parse_identifier(p, letter, true, NULL);
        if (letter[0] == '*' || (letter[0] && letter[1] == letter[0]))
          parse_error_at(p, &at, "a promotion set names pieces ('%s' is not one)", letter);
        if (def->promo.count == MBN_MAX_SET_LETTERS)
          parse_error(p, "promotion set has more than %d letters", MBN_MAX_SET_LETTERS);
        memcpy(def->promo.letters[def->promo.count++], letter, sizeof letter);
      }
    }
    if (!def->promo.count && !def->promo.negated) parse_error(p, "empty promotion set after '=='");
    return;
  }
  if (parse_at_betza(p)) {
    def->move = parse_betza_move(p);
    def->xboard = true;
    return;
  }
  def->move = parse_move_definition(p);
}

/* Skips to the next token preceded by white space: the next definition. */
static void parse_recover(Parser *p) {
  for (;;) {
    Token t = mbn_lex_next(&p->lex);
    if (t.kind == TK_EOF || (t.space_before && t.kind != TK_ERROR)) {
      p->tok = t;
      return;
    }
  }
}

bool mbn_parse_program(const char *text, MbnSourcePos where, Arena *arena, AstProgram *out,
                       MbnDiagnostics *diags) {
  Parser p;
  memset(&p, 0, sizeof p);
  p.arena = arena;
  p.diags = diags;
  p.source = where.source ? where.source : "<mbn>";
  mbn_lex_init(&p.lex, text, where.line, where.col);
  volatile int capacity = 16; /* doubles as needed (volatile: survives longjmp) */
  out->defs = arena_alloc(arena, sizeof *out->defs * (size_t)capacity);
  out->count = 0;
  /* volatile: both change between setjmp and longjmp */
  volatile bool ok = true;
  volatile int errors = 0;
  if (setjmp(p.on_error)) {
    ok = false;
    if (++errors >= 20) return false;
    /* Resume at the next definition: the token that raised the error if it
     * already starts one (and is not where this definition began). */
    if (!(p.tok.space_before && p.tok.offset > p.def_start && p.tok.kind != TK_ERROR))
      parse_recover(&p);
  } else {
    parse_next(&p);
  }
  while (p.tok.kind != TK_EOF) {
    p.depth = 0;
    p.def_start = p.tok.offset;
    if (out->count == MBN_MAX_DEFINITIONS) {
      mbn_diagnostics_add(diags, p.source, p.tok.line, p.tok.col, "", "more than %d definitions",
                          MBN_MAX_DEFINITIONS);
      return false;
    }
    if (out->count == capacity) {
      AstDefinition *defs = arena_alloc(arena, sizeof *defs * (size_t)capacity * 2);
      memcpy(defs, out->defs, sizeof *defs * (size_t)capacity);
      out->defs = defs;
      capacity *= 2;
    }
    parse_definition(&p, &out->defs[out->count]);
    out->count++;
    if (p.tok.kind != TK_EOF && !p.tok.space_before)
      parse_error(&p, "unexpected '%.*s' after a complete definition", p.tok.length,
                  p.lex.src + p.tok.offset);
  }
  return ok;
}

AstNode *mbn_parse_move(const char *text, MbnSourcePos where, Arena *arena, MbnDiagnostics *diags) {
  Parser p;
  memset(&p, 0, sizeof p);
  p.arena = arena;
  p.diags = diags;
  p.source = where.source ? where.source : "<mbn>";
  mbn_lex_init(&p.lex, text, where.line, where.col);
  if (setjmp(p.on_error)) return NULL;
  parse_next(&p);
  AstNode *move = parse_move_definition(&p);
  if (p.tok.kind != TK_EOF) parse_error(&p, "unexpected text after the move");
  return move;
}
