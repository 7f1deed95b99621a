/* distinct_moves.c — no move is ever generated twice (issue #12).
 *
 *   distinct_moves [--games N] [--plies N] [--seed S] FILE.tsv...
 *
 * Every position of the perft suites (the oracle's positions of every
 * shipped variant: fast.tsv and slow.tsv hold them all) and every position
 * one move after it, then N random games of every loaded variant, must have
 * a legal-move list without two equal moves. (Two moves may still be written
 * alike: a Lion's double capture and its plain move share their text.) CTest runs it with and
 * without CHIMERA_NO_BITBOARDS=1, so both generation paths are covered; under
 * the sanitizers with CHIMERA_SWEEP_EVERY set, so that it samples the
 * positions, their children and the games (../unit/sweep_sample.h). Exit
 * status 0 only if no list had a duplicate.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "board/rules_end.h"
#include "engine/variant_set.h"
#include "../unit/sweep_sample.h"

#define LINE_MAX_LEN 4096

static MoveList lists[2];
static long checked, failures;

/* Reports the first duplicate in list, if any. */
static bool list_distinct(const Position *pos, const MoveList *list, const char *variant) {
  checked++;
  for (int i = 0; i < list->count; i++) {
    for (int j = 0; j < i; j++) {
      if (list->moves[i] != list->moves[j]) continue;
      char fen[LINE_MAX_LEN], text[MOVE_TEXT_MAX];
      pos_get_fen(pos, fen, sizeof fen);
      move_to_text(pos, list->moves[i], text, sizeof text);
      printf("FAIL %s '%s': %s generated twice (%d moves)\n", variant, fen, text, list->count);
      failures++;
      return false;
    }
  }
  return true;
}

/* The position and, if it is distinct, every position one move after it. */
static void check_tree(Position *pos, const char *variant) {
  MoveList *list = &lists[0];
  gen_legal_moves(pos, list);
  if (!list_distinct(pos, list, variant)) return;
  for (int i = 0, step = sweep_stride(list->count, 32); i < list->count; i += step) {
    Undo undo;
    pos_make_move(pos, list->moves[i], &undo);
    gen_legal_moves(pos, &lists[1]);
    bool ok = list_distinct(pos, &lists[1], variant);
    pos_unmake_move(pos, &undo);
    if (!ok) return;
  }
}

static unsigned long long rng_state;
static unsigned rng_next(void) {
  rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (unsigned)(rng_state >> 33);
}

/* Random games from the start of a variant; each list is checked. */
static void check_games(const Variant *v, int games, int plies) {
  char err[512];
  Position *pos = pos_new(v, err, sizeof err);
  if (!pos) {
    printf("FAIL %s: %s\n", v->name, err);
    failures++;
    return;
  }
  for (int g = 0; g < games; g++) {
    pos_set_startpos(pos, err, sizeof err);
    for (int ply = 0; ply < plies; ply++) {
      if (pos_game_result(pos, -1) != RESULT_NONE) break;
      gen_legal_moves(pos, &lists[0]);
      if (!list_distinct(pos, &lists[0], v->name) || !lists[0].count) break;
      Undo undo;
      pos_make_move(pos, lists[0].moves[rng_next() % (unsigned)lists[0].count], &undo);
    }
  }
  pos_free(pos);
}

static void check_file(const VariantSet *set, SweepSample *sample, const char *path) {
  FILE *in = fopen(path, "r");
  if (!in) {
    printf("FAIL cannot open %s\n", path);
    failures++;
    return;
  }
  char line[LINE_MAX_LEN], last[LINE_MAX_LEN] = "", msg[512];
  while (fgets(line, sizeof line, in)) {
    line[strcspn(line, "\r\n")] = '\0';
    char *fields[5] = {0};
    int nf = 0;
    for (char *s = line; nf < 5;) {
      fields[nf++] = s;
      char *tab = strchr(s, '\t');
      if (!tab) break;
      *tab = '\0';
      s = tab + 1;
    }
    if (nf < 5 || !strcmp(fields[0], "variant") || line[0] == '#') continue;
    /* the next depth of the same position: checked already */
    bool same = !strncmp(last, fields[0], strlen(fields[0])) && last[strlen(fields[0])] == '\t' &&
                !strcmp(last + strlen(fields[0]) + 1, fields[1]);
    if (same) continue;
    snprintf(last, sizeof last, "%.63s\t%.4000s", fields[0], fields[1]);
    if (!sweep_takes(sample, fields[0])) continue;
    int index = variant_set_find(set, fields[0]);
    if (index < 0) {
      printf("FAIL %s: variant not loaded\n", fields[0]);
      failures++;
      continue;
    }
    Position *pos = pos_new(set->variants[index], msg, sizeof msg);
    if (!pos) {
      printf("FAIL %s: %s\n", fields[0], msg);
      failures++;
      continue;
    }
    pos_set_chess960(pos, atoi(fields[4]) != 0);
    if (pos_set_fen(pos, fields[1], msg, sizeof msg)) {
      check_tree(pos, fields[0]);
    } else {
      printf("FAIL %s '%s': %s\n", fields[0], fields[1], msg);
      failures++;
    }
    pos_free(pos);
  }
  fclose(in);
}

int main(int argc, char **argv) {
  int games = 4, plies = 80;
  rng_state = 12;
  VariantSet set;
  memset(&set, 0, sizeof set);
  SweepSample *sample = sweep_sample_new();
  char msg[512];
  if (variant_set_load_default(&set, msg, sizeof msg) < 0) {
    printf("FAIL loading variants: %s\n", msg);
    return 1;
  }
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--games") && i + 1 < argc)
      games = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--plies") && i + 1 < argc)
      plies = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      rng_state = strtoull(argv[++i], NULL, 10);
    else
      check_file(&set, sample, argv[i]);
  }
  free(sample);
  for (int i = 0; i < set.count; i++) check_games(set.variants[i], sweep_limit(games, 1), plies);
  printf("%ld move lists checked, %ld with a duplicate\n", checked, failures);
  variant_set_free(&set);
  return failures ? 1 : 0;
}
