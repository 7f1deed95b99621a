/* test_board_holdings.c — where a captured promoted piece goes: crazyhouse
 * (holding=demote) puts it in hand as the pawn it was, loop and chessgi
 * (plain holding) as the piece it is, as Fairy-Stockfish's dropLoop does;
 * and only crazyhouse marks the promoted piece '~' in its FEN (issue #14:
 * Chimera's hand once fell out of step with cutechess's in chessgi). */
#include <check.h>
#include <string.h>

#include "board/movetext.h"
#include "board/position.h"
#include "shipped_library.h"

Suite *test_suite(void);

static void play(Position *pos, const char *move, Undo *undo) {
  char err[128];
  Move m = move_from_text(pos, move, err, sizeof err);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s: %s", move, err);
  pos_make_move(pos, m, undo);
}

/* b7b8q, then the rook takes the new queen: returns the FEN after each. */
static void promote_and_capture(const char *variant, char *promoted, char *captured) {
  VariantLibrary *lib = shipped_library_load();
  Position *pos = shipped_position(lib, variant, "7r/1P6/8/8/8/8/8/k3K3[] w - - 0 1");
  Undo undo[2];
  play(pos, "b7b8q", &undo[0]);
  pos_get_fen(pos, promoted, 256);
  play(pos, "h8b8", &undo[1]);
  pos_get_fen(pos, captured, 256);
  pos_free(pos);
  library_free(lib);
}

START_TEST(crazyhouse_demotes_a_captured_promoted_piece) {
  char promoted[256], captured[256];
  promote_and_capture("crazyhouse", promoted, captured);
  ck_assert_msg(strstr(promoted, "Q~"), "%s", promoted);
  ck_assert_msg(strstr(captured, "[p]"), "%s", captured);
}
END_TEST

START_TEST(loop_and_chessgi_keep_the_promoted_piece) {
  const char *variants[] = {"loop", "chessgi"};
  for (int i = 0; i < 2; i++) {
    char promoted[256], captured[256];
    promote_and_capture(variants[i], promoted, captured);
    ck_assert_msg(!strchr(promoted, '~'), "%s: %s", variants[i], promoted);
    ck_assert_msg(strstr(captured, "[q]"), "%s: %s", variants[i], captured);
  }
}
END_TEST

Suite *test_suite(void) {
  Suite *s = suite_create("board_holdings");
  TCase *tc = tcase_create("holdings");
  tcase_add_test(tc, crazyhouse_demotes_a_captured_promoted_piece);
  tcase_add_test(tc, loop_and_chessgi_keep_the_promoted_piece);
  suite_add_tcase(s, tc);
  return s;
}
