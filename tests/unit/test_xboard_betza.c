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
static void check_betza_side(int files, int ranks, const char *pieces, const char *fen,
                             const char *letter, Color colour, const char *expected,
                             int expected_status) {
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
  int status = xboard_setup_betza(&variant, type, colour, text, sizeof text);
  ck_assert_msg(!strcmp(text, expected) && status == expected_status,
                "%s (%s) in '%s': got '%s' (%d), expected '%s' (%d)", letter,
                colour == WHITE ? "White" : "Black", pieces, text, status, expected,
                expected_status);
  mbn_diagnostics_free(&diags);
  variant_free(&variant);
}

static void check_betza_fen(int files, int ranks, const char *pieces, const char *fen,
                            const char *letter, const char *expected, int expected_status) {
  check_betza_side(files, ranks, pieces, fen, letter, WHITE, expected, expected_status);
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
  check_betza(8, 8, "K G=(jyR-W)+(jyB-F)", "G", "gRgB", 0);         /* grasshopper */
  check_betza(9, 10, "K B=F-F[1-5]", "B", "", XB_BETZA_INCOMPLETE); /* zone: cannot say */
}
END_TEST

/* XBoard turns Black's moves by 180 degrees, MBN reflects them top to
 * bottom: Black's text is the same for a piece symmetric left and right, and
 * the mirror image for one that is not (the audit's X=rW+lF: XBoard read
 * "rWlF" for Black as c4 e3 e5 from d4; Chimera plays c3 e4 c5). */
START_TEST(black_text_is_black_seen_from_its_side) {
  check_betza_side(8, 8, "K Q R B N P", CHESS_FEN, "P", BLACK, "fmWfceFifmnD", 0);
  check_betza_side(8, 8, "K Q R B N P", CHESS_FEN, "N", BLACK, "N", 0);
  check_betza_side(8, 8, "K X=rW+lF", NULL, "X", WHITE, "rWlF", 0);
  check_betza_side(8, 8, "K X=rW+lF", NULL, "X", BLACK, "lWrF", 0);
  /* A piece whose Black moves are defined on their own (Tori shogi's left
   * quail): Black's own text, from Black's side. */
  check_betza_side(7, 7, "K L=fR+(rb)B+(lb)F l=fR+(lb)B+(rb)F", NULL, "L", WHITE, "fRbrBblF", 0);
  check_betza_side(7, 7, "K L=fR+(rb)B+(lb)F l=fR+(lb)B+(rb)F", NULL, "L", BLACK, "fRbrBblF", 0);
}
END_TEST

/* Texts XBoard reads more widely than the piece moves are flagged. */
START_TEST(wider_texts_are_flagged) {
  /* Doublearmy: pawns on ranks 2 and 4, the double step from rank 2 only;
   * XBoard's i lets every unmoved pawn double-step. */
  const char *doublearmy =
      "rnbqkbnr/pppppppp/rnbqcbnr/pppppppp/PPPPPPPP/RNBQCBNR/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  check_betza_side(8, 8, "K Q R B N P C=WF", doublearmy, "P", WHITE, "fmWfceFifmnD",
                   XB_BETZA_WIDER);
  check_betza_side(8, 8, "K Q R B N P C=WF", doublearmy, "P", BLACK, "fmWfceFifmnD",
                   XB_BETZA_WIDER);
  /* Omega's triple step: XBoard tests only the first square passed. */
  check_betza_fen(12, 12, "K P=mfW+cefF+[3]mefW02+[3]mefW03",
                  "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/"
                  "*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1",
                  "P", "fmWfceFifmnDifmnH", XB_BETZA_WIDER);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("xboard_betza");
  TCase *tc = tcase_create("betza");
  tcase_add_test(tc, orthodox_pieces);
  tcase_add_test(tc, compound_and_short_range_pieces);
  tcase_add_test(tc, cannon_and_lame_leaper);
  tcase_add_test(tc, black_text_is_black_seen_from_its_side);
  tcase_add_test(tc, wider_texts_are_flagged);
  suite_add_tcase(suite, tc);
  return suite;
}
