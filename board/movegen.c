/* movegen.c — the leg walker and pseudo-legal move generation.
 *
 * A piece's moves are walks through its compiled leg graph
 * (mbn/move_program.h). The walker follows precomputed next-square tables, so
 * it never interprets notation and works on any geometry. The same walker,
 * run in "attack mode" towards one target square, answers attack tests
 * exactly for any piece, however asymmetric or multi-legged (movegen_attack.c).
 * Promotions are added from the rules as moves are emitted; castling and
 * gating (rules_castling.c), drops (rules_drops.c) and walls (rules_walls.c)
 * come from their rule modules.
 */
#include "board/movegen.h"

#include <assert.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/bb.h"
#include "board/movegen_walk.h"
#include "board/movetext.h"
#include "board/rules_castling.h"
#include "board/rules_promotion.h"
#include "board/rules_drops.h"
#include "board/rules_walls.h"
#include "board/tables.h"

/* The cell as the moving piece sees it mid-move: its start square is empty
 * (it has left), squares it captured on earlier legs are empty, squares it
 * flipped hold the flipped piece, and in attack mode an empty target square
 * holds a pretend enemy. */
static inline Piece walk_cell(const Walk *w, int sq) {
  if (sq == w->origin) return PIECE_NONE;
  for (const WalkCap *c = w->caps; c; c = c->prev)
    if (c->sq == sq) return c->flip ? piece_flipped(w->pos->board[sq]) : PIECE_NONE;
  if (w->reads) w->reads[sq >> 6] |= (uint64_t)1 << (sq & 63);
  Piece p = w->pos->board[sq];
  if (sq == w->target) {
    if (p == PIECE_NONE) return piece_make((Color)!w->us, 0);
    if (w->condition && piece_color(p) == w->us) return piece_make((Color)!w->us, piece_type(p));
  }
  return p;
}

/* Whether a piece of colour `by` and one of `types` attacks sq, for an
 * attack condition (conditional legs left out). */
static bool condition_attacked(const Position *pos, int sq, Color by, const TypeSet *types) {
  if (type_set_is_empty(*types)) return false;
  TypeSet others = type_set_minus(type_set_first_n(pos->tables->type_nb), *types);
  return walk_square_attacked(pos, sq, by, &others, NULL, true);
}

/* An attack condition (MoveLeg.origin_attackers / landing_attackers) on sq:
 * attacked by a piece of the filter (friendly: the mover's colour), or with
 * ATTACKERS_NOT by none of them (decision 40). */
__attribute__((noinline)) static bool walk_attack_condition(const Walk *w, int sq, unsigned code) {
  const PieceFilter *f = &w->pos->variant->filters[ATTACKERS_FILTER(code)];
  bool attacked = condition_attacked(w->pos, sq, (Color)!w->us, &f->enemy) ||
                  condition_attacked(w->pos, sq, w->us, &f->friendly);
  return attacked != ((code & ATTACKERS_NOT) != 0);
}

/* MBN's conditional operator (/T[a1]/W, LEG_PRESENCE): whether a piece of
 * the set (friendly: the mover's colour) stands on a square of the range,
 * or anywhere, in the position before the move (decision 41). */
__attribute__((noinline)) static bool walk_presence(const Walk *w, const MoveLeg *leg) {
  const Position *pos = w->pos;
  const PieceFilter *f = &pos->variant->filters[leg->presence_set - 1];
  const uint8_t *range =
      leg->presence_range == MOVE_NONE ? NULL : pos->variant->ranges[leg->presence_range].member;
  for (int c = 0; c < COLOR_NB; c++) {
    const TypeSet *types = c == (int)w->us ? &f->friendly : &f->enemy;
    for (int i = 0; i < pos->pcount[c]; i++) {
      int sq = pos->plist[c][i];
      Piece p = pos->board[sq];
      if (piece_is_real(p) && piece_color(p) == (Color)c && (!range || range[sq]) &&
          type_set_has(types, piece_type(p)))
        return true;
    }
  }
  return false;
}

/* the conditions asked where a leg lands (walk_conditions_hold with sq) */
#define LEG_LANDING_CONDITIONS (LEG_ATTACK_CONDITION | LEG_LANDS_ON_UNMOVED)

/* Whether the leg's conditions on the position hold where it starts (from;
 * sq -1) or lands (sq): its presence condition (/../, at the start only) and
 * its attack conditions; in a condition's own walk, legs with attack
 * conditions are left out. */
static inline bool walk_conditions_hold(const Walk *w, const MoveLeg *leg, int from, int sq) {
  if (sq < 0 && leg->flags & LEG_PRESENCE && !walk_presence(w, leg)) return false;
  if (sq >= 0 && leg->flags & LEG_LANDS_ON_UNMOVED &&
      !(piece_is_real(w->pos->board[sq]) && pos_piece_unmoved(w->pos, sq)))
    return false;
  if (!(leg->flags & LEG_ATTACK_CONDITION)) return true;
  if (w->condition) return false;
  if (sq < 0)
    return !leg->origin_attackers || walk_attack_condition(w, from, leg->origin_attackers);
  return !leg->landing_attackers || walk_attack_condition(w, sq, leg->landing_attackers);
}

static bool is_ep_square(const Position *pos, int sq) {
  for (int i = 0; i < pos->st.ep_count; i++)
    if (pos->st.ep_squares[i] == sq) return true;
  return false;
}

bool pos_piece_unmoved(const Position *pos, int sq) {
  const Piece *start = pos->tables->start_cells;
  Piece p = pos->board[sq];
  if (!start || !pos->tables->pawn_like[piece_type(p)]) return (p & PIECE_UNMOVED) != 0;
  return (start[sq] & PIECE_KIND_MASK) == (p & PIECE_KIND_MASK);
}

/* Whether the piece on sq may make its initial moves (i): unmoved, and a
 * royal's initial move (not a pawn-like one's, judged by its square) is
 * like castling: not out of check (cambodian). */
static bool walk_initial(const Position *pos, int sq) {
  if (!pos_piece_unmoved(pos, sq)) return false;
  const BoardTables *t = pos->tables;
  Piece p = pos->board[sq];
  bool by_square = t->start_cells && t->pawn_like[piece_type(p)];
  return by_square || !t->royal_of[piece_color(p)][piece_type(p)] || piece_color(p) != pos->side ||
         !pos_in_check(pos);
}

bool walk_precondition_holds(const Position *pos, Color us, int sq, const MoveProgram *prog) {
  Walk w;
  walk_init(&w, pos, us, -1, NULL);
  w.origin = sq;
  w.type = piece_type(pos->board[sq]);
  const SquareRange *ranges = pos->variant->ranges;
  for (int i = 0; i < prog->root_count; i++) {
    const MoveLeg *leg = &prog->legs[i];
    if ((leg->origin_range != MOVE_NONE && !ranges[leg->origin_range].member[sq]) ||
        (leg->landing_range != MOVE_NONE && !ranges[leg->landing_range].member[sq]) ||
        (leg->flags & LEG_INITIAL && !walk_initial(pos, sq)))
      continue;
    if (walk_conditions_hold(&w, leg, sq, -1) &&
        (!(leg->flags & LEG_LANDING_CONDITIONS) || walk_conditions_hold(&w, leg, sq, sq)))
      return true;
  }
  return false;
}

static bool walk_all_unblocked(const Walk *w);

/* The conditions of a leg on the piece or the position rather than the
 * squares it passes (rare flags, one test in the walk): i, ii, u, and the
 * attack and presence conditions where the leg starts (from). */
__attribute__((noinline)) static bool walk_leg_allowed(Walk *w, const MoveLeg *leg, int from) {
  const Position *pos = w->pos;
  if (leg->flags & (LEG_ATTACK_CONDITION | LEG_PRESENCE) && !walk_conditions_hold(w, leg, from, -1))
    return false;
  if (leg->flags & LEG_INITIAL && !walk_initial(pos, w->origin)) return false;
  if (leg->flags & LEG_STRICT_INITIAL && !(pos->board[w->origin] & PIECE_FRESH)) return false;
  if (leg->flags & LEG_UNBLOCKED) {
    if (!w->list) return false; /* it never captures, so it attacks nothing */
    if (w->unblocked < 0) w->unblocked = walk_all_unblocked(w);
    if (!w->unblocked) return false;
  }
  return true;
}
#define LEG_PIECE_CONDITIONS                                                                       \
  (LEG_INITIAL | LEG_STRICT_INITIAL | LEG_UNBLOCKED | LEG_ATTACK_CONDITION | LEG_PRESENCE)

static void walk_emit_one(Walk *w, Move m) {
  MoveList *list = w->list;
  if (w->tactical && !pos_is_tactical(w->pos, m)) return;
  if (w->dedup)
    for (int i = w->piece_start; i < list->count; i++)
      if (list->moves[i] == m) return;
  move_list_push(list, m);
}

static bool walk_may_land_on(const Walk *w, const MoveLeg *leg, Piece p);

/* Whether a leg's path goes on past the piece p on a square it passes: a
 * slider's never; a leaping rider's (g) over anything, gg over friends
 * only, and with a piece set (g{..}) over those pieces only. */
static inline bool walk_may_leap(const Walk *w, const MoveLeg *leg, Piece p) {
  if (leg->between == BETWEEN_EMPTY) return false;
  bool friend = piece_color(p) == w->us;
  if (leg->between == BETWEEN_FRIEND_OR_EMPTY && !friend) return false;
  if (!leg->leap_set) return true;
  const PieceFilter *f = &w->pos->variant->filters[leg->leap_set - 1];
  return type_set_has(friend ? &f->friendly : &f->enemy, piece_type(p));
}

/* Whether compulsory leg `leg` ({..}, 0*, circular riders) can be taken
 * from sq: some square it lands on, other than the move's start, passes its
 * occupancy, piece set and range tests. */
__attribute__((noinline)) static bool walk_can_take(Walk *w, const MoveLeg *leg, int li, int sq) {
  const Position *pos = w->pos;
  if (leg->origin_range != MOVE_NONE && !pos->variant->ranges[leg->origin_range].member[sq])
    return false;
  if (leg->flags & LEG_PIECE_CONDITIONS && !walk_leg_allowed(w, leg, sq)) return false;
  const Square *next = w->next + (size_t)li * (size_t)pos->geo.sq_nb;
  int max = leg->max_steps == LEG_STEPS_UNLIMITED ? INT_MAX : leg->max_steps;
  int at = sq;
  for (int step = 1; step <= max; step++) {
    at = next[at];
    if (at == SQ_NONE || (at == sq && step > 1)) return false;
    Piece cell = walk_cell(w, at);
    if (cell == PIECE_WALL) return false;
    if (step >= leg->min_steps && at != w->origin &&
        (leg->landing_range == MOVE_NONE || pos->variant->ranges[leg->landing_range].member[at]) &&
        (cell == PIECE_NONE ? leg->occupancy & OCC_EMPTY : walk_may_land_on(w, leg, cell)) &&
        (!(leg->flags & LEG_LANDING_CONDITIONS) || walk_conditions_hold(w, leg, sq, at)))
      return true;
    if (cell != PIECE_NONE && !walk_may_leap(w, leg, cell)) return false;
  }
  return false;
}

/* MBN §6: a move may not end where one of its compulsory legs can go on. */
__attribute__((noinline, cold)) static bool walk_compulsory_veto(Walk *w, const MoveLeg *leg,
                                                                 int sq) {
  for (int k = 0; k < leg->child_count; k++) {
    int li = w->prog->children[leg->first_child + k];
    const MoveLeg *child = &w->prog->legs[li];
    if (child->flags & LEG_COMPULSORY && walk_can_take(w, child, li, sq)) return true;
  }
  return false;
}

/* Why a generator left moves out. Each cause is said once per process, on
 * its own: a second cause is news even after the first was said. */
typedef enum {
  LEFT_OUT_LIST_FULL,
  LEFT_OUT_TEXT_TOO_LONG,
  LEFT_OUT_LONG_TABLE_FULL,
  LEFT_OUT_PATH_STATES,
  LEFT_OUT_CAUSES
} LeftOut;

/* Each cause's words and the bound it passed, as the user can look it up. */
static const struct {
  const char *what, *bound, *header;
  unsigned long value;
} left_out_causes[LEFT_OUT_CAUSES] = {
    [LEFT_OUT_LIST_FULL] = {"a position has more moves than a move list holds", "MOVE_LIST_MAX",
                            "board/move.h", MOVE_LIST_MAX},
    [LEFT_OUT_TEXT_TOO_LONG] = {"a move captures more pieces on its way than its text can name",
                                "MOVE_TEXT_MAX", "board/movetext.h", MOVE_TEXT_MAX},
    [LEFT_OUT_LONG_TABLE_FULL] = {"the table of moves capturing more than two pieces on their "
                                  "way is full",
                                  "MOVE_LONG_IDS", "board/move_long.h", MOVE_LONG_IDS},
    [LEFT_OUT_PATH_STATES] = {"a piece's captures on its way pass the walker's bound of path "
                              "states",
                              "WALK_STATES_MAX", "board/movegen_walk.h", WALK_STATES_MAX},
};

__attribute__((noinline, cold)) static void left_out(LeftOut cause) {
  static atomic_bool said[LEFT_OUT_CAUSES];
  if (!atomic_exchange(&said[cause], true))
    fprintf(stderr, "chimera: %s (%s = %lu, %s); such moves are left out from now on\n",
            left_out_causes[cause].what, left_out_causes[cause].bound, left_out_causes[cause].value,
            left_out_causes[cause].header);
}

void move_list_full(void) {
  left_out(LEFT_OUT_LIST_FULL);
}

static int square_order(const void *a, const void *b) {
  return *(const int16_t *)a - *(const int16_t *)b;
}

/* A path state's entry: the square, marked if its piece was flipped. */
static inline int16_t walk_cap_entry(const WalkCap *c) {
  return (int16_t)(c->sq | (c->flip ? MOVE_LONG_FLIP : 0));
}

/* The id of the list of the walk's captures other than on sq and its flips
 * (more than two captures, or any flip), sorted: a long move's
 * (move_long.h); -1, said once, if the table is full. */
__attribute__((noinline)) static int walk_long_id(const Walk *w, int sq) {
  int16_t squares[SQUARE_MAX];
  int n = 0;
  for (const WalkCap *c = w->caps; c; c = c->prev)
    if (c->flip || c->sq != sq) squares[n++] = walk_cap_entry(c);
  qsort(squares, (size_t)n, sizeof squares[0], square_order);
  /* its text (move_to_text): from, these squares, to and a promotion suffix */
  char text[SQUARE_TEXT_MAX];
  size_t len = 2 * PIECE_LETTER_MAX + 1 +
               (size_t)geo_square_to_text(&w->pos->geo, w->origin, text, sizeof text) +
               (size_t)geo_square_to_text(&w->pos->geo, sq, text, sizeof text);
  for (int i = 0; i < n; i++)
    len += (squares[i] & MOVE_LONG_FLIP ? 1 : 0) +
           (size_t)geo_square_to_text(&w->pos->geo, squares[i] & MOVE_LONG_SQUARE_MASK, text,
                                      sizeof text);
  if (len > MOVE_TEXT_MAX) {
    left_out(LEFT_OUT_TEXT_TOO_LONG);
    return -1;
  }
  int id = move_long_intern(squares, n);
  if (id < 0) left_out(LEFT_OUT_LONG_TABLE_FULL);
  return id;
}

/* Emits the move ending on sq, with promotions as the rules ask. */
static void walk_emit(Walk *w, int sq, int kind, int extra1, bool capture) {
  const Position *pos = w->pos;
  const BoardTables *t = pos->tables;
  const VariantRules *r = &pos->variant->rules;
  /* tactical generation: a swap, or a quiet move of a type that never
   * promotes, is not one (walk_emit_one filters the rest; a move back to
   * its start square, chu shogi's lion pass, counts as a capture there) */
  if (w->tactical && (kind == MOVE_SWAP || (kind == MOVE_NORMAL && !capture && sq != w->origin &&
                                            t->direct[w->type][w->us])))
    return;
  int e1 = extra1, e2 = EXTRA_NONE;
  if (kind == MOVE_NORMAL && w->cap_count) {
    /* a capture on the way on the square the move ends on is that square's
     * capture ((adW)0 taking d3 and coming back to d3 is d1d3 itself) */
    int n = w->cap_count, flips = 0;
    for (const WalkCap *c = w->caps; c; c = c->prev) {
      n -= c->flip || c->sq == sq;
      flips += c->flip;
    }
    if (n > 2 || flips) { /* a long move: its sorted list's id in the extra fields */
      int id = walk_long_id(w, sq);
      if (id < 0) return;
      kind = MOVE_LONG;
      e1 = id & 0xFFF;
      e2 = id >> 12;
    } else {
      /* one or two, in square order as a long move's: taking d5 then e5 or
       * e5 then d5 and ending on e6 is one move, written and kept once */
      int extras[2];
      n = 0;
      for (const WalkCap *c = w->caps; c; c = c->prev)
        if (c->sq != sq) extras[n++] = c->sq;
      if (n == 2 && extras[0] > extras[1]) {
        int low = extras[1];
        extras[1] = extras[0];
        extras[0] = low;
      }
      if (n > 0) e1 = extras[0];
      if (n > 1) e2 = extras[1];
    }
  }
  unsigned flags = w->ep_set ? MOVE_FLAG_EP_SET : 0;
  const uint8_t *confine = r->confine[w->us][w->type];
  if (confine && !confine[sq]) return;
  /* An en-passant capture never promotes, as in Fairy-Stockfish (shinobiplus:
   * Black's pawn takes e.p. on e3, inside its zone, and stays a pawn). */
  if (kind == MOVE_EN_PASSANT) {
    walk_emit_one(w, move_make(w->origin, sq, kind, 0, e1, e2, flags));
    return;
  }
  if (!rules_type_may_promote(pos, w->type)) {
    walk_emit_one(w, move_make(w->origin, sq, kind, 0, e1, e2, flags));
    return;
  }
  uint16_t args[PROMOTION_ARGS_MAX];
  int n =
      rules_promotion_args(pos, w->us, w->type, w->origin, sq, capture, kind == MOVE_SWAP, args);
  for (int i = 0; i < n; i++)
    walk_emit_one(
        w, move_make(w->origin, sq, kind, args[i] & ~PROMOTION_ARG_OTHER, e1, e2,
                     args[i] & PROMOTION_ARG_OTHER ? flags | MOVE_FLAG_PROMOTE_OTHER : flags));
}

/* Memo cells of this thread, one array per path-state level (captures made
 * x 2 + e.p. set), and the last stamp handed out: a new stamp per walk and
 * per path state, so cells never need clearing. A new path state (after a
 * capture, or once e.p. is set) is walked to its end before its parent goes
 * on (walk_drain), and its level is deeper than its parent's, so the two
 * never share cells: with one array, a parent and a child state queued side
 * by side took each other's cells back and forth without end ((adW)0). */
typedef struct {
  WalkMemo *cells;
  size_t size;
  /* The path state the level holds now: its captures (newest first) and
   * stamp, and the walk (root stamp) it belongs to. A state met again in
   * the same walk (the king taken from another square of a (adQ0)0 path)
   * takes its stamp back, so its cells still say what was walked; any
   * other state at that level gets a new stamp. */
  uint32_t root, stamp;
  Square *caps;
  int caps_size;
} MemoLevel;
/* As many levels as the deepest path state so far needs: a move may take
 * any number of pieces. */
static _Thread_local MemoLevel *memo_levels;
static _Thread_local int memo_level_nb;
static _Thread_local uint32_t memo_last;

/* The queue of a memoised walk: a leg to walk from a square in a path state. */
typedef struct {
  uint16_t leg;
  bool ep_set;
  int cap_count;
  int from;
  uint32_t stamp;
  const WalkCap *caps;
} WalkItem;
static _Thread_local WalkItem *queue;
static _Thread_local size_t queue_len, queue_cap;

__attribute__((noinline)) static uint32_t walk_memo_stamp(void) {
  if (++memo_last == 0) { /* wrapped: forget every cell */
    for (int l = 0; l < memo_level_nb; l++) {
      MemoLevel *m = &memo_levels[l];
      if (m->cells) memset(m->cells, 0, m->size * sizeof *m->cells);
      m->root = m->stamp = 0;
    }
    memo_last = 1;
  }
  return memo_last;
}

/* This thread's level for the walk's current path state, the levels grown
 * to reach it; NULL without memory. Valid until the next call. */
static MemoLevel *walk_memo_state(const Walk *w) {
  int level = 2 * w->cap_count + w->ep_set;
  if (level >= memo_level_nb) {
    int nb = memo_level_nb ? 2 * memo_level_nb : 16;
    while (nb <= level) nb *= 2;
    MemoLevel *grown = realloc(memo_levels, (size_t)nb * sizeof *grown);
    if (!grown) return NULL;
    memset(grown + memo_level_nb, 0, (size_t)(nb - memo_level_nb) * sizeof *grown);
    memo_levels = grown;
    memo_level_nb = nb;
  }
  return &memo_levels[level];
}

/* This thread's memo cells of the walk's current level, grown to the
 * program's legs x squares; NULL without memory. */
static WalkMemo *walk_memo_level(const Walk *w) {
  MemoLevel *m = walk_memo_state(w);
  if (!m) return NULL;
  size_t need = (size_t)w->prog->leg_count * (size_t)w->pos->geo.sq_nb;
  if (need > m->size) {
    WalkMemo *cells = calloc(need, sizeof *cells);
    if (!cells) return NULL;
    free(m->cells);
    m->cells = cells;
    m->size = need;
  }
  return m->cells;
}

/* Starts a memoised walk; without memory the walk goes unmemoised
 * (depth-bounded, still right). */
static void walk_memo_begin(Walk *w) {
  w->cap_count = 0;
  w->caps = NULL;
  w->states = 0;
  w->ep_set = false;
  w->memo = walk_memo_level(w) != NULL;
  if (w->memo) w->stamp = w->root_stamp = walk_memo_stamp();
}

/* The stamp of the walk's current path state (captures and e.p. as they
 * are now): the one it had earlier in this walk, or a new one. */
static uint32_t walk_state_stamp(const Walk *w) {
  MemoLevel *m = walk_memo_state(w);
  if (!m) return walk_memo_stamp(); /* a new state each time: still right */
  if (m->root == w->root_stamp) {
    int i = 0;
    const WalkCap *c = w->caps;
    while (c && i < w->cap_count && m->caps[i] == walk_cap_entry(c)) c = c->prev, i++;
    if (!c) return m->stamp;
  }
  uint32_t stamp = walk_memo_stamp(); /* before m is read again: it may clear the levels */
  m->root = 0;
  if (w->cap_count > m->caps_size) {
    Square *caps = realloc(m->caps, (size_t)w->cap_count * sizeof *caps);
    if (!caps) return stamp;
    m->caps = caps;
    m->caps_size = w->cap_count;
  }
  int i = 0;
  for (const WalkCap *c = w->caps; c; c = c->prev) m->caps[i++] = walk_cap_entry(c);
  m->root = w->root_stamp;
  m->stamp = stamp;
  return stamp;
}

/* Queues leg li from square `from` in the current path state, unless it was
 * queued in that state already. False without memory. */
__attribute__((noinline)) static bool walk_push(Walk *w, int li, int from) {
  WalkMemo *cells = walk_memo_level(w);
  if (!cells) return false;
  WalkMemo *m = &cells[(size_t)li * (size_t)w->pos->geo.sq_nb + (size_t)from];
  if (m->stamp == w->stamp) return true;
  if (queue_len == queue_cap) {
    size_t cap = queue_cap ? 2 * queue_cap : 1024;
    WalkItem *q = realloc(queue, cap * sizeof *q);
    if (!q) return false;
    queue = q;
    queue_cap = cap;
  }
  m->stamp = w->stamp;
  WalkItem *it = &queue[queue_len++];
  it->leg = (uint16_t)li;
  it->from = from;
  it->ep_set = w->ep_set;
  it->cap_count = w->cap_count;
  it->stamp = w->stamp;
  it->caps = w->caps;
  return true;
}

static void walk_leg(Walk *w, int li, int from, int depth);
static void walk_ep_leg(Walk *w, int li, int from, int depth);

/* Walks the queue from `base` breadth first until it is empty: the items
 * of one path state (deeper states are drained where they start), then
 * drops them and restores the walk's path state. */
static void walk_drain(Walk *w, size_t base) {
  int cap_count = w->cap_count;
  bool ep_set = w->ep_set;
  uint32_t stamp = w->stamp;
  const WalkCap *caps = w->caps;
  for (size_t i = base; i < queue_len && !w->found; i++) {
    WalkItem it = queue[i];
    w->ep_set = it.ep_set;
    w->cap_count = it.cap_count;
    w->stamp = it.stamp;
    w->caps = it.caps;
    walk_leg(w, it.leg, it.from, 0);
  }
  queue_len = base;
  w->cap_count = cap_count;
  w->ep_set = ep_set;
  w->stamp = stamp;
  w->caps = caps;
}

/* Walks root (or special) leg li from sq: directly, or for a memoised
 * program through the queue, breadth first, until it is empty. */
static void walk_root(Walk *w, int li, int sq) {
  if (!w->memo) {
    walk_leg(w, li, sq, 0);
    return;
  }
  size_t base = queue_len;
  if (!walk_push(w, li, sq)) {
    walk_leg(w, li, sq, 0);
    return;
  }
  walk_drain(w, base);
}

static void walk_land_back(Walk *w, const MoveLeg *leg, int from, int sq, int depth, bool flip);

/* A capture (or flip) on sq on the way begins a new path state; false, said
 * once, past the walker's bound of them. taken lives until everything after
 * it is walked, then walk_untake ends the state. */
static inline bool walk_take(Walk *w, WalkCap *taken, int sq, bool flip) {
  if (w->memo && ++w->states > WALK_STATES_MAX) {
    left_out(LEFT_OUT_PATH_STATES);
    return false;
  }
  taken->sq = (Square)sq;
  taken->flip = flip;
  taken->prev = w->caps;
  w->caps = taken;
  w->cap_count++;
  return true;
}

static inline void walk_untake(Walk *w, const WalkCap *taken) {
  w->caps = taken->prev;
  w->cap_count--;
}

/* Goes on with the leg's next legs from sq: directly, or for a memoised
 * program through the queue; new_state: this leg began a path state
 * (walk_take), walked here to its end. */
static void walk_children(Walk *w, const MoveLeg *leg, int sq, int depth, bool new_state) {
  if (!w->memo) {
    if (depth + 1 < WALK_DEPTH_MAX)
      for (int k = 0; k < leg->child_count && !w->found; k++)
        walk_leg(w, w->prog->children[leg->first_child + k], sq, depth + 1);
    return;
  }
  uint32_t stamp = w->stamp;
  size_t base = queue_len;
  if (new_state) w->stamp = walk_state_stamp(w);
  for (int k = 0; k < leg->child_count && !w->found; k++) {
    int child = w->prog->children[leg->first_child + k];
    if (!walk_push(w, child, sq)) walk_leg(w, child, sq, depth + 1);
  }
  if (new_state) walk_drain(w, base);
  w->stamp = stamp;
}

/* The leg lands on sq holding cell: test it, act on it, go on to children. */
static void walk_land(Walk *w, const MoveLeg *leg, int from, int sq, Piece cell, int depth) {
  const Position *pos = w->pos;
  bool ep = false;
  unsigned occ;
  if (cell == PIECE_NONE) {
    occ = OCC_EMPTY;
    if (leg->flags & (LEG_EP_CAPTURE | LEG_EP_ONLY) && w->target < 0 && pos->st.ep_count &&
        is_ep_square(pos, sq)) {
      Piece v = pos->board[pos->st.ep_victim];
      ep = piece_is_real(v) && piece_color(v) != w->us &&
           (!leg->ep_victims ||
            type_set_has(&pos->variant->filters[leg->ep_victims - 1].enemy, piece_type(v)));
    }
  } else {
    occ = piece_color(cell) != w->us ? OCC_ENEMY : OCC_FRIEND;
  }
  if (leg->flags & LEG_EP_ONLY) {
    if (!ep) return;
  } else if (!(leg->occupancy & occ) && !ep) {
    return;
  }
  if (cell != PIECE_NONE && leg->victim_set != MOVE_NONE) {
    const PieceFilter *f = &pos->variant->filters[leg->victim_set];
    const TypeSet *allowed = occ == OCC_ENEMY ? &f->enemy : &f->friendly;
    if (!type_set_has(allowed, piece_type(cell))) return;
  }
  if (leg->landing_range != MOVE_NONE && !pos->variant->ranges[leg->landing_range].member[sq])
    return;
  if (leg->flags & LEG_LANDING_CONDITIONS && !walk_conditions_hold(w, leg, from, sq)) return;
  bool capture = cell != PIECE_NONE && leg->effect == EFFECT_CAPTURE;
  if (leg->flags & LEG_SETUP) {
    if (capture) walk_land_back(w, leg, from, sq, depth, false);
    return;
  }
  /* x: the piece on sq changes colour and keeps its square, so the mover
   * stands back on `from` (decision 35); a royal is never flipped */
  if (leg->effect == EFFECT_FLIP && cell != PIECE_NONE) {
    if (!type_set_has(&pos->tables->royal_mask[piece_color(cell)], piece_type(cell)))
      walk_land_back(w, leg, from, sq, depth, true);
    return;
  }
  /* "So far as not specifically allowed, the start square and the arrival
   * square cannot be equal" (MBN §2): allowed for the null leap (O, W00)
   * and after a leg that may capture and go on (aK--[K]: igui, pass) */
  bool ends = leg->flags & LEG_ENDS &&
              (sq != w->origin || w->returns || !(leg->dx | leg->dy | leg->dz | leg->dw));
  if (ends && w->compulsory && leg->child_count) ends = !walk_compulsory_veto(w, leg, sq);
  if (ends && w->leg_mask && (leg->flags & w->leg_mask) != w->leg_want) ends = false;
  if (ends) {
    if (w->target >= 0) {
      if (capture && sq == w->target) w->found = true;
      for (const WalkCap *c = w->caps; c; c = c->prev)
        if (c->sq == w->target && !c->flip) w->found = true;
    } else if (ep) {
      walk_emit(w, sq, MOVE_EN_PASSANT, pos->st.ep_victim, true);
    } else if (cell == PIECE_NONE || capture) {
      walk_emit(w, sq, MOVE_NORMAL, EXTRA_NONE, capture || w->cap_count > 0);
    } else if (leg->effect == EFFECT_SWAP) {
      walk_emit(w, sq, MOVE_SWAP, EXTRA_NONE, false);
    }
    if (w->found) return;
  }
  if (!leg->child_count) return;
  if (!capture) {
    walk_children(w, leg, sq, depth, false);
    return;
  }
  WalkCap taken; /* lives until everything after this capture is walked */
  if (!walk_take(w, &taken, sq, false)) return;
  walk_children(w, leg, sq, depth, true);
  walk_untake(w, &taken);
}

/* A leg after which the mover stands back on `from`, where the move may end
 * and its next legs start: MBN's setup operator (LEG_SETUP, decision 34) on
 * a capture of the piece on sq ("Q=mQ-{!cK}": capture by approach;
 * "!c{R}R": a capture without moving), or a flip (x, decision 35) of the
 * piece on sq to the other colour. Either is an effect on the way. */
__attribute__((noinline)) static void walk_land_back(Walk *w, const MoveLeg *leg, int from, int sq,
                                                     int depth, bool flip) {
  WalkCap taken;
  if (!walk_take(w, &taken, sq, flip)) return;
  bool ends = leg->flags & LEG_ENDS;
  if (ends && w->compulsory && leg->child_count) ends = !walk_compulsory_veto(w, leg, from);
  if (ends && w->leg_mask && (leg->flags & w->leg_mask) != w->leg_want) ends = false;
  if (ends) {
    if (w->target >= 0) {
      for (const WalkCap *c = w->caps; c; c = c->prev)
        if (c->sq == w->target && !c->flip) w->found = true;
    } else {
      bool captured = false; /* a flip alone is not a capture */
      for (const WalkCap *c = w->caps; c; c = c->prev) captured |= !c->flip;
      walk_emit(w, from, MOVE_NORMAL, EXTRA_NONE, captured);
    }
  }
  if (leg->child_count && !w->found) walk_children(w, leg, from, depth, true);
  walk_untake(w, &taken);
}

/* Whether the leg may land on a square holding piece p (occupancy and
 * victim set; e.p. and ranges aside). */
static bool walk_may_land_on(const Walk *w, const MoveLeg *leg, Piece p) {
  bool enemy = piece_color(p) != w->us;
  if (!(leg->occupancy & (enemy ? OCC_ENEMY : OCC_FRIEND))) return false;
  if (leg->victim_set == MOVE_NONE) return true;
  const PieceFilter *f = &w->pos->variant->filters[leg->victim_set];
  return type_set_has(enemy ? &f->enemy : &f->friendly, piece_type(p));
}

/* Tactical generation: a leg that ends the move on empty squares only, for
 * a type that never promotes, after no capture, yields no tactical move. */
static inline bool walk_leg_quiet(const Walk *w, const MoveLeg *leg) {
  return w->tactical && !leg->child_count && !(leg->occupancy & (OCC_ENEMY | OCC_FRIEND)) &&
         !(leg->flags & (LEG_EP_CAPTURE | LEG_EP_ONLY)) && !w->cap_count &&
         w->pos->tables->direct[w->type][w->us];
}

static void walk_leg(Walk *w, int li, int from, int depth) {
  const MoveLeg *leg = &w->prog->legs[li];
  const Position *pos = w->pos;
  if (walk_leg_quiet(w, leg)) return;
  if (leg->origin_range != MOVE_NONE && !pos->variant->ranges[leg->origin_range].member[from])
    return;
  if (leg->flags & LEG_PIECE_CONDITIONS && !walk_leg_allowed(w, leg, from)) return;
  const Square *next = w->next + (size_t)li * (size_t)pos->geo.sq_nb;
  int max = leg->max_steps == LEG_STEPS_UNLIMITED ? INT_MAX : leg->max_steps;
  bool saved_ep = w->ep_set;
  if (leg->flags & LEG_EP_VICTIM && !saved_ep) {
    if (w->memo) { /* another path state: its own queue */
      walk_ep_leg(w, li, from, depth);
      return;
    }
    w->ep_set = true;
  }
  int sq = from;
  for (int step = 1; step <= max; step++) {
    sq = next[sq];
    if (sq == SQ_NONE || (sq == from && step > 1)) break;
    Piece cell = walk_cell(w, sq);
    if (cell == PIECE_WALL) break;
    if (step >= leg->min_steps) {
      bool land = true;
      if (leg->flags & LEG_MAXIMAL) {
        /* as far as possible (MBN §6): the last square before the edge, a
         * wall or a piece the leg may not land on (B0* stops before a
         * friend); a piece it may take is its last square instead */
        Square n = next[sq];
        Piece nc = n == SQ_NONE || n == from ? PIECE_WALL : walk_cell(w, n);
        land = cell != PIECE_NONE || nc == PIECE_WALL ||
               (nc != PIECE_NONE && !walk_may_land_on(w, leg, nc));
      }
      if (land && leg->flags & LEG_EDGE) {
        int f = geo_file(&pos->geo, sq), r = geo_rank(&pos->geo, sq);
        land = f == 0 || r == 0 || f == pos->geo.files - 1 || r == pos->geo.ranks - 1;
      }
      /* a compulsory leg is never taken onto the move's start square */
      if (land && leg->flags & LEG_COMPULSORY && sq == w->origin) land = false;
      if (land) walk_land(w, leg, from, sq, cell, depth);
      if (w->found) break;
    }
    if (cell != PIECE_NONE && !walk_may_leap(w, leg, cell)) break;
  }
  w->ep_set = saved_ep;
}

/* A memoised walk entering a leg that sets e.p. squares: the rest of the
 * path is another state, with its own stamp and level, walked to its end. */
__attribute__((noinline, cold)) static void walk_ep_leg(Walk *w, int li, int from, int depth) {
  uint32_t stamp = w->stamp;
  size_t base = queue_len;
  w->ep_set = true;
  w->stamp = walk_state_stamp(w);
  walk_leg(w, li, from, depth);
  walk_drain(w, base);
  w->stamp = stamp;
  w->ep_set = false;
}

/* The tight loop for plain programs (BoardTables.plain): single-leg
 * leapers and sliders, pawns included. Moves of a type that may promote,
 * demote or is confined go through walk_emit, the rest are stored directly. */
static void walk_plain_leg(Walk *w, int origin, int i) {
  const Position *pos = w->pos;
  const Piece *board = pos->board;
  const SquareRange *ranges = pos->variant->ranges;
  MoveList *list = w->list;
  Color us = w->us;
  bool direct = pos->tables->direct[w->type][us];
  const MoveLeg *leg = &w->prog->legs[i];
  if (walk_leg_quiet(w, leg)) return;
  if (leg->origin_range != MOVE_NONE && !ranges[leg->origin_range].member[origin]) return;
  if (leg->flags & LEG_INITIAL && !walk_initial(pos, origin)) return;
  const Square *next = w->next + (size_t)i * (size_t)pos->geo.sq_nb;
  int max = leg->max_steps == LEG_STEPS_UNLIMITED ? INT_MAX : leg->max_steps;
  unsigned flags = leg->flags & LEG_EP_VICTIM ? MOVE_FLAG_EP_SET : 0;
  w->ep_set = flags != 0;
  int sq = origin;
  for (int step = 1; step <= max; step++) {
    sq = next[sq];
    if (sq == SQ_NONE || sq == origin) break;
    Piece cell = board[sq];
    if (cell == PIECE_WALL) break;
    if (step >= leg->min_steps &&
        (leg->landing_range == MOVE_NONE || ranges[leg->landing_range].member[sq])) {
      if (cell == PIECE_NONE) {
        if (leg->occupancy & OCC_EMPTY) {
          if (!direct)
            walk_emit(w, sq, MOVE_NORMAL, EXTRA_NONE, false);
          else if (!w->tactical) /* tactical: never promotes */
            move_list_push(list,
                           move_make(origin, sq, MOVE_NORMAL, 0, EXTRA_NONE, EXTRA_NONE, flags));
        } else if (leg->flags & LEG_EP_CAPTURE && pos->st.ep_count && is_ep_square(pos, sq)) {
          Piece v = board[pos->st.ep_victim];
          if (piece_is_real(v) && piece_color(v) != us)
            walk_emit(w, sq, MOVE_EN_PASSANT, pos->st.ep_victim, true);
        }
      } else if (leg->occupancy & (piece_color(cell) != us ? OCC_ENEMY : OCC_FRIEND)) {
        if (direct)
          move_list_push(list,
                         move_make(origin, sq, MOVE_NORMAL, 0, EXTRA_NONE, EXTRA_NONE, flags));
        else
          walk_emit(w, sq, MOVE_NORMAL, EXTRA_NONE, true);
      }
    }
    if (cell != PIECE_NONE) break;
  }
  w->ep_set = false;
}

static void walk_plain(Walk *w, int origin) {
  for (int i = 0; i < w->prog->leg_count; i++) walk_plain_leg(w, origin, i);
}

/* Attack mode for plain programs: only a leg pointing at the target can
 * capture there, and then only if the squares before it are empty. */
static void attack_plain(Walk *w, int origin) {
  const Position *pos = w->pos;
  const Geometry *geo = &pos->geo;
  const MoveProgram *prog = w->prog;
  int dx = geo_file(geo, w->target) - geo_file(geo, origin);
  int dy = geo_rank(geo, w->target) - geo_rank(geo, origin);
  if (geo->wrap_files || geo->wrap_ranks || geo->levels > 1) {
    /* offsets are ambiguous on a cylinder: walk every leg */
    dx = dy = 0;
  }
  size_t sq_nb = (size_t)geo->sq_nb;
  const SquareRange *ranges = pos->variant->ranges;
  for (int i = 0; i < prog->leg_count; i++) {
    const MoveLeg *leg = &prog->legs[i];
    if (!(leg->occupancy & OCC_ENEMY)) continue;
    if (leg->origin_range != MOVE_NONE && !ranges[leg->origin_range].member[origin]) continue;
    if (leg->landing_range != MOVE_NONE && !ranges[leg->landing_range].member[w->target]) continue;
    if (leg->flags & LEG_INITIAL && !walk_initial(pos, origin)) continue;
    int k;
    if (dx || dy) {
      /* target = origin + k * (leg->dx, leg->dy) for some k >= 1 */
      if (leg->dx ? dx % leg->dx : dx) continue;
      if (leg->dy ? dy % leg->dy : dy) continue;
      k = leg->dx ? dx / leg->dx : dy / leg->dy;
      if (k < 1 || (leg->dy && dy / leg->dy != k) || (leg->dx && dx / leg->dx != k)) continue;
      if (leg->max_steps != LEG_STEPS_UNLIMITED && k > leg->max_steps) continue;
    } else {
      k = leg->max_steps == LEG_STEPS_UNLIMITED ? INT_MAX : leg->max_steps;
    }
    const Square *next = w->next + (size_t)i * sq_nb;
    int sq = origin;
    for (int step = 1; step <= k; step++) {
      sq = next[sq];
      if (sq == SQ_NONE || sq == origin) break;
      if (sq == w->target) {
        if (step < leg->min_steps) break;
        w->found = true;
        return;
      }
      if (w->reads) w->reads[sq >> 6] |= (uint64_t)1 << (sq & 63);
      if (pos->board[sq] != PIECE_NONE) break;
    }
  }
}

/* u: whether no root leg of the piece marked LEG_UNBLOCKED meets an enemy
 * piece first along its path (a friend or the edge ends a direction). */
__attribute__((noinline, cold)) static bool walk_all_unblocked(const Walk *w) {
  const Position *pos = w->pos;
  for (int i = 0; i < w->prog->root_count; i++) {
    const MoveLeg *leg = &w->prog->legs[i];
    if (!(leg->flags & LEG_UNBLOCKED)) continue;
    if (leg->origin_range != MOVE_NONE &&
        !pos->variant->ranges[leg->origin_range].member[w->origin])
      continue;
    const Square *next = w->next + (size_t)i * (size_t)pos->geo.sq_nb;
    int max = leg->max_steps == LEG_STEPS_UNLIMITED ? INT_MAX : leg->max_steps;
    int at = w->origin;
    for (int step = 1; step <= max; step++) {
      at = next[at];
      if (at == SQ_NONE || at == w->origin) break;
      Piece cell = pos->board[at];
      if (cell == PIECE_NONE) continue;
      if (piece_is_real(cell) && piece_color(cell) != w->us) return false;
      break;
    }
  }
  return true;
}

void walk_piece(Walk *w, int sq) {
  const Position *pos = w->pos;
  Piece p = pos->board[sq];
  int type = piece_type(p);
  const BoardTables *t = pos->tables;
  w->type = type;
  w->origin = sq;
  w->prog = &pos->variant->pieces[type].moves[w->us];
  w->next = t->next + (size_t)t->leg_base[type][w->us] * (size_t)pos->geo.sq_nb;
  w->cap_count = 0;
  w->caps = NULL;
  w->ep_set = false;
  w->dedup = t->dedup[type][w->us];
  w->returns = t->returns[type][w->us];
  w->compulsory = t->compulsory[type][w->us];
  w->unblocked = -1;
  w->memo = false;
  if (t->memo[type][w->us]) walk_memo_begin(w);
  if (w->list) {
    w->piece_start = w->list->count;
    if (t->plain[type][w->us]) {
      walk_plain(w, sq);
      return;
    }
  } else if (t->plain[type][w->us]) {
    attack_plain(w, sq);
    return;
  }
  if (w->memo)
    for (int i = 0; i < w->prog->root_count && !w->found; i++) walk_root(w, i, sq);
  else
    for (int i = 0; i < w->prog->root_count && !w->found; i++) walk_leg(w, i, sq, 0);
}

/* Points the walk at the piece on sq before walking some of its legs. */
static void walk_setup(Walk *w, int sq, int type) {
  const Position *pos = w->pos;
  w->type = type;
  w->origin = sq;
  w->prog = &pos->variant->pieces[type].moves[w->us];
  w->next = pos->tables->next + (size_t)pos->tables->leg_base[type][w->us] * (size_t)pos->geo.sq_nb;
  w->cap_count = 0;
  w->caps = NULL;
  w->ep_set = false;
  w->dedup = false;
  w->returns = pos->tables->returns[type][w->us];
  w->compulsory = pos->tables->compulsory[type][w->us];
  w->unblocked = -1;
  w->memo = false;
  if (pos->tables->memo[type][w->us]) walk_memo_begin(w);
  w->piece_start = w->list->count;
}

#define BB_BITS 64
#include "board/movegen_bb.h"
#undef BB_BITS
#define BB_BITS 128
#include "board/movegen_bb.h"
#undef BB_BITS

/* turn=pass: one pass, written as the royal moving to its own square
 * (e2e2) as Fairy-Stockfish does; it is legal unless the royal is attacked. */
static void gen_pass(const Position *pos, MoveList *list) {
  Color us = pos->side;
  for (int i = 0; i < pos->pcount[us]; i++) {
    int sq = pos->plist[us][i];
    if (!pos->tables->royal_of[us][piece_type(pos->board[sq])]) continue;
    move_list_push(list, move_make(sq, sq, MOVE_PASS, 0, EXTRA_NONE, EXTRA_NONE, 0));
    return;
  }
}

void gen_piece_moves(const Position *pos, int sq, MoveList *list) {
  Walk w;
  walk_init(&w, pos, pos->side, -1, list);
  const BoardTables *t = pos->tables;
  int type = piece_type(pos->board[sq]);
  size_t k = (size_t)type * COLOR_NB + (size_t)w.us;
  if (t->bb64 && t->bb64->gen_ok[k])
    bb64_gen_piece(&w, t->bb64, sq, type);
  else if (t->bb128 && t->bb128->gen_ok[k])
    bb128_gen_piece(&w, t->bb128, sq, type);
  else
    walk_piece(&w, sq);
}

int pos_move_listed(const Position *pos, Move m, MoveList *scratch) {
  const VariantRules *r = &pos->variant->rules;
  if (!move_is_normal(m) && move_kind(m) != MOVE_EN_PASSANT) return -1;
  if (r->promotion_sittuyin || r->gating || r->wall_rule || r->drop_compulsory) return -1;
  int from = move_from(m);
  if (from >= pos->geo.sq_nb) return 0;
  Piece p = pos->board[from];
  if (!piece_is_real(p) || piece_color(p) != pos->side) return 0;
  scratch->count = 0;
  gen_piece_moves(pos, from, scratch);
  for (int i = 0; i < scratch->count; i++)
    if (scratch->moves[i] == m) return 1;
  return 0;
}

int gen_piece_moves_by_legs(const Position *pos, int sq, unsigned mask, unsigned want,
                            MoveList *list) {
  Walk w;
  walk_init(&w, pos, piece_color(pos->board[sq]), -1, list);
  w.leg_mask = (uint32_t)mask;
  w.leg_want = (uint32_t)want;
  list->count = 0;
  /* the plain loop does not read leg flags; such types carry none of these */
  assert(!pos->tables->plain[piece_type(pos->board[sq])][w.us]);
  walk_piece(&w, sq);
  return list->count;
}

void gen_piece_special(const Position *pos, int sq, MoveList *list) {
  Walk w;
  walk_init(&w, pos, pos->side, -1, list);
  int type = piece_type(pos->board[sq]);
  walk_setup(&w, sq, type);
  if (pos->tables->bb64)
    bb64_gen_special(&w, pos->tables->bb64, sq, type);
  else if (pos->tables->bb128)
    bb128_gen_special(&w, pos->tables->bb128, sq, type);
}

/* The e.p. captures of the piece on sq, a bitboard-generated type with e.p.
 * legs: a few lookups, the walk only when some e.p. square is in reach. */
void gen_piece_ep(const Position *pos, int sq, MoveList *list) {
  const BoardTables *t = pos->tables;
  Color us = pos->side;
  int type = piece_type(pos->board[sq]);
  size_t k = (size_t)type * COLOR_NB + (size_t)us;
  int ep_nb = t->bb64 ? t->bb64->ep_nb[k] : t->bb128 ? t->bb128->ep_nb[k] : 0;
  const uint8_t *ep = t->bb64 ? t->bb64->ep[k] : t->bb128 ? t->bb128->ep[k] : NULL;
  if (!pos->st.ep_count || !ep_nb) return;
  Piece victim = pos->board[pos->st.ep_victim];
  if (!piece_is_real(victim) || piece_color(victim) == us) return;
  /* Most pieces have no e.p. square in reach: look before setting up a walk. */
  const Square *next = t->next + (size_t)t->leg_base[type][us] * (size_t)pos->geo.sq_nb;
  bool any = false;
  for (int i = 0; i < ep_nb && !any; i++) {
    Square to = next[(size_t)ep[i] * (size_t)pos->geo.sq_nb + (size_t)sq];
    any = to != SQ_NONE && pos->board[to] == PIECE_NONE && is_ep_square(pos, to);
  }
  if (!any) return;
  Walk w;
  walk_init(&w, pos, us, -1, list);
  walk_setup(&w, sq, type);
  for (int i = 0; i < ep_nb; i++) {
    Square to = w.next[(size_t)ep[i] * (size_t)pos->geo.sq_nb + (size_t)sq];
    if (to != SQ_NONE && pos->board[to] == PIECE_NONE && is_ep_square(pos, to))
      walk_emit(&w, to, MOVE_EN_PASSANT, pos->st.ep_victim, true);
  }
}

void gen_rule_moves(const Position *pos, MoveList *list) {
  rules_gen_castling(pos, list);
  if (pos->variant->rules.drops) rules_gen_drops(pos, list, NULL);
}

int gen_pseudo_moves(const Position *pos, MoveList *list) {
  list->count = 0;
  TypeSet compulsory;
  if (rules_compulsory_drops(pos, &compulsory)) {
    /* While a hand holds pieces of the compulsory set, dropping one of them
     * is the only kind of move (unless no such drop is legal:
     * gen_legal_moves asks gen_pseudo_board_moves then, which has no drops,
     * as Fairy-Stockfish's mustDrop with its mustDropType). */
    rules_gen_drops(pos, list, &compulsory);
    if (list->count) return list->count;
  }
  return gen_pseudo_board_moves(pos, list);
}

int gen_pseudo_board_moves(const Position *pos, MoveList *list) {
  Walk w;
  walk_init(&w, pos, pos->side, -1, list);
  list->count = 0;
  const VariantRules *r = &pos->variant->rules;
  if (pos->tables->bb64) {
    bb64_gen_pieces(&w, pos->tables->bb64);
  } else if (pos->tables->bb128) {
    bb128_gen_pieces(&w, pos->tables->bb128);
  } else {
    for (int i = 0; i < pos->pcount[w.us]; i++) walk_piece(&w, pos->plist[w.us][i]);
  }
  if (r->promotion_sittuyin) gen_sittuyin_promotions(pos, list);
  rules_gen_castling(pos, list);
  if (r->gating) rules_gen_gating(pos, list);
  if (r->pass_allowed) gen_pass(pos, list);
  if (r->drops && !rules_compulsory_drops(pos, NULL)) rules_gen_drops(pos, list, NULL);
  if (r->wall_rule) rules_gen_walls(pos, list);
  return list->count;
}

bool pos_every_move_captures(const Position *pos) {
  return pos->tables->captures_only;
}

int gen_pseudo_tactical(const Position *pos, MoveList *list) {
  const BoardTables *t = pos->tables;
  const VariantRules *r = &pos->variant->rules;
  if (r->promotion_sittuyin || r->gating || r->drop_compulsory || r->wall_rule) {
    /* rule moves that may capture or promote */
    gen_pseudo_moves(pos, list);
    int n = 0;
    for (int i = 0; i < list->count; i++)
      if (pos_is_tactical(pos, list->moves[i])) list->moves[n++] = list->moves[i];
    return list->count = n;
  }
  /* the pieces' moves as gen_pseudo_board_moves generates them, in the
   * same order, keeping the tactical ones (castling, passes and drops never
   * are) */
  Walk w;
  walk_init(&w, pos, pos->side, -1, list);
  w.tactical = true;
  list->count = 0;
  if (t->bb64)
    bb64_gen_pieces(&w, t->bb64);
  else if (t->bb128)
    bb128_gen_pieces(&w, t->bb128);
  else
    for (int i = 0; i < pos->pcount[w.us]; i++) walk_piece(&w, pos->plist[w.us][i]);
  return list->count;
}
