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
#include <string.h>

#include "board/bb.h"
#include "board/movegen.h"
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

/* The moves of one piece (all the moves from sq, in list order). */
static int moves_from(const MoveList *all, int sq, Move *out) {
  int n = 0;
  for (int i = 0; i < all->count; i++)
    if (move_from(all->moves[i]) == sq) out[n++] = all->moves[i];
  return n;
}

/* Pieces the masks do not generate (xiangqi's all, minixiangqi's horse and
 * cannon, ...) are generated leg by leg from the bitboards in the walker's
 * own order, which the search's ties follow: along random games, each such
 * piece's moves, all and tactical, come out the same and in the same order
 * with bitboards as from the walker alone. */
/* pos_royal_checks, counted by hand: Black's king on e8 and nothing else
 * that checks, so Black counts nothing and White's types are:
 *   a rook on a1 reaches a8, on Black's rank, which nothing guards: safe;
 *   a black knight on b6 guards a8: unsafe;
 *   a rook on d1 reaches d8, which Black's king alone guards: unsafe; a
 *   bishop on b6 backs d8 up: safe (the bishop itself checks from nowhere);
 *   crazyhouse, a knight in hand: dropped on d6, f6, c7 or g7, unguarded:
 *   safe; a pawn in hand: dropped on d7 or f7, next to the king and not
 *   backed up: unsafe; in chess nothing is dropped: nothing;
 *   capablanca (128-bit words): the rook on a1 reaches a8: safe; the
 *   archbishop on b6 reaches d7 (a bishop check the king alone guards, not
 *   backed up) and c7 (a knight check nothing guards): safe;
 *   xiangqi, lame leaps and hops (Black's general on e10): Red's horse on
 *   b7 leaps to c9 (leg b8) or d8 (leg c7), both checking squares nothing
 *   guards: safe; Black's horses on a8 and c6 guard c9 and d8: unsafe;
 *   Red's cannon on a6 slides to e6, from where it hops over the soldier
 *   on e8 onto e10, unguarded: safe; the soldier steps to e9, which the
 *   general alone guards and nothing backs up: unsafe. */
START_TEST(royal_checks_counted_by_hand) {
  static const struct {
    const char *variant, *fen;
    int safe, unsafe;
  } CASES[] = {{"chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 1, 0},
               {"chess", "4k3/8/1n6/8/8/8/8/R3K3 w - - 0 1", 0, 1},
               {"chess", "4k3/8/8/8/8/8/8/3RK3 w - - 0 1", 0, 1},
               {"chess", "4k3/8/1B6/8/8/8/8/3RK3 w - - 0 1", 1, 0},
               {"crazyhouse", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", 1, 0},
               {"crazyhouse", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", 0, 1},
               {"chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0, 0},
               {"capablanca", "4k5/10/10/10/10/10/10/R4K4 w - - 0 1", 1, 0},
               {"capablanca", "4k5/10/1A8/10/10/10/10/5K4 w - - 0 1", 1, 0},
               {"xiangqi", "4k4/9/9/1N7/9/9/9/9/9/3K5 w - - 0 1", 1, 0},
               {"xiangqi", "4k4/9/n8/1N7/2n6/9/9/9/9/3K5 w - - 0 1", 0, 1},
               {"xiangqi", "4k4/9/4P4/9/C8/9/9/9/9/3K5 w - - 0 1", 1, 1}};
  VariantLibrary *lib = shipped_library_load();
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    Position *pos = shipped_position(lib, CASES[i].variant, CASES[i].fen);
    ck_assert_msg(pos->tables->bb64 || pos->tables->bb128, "%s: no bitboards", CASES[i].variant);
    int royal_sq[COLOR_NB] = {-1, -1};
    for (int c = 0; c < COLOR_NB; c++)
      for (int k = 0; k < pos->pcount[c]; k++) {
        int sq = pos->plist[c][k];
        if (pos->tables->royal_of[c][piece_type(pos->board[sq])]) royal_sq[c] = sq;
      }
    RoyalChecks checks;
    pos_royal_checks(pos, royal_sq, &checks);
    ck_assert_msg(checks.safe[WHITE] == CASES[i].safe && checks.unsafe[WHITE] == CASES[i].unsafe &&
                      checks.safe[BLACK] == 0 && checks.unsafe[BLACK] == 0,
                  "%s %s: White %d safe %d unsafe, Black %d %d; expected %d %d", CASES[i].variant,
                  CASES[i].fen, checks.safe[WHITE], checks.unsafe[WHITE], checks.safe[BLACK],
                  checks.unsafe[BLACK], CASES[i].safe, CASES[i].unsafe);
    pos_free(pos);
  }
  library_free(lib);
}
END_TEST

/* pos_reach_and_checks (one walk for the evaluation) gives what
 * pos_side_reach of each colour and pos_royal_checks give, along random
 * games of 64- and 128-bit variants with drops, hoppers and lame leapers,
 * for two queries: every type with nothing else asked, and arbitrary sets of
 * threats-only, threatened and guarding types. */
START_TEST(reach_and_checks_match_the_two_calls) {
  VariantLibrary *lib = shipped_library_load();
  static const char *const variants[] = {"chess",   "crazyhouse", "shogi",      "capablanca",
                                         "xiangqi", "shatranj",   "minixiangqi"};
  static MoveList legal;
  static Undo undo[80];
  static PieceReach one[POS_REACH_MAX], both[COLOR_NB][POS_REACH_MAX];
  uint64_t threat_types[PIECE_TYPE_MAX];
  for (int t = 0; t < PIECE_TYPE_MAX; t++) threat_types[t] = t % 2 ? 0x5555 : ~(uint64_t)0;
  const ReachQuery queries[] = {{~(uint64_t)0, 0, -1, threat_types, 0, 0},
                                {~(uint64_t)2, 5, -1, threat_types, 9, 0}};
  uint32_t seed = 7;
  long pieces = 0;
  for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
    Position *pos = shipped_position(lib, variants[v], NULL);
    ck_assert_msg(width_of(pos), "%s: no bitboards", variants[v]);
    int ply = 0;
    for (; ply < 80; ply++) {
      int royal_sq[COLOR_NB] = {-1, -1};
      for (int c = 0; c < COLOR_NB; c++)
        for (int k = 0; k < pos->pcount[c]; k++) {
          int sq = pos->plist[c][k];
          if (pos->tables->royal_of[c][piece_type(pos->board[sq])]) royal_sq[c] = sq;
        }
      for (size_t q = 0; q < sizeof queries / sizeof queries[0]; q++) {
        PieceReach *found[COLOR_NB] = {both[WHITE], both[BLACK]};
        int n[COLOR_NB];
        RoyalChecks merged, apart;
        pos_reach_and_checks(pos, &queries[q], royal_sq, found, n, &merged, NULL);
        pos_royal_checks(pos, royal_sq, &apart);
        for (int c = 0; c < COLOR_NB; c++) {
          ck_assert_msg(merged.safe[c] == apart.safe[c] && merged.unsafe[c] == apart.unsafe[c],
                        "%s ply %d colour %d: checks %d/%d, apart %d/%d", variants[v], ply, c,
                        merged.safe[c], merged.unsafe[c], apart.safe[c], apart.unsafe[c]);
          ReachQuery query = queries[q];
          query.zone_sq = royal_sq[!c];
          int m = pos_side_reach(pos, (Color)c, &query, one);
          ck_assert_msg(m == n[c], "%s ply %d colour %d query %zu: %d pieces, apart %d",
                        variants[v], ply, c, q, n[c], m);
          for (int i = 0; i < m; i++) {
            const PieceReach *a = &found[c][i], *b = &one[i];
            ck_assert_msg(a->type == b->type && a->reach == b->reach && a->zone == b->zone &&
                              a->threats == b->threats && a->guarded == b->guarded,
                          "%s ply %d colour %d query %zu piece %d: type %d reach %d zone %d "
                          "threats %d guarded %d, apart %d %d %d %d %d",
                          variants[v], ply, c, q, i, a->type, a->reach, a->zone, a->threats,
                          a->guarded, b->type, b->reach, b->zone, b->threats, b->guarded);
          }
          pieces += m;
        }
      }
      if (!gen_legal_moves(pos, &legal)) break;
      seed = seed * 1103515245u + 12345u;
      pos_make_move(pos, legal.moves[(seed >> 8) % (uint32_t)legal.count], &undo[ply]);
    }
    while (ply-- > 0) pos_unmake_move(pos, &undo[ply]);
    pos_free(pos);
  }
  ck_assert(pieces > 10000);
  library_free(lib);
}
END_TEST

START_TEST(leg_order_matches_the_walker) {
  VariantLibrary *lib = shipped_library_load();
  static const char *const variants[] = {"xiangqi", "manchu",         "minixiangqi",
                                         "supply",  "crowdedxiangqi", "shako"};
  static MoveList with_bb, walker, legal;
  static Move a[MOVE_LIST_MAX], b[MOVE_LIST_MAX];
  static Undo undo[2][60];
  uint32_t seed = 2026;
  long compared = 0;
  for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
    unsetenv("CHIMERA_NO_BITBOARDS");
    Position *pos = shipped_position(lib, variants[v], NULL);
    setenv("CHIMERA_NO_BITBOARDS", "1", 1);
    Position *ref = shipped_position(lib, variants[v], NULL);
    unsetenv("CHIMERA_NO_BITBOARDS");
    ck_assert(width_of(ref) == 0);
    const bool *gen_ok = pos->tables->bb64    ? pos->tables->bb64->gen_ok
                         : pos->tables->bb128 ? pos->tables->bb128->gen_ok
                                              : NULL;
    int ply = 0;
    for (; ply < 60; ply++) {
      for (int tactical = 0; tactical < 2; tactical++) {
        tactical ? gen_pseudo_tactical(pos, &with_bb) : gen_pseudo_moves(pos, &with_bb);
        tactical ? gen_pseudo_tactical(ref, &walker) : gen_pseudo_moves(ref, &walker);
        for (int i = 0; i < pos->pcount[pos->side]; i++) {
          int sq = pos->plist[pos->side][i], type = piece_type(pos->board[sq]);
          if (gen_ok && gen_ok[type * COLOR_NB + pos->side]) continue; /* square order */
          int n = moves_from(&with_bb, sq, a), m = moves_from(&walker, sq, b);
          ck_assert_msg(n == m && !memcmp(a, b, (size_t)n * sizeof a[0]),
                        "%s ply %d piece on %d (%s): %d moves, walker %d", variants[v], ply, sq,
                        tactical ? "tactical" : "all", n, m);
          compared += n;
        }
      }
      if (!gen_legal_moves(pos, &legal)) break;
      seed = seed * 1103515245u + 12345u;
      Move m = legal.moves[(seed >> 8) % (uint32_t)legal.count];
      pos_make_move(pos, m, &undo[0][ply]);
      pos_make_move(ref, m, &undo[1][ply]);
    }
    while (ply-- > 0) {
      pos_unmake_move(ref, &undo[1][ply]);
      pos_unmake_move(pos, &undo[0][ply]);
    }
    pos_free(ref);
    pos_free(pos);
  }
  ck_assert(compared > 1000);
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
  tcase_add_test(tc, leg_order_matches_the_walker);
  tcase_add_test(tc, royal_checks_counted_by_hand);
  tcase_add_test(tc, reach_and_checks_match_the_two_calls);
  suite_add_tcase(suite, tc);
  return suite;
}
