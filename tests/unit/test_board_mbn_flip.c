/* test_board_mbn_flip.c — MBN's x (flip an enemy piece to a friendly one), xx
 * (a friendly one to an enemy) and xy (any, docs/mbn.md decision 35): the
 * flipped piece keeps its square and the mover stands back where the leg
 * started; a royal is never flipped. Moves counted by hand, make/unmake,
 * move text, the walker alone against the bitboards. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/perft.h"
#include "board/position.h"
#include "board/tables.h"
#include "mbn/variant_library.h"
#include "inline_variant.h"

Suite *test_suite(void);

/* X=mK+xK on d4; Black's king c5 and Zs d5 e4; White's king a1. By hand:
 * X steps to the empty c3 d3 e3 c4 e5, flips d5 and e4 standing on d4
 * (written from, the square flipped, to: d4~d5d4, d4~e4d4), and does not
 * flip the king on c5; the king a2 b1 b2: 10. */
START_TEST(flips_counted_by_hand) {
  VariantLibrary *lib;
  char error[512];
  Position *pos =
      iv_x_position("mK+xK", "8/8/8/2kz4/3Xz3/8/8/K7 w - - 0 1", &lib, error, sizeof error);
  ck_assert_msg(pos != NULL, "%s", error);
  char texts[2048];
  iv_legal_texts(pos, texts, sizeof texts);
  ck_assert_str_eq(texts, "a1a2 a1b1 a1b2 d4c3 d4c4 d4d3 d4e3 d4e5 d4~d5d4 d4~e4d4");
  Move m = iv_make_check(pos, "d4~e4d4", "8/8/8/2kz4/3XZ3/8/8/K7 b - - 1 1");
  ck_assert(!pos_is_capture(pos, m));
  pos_free(pos);
  library_free(lib);
}
END_TEST

/* (A flip is not a capture: the halfmove clock goes on.) xx flips a
 * friendly piece to the enemy: X=xxK on d4 beside White's Z on
 * e4; with the king's three and the Z's step e4e5: 5 moves. */
START_TEST(xx_flips_a_friend) {
  VariantLibrary *lib;
  char error[512];
  Position *pos =
      iv_x_position("xxK", "4k3/8/8/8/3XZ3/8/8/K7 w - - 0 1", &lib, error, sizeof error);
  ck_assert_msg(pos != NULL, "%s", error);
  char texts[2048];
  iv_legal_texts(pos, texts, sizeof texts);
  ck_assert_str_eq(texts, "a1a2 a1b1 a1b2 d4~e4d4 e4e5");
  iv_make_check(pos, "d4~e4d4", "4k3/8/8/8/3Xz3/8/8/K7 b - - 1 1");
  pos_free(pos);
  library_free(lib);
}
END_TEST

/* A piece that may both take a piece without moving (!cK, decision 34) and
 * flip it (xK): X on d4, Black's Z on e5. By hand: the king a2 b1 b2; X
 * steps to c3 c4 c5 d3 d5 e3 e4, takes e5 standing on d4 (d4e5d4) and flips
 * it (d4~e5d4): 12 moves, each text read back as its own move. */
START_TEST(a_capture_and_a_flip_of_one_square_differ) {
  VariantLibrary *lib;
  char error[512];
  Position *pos =
      iv_x_position("mK+!cK+xK", "4k3/8/8/4z3/3X4/8/8/K7 w - - 0 1", &lib, error, sizeof error);
  ck_assert_msg(pos != NULL, "%s", error);
  char texts[2048];
  iv_legal_texts(pos, texts, sizeof texts);
  ck_assert_str_eq(texts, "a1a2 a1b1 a1b2 d4c3 d4c4 d4c5 d4d3 d4d5 d4e3 d4e4 d4e5d4 d4~e5d4");
  iv_make_check(pos, "d4e5d4", "4k3/8/8/8/3X4/8/8/K7 b - - 0 1");
  iv_make_check(pos, "d4~e5d4", "4k3/8/8/4Z3/3X4/8/8/K7 b - - 1 1");
  pos_free(pos);
  library_free(lib);
}
END_TEST

/* The walker alone (no bitboards) counts the same to depth 4, Black's own
 * X flipping back. */
START_TEST(walker_alone_counts_the_same) {
  const char *fen = "8/2x5/3k4/3z4/3Xz3/8/8/K7 w - - 0 1";
  uint64_t counts[2];
  for (int walker = 0; walker < 2; walker++) {
    if (walker) setenv("CHIMERA_NO_BITBOARDS", "1", 1);
    VariantLibrary *lib;
    char error[512];
    Position *pos = iv_x_position("mK+xK", fen, &lib, error, sizeof error);
    ck_assert_msg(pos != NULL, "%s", error);
    counts[walker] = perft(pos, 4);
    pos_free(pos);
    library_free(lib);
    unsetenv("CHIMERA_NO_BITBOARDS");
  }
  ck_assert_uint_eq(counts[0], counts[1]);
  ck_assert_uint_gt(counts[0], 0);
}
END_TEST

Suite *test_suite(void) {
  Suite *s = suite_create("board_flip");
  TCase *tc = tcase_create("flip");
  tcase_add_test(tc, flips_counted_by_hand);
  tcase_add_test(tc, xx_flips_a_friend);
  tcase_add_test(tc, a_capture_and_a_flip_of_one_square_differ);
  tcase_add_test(tc, walker_alone_counts_the_same);
  suite_add_tcase(s, tc);
  return s;
}
