/* movegen_bb.h — bitboard move generation of one width (internal template:
 * movegen.c includes it once per BB_BITS, see bb_names.h). It uses the
 * walker's Walk, walk_setup, walk_emit and walk_*_leg of movegen.c.
 */
#include "board/bb_names.h"

/* The legs of a bitboard-generated piece that the masks leave out (pawn
 * double steps, e.p. captures): the leg walker takes them. */
static void BBW(gen_special)(Walk *w, const BbTables *bb, int sq, int type) {
  const Position *pos = w->pos;
  Color us = w->us;
  size_t k = (size_t)type * COLOR_NB + (size_t)us;
  bool plain = pos->tables->plain[type][us];
  for (int i = 0; i < bb->special_nb[k]; i++) {
    if (plain)
      walk_plain_leg(w, sq, bb->special[k][i]);
    else
      walk_root(w, bb->special[k][i], sq);
  }
  if (pos->st.ep_count) {
    Piece victim = pos->board[pos->st.ep_victim];
    if (!piece_is_real(victim) || piece_color(victim) == us) return;
    for (int i = 0; i < bb->ep_nb[k]; i++) {
      int li = bb->ep[k][i];
      Square to = w->next[(size_t)li * (size_t)pos->geo.sq_nb + (size_t)sq];
      if (to != SQ_NONE && pos->board[to] == PIECE_NONE && is_ep_square(pos, to))
        walk_emit(w, to, MOVE_EN_PASSANT, pos->st.ep_victim, true);
    }
  }
}

/* The special legs of a type whose every special leg is a quiet exact
 * double step (BbTables.special_steps; not royal, not confined, plain),
 * without the leg walker: the moves walk_plain_leg would list, in its
 * order. A double step that may promote goes through walk_emit. */
static void BBW(gen_double_steps)(Walk *w, const BbTables *bb, int sq, int type) {
  const Position *pos = w->pos;
  const BoardTables *t = pos->tables;
  Color us = w->us;
  size_t k = (size_t)type * COLOR_NB + (size_t)us;
  const MoveProgram *prog = &pos->variant->pieces[type].moves[us];
  size_t sq_nb = (size_t)pos->geo.sq_nb;
  const Square *rows = t->next + (size_t)t->leg_base[type][us] * sq_nb;
  int unmoved = -1; /* asked of i legs only */
  bool walking = false;
  MoveList *list = w->list;
  for (int i = 0; i < bb->special_nb[k]; i++) {
    int li = bb->special[k][i];
    const MoveLeg *leg = &prog->legs[li];
    if (leg->flags & LEG_INITIAL) {
      if (unmoved < 0) unmoved = pos_piece_unmoved(pos, sq);
      if (!unmoved) continue;
    }
    if (leg->origin_range != MOVE_NONE && !pos->variant->ranges[leg->origin_range].member[sq])
      continue;
    Square via = rows[(size_t)li * sq_nb + (size_t)sq];
    if (via == SQ_NONE || via == sq || pos->board[via] != PIECE_NONE) continue;
    Square to = rows[(size_t)li * sq_nb + (size_t)via];
    if (to == SQ_NONE || to == sq || pos->board[to] != PIECE_NONE) continue;
    unsigned flags = leg->flags & LEG_EP_VICTIM ? MOVE_FLAG_EP_SET : 0;
    if (rules_type_may_promote(pos, type) && rules_promotion_due(pos, us, type, sq, to, false)) {
      if (!walking) walk_setup(w, sq, type), walking = true;
      w->ep_set = flags != 0;
      walk_emit(w, to, MOVE_NORMAL, EXTRA_NONE, false);
      w->ep_set = false;
    } else if (!w->tactical) { /* quiet: not tactical */
      move_list_push(list, move_make(sq, to, MOVE_NORMAL, 0, EXTRA_NONE, EXTRA_NONE, flags));
    }
  }
}

/* A piece whose legs the bitboard masks cover, but for the special legs.
 * Targets that may promote or are confined go through walk_emit. */
static void BBW(gen_piece)(Walk *w, const BbTables *bb, int sq, int type) {
  const Position *pos = w->pos;
  const Variant *v = pos->variant;
  Color us = w->us;
  bool confined = v->rules.confine[us][type] != NULL;
  bool demotes = v->rules.promotion_demote && v->pieces[type].promoted_from >= 0;
  bool promotes = bb_type_word(v->pieces[type].promotes_to) && !v->rules.promotion_sittuyin;
  bool promotes_anywhere = promotes &&
                           (v->rules.promotion_on_leave || v->rules.promotion_on_move) &&
                           bb->promo_zone[us] >> sq & 1;
  /* Tactical generation needs the quiet targets only where a quiet move
   * may promote (walk_emit keeps those that do). */
  bb_t targets;
  if (!w->tactical || confined || demotes || promotes_anywhere)
    targets = BBW(targets)(pos, sq, type, us);
  else
    targets = BBW(targets_within)(pos, sq, type, us, promotes ? bb->promo_zone[us] : 0);
  bb_t careful = 0;
  if (confined) {
    careful = targets;
  } else if (demotes) {
    careful = targets; /* may demote: walk_emit decides */
  } else if (promotes) {
    careful = promotes_anywhere ? targets : targets & bb->promo_zone[us];
  }
  /* The walker is needed only for careful targets and the special legs. */
  size_t k = (size_t)type * COLOR_NB + (size_t)us;
  bool special = bb->special_nb[k] || (pos->st.ep_count && bb->ep_nb[k]);
  /* A pawn's double steps need no walker (most pawns of a search, whose
   * walker setup and leg walk had been 7% of a chess search's instructions
   * from the start position). */
  bool steps = special && !careful && bb->special_steps[k] && !(pos->st.ep_count && bb->ep_nb[k]) &&
               !w->leg_mask && pos->tables->plain[type][us] && !pos->tables->royal_of[us][type] &&
               !confined;
  if (careful || (special && !steps)) walk_setup(w, sq, type);
  MoveList *list = w->list;
  bb_t direct = targets & ~careful;
  /* Captures and promotions only: a direct target is a capture or quiet. */
  if (w->tactical) direct &= BBP(pos).color[!us];
  int count = list->count;
  while (direct) {
    if (count == MOVE_LIST_MAX) {
      move_list_full();
      break;
    }
    int to = BBW(lsb)(direct);
    direct &= direct - 1;
    list->moves[count++] = move_make(sq, to, MOVE_NORMAL, 0, EXTRA_NONE, EXTRA_NONE, 0);
  }
  list->count = count;
  while (careful) {
    int to = BBW(lsb)(careful);
    careful &= careful - 1;
    walk_emit(w, to, MOVE_NORMAL, EXTRA_NONE, piece_is_real(pos->board[to]));
  }
  if (steps)
    BBW(gen_double_steps)(w, bb, sq, type);
  else if (special)
    BBW(gen_special)(w, bb, sq, type);
}

/* Appends from -> to, unless `dedup` and the piece's moves from `start`
 * on have it already (as walk_emit_one). */
static inline void BBW(emit_to)(MoveList *list, int start, bool dedup, int from, int to) {
  Move m = move_make(from, to, MOVE_NORMAL, 0, EXTRA_NONE, EXTRA_NONE, 0);
  for (int i = start; dedup && i < list->count; i++)
    if (list->moves[i] == m) return;
  move_list_push(list, m);
}

/* Appends from -> each square of `targets` (all on the ray from `from`
 * along d), nearest first, as the walker steps. */
static inline void BBW(emit_ray)(MoveList *list, int start, bool dedup, const BbTables *bb, int d,
                                 int from, bb_t targets) {
  while (targets) {
    int to = bb->dir_up[d] ? BBW(lsb)(targets) : BBW(msb)(targets);
    targets ^= BB_ONE << to;
    BBW(emit_to)(list, start, dedup, from, to);
  }
}

/* A piece of a gen_legs type (BbTables): its roots in program order, each
 * as the walker steps it (leaps, slides outward, a lame leap's first step
 * then its leaps, a hop's screen then its slides beyond), so the moves and
 * their order are the walker's. Tactical generation keeps the captures. */
static void BBW(gen_legs)(Walk *w, const BbTables *bb, int sq, int type) {
  const Position *pos = w->pos;
  const Variant *v = pos->variant;
  Color us = w->us;
  size_t k = (size_t)type * COLOR_NB + (size_t)us, sq_nb = (size_t)pos->geo.sq_nb;
  const MoveProgram *prog = &v->pieces[type].moves[us];
  const Square *next = pos->tables->next + (size_t)pos->tables->leg_base[type][us] * sq_nb;
  bb_t occupied = BBW(occupied)(pos), enemy = BBP(pos).color[!us];
  bb_t empty = w->tactical ? 0 : ~occupied & bb->board_mask;
  MoveList *list = w->list;
  int start = list->count;
  bool dedup = pos->tables->dedup[type][us];
  for (int i = 0; i < prog->root_count; i++) {
    const MoveLeg *leg = &prog->legs[i];
    if (!bb_in_range(v, leg->origin_range, sq)) continue;
    bb_t land = BBW(landing)(leg->occupancy, empty, enemy);
    if (leg->max_steps == LEG_STEPS_UNLIMITED && !leg->child_count) {
      int d = bb->legs_dir[k][i];
      BBW(emit_ray)(list, start, dedup, bb, d, sq, BBW(ride)(bb, d, sq, occupied) & land);
      continue;
    }
    if (leg->max_steps == LEG_STEPS_UNLIMITED) { /* a hop: the screen, then on */
      int d = bb->legs_dir[k][i];
      int screen = BBW(first)(bb, d, sq, occupied);
      if (screen < 0) continue;
      bb_t beyond = BBW(ride)(bb, d, screen, occupied);
      for (int c = 0; c < leg->child_count; c++) {
        const MoveLeg *child = &prog->legs[prog->children[leg->first_child + c]];
        bb_t lands = beyond & BBW(landing)(child->occupancy, empty, enemy);
        BBW(emit_ray)(list, start, dedup, bb, d, sq, lands);
      }
      continue;
    }
    Square to = next[(size_t)i * sq_nb + (size_t)sq];
    if (to == SQ_NONE || !bb_in_range(v, leg->landing_range, to)) continue;
    if (!leg->child_count) { /* a leap */
      if (land >> to & 1) BBW(emit_to)(list, start, dedup, sq, to);
      continue;
    }
    /* a lame leap: the leg square must be empty */
    if (occupied >> to & 1) continue;
    if (leg->flags & LEG_ENDS && empty >> to & 1) BBW(emit_to)(list, start, dedup, sq, to);
    for (int c = 0; c < leg->child_count; c++) {
      int ci = prog->children[leg->first_child + c];
      const MoveLeg *child = &prog->legs[ci];
      if (!bb_in_range(v, child->origin_range, to)) continue;
      Square at = next[(size_t)ci * sq_nb + (size_t)to];
      /* never back to its start (MBN section 2) */
      if (at == SQ_NONE || at == sq || !bb_in_range(v, child->landing_range, at)) continue;
      if (BBW(landing)(child->occupancy, empty, enemy) >> at & 1)
        BBW(emit_to)(list, start, dedup, sq, at);
    }
  }
}

/* The pieces of the side to move: bitboards where the tables allow, the
 * leg walker for the rest. */
static void BBW(gen_pieces)(Walk *w, const BbTables *bb) {
  const Position *pos = w->pos;
  for (int i = 0; i < pos->pcount[w->us]; i++) {
    int sq = pos->plist[w->us][i], type = piece_type(pos->board[sq]);
    if (bb->gen_ok[type * COLOR_NB + w->us])
      BBW(gen_piece)(w, bb, sq, type);
    else if (bb->gen_legs && bb->gen_legs[type * COLOR_NB + w->us])
      BBW(gen_legs)(w, bb, sq, type);
    else
      walk_piece(w, sq);
  }
}
