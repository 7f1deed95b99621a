/* movegen.c — the leg walker and pseudo-legal move generation.
 *
 * A piece's moves are walks through its compiled leg graph
 * (mbn/move_program.h). The walker follows precomputed next-square tables, so
 * it never interprets notation and works on any geometry. The same walker,
 * run in "attack mode" towards one target square, answers attack tests
 * exactly for any piece, however asymmetric or multi-legged (movegen_attack.c).
 * Castling, drops and promotions are added from the rules.
 */
#include "board/movegen.h"

#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "board/bb.h"
#include "board/movegen_walk.h"
#include "board/tables.h"

/* The cell as the moving piece sees it mid-move: its start square is empty
 * (it has left), squares it captured on earlier legs are empty, and in attack
 * mode an empty target square holds a pretend enemy. */
static inline Piece walk_cell(const Walk *w, int sq) {
  if (sq == w->origin) return PIECE_NONE;
  for (int i = 0; i < w->cap_count; i++)
    if (w->caps[i] == sq) return PIECE_NONE;
  if (w->reads) w->reads[sq >> 6] |= (uint64_t)1 << (sq & 63);
  Piece p = w->pos->board[sq];
  if (sq == w->target && p == PIECE_NONE) return piece_make((Color)!w->us, 0);
  return p;
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

static bool walk_all_unblocked(const Walk *w);

/* The conditions of a leg on the piece rather than the squares (rare
 * flags, one test in the walk): i, ii and u. */
__attribute__((noinline)) static bool walk_leg_allowed(Walk *w, const MoveLeg *leg) {
  const Position *pos = w->pos;
  if (leg->flags & LEG_INITIAL && !walk_initial(pos, w->origin)) return false;
  if (leg->flags & LEG_STRICT_INITIAL && !(pos->board[w->origin] & PIECE_FRESH)) return false;
  if (leg->flags & LEG_UNBLOCKED) {
    if (!w->list) return false; /* it never captures, so it attacks nothing */
    if (w->unblocked < 0) w->unblocked = walk_all_unblocked(w);
    if (!w->unblocked) return false;
  }
  return true;
}
#define LEG_PIECE_CONDITIONS (LEG_INITIAL | LEG_STRICT_INITIAL | LEG_UNBLOCKED)

static void walk_emit_one(Walk *w, Move m) {
  MoveList *list = w->list;
  if (w->tactical && !pos_is_tactical(w->pos, m)) return;
  if (w->dedup)
    for (int i = w->piece_start; i < list->count; i++)
      if (list->moves[i] == m) return;
  if (list->count < MOVE_LIST_MAX) list->moves[list->count++] = m;
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
  if (leg->flags & LEG_PIECE_CONDITIONS && !walk_leg_allowed(w, leg)) return false;
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
        (cell == PIECE_NONE ? leg->occupancy & OCC_EMPTY : walk_may_land_on(w, leg, cell)))
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
  if (kind == MOVE_NORMAL) {
    if (w->cap_count > 2) return; /* not representable: more than 3 captures */
    /* a capture on the way on the square the move ends on is that square's
     * capture ((adW)0 taking d3 and coming back to d3 is d1d3 itself) */
    int extras[2], n = 0;
    for (int i = 0; i < w->cap_count; i++)
      if (w->caps[i] != sq) extras[n++] = w->caps[i];
    if (n > 0) e1 = extras[0];
    if (n > 1) e2 = extras[1];
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
  /* promotion=demote: a promoted piece flips back by the same rule. */
  int demote = r->promotion_demote ? pos->variant->pieces[w->type].promoted_from : -1;
  if (demote >= 0 && kind != MOVE_SWAP) {
    bool can = t->promo_zone[w->us][sq] ||
               ((r->promotion_on_leave || r->promotion_on_move) && t->promo_zone[w->us][w->origin]);
    if (r->promotion_on_capture && !capture) can = false;
    if (can) {
      walk_emit_one(w, move_make(w->origin, sq, kind, demote + 1, e1, e2, flags));
      if (!r->promotion_optional) return;
    }
  }
  const TypeSet *promos = piece_promotions(&pos->variant->pieces[w->type], w->us);
  /* promotion=sittuyin: pawns promote by a move of their own, not by
   * moving; and a colour left without promotions (MBN's +p==.. gives
   * Black a set, White has none) moves as a piece that does not promote */
  if (t->promotes[w->type] && kind != MOVE_SWAP && !r->promotion_sittuyin &&
      (!pos->variant->pieces[w->type].black_promotions || type_set_any(*promos))) {
    bool can = t->promo_zone[w->us][sq] ||
               ((r->promotion_on_leave || r->promotion_on_move) && t->promo_zone[w->us][w->origin]);
    if (r->promotion_on_capture && !capture) can = false;
    if (can) {
      for (int p = 0; p < pos->variant->piece_count; p++) {
        if (!type_set_has(promos, p)) continue;
        /* promotion=to{..}: each side's own choices (chigorin) */
        if (type_set_any(r->promotion_types[w->us]) && !type_set_has(&r->promotion_types[w->us], p))
          continue;
        /* promotion=available: only to a type the side has fewer of than
         * at the start (one that was captured) */
        if (r->promote_to_captured && pos_count_pieces(pos, w->us, p) >= t->start_count[w->us][p])
          continue;
        /* promotion=limit(N){..}: not beyond N of the type (spartan's kings) */
        if (r->promotion_limit[p] && pos_count_pieces(pos, w->us, p) >= r->promotion_limit[p])
          continue;
        walk_emit_one(w, move_make(w->origin, sq, kind, p + 1, e1, e2, flags));
      }
      /* declining is refused where the piece would have no move left,
       * unless promotion=stuck allows it for types pieces{..}=mobile
       * does not name (forward) */
      const uint8_t *forced = r->promotion_forced_zone[w->us];
      bool stuck_ok = r->promotion_stuck && !type_set_has(&r->immobility_illegal, w->type);
      if (!r->promotion_optional || (!t->mobile[w->type][w->us][sq] && !stuck_ok) ||
          (forced && forced[sq]))
        return;
    }
  }
  walk_emit_one(w, move_make(w->origin, sq, kind, 0, e1, e2, flags));
}

/* Memo cells of this thread, one array per path-state level (captures made
 * x 2 + e.p. set), and the last stamp handed out: a new stamp per walk and
 * per path state, so cells never need clearing. A new path state (after a
 * capture, or once e.p. is set) is walked to its end before its parent goes
 * on (walk_drain), and its level is deeper than its parent's, so the two
 * never share cells: with one array, a parent and a child state queued side
 * by side took each other's cells back and forth without end ((adW)0). */
#define MEMO_LEVELS (2 * (WALK_CAPS_MAX + 1))
static _Thread_local WalkMemo *memo_cells[MEMO_LEVELS];
static _Thread_local size_t memo_size[MEMO_LEVELS];
static _Thread_local uint32_t memo_last;
/* The path state each level holds now: its captures and stamp, and the walk
 * (root stamp) it belongs to. A state met again in the same walk (the king
 * taken from another square of a (adQ0)0 path) takes its stamp back, so its
 * cells still say what was walked; any other state at that level gets a new
 * stamp. */
static _Thread_local struct {
  uint32_t root, stamp;
  Square caps[WALK_CAPS_MAX];
} memo_state[MEMO_LEVELS];

/* The queue of a memoised walk: a leg to walk from a square in a path state. */
typedef struct {
  uint16_t leg;
  bool ep_set;
  uint8_t cap_count;
  int from;
  uint32_t stamp;
  Square caps[WALK_CAPS_MAX];
} WalkItem;
static _Thread_local WalkItem *queue;
static _Thread_local size_t queue_len, queue_cap;

__attribute__((noinline)) static uint32_t walk_memo_stamp(void) {
  if (++memo_last == 0) { /* wrapped: forget every cell */
    for (int l = 0; l < MEMO_LEVELS; l++)
      if (memo_cells[l]) memset(memo_cells[l], 0, memo_size[l] * sizeof *memo_cells[l]);
    memset(memo_state, 0, sizeof memo_state);
    memo_last = 1;
  }
  return memo_last;
}

/* This thread's memo cells of the walk's current level, grown to the
 * program's legs x squares; NULL without memory. */
static WalkMemo *walk_memo_level(const Walk *w) {
  int level = 2 * w->cap_count + w->ep_set;
  size_t need = (size_t)w->prog->leg_count * (size_t)w->pos->geo.sq_nb;
  if (need > memo_size[level]) {
    WalkMemo *cells = calloc(need, sizeof *cells);
    if (!cells) return NULL;
    free(memo_cells[level]);
    memo_cells[level] = cells;
    memo_size[level] = need;
  }
  return memo_cells[level];
}

/* Starts a memoised walk; without memory the walk goes unmemoised
 * (depth-bounded, still right). */
static void walk_memo_begin(Walk *w) {
  w->cap_count = 0;
  w->ep_set = false;
  w->memo = walk_memo_level(w) != NULL;
  if (w->memo) w->stamp = w->root_stamp = walk_memo_stamp();
}

/* The stamp of the walk's current path state (captures and e.p. as they
 * are now): the one it had earlier in this walk, or a new one. */
static uint32_t walk_state_stamp(const Walk *w) {
  int level = 2 * w->cap_count + w->ep_set;
  if (memo_state[level].root == w->root_stamp &&
      !memcmp(memo_state[level].caps, w->caps, (size_t)w->cap_count * sizeof w->caps[0]))
    return memo_state[level].stamp;
  memo_state[level].root = w->root_stamp;
  memo_state[level].stamp = walk_memo_stamp();
  memcpy(memo_state[level].caps, w->caps, (size_t)w->cap_count * sizeof w->caps[0]);
  return memo_state[level].stamp;
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
  it->cap_count = (uint8_t)w->cap_count;
  it->stamp = w->stamp;
  memcpy(it->caps, w->caps, sizeof it->caps);
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
  Square caps[WALK_CAPS_MAX];
  memcpy(caps, w->caps, sizeof caps);
  for (size_t i = base; i < queue_len && !w->found; i++) {
    WalkItem it = queue[i];
    w->ep_set = it.ep_set;
    w->cap_count = it.cap_count;
    w->stamp = it.stamp;
    memcpy(w->caps, it.caps, sizeof w->caps);
    walk_leg(w, it.leg, it.from, 0);
  }
  queue_len = base;
  w->cap_count = cap_count;
  w->ep_set = ep_set;
  w->stamp = stamp;
  memcpy(w->caps, caps, sizeof caps);
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

/* The leg lands on sq holding cell: test it, act on it, go on to children. */
static void walk_land(Walk *w, const MoveLeg *leg, int sq, Piece cell, int depth) {
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
  bool capture = cell != PIECE_NONE && leg->effect == EFFECT_CAPTURE;
  /* "So far as not specifically allowed, the start square and the arrival
   * square cannot be equal" (MBN §2): allowed for the null leap (O, W00)
   * and after a leg that may capture and go on (aK--[K]: igui, pass) */
  bool ends =
      leg->flags & LEG_ENDS && (sq != w->origin || w->returns || !(leg->dx | leg->dy | leg->dz));
  if (ends && w->compulsory && leg->child_count) ends = !walk_compulsory_veto(w, leg, sq);
  if (ends && w->leg_mask && (leg->flags & w->leg_mask) != w->leg_want) ends = false;
  if (ends) {
    if (w->target >= 0) {
      if (capture && sq == w->target) w->found = true;
      for (int i = 0; i < w->cap_count; i++)
        if (w->caps[i] == w->target) w->found = true;
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
  bool pushed = capture && w->cap_count < WALK_CAPS_MAX;
  if (capture && !pushed) return;
  if (pushed) w->caps[w->cap_count++] = (Square)sq;
  if (!w->memo) {
    if (depth + 1 < WALK_DEPTH_MAX)
      for (int k = 0; k < leg->child_count && !w->found; k++)
        walk_leg(w, w->prog->children[leg->first_child + k], sq, depth + 1);
  } else {
    uint32_t stamp = w->stamp;
    size_t base = queue_len;
    if (pushed) w->stamp = walk_state_stamp(w);
    for (int k = 0; k < leg->child_count && !w->found; k++) {
      int child = w->prog->children[leg->first_child + k];
      if (!walk_push(w, child, sq)) walk_leg(w, child, sq, depth + 1);
    }
    if (pushed) walk_drain(w, base); /* the new path state, to its end */
    w->stamp = stamp;
  }
  if (pushed) w->cap_count--;
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
  if (leg->flags & LEG_PIECE_CONDITIONS && !walk_leg_allowed(w, leg)) return;
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
      if (land) walk_land(w, leg, sq, cell, depth);
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
          else if (!w->tactical && list->count < MOVE_LIST_MAX) /* tactical: never promotes */
            list->moves[list->count++] =
                move_make(origin, sq, MOVE_NORMAL, 0, EXTRA_NONE, EXTRA_NONE, flags);
        } else if (leg->flags & LEG_EP_CAPTURE && pos->st.ep_count && is_ep_square(pos, sq)) {
          Piece v = board[pos->st.ep_victim];
          if (piece_is_real(v) && piece_color(v) != us)
            walk_emit(w, sq, MOVE_EN_PASSANT, pos->st.ep_victim, true);
        }
      } else if (leg->occupancy & (piece_color(cell) != us ? OCC_ENEMY : OCC_FRIEND)) {
        if (direct && list->count < MOVE_LIST_MAX)
          list->moves[list->count++] =
              move_make(origin, sq, MOVE_NORMAL, 0, EXTRA_NONE, EXTRA_NONE, flags);
        else if (!direct)
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

/* Xiangqi's flying general is an attack on a square the royal passes while
 * castling: an open file from it to an enemy royal (Fairy-Stockfish,
 * synochess). */
static bool square_faces_royal(const Position *pos, int s, Color us) {
  const Geometry *geo = &pos->geo;
  const bool *royal = pos->tables->royal_either;
  for (int dir = -1; dir <= 1; dir += 2) {
    for (int r = geo_rank(geo, s) + dir; r >= 0 && r < geo->ranks; r += dir) {
      Piece p = pos->board[s + (r - geo_rank(geo, s)) * geo->files];
      if (p == PIECE_NONE) continue;
      if (piece_is_real(p) && piece_color(p) != us && royal[piece_type(p)]) return true;
      break;
    }
  }
  return false;
}

/* Castling: the royal and its partner go to their files; everything between
 * must be empty and the royal may not pass an attacked square. */
static void gen_castling(const Position *pos, MoveList *list) {
  const VariantRules *r = &pos->variant->rules;
  Color us = pos->side;
  Square royal = pos->st.castle_royal[us];
  if (!r->castling.enabled || royal == SQ_NONE) return;
  const Geometry *geo = &pos->geo;
  int start_attacked = -1; /* unknown yet */
  for (int side = 0; side < 2; side++) {
    Square partner = pos->st.castle_partner[us][side];
    if (partner == SQ_NONE) continue;
    Square royal_to, partner_to;
    pos_castling_squares(pos, us, side, royal, &royal_to, &partner_to);
    if (royal_to == SQ_NONE || partner_to == SQ_NONE) continue;
    int files[4] = {geo_file(geo, royal), geo_file(geo, royal_to), geo_file(geo, partner),
                    geo_file(geo, partner_to)};
    int lo = files[0], hi = files[0];
    for (int i = 1; i < 4; i++) {
      if (files[i] < lo) lo = files[i];
      if (files[i] > hi) hi = files[i];
    }
    /* the four files lie on the royal's rank: flat indices of one row */
    int row = royal - files[0];
    bool ok = true;
    if (pos->tables->bb64) {
      ok = bb64_castling_path_clear(pos, row, lo, hi, royal, partner);
    } else if (pos->tables->bb128) {
      ok = bb128_castling_path_clear(pos, row, lo, hi, royal, partner);
    } else {
      for (int f = lo; f <= hi && ok; f++) {
        int s = row + f;
        ok = s == royal || s == partner || pos->board[s] == PIECE_NONE;
      }
    }
    if (!ok) continue;
    /* Only a royal may not castle out of, through or into attack; a
     * non-royal castler (extinction variants' king) is never impeded. */
    if (!r->royal_may_be_exposed && pos->tables->royal_of[us][piece_type(pos->board[royal])]) {
      int a = geo_file(geo, royal), b = geo_file(geo, royal_to), dir = b >= a ? 1 : -1;
      /* Atomic (Fairy-Stockfish's pseudo-royal king): the path is tested
       * with the king lifted off its square and without the destination
       * (unless it is the start: never castle out of check), which the
       * legality test checks after the move. */
      bool lifted = r->atomic;
      Undo lift;
      if (lifted) pos_lift_piece((Position *)pos, royal, &lift);
      for (int f = a; ok && !(lifted && f == b && f != a); f += dir) {
        int s = row + f;
        if (f == a && !lifted) {
          /* the start square is asked once for both sides */
          if (start_attacked < 0) start_attacked = pos_royal_square_attacked(pos, s, us);
          if (start_attacked) ok = false;
        } else if (pos_royal_square_attacked(pos, s, us) ||
                   (r->kings_may_not_face && square_faces_royal(pos, s, us))) {
          ok = false;
        }
        if (f == b) break;
      }
      if (lifted) pos_unlift_piece((Position *)pos, &lift);
    }
    if (ok && list->count < MOVE_LIST_MAX)
      list->moves[list->count++] =
          move_make(royal, royal_to, MOVE_CASTLING, 0, partner, EXTRA_NONE, 0);
  }
}

static int square_color(const Geometry *geo, int sq) {
  return (geo_file(geo, sq) + geo_rank(geo, sq)) & 1;
}

/* drop{B}=opposite (Fairy-Stockfish's dropOppositeColoredBishop): the pieces
 * of such a type, on the board and in hand, must end up split between the
 * two square colours. A piece of the type may not join a colour that holds
 * its share already, and any other drop may not take a square that colour
 * still needs. */
static bool drop_colors_ok(const Position *pos, int type, int sq) {
  const Variant *v = pos->variant;
  const Geometry *geo = &pos->geo;
  Color us = pos->side;
  for (int t = 0; t < v->piece_count; t++) {
    if (!v->rules.drop_opposite[t]) continue;
    int total = pos->hand[us][t], on[2] = {0, 0};
    for (int i = 0; i < pos->pcount[us]; i++) {
      int s = pos->plist[us][i];
      if (piece_type(pos->board[s]) != t) continue;
      total++;
      on[square_color(geo, s)]++;
    }
    if (t == type) {
      if (on[square_color(geo, sq)] + 1 > (total + 1) / 2) return false;
      continue;
    }
    const uint8_t *zone = v->rules.drop_zone[us][t];
    int room[2] = {on[0], on[1]};
    for (int s = 0; s < geo->sq_nb; s++)
      if (s != sq && pos->board[s] == PIECE_NONE && (!zone || zone[s]))
        room[square_color(geo, s)]++;
    if (room[0] < total / 2 || room[1] < total / 2) return false;
  }
  return true;
}

/* The square of a line (from `start`, steps of (dx, dy)) that Fairy-
 * Stockfish's enclosingDrop = anyside allows: when the entry square `edge`
 * is empty, the lowest-indexed empty square next to a piece in direction
 * (px, py), or on the far edge. Lowest index, as its lsb picks it: from the
 * top and the right that is the square nearest the bottom or the left. */
static int anyside_square(const Position *pos, int start, int dx, int dy, int edge, int px,
                          int py) {
  const Geometry *geo = &pos->geo;
  if (pos->board[edge] != PIECE_NONE) return -1;
  int best = -1;
  for (Square s = (Square)start; s != SQ_NONE; s = geo_step(geo, s, dx, dy, 0, false, false)) {
    if (pos->board[s] != PIECE_NONE) continue;
    Square next = geo_step(geo, s, px, py, 0, false, false);
    if ((next == SQ_NONE || pos->board[next] != PIECE_NONE) && (best < 0 || s < best)) best = s;
  }
  return best;
}

/* drop=anyside (cfour-anyside): the squares a stone pushed in from each
 * edge may take, marked in allowed[]. */
static void anyside_squares(const Position *pos, uint8_t *allowed) {
  const Geometry *geo = &pos->geo;
  memset(allowed, 0, (size_t)geo->sq_nb);
  int files = geo->files, ranks = geo->ranks;
  for (int r = 0; r < ranks; r++) {
    int a = geo_square(geo, 0, r, 0), h = geo_square(geo, files - 1, r, 0);
    int s1 = anyside_square(pos, a, 1, 0, a, 1, 0);  /* from the a-file, eastward */
    int s2 = anyside_square(pos, a, 1, 0, h, -1, 0); /* from the last file */
    if (s1 >= 0) allowed[s1] = 1;
    if (s2 >= 0) allowed[s2] = 1;
  }
  for (int f = 0; f < files; f++) {
    int b = geo_square(geo, f, 0, 0), top = geo_square(geo, f, ranks - 1, 0);
    int s1 = anyside_square(pos, b, 0, 1, b, 0, 1);    /* from the first rank, upward */
    int s2 = anyside_square(pos, b, 0, 1, top, 0, -1); /* from the last rank */
    if (s1 >= 0) allowed[s1] = 1;
    if (s2 >= 0) allowed[s2] = 1;
  }
}

/* drop=apart (snort): an enemy piece on a square next to sq along a rank
 * or file. */
static bool drop_touches_enemy(const Position *pos, int sq) {
  static const int steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (int i = 0; i < 4; i++) {
    Square s = geo_step(&pos->geo, sq, steps[i][0], steps[i][1], 0, false, false);
    if (s != SQ_NONE && piece_is_real(pos->board[s]) && piece_color(pos->board[s]) != pos->side)
      return true;
  }
  return false;
}

static bool is_theirs(Piece p, Color us) {
  return piece_is_real(p) && piece_color(p) != us;
}
static bool is_ours(Piece p, Color us) {
  return piece_is_real(p) && piece_color(p) == us;
}

/* drop=near (ataxx): a piece of the mover's on one of the eight squares
 * around sq. */
static bool drop_near_own(const Position *pos, int sq) {
  for (int d = 0; d < 8; d++) {
    Square s = geo_step(&pos->geo, sq, GEO_KING_STEPS[d][0], GEO_KING_STEPS[d][1], 0, false, false);
    if (s != SQ_NONE && is_ours(pos->board[s], pos->side)) return true;
  }
  return false;
}

/* drop=enclose (reversi), as Fairy-Stockfish's enclosingDrop = reversi
 * tests it: an enemy piece next to sq, and in some direction a run of one or
 * more squares ending in a piece of the mover's. The run may hold enemy
 * pieces and walls: its test treats walls ('*') as transparent, while the
 * flip itself stops at them (annexation may thus drop where nothing turns). */
static bool drop_encloses(const Position *pos, int sq) {
  const Geometry *geo = &pos->geo;
  Color us = pos->side;
  bool touches = false;
  for (int d = 0; d < 8 && !touches; d++) {
    Square s = geo_step(geo, sq, GEO_KING_STEPS[d][0], GEO_KING_STEPS[d][1], 0, false, false);
    touches = s != SQ_NONE && is_theirs(pos->board[s], us);
  }
  if (!touches) return false;
  for (int d = 0; d < 8; d++) {
    int dx = GEO_KING_STEPS[d][0], dy = GEO_KING_STEPS[d][1], run = 0;
    Square s = geo_step(geo, sq, dx, dy, 0, false, false);
    while (s != SQ_NONE && (pos->board[s] == PIECE_WALL || is_theirs(pos->board[s], us))) {
      run++;
      s = geo_step(geo, s, dx, dy, 0, false, false);
    }
    if (run && s != SQ_NONE && is_ours(pos->board[s], us)) return true;
  }
  return false;
}

/* Where a drop may go besides empty squares, its zone and its type's
 * mobility: the connect-four and reversi families' rules, set up once per
 * gen_drops call. */
typedef struct {
  bool anyside, apart, stacked, opening_open, enclose, near;
  const uint8_t *opening;
  uint8_t *anyside_squares;
} DropPlacement;

static __attribute__((noinline)) bool drop_placement_ok(const Position *pos,
                                                        const DropPlacement *pl, int sq) {
  const Geometry *geo = &pos->geo;
  if (pl->anyside && !pl->anyside_squares[sq]) return false;
  if (pl->apart && drop_touches_enemy(pos, sq)) return false;
  /* drop=stacked (connect four): on the first rank or on a piece */
  if (pl->stacked && geo_rank(geo, sq) > 0 &&
      pos->board[geo_step(geo, sq, 0, -1, 0, false, false)] == PIECE_NONE)
    return false;
  if (pl->opening_open && !pl->opening[sq]) return false;
  if (pl->near && !drop_near_own(pos, sq)) return false;
  return !pl->enclose || drop_encloses(pos, sq);
}

/* drop=opening[..]: while one of its squares is empty, drops go there
 * only, instead of where enclose or near would allow. */
static void drop_placement_init(const Position *pos, DropPlacement *pl, uint8_t *anyside) {
  const VariantRules *r = &pos->variant->rules;
  *pl = (DropPlacement){.anyside = r->drop_anyside,
                        .apart = r->drop_apart,
                        .stacked = r->drop_stacked,
                        .opening = r->drop_opening,
                        .anyside_squares = anyside};
  if (pl->anyside) anyside_squares(pos, anyside);
  for (int sq = 0; pl->opening && sq < pos->geo.sq_nb && !pl->opening_open; sq++)
    pl->opening_open = pl->opening[sq] && pos->board[sq] == PIECE_NONE;
  pl->enclose = r->drop_enclose && !pl->opening_open;
  pl->near = r->drop_near && !pl->opening_open;
}

static void gen_drops(const Position *pos, MoveList *list, const TypeSet *only) {
  const Variant *v = pos->variant;
  const BoardTables *t = pos->tables;
  Color us = pos->side;
  const Geometry *geo = &pos->geo;
  static _Thread_local uint8_t anyside[SQUARE_MAX];
  /* set up only where such a rule applies: one test per square elsewhere */
  bool placed = t->drop_placed;
  DropPlacement pl;
  if (placed) drop_placement_init(pos, &pl, anyside);
  bool opposite = false;
  for (int type = 0; type < v->piece_count; type++) opposite |= v->rules.drop_opposite[type];
  for (int type = 0; type < v->piece_count; type++) {
    if (!pos->hand[us][type] && !type_set_has(&v->rules.drop_free, type)) continue;
    if (only && !type_set_has(only, type)) continue;
    int limit = v->rules.per_file_limit[type];
    const uint8_t *mobile = t->mobile[type][us], *zone = v->rules.drop_zone[us][type];
    bool immobile_ok = (v->rules.drop_promoted || v->rules.drop_immobile) &&
                       !type_set_has(&v->rules.immobility_illegal, type);
    for (int sq = 0; sq < geo->sq_nb; sq++) {
      /* Fairy-Stockfish refuses drops where the piece could never move only
       * under immobilityIllegal (pieces{..}=mobile); kyotoshogi's pawn
       * (drop=promoted) and dobutsu's chick (drop=immobile) may be dropped
       * on the last rank. Elsewhere an immobile drop stays refused: pieces
       * confined by their moves (xiangqi's advisor) may not be dropped
       * outside their area. */
      if (pos->board[sq] != PIECE_NONE) continue;
      if (!mobile[sq] && !immobile_ok) continue;
      if (zone && !zone[sq]) continue;
      if (placed && !drop_placement_ok(pos, &pl, sq)) continue;
      if (limit > 0) {
        int n = 0;
        for (int r = 0; r < geo->ranks; r++) {
          Piece p = pos->board[geo_square(geo, geo_file(geo, sq), r, geo_level(geo, sq))];
          n += piece_is_real(p) && piece_color(p) == us && piece_type(p) == type;
        }
        if (n >= limit) continue;
      }
      if (opposite && !drop_colors_ok(pos, type, sq)) continue;
      if (list->count < MOVE_LIST_MAX)
        list->moves[list->count++] =
            move_make(sq, sq, MOVE_DROP, type + 1, EXTRA_NONE, EXTRA_NONE, 0);
      /* drop=promoted: either side up (kyotoshogi). */
      if (v->rules.drop_promoted && type_set_any(v->pieces[type].promotes_to) &&
          list->count < MOVE_LIST_MAX)
        list->moves[list->count++] =
            move_make(sq, sq, MOVE_DROP, type + 1, EXTRA_NONE, EXTRA_NONE, MOVE_FLAG_DROP_PROMOTED);
    }
  }
}

/* Seirawan gating: a move leaving a gate (an unmoved piece on the gating
 * squares) may bring any piece of the hand onto the vacated square; castling
 * may gate on the royal's or the partner's start. Fairy-Stockfish gates
 * normal and castling moves only, never multi-capture moves. */
static void gen_gating(const Position *pos, MoveList *list) {
  const VariantRules *r = &pos->variant->rules;
  Color us = pos->side;
  const uint8_t *zone = r->gating_zone[us];
  int n = list->count;
  for (int i = 0; i < n; i++) {
    Move m = list->moves[i];
    MoveKind kind = move_kind(m);
    if (kind != MOVE_NORMAL && kind != MOVE_CASTLING) continue;
    if (kind == MOVE_NORMAL && move_extra2(m) != EXTRA_NONE) continue;
    /* The gate must be empty after the move: a Chess960 castling may land
     * the royal or the partner on the other's start. */
    Square royal_to = SQ_NONE, partner_to = SQ_NONE;
    if (kind == MOVE_CASTLING) {
      int side = geo_file(&pos->geo, move_extra1(m)) > geo_file(&pos->geo, move_from(m)) ? 0 : 1;
      pos_castling_squares(pos, us, side, move_from(m), &royal_to, &partner_to);
    } else if (move_to(m) == move_from(m)) {
      continue;
    }
    for (int partner = 0; partner < 1 + (kind == MOVE_CASTLING); partner++) {
      int gate = partner ? move_extra1(m) : move_from(m);
      if (!(pos->board[gate] & PIECE_UNMOVED) || (zone && !zone[gate])) continue;
      if (gate == royal_to || gate == partner_to) continue;
      for (int type = 0; type < pos->variant->piece_count; type++) {
        /* Fairy-Stockfish gates only where the type may also be dropped. */
        const uint8_t *drop_zone = r->drop_zone[us][type];
        if (pos->hand[us][type] && (!drop_zone || drop_zone[gate]) && list->count < MOVE_LIST_MAX)
          list->moves[list->count++] = move_with_gate(m, type, partner);
      }
    }
  }
}

/* turn=pass: one pass, written as the royal moving to its own square
 * (e2e2) as Fairy-Stockfish does; it is legal unless the royal is attacked. */
static void gen_pass(const Position *pos, MoveList *list) {
  Color us = pos->side;
  for (int i = 0; i < pos->pcount[us]; i++) {
    int sq = pos->plist[us][i];
    if (!pos->tables->royal_of[us][piece_type(pos->board[sq])]) continue;
    if (list->count < MOVE_LIST_MAX)
      list->moves[list->count++] = move_make(sq, sq, MOVE_PASS, 0, EXTRA_NONE, EXTRA_NONE, 0);
    return;
  }
}

/* wall=edge: sq is on the board's edge or orthogonally next to a wall. */
static bool wall_edge_ok(const Position *pos, int sq) {
  const Geometry *geo = &pos->geo;
  int f = geo_file(geo, sq), rk = geo_rank(geo, sq);
  if (f == 0 || rk == 0 || f == geo->files - 1 || rk == geo->ranks - 1) return true;
  static const int steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (int i = 0; i < 4; i++) {
    Square n = geo_step(geo, sq, steps[i][0], steps[i][1], 0, false, false);
    if (n != SQ_NONE && pos->board[n] == PIECE_WALL) return true;
  }
  return false;
}

/* wall=arrow: marks in reach the empty squares the piece moved by m could
 * move to next, from where it lands (Fairy-Stockfish's moves_bb from `to`
 * with `from` vacated): the move is made, the piece's moves listed, unmade. */
static void wall_arrow_reach(const Position *pos, Move m, uint8_t *reach) {
  static _Thread_local MoveList next;
  Position *p = (Position *)pos; /* make/unmake restores it exactly */
  Undo undo;
  pos_make_move(p, m, &undo);
  p->side = (Color)!p->side;
  next.count = 0;
  if (piece_is_real(p->board[move_to(m)])) gen_piece_moves(p, move_to(m), &next);
  for (int i = 0; i < next.count; i++)
    if (move_kind(next.moves[i]) == MOVE_NORMAL && p->board[move_to(next.moves[i])] == PIECE_NONE)
      reach[move_to(next.moves[i])] = 1;
  p->side = (Color)!p->side;
  pos_unmake_move(p, &undo);
}

/* wall=...: every board move also places a wall (Fairy-Stockfish's walling),
 * one move per square the wall may take: a square empty after the move (the
 * mover's start included, its destination not), in wall[..]'s squares, and
 * by the rule: arrow where the moved piece could move next, past on the
 * start, edge on the board's edge or next to a wall, duck and static
 * anywhere. Drops place no wall. With wall=ormove the moves place none and a
 * side may place a wall instead, written as a pass of its piece on the
 * lowest square (a1a1,a1a3). */
static void gen_walls(const Position *pos, MoveList *list) {
  const VariantRules *r = &pos->variant->rules;
  const Geometry *geo = &pos->geo;
  Color us = pos->side;
  const uint8_t *zone = r->wall_zone[us];
  int sq_nb = geo->sq_nb;
  /* where a wall may go, occupancy aside */
  static _Thread_local uint8_t rule_ok[SQUARE_MAX], reach[SQUARE_MAX];
  for (int sq = 0; sq < sq_nb; sq++)
    rule_ok[sq] = pos->board[sq] != PIECE_WALL && (!zone || zone[sq]) &&
                  (r->wall_rule != WALL_EDGE || wall_edge_ok(pos, sq));
  if (r->wall_or_move) {
    int lowest = -1;
    for (int i = 0; i < pos->pcount[us]; i++)
      if (lowest < 0 || pos->plist[us][i] < lowest) lowest = pos->plist[us][i];
    if (lowest < 0) return;
    Move pass = move_make(lowest, lowest, MOVE_PASS, 0, EXTRA_NONE, EXTRA_NONE, 0);
    for (int sq = 0; sq < sq_nb && list->count < MOVE_LIST_MAX; sq++)
      if (rule_ok[sq] && pos->board[sq] == PIECE_NONE)
        list->moves[list->count++] = move_with_wall(pass, sq);
    return;
  }
  static _Thread_local Move base[MOVE_LIST_MAX];
  int n = list->count;
  memcpy(base, list->moves, (size_t)n * sizeof(Move));
  list->count = 0;
  for (int i = 0; i < n; i++) {
    Move m = base[i];
    MoveKind kind = move_kind(m);
    if (kind == MOVE_DROP) {
      list->moves[list->count++] = m;
      continue;
    }
    int from = move_from(m), to = move_to(m);
    /* squares the move empties and fills besides from and to */
    int vacated = EXTRA_NONE, filled1 = to, filled2 = to;
    if (kind == MOVE_EN_PASSANT || (kind == MOVE_NORMAL && move_extra1(m) != EXTRA_NONE))
      vacated = move_extra1(m);
    if (kind == MOVE_CASTLING) {
      Square royal_to, partner_to;
      int side = geo_file(geo, move_extra1(m)) > geo_file(geo, from) ? 0 : 1;
      pos_castling_squares(pos, us, side, from, &royal_to, &partner_to);
      vacated = move_extra1(m);
      filled1 = royal_to;
      filled2 = partner_to;
    }
    if (r->wall_rule == WALL_ARROW) {
      memset(reach, 0, (size_t)sq_nb);
      wall_arrow_reach(pos, m, reach);
    }
    int lo = r->wall_rule == WALL_PAST ? from : 0,
        hi = r->wall_rule == WALL_PAST ? from + 1 : sq_nb;
    for (int sq = lo; sq < hi && list->count < MOVE_LIST_MAX; sq++) {
      if (!rule_ok[sq] || sq == filled1 || sq == filled2) continue;
      if (pos->board[sq] != PIECE_NONE && !(sq == from && from != to) && sq != vacated) continue;
      if (r->wall_rule == WALL_ARROW && !reach[sq]) continue;
      list->moves[list->count++] = move_with_wall(m, sq);
    }
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
  if (move_kind(m) != MOVE_NORMAL && move_kind(m) != MOVE_EN_PASSANT) return -1;
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
  w.leg_mask = (uint16_t)mask;
  w.leg_want = (uint16_t)want;
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
  gen_castling(pos, list);
  if (pos->variant->rules.drops) gen_drops(pos, list, NULL);
}

/* drop{..}=compulsory: the side to move holds a piece of the set in hand. */
static bool drop_compulsory_now(const Position *pos) {
  const VariantRules *r = &pos->variant->rules;
  if (!r->drops || !r->drop_compulsory) return false;
  for (int t = 0; t < pos->variant->piece_count; t++)
    if (pos->hand[pos->side][t] && type_set_has(&r->drop_compulsory_set, t)) return true;
  return false;
}

int gen_pseudo_moves(const Position *pos, MoveList *list) {
  const VariantRules *r = &pos->variant->rules;
  list->count = 0;
  if (drop_compulsory_now(pos)) {
    /* While a hand holds pieces of the compulsory set, dropping one of them
     * is the only kind of move (unless no such drop is legal:
     * gen_legal_moves asks gen_pseudo_board_moves then, which has no drops,
     * as Fairy-Stockfish's mustDrop with its mustDropType). */
    gen_drops(pos, list, &r->drop_compulsory_set);
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
  gen_castling(pos, list);
  if (r->gating) gen_gating(pos, list);
  if (r->pass_allowed) gen_pass(pos, list);
  if (r->drops && !drop_compulsory_now(pos)) gen_drops(pos, list, NULL);
  if (r->wall_rule) gen_walls(pos, list);
  return list->count;
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
