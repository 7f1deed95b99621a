/* test_board_clock.c — the halfmove clock restarts as Fairy-Stockfish's
 * do_move restarts it (position.cpp: st->rule50 = 0): on captures, on every
 * drop, on promotions (not where promotions flip both ways, its
 * pieceDemotion) and on moves of the move rule's types (its nMoveRuleTypes,
 * FBR's draw=moverule(N){..}) that the piece could not take back. The
 * expected clocks are Fairy-Stockfish's after the same move. */
#include <check.h>

#include "board/position.h"
#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

typedef struct {
  const char *variant, *fen, *move;
  int clock; /* after the move */
} ClockCase;

static const ClockCase CASES[] = {
    /* every drop, not only a pawn's */
    {"crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 7 4", "N@e4", 0},
    {"crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 7 4", "g1f3", 8},
    {"crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 7 4", "e2e4", 0},
    {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 1", "e1g1", 6},
    /* a shogi rook's move does not restart it, though rooks promote; a
     * promotion does; shogi's pawns are no pawn type of Fairy-Stockfish's */
    {"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 5 3", "h2g2", 6},
    {"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 5 3", "g3g4", 6},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K3R[] w - - 5 1", "i1i7", 6},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K3R[] w - - 5 1", "i1i7+", 0},
    /* kyoto shogi: every move flips a piece, and no flip restarts it */
    {"kyotoshogi", "p+nks+l/5/5/5/+LSK+NP[] w - - 3 1", "e1e2+", 4},
    /* xiangqi's soldiers are no pawn type either */
    {"xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 2 2", "a4a5", 3},
    /* a pawn's sideways step can be taken back, its forward step cannot */
    {"pawnsideways", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 4 3", "e4d4", 5},
    {"pawnsideways", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 4 3", "e4e5", 0},
    /* spartan: Black's hoplites are its pawns */
    {"spartan", "lgkcckwl/hhhhhhhh/8/8/P7/8/1PPPPPPP/RNBQKBNR b KQ - 3 1", "f7h5", 0},
    /* a pass is written as a move of the side's lowest piece to its own
     * square, and Fairy-Stockfish counts it as that piece's move: a pawn's
     * pass restarts the clock */
    {"andersanti", "8/8/8/8/7p/7P/8/8 b - - 5 40", "h4h4", 0},
};

START_TEST(clock_restarts_as_fairy_stockfish) {
  VariantLibrary *lib = shipped_library_load();
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    const ClockCase *c = &CASES[i];
    Position *pos = shipped_position(lib, c->variant, c->fen);
    Undo undo;
    shipped_play(pos, c->move, &undo);
    ck_assert_msg(pos_rule50(pos) == c->clock, "%s %s: clock %d, expected %d", c->variant, c->move,
                  pos_rule50(pos), c->clock);
    pos_unmake_move(pos, &undo);
    pos_free(pos);
  }
  library_free(lib);
}
END_TEST

/* The count the search's repetition window also stops at: plies since the
 * last null move, none in a game just set up. */
START_TEST(plies_from_null_restart_at_a_null_move) {
  VariantLibrary *lib = shipped_library_load();
  Position *pos = shipped_position(lib, "shogi", NULL);
  ck_assert_int_ge(pos_plies_from_null(pos), 1000);
  Undo null_undo, undo;
  pos_make_null(pos, &null_undo);
  ck_assert_int_eq(pos_plies_from_null(pos), 0);
  shipped_play(pos, "b8c8", &undo);
  ck_assert_int_eq(pos_plies_from_null(pos), 1);
  pos_unmake_move(pos, &undo);
  ck_assert_int_eq(pos_plies_from_null(pos), 0);
  pos_unmake_move(pos, &null_undo);
  ck_assert_int_ge(pos_plies_from_null(pos), 1000);
  pos_free(pos);
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_clock");
  TCase *tc = tcase_create("clock");
  tcase_add_test(tc, clock_restarts_as_fairy_stockfish);
  tcase_add_test(tc, plies_from_null_restart_at_a_null_move);
  suite_add_tcase(suite, tc);
  return suite;
}
