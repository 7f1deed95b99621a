/* test_board_kyotoshogi.c — promotion=demote and drop=promoted on the
 * shipped kyotoshogi: every move flips a piece, drops go either side up, and
 * the move text is Fairy-Stockfish's (e4b1-, +P@c2, b1a2+). The board after
 * those moves is the one Debian's fairy-stockfish 11.1 prints; the counts
 * are checked by the perft suites. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

START_TEST(pieces_flip_and_drop_either_side_up) {
  VariantLibrary *lib = shipped_library_load();
  Position *pos = shipped_position(lib, "kyotoshogi", NULL);
  char err[256] = "";
  const char *start = "4+l/1n1+N+s/Sk3/3K1/+L4[Pp] b - - 0 7";
  ck_assert_msg(pos_set_fen(pos, start, err, sizeof err), "%s", err);
  static const char *const moves[] = {"e4b1-", "+P@c2", "b1a2+"};
  Undo undo[3];
  for (int i = 0; i < 3; i++) {
    Move m = move_from_text(pos, moves[i], err, sizeof err);
    ck_assert_msg(m != MOVE_NONE_VALUE, "%s: %s", moves[i], err);
    pos_make_move(pos, m, &undo[i]);
  }
  char fen[256];
  pos_get_fen(pos, fen, sizeof fen);
  const char *want = "4+l/1n1+N1/Sk3/+s1+PK1/+L4[p] w";
  ck_assert_msg(!strncmp(fen, want, strlen(want)), "got %s", fen);
  for (int i = 2; i >= 0; i--) pos_unmake_move(pos, &undo[i]);
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_msg(!strncmp(fen, "4+l/1n1+N+s/Sk3/3K1/+L4[Pp] b", 29), "got %s", fen);
  pos_free(pos);
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_kyotoshogi");
  TCase *tc = tcase_create("kyotoshogi");
  tcase_add_test(tc, pieces_flip_and_drop_either_side_up);
  suite_add_tcase(suite, tc);
  return suite;
}
