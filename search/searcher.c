/* searcher.c — the Searcher: transposition table, the persistent thread
 * pool, and the life of one search (start, ponderhit, stop, bestmove).
 *
 * search_start() does every allocation a search needs (position copies,
 * tables sized for the variant, the root move list) before waking the main
 * search thread, so nothing allocates while the threads search. The main
 * search thread wakes the helpers, runs its own iterative deepening, stops
 * the helpers, and sends the single bestmove report.
 */
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board/movegen.h"
#include "search/search_internal.h"

int64_t search_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t search_clock_ms(void) {
  return search_now_ms();
}

static void thread_free_tables(SearchThread *thread) {
  free(thread->history);
  free(thread->counter);
  free(thread->capture_history);
  free(thread->cont_history);
  thread->history = NULL;
  thread->counter = NULL;
  thread->capture_history = NULL;
  thread->cont_history = NULL;
  eval_cache_free(&thread->eval_cache);
  thread->types = thread->squares = 0;
}

static void thread_destroy(SearchThread *thread) {
  if (!thread) return;
  pool_worker_stop(&thread->worker);
  if (thread->pos) pos_free(thread->pos);
  thread_free_tables(thread);
  free(thread->stack);
  free(thread->keys);
  free(thread->key_checks);
  free(thread->key_moves);
  free(thread->chases);
  free(thread->chase_keys);
  chase_scratch_free(thread->chase_scratch);
  free(thread->roots);
  free(thread);
}

static SearchThread *thread_create(Searcher *searcher, int id) {
  SearchThread *thread = calloc(1, sizeof *thread);
  if (!thread) return NULL;
  thread->id = id;
  thread->owner = searcher;
  /* Two spare plies: the stack is read at ply + 1 and written at ply - 2. */
  thread->stack = calloc(PLY_MAX + 4, sizeof(PlyStack));
  if (!thread->stack || !pool_worker_start(&thread->worker)) {
    free(thread->stack);
    free(thread);
    return NULL;
  }
  return thread;
}

Searcher *searcher_new(void) {
  Searcher *searcher = calloc(1, sizeof *searcher);
  if (!searcher) return NULL;
  atomic_init(&searcher->stop, false);
  atomic_init(&searcher->ponder, false);
  atomic_init(&searcher->running, false);
  atomic_init(&searcher->start_ms, 0);
  if (!tt_init(&searcher->tt, 16)) {
    free(searcher);
    return NULL;
  }
  searcher->threads[0] = thread_create(searcher, 0);
  if (!searcher->threads[0]) {
    tt_free(&searcher->tt);
    free(searcher);
    return NULL;
  }
  searcher->thread_count = 1;
  return searcher;
}

void searcher_free(Searcher *searcher) {
  if (!searcher) return;
  search_stop(searcher);
  search_wait(searcher);
  for (int i = 0; i < searcher->thread_count; i++) thread_destroy(searcher->threads[i]);
  if (searcher->eval_ready) eval_tables_free(&searcher->eval);
  tt_free(&searcher->tt);
  free(searcher->history_keys);
  free(searcher->history_checks);
  free(searcher->history_chases);
  free(searcher->history_moves);
  free(searcher);
}

int searcher_set_threads(Searcher *searcher, int threads) {
  search_wait(searcher);
  if (threads < 1) threads = 1;
  if (threads > SEARCH_THREADS_MAX) threads = SEARCH_THREADS_MAX;
  while (searcher->thread_count > threads)
    thread_destroy(searcher->threads[--searcher->thread_count]);
  while (searcher->thread_count < threads) {
    SearchThread *thread = thread_create(searcher, searcher->thread_count);
    if (!thread) break; /* keep what we have */
    searcher->threads[searcher->thread_count++] = thread;
  }
  searcher->variant = NULL; /* new threads need their tables */
  return searcher->thread_count;
}

bool searcher_set_hash(Searcher *searcher, int megabytes) {
  search_wait(searcher);
  if (megabytes < 1) megabytes = 1;
  if (tt_init(&searcher->tt, (size_t)megabytes)) return true;
  tt_init(&searcher->tt, 1);
  return false;
}

int searcher_hash_mb(const Searcher *searcher) {
  return (int)tt_megabytes(&searcher->tt);
}

void searcher_clear_hash(Searcher *searcher) {
  search_wait(searcher);
  tt_clear(&searcher->tt);
  for (int i = 0; i < searcher->thread_count; i++) {
    SearchThread *thread = searcher->threads[i];
    size_t cells = (size_t)thread->types * thread->squares;
    if (thread->history) memset(thread->history, 0, cells * COLOR_NB * sizeof(int16_t));
    if (thread->counter) memset(thread->counter, 0, cells * sizeof(Move));
    if (thread->capture_history)
      memset(thread->capture_history, 0, cells * (size_t)(thread->types + 1) * sizeof(int16_t));
    if (thread->cont_history) memset(thread->cont_history, 0, cells * cells * sizeof(int16_t));
    memset(thread->correction, 0, sizeof thread->correction);
    eval_cache_clear(&thread->eval_cache);
  }
}

/* Quiescence plies from which only captures on the square the previous
 * move went to are tried (Stockfish's recapture depth). Where captures are
 * compulsory, from the fifth: on massacre's board of capture-only pieces
 * the capture trees made "go depth 1" run for minutes. Where every move
 * captures (clobber), from the first: there quiescence is the whole game
 * tree, and clobber10's 180 captures a node did not finish depth 1. */
#define QS_RECAPTURES_FROM        5
#define QS_RECAPTURES_ALWAYS_FROM 1

/* Tables that depend on the variant: evaluation and move-ordering memory. */
static bool searcher_prepare_variant(Searcher *searcher, const Position *root) {
  const Variant *variant = root->variant;
  /* The same pointer is trusted only with the same name and shape (a caller
   * may rebuild a variant in place, as the tests' fixtures do). */
  const EvalTables *e = &searcher->eval;
  if (searcher->variant == variant && searcher->eval_ready && e->variant == variant &&
      !strcmp(searcher->variant_name, variant->name) && e->piece_count == variant->piece_count &&
      e->square_nb == variant->shape.files * variant->shape.ranks *
                          (variant->shape.levels > 0 ? variant->shape.levels : 1))
    return true;
  if (searcher->eval_ready) eval_tables_free(&searcher->eval);
  searcher->eval_ready = eval_tables_build(&searcher->eval, variant);
  if (!searcher->eval_ready) return false;
  int types = variant->piece_count > 0 ? variant->piece_count : 1;
  int squares = searcher->eval.square_nb;
  for (int i = 0; i < searcher->thread_count; i++) {
    SearchThread *thread = searcher->threads[i];
    thread_free_tables(thread);
    thread->history = calloc((size_t)COLOR_NB * types * squares, sizeof(int16_t));
    thread->counter = calloc((size_t)types * squares, sizeof(Move));
    /* [mover type][to][captured type, or types: none] */
    thread->capture_history = calloc((size_t)types * squares * (types + 1), sizeof(int16_t));
    /* [previous type][previous to][type][to]; left out where it would be
     * too large (big boards with many types: at most 8 MB per thread). */
    size_t cells = (size_t)types * squares;
    if (cells * cells <= CONT_HISTORY_CELLS_MAX)
      thread->cont_history = calloc(cells * cells, sizeof(int16_t));
    /* Its entries hold terms computed with this variant's tables: a new
     * variant starts empty. */
    eval_cache_init(&thread->eval_cache, PAWN_CACHE_LOG2, SCORE_CACHE_LOG2);
    if (!thread->history || !thread->counter || !thread->capture_history ||
        !thread->eval_cache.scores) {
      if (i == 0) return false;
      /* Out of memory for a helper: search with the threads that have
       * their tables, rather than answer without a move. */
      while (searcher->thread_count > i)
        thread_destroy(searcher->threads[--searcher->thread_count]);
      break;
    }
    thread->types = types;
    thread->squares = squares;
  }
  const VariantRules *rules = &variant->rules;
  /* Two switches that both follow compulsory captures, for different
   * reasons, so each keeps its name: a pass is no bound where the side to
   * move may be forced into a losing capture (null move), and chains of
   * forced captures make deep quiescence explode (recaptures only) -- as
   * do chains of captures where every move captures (clobber: "go depth
   * 1" did not end). */
  searcher->null_move_ok = !rules->must_capture;
  searcher->qs_recaptures_from = pos_every_move_captures(root) ? QS_RECAPTURES_ALWAYS_FROM
                                 : rules->must_capture         ? QS_RECAPTURES_FROM
                                                               : INT_MAX;
  /* Where the search generates only legal moves (search_gen_moves), the
   * TT move is not searched before them. */
  searcher->tt_move_first = !search_legal_list_only(rules);
  searcher->variant = variant;
  snprintf(searcher->variant_name, sizeof searcher->variant_name, "%s", variant->name);
  return true;
}

/* chasing=axf: the per-index chase records (thread->key_capacity of them)
 * and their scratch, the game's records before the root copied in. A
 * variant without the rule has none: search_path_chases is never asked. */
static bool thread_prepare_chases(SearchThread *thread, const Position *position) {
  Searcher *s = thread->owner;
  if (!position->variant->rules.chasing) return true;
  size_t need = (size_t)thread->key_capacity;
  if (!thread->chases) thread->chases = malloc(need * sizeof *thread->chases);
  if (!thread->chase_keys) thread->chase_keys = malloc(need * sizeof *thread->chase_keys);
  if (!thread->chase_scratch) thread->chase_scratch = chase_scratch_new();
  if (!thread->chases || !thread->chase_keys || !thread->chase_scratch) return false;
  memset(thread->chases, 0, need * sizeof *thread->chases);
  memset(thread->chase_keys, 0, need * sizeof *thread->chase_keys);
  if (s->history_chases)
    memcpy(thread->chases, s->history_chases, (size_t)(s->history_len + 1) * sizeof(ChasePly));
  return true;
}

static bool thread_prepare(SearchThread *thread, const Position *position, const MoveList *roots) {
  Searcher *s = thread->owner;
  if (thread->pos) pos_free(thread->pos);
  thread->pos = pos_clone(position);
  if (!thread->pos) return false;
  int need = s->history_len + PLY_MAX + 4;
  if (need > thread->key_capacity) {
    free(thread->keys);
    free(thread->key_checks);
    free(thread->key_moves);
    free(thread->chases);
    free(thread->chase_keys);
    thread->chases = NULL, thread->chase_keys = NULL;
    thread->keys = calloc((size_t)need, sizeof(uint64_t));
    thread->key_checks = calloc((size_t)need, sizeof(bool));
    thread->key_moves = calloc((size_t)need, sizeof(MovePly));
    thread->key_capacity = thread->keys && thread->key_checks && thread->key_moves ? need : 0;
    if (!thread->key_capacity) return false;
  }
  memset(thread->key_checks, 0, (size_t)need * sizeof(bool));
  if (s->history_len) {
    memcpy(thread->keys, s->history_keys, s->history_len * sizeof(uint64_t));
    memcpy(thread->key_checks, s->history_checks, s->history_len * sizeof(bool));
    memcpy(thread->key_moves, s->history_moves, s->history_len * sizeof(MovePly));
  }
  thread->key_base = s->history_len;
  if (!thread_prepare_chases(thread, position)) return false;
  if (roots->count > thread->root_capacity) {
    free(thread->roots);
    thread->roots = calloc((size_t)roots->count, sizeof(RootMove));
    thread->root_capacity = thread->roots ? roots->count : 0;
    if (!thread->roots) return false;
  }
  thread->root_count = roots->count;
  for (int i = 0; i < roots->count; i++) {
    RootMove *rm = &thread->roots[i];
    rm->move = roots->moves[i];
    rm->score = rm->prev_score = -SEARCH_INF;
    rm->seldepth = 0;
    rm->pv[0] = rm->move;
    rm->pv_len = 1;
  }
  atomic_store(&thread->nodes, 0);
  thread->seldepth = 0;
  thread->completed_depth = 0;
  thread->root_depth = 0;
  thread->pv_index = 0;
  thread->nmp_min_ply = 0;
  thread->root_side = pos_side_to_move(position);
  for (int p = 0; p < PLY_MAX + 4; p++) {
    thread->stack[p].killers[0] = thread->stack[p].killers[1] = MOVE_NONE_VALUE;
    thread->stack[p].move = MOVE_NONE_VALUE;
    thread->stack[p].moved_type = -1;
    thread->stack[p].static_eval = 0;
    thread->stack[p].cont = NULL;
    thread->stack[p].in_check_hint = -1;
    thread->stack[p].check_unsafe = 0;
    thread->stack[p].excluded = MOVE_NONE_VALUE;
  }
  return true;
}

/* The main search thread's job: run everything, then report bestmove. */
static void search_main_job(void *data) {
  SearchThread *main_thread = data;
  Searcher *s = main_thread->owner;

  /* 1. Search, with the helpers, unless there is nothing to search. */
  if (main_thread->root_count > 0) {
    for (int i = 1; i < s->thread_count; i++)
      pool_worker_run(&s->threads[i]->worker, search_thread_job, s->threads[i]);
    search_thread_job(main_thread);
  }

  /* 2. An infinite or ponder search holds its answer until told. */
  while (!atomic_load(&s->stop) && (s->limits.infinite || atomic_load(&s->ponder))) {
    struct timespec pause = {0, 1000000};
    nanosleep(&pause, NULL);
  }
  atomic_store(&s->stop, true);
  for (int i = 1; i < s->thread_count; i++) pool_worker_wait(&s->threads[i]->worker);

  /* 3. The answer: the main thread's best line. */
  Move best = MOVE_NONE_VALUE, ponder = MOVE_NONE_VALUE;
  if (main_thread->root_count > 0) {
    const RootMove *rm = &main_thread->roots[0];
    best = rm->move;
    if (rm->pv_len > 1) ponder = rm->pv[1];
    s->score = rm->score != -SEARCH_INF ? rm->score : rm->prev_score;
  }
  /* out of memory for the main thread's tables: nothing was searched, but a
   * legal move is still the answer */
  if (best == MOVE_NONE_VALUE) best = s->fallback;
  s->best_move = best;
  s->ponder_move = ponder;
  atomic_store(&s->running, false);
  if (s->callbacks.bestmove) s->callbacks.bestmove(s->callbacks.user, best, ponder);
}

void search_start(Searcher *searcher, const Position *position, const SearchHistory *history,
                  const SearchLimits *limits, const SearchCallbacks *callbacks) {
  /* 1. Finish any running search. */
  search_stop(searcher);
  search_wait(searcher);

  /* 2. Copy the inputs. */
  searcher->limits = *limits;
  if (callbacks)
    searcher->callbacks = *callbacks;
  else
    memset(&searcher->callbacks, 0, sizeof searcher->callbacks);
  int history_len = history && history->keys && history->length > 0 ? history->length : 0;
  if (history_len > searcher->history_capacity) {
    free(searcher->history_keys);
    free(searcher->history_checks);
    free(searcher->history_chases);
    free(searcher->history_moves);
    searcher->history_keys = calloc((size_t)history_len, sizeof(uint64_t));
    searcher->history_checks = calloc((size_t)history_len, sizeof(bool));
    searcher->history_chases = calloc((size_t)history_len + 1, sizeof(ChasePly));
    searcher->history_moves = calloc((size_t)history_len, sizeof(MovePly));
    bool got = searcher->history_keys && searcher->history_checks && searcher->history_chases &&
               searcher->history_moves;
    searcher->history_capacity = got ? history_len : 0;
    if (!got) history_len = 0;
  }
  /* unknown chases are empty records: the cycle's moves before the root chased nothing */
  if (searcher->history_chases) {
    size_t records = (size_t)history_len + 1;
    if (history_len && history->chases)
      memcpy(searcher->history_chases, history->chases, records * sizeof(ChasePly));
    else
      memset(searcher->history_chases, 0, records * sizeof(ChasePly));
  }
  if (history_len) {
    memcpy(searcher->history_keys, history->keys, history_len * sizeof(uint64_t));
    if (history->checks)
      memcpy(searcher->history_checks, history->checks, history_len * sizeof(bool));
    else
      memset(searcher->history_checks, 0, history_len * sizeof(bool));
    if (history->moves)
      memcpy(searcher->history_moves, history->moves, history_len * sizeof(MovePly));
    else
      memset(searcher->history_moves, 0, history_len * sizeof(MovePly));
  }
  searcher->history_len = history_len;
  searcher->multipv = limits->multipv < 1 ? 1 : limits->multipv;
  if (searcher->multipv > SEARCH_MULTIPV_MAX) searcher->multipv = SEARCH_MULTIPV_MAX;

  /* 3. Root moves: the legal moves, restricted to searchmoves if given. */
  static MoveList legal; /* 64 kB; search_start is not reentrant per process anyway */
  static pthread_mutex_t legal_mutex = PTHREAD_MUTEX_INITIALIZER;
  pthread_mutex_lock(&legal_mutex);
  gen_legal_moves(position, &legal);
  if (limits->searchmove_count > 0) {
    int kept = 0;
    for (int i = 0; i < legal.count; i++)
      for (int j = 0; j < limits->searchmove_count; j++)
        if (legal.moves[i] == limits->searchmoves[j]) {
          legal.moves[kept++] = legal.moves[i];
          break;
        }
    if (kept > 0) legal.count = kept;
  }

  searcher->fallback = legal.count > 0 ? legal.moves[0] : MOVE_NONE_VALUE;

  /* 4. Per-variant and per-thread preparation (all allocation happens here). */
  bool ok = searcher_prepare_variant(searcher, position);
  for (int i = 0; ok && i < searcher->thread_count; i++) {
    ok = thread_prepare(searcher->threads[i], position, &legal);
    if (!ok && i > 0) { /* out of memory for a helper: go on without it and the rest */
      while (searcher->thread_count > i)
        thread_destroy(searcher->threads[--searcher->thread_count]);
      ok = true;
    }
  }
  pthread_mutex_unlock(&legal_mutex);
  if (!ok) searcher->threads[0]->root_count = 0;

  /* 5. The clock. */
  Color us = pos_side_to_move(position);
  int overhead = limits->move_overhead < 0 ? TIME_OVERHEAD_DEFAULT : limits->move_overhead;
  searcher->plan = time_plan_make(limits->time[us], limits->inc[us], limits->movestogo,
                                  limits->movetime, overhead, position->st.ply_from_start);
  if (limits->infinite) searcher->plan.limited = false;

  /* 6. Go. */
  tt_new_search(&searcher->tt);
  atomic_store(&searcher->stop, false);
  atomic_store(&searcher->ponder, limits->ponder);
  atomic_store(&searcher->start_ms, search_now_ms());
  atomic_store(&searcher->running, true);
  pool_worker_run(&searcher->threads[0]->worker, search_main_job, searcher->threads[0]);
}

void search_stop(Searcher *searcher) {
  atomic_store(&searcher->ponder, false);
  atomic_store(&searcher->stop, true);
}

void search_ponderhit(Searcher *searcher) {
  /* The clock starts now: the plan was made for the time left at ponderhit. */
  atomic_store(&searcher->start_ms, search_now_ms());
  atomic_store(&searcher->ponder, false);
}

void search_wait(Searcher *searcher) {
  pool_worker_wait(&searcher->threads[0]->worker);
}

bool search_is_running(const Searcher *searcher) {
  return atomic_load(&searcher->running);
}

uint64_t search_nodes(const Searcher *searcher) {
  uint64_t total = 0;
  for (int i = 0; i < searcher->thread_count; i++)
    total += atomic_load_explicit(&searcher->threads[i]->nodes, memory_order_relaxed);
  return total;
}

Move search_run(Searcher *searcher, const Position *position, const SearchHistory *history,
                const SearchLimits *limits, int *score) {
  search_start(searcher, position, history, limits, NULL);
  search_wait(searcher);
  if (score) *score = searcher->score;
  return searcher->best_move;
}
