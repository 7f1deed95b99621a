/* test_board_janggi.c — janggi's pass (turn=pass) and bikjang
 * (royal=bikjang) on the shipped variant. Counts are Fairy-Stockfish's
 * (Debian's fairy-stockfish 11.1, `go perft`), on positions where the
 * generals face each other: a pass is then always legal and every other
 * move must break the facing; two facing plies or two passes in a row end
 * the game. The full oracle rows run in the perft suites. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/perft.h"
#include "board/position.h"
#include "board/rules_end.h"
#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

static VariantLibrary *lib;

static Position *variant_at(const char *variant, const char *fen) {
  lib = shipped_library_load();
  return shipped_position(lib, variant, fen);
}

static Position *janggi_at(const char *fen) {
  return variant_at("janggi", fen);
}

static void done(Position *pos) {
  pos_free(pos);
  library_free(lib);
}

START_TEST(facing_generals_match_fairy_stockfish) {
  static const struct {
    const char *fen;
    uint64_t nodes[3];
  } cases[] = {
      {"3k5/9/9/9/9/9/9/9/9/3K5 w - - 0 1", {3, 8, 46}},
      {"4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1", {7, 24, 88}},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    Position *pos = janggi_at(cases[i].fen);
    for (int d = 1; d <= 3; d++) ck_assert_uint_eq(perft(pos, d), cases[i].nodes[d - 1]);
    done(pos);
  }
}
END_TEST

/* Two passes from the start: janggi counts the material (equal, so Black's
 * komi wins it: Fairy-Stockfish scores White to move there as mated), the
 * traditional rules call it drawn. */
START_TEST(two_passes_end_the_game) {
  Position *pos = variant_at(_i ? "janggitraditional" : "janggi", NULL);
  char err[64];
  Undo u1, u2;
  Move pass = move_from_text(pos, "e2e2", err, sizeof err);
  ck_assert_msg(pass != MOVE_NONE_VALUE, "%s", err);
  ck_assert_int_eq(move_kind(pass), MOVE_PASS);
  pos_make_move(pos, pass, &u1);
  MoveList list;
  ck_assert_int_eq(gen_legal_moves(pos, &list), 32); /* Black may pass back */
  pos_make_move(pos, move_from_text(pos, "e9e9", err, sizeof err), &u2);
  ck_assert_int_eq(gen_legal_moves(pos, &list), 0);
  ck_assert_int_eq(pos_game_result(pos, -1), _i ? RESULT_DRAW : RESULT_LOSS);
  pos_unmake_move(pos, &u2);
  pos_unmake_move(pos, &u1);
  ck_assert_int_eq(gen_legal_moves(pos, &list), 32);
  done(pos);
}
END_TEST

/* Janggi's material counting (counting=points: chariot 13, cannon 7, horse
 * 5, elephant and guard 3, soldier 2, Black's komi 1): Black passes while
 * the generals face, the facing stands a second ply, and the game ends. A
 * guard against a soldier (lead 1, not above the komi) loses for White; two
 * guards (lead 4) win. Fairy-Stockfish, `go depth 3` before the pass: mate 1
 * by e10e10 in the first, e10d10 at -2.5 in the second (it will not pass). */
START_TEST(counting_decides_facing_generals) {
  static const struct {
    const char *fen;
    GameResult white_to_move;
  } cases[] = {
      {"4k4/p8/9/9/9/9/9/9/4K4/3A5 b - - 0 1", RESULT_LOSS},
      {"4k4/p8/9/9/9/9/9/9/4K4/3A1A3 b - - 0 1", RESULT_WIN},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    Position *pos = janggi_at(cases[i].fen);
    char err[64];
    Undo u;
    Move pass = move_from_text(pos, "e10e10", err, sizeof err);
    ck_assert_msg(pass != MOVE_NONE_VALUE, "%s", err);
    pos_make_move(pos, pass, &u);
    MoveList list;
    ck_assert_int_eq(gen_legal_moves(pos, &list), 0);
    ck_assert_int_eq(pos_game_result(pos, -1), cases[i].white_to_move);
    pos_unmake_move(pos, &u);
    done(pos);
  }
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_janggi");
  TCase *tc = tcase_create("janggi");
  tcase_add_test(tc, facing_generals_match_fairy_stockfish);
  tcase_add_loop_test(tc, two_passes_end_the_game, 0, 2);
  tcase_add_test(tc, counting_decides_facing_generals);
  suite_add_tcase(suite, tc);
  return suite;
}
