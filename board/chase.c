/* chase.c — xiangqi's perpetual chasing (see chase.h).
 *
 * Fairy-Stockfish's Position::chased() names its piece types (rook, horse,
 * cannon, elephant, advisor, soldier, king) and computes attacks on its
 * bitboards. Here the roles come from the rule (chase_rank) and every
 * question is asked of the board's own move generation, on the position
 * made, passed (null move) or with pieces lifted and put back: which
 * captures the chasing side has (gen_pseudo_moves), who protects or takes
 * back (gen_captures_of), what attacks a royal (gen_captures_of on its
 * square) and whether royals face (pos_royals_face). It runs once per move
 * of a game, and at the rare repetition nodes of the search, only where the
 * rule is set, so it trades speed for having no second move generator.
 *
 * It follows Fairy-Stockfish's definitions where they are a choice, not an
 * approximation: a new attack of the moved piece is any capture from its
 * destination but along the line it slid on (where only those it would not
 * have had there before the move count), of any other piece one it did not
 * have before; a root counts the royal even where another attacker would
 * make its recapture illegal; pins are blockers by square. Where
 * Fairy-Stockfish's attack tables ignore a piece's region (an elephant
 * across the river, an advisor out of its palace, an uncrossed soldier's
 * sideways step) or its flying-general pin ignores the enemy pieces on the
 * file, the pieces' real moves decide here: over 10,760 plies of random
 * games the chased sets differ in those 7 only (tests/unit/test_board_chase.c).
 */
#include "board/chase.h"

#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/rules_royalty.h"
#include "board/tables.h"

#define CHASE_ATTACKERS_MAX 64

typedef struct {
  int16_t from, to;
} Attack;

typedef struct {
  Attack *list;
  int count;
} Attacks;

/* The working memory of pos_chase_record (about 220 kB: kept by a caller
 * that records often, the search). */
struct ChaseScratch {
  MoveList moves;   /* generation */
  MoveList answers; /* the other side's replies (gen_captures_of) */
  Attacks before, after, at_to;
  Attack lists[3 * MOVE_LIST_MAX]; /* the three Attacks' entries */
};

ChaseScratch *chase_scratch_new(void) {
  ChaseScratch *s = malloc(sizeof *s);
  if (!s) return NULL;
  s->before.list = s->lists;
  s->after.list = s->lists + MOVE_LIST_MAX;
  s->at_to.list = s->lists + 2 * MOVE_LIST_MAX;
  return s;
}

void chase_scratch_free(ChaseScratch *scratch) {
  free(scratch);
}

static void chase_add(ChasePly *out, int sq) {
  out->chased[sq >> 6] |= (uint64_t)1 << (sq & 63);
}

static bool chase_has(const uint64_t *set, int sq) {
  return set[sq >> 6] >> (sq & 63) & 1;
}

/* The same kind of piece (an unmoved flag aside). */
static bool chase_same(Piece a, Piece b) {
  return piece_is_real(a) && piece_is_real(b) && piece_color(a) == piece_color(b) &&
         piece_type(a) == piece_type(b);
}

static bool chase_is_royal(const Position *pos, int sq) {
  Piece p = pos->board[sq];
  return type_set_has(&pos->tables->royal_mask[piece_color(p)], piece_type(p));
}

/* The plain captures (from, to) of single enemy pieces by the side to move,
 * in pseudo-legal generation (a capture with promotions counted once). */
static void chase_attacks(const Position *pos, MoveList *list, Attacks *out) {
  gen_pseudo_moves(pos, list);
  out->count = 0;
  for (int i = 0; i < list->count; i++) {
    Move m = list->moves[i];
    if (move_kind(m) != MOVE_NORMAL || move_extra1(m) != EXTRA_NONE) continue;
    int from = move_from(m), to = move_to(m);
    Piece victim = pos->board[to];
    if (!piece_is_real(victim) || piece_color(victim) == pos->side || from == to) continue;
    Attack a = {(int16_t)from, (int16_t)to};
    if (out->count && out->list[out->count - 1].from == a.from &&
        out->list[out->count - 1].to == a.to)
      continue;
    out->list[out->count++] = a;
  }
}

static bool chase_attack_in(const Attacks *set, int from, int to) {
  for (int i = 0; i < set->count; i++)
    if (set->list[i].from == from && set->list[i].to == to) return true;
  return false;
}

/* Where a piece may be chased: a piece with moves limited to where it starts
 * (MBN's [6-10]sW) only where one of those is open to it, so an uncrossed
 * soldier is no target but a crossed one is. */
static bool chase_may_target(const Position *pos, int sq) {
  const Variant *v = pos->variant;
  Piece p = pos->board[sq];
  const MoveProgram *prog = &v->pieces[piece_type(p)].moves[piece_color(p)];
  bool limited = false;
  for (int r = 0; r < prog->root_count; r++) {
    uint16_t range = prog->legs[r].origin_range;
    if (range == MOVE_NONE) continue;
    if (v->ranges[range].member[sq]) return true;
    limited = true;
  }
  return !limited;
}

/* Whether the side to move has a legal capture of the piece on `to` (with
 * the piece on `from` only, unless from < 0). */
static bool chase_can_take(const Position *pos, int from, int to, MoveList *list) {
  int count = gen_captures_of(pos, to, list);
  for (int i = 0; i < count; i++)
    if ((from < 0 || move_from(list->moves[i]) == from) && pos_is_legal(pos, list->moves[i]))
      return true;
  return false;
}

/* The squares of the enemy pieces that attack a royal of colour c, into
 * from (room for LEGAL_PINNED_MAX); returns how many. */
static int chase_royal_attackers(Position *pos, Color c, int *from) {
  static _Thread_local MoveList list;
  Undo null;
  bool passed = pos->side == c;
  if (passed) pos_make_null(pos, &null);
  int n = 0;
  for (int i = 0; i < pos->pcount[c]; i++) {
    int sq = pos->plist[c][i];
    if (!chase_is_royal(pos, sq)) continue;
    int count = gen_captures_of(pos, sq, &list);
    for (int k = 0; k < count && n < CHASE_ATTACKERS_MAX; k++) from[n++] = move_from(list.moves[k]);
  }
  if (passed) pos_unmake_move(pos, &null);
  return n;
}

/* Whether the non-royal piece on sq shields a royal of colour c: without
 * it an enemy piece would attack the royal that does not now
 * (Fairy-Stockfish's blockers for the king, of either colour). */
static bool chase_shields(Position *pos, int sq, Color c) {
  if (chase_is_royal(pos, sq)) return false;
  int before[CHASE_ATTACKERS_MAX], after[CHASE_ATTACKERS_MAX];
  int before_nb = chase_royal_attackers(pos, c, before);
  Undo undo;
  pos_lift_piece(pos, sq, &undo);
  int after_nb = chase_royal_attackers(pos, c, after);
  pos_unlift_piece(pos, &undo);
  for (int i = 0; i < after_nb; i++) {
    bool known = false;
    for (int k = 0; k < before_nb && !known; k++) known = before[k] == after[i];
    if (!known) return true;
  }
  return false;
}

/* Whether the piece on `from` (colour c, not to move) protects its own
 * piece on `to`: it could capture there if an enemy piece of the same
 * type stood there. */
static bool chase_protects(Position *pos, int from, int to, MoveList *list) {
  Piece own = pos->board[to];
  Undo undo;
  pos_lift_piece(pos, to, &undo);
  pos_put_piece(pos, to, piece_make((Color)!piece_color(own), piece_type(own)), &undo);
  int count = gen_captures_of(pos, to, list);
  bool found = false;
  for (int i = 0; i < count && !found; i++) found = move_from(list->moves[i]) == from;
  pos_unlift_piece(pos, &undo);
  return found;
}

/* Whether the side to move's piece on sq may not leave it: it shields its
 * royal from attack, or (royals may not face) it stands between them. */
static bool chase_pinned(Position *pos, int sq) {
  if (chase_shields(pos, sq, pos->side)) return true;
  if (!pos->variant->rules.kings_may_not_face) return false;
  Undo undo;
  pos_lift_piece(pos, sq, &undo);
  bool faces = pos_royals_face(pos);
  pos_unlift_piece(pos, &undo);
  return faces;
}

/* Whether the side to move's piece on `from` could capture the enemy
 * piece on `to` (pseudo-legally). */
static bool chase_attacks_back(const Position *pos, int from, int to, MoveList *list) {
  int count = gen_captures_of(pos, to, list);
  for (int i = 0; i < count; i++)
    if (move_from(list->moves[i]) == from) return true;
  return false;
}

/* Whether the side to move's piece on `to`, attacked from `from`, has a
 * root, as Fairy-Stockfish counts them: a piece of its side that protects
 * it once the attacker has left `from` and is not pinned, or its royal, if
 * taking there would not leave the royals facing (it counts the royal even
 * where another attacker makes the recapture illegal). */
static bool chase_rooted(Position *pos, int from, int to, MoveList *list) {
  Color us = pos->side;
  Piece own = pos->board[to];
  Undo undo;
  pos_lift_piece(pos, from, &undo);
  pos_remove_piece(pos, to, &undo);
  pos_put_piece(pos, to, piece_make((Color)!us, piece_type(own)), &undo);
  int count = gen_captures_of(pos, to, list);
  int defenders[64], defender_nb = 0;
  for (int i = 0; i < count && defender_nb < 64; i++) {
    int d = move_from(list->moves[i]);
    if (!defender_nb || defenders[defender_nb - 1] != d) defenders[defender_nb++] = d;
  }
  bool rooted = false;
  for (int i = 0; i < defender_nb && !rooted; i++) {
    int d = defenders[i];
    if (!chase_is_royal(pos, d)) continue;
    if (!pos->variant->rules.kings_may_not_face) {
      rooted = true;
      continue;
    }
    Undo step;
    pos_lift_piece(pos, to, &step);
    pos_move_piece(pos, d, to, &step);
    rooted = !pos_royals_face(pos);
    pos_unlift_piece(pos, &step);
  }
  pos_unlift_piece(pos, &undo);
  for (int i = 0; i < defender_nb && !rooted; i++)
    rooted = !chase_is_royal(pos, defenders[i]) && !chase_pinned(pos, defenders[i]);
  return rooted;
}

/* With the chasing side to move (after a null move): whether its capture
 * from -> to leaves the other side no legal capture of the capturer. */
static bool chase_wins_piece(Position *pos, int from, int to, ChaseScratch *s) {
  gen_pseudo_moves(pos, &s->moves);
  for (int i = 0; i < s->moves.count; i++) {
    Move m = s->moves.moves[i];
    if (move_kind(m) != MOVE_NORMAL || move_from(m) != from || move_to(m) != to ||
        move_extra1(m) != EXTRA_NONE)
      continue;
    Undo undo;
    pos_make_move(pos, m, &undo);
    bool recapture = chase_can_take(pos, -1, to, &s->answers);
    pos_unmake_move(pos, &undo);
    return !recapture;
  }
  return false;
}

/* Whether the move brought a piece from one square to another (not a drop). */
static bool chase_moved(Move move) {
  MoveKind kind = move_kind(move);
  return (move_is_normal(move) || kind == MOVE_EN_PASSANT) && move_from(move) != move_to(move);
}

static int chase_gcd(int a, int b) {
  a = abs(a), b = abs(b);
  while (b) {
    int r = a % b;
    a = b, b = r;
  }
  return a;
}

/* Whether the move slid the piece along a line of its moves (a rider's
 * step repeated: the chariot's and the cannon's moves, not the advisor's
 * or the elephant's) and sq lies on that line: Fairy-Stockfish leaves those
 * targets to the discovered attacks (its line_bb(from, to) for rooks and
 * cannons), where only those the piece did not see before count. */
static bool chase_on_slide(const Position *pos, Move move, int sq) {
  const Geometry *geo = &pos->geo;
  int from = move_from(move), to = move_to(move);
  int dx = geo_file(geo, to) - geo_file(geo, from), dy = geo_rank(geo, to) - geo_rank(geo, from);
  int tx = geo_file(geo, sq) - geo_file(geo, from), ty = geo_rank(geo, sq) - geo_rank(geo, from);
  if (dx * ty != dy * tx) return false;
  int g = chase_gcd(dx, dy);
  dx /= g, dy /= g;
  Piece p = pos->board[to];
  const MoveProgram *prog = &pos->variant->pieces[piece_type(p)].moves[piece_color(p)];
  for (int r = 0; r < prog->root_count; r++) {
    const MoveLeg *leg = &prog->legs[r];
    if (leg->dx == dx && leg->dy == dy && leg->max_steps > 1) return true;
  }
  return false;
}

/* The captures the moved piece would have from its destination with the
 * board as it was before the move (its origin still occupied): what
 * Fairy-Stockfish compares its attacks with to find discovered ones. */
static void chase_attacks_at(Position *prior, int sq, Piece piece, ChaseScratch *s) {
  Undo undo;
  pos_lift_piece(prior, sq, &undo);
  pos_put_piece(prior, sq, piece, &undo);
  chase_attacks(prior, &s->moves, &s->at_to);
  pos_unlift_piece(prior, &undo);
}

/* Direct and discovered attacks: each new capture of a chasing piece. As
 * Fairy-Stockfish: the moved piece's captures count but for those along
 * the line it slid on, and with them those it would not have had from
 * there on the board before the move; another piece's count if it did not
 * have them before the move. */
static void chase_new_attacks(Position *pos, Move move, ChaseScratch *s, ChasePly *out) {
  const uint8_t *rank = pos->variant->rules.chase_rank;
  bool moved = chase_moved(move);
  for (int i = 0; i < s->after.count; i++) {
    int from = s->after.list[i].from, to = s->after.list[i].to;
    int attacker = piece_type(pos->board[from]), target = piece_type(pos->board[to]);
    if (!rank[attacker] || chase_is_royal(pos, from) || chase_has(out->chased, to)) continue;
    if (from != move_to(move) || !moved) {
      if (chase_attack_in(&s->before, from, to)) continue;
    } else if (chase_on_slide(pos, move, to) && chase_attack_in(&s->at_to, from, to)) {
      continue;
    }
    if (chase_is_royal(pos, to) || !chase_may_target(pos, to)) continue;
    /* a stronger piece is chased, protected or not */
    if (rank[target] && rank[target] < rank[attacker]) {
      chase_add(out, to);
      continue;
    }
    /* a piece of the same type that attacks back, unpinned: a mutual attack */
    if (target == attacker && chase_attacks_back(pos, to, from, &s->answers) &&
        !chase_pinned(pos, to))
      continue;
    if (!chase_rooted(pos, from, to, &s->answers)) chase_add(out, to);
  }
}

/* Fake roots and discovered checks: pieces of the side to move (us) that
 * the move newly pinned, and pieces of the mover newly shielding our
 * royal; prior is the position before the move. */
static void chase_new_shields(Position *pos, Position *prior, ChaseScratch *s, ChasePly *out) {
  Color us = pos->side, them = (Color)!us;
  for (int i = 0; i < pos->pcount[us]; i++) {
    int pinned = pos->plist[us][i];
    if (chase_is_royal(pos, pinned) || !chase_shields(pos, pinned, us)) continue;
    if (chase_same(prior->board[pinned], pos->board[pinned]) && chase_shields(prior, pinned, us))
      continue;
    /* what it protected now hangs wherever an unpinned enemy attacks it */
    for (int k = 0; k < s->after.count; k++) {
      int from = s->after.list[k].from, to = s->after.list[k].to;
      if (chase_has(out->chased, to) || to == pinned || chase_is_royal(pos, to) ||
          !chase_may_target(pos, to) || chase_shields(pos, from, them) ||
          !chase_protects(pos, pinned, to, &s->answers))
        continue;
      chase_add(out, to);
    }
  }
  for (int i = 0; i < pos->pcount[them]; i++) {
    int shield = pos->plist[them][i];
    if (!chase_shields(pos, shield, us)) continue;
    /* by square, as Fairy-Stockfish's blockers: the moved piece is new */
    if (chase_same(prior->board[shield], pos->board[shield]) && chase_shields(prior, shield, us))
      continue;
    /* it may take with a discovered check: chased unless we can take back */
    for (int k = 0; k < s->after.count; k++) {
      int from = s->after.list[k].from, to = s->after.list[k].to;
      if (from != shield || chase_has(out->chased, to) || chase_is_royal(pos, to)) continue;
      Undo null;
      pos_make_null(pos, &null);
      bool wins = chase_wins_piece(pos, from, to, s);
      pos_unmake_move(pos, &null);
      if (wins) chase_add(out, to);
    }
  }
}

void pos_chase_record_in(Position *pos, const Undo *undo, ChaseScratch *s, ChasePly *out) {
  memset(out, 0, sizeof *out);
  out->move = undo->move;
  if (!s || !pos->variant->rules.chasing || pos->geo.sq_nb > CHASE_SQUARES_MAX) return;
  Move move = undo->move;
  if (move == MOVE_NONE_VALUE || move_kind(move) == MOVE_PASS) return;
  Position *prior = pos_clone(pos);
  if (prior) {
    s->at_to.count = 0;
    /* the mover's captures after the move (it moves again after a null
     * move) and before it */
    Undo null;
    pos_make_null(pos, &null);
    chase_attacks(pos, &s->moves, &s->after);
    pos_unmake_move(pos, &null);
    pos_unmake_move(prior, undo);
    chase_attacks(prior, &s->moves, &s->before);
    if (chase_moved(move)) chase_attacks_at(prior, move_to(move), pos->board[move_to(move)], s);
    chase_new_attacks(pos, move, s, out);
    chase_new_shields(pos, prior, s, out);
  }
  pos_free(prior);
}

void pos_chase_record(Position *pos, const Undo *undo, ChasePly *out) {
  ChaseScratch *s = pos->variant->rules.chasing ? chase_scratch_new() : NULL;
  pos_chase_record_in(pos, undo, s, out);
  chase_scratch_free(s);
}

/* The set b as it stood before `move` (Fairy-Stockfish's undo_move_board):
 * a piece the move brought to its destination goes back to its origin. */
static void chase_undo_move(uint64_t *set, Move move) {
  if (move == MOVE_NONE_VALUE) return;
  MoveKind kind = move_kind(move);
  if (!move_is_normal(move) && kind != MOVE_EN_PASSANT) return;
  int from = move_from(move), to = move_to(move);
  if (from == to || !chase_has(set, to)) return;
  set[to >> 6] &= ~((uint64_t)1 << (to & 63));
  set[from >> 6] |= (uint64_t)1 << (from & 63);
}

static bool chase_any(const uint64_t *set) {
  for (int w = 0; w < CHASE_WORDS; w++)
    if (set[w]) return true;
  return false;
}

/* The pieces chased at position `index` and, mapped back move by move, at
 * index-2, index-4, ... down to `last`: the same piece chased every time. */
static void chase_through(const ChasePly *chases, int index, int last, uint64_t *set) {
  memcpy(set, chases[index].chased, sizeof chases[index].chased);
  for (int k = index - 2; k >= last; k -= 2) {
    chase_undo_move(set, chases[k + 1].move);
    for (int w = 0; w < CHASE_WORDS; w++) set[w] &= chases[k].chased[w];
  }
}

GameResult chase_cycle_result(const ChasePly *chases, int index, int back) {
  if (back < 4 || index < back) return RESULT_NONE;
  uint64_t them[CHASE_WORDS], us[CHASE_WORDS];
  /* the opponent's moves: index, index-2, ..., and the move into the
   * cycle's first position (index-back) unless the history starts there */
  int first = index - back;
  chase_through(chases, index, first > 0 ? first : first + 2, them);
  /* ours: index-1, index-3, ..., index-back+1 */
  chase_through(chases, index - 1, first + 1, us);
  bool chased_us = chase_any(them), chased_them = chase_any(us);
  if (chased_us && chased_them) return RESULT_DRAW;
  if (chased_us) return RESULT_WIN;
  if (chased_them) return RESULT_LOSS;
  return RESULT_NONE;
}
