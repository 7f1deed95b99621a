/* test_mbn_betza.c — `betza:` definitions: XBoard's Betza read as XBoard's
 * move generator reads it (mbn/betza_xboard.c, docs/mbn.md "XBoard Betza
 * input"). Three layers: the squares a `betza:` piece reaches on an empty
 * board equal those of a hand-written MBN piece; move counts on small
 * positions, counted by hand (the comments say how), and chess's perft with
 * an XBoard pawn; and refusals with file:line:col. Before `betza:` existed
 * every definition here was an MBN syntax error.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/perft.h"
#include "board/position.h"
#include "mbn/variant_library.h"
#include "inline_variant.h"
#include "mbn_test_util.h"

Suite *test_suite(void);

/* ---- empty-board reach against hand-written MBN ------------------------- */

/* X=betza:<xboard> and X=<mbn> reach the same squares from a corner, an
 * edge and the middle of a files x ranks board: for White, and for Black too
 * where the piece is left-right symmetric (XBoard turns Black's moves, MBN
 * reflects them; black_is_rotated tests the others). */
static void same_reach(const char *xboard, const char *mbn, int files, int ranks) {
  bool symmetric = !strpbrk(mbn, "lr");
  char defs[4096], error[256] = "";
  snprintf(defs, sizeof defs, "X=betza:%s", xboard);
  Variant *a = mtu_compile(defs, files, ranks, error, sizeof error);
  ck_assert_msg(a != NULL, "betza:%s: %s", xboard, error);
  snprintf(defs, sizeof defs, "X=%s", mbn);
  Variant *b = mtu_compile(defs, files, ranks, error, sizeof error);
  ck_assert_msg(b != NULL, "%s: %s", mbn, error);
  const char *squares[] = {"a1", "d4", "e5", "b7", "h2"};
  for (int c = 0; c < (symmetric ? 2 : 1); c++)
    for (int s = 0; s < 5; s++) {
      char *want = strdup(mtu_reach(b, "X", (Color)c, squares[s]));
      const char *got = mtu_reach(a, "X", (Color)c, squares[s]);
      ck_assert_msg(!strcmp(got, want), "betza:%s vs %s, %s from %s:\n  got  %s\n  want %s", xboard,
                    mbn, c ? "black" : "white", squares[s], got, want);
      free(want);
    }
  mtu_free(a);
  mtu_free(b);
}

/* Atoms and XBoard's own letters: R = W0, B = F0, Q, K; a range limits
 * (XBoard's R3 is MBN's W3, its K2 is W2F2); XBoard's J is (1,3) and L is
 * (2,3), G is (3,3). */
START_TEST(atoms_and_ranges) {
  const char *pairs[][2] = {
      {"W", "W"},   {"F", "F"},   {"D", "D"},     {"N", "N"},     {"A", "A"},   {"H", "H"},
      {"C", "C"},   {"Z", "Z"},   {"G", "T"},     {"J", "C"},     {"L", "Z"},   {"R", "R"},
      {"W0", "R"},  {"B", "B"},   {"F0", "B"},    {"Q", "Q"},     {"K", "K"},   {"N0", "N0"},
      {"R3", "W3"}, {"B2", "F2"}, {"K2", "W2F2"}, {"Q3", "W3F3"}, {"BN", "BN"}, {"RN", "RN"},
  };
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    same_reach(pairs[i][0], pairs[i][1], 9, 9);
}
END_TEST

/* Directions by XBoard's tables: on an oblique atom a single letter is the
 * narrow pair (fN = MBN's fN and ffN: MBN's seventh direction table agrees
 * there), `fh` the four forward ones, `fs` the two forward
 * wide ones, `fr` one move; on K a single letter is the orthogonal step and
 * a pair the diagonal; on W letters add up. */
START_TEST(directions) {
  const char *pairs[][2] = {
      {"fN", "ffN"},     {"bN", "bbN"},     {"fhN", "fN+(fs)N"},
      {"fN", "fN"},      {"lN", "lN"},      {"rC", "rC"},
      {"vN", "vN"},      {"sN", "sN"},      {"fsN", "(fr)N+(fl)N"},
      {"frN", "(fr)N"},  {"rfN", "(rf)N"},  {"fF", "fF"},
      {"frF", "(fr)F"},  {"fW", "fW"},      {"frW", "fW+rW"},
      {"vW", "vW"},      {"sR", "sR"},      {"fR", "fR"},
      {"fK", "fW"},      {"frK", "(fr)F"},  {"fsK", "fF"},
      {"fKbF", "fW+bF"}, {"fBbR", "fB+bR"}, {"hrN", "(rf)N+(br)N+(lb)N+(fl)N"},
  };
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    same_reach(pairs[i][0], pairs[i][1], 9, 9);
}
END_TEST

/* Modes, the pawn, hoppers and the XBoard forms of several legs. */
START_TEST(modes_hoppers_and_legs) {
  const char *pairs[][2] = {
      {"mRcB", "mR+cB"},
      {"fmWfceFifmnD", "mfW+cefF+imefW02"},
      {"mRcpR", "mR+cpR"},
      {"pR", "pR"},
      {"gQ", "(jyR-W)+(jyB-F)"},
      {"cafmF", "cF-mF"},
      {"nN", "W-F"},
      {"mafsW", "W-F"},
      {"KaK", "K+(mK--K)"},
      {"oN", "oN"},
      {"oR", "oR"},
      {"moWcoF", "moW+coF"},
  };
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    same_reach(pairs[i][0], pairs[i][1], 9, 9);
}
END_TEST

/* XBoard turns Black's moves by 180 degrees, MBN reflects them: a piece
 * that steps left (White: d4-c4) steps to Black's left (d4-e4) as Black,
 * where MBN's lW steps to c4 for both. */
START_TEST(black_is_rotated) {
  char error[256] = "";
  Variant *v = mtu_compile("X=betza:lW Y=lW", 8, 8, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  ck_assert_str_eq(mtu_reach(v, "X", WHITE, "d4"), "c4:mc");
  ck_assert_str_eq(mtu_reach(v, "X", BLACK, "d4"), "e4:mc");
  ck_assert_str_eq(mtu_reach(v, "Y", BLACK, "d4"), "c4:mc");
  mtu_free(v);
  /* a black definition of its own is turned as well */
  v = mtu_compile("X=W x=betza:frN", 8, 8, error, sizeof error);
  ck_assert_msg(v != NULL, "%s", error);
  ck_assert_str_eq(mtu_reach(v, "X", BLACK, "d4"), "b3:mc");
  mtu_free(v);
}
END_TEST

/* ---- on a board ---------------------------------------------------------- */

static int count_from(const char *pieces, const char *fen, const char *from) {
  VariantLibrary *lib;
  char out[1024];
  Position *pos = iv_position_ok(pieces, fen, &lib);
  int n = iv_moves_from(pos, from, out, sizeof out);
  iv_done(pos, lib);
  return n;
}

/* A knight on d4 has its 8 leaps; the rook (R, or W0) on d4 with a friend
 * on d6 and an enemy on f4: d5, d3 d2 d1, e4 f4, c4 b4 a4 = 9. */
START_TEST(knight_and_rook) {
  ck_assert_int_eq(count_from("K X=betza:N", "7k/8/8/8/3X4/8/8/K7 w - - 0 1", "d4"), 8);
  const char *fen = "7k/8/3N4/8/3X1n2/8/8/K7 w - - 0 1";
  ck_assert_int_eq(count_from("K N X=betza:R", fen, "d4"), 9);
  ck_assert_int_eq(count_from("K N X=betza:W0", fen, "d4"), 9);
  ck_assert_int_eq(count_from("K N X=R", fen, "d4"), 9);
}
END_TEST

/* XBoard's nN is the xiangqi horse: blocked by the piece next to it
 * orthogonally. With a black n on d5 the X on d4 loses c6 and e6 (6 left);
 * MBN's nN may go round by the diagonal (c5, e5) and keeps all 8. */
START_TEST(lame_knight) {
  const char *fen = "7k/8/8/3n4/3X4/8/8/K7 w - - 0 1";
  ck_assert_int_eq(count_from("K N X=betza:nN", fen, "d4"), 6);
  ck_assert_int_eq(count_from("K N X=nN", fen, "d4"), 8);
}
END_TEST

/* The XBoard pawn fmWfceFifmnD in chess: perft from the start equals
 * chess's (20, 400, 8902; Black's pawns are White's turned), and its double
 * step can be taken e.p.: after d7-d5 beside the P on e5, White has K e1's
 * 5 steps, e6 and exd6 e.p. (7; the p on e7 blocks e5-e7, which the setup
 * would allow: XBoard's i, like MBN's, counts from the setup's squares). */
START_TEST(xboard_pawn) {
  VariantLibrary *lib;
  Position *pos = iv_position_ok("K Q R B N P=betza:fmWfceFifmnD",
                                 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", &lib);
  ck_assert_uint_eq(perft(pos, 1), 20);
  ck_assert_uint_eq(perft(pos, 2), 400);
  ck_assert_uint_eq(perft(pos, 3), 8902);
  iv_done(pos, lib);
  pos = iv_position_ok("K P=betza:fmWfceFifmnD", "4k3/3pp3/8/4P3/8/8/8/4K3 b - - 0 1", &lib);
  char err[128], out[512];
  Move m = move_from_text(pos, "d7d5", err, sizeof err);
  ck_assert_msg(m != MOVE_NONE, "%s", err);
  Undo undo;
  pos_make_move(pos, m, &undo);
  ck_assert_uint_eq(perft(pos, 1), 7);
  ck_assert_int_eq(iv_moves_from(pos, "e5", out, sizeof out), 2);
  ck_assert_msg(strstr(out, "e5d6") != NULL, "%s", out);
  iv_done(pos, lib);
}
END_TEST

/* Hoppers on d4. Black n d5, p d7; White N d2. The cannon mRcpR: up only
 * the capture d7 over d5; down d3 (d1 beyond d2 is empty: no capture);
 * left 3 and right 4 plain moves: 9. XBoard's pR (modes m and c after the
 * hurdle): d6 and d7 over d5, d1 over d2: 3. XBoard's gQ: over d5 to d6,
 * over d2 to d1, nothing else to jump: 2. */
START_TEST(hoppers) {
  const char *fen = "7k/3p4/8/3n4/3X4/8/3N4/K7 w - - 0 1";
  ck_assert_int_eq(count_from("K N P X=betza:mRcpR", fen, "d4"), 9);
  ck_assert_int_eq(count_from("K N P X=mR+cpR", fen, "d4"), 9);
  ck_assert_int_eq(count_from("K N P X=betza:pR", fen, "d4"), 3);
  ck_assert_int_eq(count_from("K N P X=betza:gQ", fen, "d4"), 2);
}
END_TEST

/* XBoard's `a` (another leg). The checker capture cafmF on d4 takes the n
 * on e5 and lands on f6; the n on c5 is covered by a p on b6: 1 move. KaK
 * (a king step, or two through an empty square, never straight back)
 * reaches the 24 squares of the 5x5 square round d4; with a friend on d5,
 * d5 itself is lost (d6 is still reached by c5 or e5): 23. */
START_TEST(several_legs) {
  ck_assert_int_eq(count_from("K N P X=betza:cafmF", "7k/8/1p6/2n1n3/3X4/8/8/K7 w - - 0 1", "d4"),
                   1);
  ck_assert_int_eq(count_from("K X=betza:KaK", "7k/8/8/8/3X4/8/8/K7 w - - 0 1", "d4"), 24);
  ck_assert_int_eq(count_from("K N X=betza:KaK", "7k/8/8/3N4/3X4/8/8/K7 w - - 0 1", "d4"), 23);
}
END_TEST

/* XBoard's cylinder o: the rook on d4 with a friend on b4 goes right e4-h4
 * and on round to a4 (5), left only to c4, up 4 and down 3: 13, where the
 * plain rook has 12. A p before 'a' passes over a piece: paW on d4 with
 * an n on d5 lands on d6, c5 or e5 (the second leg goes straight on or
 * turns 90 degrees): 3. */
START_TEST(cylinder_and_passing) {
  const char *fen = "7k/8/8/8/1N1X4/8/8/K7 w - - 0 1";
  ck_assert_int_eq(count_from("K N X=betza:oR", fen, "d4"), 13);
  ck_assert_int_eq(count_from("K N X=betza:R", fen, "d4"), 12);
  ck_assert_int_eq(count_from("K N X=betza:paW", "7k/8/8/3n4/3X4/8/8/K7 w - - 0 1", "d4"), 3);
}
END_TEST

/* y before 'a' turns the later legs' leaper into a slider: XBoard's
 * Griffon FyafsF (an F step, or an F step to an empty square and on as a
 * rook turned 45 degrees outwards) on d4 of an empty board: c3 e3 c5 e5,
 * then from e5 e6-e8 and f5-h5 (6), from c5 c6-c8 and b5 a5 (5), from e3
 * e2 e1 and f3-h3 (5), from c3 c2 c1 and b3 a3 (4): 24. An n on e5 is
 * taken, but stops the 6 slides beyond it: 18. */
START_TEST(griffon) {
  ck_assert_int_eq(count_from("K N X=betza:FyafsF", "7k/8/8/8/3X4/8/8/K7 w - - 0 1", "d4"), 24);
  ck_assert_int_eq(count_from("K N X=betza:FyafsF", "7k/8/8/4n3/3X4/8/8/K7 w - - 0 1", "d4"), 18);
}
END_TEST

/* ---- refusals ------------------------------------------------------------ */

/* The first diagnostic of a variant whose pieces line is `pieces` (line 4,
 * the value starting at column 10). */
static void expect_error(const char *pieces, const char *where, const char *words) {
  char text[1024];
  snprintf(text, sizeof text, "[v]\nboard = 8x8\nsetup = 8/8/8/8/8/8/8/K7 w - - 0 1\npieces = %s\n",
           pieces);
  VariantDiagnostics diags = {0};
  VariantLibrary *lib = library_new();
  library_add_text(lib, "v.var", text, &diags);
  library_compile(lib, &diags);
  ck_assert_msg(diags.count > 0, "%s: no error", pieces);
  ck_assert_msg(strstr(diags.items[0], where) && strstr(diags.items[0], words),
                "%s: expected %s ... %s, got %s", pieces, where, words, diags.items[0]);
  variant_diag_free(&diags);
  library_free(lib);
}

START_TEST(unsupported_constructs_are_refused_by_name) {
  /* "pieces = K X=betza:" puts the XBoard text at column 20 */
  expect_error("K X=betza:fxW", "v.var:4:21:", "'x'");
  expect_error("K X=betza:WW", "v.var:4:20:", "doubled atom 'WW'");
  expect_error("K X=betza:O2", "v.var:4:20:", "'O'");
  expect_error("K X=betza:oafW", "v.var:4:20:", "'o' in a move of several legs");
  expect_error("K X=betza:opR", "v.var:4:21:", "'p' is out of xboard's order");
  expect_error("K X=betza:yF", "v.var:4:20:", "'y' without a later leg");
  expect_error("K X=betza:gafgR", "v.var:4:23:", "'g' in a move of several legs");
  expect_error("K X=betza:NaN", "v.var:4:22:", "oblique atom N");
  expect_error("K X=betza:pN", "v.var:4:20:", "'p' on a leaper");
  expect_error("K X=betza:cmW", "v.var:4:21:", "out of xboard's order");
  expect_error("K X=betza:fsF", "v.var:4:20:", "select no move of F");
  expect_error("K X=betza:nW", "v.var:4:20:", "'n' on W");
  expect_error("K X=betza:fm", "v.var:4:20:", "expected an atom");
  expect_error("K @Y=betza:W X=Y", "v.var:4:15:", "piece definitions only");
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("mbn_betza");
  TCase *tc = tcase_create("betza");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, atoms_and_ranges);
  tcase_add_test(tc, directions);
  tcase_add_test(tc, modes_hoppers_and_legs);
  tcase_add_test(tc, black_is_rotated);
  tcase_add_test(tc, knight_and_rook);
  tcase_add_test(tc, lame_knight);
  tcase_add_test(tc, xboard_pawn);
  tcase_add_test(tc, hoppers);
  tcase_add_test(tc, several_legs);
  tcase_add_test(tc, cylinder_and_passing);
  tcase_add_test(tc, griffon);
  tcase_add_test(tc, unsupported_constructs_are_refused_by_name);
  suite_add_tcase(suite, tc);
  return suite;
}
