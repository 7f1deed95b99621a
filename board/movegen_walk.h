/* movegen_walk.h — the state of one walk through a piece's leg graph,
 * shared by move generation and attack tests. Internal to board/. */
#ifndef CHIMERA_BOARD_MOVEGEN_WALK_H
#define CHIMERA_BOARD_MOVEGEN_WALK_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "board/move.h"
#include "board/position.h"
#include "board/tables.h"

#define WALK_DEPTH_MAX 16 /* legs in one move: bounds cyclic graphs */
/* A memoised program (BoardTables.memo) is walked breadth first from a
 * queue instead: each (leg, square, path state) once, with no bound on the
 * legs of a move, so a complex rider may cross the largest board (36x36)
 * without its paths multiplying. */

/* One memo cell: the path state (stamp) the leg was last walked in from
 * this square. */
typedef struct {
  uint32_t stamp;
} WalkMemo;

/* A capture made on the way, in a list of the walk's captures, newest
 * first. Each node lives in the frame of the walk_land that made the
 * capture, which walks everything that follows it (directly, or by
 * draining the queue) before it returns; so a move may capture any number
 * of pieces. */
typedef struct WalkCap {
  Square sq;
  const struct WalkCap *prev;
  bool flip; /* the piece there was flipped to the other colour (MBN's x), not captured */
} WalkCap;

/* Path states (captures made) one walk of a memoised program may enter:
 * on a crowded board a piece that captures and goes on again and again,
 * (adW)0, has exponentially many capture sequences. A walk that would
 * enter more stops capturing on its way and says so once on stderr
 * (movegen.c); a real position comes nowhere near it. */
#define WALK_STATES_MAX (1u << 12)

typedef struct {
  const Position *pos;
  Color us;
  int type, origin;
  const MoveProgram *prog;
  const Square *next;  /* next-square rows of this program's legs */
  const WalkCap *caps; /* the captures made on the way, newest first */
  int cap_count;
  uint32_t states; /* memoised programs: path states entered in this walk */
  bool ep_set;
  bool dedup;       /* multi-leg programs may reach one move by several paths */
  bool tactical;    /* generation mode: only captures and promotions (pos_is_tactical) */
  bool returns;     /* BoardTables.returns of the piece: may end on its start */
  bool compulsory;  /* the piece has compulsory legs (LEG_COMPULSORY) */
  int8_t unblocked; /* u (LEG_UNBLOCKED): whether no such leg of the piece meets an enemy first
                     * (1), or not (0); -1 until a u leg asks */
  int piece_start;
  /* memoised programs: the stamp naming the current path state (captures
   * made, e.p. set) in this thread's memo (movegen.c) */
  uint32_t stamp;
  uint32_t root_stamp; /* the stamp the walk started with: names the walk */
  MoveList *list;      /* generation mode */
  int target;          /* attack mode: the square to capture on, else -1 */
  bool found;
  /* attack mode, asking an attack condition ({C}W2, [+]): a piece of the
   * walker's own colour on the target counts as one it could take (the
   * square is attacked if defended), and legs with attack conditions are
   * left out (conditions do not recurse) */
  bool condition;
  bool memo; /* walked through the memo and queue (BoardTables.memo) */
  /* attack mode: if set, every board cell the walk reads is marked here
   * (one bit per square), so a caller can tell which moves may change the
   * answer (legal.c's watch lists) */
  uint64_t *reads;
  /* generation mode: emit only moves whose last leg's flags, masked by
   * leg_mask, equal leg_want (leg_rules.c asks which legs make a move);
   * 0 and 0 for every move */
  uint32_t leg_mask, leg_want;
} Walk;

/* Every walk starts from the same state: all fields zero (no captures, no
 * e.p., no leg filter, no read marks), then the position, the colour that
 * walks, the target (attack mode; -1 in generation mode) and the move list
 * (generation mode; NULL in attack mode). Written once so that a field added
 * to Walk starts the same in every generator and attack test. */
static inline void walk_init(Walk *w, const Position *pos, Color us, int target, MoveList *list) {
  memset(w, 0, sizeof *w);
  w->pos = pos;
  w->us = us;
  w->target = target;
  w->list = list;
}

/* Walks every move of the piece on sq (w->us must be its colour). */
void walk_piece(Walk *w, int sq);

/* The moves of the piece on sq (its colour's) that end on a leg whose flags,
 * masked by mask, equal want, into list (cleared first): always the leg
 * walker, never the bitboards, so it sees every leg's flags. For types with
 * flags the plain loop does not take (LEG_NO_CHECK, LEG_DECISIVE). */
int gen_piece_moves_by_legs(const Position *pos, int sq, unsigned mask, unsigned want,
                            MoveList *list);
/* Appends the pseudo-legal moves of the piece on sq (side to move's). */
void gen_piece_moves(const Position *pos, int sq, MoveList *list);
/* Appends the moves of the legs a bitboard-generated piece's masks leave
 * out (only for types with BoardTables.bb gen_ok). */
void gen_piece_special(const Position *pos, int sq, MoveList *list);
/* Appends the e.p. captures of the piece on sq (bitboard-generated types). */
void gen_piece_ep(const Position *pos, int sq, MoveList *list);
/* Whether a royal of colour c standing on sq would be attacked (atomic:
 * not when next to an enemy royal, and royals never attack). */
bool pos_royal_square_attacked(const Position *pos, int sq, Color c);
/* promotion=sittuyin: appends the promotions standing pawns may make
 * (board/promotion_sittuyin.c). */
void gen_sittuyin_promotions(const Position *pos, MoveList *list);
/* ?#K=[*]O (MBN §2, docs/mbn.md decision 46): whether one of the null legs
 * of a promotion's precondition holds for colour us's piece on sq, in the
 * position as it is (before the move): its ranges and conditions. */
bool walk_precondition_holds(const Position *pos, Color us, int sq, const MoveProgram *prog);
/* Appends castling and drops. */
void gen_rule_moves(const Position *pos, MoveList *list);

/* Whether a piece of colour `by` attacks sq by its own program: the walker
 * part of every attack test (legal.c's and the attack conditions'), inline
 * because attack tests are hot. Pieces of the `exclude` types and those the
 * bitboards answered for (`answered`, per type and colour) are skipped, as is
 * a piece on sq itself; the reach filter drops pieces that cannot get there.
 * `condition`: asked by an attack condition (Walk.condition). */
static inline bool walk_square_attacked(const Position *pos, int sq, Color by,
                                        const TypeSet *exclude, const bool *answered,
                                        bool condition) {
  const BoardTables *t = pos->tables;
  const Geometry *geo = &pos->geo;
  int tf = geo_file(geo, sq), tr = geo_rank(geo, sq);
  Walk w;
  walk_init(&w, pos, by, sq, NULL);
  w.condition = condition;
  for (int i = 0; i < pos->pcount[by]; i++) {
    int from = pos->plist[by][i];
    int type = piece_type(pos->board[from]);
    if (from == sq || (exclude && type_set_has(exclude, type))) continue;
    if (answered && answered[type * COLOR_NB + by]) continue;
    const uint8_t *reach = t->reach[type][by];
    if (reach && !reach[tables_reach_cell(geo, tf - geo_file(geo, from), tr - geo_rank(geo, from))])
      continue;
    walk_piece(&w, from);
    if (w.found) return true;
  }
  return false;
}

#endif
