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
#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

static VariantLibrary *lib;

static Position *janggi_at(const char *fen) {
  lib = shipped_library_load();
  return shipped_position(lib, "janggi", fen);
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

START_TEST(two_passes_end_the_game) {
  Position *pos = janggi_at(NULL);
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
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_DRAW);
  pos_unmake_move(pos, &u2);
  pos_unmake_move(pos, &u1);
  ck_assert_int_eq(gen_legal_moves(pos, &list), 32);
  done(pos);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_janggi");
  TCase *tc = tcase_create("janggi");
  tcase_add_test(tc, facing_generals_match_fairy_stockfish);
  tcase_add_test(tc, two_passes_end_the_game);
  suite_add_tcase(suite, tc);
  return suite;
}
