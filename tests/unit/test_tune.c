/* test_tune.c — issue #15: the evaluation's parameter table, weights files
 * and the Texel fit.
 *
 *  - every shipped variant: the table written as a weights file reads back
 *    to the same table, and the traced linear form reproduces the engine's
 *    evaluation (up to integer rounding) on positions of a random game;
 *  - every shipped variant plays (a depth-2 search finds a legal move) with
 *    weights turned off (CHIMERA_WEIGHTS=none);
 *  - a file for another variant or board, a missing term, an unknown term,
 *    an extra value and a non-number are refused with file:line:col;
 *  - the mobility weight scores the squares a piece reaches (counted by hand);
 *  - the royal-zone, attacker-pair, threat and pair weights score what they
 *    name (counted by hand);
 *  - every file in variants/weights/ loads for its variant and changes it;
 *  - the fit recovers piece values the test chose, from chess positions the
 *    test labels itself with the engine's evaluation under those values
 *    (eval_position with a changed table, not the tuner's linear form);
 *  - a self-play game ends by the variant's own repetition rule.
 */
#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/rules_end.h"
#include "search/eval_trace.h"
#include "search/eval_weights.h"
#include "search/search.h"
#include "shipped_library.h"
#include "tune/tune.h"

Suite *test_suite(void);

static uint64_t rng_next(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/* Plays up to `plies` random legal moves; returns how many were played. */
static int random_walk(Position *pos, int plies, uint64_t *rng, MoveList *list, Undo *undo) {
  int made = 0;
  for (; made < plies; made++) {
    if (pos_game_result(pos, -1) != RESULT_NONE) break;
    gen_legal_moves(pos, list);
    if (!list->count) break;
    pos_make_move(pos, list->moves[rng_next(rng) % (uint64_t)list->count], &undo[made]);
  }
  return made;
}

static char *weights_text(const EvalTables *tables) {
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&text, &size);
  ck_assert_ptr_nonnull(out);
  eval_weights_write(tables, out);
  fclose(out);
  return text;
}

START_TEST(every_variant_round_trips_and_traces) {
  VariantLibrary *lib = shipped_library_load();
  MoveList *list = malloc(sizeof *list);
  Undo *undo = malloc(sizeof *undo * 40);
  EvalTrace *trace = malloc(sizeof *trace);
  int *index = malloc(sizeof(int) * (EVAL_TRACE_MAX + 1));
  float *coef = malloc(sizeof(float) * (EVAL_TRACE_MAX + 1));
  int checked = 0;
  for (int v = 0; v < library_count(lib); v++) {
    const Variant *variant = library_variant(lib, v);
    char err[256];
    if (!pos_check_variant(variant, err, sizeof err)) continue;
    EvalTables tables, again;
    ck_assert(eval_tables_build_derived(&tables, variant));
    ck_assert(eval_tables_build_derived(&again, variant));
    /* Change every parameter, write, read back into the other table: it
     * writes the same text, and what the file carries changed. */
    for (int i = 0; i < tables.param_count; i++) tables.param[i] += i % 7 - 3;
    eval_params_apply(&tables);
    char *text = weights_text(&tables);
    char message[512];
    ck_assert_msg(eval_weights_parse(&again, "w.txt", text, message, sizeof message), "%s: %s",
                  variant->name, message);
    char *back = weights_text(&again);
    ck_assert_str_eq(back, text);
    ck_assert_int_eq(again.param[EW_TEMPO], 12 - 3);
    ck_assert_int_eq(again.psq_mg[0][WHITE][0], tables.psq_mg[0][WHITE][0]);
    free(text), free(back);
    /* The linear form against the engine's evaluation along a random game. */
    Position *pos = pos_new(variant, err, sizeof err);
    ck_assert_msg(pos != NULL, "%s: %s", variant->name, err);
    uint64_t rng = (uint64_t)v + 1;
    int made = random_walk(pos, 30, &rng, list, undo);
    for (int k = made; k >= 0; k--) {
      int engine = eval_position(pos, &again);
      int traced = eval_position_trace(pos, &again, trace);
      ck_assert_int_eq(engine, traced);
      float constant;
      int n = eval_trace_linear(trace, index, coef, &constant);
      ck_assert_int_ge(n, 1);
      double white = constant;
      for (int i = 0; i < n; i++) white += coef[i] * again.param[index[i]];
      int white_engine = pos_side_to_move(pos) == WHITE ? engine : -engine;
      if (abs(white_engine) < SEARCH_EVAL_MAX)
        ck_assert_msg(fabs(white - white_engine) <= 3, "%s: linear %.2f, engine %d", variant->name,
                      white, white_engine);
      if (k) pos_unmake_move(pos, &undo[k - 1]);
    }
    pos_free(pos);
    eval_tables_free(&tables);
    eval_tables_free(&again);
    checked++;
  }
  ck_assert_int_ge(checked, 50);
  free(list), free(undo), free(trace), free(index), free(coef);
  library_free(lib);
}
END_TEST

START_TEST(every_variant_plays_without_weights) {
  setenv("CHIMERA_WEIGHTS", "none", 1);
  char path[256];
  ck_assert(!eval_weights_path("chess", path, sizeof path));
  VariantLibrary *lib = shipped_library_load();
  Searcher *searcher = searcher_new();
  int played = 0;
  for (int v = 0; v < library_count(lib); v++) {
    const Variant *variant = library_variant(lib, v);
    char err[256];
    if (!pos_check_variant(variant, err, sizeof err)) continue;
    Position *pos = pos_new(variant, err, sizeof err);
    ck_assert_msg(pos != NULL, "%s: %s", variant->name, err);
    SearchLimits limits = {0};
    limits.depth = 2;
    limits.nodes = 20000;          /* crowded boards (massacre) make depth 2 slow */
    searcher_clear_hash(searcher); /* a new game */
    Move best = search_run(searcher, pos, NULL, &limits, NULL);
    ck_assert_msg(pos_is_legal(pos, best), "%s: no legal move", variant->name);
    pos_free(pos);
    played++;
  }
  ck_assert_int_ge(played, 50);
  searcher_free(searcher);
  library_free(lib);
  unsetenv("CHIMERA_WEIGHTS");
}
END_TEST

/* Chess's weights text with one edit: line `line` (1-based) replaced by
 * `replacement` (NULL: removed), or `append` added at the end. */
static void expect_error(const char *variant_name, int line, const char *replacement,
                         const char *append, const char *expected) {
  VariantLibrary *lib = shipped_library_load();
  EvalTables tables;
  ck_assert(eval_tables_build_derived(&tables, library_find(lib, "chess")));
  char *text = weights_text(&tables);
  char *edited = malloc(strlen(text) + 256);
  edited[0] = '\0';
  int n = 1;
  for (char *p = text; *p; n++) {
    char *end = strchr(p, '\n');
    size_t len = end ? (size_t)(end - p + 1) : strlen(p);
    if (n != line)
      strncat(edited, p, len);
    else if (replacement)
      strcat(strcat(edited, replacement), "\n");
    p += len;
  }
  if (append) strcat(edited, append);
  EvalTables target;
  ck_assert(eval_tables_build_derived(&target, library_find(lib, variant_name)));
  int before = target.param[target.value_param + 2];
  char message[512] = "";
  ck_assert(!eval_weights_parse(&target, "w.txt", edited, message, sizeof message));
  ck_assert_msg(strstr(message, expected) != NULL, "got '%s', expected '%s'", message, expected);
  ck_assert_int_eq(target.param[target.value_param + 2], before); /* unchanged */
  free(text), free(edited);
  eval_tables_free(&tables);
  eval_tables_free(&target);
  library_free(lib);
}

START_TEST(weights_errors) {
  /* Line 3 is "variant: chess", line 4 "board: 8x8", line 5 "tempo: 12". */
  expect_error("shogi", 0, NULL, NULL,
               "w.txt:3:10: these weights are for variant 'chess', not 'shogi'");
  expect_error("chess", 4, "board: 10x8", NULL,
               "w.txt:4:8: these weights are for a 10x8 board; 'chess' is played on 8x8");
  expect_error("chess", 5, NULL, NULL, "missing term 'tempo' (at end of file)");
  expect_error("chess", 0, NULL, "value Z: 1 1\n",
               ":1: unknown term 'value Z' for variant 'chess'");
  expect_error("chess", 5, "tempo: 12 13", NULL,
               "w.txt:5:11: extra value '13': term 'tempo' takes 1");
  expect_error("chess", 5, "tempo: twelve", NULL,
               "w.txt:5:8: 'twelve' is not an integer in -30000..30000");
  expect_error("chess", 5, "tempo:", NULL, "w.txt:5:7: term 'tempo' needs 1 values, found 0");
  expect_error("chess", 0, NULL, "tempo: 3\n", "term 'tempo' given twice (first on line 5)");
  expect_error("chess", 3, NULL, NULL, "missing 'variant: chess' line");
}
END_TEST

/* The piece type written `letter` in the variant's FEN (the test fails without one). */
static int type_lettered(const Variant *variant, const char *letter) {
  for (int t = 0; t < variant->piece_count; t++)
    if (!strcmp(variant->pieces[t].letter, letter)) return t;
  ck_abort_msg("%s has no piece %s", variant->name, letter);
  return -1;
}

/* Known piece values in, the same out: the labels are the engine's own
 * evaluation with the chosen values (eval_position), as a probability. */
START_TEST(fit_recovers_known_values) {
  VariantLibrary *lib = shipped_library_load();
  const Variant *chess = library_find(lib, "chess");
  EvalTables truth, start;
  ck_assert(eval_tables_build_derived(&truth, chess));
  ck_assert(eval_tables_build_derived(&start, chess));
  const char *names[] = {"N", "B", "R", "Q"};
  const int wanted[] = {360, 270, 600, 1100};
  int type[4];
  for (int i = 0; i < 4; i++) {
    type[i] = type_lettered(chess, names[i]);
    truth.param[truth.value_param + 2 * type[i]] = wanted[i];
    truth.param[truth.value_param + 2 * type[i] + 1] = wanted[i];
  }
  eval_params_apply(&truth);
  /* Positions with material imbalances: random games, every ply. */
  TuneData data;
  tune_data_init(&data);
  MoveList *list = malloc(sizeof *list);
  Undo *undo = malloc(sizeof *undo * 200);
  uint64_t rng = 7;
  const double k = 150;
  for (int game = 0; game < 300; game++) {
    Position *pos = shipped_position(lib, "chess", NULL);
    data.next_game = game;
    int made = random_walk(pos, 20 + (int)(rng_next(&rng) % 100), &rng, list, undo);
    for (int i = 0; i < made; i += 3) {
      if (pos_game_result(pos, -1) != RESULT_NONE) break;
      int e = eval_position(pos, &truth);
      double white = pos_side_to_move(pos) == WHITE ? e : -e;
      float p = (float)(1 / (1 + exp(-white / k)));
      ck_assert(tune_data_add(&data, pos, &start, p, 0));
      if (made - i > 3)
        for (int j = 0; j < 3 && pos_game_result(pos, -1) == RESULT_NONE; j++) {
          gen_legal_moves(pos, list);
          if (!list->count) break;
          Undo u;
          pos_make_move(pos, list->moves[rng_next(&rng) % (uint64_t)list->count], &u);
        }
    }
    pos_free(pos);
  }
  ck_assert_int_ge(data.count, 2000);
  /* Only the four values (both phases) move. */
  bool *trainable = calloc((size_t)start.param_count, sizeof(bool));
  for (int i = 0; i < 4; i++)
    trainable[start.value_param + 2 * type[i]] = trainable[start.value_param + 2 * type[i] + 1] =
        true;
  TuneFitSpec spec;
  tune_fit_defaults(&spec);
  spec.lambda = 0;
  spec.l2 = 0;
  spec.rate = 5;
  spec.epochs = 2000;
  spec.patience = 200;
  spec.threads = 2;
  spec.trainable = trainable;
  TuneFitResult result;
  ck_assert(tune_fit(&start, &data, &spec, &result));
  ck_assert_msg(fabs(result.k - k) < 15, "k %.1f", result.k);
  for (int i = 0; i < 4; i++)
    for (int phase = 0; phase < 2; phase++) {
      int got = start.param[start.value_param + 2 * type[i] + phase];
      ck_assert_msg(abs(got - wanted[i]) <= 25, "%s %s: fitted %d, true %d", names[i],
                    phase ? "eg" : "mg", got, wanted[i]);
    }
  /* The same fit with one thread gives the same parameters. */
  EvalTables again;
  ck_assert(eval_tables_build_derived(&again, chess));
  spec.threads = 1;
  ck_assert(tune_fit(&again, &data, &spec, &result));
  ck_assert_mem_eq(again.param, start.param, sizeof(int) * (size_t)start.param_count);
  eval_tables_free(&again);
  free(trainable), free(list), free(undo);
  tune_data_free(&data);
  eval_tables_free(&truth);
  eval_tables_free(&start);
  library_free(lib);
}
END_TEST

/* Every file shipped in variants/weights/ names a shipped variant, loads
 * without a diagnostic, and changes that variant's table: a weights file
 * broken by a change of the table's terms (the engine would then fall back to
 * the derived values with only a line on stderr) fails here instead. */
START_TEST(every_shipped_weights_file_loads) {
  VariantLibrary *lib = shipped_library_load();
  DIR *dir = opendir(CHIMERA_VARIANT_DIR "/weights");
  ck_assert(dir != NULL);
  int files = 0;
  for (struct dirent *entry; (entry = readdir(dir)) != NULL;) {
    size_t length = strlen(entry->d_name);
    if (length < 5 || strcmp(entry->d_name + length - 4, ".txt") != 0) continue;
    char name[256], path[1024], message[512];
    ck_assert_uint_lt(length, sizeof name);
    memcpy(name, entry->d_name, length - 4);
    name[length - 4] = '\0';
    const Variant *variant = library_find(lib, name);
    ck_assert_msg(variant != NULL, "weights/%s: no shipped variant '%s'", entry->d_name, name);
    snprintf(path, sizeof path, "%s/weights/%s", CHIMERA_VARIANT_DIR, entry->d_name);
    EvalTables derived, tuned;
    ck_assert(eval_tables_build_derived(&derived, variant));
    ck_assert(eval_tables_build_derived(&tuned, variant));
    ck_assert_msg(eval_weights_read(&tuned, path, message, sizeof message), "%s", message);
    int changed = 0;
    for (int i = 0; i < tuned.param_count; i++) changed += tuned.param[i] != derived.param[i];
    ck_assert_msg(changed > 0, "%s: the same as the derived values", path);
    eval_tables_free(&derived);
    eval_tables_free(&tuned);
    files++;
  }
  closedir(dir);
  ck_assert_int_ge(files, 4); /* chess, shogi, xiangqi, capablanca at least */
  library_free(lib);
}
END_TEST

/* The mobility weight scores each square a piece reaches (empty squares and
 * enemy pieces, not friends), counted by hand here: a rook on a1 beside its
 * king on e1 reaches a2..a8 and b1..d1 (10); with a black knight on c1,
 * a2..a8, b1 and c1 (9); Black's rook on a8 the mirror (10, for Black). */
START_TEST(mobility_weights_score_squares_reached) {
  VariantLibrary *lib = shipped_library_load();
  const Variant *chess = library_find(lib, "chess");
  EvalTables plain, mobile;
  ck_assert(eval_tables_build_derived(&plain, chess));
  ck_assert(eval_tables_build_derived(&mobile, chess));
  int rook = type_lettered(chess, "R");
  mobile.param[mobile.mobility_param + 2 * rook] = 10;
  mobile.param[mobile.mobility_param + 2 * rook + 1] = 10;
  eval_params_apply(&mobile);
  static const struct {
    const char *fen;
    int squares; /* White's rook squares minus Black's */
  } CASES[] = {{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 10},
               {"4k3/8/8/8/8/8/8/R1n1K3 w - - 0 1", 9},
               {"r3k3/8/8/8/8/8/8/4K3 w - - 0 1", -10},
               {"r3k3/8/8/8/8/8/8/4K3 b - - 0 1", -10}};
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    Position *pos = shipped_position(lib, "chess", CASES[i].fen);
    int white_to_move = pos_side_to_move(pos) == WHITE ? 1 : -1;
    ck_assert_msg(eval_position(pos, &mobile) - eval_position(pos, &plain) ==
                      white_to_move * 10 * CASES[i].squares,
                  "%s: %d against %d", CASES[i].fen, eval_position(pos, &mobile),
                  eval_position(pos, &plain));
    pos_free(pos);
  }
  eval_tables_free(&plain);
  eval_tables_free(&mobile);
  library_free(lib);
}
END_TEST

/* The terms read off what pieces reach, each alone with a weight of its
 * own, counted by hand (White's view; Black's king on e8, its zone d7-f8):
 *   zone N 10: a knight on c6 reaches d8 and e7 (2 squares): +20;
 *   zone_attackers 25 (middle game only, so all the pieces are on the board):
 *     a knight on c5 and a bishop on b5 both reach d7, one pair: +25;
 *   threat_pawn 50: a pawn on d4 attacks a knight on e5: +50;
 *   threat 40: Black's knight on b3 attacks the rook on a1, worth more: -40;
 *     a knight attacking a pawn is no threat: 0;
 *   pair B 30: two bishops against one: +30;
 *   open R 20: a rook on a file without pawns (a pawn on h2): +20;
 *   semiopen R 12: a rook on a file with only an enemy pawn: +12; with a
 *     friendly pawn on it too: 0;
 *   zone_danger 16 (middle game): the knight on c5 and the bishop on b5 reach
 *     2 squares of the zone between them: 2^2 x 16 / 8 = +8;
 *   royal_open 10 (middle game): White's king on e1 without pawns on the d, e
 *     and f files: -30; without the e pawn only: -10;
 *   guarded 10: the knight on d4 reaches c6 and e6, which the pawn on d7
 *     captures on: +20;
 *   restricted 10: the bishop on a1 reaches nothing (its own pawn on b2):
 *     3 x -10; the knight on a1 reaches b3 and c2, and the pawn on c4
 *     captures on b3, one safe square: 2 x -10;
 *   connected 10: White's pawns on d4 and e4 stand side by side, three
 *     ranks advanced each: +60; on d4 and e3, d4 is backed from e3 and e3
 *     by nothing: +30; Black's on d5 and e5, three ranks from its side: -60. */
START_TEST(reach_and_pair_weights_score_what_they_name) {
  VariantLibrary *lib = shipped_library_load();
  const Variant *chess = library_find(lib, "chess");
  int knight = type_lettered(chess, "N"), bishop = type_lettered(chess, "B");
  static const struct {
    const char *fen;
    int term; /* 0 zone N, 1 zone_attackers, 2 threat_pawn, 3 threat, 4 pair B, 5 open R,
               * 6 semiopen R, 7 zone_danger, 8 royal_open, 9 guarded, 10 restricted,
               * 11 connected */
    int expected;
  } CASES[] = {{"4k3/8/2N5/8/8/8/8/4K3 w - - 0 1", 0, 20},
               {"rnbqkbnr/pppppppp/8/1BN5/8/8/PPPPPPPP/R1BQK1NR w KQkq - 0 1", 1, 25},
               {"4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1", 2, 50},
               {"4k3/8/8/8/8/1n6/8/R3K3 w - - 0 1", 3, -40},
               {"4k3/8/8/8/8/1n6/P7/4K3 w - - 0 1", 3, 0},
               {"4k3/8/8/8/8/8/8/2B1KB1b w - - 0 1", 4, 30},
               {"4k3/8/8/8/8/8/7P/R3K3 w - - 0 1", 5, 20},
               {"4k3/p7/8/8/8/8/8/R3K3 w - - 0 1", 6, 12},
               {"4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1", 6, 0},
               {"rnbqkbnr/pppppppp/8/1BN5/8/8/PPPPPPPP/R1BQK1NR w KQkq - 0 1", 7, 8},
               {"rnbqkbnr/pppppppp/8/8/8/8/PPP3PP/RNBQKBNR w KQkq - 0 1", 8, -30},
               {"rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", 8, -10},
               {"4k3/3p4/8/8/3N4/8/8/4K3 w - - 0 1", 9, 20},
               {"4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1", 10, -30},
               {"4k3/8/8/8/2p5/8/8/N3K3 w - - 0 1", 10, -20},
               {"4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", 11, 60},
               {"4k3/8/8/8/3P4/4P3/8/4K3 w - - 0 1", 11, 30},
               {"4k3/8/8/3pp3/8/8/8/4K3 w - - 0 1", 11, -60}};
  int rook = type_lettered(chess, "R");
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    EvalTables plain, weighted;
    ck_assert(eval_tables_build_derived(&plain, chess));
    ck_assert(eval_tables_build_derived(&weighted, chess));
    int *w = weighted.param;
    switch (CASES[i].term) {
    case 0:
      w[weighted.zone_param + 2 * knight] = w[weighted.zone_param + 2 * knight + 1] = 10;
      break;
    case 1: w[EW_ZONE_ATTACKERS] = 25; break;
    case 2: w[EW_THREAT_PAWN_MG] = w[EW_THREAT_PAWN_EG] = 50; break;
    case 3: w[EW_THREAT_MG] = w[EW_THREAT_EG] = 40; break;
    case 4:
      w[weighted.pair_param + 2 * bishop] = w[weighted.pair_param + 2 * bishop + 1] = 30;
      break;
    case 5: w[weighted.open_param + 2 * rook] = w[weighted.open_param + 2 * rook + 1] = 20; break;
    case 7: w[EW_ZONE_DANGER] = 16; break;
    case 8: w[EW_ROYAL_OPEN] = 10; break;
    case 9: w[EW_GUARDED_MG] = w[EW_GUARDED_EG] = 10; break;
    case 10: w[EW_RESTRICTED_MG] = w[EW_RESTRICTED_EG] = 10; break;
    case 11: w[EW_CONNECTED_MG] = w[EW_CONNECTED_EG] = 10; break;
    default: w[weighted.semiopen_param + 2 * rook] = w[weighted.semiopen_param + 2 * rook + 1] = 12;
    }
    eval_params_apply(&weighted);
    Position *pos = shipped_position(lib, "chess", CASES[i].fen);
    int got = eval_position(pos, &weighted) - eval_position(pos, &plain);
    ck_assert_msg(got == CASES[i].expected, "%s: %d, expected %d", CASES[i].fen, got,
                  CASES[i].expected);
    pos_free(pos);
    eval_tables_free(&plain);
    eval_tables_free(&weighted);
  }
  library_free(lib);
}
END_TEST

/* The checks terms (safe_check, unsafe_check: 10 each, alone) in the
 * middle game, every piece on the board, the move-count clock at 0
 * (board/mobility.c counts them, and
 * test_board_bitboards.c checks the counts on small positions):
 *   1.e4 e5 2.Bc4 Nc6 3.Qh5, White to move: the queen reaches e5 (guarded
 *   by the knight) and f7, which Black's king alone guards and the bishop
 *   backs up; the bishop reaches f7 too, backed by the queen: two safe
 *   types, +20. Black's pieces reach no square that checks White's king.
 *   1.e4 e5 2.Qh5, Black to move: the queen takes on e5 with check, which
 *   nothing guards: one safe type, +10 (White's view); on f7 the king alone
 *   guards and nothing backs it up, but the queen is counted once. */
START_TEST(royal_checks_score_safe_and_guarded_checks) {
  static const struct {
    const char *fen;
    int safe, unsafe; /* White's types minus Black's */
  } CASES[] = {{"r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 3", 2, 0},
               {"rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 2", 1, 0}};
  VariantLibrary *lib = shipped_library_load();
  const Variant *chess = library_find(lib, "chess");
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    Position *pos = shipped_position(lib, "chess", CASES[i].fen);
    int white = pos_side_to_move(pos) == WHITE ? 1 : -1;
    for (int term = EW_SAFE_CHECK; term <= EW_UNSAFE_CHECK; term++) {
      EvalTables plain, weighted;
      ck_assert(eval_tables_build_derived(&plain, chess));
      ck_assert(eval_tables_build_derived(&weighted, chess));
      weighted.param[term] = 10;
      eval_params_apply(&weighted);
      int got = white * (eval_position(pos, &weighted) - eval_position(pos, &plain));
      int expected = 10 * (term == EW_SAFE_CHECK ? CASES[i].safe : CASES[i].unsafe);
      ck_assert_msg(got == expected, "%s, %s: %d, expected %d", CASES[i].fen,
                    EVAL_SCALAR_NAMES[term], got, expected);
      eval_tables_free(&plain);
      eval_tables_free(&weighted);
    }
    pos_free(pos);
  }
  library_free(lib);
}
END_TEST

/* The hanging term (hanging_mg and hanging_eg 10, alone): White's rook on
 * d1 attacks the knight on d5, which nothing of Black's guards: +10 for
 * White, -10 from Black's side when Black is to move; a pawn on e6 guards
 * it: 0; an unguarded pawn counts as well: +10; Black's bishop on a4
 * attacks the rook, which White's king guards: still +10. */
START_TEST(hanging_weight_scores_unguarded_attacked_pieces) {
  static const struct {
    const char *fen;
    int expected; /* side to move's view */
  } CASES[] = {{"4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", 10},
               {"4k3/8/8/3n4/8/8/8/3RK3 b - - 0 1", -10},
               {"4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1", 0},
               {"4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", 10},
               {"4k3/8/8/3n4/b7/8/8/3RK3 w - - 0 1", 10}};
  VariantLibrary *lib = shipped_library_load();
  const Variant *chess = library_find(lib, "chess");
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    Position *pos = shipped_position(lib, "chess", CASES[i].fen);
    EvalTables plain, weighted;
    ck_assert(eval_tables_build_derived(&plain, chess));
    ck_assert(eval_tables_build_derived(&weighted, chess));
    weighted.param[EW_HANGING_MG] = weighted.param[EW_HANGING_EG] = 10;
    eval_params_apply(&weighted);
    int got = eval_position(pos, &weighted) - eval_position(pos, &plain);
    ck_assert_msg(got == CASES[i].expected, "%s: %d, expected %d", CASES[i].fen, got,
                  CASES[i].expected);
    eval_tables_free(&plain);
    eval_tables_free(&weighted);
    pos_free(pos);
  }
  library_free(lib);
}
END_TEST

/* What a goal term adds at weight 10 (against 0) to the evaluation of fen,
 * from the side to move's view. */
static int goal_term(VariantLibrary *lib, const char *variant, const char *fen, int param) {
  const Variant *v = library_find(lib, variant);
  Position *pos = shipped_position(lib, variant, fen);
  EvalTables plain, weighted;
  ck_assert(eval_tables_build_derived(&plain, v));
  ck_assert(eval_tables_build_derived(&weighted, v));
  plain.param[param] = 0;
  weighted.param[param] = 10;
  eval_params_apply(&plain);
  eval_params_apply(&weighted);
  int got = eval_position(pos, &weighted) - eval_position(pos, &plain);
  eval_tables_free(&plain);
  eval_tables_free(&weighted);
  pos_free(pos);
  return got;
}

/* Goal-term cases: each term at weight 10 against 0 in the variant's
 * position, side to move's view, as counted by hand. */
typedef struct {
  const char *variant, *fen;
  int param, expected;
} GoalCase;

static void expect_goal_terms(const GoalCase *cases, size_t count) {
  VariantLibrary *lib = shipped_library_load();
  for (size_t i = 0; i < count; i++) {
    int got = goal_term(lib, cases[i].variant, cases[i].fen, cases[i].param);
    ck_assert_msg(got == cases[i].expected, "%s %s, %s: %d, expected %d", cases[i].variant,
                  cases[i].fen, EVAL_SCALAR_NAMES[cases[i].param], got, cases[i].expected);
  }
  library_free(lib);
}

/* The lines of a connect=line(N) goal (align 10 against 0), counted by
 * hand, side to move's view. Tictactoe: White's stone in the centre opens
 * 4 lines (the rank, the file, both diagonals): 40; with Black's on a1 the
 * a1-c3 diagonal holds both (closed), White keeps 3 and Black has 2 (rank
 * 1, file a): 3 - 2 = 1, 10; two White stones on a1 and b1: rank 1 holds 2
 * (4), file a, file b and the a1-c3 diagonal 1 each: 70. In cfour-misere,
 * where four in a row loses, a White stone on a1 counts against White: 3
 * lines (a1-d1, a1-a4, a1-d4), -30. Teeko (line(4) and square(2), 5x5)
 * counts the 2x2 blocks too: a White stone on a1 opens its 3 lines and
 * the a1-b2 block: 40; on c3, 8 lines (2 on each rank, file and diagonal)
 * and 4 blocks: 120; on a1 and b2, the lines a1-d4 (4), rank 1, file a,
 * the two of rank 2 and of file b, b2-e5 (1 each) and the blocks a1-b2
 * (4), a2, b1 and b2 (1 each): 180; White on a1, Black on b2: a1-d4 and
 * the a1 block are closed, White keeps 2 lines, Black 5 lines and 3
 * blocks: -60. */
START_TEST(align_weight_scores_the_open_lines) {
  static const GoalCase CASES[] = {
      {"tictactoe", "3/1P1/3[PPPPppppp] w - - 0 1", EW_ALIGN, 40},
      {"tictactoe", "3/1P1/3[PPPPppppp] b - - 0 1", EW_ALIGN, -40},
      {"tictactoe", "3/1P1/p2[PPPPpppp] w - - 0 1", EW_ALIGN, 10},
      {"tictactoe", "3/3/PP1[PPPppppp] w - - 0 1", EW_ALIGN, 70},
      {"cfour-misere", "7/7/7/7/7/P6[PPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1",
       EW_ALIGN, -30},
      {"teeko", "5/5/5/5/P4[PPPpppp] w - - 0 1", EW_ALIGN, 40},
      {"teeko", "5/5/2P2/5/5[PPPpppp] w - - 0 1", EW_ALIGN, 120},
      {"teeko", "5/5/5/1P3/P4[PPpppp] w - - 0 1", EW_ALIGN, 180},
      {"teeko", "5/5/5/1p3/P4[PPPppp] w - - 0 1", EW_ALIGN, -60},
  };
  expect_goal_terms(CASES, sizeof CASES / sizeof CASES[0]);
}
END_TEST

/* The chains of a connect=from[..],to[..] goal (link 10 against 0), side
 * to move's view, in gale (White links the a-file to the i-file along
 * ranks, Black rank 1 to rank 9 along files; a chain steps east or north).
 * At the start each side has stones on every other square of its lines:
 * four squares to fill each, 0. A White stone on b8 leaves White three;
 * Black, whose b-file it closes, still has four on the d-file: +10, and
 * -10 with Black to move. White stones on b8 and d8: 2 against 4, +20. A
 * Black stone on b2: 4 against 3, -10. */
START_TEST(link_weight_scores_the_squares_a_chain_needs) {
  static const GoalCase CASES[] = {
      {"gale",
       "1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1 "
       "w - - 0 1",
       EW_LINK, 0},
      {"gale",
       "1p1p1p1p1/PPP1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1 "
       "w - - 0 1",
       EW_LINK, 10},
      {"gale",
       "1p1p1p1p1/PPP1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1 "
       "b - - 0 1",
       EW_LINK, -10},
      {"gale",
       "1p1p1p1p1/PPPPP1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1 "
       "w - - 0 1",
       EW_LINK, 20},
      {"gale",
       "1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/PpP1P1P1P/1p1p1p1p1 "
       "w - - 0 1",
       EW_LINK, -10},
  };
  expect_goal_terms(CASES, sizeof CASES / sizeof CASES[0]);
}
END_TEST

/* The stones no line can enclose in a flip=line game (stable 10 against
 * 0), side to move's view, counted by hand in flipello (8x8) with its four
 * centre stones, none of them stable: alone, 0. A White stone in the a1
 * corner is stable on every axis (each has the edge on one side): +10.
 * White on a1 and b1, Black on c1: b1 leans on a1 along the rank and on
 * the edge on the other axes; c1 touches an empty d1: +20. Rank 1 filled
 * with Black corners and six White stones between: the corners are
 * stable, and the six because their rank is full: 6 - 2, +40, and -40
 * with Black to move. The same with a White stone on b2 beside an empty
 * a2 and c3: not stable, +40. */
START_TEST(stable_weight_scores_the_stones_no_line_encloses) {
  static const GoalCase CASES[] = {
      {"flipello", "8/8/8/3pP3/3Pp3/8/8/8[PPPPpppp] w - - 0 1", EW_STABLE, 0},
      {"flipello", "8/8/8/3pP3/3Pp3/8/8/P7[PPPPpppp] w - - 0 1", EW_STABLE, 10},
      {"flipello", "8/8/8/3pP3/3Pp3/8/8/PPp5[PPPPpppp] w - - 0 1", EW_STABLE, 20},
      {"flipello", "8/8/8/3pP3/3Pp3/8/8/pPPPPPPp[PPPPpppp] w - - 0 1", EW_STABLE, 40},
      {"flipello", "8/8/8/3pP3/3Pp3/8/8/pPPPPPPp[PPPPpppp] b - - 0 1", EW_STABLE, -40},
      {"flipello", "8/8/8/3pP3/3Pp3/8/1P6/pPPPPPPp[PPPPpppp] w - - 0 1", EW_STABLE, 40},
  };
  expect_goal_terms(CASES, sizeof CASES / sizeof CASES[0]);
}
END_TEST

/* The stones an enemy stone put on an empty square would turn (exposed 10
 * against 0) and the empty squares where a side's stone would turn some
 * (enclosing), side to move's view, counted by hand in flipello. White on
 * d4 and e4, Black on f4: a Black stone on c4 turns both White stones, a
 * White one on g4 the Black one, and no other line is closed: exposed
 * 1 - 2, -10 (+10 with Black to move); one enclosing square each, 0. With
 * a Black stone on c4 as well, the White stones are closed on both sides
 * and touch no line ending in Black, while c4 and f4 are turned from b4
 * and g4: exposed +20, and White's two squares against Black's none:
 * enclosing +20. */
START_TEST(exposed_and_enclosing_weights_score_the_turns_to_come) {
  static const GoalCase CASES[] = {
      {"flipello", "8/8/8/8/3PPp2/8/8/8[PPPPpppp] w - - 0 1", EW_EXPOSED, -10},
      {"flipello", "8/8/8/8/3PPp2/8/8/8[PPPPpppp] b - - 0 1", EW_EXPOSED, 10},
      {"flipello", "8/8/8/8/3PPp2/8/8/8[PPPPpppp] w - - 0 1", EW_ENCLOSING, 0},
      {"flipello", "8/8/8/8/2pPPp2/8/8/8[PPPPpppp] w - - 0 1", EW_EXPOSED, 20},
      {"flipello", "8/8/8/8/2pPPp2/8/8/8[PPPPpppp] w - - 0 1", EW_ENCLOSING, 20},
  };
  expect_goal_terms(CASES, sizeof CASES / sizeof CASES[0]);
}
END_TEST

/* Where moving is the whole game (the side that cannot move loses, moves
 * leave walls, no royal or other goal: amazons, isolation), the derived
 * table weighs mobility 10 per square for every moving type; elsewhere
 * (chess; duck chess, whose walls come with a king) 0. In amazons, White's
 * amazon on a1 walled in by a2, b1 and b2 reaches nothing, Black's on j10
 * its rank and file (9 each) and its diagonal up to c3 (7): the derived
 * table against one whose mobility is 0 differs by -250 with White to
 * move. */
START_TEST(mobility_is_derived_where_moving_is_the_goal) {
  VariantLibrary *lib = shipped_library_load();
  static const struct {
    const char *variant;
    int weight;
  } CASES[] = {{"amazons", 10}, {"isolation", 10}, {"chess", 0}, {"duck", 0}};
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    EvalTables tables;
    ck_assert(eval_tables_build_derived(&tables, library_find(lib, CASES[i].variant)));
    for (int t = 0; t < tables.piece_count; t++)
      if (eval_has_mobility(&tables, t)) {
        ck_assert_msg(tables.param[tables.mobility_param + 2 * t] == CASES[i].weight &&
                          tables.param[tables.mobility_param + 2 * t + 1] == CASES[i].weight,
                      "%s, type %d: %d %d", CASES[i].variant, t,
                      tables.param[tables.mobility_param + 2 * t],
                      tables.param[tables.mobility_param + 2 * t + 1]);
      }
    eval_tables_free(&tables);
  }
  const Variant *v = library_find(lib, "amazons");
  Position *pos = shipped_position(lib, "amazons", "9q/10/10/10/10/10/10/10/**8/Q*8 w - - 0 1");
  EvalTables derived, still;
  ck_assert(eval_tables_build_derived(&derived, v));
  ck_assert(eval_tables_build_derived(&still, v));
  for (int t = 0; t < still.piece_count; t++)
    still.param[still.mobility_param + 2 * t] = still.param[still.mobility_param + 2 * t + 1] = 0;
  eval_params_apply(&still);
  int got = eval_position(pos, &derived) - eval_position(pos, &still);
  ck_assert_msg(got == -250, "amazons: %d, expected -250", got);
  eval_tables_free(&derived);
  eval_tables_free(&still);
  pos_free(pos);
  library_free(lib);
}
END_TEST

/* The self-play game ends by the variant's own repetition rule, as the
 * referee's game does (pos_repetition_end), not at a threefold repetition
 * scored as a draw: minishogi's fourth repetition loses for White,
 * armageddon's repetition is Black's win, tuktuk (draw=repetition(0)) never
 * ends by repetition; chess draws at the third; xiangqi's perpetual check
 * loses for the checking side; janggimodern's fifth move of one piece there
 * and back loses (pos_move_repetition_end). `plies` moves of the
 * cycle are played and the game must stand at `result` only then. */
START_TEST(self_play_ends_by_the_variants_repetition_rule) {
  static const struct {
    const char *variant, *fen, *cycle[4];
    int plies;
    GameResult result;
  } CASES[] = {
      {"minishogi", NULL, {"b1b2", "d5d4", "b2b1", "d4d5"}, 12, RESULT_LOSS},
      {"armageddon", NULL, {"g1f3", "g8f6", "f3g1", "f6g8"}, 8, RESULT_LOSS},
      {"tuktuk", "5w/6/6/6/6/W5 w - - 0 1", {"a1a2", "f6f5", "a2a1", "f5f6"}, 16, RESULT_NONE},
      {"chess", NULL, {"g1f3", "g8f6", "f3g1", "f6g8"}, 8, RESULT_DRAW},
      /* Red's chariot gives perpetual check: Black, to move, wins */
      {"xiangqi",
       "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1",
       {"e10e9", "a10a9", "e9e10", "a9a10"},
       8,
       RESULT_WIN},
      /* janggimodern: White's fifth chariot move there and back loses
       * (loss=moverepetition); Black, to move, wins */
      {"janggimodern", NULL, {"a1a2", "a10a9", "a2a1", "a9a10"}, 9, RESULT_WIN},
  };
  VariantLibrary *lib = shipped_library_load();
  for (size_t c = 0; c < sizeof CASES / sizeof *CASES; c++) {
    Position *pos = shipped_position(lib, CASES[c].variant, CASES[c].fen);
    uint64_t keys[16];
    bool checks[17];
    MovePly moves[16];
    Undo undo;
    for (int ply = 0; ply < CASES[c].plies; ply++) {
      checks[ply] = pos_in_check(pos);
      ck_assert_msg(tune_game_result(pos, keys, checks, moves, ply) == RESULT_NONE,
                    "%s: ended at ply %d", CASES[c].variant, ply);
      Move m = move_from_text(pos, CASES[c].cycle[ply % 4], NULL, 0);
      ck_assert_msg(m != MOVE_NONE_VALUE, "%s: %s", CASES[c].variant, CASES[c].cycle[ply % 4]);
      keys[ply] = pos_key(pos);
      pos_make_move(pos, m, &undo);
      moves[ply] = move_ply_of(&undo);
    }
    checks[CASES[c].plies] = pos_in_check(pos);
    GameResult result = tune_game_result(pos, keys, checks, moves, CASES[c].plies);
    ck_assert_msg(result == CASES[c].result, "%s: %d after %d plies, expected %d", CASES[c].variant,
                  result, CASES[c].plies, CASES[c].result);
    pos_free(pos);
  }
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *s = suite_create("tune");
  TCase *tc = tcase_create("tune");
  tcase_set_timeout(tc, 240);
  tcase_add_test(tc, every_variant_round_trips_and_traces);
  tcase_add_test(tc, every_variant_plays_without_weights);
  tcase_add_test(tc, weights_errors);
  tcase_add_test(tc, every_shipped_weights_file_loads);
  tcase_add_test(tc, mobility_weights_score_squares_reached);
  tcase_add_test(tc, reach_and_pair_weights_score_what_they_name);
  tcase_add_test(tc, royal_checks_score_safe_and_guarded_checks);
  tcase_add_test(tc, hanging_weight_scores_unguarded_attacked_pieces);
  tcase_add_test(tc, align_weight_scores_the_open_lines);
  tcase_add_test(tc, stable_weight_scores_the_stones_no_line_encloses);
  tcase_add_test(tc, exposed_and_enclosing_weights_score_the_turns_to_come);
  tcase_add_test(tc, mobility_is_derived_where_moving_is_the_goal);
  tcase_add_test(tc, link_weight_scores_the_squares_a_chain_needs);
  tcase_add_test(tc, fit_recovers_known_values);
  tcase_add_test(tc, self_play_ends_by_the_variants_repetition_rule);
  suite_add_tcase(s, tc);
  return s;
}
