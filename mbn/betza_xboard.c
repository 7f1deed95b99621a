/* betza_xboard.c — reads XBoard's Betza as XBoard's move generator does
 * (MovesFromString in XBoard's moves.c) and writes MBN with the same moves.
 *
 * XBoard reads a description as a list of moves. Each move is: `i` (first
 * move only), then per leg the direction letters, then the mode letters in
 * the fixed order m c d e t p g o y n j, then `a` if another leg follows;
 * after the last leg comes one atom letter, shared by every leg, and an
 * optional range (0 = unlimited). Which directions a letter selects depends
 * on the atom's symmetry and is table-driven in XBoard; the tables below are
 * XBoard's, so `fN` is the two narrow forward knight moves (MBN's `ffN`),
 * `fK` the forward step only, and later legs turn relative to the leg before
 * in XBoard's eight king directions.
 *
 * The translation works per direction: every direction XBoard's tables give
 * becomes one MBN alternative naming that single vector ((rf)N, f, (fr)F),
 * and every leg of an `a` move after the first is written absolute (`d`),
 * once per path. The output is long but exact, and the MBN compiler merges
 * what it can. Anything XBoard reads differently from every MBN form we
 * could write is refused with the letter's offset and name.
 */
#include "mbn/betza_xboard.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- XBoard's tables ------------------------------------------------------
 * Direction d (0..7) turns an atom's step (x, y) by ROT[d]: for oblique atoms
 * the eight moves clockwise from (1,2); for the others even d are the
 * orthogonal steps (0 forward, 2 right, 4 back, 6 left) and odd d the
 * diagonal ones (1 forward-right, 3 back-right, ...). */
static const int ROT[8][4] = {{1, 0, 0, 1},   {0, 1, 1, 0},   {0, 1, -1, 0}, {1, 0, 0, -1},
                              {-1, 0, 0, -1}, {0, -1, -1, 0}, {0, -1, 1, 0}, {-1, 0, 0, 1}};

/* The direction letters, their type ('1' forward/back, '2' left/right, '4'
 * half, '5' vertical, '6' sideways; XBoard's dirType) and the four sets
 * XBoard draws from: wide (dirs1), narrow (dirs2), king wide (dirs3), king
 * narrow (dirs4). */
static const char DIR_LETTERS[] = "bfhlrsv";
static const char DIR_TYPE[] = "1142265";
static const unsigned char DIRS1[] = {0x3C, 0xC3, 0x00, 0xF0, 0x0F, 0x00, 0x00};
static const unsigned char DIRS2[] = {0x18, 0x81, 0xFF, 0x60, 0x06, 0x66, 0x99};
static const unsigned char DIRS3[] = {0x38, 0x83, 0xFF, 0xE0, 0x0E, 0xEE, 0xBB};
static const unsigned char DIRS4[] = {0x10, 0x01, 0xFF, 0x40, 0x04, 0x44, 0x11};

typedef enum { SYM_DIAG, SYM_ORTH, SYM_OBLIQUE, SYM_KING } Symmetry;

typedef struct {
  char letter;
  Symmetry sym;
  int x, y;
  bool slider;   /* B R Q: unlimited without a range */
  char turned;   /* the atom a later leg uses after a 45-degree turn (XBoard's rotate[]) */
  char upgraded; /* the atom after a 'y' or 'g' leg: leaper <-> slider (XBoard's upgrade[]) */
} XbAtom;

/* XBoard's atoms (symmetry[], xStep[], yStep[]): note its J is (1,3) and L
 * is (2,3), the older names of the camel and the zebra. */
static const XbAtom ATOMS[] = {
    {'A', SYM_DIAG, 2, 2, false, 'D', 'A'},    {'B', SYM_DIAG, 1, 1, true, 'R', 'F'},
    {'C', SYM_OBLIQUE, 1, 3, false, 'C', 'C'}, {'D', SYM_ORTH, 0, 2, false, 'A', 'D'},
    {'F', SYM_DIAG, 1, 1, false, 'W', 'B'},    {'G', SYM_DIAG, 3, 3, false, 'H', 'G'},
    {'H', SYM_ORTH, 0, 3, false, 'G', 'H'},    {'J', SYM_OBLIQUE, 1, 3, false, 'J', 'J'},
    {'K', SYM_KING, 0, 1, false, 'K', 'Q'},    {'L', SYM_OBLIQUE, 2, 3, false, 'L', 'L'},
    {'N', SYM_OBLIQUE, 1, 2, false, 'N', 'N'}, {'Q', SYM_KING, 0, 1, true, 'Q', 'K'},
    {'R', SYM_ORTH, 0, 1, true, 'B', 'W'},     {'W', SYM_ORTH, 0, 1, false, 'F', 'R'},
    {'Z', SYM_OBLIQUE, 2, 3, false, 'Z', 'Z'},
};

static const XbAtom *atom_find(char letter) {
  for (size_t i = 0; i < sizeof ATOMS / sizeof ATOMS[0]; i++)
    if (ATOMS[i].letter == letter) return &ATOMS[i];
  return NULL;
}

/* The directions an atom has (XBoard's `all`). */
static int atom_all(const XbAtom *a) {
  return a->sym == SYM_DIAG ? 0xAA : a->sym == SYM_ORTH ? 0x55 : 0xFF;
}

static char dir_type(char c) {
  const char *at = c ? strchr(DIR_LETTERS, c) : NULL;
  return at ? DIR_TYPE[at - DIR_LETTERS] : '0';
}

static int dir_set(const unsigned char *table, char c) {
  const char *at = strchr(DIR_LETTERS, c);
  return at ? table[at - DIR_LETTERS] : 0;
}

/* ---- the parsed description ----------------------------------------------- */

enum { LEG_MAX = 4, MOVE_MAX = 32, PATH_MAX_OUT = 2000 };

typedef struct {
  int dirs;       /* directions given (before defaults); 0 = none selected */
  int dir_offset; /* where the direction letters start, -1 if none */
  int dir_length;
  bool m, c, d, e, p, g, n, o, y;
  int j;
  int where[26]; /* offset of each mode letter, for errors */
} XbLeg;

typedef struct {
  int offset; /* of the move's first letter */
  bool initial;
  const XbAtom *atom;
  int atom_offset;
  int range; /* 0 unlimited, 1 leaper, n steps */
  int leg_count;
  XbLeg legs[LEG_MAX];
} XbMove;

typedef struct {
  const char *s;
  int len;
  BetzaXboardError *err;
  bool has_ep; /* some move captures e.p.: forward double steps may be taken so */
  char *out;
  size_t out_len, out_size;
  int alternatives;
} Translator;

__attribute__((format(printf, 3, 4))) static bool fail(Translator *t, int offset, const char *fmt,
                                                       ...) {
  va_list args;
  va_start(args, fmt);
  vsnprintf(t->err->message, sizeof t->err->message, fmt, args);
  va_end(args);
  t->err->offset = offset;
  return false;
}

static char at(const Translator *t, int i) {
  return i >= 0 && i < t->len ? t->s[i] : '\0';
}

/* The direction letters of one leg, read with the rules of XBoard's
 * symmetry class (a later leg always uses the king's). */
static int read_directions(const Translator *t, int *i, int end, Symmetry sym) {
  int set = 0;
  char c = at(t, *i);
  if (sym == SYM_OBLIQUE && c == 'h' && *i < end) {
    /* chiral sets: hr = the four clockwise-turned knight moves, hl the rest */
    set = at(t, *i + 1) == 'r' ? 0x55 : 0xAA;
    *i += 2;
    return set;
  }
  while (*i < end && islower((unsigned char)(c = at(t, *i)))) {
    char type = dir_type(c), next = at(t, *i + 1);
    bool pair = islower((unsigned char)next) && ((type | dir_type(next)) & 3) == 3;
    if (type == '0') break;
    if (sym == SYM_ORTH) {
      if ((type & ~4) == '0') break; /* h is no direction of an orthogonal atom */
      set |= dir_set(DIRS2, c);
      (*i)++;
    } else if (sym == SYM_DIAG) {
      int b = dir_set(DIRS1, c);
      if (pair) {
        b &= dir_set(DIRS1, next);
        *i += 2;
      } else {
        (*i)++;
      }
      set |= b;
    } else if (sym == SYM_OBLIQUE) {
      int b = dir_set(DIRS2, c);
      if (next == 'h') {
        b = dir_set(DIRS1, c);
        *i += 2;
      } else if (next == c || (pair && type < '4')) {
        b = dir_set(DIRS1, c) & dir_set(DIRS2, next);
        *i += 2;
      } else {
        (*i)++;
      }
      set |= b;
    } else {
      int b = dir_set(DIRS4, c);
      if (next == c) {
        (*i)++; /* a doubled letter stands alone; XBoard reads the second again */
      } else if (pair && type < '4') {
        b = dir_set(DIRS3, c) & dir_set(DIRS3, next);
        *i += 2;
      } else {
        (*i)++;
      }
      set |= b;
    }
  }
  if (sym == SYM_ORTH) set &= 0x55;
  if (sym == SYM_DIAG) set &= 0xAA;
  return set;
}

static bool read_leg(Translator *t, int *i, int end, Symmetry sym, XbLeg *leg) {
  memset(leg, 0, sizeof *leg);
  leg->dir_offset = -1;
  int start = *i;
  leg->dirs = read_directions(t, i, end, sym);
  if (*i > start) leg->dir_offset = start, leg->dir_length = *i - start;
  static const char ORDER[] = "mcdetpgoyn";
  for (const char *o = ORDER; *o; o++) {
    if (*i < end && at(t, *i) == *o) {
      leg->where[*o - 'a'] = *i;
      switch (*o) {
      case 'm': leg->m = true; break;
      case 'c': leg->c = true; break;
      case 'd': leg->d = true; break;
      case 'e': leg->e = true; break;
      case 'p': leg->p = true; break;
      case 'g': leg->g = true; break;
      case 'n': leg->n = true; break;
      case 'o': leg->o = true; break;
      case 't':
        return fail(t, *i,
                    "betza: 't' (xboard's: hop over friends only, never capture a king) is "
                    "not supported");
      case 'y': leg->y = true; break;
      }
      (*i)++;
    }
  }
  if (*i < end && at(t, *i) == 'j') leg->where['j' - 'a'] = *i;
  while (*i < end && at(t, *i) == 'j') leg->j++, (*i)++;
  if (*i >= end || at(t, *i) == 'a') return true;
  char c = at(t, *i);
  if (c == 'i')
    return fail(t, *i, "betza: 'i' must come first in a move (xboard reads it only there)");
  if (dir_type(c) != '0' || strchr("mcdetpgoynj", c))
    return fail(t, *i,
                "betza: '%c' is out of xboard's order (directions, then m c d e t p g o y n j "
                "a), where its generator skips it",
                c);
  return fail(t, *i,
              "betza: '%c' is not a modifier xboard's generator reads (it would skip it); "
              "not supported",
              c);
}

/* Reads one move at *pos (XBoard's loop body). */
static bool read_move(Translator *t, int *pos, XbMove *mv) {
  memset(mv, 0, sizeof *mv);
  int i = *pos;
  mv->offset = i;
  if (at(t, i) == 'i') {
    mv->initial = true;
    i++;
    if (at(t, i) == 'i')
      return fail(t, i, "betza: 'ii' (xboard's: a move from the second rank) is not supported");
  }
  int q = i;
  while (q < t->len && islower((unsigned char)t->s[q])) q++;
  if (q >= t->len) return fail(t, *pos, "betza: expected an atom (a capital letter) in the move");
  char letter = t->s[q];
  if (!isupper((unsigned char)letter))
    return fail(t, q, "betza: '%c' is not part of xboard's Betza", letter);
  if (letter == 'O')
    return fail(t, q,
                "betza: 'O' (xboard's castling with a range, O2; or a null move) is not "
                "supported; castling comes from the variant's rules");
  mv->atom = atom_find(letter);
  mv->atom_offset = q;
  if (!mv->atom) return fail(t, q, "betza: '%c' is not an atom of xboard's Betza", letter);
  int r = q + 1, digits = 0, value = 0;
  while (r + digits < t->len && isdigit((unsigned char)t->s[r + digits]))
    value = value * 10 + (t->s[r + digits] - '0'), digits++;
  if (digits > 2 || (digits == 2 && t->s[r] == '0'))
    return fail(t, r, "betza: range '%.*s' (xboard reads one or two digits, no leading 0)", digits,
                t->s + r);
  mv->range = digits ? value : mv->atom->slider ? 0 : 1;
  if (isupper((unsigned char)at(t, r + digits)) && at(t, r + digits) == letter && !digits)
    return fail(t, q,
                "betza: doubled atom '%c%c' (a rider in Betza's original notation, the same "
                "leap twice in xboard's generator) is ambiguous; write %c0",
                letter, letter, letter);
  for (int k = 0;; k++) {
    if (k == LEG_MAX) return fail(t, i, "betza: more than %d legs ('a') in one move", LEG_MAX);
    Symmetry sym = k == 0 ? mv->atom->sym : SYM_KING;
    if (!read_leg(t, &i, q, sym, &mv->legs[k])) return false;
    mv->leg_count = k + 1;
    if (i >= q) break;
    i++; /* 'a' */
  }
  *pos = r + digits;
  return true;
}

/* Refuses what XBoard reads in a way no MBN form here reproduces. */
static bool check_move(Translator *t, const XbMove *mv) {
  const XbAtom *a = mv->atom;
  for (int k = 0; k < mv->leg_count; k++) {
    const XbLeg *leg = &mv->legs[k];
    bool final = k == mv->leg_count - 1;
    if (leg->dir_offset >= 0 && leg->dirs == 0)
      return fail(t, leg->dir_offset,
                  "betza: directions '%.*s' select no move of %c (xboard would then use all "
                  "of them)",
                  leg->dir_length, t->s + leg->dir_offset, a->letter);
    if (leg->e && leg->d)
      return fail(t, leg->where['e' - 'a'], "betza: 'e' together with 'd' is not supported");
    if (mv->leg_count > 1) {
      if (a->sym == SYM_OBLIQUE)
        return fail(t, mv->atom_offset,
                    "betza: 'a' with the oblique atom %c (xboard turns its later legs into "
                    "orthogonal and diagonal steps) is not supported",
                    a->letter);
      const char *bad = leg->e   ? "e"
                        : leg->n ? "n"
                        : leg->j ? "j"
                        : leg->d ? "d"
                        : leg->o ? "o"
                                 : NULL;
      if (!bad && final && (leg->p || leg->g)) bad = leg->p ? "p" : "g";
      if (!bad && leg->y && (leg->p || leg->g)) bad = "y";
      if (bad)
        return fail(t, leg->where[bad[0] - 'a'],
                    "betza: '%s' in a move of several legs ('a') is not supported", bad);
      continue;
    }
    if (leg->y)
      return fail(t, leg->where['y' - 'a'],
                  "betza: 'y' without a later leg ('a'; xboard ignores it there) is not supported");
    if (leg->o && (leg->p || leg->g || leg->n || leg->j))
      return fail(t, leg->where['o' - 'a'],
                  "betza: 'o' (the cylinder) with a hopper, 'n' or 'j' is not supported");
    if ((leg->p || leg->g) && mv->range != 0)
      return fail(t, leg->where[leg->p ? 'p' - 'a' : 'g' - 'a'],
                  "betza: '%c' on a leaper or a limited range (xboard hops only on unlimited "
                  "riders here) is not supported",
                  leg->p ? 'p' : 'g');
    if (leg->p && leg->g)
      return fail(t, leg->where['g' - 'a'], "betza: 'p' with 'g' is not supported");
    if ((leg->n || leg->j) && (leg->p || leg->g))
      return fail(t, leg->where[leg->n ? 'n' - 'a' : 'j' - 'a'],
                  "betza: 'n' or 'j' on a hopper is not supported");
    if (leg->n && leg->j)
      return fail(t, leg->where['j' - 'a'], "betza: 'n' with 'j' is not supported");
    if ((leg->n || leg->j) && (a->y < 2 || mv->range != 1))
      return fail(t, leg->where[leg->n ? 'n' - 'a' : 'j' - 'a'],
                  a->y < 2 ? "betza: '%c' on %c (xboard: a step atom, no square to block or "
                             "skip) is not supported"
                           : "betza: '%c' on a rider (%c with a range) is not supported",
                  leg->n ? 'n' : 'j', a->letter);
  }
  return true;
}

/* ---- MBN output ----------------------------------------------------------- */

static void emit(Translator *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(Translator *t, const char *fmt, ...) {
  va_list args;
  for (;;) {
    va_start(args, fmt);
    int n = vsnprintf(t->out + t->out_len, t->out_size - t->out_len, fmt, args);
    va_end(args);
    if (n < 0) abort();
    if (t->out_len + (size_t)n < t->out_size) {
      t->out_len += (size_t)n;
      return;
    }
    t->out_size = t->out_size * 2 + (size_t)n;
    t->out = realloc(t->out, t->out_size);
    if (!t->out) abort();
  }
}

/* Starts one alternative of the MBN text. */
static bool emit_alternative(Translator *t) {
  if (++t->alternatives > PATH_MAX_OUT) return false;
  if (t->out_len) emit(t, "+");
  return true;
}

static void step_of(const XbAtom *a, int d, int *vx, int *vy) {
  int bx = a->sym == SYM_OBLIQUE ? a->x : d & 1 ? a->y : 0, by = a->y;
  *vx = bx * ROT[d][0] + by * ROT[d][1];
  *vy = bx * ROT[d][2] + by * ROT[d][3];
}

/* The MBN atom of the leap (x, y), by its size only. */
static void shape_text(int x, int y, char *buf, size_t size) {
  int lo = abs(x) < abs(y) ? abs(x) : abs(y), hi = abs(x) < abs(y) ? abs(y) : abs(x);
  static const char *NAMED[4][4] = {{NULL, "W", "D", "H"},
                                    {NULL, "F", "N", "C"},
                                    {NULL, NULL, "A", "Z"},
                                    {NULL, NULL, NULL, "T"}};
  if (hi <= 3 && NAMED[lo][hi])
    snprintf(buf, size, "%s", NAMED[lo][hi]);
  else
    snprintf(buf, size, ":%d,%d:", lo, hi);
}

/* The MBN direction that selects the single vector (x, y) of its atom
 * (docs/mbn.md, decision 3: in (xy) on an oblique atom x names the shorter
 * component). */
static void dir_text(int x, int y, char *buf, size_t size) {
  char v = y > 0 ? 'f' : 'b', h = x > 0 ? 'r' : 'l';
  if (x == 0)
    snprintf(buf, size, "%c", v);
  else if (y == 0)
    snprintf(buf, size, "%c", h);
  else if (abs(x) == abs(y) || abs(x) > abs(y))
    snprintf(buf, size, "(%c%c)", v, h);
  else
    snprintf(buf, size, "(%c%c)", h, v);
}

static void range_text(int range, char *buf, size_t size) {
  if (range == 1)
    buf[0] = '\0';
  else
    snprintf(buf, size, "%d", range);
}

/* The final leg's modes as MBN prefixes (XBoard's default is m and c). */
static int final_modes(const XbLeg *leg, char modes[3][8]) {
  bool m = leg->m, c = leg->c, d = leg->d, e = leg->e;
  int n = 0;
  if (!m && !c && !d && !e) m = c = true;
  if (m && c && !d && !e) {
    modes[n++][0] = '\0';
    return n;
  }
  if (m) snprintf(modes[n++], 8, "m");
  if (c || d || e)
    snprintf(modes[n++], 8, "%s", c && d ? "cy" : d ? "cc" : e && !c ? "cee" : e ? "ce" : "c");
  return n;
}

/* A leg's modes when another follows: XBoard's default there is m; p and g
 * pass over a piece (MBN's jy: visit any piece and go on); y adds m. */
static int middle_modes(const XbLeg *leg, char modes[3][8]) {
  int n = 0;
  bool m = leg->m || leg->y || (!leg->c && !leg->p && !leg->g);
  if (m && leg->c)
    snprintf(modes[n++], 8, "a");
  else if (m)
    snprintf(modes[n++], 8, "m");
  else if (leg->c)
    snprintf(modes[n++], 8, "c");
  if (leg->p || leg->g) snprintf(modes[n++], 8, "jy");
  return n;
}

static bool emit_single(Translator *t, const XbMove *mv) {
  const XbAtom *a = mv->atom;
  const XbLeg *leg = &mv->legs[0];
  int set = leg->dirs ? leg->dirs : atom_all(a);
  char modes[3][8], range[16], shape[32], dir[8];
  int mode_count = final_modes(leg, modes);
  range_text(mv->range, range, sizeof range);
  const char *initial = mv->initial ? "i" : "";
  for (int k = 0; k < mode_count; k++) {
    bool victim_possible = t->has_ep && !strcmp(modes[k], "m");
    bool compact = set == atom_all(a) && !leg->n && !leg->j && !leg->g && !victim_possible;
    if (compact) {
      /* every direction: the atom alone (a king-like atom is both of its parts) */
      for (int part = 0; part < (a->sym == SYM_KING ? 2 : 1); part++) {
        int vx, vy;
        step_of(a, a->sym == SYM_DIAG || part == 1 ? 1 : 0, &vx, &vy);
        shape_text(vx, vy, shape, sizeof shape);
        if (!emit_alternative(t)) return false;
        emit(t, "%s%s%s%s%s%s", initial, modes[k], leg->o ? "o" : "", leg->p ? "p" : "", shape,
             range);
      }
      continue;
    }
    for (int d = 0; d < 8; d++) {
      if (!(set >> d & 1)) continue;
      int vx, vy;
      step_of(a, d, &vx, &vy);
      dir_text(vx, vy, dir, sizeof dir);
      if (!emit_alternative(t)) return false;
      if (leg->g) {
        /* XBoard's g on a slider: over the first piece, then exactly one
         * more step (the grasshopper), as the shipped grasshopper's jyR-W */
        shape_text(vx, vy, shape, sizeof shape);
        emit(t, "%s(jy%s%s0-d%s%s%s)", initial, dir, shape, modes[k], dir, shape);
      } else if (leg->n && (a->letter == 'D' || a->letter == 'A')) {
        /* a lame D or A: two steps through an empty square, an exact rider
         * (so that a double step can still be taken e.p., as MBN's P) */
        shape_text(vx / 2, vy / 2, shape, sizeof shape);
        bool victim = victim_possible && vx == 0 && vy > 0;
        emit(t, "%s%s%s%s%s02", initial, modes[k], victim ? "e" : "", dir, shape);
      } else if (leg->n || leg->j) {
        /* XBoard looks at one square, (x/2, y/2) of the leap rounded towards
         * zero: empty for n, occupied by any piece for j */
        int mx = vx / 2, my = vy / 2;
        char mid_dir[8], mid_shape[32];
        dir_text(mx, my, mid_dir, sizeof mid_dir);
        shape_text(mx, my, mid_shape, sizeof mid_shape);
        dir_text(vx - mx, vy - my, dir, sizeof dir);
        shape_text(vx - mx, vy - my, shape, sizeof shape);
        emit(t, "%s(%s%s%s-d%s%s%s)", initial, leg->j ? "jy" : "", mid_dir, mid_shape, modes[k],
             dir, shape);
      } else {
        shape_text(vx, vy, shape, sizeof shape);
        bool victim = victim_possible && vx == 0 && vy > 0 && (vy >= 2 || mv->range != 1);
        emit(t, "%s%s%s%s%s%s%s%s", initial, modes[k], victim ? "e" : "", leg->o ? "o" : "",
             leg->p ? "p" : "", dir, shape, range);
      }
    }
  }
  return true;
}

/* One alternative per path of an `a` move: the first leg's direction, then
 * each later leg's direction relative to the leg before (XBoard rotates the
 * later leg's king-direction set by the previous leg's direction), written
 * absolute in MBN. */
static bool emit_paths(Translator *t, const XbMove *mv, int k, const XbAtom *a, int range_n,
                       int angle, char *prefix, size_t used, size_t size) {
  const XbLeg *leg = &mv->legs[k];
  bool final = k == mv->leg_count - 1;
  int set;
  if (k == 0) {
    set = leg->dirs ? leg->dirs : atom_all(a);
  } else {
    int rel = leg->dirs ? leg->dirs : atom_all(a) == 0xFF ? 0xEF : 0x45;
    set = (rel << angle | rel >> (8 - angle)) & 0xFF;
  }
  char modes[3][8], range[16], shape[32], dir[8];
  int mode_count = final ? final_modes(leg, modes) : middle_modes(leg, modes);
  range_text(range_n, range, sizeof range);
  /* y and g make the later legs' atom a slider if it was a leaper and the
   * other way round (F <-> B, W <-> R, K <-> Q; other leapers ride), as
   * XBoard rewrites the atom of the rest of the text */
  const XbAtom *after = a;
  int after_range = range_n;
  if (leg->y || leg->g) {
    after = atom_find(a->upgraded);
    after_range = range_n == 1 || after->slider ? 0 : 1;
  }
  for (int d = 0; d < 8; d++) {
    if (!(set >> d & 1)) continue;
    int vx, vy;
    step_of(a, d, &vx, &vy);
    dir_text(vx, vy, dir, sizeof dir);
    shape_text(vx, vy, shape, sizeof shape);
    /* a turn off the atom's own directions swaps W and F (D/A, H/G, R/B)
     * for the legs after this one, as XBoard's rotate[] */
    const XbAtom *next = (atom_all(a) >> d & 1) ? after : atom_find(after->turned);
    for (int m = 0; m < mode_count; m++) {
      int n = snprintf(prefix + used, size - used, "%s%s%s%s%s", k ? "-d" : "", modes[m], dir,
                       shape, range);
      if (n < 0 || used + (size_t)n >= size)
        return fail(t, mv->offset, "betza: a path of this move is too long");
      if (final) {
        if (!emit_alternative(t))
          return fail(t, mv->offset, "betza: more than %d paths in one description", PATH_MAX_OUT);
        /* parenthesised: in MBN '+' binds tighter than '-' */
        emit(t, "%s(%s)", mv->initial ? "i" : "", prefix);
      } else if (!emit_paths(t, mv, k + 1, next, after_range, d, prefix, used + (size_t)n, size)) {
        return false;
      }
    }
  }
  return true;
}

char *betza_xboard_to_mbn(const char *text, int len, BetzaXboardError *err) {
  Translator t = {.s = text, .len = len, .err = err};
  memset(err, 0, sizeof *err);
  XbMove *moves = calloc(MOVE_MAX, sizeof *moves);
  if (!moves) abort();
  int count = 0, pos = 0;
  bool ok = true;
  if (len == 0) ok = fail(&t, 0, "betza: expected an XBoard Betza description after 'betza:'");
  while (ok && pos < len) {
    if (count == MOVE_MAX) {
      ok = fail(&t, pos, "betza: more than %d moves in one description", MOVE_MAX);
      break;
    }
    ok = read_move(&t, &pos, &moves[count]) && check_move(&t, &moves[count]);
    count++;
  }
  for (int i = 0; ok && i < count; i++)
    for (int k = 0; k < moves[i].leg_count; k++)
      if (moves[i].legs[k].e) t.has_ep = true;
  t.out_size = 256;
  t.out = malloc(t.out_size);
  if (!t.out) abort();
  t.out[0] = '\0';
  for (int i = 0; ok && i < count; i++) {
    if (moves[i].leg_count == 1) {
      ok = emit_single(&t, &moves[i]);
      if (!ok)
        fail(&t, moves[i].offset, "betza: more than %d moves in one description", PATH_MAX_OUT);
    } else {
      char prefix[512];
      ok = emit_paths(&t, &moves[i], 0, moves[i].atom, moves[i].range, 0, prefix, 0, sizeof prefix);
    }
  }
  free(moves);
  if (!ok) {
    free(t.out);
    return NULL;
  }
  return t.out;
}
