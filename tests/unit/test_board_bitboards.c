/* test_board_bitboards.c — the bitboard widths: 8x8 takes 64-bit words,
 * flat boards of 65 to 128 squares whose attacks the bitboards answer
 * (capablanca 10x8, shogi 9x9, grand and tencubed 10x10, courier 12x8, and
 * xiangqi 9x10 with its palace-bound, lame and hopping pieces) take
 * 128-bit ones; janggi (cannons that may not hop over cannons, palace
 * diagonals: the walker would still be asked), larger or wrapping boards
 * (chushogi 12x12, cylinder chess) none; and either way the
 * counts are Fairy-Stockfish's (rows copied from tests/data/oracle/perft.tsv)
 * and the same as the leg walker's alone (CHIMERA_NO_BITBOARDS=1). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "board/bb.h"
#include "board/perft.h"
#include "board/position.h"
#include "board/tables.h"
#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

/* 0: no bitboards, else the width the tables chose */
static int width_of(const Position *pos) {
  return pos->tables->bb64 ? 64 : pos->tables->bb128 ? 128 : 0;
}

START_TEST(width_follows_the_board) {
  VariantLibrary *lib = shipped_library_load();
  static const struct {
    const char *variant;
    int width;
  } cases[] = {{"chess", 64},  {"shatranj", 64}, {"minishogi", 64}, {"capablanca", 128},
               {"shogi", 128}, {"xiangqi", 128}, {"grand", 128},    {"courier", 128},
               {"janggi", 0},  {"chushogi", 0},  {"cylinder", 0},   {"minixiangqi", 64},
               {"manchu", 128}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    Position *pos = shipped_position(lib, cases[i].variant, NULL);
    ck_assert_msg(width_of(pos) == cases[i].width, "%s: width %d, want %d", cases[i].variant,
                  width_of(pos), cases[i].width);
    ck_assert(pos_is_ok(pos));
    pos_free(pos);
  }
  library_free(lib);
}
END_TEST

START_TEST(bb128_bit_helpers_cross_the_halves) {
  bb128_t b = (bb128_t)1 << 64 | (bb128_t)1 << 3 | (bb128_t)1 << 127;
  ck_assert_int_eq(bb128_lsb(b), 3);
  ck_assert_int_eq(bb128_msb(b), 127);
  ck_assert_int_eq(bb128_popcount(b), 3);
  ck_assert_int_eq(bb128_lsb((bb128_t)1 << 64), 64);
  ck_assert_int_eq(bb128_msb((bb128_t)1 << 63 | 1), 63);
  ck_assert_int_eq(bb128_popcount(~(bb128_t)0), 128);
}
END_TEST

typedef struct {
  const char *variant, *fen;
  int depth;
  uint64_t nodes;
} OracleRow;

/* Fairy-Stockfish's counts (oracle rows): castling on 10x8, e.p. on grand's
 * 10x10, shogi drops and promotions, tencubed's 10x10 fairy leapers,
 * xiangqi's and manchu's attacks by lame leaps, hops and palace-bound
 * pieces (checks, pins and blocked legs in the middle game). */
static const OracleRow ROWS[] = {
    {"capablanca", "r1abqkb2r/2ppppnppp/p5c3/np4p3/1P5N2/N1PP6/P3PPPPPP/R1ABQKB1CR w KQkq - 4 8", 3,
     68151},
    {"capablanca", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", 3,
     25228},
    {"grand", "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3", 2,
     5768},
    {"shogi", "lns1k1s1b/r2g2g1l/pp1pppnpp/2p6/9/P1P5P/1P1PPPPP1/L2KGS1R1/1NSG3NL[Pb] w - - 0 11",
     3, 49355},
    {"tencubed",
     "2cwam1c2/1rnbqkb1r1/p1pppppppp/1p3wn3/10/10/1N8/PPPPPPPPPP/3BQKBNR1/CR1WAMWC2 w - - 4 4", 3,
     91180},
    {"courier",
     "rn1bmkw1b1nr/1ppp1p1pppp1/4p2e4/p4fp4p/P1e3P4P/2P1P1FEP3/RP1P1P1P1PP1/1NEBMK1WB1NR b - - 2 7",
     3, 31755},
    {"xiangqi", "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", 3,
     100326},
    {"xiangqi", "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", 4, 92741},
    {"xiangqi", "rnbakab1r/9/8n/2p1p1p1p/p5c2/2P6/PC2c1P1P/1R1A4C/9/1NBAK1BNR w - - 6 8", 3, 28051},
    {"manchu", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/M1BAKAB2 w - - 0 1", 3, 17648},
};

START_TEST(bb128_counts_match_oracle_and_walker) {
  VariantLibrary *lib = shipped_library_load();
  for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
    const OracleRow *row = &ROWS[i];
    unsetenv("CHIMERA_NO_BITBOARDS");
    Position *pos = shipped_position(lib, row->variant, row->fen);
    ck_assert_msg(width_of(pos) == 128, "%s: width %d", row->variant, width_of(pos));
    uint64_t with_bb = perft(pos, row->depth);
    pos_free(pos);
    setenv("CHIMERA_NO_BITBOARDS", "1", 1);
    pos = shipped_position(lib, row->variant, row->fen);
    ck_assert_msg(width_of(pos) == 0, "%s: bitboards not off", row->variant);
    uint64_t walker = perft(pos, row->depth);
    pos_free(pos);
    unsetenv("CHIMERA_NO_BITBOARDS");
    ck_assert_msg(with_bb == row->nodes && walker == row->nodes,
                  "%s %s d%d: bitboards %llu, walker %llu, oracle %llu", row->variant, row->fen,
                  row->depth, (unsigned long long)with_bb, (unsigned long long)walker,
                  (unsigned long long)row->nodes);
  }
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_bitboards");
  TCase *tc = tcase_create("widths");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, width_follows_the_board);
  tcase_add_test(tc, bb128_bit_helpers_cross_the_halves);
  tcase_add_test(tc, bb128_counts_match_oracle_and_walker);
  suite_add_tcase(suite, tc);
  return suite;
}
