/* tune_play.c — self-play data for `chimera tune` (tune.h).
 *
 * Each game is numbered: game i starts from match/'s i-th balanced random
 * opening of the seed, and both sides search to the same fixed depth (or
 * nodes) with a cleared hash, so game i is the same whichever thread plays
 * it. Finished games are written in their order, one block each ending with
 * "# end GAME", so a file cut short by an interruption is trimmed back to
 * its last whole game and the run resumes after it.
 *
 * A game ends by the board's rules (pos_game_result), by the variant's own
 * repetition rule (pos_repetition_end, as the referee's games: minishogi's
 * fourth repetition loses for White, draw=repetition(0) never ends a game),
 * when both sides' searches agree for 6 plies that one side is winning by
 * 1000 cp or more, or as a draw after max_plies.
 *
 * Positions kept: every searched position not in check, after the opening,
 * with |score| < 1000, replaced by the quiet leaf of a capture-only
 * quiescence search (stand pat on the static evaluation), as Texel's method
 * wants: the evaluation cannot see a capture that is about to happen.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board/movegen.h"
#include "board/rules_end.h"
#include "match/opening_random.h"
#include "search/eval_trace.h"
#include "search/search.h"
#include "tune/tune.h"

#define QS_PLY_MAX     8
#define WIN_SCORE      1000
#define WIN_PLIES      6
#define FEN_MAX        1024
#define GAME_PLIES_MAX 1024

typedef struct {
  MoveList list[QS_PLY_MAX];
  Undo undo[QS_PLY_MAX];
  Move pv[QS_PLY_MAX + 1][QS_PLY_MAX + 1];
  int pv_len[QS_PLY_MAX + 1];
} Quiesce;

/* Capture-only alpha-beta with stand pat; fills the principal variation. */
static int quiesce(Position *pos, const EvalTables *tables, Quiesce *q, int ply, int alpha,
                   int beta) {
  q->pv_len[ply] = 0;
  int stand = eval_position(pos, tables);
  if (ply >= QS_PLY_MAX || stand >= beta) return stand;
  if (stand > alpha) alpha = stand;
  MoveList *list = &q->list[ply];
  gen_pseudo_moves(pos, list);
  for (int i = 0; i < list->count; i++) {
    Move m = list->moves[i];
    if (!pos_is_capture(pos, m) || !pos_is_legal(pos, m)) continue;
    pos_make_move(pos, m, &q->undo[ply]);
    int score = -quiesce(pos, tables, q, ply + 1, -beta, -alpha);
    pos_unmake_move(pos, &q->undo[ply]);
    if (score > alpha) {
      alpha = score;
      q->pv[ply][0] = m;
      memcpy(&q->pv[ply][1], q->pv[ply + 1], sizeof(Move) * (size_t)q->pv_len[ply + 1]);
      q->pv_len[ply] = q->pv_len[ply + 1] + 1;
      if (alpha >= beta) break;
    }
  }
  return alpha;
}

/* The quiet leaf of pos as a FEN; false if it is in check. */
static bool quiet_fen(const Position *pos, const EvalTables *tables, Quiesce *q, char *fen) {
  Position *leaf = pos_clone(pos);
  if (!leaf) return false;
  quiesce(leaf, tables, q, 0, -SEARCH_INF, SEARCH_INF);
  Undo undo;
  for (int i = 0; i < q->pv_len[0]; i++) pos_make_move(leaf, q->pv[0][i], &undo);
  bool ok = !pos_in_check(leaf) && pos_get_fen(leaf, fen, FEN_MAX) > 0;
  pos_free(leaf);
  return ok;
}

typedef struct {
  const Variant *variant;
  const TunePlaySpec *spec;
  atomic_int next_game;
  int first_game, end_game;
  char **blocks; /* finished games' text, by game - first_game */
  int written;   /* games written so far (from first_game) */
  FILE *file;
  FILE *err;
  pthread_mutex_t lock;
  bool failed;
  int positions;
  int64_t start_ms;
} PlayJob;

typedef struct {
  char *text;
  size_t len, cap;
} Text;

static void text_add(Text *t, const char *s) {
  size_t n = strlen(s);
  if (t->len + n + 1 > t->cap) {
    size_t cap = (t->cap ? t->cap * 2 : 4096) + n;
    char *grown = realloc(t->text, cap);
    if (!grown) return;
    t->text = grown, t->cap = cap;
  }
  memcpy(t->text + t->len, s, n + 1);
  t->len += n;
}

GameResult tune_game_result(const Position *pos, const uint64_t *keys, const bool *checks,
                            const MovePly *moves, int plies) {
  GameResult r = pos_game_result_at(pos, -1, checks, plies);
  if (r == RESULT_NONE) r = pos_move_repetition_end(pos, moves, checks, plies);
  return r != RESULT_NONE ? r : pos_repetition_end(pos, keys, checks, NULL, plies, NULL);
}

/* One game; returns its block of text (malloc'ed) or NULL. */
static char *play_game(PlayJob *job, int game, Searcher *searcher, const EvalTables *tables,
                       Quiesce *q, int *kept) {
  const TunePlaySpec *spec = job->spec;
  char err[256];
  Position *pos = pos_new(job->variant, err, sizeof err);
  if (!pos) return NULL;
  RandomOpeningSpec ospec = random_opening_defaults();
  ospec.seed = spec->seed;
  ospec.plies = spec->opening_plies;
  ospec.depth = 2;
  ospec.bound_cp = 150;
  RandomOpening opening;
  if (!random_opening_make(pos, &ospec, (uint64_t)game, searcher, &opening, err, sizeof err) ||
      !pos_set_fen(pos, opening.fen, err, sizeof err)) {
    pos_free(pos);
    char *none = malloc(64);
    if (none) snprintf(none, 64, "# no opening\n# end %d\n", game);
    return none;
  }
  searcher_clear_hash(searcher);
  uint64_t *keys = malloc(sizeof *keys * (GAME_PLIES_MAX + 1));
  bool *checks = malloc(sizeof *checks * (GAME_PLIES_MAX + 1));
  MovePly *moves = malloc(sizeof *moves * GAME_PLIES_MAX);
  char(*fens)[FEN_MAX] = malloc(sizeof *fens * GAME_PLIES_MAX);
  int *scores = malloc(sizeof *scores * GAME_PLIES_MAX);
  Undo undo;
  int count = 0, plies = 0, win_run[2] = {0, 0};
  double white_result = 0.5;
  int max_plies = spec->max_plies < GAME_PLIES_MAX ? spec->max_plies : GAME_PLIES_MAX;
  while (keys && checks && moves && fens && scores) {
    checks[plies] = pos_in_check(pos);
    GameResult r = tune_game_result(pos, keys, checks, moves, plies);
    Color us = pos_side_to_move(pos);
    if (r != RESULT_NONE) {
      white_result = r == RESULT_DRAW ? 0.5 : (r == RESULT_WIN) == (us == WHITE) ? 1.0 : 0.0;
      break;
    }
    if (plies >= max_plies) break; /* a draw */
    SearchLimits limits;
    memset(&limits, 0, sizeof limits);
    limits.depth = spec->depth;
    limits.nodes = spec->nodes;
    int score = 0;
    Move best = search_run(
        searcher, pos,
        &(SearchHistory){.keys = keys, .checks = checks, .moves = moves, .length = plies}, &limits,
        &score);
    if (best == MOVE_NONE_VALUE) break;
    if (abs(score) < WIN_SCORE && !pos_in_check(pos) && quiet_fen(pos, tables, q, fens[count]))
      scores[count++] = us == WHITE ? score : -score;
    /* Both sides agree for WIN_PLIES plies: the game is decided. */
    int white_view = us == WHITE ? score : -score;
    win_run[0] = white_view >= WIN_SCORE ? win_run[0] + 1 : 0;
    win_run[1] = white_view <= -WIN_SCORE ? win_run[1] + 1 : 0;
    if (win_run[0] >= WIN_PLIES || win_run[1] >= WIN_PLIES) {
      white_result = win_run[0] >= WIN_PLIES ? 1.0 : 0.0;
      break;
    }
    keys[plies] = pos_key(pos);
    pos_make_move(pos, best, &undo);
    moves[plies++] = move_ply_of(&undo);
  }
  Text t = {0};
  char line[FEN_MAX + 64];
  for (int i = 0; keys && fens && scores && i < count; i++) {
    snprintf(line, sizeof line, "%s %d %s\n",
             white_result == 1.0   ? "1"
             : white_result == 0.0 ? "0"
                                   : "0.5",
             scores[i], fens[i]);
    text_add(&t, line);
  }
  snprintf(line, sizeof line, "# end %d\n", game);
  text_add(&t, line);
  *kept = count;
  free(keys), free(checks), free(moves), free(fens), free(scores);
  pos_free(pos);
  return t.text;
}

/* Writes the finished games that come next in order (under the lock). */
static void flush_games(PlayJob *job) {
  while (job->first_game + job->written < job->end_game && job->blocks[job->written]) {
    fputs(job->blocks[job->written], job->file);
    free(job->blocks[job->written]);
    job->blocks[job->written] = NULL;
    job->written++;
  }
  fflush(job->file);
}

static void *play_worker(void *data) {
  PlayJob *job = data;
  Searcher *searcher = searcher_new();
  EvalTables tables;
  Quiesce *q = malloc(sizeof *q);
  bool ok = searcher && q && eval_tables_build(&tables, job->variant);
  for (int game; ok && (game = atomic_fetch_add(&job->next_game, 1)) < job->end_game;) {
    int kept = 0;
    char *block = play_game(job, game, searcher, &tables, q, &kept);
    pthread_mutex_lock(&job->lock);
    if (!block) job->failed = true;
    job->blocks[game - job->first_game] = block;
    job->positions += kept;
    flush_games(job);
    int done = job->first_game + job->written;
    int64_t ms = search_clock_ms() - job->start_ms;
    fprintf(job->err, "tune: game %d/%d written, %d positions this run, %.0f s\n", done,
            job->end_game, job->positions, ms / 1000.0);
    pthread_mutex_unlock(&job->lock);
    if (!block) break;
  }
  if (ok) eval_tables_free(&tables);
  if (!ok) job->failed = true;
  free(q);
  searcher_free(searcher);
  return NULL;
}

/* Games already complete in the file; trims an unfinished tail. */
static int resume_count(const char *path) {
  FILE *file = fopen(path, "r+b");
  if (!file) return 0;
  char line[FEN_MAX + 64];
  long good_end = 0;
  int games = 0;
  while (fgets(line, sizeof line, file)) {
    if (!strncmp(line, "# end ", 6)) games++, good_end = ftell(file);
  }
  fflush(file);
  if (ftruncate(fileno(file), good_end) != 0) games = -1;
  fclose(file);
  return games;
}

int tune_play(const Variant *variant, const TunePlaySpec *spec, const char *data_path, FILE *err) {
  int have = resume_count(data_path);
  if (have < 0) {
    fprintf(err, "tune: cannot trim %s\n", data_path);
    return -1;
  }
  if (have >= spec->games) {
    fprintf(err, "tune: %s already holds %d games\n", data_path, have);
    return 0;
  }
  PlayJob job;
  memset(&job, 0, sizeof job);
  job.variant = variant;
  job.spec = spec;
  job.first_game = have;
  job.end_game = spec->games;
  atomic_init(&job.next_game, have);
  job.err = err;
  job.start_ms = search_clock_ms();
  job.blocks = calloc((size_t)(spec->games - have), sizeof *job.blocks);
  job.file = fopen(data_path, "ab");
  if (!job.blocks || !job.file) {
    fprintf(err, "tune: cannot write %s\n", data_path);
    if (job.file) fclose(job.file);
    free(job.blocks);
    return -1;
  }
  if (have) fprintf(err, "tune: resuming after game %d of %s\n", have, data_path);
  pthread_mutex_init(&job.lock, NULL);
  int threads = spec->threads > 0 ? spec->threads : 1;
  pthread_t ids[TUNE_THREADS_MAX];
  if (threads > TUNE_THREADS_MAX) threads = TUNE_THREADS_MAX;
  int started = 0;
  for (int i = 0; i < threads; i++)
    if (!pthread_create(&ids[started], NULL, play_worker, &job)) started++;
  for (int i = 0; i < started; i++) pthread_join(ids[i], NULL);
  pthread_mutex_destroy(&job.lock);
  for (int i = 0; i < spec->games - have; i++) free(job.blocks[i]);
  free(job.blocks);
  fclose(job.file);
  if (job.failed || !started) {
    fprintf(err, "tune: self-play failed (out of memory or no position)\n");
    return -1;
  }
  return 0;
}
