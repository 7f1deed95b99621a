/* test_board_setup_operator.c — MBN's setup operator `!` (§6, docs/mbn.md
 * decision 34): a capture after which the piece stands back on the square
 * the leg started from. The text's own example Q=mQ-{!cK} (capture by
 * approach: a queen move, then, where possible, the capture one step further
 * on and the step back) and a capture without moving (K+!cR), counted by
 * hand; make/unmake and move text; the refusals. */
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

/* X=mQ-{!cK} on d4, Black's Z on d7, kings a1 and f8. By hand: north d5
 * (d6 beyond is empty: nothing to take) and d6, from where the step on
 * takes d7 and comes back, so the move is d4d7d6 (written from, the square
 * taken, to) and a plain d4d6 is not a move (the {..} leg must be taken
 * where it can); south d3 d2 d1, east e4..h4, west c4 b4 a4, the diagonals
 * e5 f6 g7 h8, c5 b6 a7, e3 f2 g1, c3 b2 (a1 is White's king): 24; the
 * king a2 b1 b2: 27. */
START_TEST(capture_by_approach_from_the_text) {
  VariantLibrary *lib;
  char error[512];
  Position *pos =
      iv_x_position("mQ-{!cK}", "5k2/3z4/8/8/3X4/8/8/K7 w - - 0 1", &lib, error, sizeof error);
  ck_assert_msg(pos != NULL, "%s", error);
  char texts[2048];
  iv_legal_texts(pos, texts, sizeof texts);
  ck_assert_str_eq(texts, "a1a2 a1b1 a1b2 d4a4 d4a7 d4b2 d4b4 d4b6 d4c3 d4c4 d4c5 d4d1 d4d2 d4d3 "
                          "d4d5 d4d7d6 d4e3 d4e4 d4e5 d4f2 d4f4 d4f6 d4g1 d4g4 d4g7 d4h4 d4h8");
  iv_make_check(pos, "d4d7d6", "5k2/8/3X4/8/8/8/8/K7 b - - 0 1");
  pos_free(pos);
  library_free(lib);
}
END_TEST

/* X=mK+!cR on d4, Black's Zs on d7 and g4: the king's eight steps and two
 * captures without moving, d4d7d4 and d4g4d4 (the rook's line to each
 * victim is open); with the king's three: 13. After d4g4d4 the X still
 * stands on d4 and g4 is empty. */
START_TEST(capture_without_moving) {
  VariantLibrary *lib;
  char error[512];
  Position *pos =
      iv_x_position("mK+!cR", "5k2/3z4/8/8/3X2z1/8/8/K7 w - - 0 1", &lib, error, sizeof error);
  ck_assert_msg(pos != NULL, "%s", error);
  char texts[2048];
  iv_legal_texts(pos, texts, sizeof texts);
  ck_assert_str_eq(texts, "a1a2 a1b1 a1b2 d4c3 d4c4 d4c5 d4d3 d4d5 d4d7d4 d4e3 d4e4 d4e5 d4g4d4");
  iv_make_check(pos, "d4g4d4", "5k2/3z4/8/8/3X4/8/8/K7 b - - 0 1");
  pos_free(pos);
  library_free(lib);
}
END_TEST

/* The walker alone (no bitboards) counts the same to depth 3, with Black's
 * own X moving too. */
START_TEST(walker_alone_counts_the_same) {
  const char *fens[] = {"5k2/3z4/2x5/8/3X4/8/8/K7 w - - 0 1",
                        "5k2/3z4/8/2x5/3X2z1/8/8/K7 w - - 0 1"};
  const char *pieces[] = {"mQ-{!cK}", "mK+!cR"};
  for (int i = 0; i < 2; i++) {
    uint64_t counts[2];
    for (int walker = 0; walker < 2; walker++) {
      if (walker) setenv("CHIMERA_NO_BITBOARDS", "1", 1);
      VariantLibrary *lib;
      char error[512];
      Position *pos = iv_x_position(pieces[i], fens[i], &lib, error, sizeof error);
      ck_assert_msg(pos != NULL, "%s", error);
      counts[walker] = perft(pos, 3);
      pos_free(pos);
      library_free(lib);
      unsetenv("CHIMERA_NO_BITBOARDS");
    }
    ck_assert_uint_eq(counts[0], counts[1]);
    ck_assert_uint_gt(counts[0], 0);
  }
}
END_TEST

/* What the operator is not defined on here is refused by name: a quiet
 * step and back (a null move), and more than one leg. */
START_TEST(refusals_name_the_operator) {
  const char *cases[][2] = {
      {"!K", "the setup operator '!' is supported on captures only"},
      {"!(cK-tK)", "the setup operator '!' is supported on one leg only"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    VariantLibrary *lib;
    char error[512];
    Position *pos =
        iv_x_position(cases[i][0], "5k2/8/8/8/3X4/8/8/K7 w - - 0 1", &lib, error, sizeof error);
    ck_assert_msg(pos == NULL, "%s: accepted", cases[i][0]);
    ck_assert_msg(strstr(error, cases[i][1]), "%s: %s", cases[i][0], error);
    library_free(lib);
  }
}
END_TEST

Suite *test_suite(void) {
  Suite *s = suite_create("board_setup_operator");
  TCase *tc = tcase_create("setup");
  tcase_add_test(tc, capture_by_approach_from_the_text);
  tcase_add_test(tc, capture_without_moving);
  tcase_add_test(tc, walker_alone_counts_the_same);
  tcase_add_test(tc, refusals_name_the_operator);
  suite_add_tcase(s, tc);
  return s;
}
