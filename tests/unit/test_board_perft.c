/* test_board_perft.c — the walker, make/unmake and legality on hand-built
 * chess programs, checked against published perft counts (chessprogramming
 * wiki; the same numbers are in the oracle, computed by Fairy-Stockfish). */
#include <check.h>
#include <stdio.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/perft.h"
#include "board/position.h"
#include "tests/unit/board_fixture.h"

Suite *test_suite(void);

static uint64_t perft_fen(const char *fen, int depth) {
  char err[128];
  Position *pos = pos_new(fx_chess(), err, sizeof err);
  ck_assert_msg(pos != NULL, "%s", err);
  ck_assert_msg(pos_set_fen(pos, fen, err, sizeof err), "%s", err);
  uint64_t n = perft(pos, depth);
  pos_free(pos);
  return n;
}

START_TEST(startpos_counts) {
  const char *fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  ck_assert_uint_eq(perft_fen(fen, 1), 20);
  ck_assert_uint_eq(perft_fen(fen, 2), 400);
  ck_assert_uint_eq(perft_fen(fen, 3), 8902);
  ck_assert_uint_eq(perft_fen(fen, 4), 197281);
}
END_TEST

START_TEST(kiwipete_counts) {
  const char *fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  ck_assert_uint_eq(perft_fen(fen, 1), 48);
  ck_assert_uint_eq(perft_fen(fen, 2), 2039);
  ck_assert_uint_eq(perft_fen(fen, 3), 97862);
}
END_TEST

START_TEST(cpw_position3_ep_pins) {
  const char *fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
  ck_assert_uint_eq(perft_fen(fen, 4), 43238);
}
END_TEST

START_TEST(cpw_position4_promotions) {
  const char *fen = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
  ck_assert_uint_eq(perft_fen(fen, 3), 9467);
}
END_TEST

START_TEST(fen_round_trip) {
  char err[128], out[256];
  Position *pos = pos_new(fx_chess(), err, sizeof err);
  const char *fens[] = {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
                        "8/8/8/8/8/8/8/K6k b - - 12 40"};
  for (int i = 0; i < 3; i++) {
    ck_assert_msg(pos_set_fen(pos, fens[i], err, sizeof err), "%s", err);
    pos_get_fen(pos, out, sizeof out);
    ck_assert_str_eq(out, fens[i]);
  }
  pos_free(pos);
}
END_TEST

START_TEST(bad_fen_is_an_error_not_a_crash) {
  char err[128];
  Position *pos = pos_new(fx_chess(), err, sizeof err);
  const char *bad[] = {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w - - 0 1",
                       "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                       "8/8/8/8/8/8/8/8 x - - 0 1", "8/8/8/8/8/8/8/8/8 w - - 0 1"};
  for (int i = 0; i < 5; i++) {
    err[0] = '\0';
    ck_assert_msg(!pos_set_fen(pos, bad[i], err, sizeof err), "accepted %s", bad[i]);
    ck_assert_msg(err[0] != '\0', "no message for %s", bad[i]);
  }
  pos_free(pos);
}
END_TEST

START_TEST(make_unmake_restores_key_and_fen) {
  char err[128], before[256], after[256];
  Position *pos = pos_new(fx_chess(), err, sizeof err);
  pos_set_fen(pos, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", err,
              sizeof err);
  pos_get_fen(pos, before, sizeof before);
  uint64_t key = pos_key(pos);
  MoveList list;
  gen_legal_moves(pos, &list);
  for (int i = 0; i < list.count; i++) {
    Undo u;
    pos_make_move(pos, list.moves[i], &u);
    ck_assert(pos_is_ok(pos));
    pos_unmake_move(pos, &u);
    pos_get_fen(pos, after, sizeof after);
    ck_assert_str_eq(after, before);
    ck_assert_uint_eq(pos_key(pos), key);
  }
  pos_free(pos);
}
END_TEST

START_TEST(move_text_round_trip) {
  char err[128], text[MOVE_TEXT_MAX];
  Position *pos = pos_new(fx_chess(), err, sizeof err);
  pos_set_fen(pos, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 b kq - 0 1", err,
              sizeof err);
  Move m = move_from_text(pos, "b2a1q", err, sizeof err);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s", err);
  move_to_text(pos, m, text, sizeof text);
  ck_assert_str_eq(text, "b2a1q");
  ck_assert(move_from_text(pos, "e8c8", err, sizeof err) != MOVE_NONE_VALUE);
  /* The knight on h6 covers g8: short castling would pass an attacked square. */
  ck_assert(move_from_text(pos, "e8g8", err, sizeof err) == MOVE_NONE_VALUE);
  ck_assert(move_from_text(pos, "e2e4", err, sizeof err) == MOVE_NONE_VALUE);
  ck_assert(move_from_text(pos, "zz", err, sizeof err) == MOVE_NONE_VALUE);
  pos_free(pos);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_perft");
  TCase *tc = tcase_create("chess");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, startpos_counts);
  tcase_add_test(tc, kiwipete_counts);
  tcase_add_test(tc, cpw_position3_ep_pins);
  tcase_add_test(tc, cpw_position4_promotions);
  tcase_add_test(tc, fen_round_trip);
  tcase_add_test(tc, bad_fen_is_an_error_not_a_crash);
  tcase_add_test(tc, make_unmake_restores_key_and_fen);
  tcase_add_test(tc, move_text_round_trip);
  suite_add_tcase(suite, tc);
  return suite;
}
