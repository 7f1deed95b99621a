/* test_xboard_betza.c — pieces compiled by the real MBN compiler, described
 * in XBoard's Betza dialect as XBoard's own parser reads it (moves.c). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/xboard_setup.h"
#include "mbn/mbn.h"

Suite *test_suite(void);

/* Compiles the pieces on a files x ranks board and checks one piece's text. */
static void check_betza_fen(int files, int ranks, const char *pieces, const char *fen,
                            const char *letter, const char *expected, int expected_status) {
  static Variant variant;
  memset(&variant, 0, sizeof variant);
  variant.shape.files = files, variant.shape.ranks = ranks, variant.shape.levels = 1;
  if (fen) variant.start_fen = strdup(fen); /* freed by variant_free */
  MbnDiagnostics diags = {0};
  MbnSourcePos where = {"<test>", 1, 1};
  bool ok = mbn_compile_pieces(&variant, pieces, where, &diags);
  if (!ok) mbn_diagnostics_print(&diags, stderr);
  ck_assert_msg(ok, "compiling '%s'", pieces);
  int type = mbn_find_piece(&variant, letter);
  ck_assert_int_ge(type, 0);
  char text[512];
  int status = xboard_setup_betza(&variant, type, text, sizeof text);
  ck_assert_msg(!strcmp(text, expected) && status == expected_status,
                "%s in '%s': got '%s' (%d), expected '%s' (%d)", letter, pieces, text, status,
                expected, expected_status);
  mbn_diagnostics_free(&diags);
  variant_free(&variant);
}

static void check_betza(int files, int ranks, const char *pieces, const char *letter,
                        const char *expected, int expected_status) {
  check_betza_fen(files, ranks, pieces, NULL, letter, expected, expected_status);
}

static const char CHESS_FEN[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

START_TEST(orthodox_pieces) {
  const char *chess = "K Q R B N P";
  check_betza(8, 8, chess, "N", "N", 0);
  check_betza(8, 8, chess, "R", "R", 0);
  check_betza(8, 8, chess, "B", "B", 0);
  check_betza(8, 8, chess, "Q", "RB", 0);
}
END_TEST

START_TEST(compound_and_short_range_pieces) {
  check_betza(10, 8, "K A=BN C=RN", "A", "BN", 0);
  check_betza(10, 8, "K A=BN C=RN", "C", "RN", 0);
  check_betza(8, 8, "K F A", "F", "F", 0);
  check_betza(8, 8, "K F A", "A", "A", 0);
  check_betza(8, 8, "K X=fmW", "X", "fmW", 0);
  check_betza(8, 8, "K X=W3", "X", "W3", 0);
}
END_TEST

START_TEST(cannon_and_lame_leaper) {
  check_betza(9, 10, "K C=mR+cpR", "C", "mRcpR", 0);
  /* The double step from White's first ranks is XBoard's i for a pawn that
   * starts on rank 2. */
  check_betza_fen(8, 8, "K Q R B N P", CHESS_FEN, "P", "fmWfceFifmnD", 0);
  check_betza(8, 8, "K Q R B N P", "P", "fmWfceFifmnD", 0); /* home ranks alone */
  /* Pawns that start on rank 3 never use a double step from ranks 1-2. */
  check_betza_fen(8, 8, "K P", "lhafkahl/8/pppppppp/8/8/PPPPPPPP/8/LHAFKAHL w - - 0 1", "P",
                  "fmWfceF", 0);
  /* Grand chess: pawns on rank 3 double-step from there. */
  check_betza_fen(10, 10, "K P=mfW+cefF+[3]mefW02",
                  "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1", "P",
                  "fmWfceFifmnD", 0);
  check_betza(9, 10, "K N=W-fF", "N", "nN", 0);
  check_betza(8, 8, "K G=(jyR-W)+(jyB-F)", "G", "gRgB", 0); /* grasshopper */
  check_betza(9, 10, "K B=F-F[1-5]", "B", "", -1);          /* zone: XBoard cannot say */
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("xboard_betza");
  TCase *tc = tcase_create("betza");
  tcase_add_test(tc, orthodox_pieces);
  tcase_add_test(tc, compound_and_short_range_pieces);
  tcase_add_test(tc, cannon_and_lame_leaper);
  suite_add_tcase(suite, tc);
  return suite;
}
