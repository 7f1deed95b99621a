/* test_engine_game.c — the engine's game on the real board: moves in and out
 * as text, illegal input refused without changing anything, undo, results,
 * and the XBoard description of the pieces. Uses the hand-built chess of
 * board_fixture.h, so it does not depend on the variant loader. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board_fixture.h"
#include "engine/game.h"
#include "engine/think.h"
#include "engine/xboard_setup.h"
#include "shipped_library.h"

Suite *test_suite(void);

static Game *new_game(const Variant *variant) {
  char err[256] = "";
  Game *game = game_create(variant, err, sizeof err);
  ck_assert_msg(game != NULL, "game_create: %s", err);
  return game;
}

static Game *chess_game(void) {
  return new_game(fx_chess());
}

/* The knights out and back twice (g1f3 g8f6 f3g1 f6g8), the game undecided
 * before each move: the start position stands a third time after it. */
static void play_knight_shuffle(Game *game) {
  char err[256], reason[64];
  const char *shuffle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
  for (int i = 0; i < 8; i++) {
    ck_assert_int_eq(game_result(game, reason, sizeof reason), RESULT_NONE);
    ck_assert_int_eq(game_play(game, shuffle[i % 4], err, sizeof err), 0);
  }
}

START_TEST(moves_are_played_and_undone) {
  Game *game = chess_game();
  char err[256];
  ck_assert_int_eq(game_play(game, "e2e4", err, sizeof err), 0);
  ck_assert_int_eq(game_play(game, "e7e5", err, sizeof err), 0);
  ck_assert_int_eq(game_ply(game), 2);
  ck_assert_int_eq(game_side_to_move(game), WHITE);
  ck_assert_int_eq(game_undo(game), 0);
  ck_assert_int_eq(game_side_to_move(game), BLACK);
  ck_assert_int_eq(game_undo(game), 0);
  ck_assert_int_eq(game_undo(game), -1);
  game_destroy(game);
}
END_TEST

START_TEST(illegal_moves_and_bad_fens_change_nothing) {
  Game *game = chess_game();
  char err[256] = "";
  ck_assert_int_eq(game_play(game, "e2e5", err, sizeof err), -1);
  ck_assert_str_ne(err, "");
  ck_assert_int_eq(game_play(game, "zz", err, sizeof err), -1);
  ck_assert_int_eq(game_ply(game), 0);
  ck_assert_int_eq(game_set_fen(game, "not a fen", err, sizeof err), -1);
  ck_assert_int_eq(game_play(game, "g1f3", err, sizeof err), 0);
  game_destroy(game);
}
END_TEST

START_TEST(results_mate_and_repetition) {
  Game *game = chess_game();
  char err[256], reason[64];
  const char *fools_mate[] = {"f2f3", "e7e5", "g2g4", "d8h4"};
  for (int i = 0; i < 4; i++) ck_assert_int_eq(game_play(game, fools_mate[i], err, sizeof err), 0);
  ck_assert_int_eq(game_result(game, reason, sizeof reason), RESULT_LOSS);
  ck_assert_str_eq(reason, "Black mates");
  ck_assert_int_eq(game_set_start(game, err, sizeof err), 0);
  play_knight_shuffle(game);
  ck_assert_int_eq(game_result(game, reason, sizeof reason), RESULT_DRAW);
  ck_assert_str_eq(reason, "Draw by repetition");
  game_destroy(game);
}
END_TEST

static uint64_t divide_sum;
static int divide_count;
static void count_divide(void *context, const char *move, uint64_t nodes) {
  (void)context, (void)move;
  divide_sum += nodes;
  divide_count++;
}

/* Fairy-Stockfish's minishogi: the fourth repetition loses for White (the
 * first player), whichever side is to move when it happens. */
START_TEST(minishogi_fourfold_repetition_loses_for_white) {
  VariantLibrary *lib = shipped_library_load();
  char err[256], reason[64];
  /* Golds step out and back: the start recurs every 4 plies. After the
   * rook's e1e2 first, Black starts the cycle, and the position that recurs
   * a fourth time has Black to move. */
  const char *white_first[] = {"b1b2", "d5d4", "b2b1", "d4d5"};
  const char *black_first[] = {"d5d4", "b1b2", "d4d5", "b2b1"};
  for (int first = 0; first <= 1; first++) {
    Game *game = new_game(library_find(lib, "minishogi"));
    if (first) ck_assert_int_eq(game_play(game, "e1e2", err, sizeof err), 0);
    for (int i = 0; i < 12; i++) {
      ck_assert_msg(game_result(game, reason, sizeof reason) == RESULT_NONE, "ply %d: %s", i,
                    reason);
      const char *move = first ? black_first[i % 4] : white_first[i % 4];
      ck_assert_int_eq(game_play(game, move, err, sizeof err), 0);
    }
    ck_assert_int_eq(game_side_to_move(game), first ? BLACK : WHITE);
    ck_assert_int_eq(game_result(game, reason, sizeof reason), first ? RESULT_WIN : RESULT_LOSS);
    ck_assert_str_eq(reason, "Black wins by repetition");
    game_destroy(game);
  }
  library_free(lib);
}
END_TEST

/* armageddon (counting=blackdrawodds): the referee gives Black what would be
 * a draw, repetition and stalemate alike. */
START_TEST(armageddon_repetition_and_stalemate_are_black_wins) {
  VariantLibrary *lib = shipped_library_load();
  char err[256], reason[64];
  Game *game = new_game(library_find(lib, "armageddon"));
  play_knight_shuffle(game);
  ck_assert_int_eq(game_result(game, reason, sizeof reason), RESULT_LOSS); /* White to move */
  ck_assert_str_eq(reason, "Black wins by repetition");
  ck_assert_int_eq(game_set_fen(game, "k7/2K5/1Q6/8/8/8/8/8 b - - 0 1", err, sizeof err), 0);
  ck_assert_int_eq(game_result(game, reason, sizeof reason), RESULT_WIN); /* Black stalemated */
  game_destroy(game);
  library_free(lib);
}
END_TEST

/* A position the rules decide is named by the rules, not as a stalemate
 * (both have no legal moves): atomic's king blown up by Bxe2, janggi's
 * generals facing each other after a pass (decided by janggi's material
 * counting: bare generals, so Black's komi wins; drawn under the
 * traditional rules). Both read "Stalemate" in match PGNs before. */
START_TEST(decided_positions_are_named_by_the_rules) {
  VariantLibrary *lib = shipped_library_load();
  char err[256], reason[64];
  Game *game = new_game(library_find(lib, "atomic"));
  ck_assert_int_eq(game_set_fen(game, "4k3/8/8/8/6b1/8/4P3/4K3 b - - 0 1", err, sizeof err), 0);
  ck_assert_int_eq(game_play(game, "g4e2", err, sizeof err), 0);
  ck_assert_int_eq(game_result(game, reason, sizeof reason), RESULT_LOSS); /* White to move */
  ck_assert_str_eq(reason, "Black wins by the variant's rules");
  game_destroy(game);
  for (int traditional = 0; traditional < 2; traditional++) {
    game = new_game(library_find(lib, traditional ? "janggitraditional" : "janggi"));
    ck_assert_int_eq(game_set_fen(game, "5k3/9/9/9/9/9/9/9/9/4K4 w - - 0 1", err, sizeof err), 0);
    ck_assert_int_eq(game_play(game, "e1f1", err, sizeof err), 0);
    ck_assert_int_eq(game_play(game, "f10f10", err, sizeof err), 0);
    ck_assert_int_eq(game_result(game, reason, sizeof reason),
                     traditional ? RESULT_DRAW : RESULT_LOSS); /* White to move */
    ck_assert_str_eq(reason, traditional ? "Draw by the variant's rules"
                                         : "Black wins by the variant's rules");
    game_destroy(game);
  }
  library_free(lib);
}
END_TEST

/* draw=repetition(0) (Fairy-Stockfish's nFoldRule = 0: tuktuk, kono, ...):
 * a position met for the third and the fifth time ends nothing; the same
 * shuffle in chess draws at the third. */
START_TEST(repetition_off_never_ends_a_game) {
  VariantLibrary *lib = shipped_library_load();
  char err[256], reason[64];
  const char *shuffle[] = {"a1a2", "f6f5", "a2a1", "f5f6"};
  Game *game = new_game(library_find(lib, "tuktuk"));
  ck_assert_int_eq(game_set_fen(game, "5w/6/6/6/6/W5 w - - 0 1", err, sizeof err), 0);
  for (int i = 0; i < 16; i++) {
    ck_assert_int_eq(game_play(game, shuffle[i % 4], err, sizeof err), 0);
    ck_assert_msg(game_result(game, reason, sizeof reason) == RESULT_NONE, "ply %d: %s", i, reason);
  }
  game_destroy(game);
  game = new_game(library_find(lib, "chess"));
  play_knight_shuffle(game);
  ck_assert_int_eq(game_result(game, reason, sizeof reason), RESULT_DRAW);
  ck_assert_str_eq(reason, "Draw by repetition");
  game_destroy(game);
  library_free(lib);
}
END_TEST

/* loss=perpetualcheck at the game's repetition, as the search scores it and
 * as Fairy-Stockfish's perpetualCheckIllegal: the side that gave check at
 * each of its moves of the cycle loses, whichever side is to move when the
 * position stands the N-th time; a cycle with a quiet move of the checking
 * side is the plain repetition (a draw), and chess has no such rule. */
START_TEST(perpetual_check_loses_for_the_checking_side) {
  static const struct {
    const char *variant, *fen, *cycle[4];
    int plies;
    GameResult result;
    const char *reason;
  } CASES[] = {
      /* Red's chariot checks on ranks 10 and 9; Black to move at the third */
      {"xiangqi",
       "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1",
       {"e10e9", "a10a9", "e9e10", "a9a10"},
       8,
       RESULT_WIN,
       "Black wins by repetition"},
      /* the same cycle met with Red, the checking side, to move */
      {"xiangqi",
       "R8/4k4/9/9/9/9/9/9/9/3K5 w - - 0 1",
       {"a10a9", "e9e10", "a9a10", "e10e9"},
       8,
       RESULT_LOSS,
       "Black wins by repetition"},
      /* a10a1 gives no check: no perpetual check, a draw */
      {"xiangqi",
       "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1",
       {"e10e9", "a10a1", "e9e10", "a1a10"},
       8,
       RESULT_DRAW,
       "Draw by repetition"},
      /* shogi's dragon checks; the fourth time decides (sennichite) */
      {"shogi",
       "+R3k4/9/9/9/9/9/9/9/4K4[] b - - 0 1",
       {"e9e8", "a9a8", "e8e9", "a8a9"},
       12,
       RESULT_WIN,
       "Black wins by repetition"},
      /* the rook's moves (its type promotes) restart the halfmove clock,
       * which must not hide the cycle: with holdings the whole game counts,
       * as Fairy-Stockfish's captures_to_hand */
      {"shogi",
       "R3k4/9/9/9/9/9/9/9/4K4[] b - - 0 1",
       {"e9e8", "a9a8", "e8e9", "a8a9"},
       12,
       RESULT_WIN,
       "Black wins by repetition"},
      {"shogi", NULL, {"h2g2", "b8c8", "g2h2", "c8b8"}, 12, RESULT_DRAW, "Draw by repetition"},
      {"chess",
       "4Q2k/7p/6p1/8/8/8/8/K7 b - - 0 1",
       {"h8g7", "e8e7", "g7h8", "e7e8"},
       8,
       RESULT_DRAW,
       "Draw by repetition"},
  };
  VariantLibrary *lib = shipped_library_load();
  char err[256], reason[64];
  for (size_t c = 0; c < sizeof CASES / sizeof *CASES; c++) {
    Game *game = new_game(library_find(lib, CASES[c].variant));
    if (CASES[c].fen)
      ck_assert_msg(game_set_fen(game, CASES[c].fen, err, sizeof err) == 0, "%s", err);
    for (int i = 0; i < CASES[c].plies; i++) {
      ck_assert_msg(game_result(game, reason, sizeof reason) == RESULT_NONE, "%s ply %d: %s",
                    CASES[c].variant, i, reason);
      const char *move = CASES[c].cycle[i % 4];
      ck_assert_msg(game_play(game, move, err, sizeof err) == 0, "%s %s: %s", CASES[c].variant,
                    move, err);
    }
    GameResult result = game_result(game, reason, sizeof reason);
    ck_assert_msg(result == CASES[c].result, "case %zu (%s): %d (%s), expected %d", c,
                  CASES[c].variant, result, reason, CASES[c].result);
    ck_assert_str_eq(reason, CASES[c].reason);
    game_destroy(game);
  }
  library_free(lib);
}
END_TEST

START_TEST(perft_and_legal_moves_agree) {
  Game *game = chess_game();
  char err[256], moves[4096];
  ck_assert_int_eq(game_legal_moves(game, moves, sizeof moves), 20);
  ck_assert_ptr_nonnull(strstr(moves, "g1f3"));
  divide_sum = 0, divide_count = 0;
  ck_assert_int_eq(game_perft(game, 3, count_divide, NULL, NULL, err, sizeof err), 8902);
  ck_assert_int_eq(divide_sum, 8902);
  ck_assert_int_eq(divide_count, 20);
  ck_assert_int_eq(game_perft(game, 2, NULL, NULL, NULL, err, sizeof err), 400);
  game_destroy(game);
}
END_TEST

START_TEST(chess_pieces_in_xboard_betza) {
  const Variant *chess = fx_chess();
  char text[256];
  const char *expected[] = {"K", "Q", "R", "B", "N", "P"};
  const char *betza[] = {"WF", "RB", "R", "B", "N", "fmWifmnDfceF"};
  for (int t = 0; t < chess->piece_count; t++) {
    ck_assert_str_eq(chess->pieces[t].letter, expected[t]);
    ck_assert_int_eq(xboard_setup_betza(chess, t, WHITE, text, sizeof text), 0);
    ck_assert_str_eq(text, betza[t]);
  }
}
END_TEST

static int info_lines;
static char last_pv[4096];
static bool last_mate;
static int last_score;
static void count_info(void *context, const EngineInfo *info) {
  (void)context;
  info_lines++;
  snprintf(last_pv, sizeof last_pv, "%s", info->pv);
  last_mate = info->mate, last_score = info->score;
}

START_TEST(think_finds_a_legal_move_and_a_pv) {
  Game *game = chess_game();
  char err[256], best[64], ponder[64], why[256] = "";
  ck_assert_int_eq(game_play(game, "e2e4", err, sizeof err), 0);
  Think *think = think_create(1, 8);
  ck_assert_ptr_nonnull(think);
  EngineGo go;
  engine_go_init(&go);
  go.depth = 4;
  EngineReport report = {.info = count_info};
  info_lines = 0;
  think_prepare(think, 1, 0);
  think_run(think, game, &go, &report, best, ponder, why, sizeof why);
  ck_assert_str_eq(why, "");
  ck_assert_int_gt(info_lines, 0);
  ck_assert_msg(strncmp(last_pv, best, strlen(best)) == 0, "pv '%s' best '%s'", last_pv, best);
  ck_assert_int_eq(game_play(game, best, err, sizeof err), 0); /* legal for the board */
  /* Searchmoves restrict the root. */
  engine_go_init(&go);
  go.depth = 2;
  go.searchmoves = "a2a3";
  think_prepare(think, 1, 0);
  think_run(think, game, &go, &report, best, ponder, why, sizeof why);
  ck_assert_str_eq(best, "a2a3");
  think_destroy(think);
  game_destroy(game);
}
END_TEST

/* janggimodern (Fairy-Stockfish's moveRepetitionIllegal): the side whose
 * last five moves took one piece there and back (a1a2 a2a1 a1a2 a2a1 a1a2),
 * the first not taking and none made in check, loses at once; the general
 * and guards may (they stay in the palace), and then the fourth repetition
 * ends the game by the count. Chariots a1a2 a2a1 ... against a10a9 a9a10
 * ...: after Black's fourth move nothing (janggi's third repetition is not
 * modern's fourth), after White's fifth Black wins. A first move that took
 * starts the count one move later. Fairy-Stockfish c19b5f6c agrees on each
 * (`go depth 1 searchmoves M` after the moves before M: mated or not). */
static Game *janggi_shuttle(VariantLibrary *lib, const char *variant, const char *fen,
                            const char *const *moves, int count) {
  char err[256], reason[64];
  Game *game = new_game(library_find(lib, variant));
  if (fen) ck_assert_msg(game_set_fen(game, fen, err, sizeof err) == 0, "%s", err);
  for (int i = 0; i < count; i++) {
    ck_assert_msg(game_result(game, reason, sizeof reason) == RESULT_NONE, "%s ply %d: %s", variant,
                  i, reason);
    ck_assert_msg(game_play(game, moves[i], err, sizeof err) == 0, "%s %s: %s", variant, moves[i],
                  err);
  }
  return game;
}

START_TEST(janggimodern_move_repetition_loses) {
  VariantLibrary *lib = shipped_library_load();
  char reason[64];
  const Variant *modern = library_find(lib, "janggimodern");
  ck_assert_int_eq(modern->rules.move_rule, 100);
  ck_assert_int_eq(modern->rules.repetition_count, 4);
  ck_assert(!library_find(lib, "janggi")->rules.move_repetition_loses);
  const char *chariots[] = {"a1a2",  "a10a9", "a2a1",  "a9a10", "a1a2",
                            "a10a9", "a2a1",  "a9a10", "a1a2",  "a10a9"};
  Game *game = janggi_shuttle(lib, "janggimodern", NULL, chariots, 8);
  ck_assert_int_eq(game_result(game, reason, sizeof reason), RESULT_NONE);
  ck_assert_int_eq(game_play(game, "a1a2", reason, sizeof reason), 0);
  ck_assert_int_eq(game_result(game, reason, sizeof reason), RESULT_WIN); /* Black to move */
  ck_assert_str_eq(reason, "Black wins by move repetition");
  game_undo(game);
  /* the search knows it: White's fifth chariot move is mated at once, the
   * soldier's step is not */
  Think *think = think_create(1, 8);
  char best[64], ponder[64], why[256] = "";
  EngineGo go;
  EngineReport report = {.info = count_info};
  const char *tries[] = {"a1a2", "c4c5"};
  for (int k = 0; k < 2; k++) {
    engine_go_init(&go);
    go.depth = 3;
    go.searchmoves = tries[k];
    think_prepare(think, 1, 0);
    think_run(think, game, &go, &report, best, ponder, why, sizeof why);
    ck_assert_str_eq(best, tries[k]);
    ck_assert_msg(last_mate == (k == 0) && (k == 1 || last_score < 0), "%s: mate %d score %d",
                  tries[k], last_mate, last_score);
  }
  think_destroy(think);
  game_destroy(game);
  /* janggi itself: the third repetition, after Black's fourth move */
  game = janggi_shuttle(lib, "janggi", NULL, chariots, 8);
  ck_assert_int_ne(game_result(game, reason, sizeof reason), RESULT_NONE);
  ck_assert_str_eq(reason, "Black wins by repetition");
  game_destroy(game);
  /* generals e2e1 e1e2 ... against e9e10 e10e9 ...: no move repetition;
   * the fourth repetition of the start, after 12 plies, by the count
   * (equal material: Black, with the komi) */
  const char *generals[] = {"e2e1", "e9e10", "e1e2", "e10e9"};
  const char *twelve[12];
  for (int i = 0; i < 12; i++) twelve[i] = generals[i % 4];
  game = janggi_shuttle(lib, "janggimodern", NULL, twelve, 11);
  ck_assert_int_eq(game_result(game, reason, sizeof reason), RESULT_NONE);
  ck_assert_int_eq(game_play(game, twelve[11], reason, sizeof reason), 0);
  ck_assert_int_eq(game_result(game, reason, sizeof reason), RESULT_LOSS); /* White to move */
  ck_assert_str_eq(reason, "Black wins by repetition");
  game_destroy(game);
  /* White's first move takes on a2: its fifth move is not yet a loss, its
   * sixth is (the five from a2a1 on); Black's general goes to and fro */
  const char *fen = "r3k4/9/9/9/9/9/9/9/p8/R3K4 w - - 0 1";
  const char *takes[] = {"a1a2", "e10e9", "a2a1", "e9e10", "a1a2", "e10e9",
                         "a2a1", "e9e10", "a1a2", "e10e9", "a2a1"};
  game = janggi_shuttle(lib, "janggimodern", fen, takes, 10);
  ck_assert_int_eq(game_result(game, reason, sizeof reason), RESULT_NONE);
  ck_assert_int_eq(game_play(game, takes[10], reason, sizeof reason), 0);
  ck_assert_int_eq(game_result(game, reason, sizeof reason), RESULT_WIN);
  ck_assert_str_eq(reason, "Black wins by move repetition");
  game_destroy(game);
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("engine_game");
  TCase *tc = tcase_create("game");
  tcase_add_test(tc, moves_are_played_and_undone);
  tcase_add_test(tc, illegal_moves_and_bad_fens_change_nothing);
  tcase_add_test(tc, results_mate_and_repetition);
  tcase_add_test(tc, decided_positions_are_named_by_the_rules);
  tcase_add_test(tc, repetition_off_never_ends_a_game);
  tcase_add_test(tc, perpetual_check_loses_for_the_checking_side);
  tcase_add_test(tc, janggimodern_move_repetition_loses);
  tcase_add_test(tc, perft_and_legal_moves_agree);
  tcase_add_test(tc, minishogi_fourfold_repetition_loses_for_white);
  tcase_add_test(tc, armageddon_repetition_and_stalemate_are_black_wins);
  tcase_add_test(tc, chess_pieces_in_xboard_betza);
  tcase_add_test(tc, think_finds_a_legal_move_and_a_pv);
  suite_add_tcase(suite, tc);
  return suite;
}
