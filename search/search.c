/* search.c — one thread's search: iterative deepening with aspiration
 * windows over a principal-variation alpha-beta and a quiescence search
 * (after Ethereal's search.c; the step comments follow its layout).
 *
 * Every thread runs the same code on its own Position copy and stack and
 * shares only the transposition table (Lazy SMP). Thread 0 is the main
 * thread: it alone polls the clock (every 1024 nodes), reports, and decides
 * when the search ends; the others only watch the atomic stop flag.
 *
 * Game ends are the board's: pos_game_result_at() decides royal capture,
 * extinction, n-check, stalemate rules and the move-count rule for every
 * variant; repetitions are found here from the game's and the path's keys
 * and judged by the variant's rules (pos_cycle_result: perpetual check,
 * chasing, the repetition's result).
 */
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/rules_end.h"
#include "search/search_internal.h"

/* A repetition is a little worse than equal for the side the search plays
 * for: it steers away from repeating when it has anything better, and a
 * shuffling opponent cannot hold a won game by repeating. */
#define CONTEMPT 40

static int LMR_TABLE[64][64];
static pthread_once_t LMR_ONCE = PTHREAD_ONCE_INIT;

/* 0.75 + ln d · ln m / 1.9 (was / 2.25): with the larger history bonus the
 * move order is good enough for Stockfish-like reductions (+42 in chess,
 * level in shogi, 2 s + 0.02 s, bench/README.md). */
static void lmr_init(void) {
  for (int d = 1; d < 64; d++)
    for (int m = 1; m < 64; m++) LMR_TABLE[d][m] = (int)(0.75 + log(d) * log(m) / 1.9);
}

static int min_int(int a, int b) {
  return a < b ? a : b;
}
static int max_int(int a, int b) {
  return a > b ? a : b;
}

static int result_score(GameResult result, int ply) {
  switch (result) {
  case RESULT_WIN: return SEARCH_MATE - ply;
  case RESULT_LOSS: return -SEARCH_MATE + ply;
  default: return 0;
  }
}

/* The game end by the variant's rules (royal capture, extinction, n-check,
 * hill, bare royal, move-count rule): the board decides, for every variant,
 * with the checks of the game and the path (key_checks, written for this ply
 * before), which lengthen xiangqi's move rule. */
static GameResult search_rule_result(const SearchThread *thread, int ply) {
  return pos_game_result_at(thread->pos, 1, thread->key_checks, thread->key_base + ply);
}

/* The moves of a node: the board's legal list where the rules need it
 * (search_legal_list_only); elsewhere pseudo-legal moves are checked one by
 * one as the loop reaches them. With `tactical` (quiescence outside check,
 * whose picker keeps only captures and promotions) the board lists only
 * those, in the same order. */
static bool search_gen_moves(const Position *pos, MoveList *list, bool tactical) {
  if (search_legal_list_only(&pos->variant->rules)) {
    gen_legal_moves(pos, list);
    return true;
  }
  if (tactical)
    gen_pseudo_tactical(pos, list);
  else
    gen_pseudo_moves(pos, list);
  return false;
}

/* Whether a pseudo-legal move of this ply's position is legal: the pins and
 * watchers are found once per node, when the first move needs the test. */
static bool search_move_legal(PlyStack *ss, const Position *pos, Move move) {
  if (!ss->legal_ready) {
    legal_context_init(pos, &ss->legal);
    ss->legal_ready = true;
  }
  return legal_context_test(pos, &ss->legal, move);
}

/* Whether the board answers "does this move give check" without making it;
 * the node's gives-check context (in its ply: large with a watch list) is
 * made on first use. */
static bool search_check_cheap(PlyStack *ss, const Position *pos) {
  if (!ss->check_ready) {
    check_context_init(pos, &ss->check);
    ss->check_ready = true;
  }
  return ss->check.mode != CHECK_BY_MAKE;
}

static bool search_gives_check(PlyStack *ss, const Position *pos, Move move) {
  search_check_cheap(ss, pos);
  return check_context_gives(pos, &ss->check, move);
}

/* Whether the side to move is in check: the parent's answer when it had
 * one (it tested its move cheaply), else the board's attack test. */
static bool search_in_check(const PlyStack *ss, const Position *pos) {
  return ss->in_check_hint >= 0 ? ss->in_check_hint : pos_in_check(pos);
}

static void nodes_add(SearchThread *thread) {
  uint64_t n = atomic_load_explicit(&thread->nodes, memory_order_relaxed);
  atomic_store_explicit(&thread->nodes, n + 1, memory_order_relaxed);
}

static uint64_t searcher_total_nodes(const Searcher *searcher) {
  uint64_t total = 0;
  for (int i = 0; i < searcher->thread_count; i++)
    total += atomic_load_explicit(&searcher->threads[i]->nodes, memory_order_relaxed);
  return total;
}

/* The main thread looks at the clock and the node budget every 1024 nodes. */
static bool search_should_stop(SearchThread *thread) {
  Searcher *s = thread->owner;
  if (atomic_load_explicit(&s->stop, memory_order_relaxed)) return true;
  if (thread->id != 0) return false;
  uint64_t n = atomic_load_explicit(&thread->nodes, memory_order_relaxed);
  if (n & 1023) return false;
  if (s->limits.nodes && searcher_total_nodes(s) >= s->limits.nodes) atomic_store(&s->stop, true);
  if (s->plan.limited && !atomic_load(&s->ponder) &&
      search_now_ms() - atomic_load(&s->start_ms) >= s->plan.hard_ms)
    atomic_store(&s->stop, true);
  return atomic_load_explicit(&s->stop, memory_order_relaxed);
}

/* Whether the path's chase record i was made for other positions i-1 and i
 * than the path's now (or never). */
static bool chase_record_stale(const SearchThread *thread, int i) {
  return thread->chase_keys[i][0] != thread->keys[i - 1] ||
         thread->chase_keys[i][1] != thread->keys[i];
}

/* chasing=axf: what each move of the path chased into positions first to
 * index (= key_base + ply), for chase_cycle_result. Made only here, at the
 * rare repetition nodes, on a copy of the position taken back move by move
 * along the stack's undo records; a record is kept while the path above it
 * stays the same (the keys of the positions before and after its move), so
 * a repetition's siblings make one record, not the cycle's. The moves before
 * the root are the game's (SearchHistory.chases). NULL when a copy of the
 * position cannot be made (the cycle is then judged without chasing). */
static const ChasePly *search_path_chases(SearchThread *thread, int ply, int first) {
  int base = thread->key_base, index = base + ply;
  int lowest = max_int(first, base + 1); /* the earliest record to make */
  while (lowest <= index && !chase_record_stale(thread, lowest)) lowest++;
  if (lowest > index) return thread->chases;
  Position *back = pos_clone(thread->pos);
  if (!back) return NULL;
  for (int i = index; i >= lowest; i--) {
    const Undo *undo = &thread->stack[i - base - 1].undo;
    if (chase_record_stale(thread, i)) {
      pos_chase_record_in(back, undo, thread->chase_scratch, &thread->chases[i]);
      thread->chase_keys[i][0] = thread->keys[i - 1];
      thread->chase_keys[i][1] = thread->keys[i];
    }
    pos_unmake_move(back, undo);
  }
  pos_free(back);
  return thread->chases;
}

/* A repetition of a position since the last irreversible move, scored by
 * the variant's rules (SEARCH_INF: none), pos_cycle_result as the game's:
 * the side giving perpetual check loses where loss=perpetualcheck says so
 * (the game's positions carry their check flags: SearchHistory), then the
 * side that chased throughout where chasing=axf says so; otherwise
 * the rule's result for the side to move, and a draw is a little worse than
 * equal for the side the search plays for: it steers away from repeating
 * when it has anything better, and a shuffling opponent cannot hold a won
 * game by repeating.
 *
 * How often: once, if the earlier occurrence lies strictly after the root
 * (a cycle the search chose, and could choose again); else as often as the
 * game's rule asks (repetition(N), 3 by default), as Fairy-Stockfish's
 * is_optional_game_end. A position the game has seen once before is no draw
 * yet, and the search must not steer into it, or away from it, as if it
 * were one. */
static int search_repetition_score(SearchThread *thread, int ply) {
  const VariantRules *rules = &thread->pos->variant->rules;
  if (rules->repetition_off) return SEARCH_INF; /* a cycle decides nothing: search on */
  int index = thread->key_base + ply;
  uint64_t key = thread->keys[index];
  /* back to the last irreversible move, and never across a null move
   * (a cycle through one is not a game's) */
  int window = min_int(min_int(pos_rule50(thread->pos), pos_plies_from_null(thread->pos)), index);
  int needed = pos_repetition_count(thread->pos), seen = 0;
  for (int back = 4; back <= window; back += 2) {
    if (thread->keys[index - back] != key) continue;
    /* loss=moverepetition (janggimodern): the full count on the path too,
     * as Fairy-Stockfish, where the move rule decides the shorter cycles */
    if ((back >= ply || rules->move_repetition_loses) && ++seen + 1 < needed) continue;
    const ChasePly *chases = rules->chasing ? search_path_chases(thread, ply, index - back) : NULL;
    GameResult result =
        pos_cycle_result(thread->pos, thread->key_checks, chases, index, back, NULL);
    if (result == RESULT_WIN || result == RESULT_LOSS) return result_score(result, ply);
    return pos_side_to_move(thread->pos) == thread->root_side ? -CONTEMPT : CONTEMPT;
  }
  return SEARCH_INF;
}

/* loss=moverepetition at a node below the root: the move into it joins the
 * record (the game's moves, then the path's), which pos_move_repetition_end
 * reads as the game's referee does. */
static GameResult search_move_repetition(SearchThread *thread, int ply) {
  if (!thread->pos->variant->rules.move_repetition_loses) return RESULT_NONE;
  int index = thread->key_base + ply;
  thread->key_moves[index - 1] = move_ply_of(&thread->stack[ply - 1].undo);
  return pos_move_repetition_end(thread->pos, thread->key_moves, thread->key_checks, index);
}

/* Zugzwang guard: the side has something besides royal and pawn-like pieces. */
static bool side_has_pieces(const Position *pos, const EvalTables *tables) {
  Color us = pos_side_to_move(pos);
  for (int i = 0; i < pos->pcount[us]; i++) {
    int type = piece_type(pos_piece_on(pos, pos->plist[us][i]));
    if (!tables->royal[type] && !tables->pawn_like[type]) return true;
  }
  return false;
}

/* The side to move has nothing but royals where that loses unless it bares
 * the opponent back with this move (shatranj's bare king). */
static bool side_is_bared(const Position *pos, const EvalTables *tables) {
  if (!tables->bare_reply) return false;
  Color us = pos_side_to_move(pos);
  for (int i = 0; i < pos->pcount[us]; i++)
    if (!tables->royal[piece_type(pos_piece_on(pos, pos->plist[us][i]))]) return false;
  return true;
}

static void history_update(SearchThread *thread, int16_t *entry, int bonus) {
  (void)thread;
  int value = *entry + bonus - *entry * abs(bonus) / HISTORY_MAX;
  *entry = (int16_t)max_int(-HISTORY_MAX, min_int(HISTORY_MAX, value));
}

static int16_t *history_entry(SearchThread *thread, Color us, int type, Move move) {
  return &thread->history[((int)us * thread->types + type) * thread->squares + move_to(move)];
}

/* The continuation-history row of a move: indexed by the next moves'
 * (type, to). NULL where the variant's table would be too large. */
static int16_t *cont_row(const SearchThread *thread, int type, Move move) {
  if (!thread->cont_history || type < 0) return NULL;
  size_t cells = (size_t)thread->types * thread->squares;
  return thread->cont_history + ((size_t)type * thread->squares + move_to(move)) * cells;
}

static int history_bonus(int depth) {
  return min_int(16 * depth * depth + 128 * max_int(depth - 1, 0), 1536);
}

/* A quiet move refuted the position: remember it as killer, counter-move and
 * in the butterfly and continuation histories; the quiet moves tried before
 * it lose there. */
static void search_update_quiets(SearchThread *thread, int ply, Move best, const Move *quiets,
                                 const int *quiet_types, int quiet_nb, int depth) {
  PlyStack *ss = &thread->stack[ply];
  Color us = pos_side_to_move(thread->pos);
  int bonus = history_bonus(depth);
  if (ss->killers[0] != best) ss->killers[1] = ss->killers[0], ss->killers[0] = best;
  if (ply > 0) {
    const PlyStack *prev = &thread->stack[ply - 1];
    if (prev->move != MOVE_NONE_VALUE && prev->moved_type >= 0)
      thread->counter[prev->moved_type * thread->squares + move_to(prev->move)] = best;
  }
  int16_t *cont1 = ply >= 1 ? ss[-1].cont : NULL;
  int16_t *cont2 = ply >= 2 ? ss[-2].cont : NULL;
  for (int i = 0; i < quiet_nb; i++) {
    if (quiet_types[i] < 0) continue;
    int b = quiets[i] == best ? bonus : -bonus;
    history_update(thread, history_entry(thread, us, quiet_types[i], quiets[i]), b);
    size_t cell = (size_t)quiet_types[i] * thread->squares + move_to(quiets[i]);
    if (cont1) history_update(thread, &cont1[cell], b);
    if (cont2) history_update(thread, &cont2[cell], b);
  }
}

/* Capture history: the capture that refuted the position gains, the
 * captures tried before it lose (also when a quiet move refuted it). */
static void search_update_captures(SearchThread *thread, Move best, const Move *captures,
                                   const int *types, int capture_nb, int depth) {
  int bonus = history_bonus(depth);
  for (int i = 0; i < capture_nb; i++) {
    int type = types[i] & 0xFFFF, captured = (types[i] >> 16) - 1;
    int16_t *entry = history_capture_entry(thread, type, captures[i], captured);
    history_update(thread, entry, captures[i] == best ? bonus : -bonus);
  }
}

/* The correction history's key (Stockfish's pawn correction history): the
 * squares of the pawn-like pieces where the position has any (their
 * structure is what the static evaluation misjudges for long), else the
 * material, so pawnless variants and endings still learn. The board keeps
 * both keys up to date in make and unmake. */
static int16_t *correction_entry(SearchThread *thread, const Position *pos) {
  uint64_t key = pos_pawn_key(pos) ? pos_pawn_key(pos) : pos_material_key(pos);
  return &thread->correction[pos_side_to_move(pos)][key % CORRECTION_SIZE];
}

static void pv_update(PlyStack *ss, Move move) {
  const PlyStack *child = ss + 1;
  ss->pv[0] = move;
  int len = min_int(child->pv_len, PLY_MAX - 1);
  memcpy(ss->pv + 1, child->pv, (size_t)len * sizeof(Move));
  ss->pv_len = len + 1;
}

/* Quiescence plies after which only winning captures are tried, and after
 * which the static evaluation is final: on crowded boards (two armies, many
 * mutual pawn captures) even trades otherwise multiply without end. */
#define QS_EVEN_TRADES_MAX 4
#define QS_DEPTH_MAX       10

static int search_qsearch(SearchThread *thread, int alpha, int beta, int ply, int qdepth) {
  Position *pos = thread->pos;
  Searcher *s = thread->owner;
  PlyStack *ss = &thread->stack[ply];
  const EvalTables *tables = &s->eval;
  bool pv_node = beta - alpha > 1;

  /* 1. Bookkeeping, stop and the board's game end. */
  nodes_add(thread);
  ss->pv_len = 0;
  if (ply > thread->seldepth) thread->seldepth = ply;
  if (search_should_stop(thread)) return 0;
  bool in_check = search_in_check(ss, pos);
  thread->key_checks[thread->key_base + ply] = in_check;
  GameResult result = search_rule_result(thread, ply);
  if (result != RESULT_NONE) return result_score(result, ply);
  if (ply >= PLY_MAX) return in_check ? 0 : eval_position_cached(pos, tables, &thread->eval_cache);
  /* A bared side to move (bare royal loses, unless it bares back) has no
   * quiet "stand pat": like a side in check, every move of it is tried, and
   * the board scores the position each one leads to. */
  bool evade = in_check || side_is_bared(pos, tables);
  if (qdepth >= QS_DEPTH_MAX) evade = false; /* stand pat even in check, this deep */

  /* 2. Transposition table. */
  TTHit hit;
  bool tt_hit = tt_probe(&s->tt, pos_key(pos), ply, &hit);
  if (tt_hit && !pv_node &&
      (hit.bound == TT_EXACT || (hit.bound == TT_LOWER && hit.score >= beta) ||
       (hit.bound == TT_UPPER && hit.score <= alpha)))
    return hit.score;

  /* 3. Stand pat (not in check: every move may be worse than doing nothing),
   *    on the evaluation corrected as in search_node (the TT keeps it raw). */
  int best = -SEARCH_INF, eval = -SEARCH_INF, correction = 0;
  if (!evade) {
    correction = *correction_entry(thread, pos) / 32;
    eval = tt_hit ? hit.eval : eval_position_cached(pos, tables, &thread->eval_cache);
    eval = max_int(-SEARCH_MATE_MAX + 1, min_int(SEARCH_MATE_MAX - 1, eval + correction));
    if (eval >= beta || qdepth >= QS_DEPTH_MAX) return eval;
    best = eval;
    if (eval > alpha) alpha = eval;
  }

  /* 4. Captures and promotions (all evasions when in check). */
  MoveList *list = &ss->list;
  bool all_legal = search_gen_moves(pos, list, !evade);
  ss->legal_ready = false;
  ss->check_ready = false;
  MovePicker mp;
  picker_init(&mp, thread, ply, tt_hit ? hit.move : MOVE_NONE_VALUE, !evade);
  int legal = 0;
  Move best_move = MOVE_NONE_VALUE;
  int old_alpha = alpha;
  Move move;
  PickStage stage;
  while ((move = picker_next(&mp, &stage)) != MOVE_NONE_VALUE) {
    /* 5. Skip captures that lose material or cannot reach alpha (before the
     *    legality test: only evasions count legal moves). The picker ran
     *    the exchange test on every good capture; the TT move needs it. */
    if (!evade) {
      if (stage == STAGE_TT && !move_see_ok(pos, tables, move, 0)) continue;
      if (qdepth >= QS_EVEN_TRADES_MAX && !move_see_ok(pos, tables, move, 1)) continue;
      if (qdepth >= s->qs_recaptures_from && move_to(move) != move_to(ss[-1].move)) continue;
      if (eval + move_captured_value(pos, tables, move) + 200 < alpha && move_piece_arg(move) < 0)
        continue;
    }
    if (!all_legal && !search_move_legal(ss, pos, move)) continue;
    legal++;
    ss->move = move;
    ss->moved_type = move_mover_type(pos, move);
    ss->cont = cont_row(thread, ss->moved_type, move);
    ss[1].in_check_hint =
        (int8_t)(search_check_cheap(ss, pos) ? check_context_gives(pos, &ss->check, move) : -1);
    pos_make_move(pos, move, &ss->undo);
    int score = -search_qsearch(thread, -beta, -alpha, ply + 1, qdepth + 1);
    pos_unmake_move(pos, &ss->undo);
    if (atomic_load_explicit(&s->stop, memory_order_relaxed)) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = move;
        alpha = score;
        if (pv_node) pv_update(ss, move);
        if (score >= beta) break;
      }
    }
  }

  /* 6. No evasion: the board says what that means here. */
  if (evade && legal == 0) return result_score(pos_game_result(pos, 0), ply);

  TTBound bound = best >= beta ? TT_LOWER : best > old_alpha ? TT_EXACT : TT_UPPER;
  tt_store(&s->tt, pos_key(pos), ply, best_move, best, evade ? 0 : eval - correction, 0, bound);
  return best;
}

static int search_node(SearchThread *thread, int alpha, int beta, int depth, int ply,
                       bool cut_node) {
  Position *pos = thread->pos;
  Searcher *s = thread->owner;
  PlyStack *ss = &thread->stack[ply];
  const EvalTables *tables = &s->eval;
  bool root = ply == 0;
  bool pv_node = beta - alpha > 1;
  Color us = pos_side_to_move(pos);

  /* 1. Check extension, then quiescence at the horizon. A check by a move
   *    that loses material (the parent's exchange test) is not extended:
   *    in drop variants such checks are everywhere and mostly futile. */
  bool in_check = search_in_check(ss, pos);
  if (in_check && ply < PLY_MAX / 2 && !ss->check_unsafe) depth++;
  if (depth <= 0) return search_qsearch(thread, alpha, beta, ply, 0);

  /* 2. Bookkeeping and stop. */
  nodes_add(thread);
  ss->pv_len = 0;
  if (ply > thread->seldepth) thread->seldepth = ply;
  if (search_should_stop(thread)) return 0;
  thread->keys[thread->key_base + ply] = pos_key(pos);
  thread->key_checks[thread->key_base + ply] = in_check;
  ss[1].killers[0] = ss[1].killers[1] = MOVE_NONE_VALUE;

  /* 3. Early exits: game over by the variant's rules, repetition, depth
   *    limit, and mate-distance pruning. */
  if (!root) {
    GameResult result = search_rule_result(thread, ply);
    if (result == RESULT_NONE) result = search_move_repetition(thread, ply);
    if (result != RESULT_NONE) return result_score(result, ply);
    int repetition = search_repetition_score(thread, ply);
    if (repetition != SEARCH_INF) return repetition;
    if (ply >= PLY_MAX)
      return in_check ? 0 : eval_position_cached(pos, tables, &thread->eval_cache);
    alpha = max_int(alpha, -SEARCH_MATE + ply);
    beta = min_int(beta, SEARCH_MATE - ply - 1);
    if (alpha >= beta) return alpha;
  }

  /* 4. Transposition table: a cutoff outside PV nodes. A singular test
   *    (ss->excluded set) searches the same position without its TT move:
   *    the entry describes the whole node, so it neither cuts off nor
   *    orders the moves there. */
  Move excluded = ss->excluded;
  TTHit hit;
  bool tt_hit = tt_probe(&s->tt, pos_key(pos), ply, &hit);
  Move tt_move = tt_hit && excluded == MOVE_NONE_VALUE ? hit.move : MOVE_NONE_VALUE;
  if (tt_hit && !pv_node && excluded == MOVE_NONE_VALUE && hit.depth >= depth &&
      (hit.bound == TT_EXACT || (hit.bound == TT_LOWER && hit.score >= beta) ||
       (hit.bound == TT_UPPER && hit.score <= alpha)))
    return hit.score;

  /* 5. Static evaluation, corrected by what earlier searches of positions
   *    with this structure found (the TT keeps the uncorrected one), then
   *    refined by the TT score when its bound allows. */
  int eval = -SEARCH_INF, raw_eval = 0, correction = 0, corrected = 0;
  int16_t *correction_cell = NULL;
  if (!in_check) {
    correction_cell = correction_entry(thread, pos);
    correction = *correction_cell / 32;
    eval = raw_eval = tt_hit ? hit.eval : eval_position_cached(pos, tables, &thread->eval_cache);
    eval = corrected =
        max_int(-SEARCH_MATE_MAX + 1, min_int(SEARCH_MATE_MAX - 1, eval + correction));
    if (tt_hit && excluded == MOVE_NONE_VALUE &&
        ((hit.bound == TT_LOWER && hit.score > eval) ||
         (hit.bound == TT_UPPER && hit.score < eval)))
      eval = hit.score;
  }
  ss->static_eval = in_check ? SEARCH_INF : eval;
  bool improving = !in_check && ply >= 2 && ss[-2].static_eval != SEARCH_INF &&
                   ss->static_eval > ss[-2].static_eval;

  /* 6. Reverse futility pruning: far above beta at low depth. */
  if (!pv_node && !in_check && depth <= 7 && eval - 80 * depth + 40 * improving >= beta &&
      abs(beta) < SEARCH_MATE_MAX)
    return eval;

  /* 7. Null-move pruning, where the variant allows it (no forced captures:
   *    Searcher.null_move_ok) and the side has pieces beyond royals and pawns. */
  if (!pv_node && !in_check && excluded == MOVE_NONE_VALUE && s->null_move_ok && depth >= 3 &&
      eval >= beta && ply >= thread->nmp_min_ply && ply > 0 && ss[-1].move != MOVE_NONE_VALUE &&
      abs(beta) < SEARCH_MATE_MAX && side_has_pieces(pos, tables)) {
    int r = 3 + depth / 4 + min_int(3, (eval - beta) / 200);
    ss->move = MOVE_NONE_VALUE;
    ss->moved_type = -1;
    ss->cont = NULL;
    ss[1].in_check_hint = -1;
    ss[1].check_unsafe = 0;
    pos_make_null(pos, &ss->undo);
    int score = -search_node(thread, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
    pos_unmake_move(pos, &ss->undo);
    if (atomic_load_explicit(&s->stop, memory_order_relaxed)) return 0;
    if (score >= beta) return score >= SEARCH_MATE_MAX ? beta : score;
  }

  /* 8. Internal iterative reduction: no TT move, search shallower first. */
  if (depth >= 4 && tt_move == MOVE_NONE_VALUE && !root && excluded == MOVE_NONE_VALUE) depth--;

  /* 8b. Singular extension (Stockfish, Ethereal): when the TT says its move
   *     holds at least tt_score at nearly this depth, search the other moves
   *     at half depth against a bound a little below that. If none reaches
   *     it, the TT move is the only good one and is searched a ply deeper;
   *     if they reach it even above beta, several moves refute the position
   *     and the node fails high at once (multi-cut). If they reach it below
   *     beta, the TT move is not alone, and it is searched a ply shallower
   *     where it is least likely to matter: when its TT score beats beta,
   *     at an expected cut node, or when the others did as well as its TT
   *     score (Stockfish's negative extensions; bench/README.md). The test
   *     runs before this ply's move list is made: it searches the same ply
   *     and reuses its list, picker and contexts. Extensions stop past
   *     twice the iteration's depth, so the lines stay finite. */
  int singular_ext = 0;
  if (!root && depth >= 7 && excluded == MOVE_NONE_VALUE && tt_move != MOVE_NONE_VALUE &&
      (hit.bound == TT_LOWER || hit.bound == TT_EXACT) && hit.depth >= depth - 3 &&
      abs(hit.score) < SEARCH_MATE_MAX && ply < 2 * thread->root_depth) {
    int singular_beta = hit.score - 2 * depth;
    int saved_eval = ss->static_eval;
    ss->excluded = tt_move;
    int score =
        search_node(thread, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
    ss->excluded = MOVE_NONE_VALUE;
    ss->static_eval = saved_eval;
    if (atomic_load_explicit(&s->stop, memory_order_relaxed)) return 0;
    if (score < singular_beta)
      singular_ext = 1;
    else if (singular_beta >= beta)
      return singular_beta;
    else if (hit.score >= beta || cut_node || hit.score <= score)
      singular_ext = -1;
  }

  /* 9. Generate and order (the root uses its own list, best first). */
  MoveList *list = &ss->list;
  bool all_legal = root;
  ss->check_ready = false;
  MovePicker mp;
  int root_index = 0;
  /* A TT move that the moves of its piece show pseudo-legal is searched
   * before the others are generated: when it refutes the position, as it
   * mostly does at cut nodes, they never are. */
  bool tt_first = false, gen_pending = false;
  if (root) {
    list->count = 0;
    for (int i = thread->pv_index; i < thread->root_count; i++)
      list->moves[list->count++] = thread->roots[i].move;
  } else {
    ss->legal_ready = false;
    tt_first =
        tt_move != MOVE_NONE_VALUE && s->tt_move_first && pos_move_listed(pos, tt_move, list) == 1;
    if (!tt_first) {
      all_legal = search_gen_moves(pos, list, false);
      picker_init(&mp, thread, ply, tt_move, false);
    }
  }

  /* 10. The move loop. */
  int best = -SEARCH_INF, legal = 0, quiet_nb = 0, capture_nb = 0;
  Move best_move = MOVE_NONE_VALUE;
  Move quiets[64], captures[32];
  int quiet_types[64], capture_types[32];
  int old_alpha = alpha;
  for (;;) {
    Move move;
    PickStage stage = STAGE_QUIET;
    if (root) {
      move = root_index < list->count ? list->moves[root_index++] : MOVE_NONE_VALUE;
    } else if (tt_first) {
      move = tt_move, stage = STAGE_TT;
      tt_first = false, gen_pending = true;
    } else {
      if (gen_pending) {
        search_gen_moves(pos, list, false);
        picker_init(&mp, thread, ply, tt_move, false);
        picker_skip_tt(&mp); /* searched already */
        gen_pending = false;
      }
      move = picker_next(&mp, &stage);
    }
    if (move == MOVE_NONE_VALUE) break;
    if (move == excluded) continue;
    bool tactical = move_is_tactical(pos, move);
    int type = move_mover_type(pos, move);
    bool killer = stage == STAGE_KILLER;
    int gives = -1; /* whether the move gives check, once known */

    /* 11. Prune late quiet moves and bad captures near the leaves (never a
     *     checking move: with fairy pieces a check is often the whole point).
     *     A pruned move is counted as legal without the legality test (a make
     *     and unmake, like the check test): a rare illegal one only shifts
     *     the later moves' reductions by one. A legal move was searched
     *     already (best > -mate), so "no legal move" is never concluded. */
    if (!root && !in_check && best > -SEARCH_MATE_MAX && depth <= 6) {
      bool lmp = !tactical && depth <= 5 && quiet_nb >= (3 + depth * depth) / (improving ? 1 : 2);
      if (lmp) mp.quiets_unordered = true; /* quiet_nb grows no more: all later quiets too */
      bool futile = !tactical && !killer && eval + 90 + 70 * depth <= alpha;
      /* The picker ran the exchange test at threshold 0 on every good
       * capture: those pass the lower threshold without playing it again. */
      bool losing =
          tactical && stage != STAGE_GOOD_CAPTURE && !move_see_ok(pos, tables, move, -90 * depth);
      bool prune = lmp || futile || losing;
      /* A quiet move the histories call bad, at a depth LMR would cut to 3
       * or less, is not worth its search (Stockfish's and Ethereal's
       * history pruning). */
      if (!prune && !tactical && !killer) {
        int lmr_depth = depth - 1 - LMR_TABLE[min_int(depth, 63)][min_int(legal + 1, 63)];
        prune = lmr_depth <= 3 && history_quiet(thread, ply, us, type, move) < -3000 * depth;
      }
      if (prune && !(gives = search_gives_check(ss, pos, move))) {
        legal++;
        continue;
      }
    }
    if (!all_legal && !search_move_legal(ss, pos, move)) continue;
    legal++;

    /* 12. Make the move. */
    ss->move = move;
    ss->moved_type = type;
    ss->cont = cont_row(thread, type, move);
    int captured = tactical ? move_captured_type(pos, move) : -1;
    if (gives < 0 && search_check_cheap(ss, pos))
      gives = check_context_gives(pos, &ss->check, move);
    ss[1].in_check_hint = (int8_t)gives;
    ss[1].check_unsafe = gives == 1 && stage != STAGE_GOOD_CAPTURE && /* passed it already */
                         !move_see_ok(pos, tables, move, 0);
    pos_make_move(pos, move, &ss->undo);
    tt_prefetch(&s->tt, pos_key(pos));
    if (!tactical && quiet_nb < 64) quiets[quiet_nb] = move, quiet_types[quiet_nb++] = type;
    if (tactical && capture_nb < 32 && type >= 0) {
      captures[capture_nb] = move;
      capture_types[capture_nb++] = type | (captured + 1) << 16;
    }
    int new_depth = depth - 1 + (move == tt_move ? singular_ext : 0);
    int score = 0;

    /* 13. Late-move reductions, then principal-variation search. Quiet
     *     moves and captures that lose material by the exchange test (the
     *     picker's last stage) are reduced; history only moves a quiet's. */
    if (legal > 1 + pv_node && depth >= 3 && (!tactical || stage == STAGE_BAD_CAPTURE)) {
      int r = LMR_TABLE[min_int(depth, 63)][min_int(legal, 63)];
      r -= gives >= 0 ? gives : pos_in_check(pos); /* the move gave check */
      r -= root;
      r += !pv_node;
      r -= improving;
      r -= killer;
      if (!tactical)
        r -= max_int(-2, min_int(2, history_quiet(thread, ply, us, type, move) / 8000));
      r = max_int(0, min_int(r, new_depth - 1));
      score = -search_node(thread, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
      if (score > alpha && r > 0)
        score = -search_node(thread, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
    } else if (!pv_node || legal > 1) {
      score = -search_node(thread, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
    }
    if (pv_node && (legal == 1 || (score > alpha && (root || score < beta))))
      score = -search_node(thread, -beta, -alpha, new_depth, ply + 1, false);

    pos_unmake_move(pos, &ss->undo);
    if (atomic_load_explicit(&s->stop, memory_order_relaxed)) return 0;

    /* 14. Root: remember each move's score and line for ordering and MultiPV. */
    if (root) {
      RootMove *rm = NULL;
      for (int k = thread->pv_index; k < thread->root_count; k++)
        if (thread->roots[k].move == move) rm = &thread->roots[k];
      if (rm && (legal == 1 || score > alpha)) {
        rm->score = score;
        rm->seldepth = thread->seldepth;
        rm->pv[0] = move;
        int len = min_int(ss[1].pv_len, PLY_MAX - 1);
        memcpy(rm->pv + 1, ss[1].pv, (size_t)len * sizeof(Move));
        rm->pv_len = len + 1;
      } else if (rm) {
        rm->score = -SEARCH_INF;
      }
    }

    /* 15. New best move; a fail high ends the loop. */
    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = move;
        if (pv_node) pv_update(ss, move);
        if (score >= beta) {
          if (!tactical)
            search_update_quiets(thread, ply, move, quiets, quiet_types, quiet_nb, depth);
          search_update_captures(thread, tactical ? move : MOVE_NONE_VALUE, captures, capture_types,
                                 capture_nb, depth);
          break;
        }
        alpha = score;
      }
    }
  }

  /* 16. No legal move: checkmate, stalemate or whatever the variant says.
   *     In a singular test the TT move was the only one: it is singular. */
  if (legal == 0 && excluded != MOVE_NONE_VALUE) return alpha;
  if (legal == 0) return root ? 0 : result_score(pos_game_result(pos, 0), ply);

  /* 17. Store the result (not a singular test's: it left a move out). */
  if (excluded != MOVE_NONE_VALUE) return best;
  TTBound bound = best >= beta ? TT_LOWER : best > old_alpha ? TT_EXACT : TT_UPPER;
  tt_store(&s->tt, pos_key(pos), ply, best_move, best, raw_eval, depth, bound);

  /* 18. Correction history: a quiet (or no) best move whose result lies
   *     beyond the corrected evaluation in the bound's direction says how
   *     far the evaluation is off here (captures change the structure). */
  if (!in_check && abs(best) < SEARCH_MATE_MAX &&
      (best_move == MOVE_NONE_VALUE || !move_is_tactical(pos, best_move)) &&
      !(bound == TT_LOWER && best <= corrected) && !(bound == TT_UPPER && best >= corrected)) {
    int bonus =
        max_int(-CORRECTION_MAX / 4, min_int(CORRECTION_MAX / 4, (best - corrected) * depth / 8));
    int value = *correction_cell + bonus - *correction_cell * abs(bonus) / CORRECTION_MAX;
    *correction_cell = (int16_t)max_int(-CORRECTION_MAX, min_int(CORRECTION_MAX, value));
  }
  return best;
}

/* Stable sort of root moves [from, count) by score, best first. */
static void roots_sort(SearchThread *thread, int from) {
  for (int i = from + 1; i < thread->root_count; i++) {
    RootMove moving = thread->roots[i];
    int j = i;
    while (j > from && thread->roots[j - 1].score < moving.score) {
      thread->roots[j] = thread->roots[j - 1];
      j--;
    }
    thread->roots[j] = moving;
  }
}

static void search_report(SearchThread *thread, int depth, int line, SearchBound bound) {
  Searcher *s = thread->owner;
  if (!s->callbacks.info) return;
  const RootMove *rm = &thread->roots[line];
  int score = rm->score == -SEARCH_INF ? rm->prev_score : rm->score;
  SearchInfo info;
  memset(&info, 0, sizeof info);
  info.depth = depth;
  info.seldepth = max_int(rm->seldepth, depth);
  info.multipv = line + 1;
  info.is_mate = abs(score) >= SEARCH_MATE_MAX;
  info.score = info.is_mate
                   ? (score > 0 ? (SEARCH_MATE - score + 1) / 2 : -(SEARCH_MATE + score + 1) / 2)
                   : score;
  info.bound = bound;
  info.nodes = searcher_total_nodes(s);
  info.time_ms = search_now_ms() - atomic_load(&s->start_ms);
  info.nps = info.time_ms > 0 ? info.nodes * 1000 / (uint64_t)info.time_ms : info.nodes;
  info.hashfull = tt_hashfull(&s->tt);
  info.pv_len = rm->pv_len;
  info.pv = rm->pv;
  s->callbacks.info(s->callbacks.user, &info);
}

/* 0..2 of the aspiration loop: search one MultiPV line at one depth. */
static int search_aspiration(SearchThread *thread, int depth, int line) {
  Searcher *s = thread->owner;
  int prev = thread->roots[line].prev_score;
  int delta = 16;
  int alpha = -SEARCH_INF, beta = SEARCH_INF;
  if (depth >= 5 && abs(prev) < SEARCH_MATE_MAX) {
    alpha = max_int(prev - delta, -SEARCH_INF);
    beta = min_int(prev + delta, SEARCH_INF);
  }
  for (;;) {
    thread->seldepth = 0;
    int score = search_node(thread, alpha, beta, depth, 0, false);
    roots_sort(thread, line);
    if (atomic_load(&s->stop)) return score;
    if (score <= alpha) {
      beta = (alpha + beta) / 2;
      alpha = max_int(score - delta, -SEARCH_INF);
      if (thread->id == 0 && search_now_ms() - atomic_load(&s->start_ms) > 3000)
        search_report(thread, depth, line, SCORE_UPPER);
    } else if (score >= beta) {
      beta = min_int(score + delta, SEARCH_INF);
      if (thread->id == 0 && search_now_ms() - atomic_load(&s->start_ms) > 3000)
        search_report(thread, depth, line, SCORE_LOWER);
    } else {
      return score;
    }
    delta += delta / 2;
    if (delta > 1000) alpha = -SEARCH_INF, beta = SEARCH_INF;
  }
}

void search_thread_job(void *data) {
  SearchThread *thread = data;
  Searcher *s = thread->owner;
  pthread_once(&LMR_ONCE, lmr_init);
  int max_depth = s->limits.depth > 0 ? min_int(s->limits.depth, PLY_MAX - 8) : PLY_MAX - 8;
  int lines = min_int(s->multipv, thread->root_count);
  Move last_best = MOVE_NONE_VALUE;
  int stability = 0, last_score = 0;

  for (int depth = 1 + (thread->id & 1); depth <= max_depth; depth++) {
    /* 1. Search each MultiPV line, excluding the lines above it. */
    for (int r = 0; r < thread->root_count; r++) {
      thread->roots[r].prev_score = thread->roots[r].score;
      thread->roots[r].score = -SEARCH_INF;
    }
    thread->root_depth = depth;
    for (thread->pv_index = 0; thread->pv_index < lines; thread->pv_index++) {
      search_aspiration(thread, depth, thread->pv_index);
      if (atomic_load(&s->stop)) break;
      roots_sort(thread, 0);
    }
    if (atomic_load(&s->stop)) break;
    thread->completed_depth = depth;
    if (thread->id != 0) continue;

    /* 2. The main thread reports the finished iteration. */
    for (int line = 0; line < lines; line++) search_report(thread, depth, line, SCORE_EXACT);

    /* 3. Stop early: mate found within the asked distance, one legal move,
     *    or the soft time limit (scaled by best-move stability) is spent. */
    int score = thread->roots[0].score;
    if (s->limits.mate && score >= SEARCH_MATE - 2 * s->limits.mate) break;
    Move best = thread->roots[0].move;
    stability = best == last_best ? stability + 1 : 0;
    int drop = depth > 1 ? last_score - score : 0;
    last_best = best, last_score = score;
    if (s->plan.limited && !atomic_load(&s->ponder)) {
      if (thread->root_count == 1 && depth >= 4) break;
      int64_t elapsed = search_now_ms() - atomic_load(&s->start_ms);
      if (elapsed >= time_soft_scaled(&s->plan, stability, drop)) break;
    }
  }
}
