/* tune_teacher.c — another engine's scores for the positions of a data file
 * (`chimera tune --teacher`, docs/tune.md).
 *
 * The positions stay the quiet leaves of Chimera's own games; the teacher, any
 * UCI or XBoard engine that plays the variant (started with match/'s players),
 * searches each one from a new game (ucinewgame / new and setboard), so its
 * score depends on the position alone and the file comes out the same with any
 * number of threads. Its score, the mover's, is written in White's view and
 * clamped to the file's ±999 (a mate is ±999) in place of the self-play score,
 * line for line, into a second file; an interrupted run resumes after the last
 * whole line written.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/player.h"
#include "tune/tune.h"

#define TEACHER_SCORE_MAX 999
#define TEACHER_BATCH     256 /* lines labelled between two writes */

typedef struct {
  char **lines; /* the data file, without newlines */
  int count;
} Lines;

static void lines_free(Lines *l) {
  for (int i = 0; i < l->count; i++) free(l->lines[i]);
  free(l->lines);
  l->lines = NULL, l->count = 0;
}

/* Reads a file's lines (a last line without its newline is left out when
 * `whole_only`: it was being written when a run stopped). -1 if the file
 * cannot be read or memory runs out; 0 also for a missing file when
 * `missing_ok`. */
static int lines_read(Lines *l, const char *path, bool whole_only, bool missing_ok) {
  l->lines = NULL, l->count = 0;
  FILE *f = fopen(path, "rb");
  if (!f) return missing_ok ? 0 : -1;
  int capacity = 0;
  char *line = NULL;
  size_t size = 0;
  ssize_t len;
  int status = 0;
  while (!status && (len = getline(&line, &size, f)) >= 0) {
    bool whole = len > 0 && line[len - 1] == '\n';
    if (!whole && whole_only) break;
    if (whole) line[--len] = '\0';
    if (len > 0 && line[len - 1] == '\r') line[--len] = '\0';
    if (l->count == capacity) {
      capacity = capacity ? 2 * capacity : 4096;
      char **grown = realloc(l->lines, sizeof *grown * (size_t)capacity);
      if (!grown) {
        status = -1;
        break;
      }
      l->lines = grown;
    }
    if (!(l->lines[l->count] = strdup(line)))
      status = -1;
    else
      l->count++;
  }
  free(line);
  fclose(f);
  return status;
}

/* Whether a line is a comment (`# end N`) or empty: copied as it is. */
static bool line_is_comment(const char *line) {
  return line[0] == '#' || !line[0];
}

/* Whether `labelled` is `line` with another score: the same result and
 * position, or the same comment. */
static bool line_labels(const char *line, const char *labelled) {
  double result, result2;
  long score, score2;
  const char *fen, *fen2;
  bool a = tune_data_line_parse(line, &result, &score, &fen);
  bool b = tune_data_line_parse(labelled, &result2, &score2, &fen2);
  if (!a || !b) return !a && !b && !strcmp(line, labelled);
  return result == result2 && !strcmp(fen, fen2);
}

typedef struct {
  const Variant *variant;
  const EngineSpec *spec;
  Player player;
  const Lines *in;
  const char *data_path;
  char **out; /* the batch's labelled lines, by index from `first` */
  int first, last, stride, offset;
  char error[512];
} Teacher;

/* Labels line i into *out; false with t->error when the line is not a
 * position line or the teacher fails. */
static bool teacher_label(Teacher *t, int i, char **out) {
  const char *line = t->in->lines[i];
  if (line_is_comment(line)) return (*out = strdup(line)) != NULL;
  double result;
  long old_score;
  const char *fen;
  if (!tune_data_line_parse(line, &result, &old_score, &fen)) {
    snprintf(t->error, sizeof t->error, "%s:%d:1: not 'RESULT SCORE FEN': %.80s", t->data_path,
             i + 1, line);
    return false;
  }
  const char *space = strchr(fen, ' ');
  bool black = space && space[1] == 'b';
  PlayerGame game = {0};
  game.variant = t->variant->name;
  game.start_fen = fen;
  game.white_to_move = !black;
  game.ranks = t->variant->shape.ranks;
  Player *p = &t->player;
  char why[400];
  if (p->ops->new_game(p, &game, why, sizeof why) != 0) {
    snprintf(t->error, sizeof t->error, "tune: teacher: %s", why);
    return false;
  }
  const EngineSpec *s = t->spec;
  int64_t allowed = s->movetime_ms > 0 ? s->movetime_ms + s->margin_ms : s->stall_ms;
  PlayerAnswer answer;
  p->ops->go(p, &game, proc_clock_ms() + allowed, &answer);
  if (answer.status != PLAY_MOVE || !answer.has_score) {
    snprintf(t->error, sizeof t->error, "tune: teacher: %s (position %s)",
             answer.status != PLAY_MOVE ? (answer.detail[0] ? answer.detail : "no move")
                                        : "no score in its answer",
             fen);
    return false;
  }
  int score =
      answer.mate ? (answer.score > 0 ? TEACHER_SCORE_MAX : -TEACHER_SCORE_MAX) : answer.score;
  if (score > TEACHER_SCORE_MAX) score = TEACHER_SCORE_MAX;
  if (score < -TEACHER_SCORE_MAX) score = -TEACHER_SCORE_MAX;
  if (black) score = -score;
  size_t result_len = (size_t)(strchr(line, ' ') - line);
  size_t size = strlen(line) + 16;
  if (!(*out = malloc(size))) return false;
  snprintf(*out, size, "%.*s %d %s", (int)result_len, line, score, fen);
  return true;
}

static void *teacher_run(void *arg) {
  Teacher *t = arg;
  for (int i = t->first + t->offset; i < t->last; i += t->stride)
    if (!teacher_label(t, i, &t->out[i - t->first])) break;
  return NULL;
}

int tune_teach(const Variant *variant, const TuneTeachSpec *spec, const char *data_path,
               const char *out_path, FILE *err) {
  Lines in, done;
  if (lines_read(&in, data_path, false, false) != 0) {
    fprintf(err, "tune: cannot read %s\n", data_path);
    return -1;
  }
  if (lines_read(&done, out_path, true, true) != 0 || done.count > in.count) {
    fprintf(err, "tune: %s is not a labelling of %s (%d lines for %d)\n", out_path, data_path,
            done.count, in.count);
    lines_free(&in), lines_free(&done);
    return -1;
  }
  /* A file labelled from other data is not resumed: its positions must be
   * these, line for line. */
  for (int i = 0; i < done.count; i++) {
    if (!line_labels(in.lines[i], done.lines[i])) {
      fprintf(err, "tune: %s:%d is not a labelling of %s:%d\n", out_path, i + 1, data_path, i + 1);
      lines_free(&in), lines_free(&done);
      return -1;
    }
  }
  int start = done.count;
  long bytes = 0; /* of the whole lines labelled before */
  for (int i = 0; i < done.count; i++) bytes += (long)strlen(done.lines[i]) + 1;
  lines_free(&done);
  FILE *out = fopen(out_path, start ? "r+b" : "wb");
  int threads = spec->threads < 1                  ? 1
                : spec->threads > TUNE_THREADS_MAX ? TUNE_THREADS_MAX
                                                   : spec->threads;
  Teacher *teachers = calloc((size_t)threads, sizeof *teachers);
  char **batch = calloc(TEACHER_BATCH, sizeof *batch);
  int status = out && teachers && batch ? 0 : -1;
  if (status) fprintf(err, "tune: cannot write %s\n", out_path);
  /* Keep the whole lines already there; a cut one after them goes. */
  if (!status && start && (fseek(out, bytes, SEEK_SET) != 0 || ftruncate(fileno(out), bytes) != 0))
    status = -1;
  for (int k = 0; !status && k < threads; k++) {
    Teacher *t = &teachers[k];
    t->variant = variant, t->spec = &spec->engine, t->in = &in, t->out = batch;
    t->data_path = data_path;
    t->stride = threads, t->offset = k;
    player_init(&t->player, &spec->engine);
    char why[400];
    if (t->player.ops->start(&t->player, why, sizeof why) != 0) {
      fprintf(err, "tune: teacher: %s\n", why);
      status = -1;
    }
  }
  if (!status)
    fprintf(err, "tune: labelling %d lines of %s with %s (%d done before)\n", in.count - start,
            data_path, spec->engine.name, start);
  int64_t clock_start = proc_clock_ms(), last_report = clock_start;
  for (int first = start; !status && first < in.count; first += TEACHER_BATCH) {
    int last = first + TEACHER_BATCH < in.count ? first + TEACHER_BATCH : in.count;
    memset(batch, 0, TEACHER_BATCH * sizeof *batch);
    pthread_t ids[TUNE_THREADS_MAX];
    bool started[TUNE_THREADS_MAX] = {false};
    for (int k = 0; k < threads; k++) {
      teachers[k].first = first, teachers[k].last = last, teachers[k].error[0] = '\0';
      started[k] = threads > 1 && pthread_create(&ids[k], NULL, teacher_run, &teachers[k]) == 0;
      if (!started[k]) teacher_run(&teachers[k]);
    }
    for (int k = 0; k < threads; k++)
      if (started[k]) pthread_join(ids[k], NULL);
    /* Written in order up to the first line a teacher could not label. */
    for (int i = first; i < last && !status; i++) {
      if (!batch[i - first]) {
        bool said = false;
        for (int k = 0; k < threads; k++)
          if (teachers[k].error[0]) fprintf(err, "%s\n", teachers[k].error), said = true;
        if (!said) fprintf(err, "tune: out of memory at %s:%d\n", data_path, i + 1);
        status = -1;
        break;
      }
      fprintf(out, "%s\n", batch[i - first]);
    }
    for (int i = 0; i < last - first; i++) free(batch[i]);
    if (fflush(out) != 0) status = -1;
    int64_t now = proc_clock_ms();
    if (!status && (now - last_report >= 10000 || last == in.count)) {
      fprintf(err, "tune: labelled %d/%d lines, %.0f s\n", last, in.count,
              (now - clock_start) / 1000.0);
      last_report = now;
    }
  }
  for (int k = 0; teachers && k < threads; k++)
    if (teachers[k].player.ops) teachers[k].player.ops->quit(&teachers[k].player);
  if (out && fclose(out) != 0) status = -1;
  free(teachers), free(batch);
  lines_free(&in);
  return status;
}
