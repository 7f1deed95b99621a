/* xboard_setup.c — a variant described to XBoard (see xboard_setup.h).
 *
 * The piece descriptions are translated from the compiled MoveProgram, not
 * from the MBN text: MBN and XBoard's Betza dialect differ, and the compiled
 * legs are what the engine really plays. The translation covers what XBoard's
 * dialect can say about one piece: leapers and riders on the atoms W F D N A
 * H C Z G in any direction subset, limited ranges, m/c/i/e modalities, lame
 * leapers (n), cannons (p) and castling (O). Anything else is reported as not
 * expressible (docs/protocols.md lists the cases), never silently dropped.
 */
#include "engine/xboard_setup.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* XBoard's piece slots, in its internal order; the default letters. */
static const char XB_SLOTS[] = "PNBRQFEACWMOHIJGDVLSUK";
enum { XB_SLOT_NB = sizeof XB_SLOTS - 1, XB_KING_SLOT = XB_SLOT_NB - 1 };

typedef struct {
  int x, y;
  char letter;
} XbAtom;

/* Atoms by their first-octant vector (x <= y). */
static const XbAtom XB_ATOMS[] = {
    {0, 1, 'W'}, {1, 1, 'F'}, {0, 2, 'D'}, {1, 2, 'N'}, {2, 2, 'A'},
    {0, 3, 'H'}, {1, 3, 'C'}, {2, 3, 'Z'}, {3, 3, 'G'},
};

static char xb_atom_letter(int dx, int dy) {
  int x = abs(dx), y = abs(dy);
  if (x > y) {
    int t = x;
    x = y, y = t;
  }
  for (size_t i = 0; i < sizeof XB_ATOMS / sizeof XB_ATOMS[0]; i++)
    if (XB_ATOMS[i].x == x && XB_ATOMS[i].y == y) return XB_ATOMS[i].letter;
  return 0;
}

/* Direction words and the vectors they mean, as XBoard's parser reads them
 * (its moves.c): for orthogonal atoms each letter adds one direction; for
 * diagonal atoms a letter alone means both diagonals on that side and two
 * perpendicular letters one diagonal; for oblique atoms a letter alone means
 * the narrow pair on that side, and two letters the wide side of the first
 * intersected with the narrow side of the second. Vectors are from White's
 * side in "unit" form (xb_unit): 1 marks the smaller component, 2 the larger. */
typedef struct {
  const char *word;
  int count;
  int v[2][2];
} XbDirection;

static const XbDirection XB_ORTHOGONAL[] = {
    {"v", 2, {{0, 1}, {0, -1}}}, {"s", 2, {{1, 0}, {-1, 0}}}, {"f", 1, {{0, 1}}},
    {"b", 1, {{0, -1}}},         {"l", 1, {{-1, 0}}},         {"r", 1, {{1, 0}}},
};
static const XbDirection XB_DIAGONAL[] = {
    {"f", 2, {{1, 1}, {-1, 1}}}, {"b", 2, {{1, -1}, {-1, -1}}}, {"l", 2, {{-1, 1}, {-1, -1}}},
    {"r", 2, {{1, 1}, {1, -1}}}, {"fr", 1, {{1, 1}}},           {"fl", 1, {{-1, 1}}},
    {"br", 1, {{1, -1}}},        {"bl", 1, {{-1, -1}}},
};
static const XbDirection XB_OBLIQUE[] = {
    {"f", 2, {{1, 2}, {-1, 2}}},   {"b", 2, {{1, -2}, {-1, -2}}}, {"r", 2, {{2, 1}, {2, -1}}},
    {"l", 2, {{-2, 1}, {-2, -1}}}, {"rf", 1, {{1, 2}}},           {"lf", 1, {{-1, 2}}},
    {"rb", 1, {{1, -2}}},          {"lb", 1, {{-1, -2}}},         {"fr", 1, {{2, 1}}},
    {"br", 1, {{2, -1}}},          {"fl", 1, {{-2, 1}}},          {"bl", 1, {{-2, -1}}},
};

static void xb_unit(int dx, int dy, int *ux, int *uy) {
  int x = abs(dx), y = abs(dy);
  int sx = dx > 0 ? 1 : dx < 0 ? -1 : 0, sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  if (x == 0 || y == 0 || x == y)
    *ux = sx, *uy = sy;
  else
    *ux = sx * (x < y ? 1 : 2), *uy = sy * (y < x ? 1 : 2);
}

/* A group of legs that differ only in direction becomes one Betza term. */
typedef struct {
  char atom;
  char range[8];    /* "", "0" (unlimited), "3" ... */
  char modality[8]; /* "m", "c", "ce" ... */
  int dx[8], dy[8], count;
  bool initial, lame, hop, grasshopper;
} XbTerm;

static void xb_term_append(const XbTerm *term, const char *direction, char *out, size_t size) {
  /* Riders: R and B for the slides XBoard knows by name, else atom + 0. */
  char atom[16];
  if (!strcmp(term->range, "0") && term->atom == 'W')
    snprintf(atom, sizeof atom, "R");
  else if (!strcmp(term->range, "0") && term->atom == 'F')
    snprintf(atom, sizeof atom, "B");
  else
    snprintf(atom, sizeof atom, "%c%s", term->atom, term->range);
  /* XBoard reads i, then directions, then m c e p n in this order. */
  size_t length = strlen(out);
  snprintf(out + length, size - length, "%s%s%s%s%s%s%s", term->initial ? "i" : "", direction,
           term->modality, term->hop ? "p" : "", term->grasshopper ? "g" : "",
           term->lame ? "n" : "", atom);
}

static void xb_term_write(const XbTerm *term, char *out, size_t size) {
  const XbDirection *table = XB_ORTHOGONAL;
  int table_size = sizeof XB_ORTHOGONAL / sizeof XB_ORTHOGONAL[0], all = 4;
  if (term->dx[0] != 0 && term->dy[0] != 0) {
    if (abs(term->dx[0]) == abs(term->dy[0]))
      table = XB_DIAGONAL, table_size = sizeof XB_DIAGONAL / sizeof XB_DIAGONAL[0];
    else
      table = XB_OBLIQUE, table_size = sizeof XB_OBLIQUE / sizeof XB_OBLIQUE[0], all = 8;
  }
  if (term->count == all) {
    xb_term_append(term, "", out, size);
    return;
  }
  /* Cover the directions with the largest words first; each word is its own
   * term, since XBoard pairs adjacent letters and a run of words could be
   * read differently. */
  bool left[8];
  int unit[8][2];
  for (int i = 0; i < term->count; i++) {
    left[i] = true;
    xb_unit(term->dx[i], term->dy[i], &unit[i][0], &unit[i][1]);
  }
  for (int want = 2; want >= 1; want--) {
    for (int w = 0; w < table_size; w++) {
      if (table[w].count != want) continue;
      int hit[2], hits = 0;
      for (int k = 0; k < table[w].count; k++)
        for (int i = 0; i < term->count; i++)
          if (left[i] && unit[i][0] == table[w].v[k][0] && unit[i][1] == table[w].v[k][1])
            hit[hits++] = i;
      if (hits != table[w].count) continue;
      for (int k = 0; k < hits; k++) left[hit[k]] = false;
      xb_term_append(term, table[w].word, out, size);
    }
  }
}

/* A square's rank counted from `colour`'s own side (0 = its first rank). */
static int xb_own_rank(const Variant *variant, Color colour, int sq) {
  int rank = sq / variant->shape.files;
  return colour == WHITE ? rank : variant->shape.ranks - 1 - rank;
}

/* Whether every root leg of `colour`'s program goes forward for that colour. */
static bool xb_forward_only(const MoveProgram *program, Color colour) {
  for (int i = 0; i < program->root_count; i++)
    if ((colour == WHITE ? program->legs[i].dy : -program->legs[i].dy) <= 0) return false;
  return true;
}

enum { XB_RANK_NONE = -1, XB_RANK_SEVERAL = -2 };

/* The one rank, counted from `colour`'s side, on which that side's pieces of
 * this type start, from the start FEN (Black's are the lower-case letter);
 * XB_RANK_NONE if there are none, XB_RANK_SEVERAL if they start on several. */
static int xb_start_rank(const Variant *variant, const char *letter, Color colour) {
  const char *p = variant->start_fen;
  if (!p) return XB_RANK_NONE;
  char own[16];
  snprintf(own, sizeof own, "%s", letter);
  if (colour == BLACK)
    for (char *c = own; *c; c++) *c = (char)tolower((unsigned char)*c);
  int rank = variant->shape.ranks - 1, found = XB_RANK_NONE;
  size_t length = strlen(own);
  for (; *p && *p != ' ' && *p != '[' && rank >= 0; p++) {
    if (*p == '/') {
      rank--;
    } else if (!strncmp(p, own, length) &&
               (p == variant->start_fen || p[-1] != '+' || own[0] == '+')) {
      if (found >= 0 && found != rank) return XB_RANK_SEVERAL;
      found = rank;
      p += length - 1;
    }
  }
  return found < 0 || colour == WHITE ? found : variant->shape.ranks - 1 - found;
}

/* How XBoard's i ("has not moved yet") compares with "starts in this range". */
typedef enum {
  XB_INITIAL_NO,    /* i would say something else */
  XB_INITIAL_EXACT, /* i says the same */
  XB_INITIAL_WIDER, /* i allows more: pieces that start elsewhere and have not moved */
} XbInitial;

/* Whether the range is exactly the side's first ranks, whole, up to some
 * rank short of the last: the orthodox pawn's "not moved forward yet". */
static bool xb_range_is_first_ranks(const Variant *variant, Color colour, int index) {
  const uint8_t *member = variant->ranges[index].member;
  int squares = variant->shape.files * variant->shape.ranks, last = -1;
  for (int sq = 0; sq < squares; sq++)
    if (member[sq] && xb_own_rank(variant, colour, sq) > last)
      last = xb_own_rank(variant, colour, sq);
  for (int sq = 0; sq < squares; sq++)
    if ((member[sq] != 0) != (xb_own_rank(variant, colour, sq) <= last)) return false;
  return last >= 0 && last < variant->shape.ranks - 1;
}

/* Whether "starts in this range" says the same as XBoard's i: exactly for a
 * piece that only moves forward, starts on one rank, and whose range holds
 * that whole rank and nothing in front of it (MBN gives the pawn's double
 * step as a range of the first ranks); more widely when such pieces start on
 * several ranks (doublearmy's pawns on ranks 2 and 4: XBoard would let the
 * unmoved rank-4 pawns double-step too). */
static XbInitial xb_range_means_unmoved(const Variant *variant, int type, Color colour, int index) {
  if (index < 0 || index >= variant->range_count || !variant->ranges[index].member)
    return XB_INITIAL_NO;
  if (!xb_forward_only(&variant->pieces[type].moves[colour], colour)) return XB_INITIAL_NO;
  int start = xb_start_rank(variant, variant->pieces[type].letter, colour);
  if (start == XB_RANK_NONE)
    /* Not in the start position (dropped, promoted to): the first ranks,
     * whole, as for the orthodox pawn, still mean "not moved forward yet". */
    return xb_range_is_first_ranks(variant, colour, index) ? XB_INITIAL_EXACT : XB_INITIAL_NO;
  if (start == XB_RANK_SEVERAL)
    return xb_range_is_first_ranks(variant, colour, index) ? XB_INITIAL_WIDER : XB_INITIAL_NO;
  const uint8_t *member = variant->ranges[index].member;
  int squares = variant->shape.files * variant->shape.ranks;
  for (int sq = 0; sq < squares; sq++) {
    int rank = xb_own_rank(variant, colour, sq);
    if (rank == start && !member[sq]) return XB_INITIAL_NO;
    if (rank > start && member[sq]) return XB_INITIAL_NO;
  }
  return XB_INITIAL_EXACT;
}

/* Whether a leg can never be used: it must start in a range wholly behind
 * the rank a forward-only piece starts on (orda's pawns on rank 3 with the
 * double step from ranks 1-2). Leaving it out says the same as XBoard. */
static bool xb_range_unreachable(const Variant *variant, int type, Color colour, int index) {
  if (index < 0 || index >= variant->range_count || !variant->ranges[index].member) return false;
  if (!xb_forward_only(&variant->pieces[type].moves[colour], colour)) return false;
  int start = xb_start_rank(variant, variant->pieces[type].letter, colour);
  if (start < 0 || variant->rules.drops) return false;
  int squares = variant->shape.files * variant->shape.ranks;
  for (int sq = 0; sq < squares; sq++)
    if (variant->ranges[index].member[sq] && xb_own_rank(variant, colour, sq) >= start)
      return false;
  return true;
}

/* Describes the move made by a root leg alone (child < 0) or by the root and
 * its child-th next leg. Returns false when the dialect has no words for it. */
static bool xb_leg_term(const Variant *variant, int type, Color colour, const MoveLeg *leg,
                        int child, XbTerm *term, bool *wider) {
  const MoveProgram *program = &variant->pieces[type].moves[colour];
  memset(term, 0, sizeof *term);
  const MoveLeg *last = leg;
  int dx = leg->dx, dy = leg->dy;
  if (leg->dz || leg->dw || leg->victim_set != MOVE_NONE || leg->landing_range != MOVE_NONE)
    return false;
  if (leg->origin_range != MOVE_NONE) {
    XbInitial initial = xb_range_means_unmoved(variant, type, colour, leg->origin_range);
    if (initial == XB_INITIAL_NO) return false;
    *wider |= initial == XB_INITIAL_WIDER;
    term->initial = true;
  }
  if (leg->flags & ~(LEG_ENDS | LEG_INITIAL | LEG_EP_VICTIM | LEG_EP_CAPTURE)) return false;
  if (child >= 0) {
    /* Two-leg shapes XBoard knows: the cannon (hop over one piece, go on in
     * the same direction) and the lame leaper (a step to an empty square
     * halfway, then on to a W F D N A square). */
    const MoveLeg *next = &program->legs[program->children[leg->first_child + child]];
    if (next->child_count || !(next->flags & LEG_ENDS) || next->dz || next->dw ||
        next->victim_set != MOVE_NONE || next->origin_range != MOVE_NONE ||
        next->landing_range != MOVE_NONE)
      return false;
    bool over = leg->effect == EFFECT_VISIT && leg->occupancy == (OCC_ENEMY | OCC_FRIEND) &&
                next->dx == leg->dx && next->dy == leg->dy && leg->min_steps == 1;
    if (over && leg->max_steps == next->max_steps) {
      term->hop = true; /* cannon: p */
    } else if (over && leg->max_steps == LEG_STEPS_UNLIMITED && next->max_steps == 1 &&
               next->min_steps == 1) {
      term->grasshopper = true; /* lands right behind the hurdle: g */
    } else if (leg->occupancy == OCC_EMPTY && leg->max_steps == 1 && leg->min_steps == 1 &&
               next->max_steps == 1 && next->min_steps == 1) {
      dx = leg->dx + next->dx, dy = leg->dy + next->dy;
      /* XBoard blocks a lame leap on the square (dx/2, dy/2) from the start. */
      if (leg->dx != dx / 2 || leg->dy != dy / 2) return false;
      term->lame = true;
      leg = next; /* range and modality come from the final leg */
    } else {
      return false;
    }
    last = next;
  }
  if (leg->min_steps > 1 && leg->min_steps == leg->max_steps && leg->between == BETWEEN_EMPTY) {
    /* Exactly n slides = a lame n-fold leap (the pawn's double step). XBoard
     * tests only the square halfway (its moves.c), so beyond two steps it
     * lets the leap pass a piece on a later square (Omega's ifmnH). */
    dx *= leg->min_steps, dy *= leg->min_steps;
    term->lame = true;
    *wider |= leg->min_steps > 2;
  } else if (leg->min_steps > 1 && leg->min_steps == leg->max_steps &&
             leg->between == BETWEEN_ANY && !leg->leap_set) {
    dx *= leg->min_steps, dy *= leg->min_steps;
  } else if (leg->min_steps != 1) {
    return false;
  } else if (leg->max_steps == LEG_STEPS_UNLIMITED) {
    if (leg->between != BETWEEN_EMPTY) return false;
    snprintf(term->range, sizeof term->range, "0");
  } else if (leg->max_steps > 1) {
    if (leg->between != BETWEEN_EMPTY) return false;
    snprintf(term->range, sizeof term->range, "%d", leg->max_steps);
  }
  term->atom = xb_atom_letter(dx, dy);
  if (!term->atom) return false;
  int occupancy = last->occupancy;
  if (occupancy & OCC_FRIEND) return false;
  char *m = term->modality;
  term->initial |= (leg->flags & LEG_INITIAL) != 0;
  if (occupancy == OCC_EMPTY) *m++ = 'm';
  if (occupancy == OCC_ENEMY) *m++ = 'c';
  if (last->flags & LEG_EP_CAPTURE) *m++ = 'e';
  *m = '\0';
  /* XBoard turns Black's moves by 180 degrees: Black's text is its moves
   * seen from Black's side. */
  int turn = colour == WHITE ? 1 : -1;
  term->dx[0] = turn * dx, term->dy[0] = turn * dy, term->count = 1;
  return true;
}

static bool xb_term_same_kind(const XbTerm *a, const XbTerm *b) {
  return a->atom == b->atom && !strcmp(a->range, b->range) && !strcmp(a->modality, b->modality) &&
         a->initial == b->initial && a->lame == b->lame && a->hop == b->hop &&
         a->grasshopper == b->grasshopper;
}

/* The text of xboard_setup_betza; without the first-move (i) terms when
 * skip_initial is set. */
static int xb_betza(const Variant *variant, int type, Color colour, bool skip_initial, char *text,
                    size_t size) {
  const MoveProgram *program = &variant->pieces[type].moves[colour];
  XbTerm terms[64];
  int term_count = 0;
  bool complete = true, wider = false;
  text[0] = '\0';
  for (int i = 0; i < program->root_count; i++) {
    const MoveLeg *root = &program->legs[i];
    /* A root that may end and go on (XBoard's t chains) is not in the dialect. */
    bool single = root->child_count == 0;
    if (single != ((root->flags & LEG_ENDS) != 0)) {
      complete = false;
      continue;
    }
    for (int child = single ? -1 : 0; child < (single ? 0 : root->child_count); child++) {
      XbTerm term;
      if (xb_range_unreachable(variant, type, colour, root->origin_range)) continue;
      if (!xb_leg_term(variant, type, colour, root, child, &term, &wider)) {
        complete = false;
        continue;
      }
      if (skip_initial && term.initial) continue;
      int j = 0;
      while (j < term_count && !(xb_term_same_kind(&terms[j], &term) && terms[j].count < 8)) j++;
      if (j == term_count) {
        if (term_count == 64) {
          complete = false;
          continue;
        }
        terms[term_count++] = term;
      } else {
        terms[j].dx[terms[j].count] = term.dx[0];
        terms[j].dy[terms[j].count++] = term.dy[0];
      }
    }
  }
  for (int i = 0; i < term_count; i++) xb_term_write(&terms[i], text, size);
  return (complete ? 0 : XB_BETZA_INCOMPLETE) | (wider ? XB_BETZA_WIDER : 0);
}

int xboard_setup_betza(const Variant *variant, int type, Color colour, char *text, size_t size) {
  return xb_betza(variant, type, colour, false, text, size);
}

/* The castling term of a royal piece: O and the distance the royal moves. */
static void xb_castling(const Variant *variant, int type, char *text, size_t size) {
  const CastlingRule *castling = &variant->rules.castling;
  if (!castling->enabled || !variant->pieces[type].royal || !variant->start_fen) return;
  /* The royal's start file on White's castling rank, from the start FEN. */
  int rank = variant->shape.ranks - 1;
  const char *p = variant->start_fen;
  while (*p && rank > castling->rank) rank -= (*p++ == '/');
  int file = 0;
  for (; *p && *p != '/' && *p != ' '; p++) {
    if (*p >= '0' && *p <= '9') {
      int n = (int)strtol(p, (char **)&p, 10);
      file += n, p--;
    } else if (*p == variant->pieces[type].letter[0]) {
      break;
    } else if (*p != '+' && *p != '~' && *p != '*') {
      file++;
    } else if (*p == '*') {
      file++;
    }
  }
  /* MBN's indirect form (king_file an offset from the partner): XBoard's O
   * castles with the corner piece; the hexagonal one counts from the royal */
  int king_to = castling->king_file[0] + (castling->origin[0] == CASTLE_FROM_PARTNER
                                              ? variant->shape.files - 1
                                          : castling->origin[0] == CASTLE_FROM_ROYAL ? file
                                                                                     : 0);
  int distance = abs(king_to - file);
  size_t length = strlen(text);
  if (distance > 0) snprintf(text + length, size - length, "O%d", distance);
}

void xboard_setup_send(const Variant *variant, Output *out) {
  if (!variant) return;
  /* Slots: a piece whose letter is a slot's default letter keeps it; the
   * royal piece takes the king's slot; the others take free slots. */
  int slot_of[PIECE_TYPE_MAX];
  bool used[XB_SLOT_NB] = {false};
  for (int t = 0; t < variant->piece_count; t++) {
    slot_of[t] = -1;
    const char *letter = variant->pieces[t].letter;
    if (letter[1]) continue; /* promoted pieces ("+P") are left to XBoard */
    int slot =
        variant->pieces[t].royal
            ? XB_KING_SLOT
            : (int)(strchr(XB_SLOTS, letter[0]) ? strchr(XB_SLOTS, letter[0]) - XB_SLOTS : -1);
    if (slot >= 0 && !used[slot]) slot_of[t] = slot, used[slot] = true;
  }
  for (int t = 0; t < variant->piece_count; t++) {
    if (slot_of[t] >= 0 || variant->pieces[t].letter[1]) continue;
    for (int s = 0; s < XB_KING_SLOT; s++)
      if (!used[s]) {
        slot_of[t] = s, used[s] = true;
        break;
      }
    if (slot_of[t] < 0)
      output_line(out, "# piece %s: no free XBoard piece slot", variant->pieces[t].letter);
  }
  char table[2 * XB_SLOT_NB + 1];
  memset(table, '.', 2 * XB_SLOT_NB);
  table[2 * XB_SLOT_NB] = '\0';
  for (int t = 0; t < variant->piece_count; t++) {
    if (slot_of[t] < 0) continue;
    char c = variant->pieces[t].letter[0];
    table[slot_of[t]] = c;
    table[XB_SLOT_NB + slot_of[t]] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  int holdings = 0;
  if (variant->rules.drops)
    for (int t = 0; t < variant->piece_count; t++) holdings += !variant->pieces[t].royal;
  /* The parent variant gives XBoard the rules its own board applies: drops
   * to hands, or atomic's blasts (without them XBoard's board would keep
   * the blown-up pieces and refuse the engine's next moves). */
  output_line(out, "setup (%s) %dx%d+%d_%s %s", table, variant->shape.files, variant->shape.ranks,
              holdings,
              variant->rules.drops    ? "crazyhouse"
              : variant->rules.atomic ? "atomic"
                                      : "fairy",
              variant->start_fen ? variant->start_fen : "");
  for (int t = 0; t < variant->piece_count; t++) {
    if (slot_of[t] < 0) continue;
    const char *letter = variant->pieces[t].letter;
    char text[COLOR_NB][1024];
    int status[COLOR_NB];
    for (int colour = WHITE; colour < COLOR_NB; colour++) {
      status[colour] = xboard_setup_betza(variant, t, (Color)colour, text[colour], sizeof text[0]);
      xb_castling(variant, t, text[colour], sizeof text[0]);
    }
    if ((status[WHITE] | status[BLACK]) & XB_BETZA_INCOMPLETE)
      output_line(out, "# piece %s: some moves cannot be said in XBoard's Betza dialect", letter);
    if ((status[WHITE] | status[BLACK]) & XB_BETZA_WIDER)
      output_line(out,
                  "# piece %s: XBoard will allow more than this piece can (its i means 'not "
                  "moved yet', and a lame leap over three squares tests one); the engine "
                  "refuses those moves",
                  letter);
    if (!strcmp(text[WHITE], text[BLACK])) {
      output_line(out, "piece %s& %s", letter, text[WHITE]);
      continue;
    }
    /* The colours differ only in first-move steps (orda's pawns double-step
     * for White only; synochess's for Black only): one line for both, with
     * the steps, so XBoard never refuses the engine's own moves. Separate
     * lines made XBoard 4.9 refuse legal Black moves in orda (2 forfeits in
     * 7 games, none in 7 with one line). */
    char plain[COLOR_NB][1024];
    for (int colour = WHITE; colour < COLOR_NB; colour++)
      xb_betza(variant, t, (Color)colour, true, plain[colour], sizeof plain[0]);
    if (!strcmp(plain[WHITE], plain[BLACK])) {
      output_line(out,
                  "# piece %s: first-move steps that only one side has; XBoard will allow them to "
                  "both, the engine refuses the others",
                  letter);
      output_line(out, "piece %s& %s", letter,
                  strlen(text[WHITE]) >= strlen(text[BLACK]) ? text[WHITE] : text[BLACK]);
      continue;
    }
    /* A piece that moves differently left and right: MBN reflects Black's
     * moves top to bottom, XBoard turns them by 180 degrees, so each colour
     * gets its own line. */
    output_line(out, "# piece %s: Black's moves are not White's turned around; a line each",
                letter);
    output_line(out, "piece %c %s", letter[0], text[WHITE]);
    output_line(out, "piece %c %s", tolower((unsigned char)letter[0]), text[BLACK]);
  }
}
