/* test_board_variants.c — the walker and the rules on hand-built programs of
 * fairy pieces (capablanca's compounds, xiangqi's lame leapers, hoppers,
 * palaces and facing kings), drops (crazyhouse), Chess960 castling, and
 * rules (3check, kingofthehill, racingkings, antichess, giveaway),
 * against Fairy-Stockfish's counts copied from the oracle
 * (tests/data/oracle/perft.tsv: the deepest row of each position with at most
 * 200,000 nodes). */
#include <check.h>
#include <stdio.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/perft.h"
#include "board/position.h"
#include "tests/unit/board_fixture.h"

Suite *test_suite(void);

typedef struct {
  const char *variant, *fen;
  int depth;
  unsigned long long nodes;
  int chess960;
} OracleRow;

static const OracleRow ORACLE_ROWS[] = {
    {"3check", "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39", 3, 12407ULL, 0},
    {"3check", "rnbqk1nr/p1pppp1p/7b/Pp4p1/2P5/8/RP1PPPPP/1NBQKBNR b Kkq - 3+3 2 4", 3, 10952ULL,
     0},
    {"3check", "rnbqkbnr/1pp1ppp1/p7/3p3p/6P1/P3P2N/1PPPKP1P/RNBQ1B1R w kq - 3+3 0 7", 3, 15480ULL,
     0},
    {"3check", "rnbqkbnr/p1ppp1pp/8/1p3p2/1P3P1P/N7/P1PPP1P1/R1BQKBNR b KQkq - 3+3 0 4", 4,
     182075ULL, 0},
    {"3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1", 4, 197281ULL, 0},
    {"antichess", "1nbqkbnr/1ppppppp/8/8/r7/6P1/PPPPPP1P/R1BQKBNR w - - 0 4", 4, 934ULL, 0},
    {"antichess", "rnb1kb1r/ppqppppp/2p5/8/PP6/2NP4/2P1PKPP/R1BQ1BNn b - - 2 7", 4, 1505ULL, 0},
    {"antichess", "rnbqk1nr/pp1p1ppp/2p5/4p3/1b2P3/P7/2PP1PPP/RNBQKBNR w - - 0 4", 4, 142ULL, 0},
    {"antichess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 4, 153299ULL, 0},
    {"capablanca", "r1abqkb2r/2ppppnppp/p5c3/np4p3/1P5N2/N1PP6/P3PPPPPP/R1ABQKB1CR w KQkq - 4 8", 3,
     68151ULL, 0},
    {"capablanca", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", 3,
     25228ULL, 0},
    {"chess", "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9", 3, 31058ULL,
     1},
    {"chess", "1r3kr1/8/8/8/8/8/8/1R3KR1 w GBgb - 0 1", 3, 9836ULL, 1},
    {"chess", "1rk3r1/8/8/8/8/8/8/1RK3R1 w GBgb - 0 1", 3, 9940ULL, 1},
    {"chess", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 3, 18002ULL, 1},
    {"chess", "2r1k1r1/8/8/8/8/8/8/2R1K1R1 w GCgc - 0 1", 3, 11176ULL, 1},
    {"chess", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", 3, 10471ULL, 1},
    {"chess", "bnrbnk2/2p1p2p/pp1p2r1/4Bpp1/1PP1P3/3P1PP1/P1B4q/1NR1NKRQ w GCc - 0 10", 3, 28129ULL,
     1},
    {"chess", "bnrbnkrq/pppppppp/8/8/8/8/PPPPPPPP/BNRBNKRQ w GCgc - 0 1", 3, 10179ULL, 1},
    {"chess", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3, 12189ULL, 1},
    {"chess", "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", 3, 13440ULL, 1},
    {"chess", "qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9", 3, 26578ULL, 1},
    {"chess", "qr1bnkbr/ppp3pp/1n1pp3/5p2/6PP/P3P3/1PPP1P1R/QRNBNKB1 b Bhb - 1 5", 3, 19599ULL, 1},
    {"chess", "qrnbk1br/pp3p1p/8/Nn4p1/2p1p1P1/3PP2P/P1P2P2/QRNB1KBR w HB - 0 11", 3, 26764ULL, 1},
    {"chess", "qrnbnkbr/pppppppp/8/8/8/8/PPPPPPPP/QRNBNKBR w HBhb - 0 1", 4, 198623ULL, 1},
    {"chess", "r5kr/8/8/8/8/8/8/R5KR w HAha - 0 1", 3, 11069ULL, 1},
    {"chess", "rbbk1n1q/p1pp1prp/1p2p1p1/8/8/3nNPK1/PNPPP1PP/RBB2R1Q w - - 6 9", 3, 17161ULL, 1},
    {"chess", "rbbnknrq/pppppppp/8/8/8/8/PPPPPPPP/RBBNKNRQ w GAga - 0 1", 3, 9032ULL, 1},
    {"chess", "rk1r1bbn/p1Np1ppp/qp6/3np3/2P5/1P6/P2PPPPP/RKQ1RBBN b Ada - 0 7", 3, 33025ULL, 1},
    {"chess", "rk1rn1bn/ppp1pp2/4q2b/3pP1pp/1P6/2PP4/PK3PPP/1RQRNBBN b da - 2 9", 3, 30347ULL, 1},
    {"chess", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", 3, 13518ULL, 1},
    {"chess", "rkqrnbbn/pppppppp/8/8/8/8/PPPPPPPP/RKQRNBBN w DAda - 0 1", 4, 166301ULL, 1},
    {"chess", "rkrb1nbn/3p2pp/ppp2p2/1P1q4/2P1p1P1/4PB2/P1RP1P1P/R1K1QNBN b ca - 1 10", 3, 32581ULL,
     1},
    {"chess", "rkrbqnbn/1pp2ppp/4p3/p2p4/6P1/3PN3/PPP1PP1P/RKRB1QBN w CAca - 0 5", 3, 12408ULL, 1},
    {"chess", "rkrbqnbn/pppppppp/8/8/8/8/PPPPPPPP/RKRBQNBN w CAca - 0 1", 4, 164162ULL, 1},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", 4, 197281ULL, 1},
    {"crazyhouse", "1Rb1k2r/1p3ppp/2pbp2n/7q/8/2P5/1P2PPPP/1N2KBNR[QRNPbppp] w Kk - 0 12", 2,
     18126ULL, 0},
    {"crazyhouse", "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", 2, 75353ULL, 0},
    {"crazyhouse", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", 3, 88634ULL, 0},
    {"crazyhouse", "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1", 3,
     58057ULL, 0},
    {"crazyhouse", "r1bqkbnr/ppppp2p/2n2p2/6p1/6P1/3P4/PPPNPP1P/R1BQKBNR[] w KQkq - 0 4", 3,
     11965ULL, 0},
    {"crazyhouse", "r3kbnr/1pp1pppp/n3r3/7Q/P7/2P2Kq1/1PPP1P1P/R1B5[BBnnppp] w kq - 0 12", 3,
     30028ULL, 0},
    {"crazyhouse", "rnb1kb1r/ppp1ppp1/7n/q2p3p/2PP4/1Q5P/PP1NPPP1/1RB1KB1R[n] w Kkq - 3 9", 3,
     52912ULL, 0},
    {"crazyhouse", "rnbqkb1r/p2Npppp/1p6/8/4n3/P4P2/1PPPP1PP/R1BQKBNR[PP] b KQkq - 0 6", 3,
     55385ULL, 0},
    {"crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 4, 197281ULL, 0},
    {"giveaway", "8/1p6/8/8/8/8/P7/8 w - - 0 1", 4, 3ULL, 0},
    {"giveaway", "8/2p5/8/8/8/8/P7/8 w - - 0 1", 12, 2557ULL, 0},
    {"giveaway", "Bn3bnr/p1pk3p/3p4/5pB1/2P1p3/3P4/PP2P2P/RN2K1NR w KQ - 0 10", 4, 42ULL, 0},
    {"giveaway", "rn2kb2/2p1pppr/7n/pB1p4/8/4PP2/PPPP4/RNBQK1N1 w Qq - 1 9", 4, 826ULL, 0},
    {"giveaway", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 153299ULL, 0},
    {"kingofthehill", "r2q1bnr/pp1bp1k1/n1p2p1p/6p1/2P2P2/1P2P3/P2P2PP/RNB1KBNR w KQ - 0 10", 3,
     19484ULL, 0},
    {"kingofthehill", "rnb2b1r/ppp2ppp/3k4/8/1PKp1pn1/3Pq3/PBP1P2P/RN1Q1B1R w - - 4 12", 3,
     19003ULL, 0},
    {"kingofthehill", "rnb2k2/1pqp1p1r/p2b1npp/2p1p3/PPB3P1/2N1PN1P/2PP1P2/R1B1KQ1R w KQ - 0 11", 3,
     47004ULL, 0},
    {"kingofthehill", "rnbqkb1r/pppppp1p/7n/6p1/6P1/N2PP3/PPP1BP1P/R1BQK1NR b KQkq - 4 5", 3,
     9299ULL, 0},
    {"kingofthehill", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197281ULL, 0},
    {"racingkings", "1r6/8/6Q1/8/6K1/n3r3/2b1NBR1/qkbnNBR1 w - - 18 10", 3, 45099ULL, 0},
    {"racingkings", "4brn1/2K2k2/8/8/8/8/8/8 w - - 0 1", 5, 12981ULL, 0},
    {"racingkings", "6R1/2k5/5K2/8/3r4/8/8/8 b - - 0 1", 4, 86009ULL, 0},
    {"racingkings", "6r1/2K5/5k2/8/3R4/8/8/8 w - - 0 1", 4, 86041ULL, 0},
    {"racingkings", "8/8/5q2/1r6/7B/b2N2N1/k1bn2RK/1r1n1BRQ b - - 9 5", 3, 56463ULL, 0},
    {"racingkings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", 3, 11264ULL, 0},
    {"xiangqi", "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", 3,
     100326ULL, 0},
    {"xiangqi", "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", 4, 92741ULL, 0},
    {"xiangqi", "rnbakab1r/9/8n/2p1p1p1p/p5c2/2P6/PC2c1P1P/1R1A4C/9/1NBAK1BNR w - - 6 8", 3,
     28051ULL, 0},
    {"xiangqi", "rnbakabn1/1C7/2c4c1/p1p1p1pr1/9/P7P/2P1P1P2/8B/5N3/RNBAKA2R b - - 11 10", 3,
     48625ULL, 0},
    {"xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 3,
     79666ULL, 0},
};

START_TEST(oracle_rows_match) {
  const OracleRow *row = &ORACLE_ROWS[_i];
  char err[128];
  Position *pos = pos_new(fx_variant(row->variant), err, sizeof err);
  ck_assert_msg(pos != NULL, "%s", err);
  pos_set_chess960(pos, row->chess960);
  ck_assert_msg(pos_set_fen(pos, row->fen, err, sizeof err), "%s", err);
  unsigned long long got = perft(pos, row->depth);
  ck_assert_msg(got == row->nodes, "%s %s depth %d: expected %llu, got %llu", row->variant,
                row->fen, row->depth, row->nodes, got);
  pos_free(pos);
}
END_TEST

START_TEST(drop_and_chess960_move_text) {
  char err[128], text[MOVE_TEXT_MAX];
  Position *pos = pos_new(fx_variant("crazyhouse"), err, sizeof err);
  ck_assert(pos_set_fen(pos, "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", err, sizeof err));
  Move m = move_from_text(pos, "Q@d7", err, sizeof err);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s", err);
  move_to_text(pos, m, text, sizeof text);
  ck_assert_str_eq(text, "Q@d7");
  ck_assert(move_from_text(pos, "N@d7", err, sizeof err) == MOVE_NONE_VALUE); /* Black's */
  pos_free(pos);

  pos = pos_new(fx_chess(), err, sizeof err);
  pos_set_chess960(pos, true);
  ck_assert(pos_set_fen(pos, "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", err, sizeof err));
  /* Chess960 castling is written king-takes-partner: e1b1 is long castling. */
  m = move_from_text(pos, "e1b1", err, sizeof err);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s", err);
  ck_assert_int_eq(move_kind(m), MOVE_CASTLING);
  Undo u;
  pos_make_move(pos, m, &u);
  char fen[128];
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, "1r2k1r1/8/8/8/8/8/8/2KR2R1 b gb - 1 1");
  pos_free(pos);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_variants");
  TCase *tc = tcase_create("oracle");
  tcase_set_timeout(tc, 120);
  tcase_add_loop_test(tc, oracle_rows_match, 0, (int)(sizeof ORACLE_ROWS / sizeof ORACLE_ROWS[0]));
  tcase_add_test(tc, drop_and_chess960_move_text);
  suite_add_tcase(suite, tc);
  return suite;
}
