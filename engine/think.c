/* think.c — search/ behind the engine core (see think.h).
 *
 * Turns an EngineGo into SearchLimits, runs search_start/search_wait on the
 * engine's search thread, and turns the search's moves into move text for the
 * reports. The PV is written by replaying it on a private copy of the root
 * position, since move text depends on the position it is played in.
 */
#include "engine/think.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board/movetext.h"
#include "search/search.h"

struct Think {
  Searcher *searcher;
  int multipv, move_overhead_ms;
  /* A stop or ponderhit may arrive before the search has started. */
  pthread_mutex_t lock;
  bool started, stop_pending, ponderhit_pending;
  /* Per search: the root copy for move text, the report, the answer. */
  Position *root;
  const EngineReport *report;
  Move best, ponder;
};

Think *think_create(int threads, int hash_mb) {
  Think *think = calloc(1, sizeof *think);
  if (!think) return NULL;
  think->searcher = searcher_new();
  if (!think->searcher) {
    free(think);
    return NULL;
  }
  pthread_mutex_init(&think->lock, NULL);
  char note[128];
  think_set_threads(think, threads, note, sizeof note);
  think_set_hash(think, hash_mb, note, sizeof note);
  return think;
}

void think_destroy(Think *think) {
  if (!think) return;
  searcher_free(think->searcher);
  pthread_mutex_destroy(&think->lock);
  free(think);
}

int think_set_threads(Think *think, int threads, char *note, size_t note_size) {
  int got = searcher_set_threads(think->searcher, threads);
  note[0] = '\0';
  if (got < threads)
    snprintf(note, note_size, "Threads %d: only %d search thread(s) could be started; using %d",
             threads, got, got);
  return got;
}

/* Half the machine's memory at most: a table the machine cannot hold would
 * be allocated (the kernel overcommits) and then kill the engine when a
 * search fills it. Below that, halved until the allocation succeeds, which
 * is prompt: a new table's pages are not touched (tt_init). */
int think_set_hash(Think *think, int hash_mb, char *note, size_t note_size) {
  long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  int64_t limit_mb = pages > 0 && page_size > 0 ? (int64_t)pages * page_size / 2 / (1 << 20) : 0;
  int mb = hash_mb;
  if (limit_mb > 0 && mb > limit_mb) mb = (int)limit_mb;
  while (mb > 1 && !searcher_set_hash(think->searcher, mb)) mb /= 2;
  if (mb <= 1) searcher_set_hash(think->searcher, 1);
  /* the table holds a power of two of megabytes: the size in effect is
   * what it really holds, not the size tried */
  int got = searcher_hash_mb(think->searcher);
  note[0] = '\0';
  if (mb < hash_mb)
    snprintf(note, note_size, "Hash %d MB cannot be allocated on this machine; using %d MB",
             hash_mb, got);
  return got;
}

void think_new_game(Think *think) {
  searcher_clear_hash(think->searcher);
}
void think_clear_hash(Think *think) {
  searcher_clear_hash(think->searcher);
}

void think_prepare(Think *think, int multipv, int move_overhead_ms) {
  pthread_mutex_lock(&think->lock);
  think->multipv = multipv, think->move_overhead_ms = move_overhead_ms;
  think->started = think->stop_pending = think->ponderhit_pending = false;
  pthread_mutex_unlock(&think->lock);
}

static int think_clamp_ms(int64_t ms) {
  return ms > 0x7FFFFFFF ? 0x7FFFFFFF : (int)ms;
}

/* Writes the moves' text, separated by spaces, replaying them on root. */
static void think_moves_text(Position *root, const Move *moves, int count, char *out, size_t size) {
  Undo undos[SEARCH_PV_MAX];
  size_t length = 0;
  int made = 0;
  out[0] = '\0';
  for (; made < count && made < SEARCH_PV_MAX; made++) {
    char text[MOVE_TEXT_MAX];
    move_to_text(root, moves[made], text, sizeof text);
    int n = snprintf(out + length, size - length, "%s%s", made ? " " : "", text);
    if (n < 0 || (size_t)n >= size - length) break;
    length += (size_t)n;
    pos_make_move(root, moves[made], &undos[made]);
  }
  while (made-- > 0) pos_unmake_move(root, &undos[made]);
}

static void think_on_info(void *user, const SearchInfo *info) {
  Think *think = user;
  if (!think->report->info) return;
  char pv[4096];
  think_moves_text(think->root, info->pv, info->pv_len, pv, sizeof pv);
  EngineInfo out = {
      .depth = info->depth,
      .seldepth = info->seldepth,
      .multipv = info->multipv,
      .mate = info->is_mate,
      .score = info->score,
      .bound = info->bound == SCORE_LOWER   ? BOUND_LOWER
               : info->bound == SCORE_UPPER ? BOUND_UPPER
                                            : BOUND_EXACT,
      .nodes = info->nodes,
      .nps = info->nps,
      .hashfull = info->hashfull,
      .time_ms = info->time_ms,
      .pv = pv,
  };
  think->report->info(think->report->context, &out);
}

static void think_on_bestmove(void *user, Move best, Move ponder) {
  Think *think = user;
  think->best = best, think->ponder = ponder;
}

/* EngineGo (UCI's words) to SearchLimits; searchmoves text to moves. */
static int think_limits(Think *think, const Position *position, const EngineGo *go,
                        SearchLimits *limits, char *why, size_t why_size) {
  memset(limits, 0, sizeof *limits);
  limits->depth = go->depth;
  limits->nodes = go->nodes;
  limits->movetime = think_clamp_ms(go->movetime_ms);
  for (int c = 0; c < COLOR_NB; c++) {
    /* search/ reads 0 as "no clock": a clock at zero still has to move. */
    limits->time[c] = go->time_ms[c] < 0    ? 0
                      : go->time_ms[c] == 0 ? 1
                                            : think_clamp_ms(go->time_ms[c]);
    limits->inc[c] = think_clamp_ms(go->inc_ms[c]);
  }
  limits->movestogo = go->movestogo;
  limits->mate = go->mate;
  limits->infinite = go->infinite;
  limits->ponder = go->ponder;
  limits->multipv = think->multipv;
  limits->move_overhead = think->move_overhead_ms;
  if (go->searchmoves) {
    char copy[8192];
    snprintf(copy, sizeof copy, "%s", go->searchmoves);
    char *save, *word;
    for (word = strtok_r(copy, " ", &save); word; word = strtok_r(NULL, " ", &save)) {
      char err[128];
      Move move = move_from_text(position, word, err, sizeof err);
      if (move == MOVE_NONE_VALUE) {
        snprintf(why, why_size, "searchmoves: '%s' is not legal here (%s); ignored", word, err);
        continue;
      }
      if (limits->searchmove_count < SEARCH_MOVES_MAX)
        limits->searchmoves[limits->searchmove_count++] = move;
    }
  }
  return 0;
}

void think_run(Think *think, Game *game, const EngineGo *go, const EngineReport *report, char *best,
               char *ponder, char *why, size_t why_size) {
  best[0] = ponder[0] = '\0';
  const Position *position = game_position(game);
  SearchLimits *limits = malloc(sizeof *limits);
  think->root = pos_clone(position);
  if (!limits || !think->root) {
    snprintf(why, why_size, "out of memory: no search");
    free(limits);
    pos_free(think->root);
    think->root = NULL;
    return;
  }
  think_limits(think, position, go, limits, why, why_size);
  SearchHistory history;
  history.keys =
      game_history(game, &history.checks, &history.chases, &history.moves, &history.length);
  think->report = report;
  think->best = think->ponder = MOVE_NONE_VALUE;
  SearchCallbacks callbacks = {.info = think_on_info, .bestmove = think_on_bestmove, .user = think};

  pthread_mutex_lock(&think->lock);
  if (think->ponderhit_pending) limits->ponder = false;
  if (think->stop_pending) limits->infinite = false, limits->ponder = false, limits->depth = 1;
  search_start(think->searcher, position, &history, limits, &callbacks);
  think->started = true;
  if (think->stop_pending) search_stop(think->searcher);
  pthread_mutex_unlock(&think->lock);
  search_wait(think->searcher);

  if (think->best != MOVE_NONE_VALUE) {
    move_to_text(think->root, think->best, best, MOVE_TEXT_MAX);
    if (think->ponder != MOVE_NONE_VALUE) {
      Undo undo;
      pos_make_move(think->root, think->best, &undo);
      move_to_text(think->root, think->ponder, ponder, MOVE_TEXT_MAX);
      pos_unmake_move(think->root, &undo);
    }
  }
  pos_free(think->root);
  think->root = NULL;
  free(limits);
}

void think_stop(Think *think) {
  pthread_mutex_lock(&think->lock);
  think->stop_pending = true;
  if (think->started) search_stop(think->searcher);
  pthread_mutex_unlock(&think->lock);
}

void think_ponderhit(Think *think) {
  pthread_mutex_lock(&think->lock);
  think->ponderhit_pending = true;
  if (think->started) search_ponderhit(think->searcher);
  pthread_mutex_unlock(&think->lock);
}
