/* test_board_mbn_flags.c — MBN's k (a move that may not give check), kk
 * (check but not mate) and # (a capture that decides the game) played on a
 * board (docs/mbn.md, decisions 26, 27 and 28). Before, the board refused
 * them (k and #: "not implemented by the move generator"; kk: "not
 * supported"), so every test here failed to load its variant.
 * Expected counts are by hand; the comments say how.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/perft.h"
#include "board/position.h"
#include "board/rules_end.h"
#include "mbn/variant_library.h"
#include "search/search.h"
#include "search/score.h"

#include "inline_variant.h"

Suite *test_suite(void);

static bool has(const char *list, const char *move) {
  char key[16];
  snprintf(key, sizeof key, "%s ", move);
  return strstr(list, key) != NULL;
}

/* The moves of the piece on `from` with these pieces on this FEN, into out. */
static int moves_with(const char *pieces, const char *fen, const char *from, char *out,
                      size_t outlen) {
  VariantLibrary *lib;
  Position *pos = iv_position_ok(pieces, fen, &lib);
  int n = iv_moves_from(pos, from, out, outlen);
  iv_done(pos, lib);
  return n;
}

/* White kQ on d4, K a1, Black k h7 (not in check). The queen has 26 moves:
 * 7 on the d-file, 7 on the 4th rank, 6 on a1-h8 (b2 c3 e5 f6 g7 h8) and 6
 * on a7-g1. Seven of them would check h7: d7 and a7 along the 7th rank, d3
 * and e4 on the b1-h7 diagonal, h4 up the h-file, g7 and h8 next to it.
 * 19 are left, 22 with the K's a2 b1 b2; a plain Q has all 26 (29). */
static const char *fen_kq = "8/7k/8/8/3X4/8/8/K7 w - - 0 1";

START_TEST(no_check_queen_leaves_out_its_checks) {
  VariantLibrary *lib;
  char out[512];
  Position *pos = iv_position_ok("K X=kQ", fen_kq, &lib);
  ck_assert_int_eq(iv_moves_from(pos, "d4", out, sizeof out), 19);
  const char *checks[] = {"d4d7", "d4a7", "d4d3", "d4e4", "d4h4", "d4g7", "d4h8"};
  for (int i = 0; i < 7; i++) ck_assert_msg(!has(out, checks[i]), "%s in %s", checks[i], out);
  ck_assert_msg(has(out, "d4d8") && has(out, "d4b2") && has(out, "d4g1"), "%s", out);
  ck_assert_uint_eq(perft(pos, 1), 22);
  iv_done(pos, lib);
  pos = iv_position_ok("K X=Q", fen_kq, &lib);
  ck_assert_int_eq(iv_moves_from(pos, "d4", out, sizeof out), 26);
  ck_assert_uint_eq(perft(pos, 1), 29);
  iv_done(pos, lib);
}
END_TEST

/* kQ+K: the King's steps are free of k, so d4e4 and d4d3 (checks on the
 * b1-h7 diagonal, reached by a K step too) come back: 19 + 2. d4d7, d4h4
 * and the others are only queen moves and stay out. */
START_TEST(a_path_without_k_frees_the_move) {
  VariantLibrary *lib;
  char out[512];
  Position *pos = iv_position_ok("K X=kQ+K", fen_kq, &lib);
  ck_assert_int_eq(iv_moves_from(pos, "d4", out, sizeof out), 21);
  ck_assert_msg(has(out, "d4e4") && has(out, "d4d3"), "%s", out);
  ck_assert_msg(!has(out, "d4d7") && !has(out, "d4h4") && !has(out, "d4g7"), "%s", out);
  iv_done(pos, lib);
}
END_TEST

/* A kN on d4 shields Black's k on d8 from the R on d1: each of its eight
 * leaps leaves the d-file and uncovers a check, so it has no move at all;
 * a plain N has all eight. */
START_TEST(a_discovered_check_is_a_check) {
  char out[512];
  const char *fen = "3k4/8/8/8/3X4/8/8/K2R4 w - - 0 1";
  ck_assert_int_eq(moves_with("K R X=kN", fen, "d4", out, sizeof out), 0);
  ck_assert_int_eq(moves_with("K R X=N", fen, "d4", out, sizeof out), 8);
}
END_TEST

/* k limits the moves, not the attacks: Black's k on e7 may not step to e6,
 * which the kN on d4 covers; its other seven squares are free (7). */
START_TEST(a_no_check_piece_still_attacks) {
  VariantLibrary *lib;
  char out[512];
  Position *pos = iv_position_ok("K X=kN", "8/4k3/8/8/3X4/8/8/K7 b - - 0 1", &lib);
  ck_assert_int_eq(iv_moves_from(pos, "e7", out, sizeof out), 7);
  ck_assert_msg(!has(out, "e7e6"), "%s", out);
  iv_done(pos, lib);
}
END_TEST

/* kk: check allowed, mate not. White K g6 and X on b1, Black k h8. The
 * queen has 19 moves (7 up the b-file, 7 on the 1st rank, a2 and c2 d3 e4
 * f5 before the K). Four check h8: b8 along the 8th rank mates (g8 on the
 * rank, g7 and h7 the K's), h1 (up the h-file), b2 and a1 (the long
 * diagonal) leave g8 free. kkQ loses only b8 (18), kQ all four (15), Q
 * none (19); the K adds f5 f6 f7 g5 h5 h6. Before kk was played the
 * variant did not load ("'kk' and 'k{...}' are not supported"). */
START_TEST(no_mate_queen_leaves_out_only_its_mate) {
  VariantLibrary *lib;
  char out[512];
  const char *fen = "7k/8/6K1/8/8/8/8/1X6 w - - 0 1";
  const char *defs[] = {"K X=kkQ", "K X=kQ", "K X=Q"};
  const int moves[] = {18, 15, 19};
  for (int i = 0; i < 3; i++) {
    Position *pos = iv_position_ok(defs[i], fen, &lib);
    ck_assert_int_eq(iv_moves_from(pos, "b1", out, sizeof out), moves[i]);
    ck_assert_msg(has(out, "b1b8") == (i == 2), "%s: %s", defs[i], out);
    ck_assert_msg(has(out, "b1h1") == (i != 1) && has(out, "b1b2") == (i != 1) &&
                      has(out, "b1a1") == (i != 1),
                  "%s: %s", defs[i], out);
    ck_assert_uint_eq(perft(pos, 1), (uint64_t)moves[i] + 6);
    iv_done(pos, lib);
  }
}
END_TEST

/* A discovered mate is a mate: the kkN on a4 shields Black's k on a8 from
 * the R on a1, Black's r stands on b8. Each leap uncovers check; after c5
 * the k has no square (a7 the R's, b7 the N's, b8 its own r): mate, left
 * out. After b6 (double check), c3 or b2 it escapes to b7 (3 moves). kN
 * has none, N all four. */
START_TEST(a_discovered_mate_is_a_mate) {
  char out[512];
  const char *fen = "kr6/8/8/8/X7/8/8/R6K w - - 0 1";
  ck_assert_int_eq(moves_with("K R X=kkN", fen, "a4", out, sizeof out), 3);
  ck_assert_msg(!has(out, "a4c5") && has(out, "a4b6"), "%s", out);
  ck_assert_int_eq(moves_with("K R X=kN", fen, "a4", out, sizeof out), 0);
  ck_assert_int_eq(moves_with("K R X=N", fen, "a4", out, sizeof out), 4);
}
END_TEST

/* The board judges the leg a move ends on, so k and # must cover the legs
 * after them: on the first part of a chain only they are refused by name,
 * on the whole move accepted. */
START_TEST(flags_on_part_of_a_chain_are_refused) {
  VariantLibrary *lib;
  char err[256];
  Position *pos = iv_position("K X=kW-F", fen_kq, &lib, err, sizeof err);
  ck_assert_ptr_null(pos);
  ck_assert_msg(strstr(err, "piece X: 'k' on the first part of a move only"), "%s", err);
  library_free(lib);
  pos = iv_position("K X=kkW-F", fen_kq, &lib, err, sizeof err);
  ck_assert_ptr_null(pos);
  ck_assert_msg(strstr(err, "piece X: 'kk' on the first part of a move only"), "%s", err);
  library_free(lib);
  pos = iv_position("K X=#cK-mK", fen_kq, &lib, err, sizeof err);
  ck_assert_ptr_null(pos);
  ck_assert_msg(strstr(err, "piece X: '#' on the first part of a move only"), "%s", err);
  library_free(lib);
  pos = iv_position_ok("K X=k(W-F)", fen_kq, &lib);
  iv_done(pos, lib);
  pos = iv_position_ok("K X=#(cK-mK)", fen_kq, &lib);
  iv_done(pos, lib);
}
END_TEST

/* The MBN text's Chief: C=(dWF)03+#c{C}C, three King steps, and a camel
 * leap that may only take a C and whose capture decides the game. */
static const char *chief = "K Q C=(dWF)03+#c{C}C";

static Move play(Position *pos, const char *text, Undo *undo) {
  char err[128];
  Move m = move_from_text(pos, text, err, sizeof err);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s: %s", text, err);
  pos_make_move(pos, m, undo);
  return m;
}

/* Cxe7 by the camel leap ends the game: Black, to move, has lost and has
 * no move (perft counts nothing below it); unmaking it forgets that. The
 * (dWF)03 path reaches e7 too (d5 d6 e7), without #: the mover takes the
 * winning path. */
START_TEST(decisive_capture_wins) {
  VariantLibrary *lib;
  Position *pos = iv_position_ok(chief, "7k/4c3/8/8/3C4/8/8/K7 w - - 0 1", &lib);
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  /* the C reaches every square of the 7x7 block around it but its own and
   * a1 (47, e7 among them), the K a2 b1 b2: 50 */
  ck_assert_uint_eq(perft(pos, 1), 50);
  Undo undo;
  play(pos, "d4e7", &undo);
  ck_assert(pos_is_decided(pos));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  MoveList *list = malloc(sizeof *list);
  ck_assert_int_eq(gen_legal_moves(pos, list), 0);
  ck_assert_uint_eq(perft(pos, 1), 0);
  pos_unmake_move(pos, &undo);
  ck_assert(!pos_is_decided(pos));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  ck_assert_int_gt(gen_legal_moves(pos, list), 0);
  free(list);
  iv_done(pos, lib);
}
END_TEST

/* Captures no # leg makes decide nothing: the c on d6 and the q on c6 are
 * two King steps away, off the camel's squares (c1 e1 a3 g3 a5 g5 c7 e7),
 * so (dWF)03 takes them and the game goes on (Black's k still has h7, and
 * from c6 also g8 and g7). */
START_TEST(other_captures_decide_nothing) {
  VariantLibrary *lib;
  const char *targets[] = {"d6", "c6"};
  const char *fens[] = {"7k/8/3c4/8/3C4/8/8/K7 w - - 0 1", "7k/8/2q5/8/3C4/8/8/K7 w - - 0 1"};
  for (int i = 0; i < 2; i++) {
    Position *pos = iv_position_ok(chief, fens[i], &lib);
    Undo undo;
    char text[8];
    snprintf(text, sizeof text, "d4%s", targets[i]);
    play(pos, text, &undo);
    ck_assert_msg(!pos_is_decided(pos), "%s", text);
    ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
    iv_done(pos, lib);
  }
}
END_TEST

/* The search sees the decisive capture as a win at once: at depth 2 it
 * takes the c on e7 (camel leap) rather than the q on d6 (two King steps,
 * which wins a queen but lets Black's c take the C by its own leap). */
START_TEST(search_takes_the_decisive_capture) {
  VariantLibrary *lib;
  Position *pos = iv_position_ok(chief, "7k/4c3/3q4/8/3C4/8/8/K7 w - - 0 1", &lib);
  Searcher *searcher = searcher_new();
  SearchLimits limits;
  memset(&limits, 0, sizeof limits);
  limits.depth = 2;
  limits.move_overhead = -1;
  int score = 0;
  Move best = search_run(searcher, pos, NULL, &limits, &score);
  char text[MOVE_TEXT_MAX] = "";
  if (best) move_to_text(pos, best, text, sizeof text);
  ck_assert_str_eq(text, "d4e7");
  ck_assert_int_ge(score, SEARCH_MATE_MAX);
  searcher_free(searcher);
  iv_done(pos, lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_mbn_flags");
  TCase *tc = tcase_create("flags");
  tcase_add_test(tc, no_check_queen_leaves_out_its_checks);
  tcase_add_test(tc, a_path_without_k_frees_the_move);
  tcase_add_test(tc, a_discovered_check_is_a_check);
  tcase_add_test(tc, a_no_check_piece_still_attacks);
  tcase_add_test(tc, no_mate_queen_leaves_out_only_its_mate);
  tcase_add_test(tc, a_discovered_mate_is_a_mate);
  tcase_add_test(tc, flags_on_part_of_a_chain_are_refused);
  tcase_add_test(tc, decisive_capture_wins);
  tcase_add_test(tc, other_captures_decide_nothing);
  tcase_add_test(tc, search_takes_the_decisive_capture);
  suite_add_tcase(suite, tc);
  return suite;
}
