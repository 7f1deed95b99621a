/* legal.c — attack tests and legality. The rule questions it asks are the
 * rule modules': which pieces are royal, whether royals may face, which
 * moves may not give check (rules_royalty.c), whether the game is decided
 * (rules_end.c).
 *
 * An attack test asks each enemy piece whether its own program can capture
 * on the target square, after a cheap reach filter (offsets a single-leg
 * program can capture at) discards pieces that cannot possibly reach it.
 * Legality is decided by making the move and asking whether a royal of the
 * mover is attacked: exact for pins by hoppers, multi-leg pieces, e.p. and
 * discovered attacks, whatever the geometry.
 */
#include <string.h>

#include "board/legal.h"

#include "board/bb.h"
#include "board/leg_rules.h"
#include "board/movegen.h"
#include "board/movegen_walk.h"
#include "board/rules.h"
#include "board/rules_end.h"
#include "board/rules_royalty.h"
#include "board/tables.h"

/* Attack test leaving out attackers of the `exclude` types (NULL: none). */
static bool attacked_by(const Position *pos, int sq, Color by, const TypeSet *exclude) {
  const BoardTables *t = pos->tables;
  /* bitboards first: most variants need nothing else (no Walk to set up) */
  const bool *attack_ok = NULL; /* types the bitboards have answered for */
  if (!exclude && t->bb64) {
    if (bb64_attacked(pos, sq, by, bb64_occupied(pos))) return true;
    if (t->bb64->all_attack_ok[by]) return false;
    attack_ok = t->bb64->attack_ok;
  } else if (!exclude && t->bb128) {
    if (bb128_attacked(pos, sq, by, bb128_occupied(pos))) return true;
    if (t->bb128->all_attack_ok[by]) return false;
    attack_ok = t->bb128->attack_ok;
  }
  return walk_square_attacked(pos, sq, by, exclude, attack_ok, false);
}

/* Whether colour c's royals are in check: any of them attacked, or with
 * royal=duple and several royals, all of them. */
bool pos_attacked(const Position *pos, int sq, Color by) {
  return attacked_by(pos, sq, by, NULL);
}

/* Atomic: a royal next to an enemy royal cannot be taken (the explosion
 * would take both), and royals never capture, so neither gives check. */
static bool atomic_royal_attacked(const Position *pos, int sq, Color c) {
  const TypeSet *theirs = &pos->tables->royal_mask[!c];
  const Geometry *geo = &pos->geo;
  for (int i = 0; i < pos->pcount[!c]; i++) {
    int e = pos->plist[!c][i];
    if (!type_set_has(theirs, piece_type(pos->board[e]))) continue;
    int df = geo_file(geo, e) - geo_file(geo, sq), dr = geo_rank(geo, e) - geo_rank(geo, sq);
    if (df >= -1 && df <= 1 && dr >= -1 && dr <= 1) return false;
  }
  return attacked_by(pos, sq, (Color)!c, theirs);
}

bool pos_royal_square_attacked(const Position *pos, int sq, Color c) {
  return pos->variant->rules.atomic ? atomic_royal_attacked(pos, sq, c)
                                    : pos_attacked(pos, sq, (Color)!c);
}

/* legal_count_bb.h, below */
static bool bb64_royal_attacked(const Position *pos, Color c, uint64_t royal_types);
static bool bb128_royal_attacked(const Position *pos, Color c, uint64_t royal_types);

static bool royal_attacked(const Position *pos, Color c) {
  const TypeSet *royals = &pos->tables->royal_mask[c];
  const VariantRules *r = &pos->variant->rules;
  if (!r->royal_duple && !r->atomic && (pos->tables->bb64 || pos->tables->bb128)) {
    uint64_t word = bb_type_word(*royals); /* bitboards: at most 64 types */
    if (!word) return false;
    return pos->tables->bb64 ? bb64_royal_attacked(pos, c, word)
                             : bb128_royal_attacked(pos, c, word);
  }
  if (!pos->tables->royal_any[c]) return false;
  bool duple = r->royal_duple;
  int count = 0, attacked = 0;
  for (int i = 0; i < pos->pcount[c]; i++) {
    int sq = pos->plist[c][i];
    if (!pos->tables->royal_of[c][piece_type(pos->board[sq])]) continue;
    count++;
    if (pos->variant->rules.atomic ? atomic_royal_attacked(pos, sq, c)
                                   : pos_attacked(pos, sq, (Color)!c)) {
      if (!duple) return true;
      attacked++;
    }
  }
  return count > 0 && attacked == count;
}

bool pos_in_check(const Position *pos) {
  return royal_attacked(pos, pos->side);
}

/* A move of the side that just moved is legal if it left no royal attacked. */
static int count_royals(const Position *pos, Color c) {
  int n = 0;
  for (int i = 0; i < pos->pcount[c]; i++)
    n += pos->tables->royal_of[c][piece_type(pos->board[pos->plist[c][i]])];
  return n;
}

static inline __attribute__((always_inline)) bool last_move_legal(const Position *pos) {
  const VariantRules *r = &pos->variant->rules;
  Color mover = (Color)!pos->side;
  if (r->atomic && type_set_any(pos->tables->royal_mask[mover]) && !r->royal_may_be_exposed) {
    /* blowing up one's own royal is illegal; blowing up the enemy's wins */
    if (!count_royals(pos, mover)) return false;
    if (type_set_any(pos->tables->royal_mask[!mover]) && !count_royals(pos, (Color)!mover))
      return true;
  }
  if (!r->royal_may_be_exposed && royal_attacked(pos, mover)) return false;
  if (r->kings_may_not_face && pos_royals_face(pos)) return false;
  return true;
}

/* Whether a royal-when-last piece of colour c on sq is attacked. With
 * petrify, the opponent's pieces of its own lastroyal set that would
 * petrify do not count: they may not capture (Fairy-Stockfish leaves them
 * out of the attackers of pseudo-royals). */
static bool last_royal_square_attacked(const Position *pos, int sq, Color c) {
  const VariantRules *r = &pos->variant->rules;
  if (!pos->tables->petrify_any) return pos_attacked(pos, sq, (Color)!c);
  TypeSet exclude = type_set_and(r->petrify, r->last_royal_by_color[!c]);
  return attacked_by(pos, sq, (Color)!c, &exclude);
}

bool pos_last_royal_attacked(const Position *pos, Color c) {
  TypeSet types = pos_last_royal_types(pos, c);
  if (type_set_is_empty(types)) return false;
  for (int i = 0; i < pos->pcount[c]; i++) {
    int sq = pos->plist[c][i];
    if (type_set_has(&types, piece_type(pos->board[sq])) && last_royal_square_attacked(pos, sq, c))
      return true;
  }
  return false;
}

/* Before the move: which of the mover's types are royal for it, judged on
 * the position before the move as Fairy-Stockfish's pseudo-royals are (a
 * piece promoted into the set is not royal on the move that makes it, a
 * dropped one is). */
static TypeSet last_royal_before(const Position *pos) {
  return pos_last_royal_types(pos, pos->side);
}

static bool legal_plain(const Position *pos, Move move);

/* pieces=extinction,lastroyal: the plain test, then no royal-when-last piece
 * of the mover left attacked, unless the move takes one of the opponent's
 * (that ends the game). Out of line: the other variants pay one branch. */
static __attribute__((noinline)) bool legal_last_royal(const Position *pos, Move move) {
  if (!legal_plain(pos, move)) return false;
  const VariantRules *r = &pos->variant->rules;
  Color us = pos->side, them = (Color)!us;
  TypeSet mine = last_royal_before(pos);
  TypeSet theirs = pos_last_royal_types(pos, them);
  int theirs_before = rules_count_types(pos, them, theirs, false);
  int from = move_from(move), to = move_to(move), arg = move_piece_arg(move);
  /* the square whose piece is royal whatever its type: a dropped piece of
   * the set; the square whose piece is not: one promoted into the set */
  int royal_sq =
      move_kind(move) == MOVE_DROP && type_set_has(&r->last_royal_by_color[us], arg) ? to : -1;
  int plain_sq =
      move_is_normal(move) && arg >= 0 && !type_set_has(&mine, piece_type(pos->board[from])) ? to
                                                                                             : -1;
  if (type_set_is_empty(mine) && royal_sq < 0) return true;
  /* petrify: a royal-when-last piece may not capture (it would turn into a
   * wall), as Fairy-Stockfish forbids petrifying a pseudo-royal */
  if (type_set_any(r->petrify) && move_kind(move) != MOVE_DROP &&
      move_kind(move) != MOVE_CASTLING) {
    int mover = piece_type(pos->board[from]);
    if (type_set_has(&r->petrify, mover) && type_set_has(&mine, mover) && pos_is_capture(pos, move))
      return false;
  }
  /* a royal-when-last piece castles only through squares not attacked (by
   * any enemy piece: Fairy-Stockfish's castling test leaves none out) */
  if (move_kind(move) == MOVE_CASTLING && type_set_has(&mine, piece_type(pos->board[from]))) {
    int side = pos_castling_side(&pos->geo, from, move_extra1(move));
    Square royal_to, partner_to;
    pos_castling_squares(pos, us, side, from, move_extra1(move), &royal_to, &partner_to);
    int step = (side == CASTLE_VERTICAL ? pos->geo.files : 1) * (royal_to > from ? 1 : -1);
    for (int sq = from; sq != royal_to; sq += step)
      if (pos_attacked(pos, sq, them)) return false;
  }
  Position *p = (Position *)pos; /* make/unmake restores it exactly */
  Undo undo;
  pos_make_move(p, move, &undo);
  bool legal = true;
  if (!(type_set_any(theirs) && rules_count_types(p, them, theirs, false) < theirs_before)) {
    for (int i = 0; legal && i < p->pcount[us]; i++) {
      int sq = p->plist[us][i];
      bool royal =
          sq == royal_sq || (sq != plain_sq && type_set_has(&mine, piece_type(p->board[sq])));
      if (royal && last_royal_square_attacked(p, sq, us)) legal = false;
    }
  }
  pos_unmake_move(p, &undo);
  return legal;
}

/* The full test of the variant's rules, k aside. */
static bool legal_by_rules(const Position *pos, Move move) {
  if (pos->tables->last_royal_any[pos->side]) return legal_last_royal(pos, move);
  return legal_plain(pos, move);
}

/* MBN k (board/leg_rules.c): a move only k legs make may not give check.
 * No such type in every other variant: one flag tested (no_check_any). */
static inline bool no_check_refuses(const Position *pos, Move move) {
  return pos->tables->no_check_any[pos->side] && leg_rules_no_check_refuses(pos, move);
}

bool pos_is_legal(const Position *pos, Move move) {
  return !no_check_refuses(pos, move) && legal_by_rules(pos, move);
}

/* petrify{..}, the move made: with atomic, Fairy-Stockfish judges it with
 * the blast square empty, the wall of the petrified capturer not yet there.
 * Out of line: legal_plain keeps last_move_legal inlined. */
static __attribute__((noinline)) bool petrified_move_legal(Position *p, Move move) {
  if (!p->tables->petrify_any || !p->variant->rules.atomic || move_kind(move) == MOVE_DROP ||
      p->board[move_to(move)] != PIECE_WALL)
    return last_move_legal(p);
  Undo lift;
  pos_lift_piece(p, move_to(move), &lift);
  bool legal = last_move_legal(p);
  pos_unlift_piece(p, &lift);
  return legal;
}

static bool legal_plain(const Position *pos, Move move) {
  /* Fairy-Stockfish judges a gating move by the move alone: a piece pinned
   * to its royal may not leave the line even if the gated piece would
   * block it. Gating never exposes a royal, so this is the whole test. */
  move = move_without_gate(move);
  Position *p = (Position *)pos; /* make/unmake restores it exactly */
  const VariantRules *r = &pos->variant->rules;
  /* wall=ormove: Fairy-Stockfish judges the wall-placing pass as a pass
   * (legal unless in check), whatever the wall would block */
  bool walls = pos->tables->walls_move;
  if (__builtin_expect(walls, 0) && r->wall_or_move) move = move_without_wall(move);
  if (r->royal_makpong && !rules_makpong_allows(pos, move)) return false;
  /* atomic=mutual{..} (atomar): no capture of a piece of the capturer's own
   * type. Atomic variants test every move here (no pin shortcut). */
  if (r->atomic && move_is_normal(move) && move_from(move) != move_to(move)) {
    Piece mover = pos->board[move_from(move)], victim = pos->board[move_to(move)];
    if (piece_is_real(victim) && piece_type(victim) == piece_type(mover) &&
        type_set_has(&r->atomic_mutual, piece_type(mover)))
      return false;
  }
  /* Bikjang (Fairy-Stockfish): while the royals face, a pass is always
   * legal, even in check, and any other move must break the facing. */
  bool facing = r->bikjang && pos_royals_face(pos);
  if (facing && move_kind(move) == MOVE_PASS) return true;
  Undo undo;
  pos_make_move(p, move, &undo);
  bool legal = __builtin_expect(walls, 0) ? petrified_move_legal(p, move) : last_move_legal(p);
  if (legal && facing && pos_royals_face(p)) legal = false;
  /* royal=nocheck (racing kings), a promotion=sittuyin promotion,
   * drop{..}=nocheck. A mating drop of a drop{..}=nomate type stays legal,
   * as in Fairy-Stockfish: it loses instead (pos_game_result). */
  if (legal && rules_move_may_not_check(r, move) && pos_in_check(p)) legal = false;
  pos_unmake_move(p, &undo);
  return legal;
}

#define PINNED_MAX LEGAL_PINNED_MAX

/* Our pieces standing alone between an enemy piece and one of our royals on
 * a line the enemy piece could capture along (a superset of the pinned
 * pieces: leapers and blocked lines are included conservatively). */
static int find_pinned(const Position *pos, Square *pinned) {
  const BoardTables *t = pos->tables;
  const Geometry *geo = &pos->geo;
  Color us = pos->side, them = (Color)!us;
  int n = 0;
  for (int i = 0; i < pos->pcount[us]; i++) {
    int royal = pos->plist[us][i];
    if (!t->royal_of[us][piece_type(pos->board[royal])]) continue;
    int rf = geo_file(geo, royal), rr = geo_rank(geo, royal);
    for (int j = 0; j < pos->pcount[them]; j++) {
      int from = pos->plist[them][j];
      int dx = rf - geo_file(geo, from), dy = rr - geo_rank(geo, from);
      if (!t->reach[piece_type(pos->board[from])][them][tables_reach_cell(geo, dx, dy)]) continue;
      int a = dx < 0 ? -dx : dx, b = dy < 0 ? -dy : dy;
      while (b) {
        int r = a % b;
        a = b;
        b = r;
      }
      if (a < 2) continue;
      int sx = dx / a, sy = dy / a, blockers = 0;
      Square blocker = SQ_NONE;
      for (int k = 1; k < a && blockers < 2; k++) {
        Square s = geo_square(geo, geo_file(geo, from) + sx * k, geo_rank(geo, from) + sy * k, 0);
        Piece p = pos->board[s];
        /* Walls on the line are not blockers: a piece whose step skips them
         * (a hexagonal board drawn on a grid) still pins across them. */
        if (!piece_is_real(p)) continue;
        blockers++;
        blocker = piece_is_real(p) && piece_color(p) == us ? s : SQ_NONE;
      }
      if (blockers == 1 && blocker != SQ_NONE && n < PINNED_MAX) pinned[n++] = blocker;
    }
  }
  return n;
}

/* Fills the watch of `owner`'s royals: the pieces of the other colour whose
 * reach covers a royal's offset, and (where the board fits the read masks)
 * each one's attack walk with the cells it read. The walks run with `owner`
 * to move, as after the move the watch judges (a royal's initial move
 * depends on the side to move). False if there are too many to list. */
static bool watch_fill(const Position *pos, LegalWatch *watch, Color owner) {
  const BoardTables *t = pos->tables;
  const Geometry *geo = &pos->geo;
  Color them = (Color)!owner;
  watch->royal_nb = 0;
  for (int i = 0; i < pos->pcount[owner]; i++) {
    int royal = pos->plist[owner][i];
    if (!t->royal_of[owner][piece_type(pos->board[royal])]) continue;
    if (watch->royal_nb >= LEGAL_ROYALS_WATCHED_MAX) return false;
    int k = watch->royal_nb++, n = 0;
    watch->royal[k] = (Square)royal;
    for (int j = 0; j < pos->pcount[them]; j++) {
      int from = pos->plist[them][j];
      const uint8_t *reach = t->reach[piece_type(pos->board[from])][them];
      if (reach) {
        int dx = geo_file(geo, royal) - geo_file(geo, from);
        int dy = geo_rank(geo, royal) - geo_rank(geo, from);
        if (!reach[tables_reach_cell(geo, dx, dy)]) continue;
      }
      if (n >= LEGAL_WATCHERS_MAX) return false;
      watch->watcher[k][n++] = (Square)from;
    }
    watch->watcher_nb[k] = n;
  }
  watch->remembered = geo->sq_nb <= 64 * LEGAL_WATCH_READ_WORDS;
  if (watch->remembered) {
    Position *p = (Position *)pos; /* the side to move is put back below */
    Color side = p->side;
    p->side = owner;
    Walk w; /* its target is set per royal below */
    walk_init(&w, pos, them, -1, NULL);
    for (int k = 0; k < watch->royal_nb; k++) {
      w.target = watch->royal[k];
      for (int j = 0; j < watch->watcher_nb[k]; j++) {
        memset(watch->reads[k][j], 0, sizeof watch->reads[k][j]);
        w.reads = watch->reads[k][j];
        w.found = false;
        walk_piece(&w, watch->watcher[k][j]);
        watch->attacks[k][j] = w.found;
      }
    }
    p->side = side;
  }
  return true;
}

static bool watch_init(const Position *pos, LegalWatch *watch) {
  const BoardTables *t = pos->tables;
  const VariantRules *r = &pos->variant->rules;
  Color us = pos->side;
  /* petrify: the move on the cells alone would leave the capturer, not
   * its wall */
  if (r->atomic || r->royal_may_be_exposed || r->no_checks || r->royal_duple || !t->royal_any[us] ||
      t->last_royal_any[us] || t->petrify_any)
    return false;
  return watch_fill(pos, watch, us);
}

static inline bool watch_read(const uint64_t *reads, int sq) {
  return reads[sq >> 6] >> (sq & 63) & 1;
}

/* Legality of a move of a non-royal piece by the watch list (made, tested on
 * the watchers still standing, unmade). */
static bool watch_legal(const Position *pos, const LegalWatch *watch, Move m) {
  Position *p = (Position *)pos;
  Color us = pos->side;
  /* Attack walks read only the board cells, so the move is applied to the
   * cells alone (no key, lists or state): the enemy pieces do not move. */
  MoveKind kind = move_kind(m);
  int from = move_from(m), to = move_to(m), e1 = move_extra1(m), e2 = move_extra2(m);
  Piece *board = p->board;
  Piece saved_from = board[from], saved_to = board[to];
  Piece saved_e1 = e1 != EXTRA_NONE ? board[e1] : PIECE_NONE;
  Piece saved_e2 = e2 != EXTRA_NONE ? board[e2] : PIECE_NONE;
  if (kind == MOVE_DROP) {
    board[to] = piece_make(us, move_drop_board_type(p, m));
  } else {
    if (e1 != EXTRA_NONE) board[e1] = PIECE_NONE;
    if (e2 != EXTRA_NONE) board[e2] = PIECE_NONE;
    board[from] = PIECE_NONE;
    board[to] = saved_from;
  }
  bool legal = true;
  Walk w; /* its target is set per royal below */
  walk_init(&w, p, (Color)!us, -1, NULL);
  for (int k = 0; k < watch->royal_nb && legal; k++) {
    w.target = watch->royal[k];
    for (int j = 0; j < watch->watcher_nb[k] && legal; j++) {
      Square attacker = watch->watcher[k][j];
      Piece pc = p->board[attacker];
      if (!piece_is_real(pc) || piece_color(pc) == us) continue; /* captured */
      if (watch->remembered) {
        const uint64_t *reads = watch->reads[k][j];
        if (!watch_read(reads, from) && !watch_read(reads, to) &&
            (e1 == EXTRA_NONE || !watch_read(reads, e1)) &&
            (e2 == EXTRA_NONE || !watch_read(reads, e2))) {
          if (watch->attacks[k][j]) legal = false;
          continue;
        }
      }
      w.found = false;
      walk_piece(&w, attacker);
      if (w.found) legal = false;
    }
  }
  if (legal && pos->variant->rules.kings_may_not_face) {
    /* only a piece leaving a royal's file or rank can open the line
     * between royals */
    const Geometry *geo = &pos->geo;
    bool on_file = false;
    for (int k = 0; k < watch->royal_nb; k++)
      on_file |= move_kind(m) != MOVE_DROP &&
                 (geo_file(geo, move_from(m)) == geo_file(geo, watch->royal[k]) ||
                  geo_rank(geo, move_from(m)) == geo_rank(geo, watch->royal[k]));
    if (on_file && pos_royals_face(p)) legal = false;
  }
  board[to] = saved_to;
  board[from] = kind == MOVE_DROP ? board[from] : saved_from;
  if (e2 != EXTRA_NONE) board[e2] = saved_e2;
  if (e1 != EXTRA_NONE) board[e1] = saved_e1;
  return legal;
}

void legal_context_init(const Position *pos, LegalContext *ctx) {
  const BoardTables *t = pos->tables;
  const VariantRules *r = &pos->variant->rules;
  ctx->pinned_nb = -1;
  ctx->use_bb = false;
  ctx->watching = false;
  ctx->pinned_bb = 0;
  if (t->simple_pins && !r->no_checks && !pos_in_check(pos)) {
    if (t->bb64 && t->bb64->all_attack_ok[!pos->side]) {
      ctx->pinned_bb =
          bb64_pinned(pos, bb64_pieces_of(pos, pos->side, bb_type_word(t->royal_mask[pos->side])));
      ctx->use_bb = true;
      ctx->pinned_nb = 0;
    } else if (t->bb128 && t->bb128->all_attack_ok[!pos->side]) {
      /* the few pinned pieces as a list: no 128-bit tests per move */
      ctx->pinned_nb = 0;
      bb128_t b = bb128_pinned(
          pos, bb128_pieces_of(pos, pos->side, bb_type_word(t->royal_mask[pos->side])));
      for (; b && ctx->pinned_nb < PINNED_MAX; b &= b - 1)
        ctx->pinned[ctx->pinned_nb++] = (Square)bb128_lsb(b);
      if (b) ctx->pinned_nb = -1; /* too many to list: test every move */
    } else {
      ctx->pinned_nb = find_pinned(pos, ctx->pinned);
    }
  }
  /* Facing royals under royal=bikjang: every move must break the facing,
   * which only the full test sees. */
  bool facing = r->bikjang && pos_royals_face(pos);
  if (facing) ctx->pinned_nb = -1;
  ctx->watch.royal_nb = 0;
  /* a wall a move places may block an attack, the duck it moves unblock
   * one: every move is made and tested */
  ctx->watching = ctx->pinned_nb < 0 && !facing && !t->made_to_test && watch_init(pos, &ctx->watch);
}

bool legal_context_test(const Position *pos, const LegalContext *ctx, Move m) {
  const BoardTables *t = pos->tables;
  const VariantRules *r = &pos->variant->rules;
  /* before the shortcuts below, which know only about royals attacked */
  if (no_check_refuses(pos, m)) return false;
  if (ctx->watching && move_kind(m) != MOVE_CASTLING && move_kind(m) != MOVE_SWAP &&
      move_kind(m) != MOVE_PASS && move_kind(m) != MOVE_LONG &&
      !(move_kind(m) == MOVE_NORMAL && move_extra1(m) == move_to(m)) &&
      !(move_kind(m) == MOVE_DROP && r->drop_no_check[move_piece_arg(m)]) &&
      !(r->promotion_sittuyin && move_piece_arg(m) >= 0) &&
      !(t->promotes_to_royal && move_piece_arg(m) >= 0) &&
      (move_kind(m) == MOVE_DROP || !t->royal_of[pos->side][piece_type(pos->board[move_from(m)])]))
    return watch_legal(pos, &ctx->watch, m);
  if (ctx->pinned_nb >= 0 && move_kind(m) == MOVE_NORMAL && move_extra1(m) == EXTRA_NONE &&
      !((r->promotion_sittuyin || t->promotes_to_royal) && move_piece_arg(m) >= 0) &&
      !t->royal_of[pos->side][piece_type(pos->board[move_from(m)])]) {
    /* no shift past 64 squares */
    bool free_piece = !(ctx->use_bb && ctx->pinned_bb >> move_from(m) & 1);
    for (int k = 0; k < ctx->pinned_nb && !ctx->use_bb; k++)
      free_piece &= ctx->pinned[k] != move_from(m);
    if (free_piece) return true;
  }
  return legal_by_rules(pos, m);
}

/* stalemate=skip: the side with no legal move passes, written as its piece on
 * the lowest square (first rank first, then file a first) moving to its own
 * square, as Fairy-Stockfish's passOnStalemate writes it (a2a2). */
static void add_stalemate_pass(const Position *pos, MoveList *list) {
  const Geometry *geo = &pos->geo;
  int best = -1;
  for (int i = 0; i < pos->pcount[pos->side]; i++) {
    int sq = pos->plist[pos->side][i];
    if (best < 0 || geo_level(geo, sq) < geo_level(geo, best) ||
        (geo_level(geo, sq) == geo_level(geo, best) &&
         (geo_rank(geo, sq) < geo_rank(geo, best) ||
          (geo_rank(geo, sq) == geo_rank(geo, best) && geo_file(geo, sq) < geo_file(geo, best)))))
      best = sq;
  }
  if (best >= 0)
    move_list_push(list, move_make(best, best, MOVE_PASS, 0, EXTRA_NONE, EXTRA_NONE, 0));
}

int gen_legal_moves(const Position *pos, MoveList *list) {
  list->count = 0;
  if (pos_is_decided(pos)) return 0;
  gen_pseudo_moves(pos, list);
  LegalContext ctx;
  legal_context_init(pos, &ctx);
  int n = 0;
  for (int i = 0; i < list->count; i++)
    if (legal_context_test(pos, &ctx, list->moves[i])) list->moves[n++] = list->moves[i];
  if (!n && list->count && pos->variant->rules.drop_compulsory &&
      move_kind(list->moves[0]) == MOVE_DROP) {
    /* compulsory drops, none legal (in check, no drop blocks it): the
     * other moves are allowed, as Fairy-Stockfish's mustDrop */
    gen_pseudo_board_moves(pos, list);
    for (int i = 0; i < list->count; i++)
      if (legal_context_test(pos, &ctx, list->moves[i])) list->moves[n++] = list->moves[i];
  }
  list->count = n;
  if (pos->variant->rules.must_capture) {
    int caps = 0;
    for (int i = 0; i < n; i++)
      if (pos_is_capture(pos, list->moves[i])) list->moves[caps++] = list->moves[i];
    if (caps) list->count = caps;
  }
  if (!list->count && pos->variant->rules.stalemate_pass && !pos_in_check(pos))
    add_stalemate_pass(pos, list);
  return list->count;
}

bool pos_gives_check(const Position *pos, Move move) {
  Position *p = (Position *)pos;
  Undo undo;
  pos_make_move(p, move, &undo);
  bool check = pos_in_check(p);
  pos_unmake_move(p, &undo);
  return check;
}

/* Whether the side to move, putting a piece of type t on `to` (from
 * `from`, or dropped when from < 0), attacks one of the enemy royals the
 * watch lists: the moved piece walks from its new square, each other watcher
 * walks again only if the move changes a cell its remembered walk read. The
 * move is applied to the cells alone (as watch_legal does) with the other
 * side to move, as after pos_make_move: a walk reads nothing else. */
static bool watch_gives_check(const Position *pos, const LegalWatch *watch, int from, int to,
                              int type) {
  Position *p = (Position *)pos; /* cells and side are put back below */
  const BoardTables *t = pos->tables;
  const Geometry *geo = &pos->geo;
  Color us = pos->side;
  Piece *board = p->board;
  Piece saved_from = from >= 0 ? board[from] : PIECE_NONE, saved_to = board[to];
  Piece moved = from >= 0 && piece_type(saved_from) == type ? (Piece)(saved_from & ~PIECE_HISTORY)
                                                            : piece_make(us, type);
  if (from >= 0) board[from] = PIECE_NONE;
  board[to] = moved;
  p->side = (Color)!us;
  const uint8_t *reach = t->reach[type][us];
  bool check = false;
  Walk w; /* its target is set per royal below */
  walk_init(&w, p, us, -1, NULL);
  for (int k = 0; k < watch->royal_nb && !check; k++) {
    if (watch->royal[k] == to) continue; /* captured */
    w.target = watch->royal[k];
    int dx = geo_file(geo, w.target) - geo_file(geo, to);
    int dy = geo_rank(geo, w.target) - geo_rank(geo, to);
    if (!reach || reach[tables_reach_cell(geo, dx, dy)]) {
      walk_piece(&w, to);
      check = w.found;
    }
    for (int j = 0; j < watch->watcher_nb[k] && !check; j++) {
      Square sq = watch->watcher[k][j];
      if (sq == from || sq == to) continue; /* the moved piece, walked above */
      if (watch->remembered) {
        const uint64_t *reads = watch->reads[k][j];
        if ((from < 0 || !watch_read(reads, from)) && !watch_read(reads, to)) {
          check = watch->attacks[k][j];
          continue;
        }
      }
      w.found = false;
      walk_piece(&w, sq);
      check = w.found;
    }
  }
  p->side = us;
  board[to] = saved_to;
  if (from >= 0) board[from] = saved_from;
  return check;
}

void check_context_init(const Position *pos, CheckContext *ctx) {
  const BoardTables *t = pos->tables;
  const VariantRules *r = &pos->variant->rules;
  Color us = pos->side, them = (Color)!us;
  ctx->mode = CHECK_BY_MAKE;
  ctx->royal_nb = 0;
  ctx->disc64 = 0;
  ctx->disc128 = 0;
  if (r->atomic || r->royal_duple || t->made_to_test || pos_is_decided(pos)) return;
  if (!(t->bb64 && t->bb64->all_attack_ok[us]) && !(t->bb128 && t->bb128->all_attack_ok[us])) {
    /* the attack walks of our pieces that can reach an enemy royal */
    if (type_set_is_empty(t->royal_mask[them])) {
      ctx->mode = CHECK_NEVER;
    } else if (watch_fill(pos, &ctx->watch, them)) {
      ctx->mode = ctx->watch.royal_nb ? CHECK_WATCH : CHECK_NEVER;
    }
    return;
  }
  for (int i = 0; i < pos->pcount[them]; i++) {
    int sq = pos->plist[them][i];
    if (!type_set_has(&t->royal_mask[them], piece_type(pos->board[sq]))) continue;
    if (ctx->royal_nb >= LEGAL_ROYALS_WATCHED_MAX) return;
    ctx->royal[ctx->royal_nb++] = (Square)sq;
  }
  if (!ctx->royal_nb) {
    ctx->mode = CHECK_NEVER;
  } else if (t->bb64) {
    ctx->mode = CHECK_BB64;
    ctx->disc64 =
        bb64_discoverers(pos, us, bb64_pieces_of(pos, them, bb_type_word(t->royal_mask[them])));
  } else {
    ctx->mode = CHECK_BB128;
    ctx->disc128 =
        bb128_discoverers(pos, us, bb128_pieces_of(pos, them, bb_type_word(t->royal_mask[them])));
  }
}

bool check_context_gives(const Position *pos, const CheckContext *ctx, Move m) {
  MoveKind kind = move_kind(m);
  if (ctx->mode == CHECK_BY_MAKE || (move_flags(m) & (MOVE_FLAG_GATE | MOVE_FLAG_GATE_PARTNER)) ||
      (kind != MOVE_NORMAL && kind != MOVE_DROP) ||
      (kind == MOVE_NORMAL && (move_extra1(m) != EXTRA_NONE || move_extra2(m) != EXTRA_NONE)))
    return pos_gives_check(pos, m);
  if (ctx->mode == CHECK_NEVER) return false;
  int to = move_to(m), from = move_from(m);
  int type = kind == MOVE_DROP        ? move_drop_board_type(pos, m)
             : move_piece_arg(m) >= 0 ? move_piece_arg(m)
                                      : piece_type(pos->board[from]);
  int origin = kind == MOVE_NORMAL ? from : -1;
  if (ctx->mode == CHECK_WATCH) {
    /* a drop may grant castling rights (castling=dropped): made and tested */
    if (kind == MOVE_DROP && pos->variant->rules.castling_dropped) return pos_gives_check(pos, m);
    return watch_gives_check(pos, &ctx->watch, origin, to, type);
  }
  if (ctx->mode == CHECK_BB64)
    return bb64_gives_check(pos, origin, to, type, ctx->disc64, ctx->royal, ctx->royal_nb);
  return bb128_gives_check(pos, origin, to, type, ctx->disc128, ctx->royal, ctx->royal_nb);
}

bool pos_is_tactical(const Position *pos, Move move) {
  MoveKind kind = move_kind(move);
  if (kind == MOVE_DROP || kind == MOVE_CASTLING) return false;
  if (move_piece_arg(move) >= 0) return true;
  return pos_is_capture(pos, move);
}

bool pos_is_capture(const Position *pos, Move move) {
  switch (move_kind(move)) {
  case MOVE_EN_PASSANT: return true;
  case MOVE_LONG: { /* a long move of flips alone captures nothing */
    int16_t buf[2];
    const int16_t *side;
    return move_side_captures(move, buf, &side) > 0 ||
           (move_to(move) != move_from(move) && piece_is_real(pos->board[move_to(move)]));
  }
  case MOVE_NORMAL: {
    Piece p = pos->board[move_to(move)];
    return piece_is_real(p) || move_extra1(move) != EXTRA_NONE;
  }
  default: return false;
  }
}

#if defined(__x86_64__) && !defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
/* The build targets generic x86-64 (no POPCNT); counting leaves is mostly
 * population counts, so a copy compiled for POPCNT is chosen at run time. */
#define COUNT_BB_POPCNT 1
#endif

#define BB_BITS 64
#include "board/legal_count_bb.h"
#undef BB_BITS
#define BB_BITS 128
#include "board/legal_count_bb.h"
#undef BB_BITS

/* Counts the legal moves without listing them where that is safe: the
 * bitboard targets of unpinned, non-royal pieces (not promoting there) are
 * legal when not in check and the rules need nothing but "royal attacked";
 * everything else is generated and tested as usual. */
int gen_legal_count(const Position *pos) {
  const BoardTables *t = pos->tables;
  const VariantRules *r = &pos->variant->rules;
  static _Thread_local MoveList list;
  if (!(t->bb64 || t->bb128) || !t->simple_pins || r->must_capture || r->no_checks ||
      r->drop_compulsory || r->gating || r->pass_allowed || r->stalemate_pass || r->bikjang ||
      r->promotion_demote || r->drop_promoted || r->royal_makpong || r->promotion_sittuyin ||
      t->promotion_limited || t->promotes_to_royal || t->no_check_any[pos->side] ||
      pos_is_decided(pos) || pos_in_check(pos))
    return gen_legal_moves(pos, &list);
#ifdef COUNT_BB_POPCNT
  if (__builtin_cpu_supports("popcnt"))
    return t->bb64 ? bb64_count_popcnt(pos, &list) : bb128_count_popcnt(pos, &list);
#endif
  return t->bb64 ? bb64_count_portable(pos, &list) : bb128_count_portable(pos, &list);
}
