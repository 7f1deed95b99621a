/* test_board_fsf_games.c — moves Fairy-Stockfish played in random games
 * (issue #11) that Chimera refused, each at the position where it was
 * played: the move reads and writes back as Fairy-Stockfish writes it, and
 * the legal move count is Fairy-Stockfish's `go perft 1` there. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

typedef struct {
  const char *variant, *fen, *move; /* the move as Fairy-Stockfish writes it, or NULL */
  int legal;                        /* Fairy-Stockfish's perft 1 at fen */
  const char *after;                /* Fairy-Stockfish's FEN after the move, or NULL */
} FsfGameCase;

static const FsfGameCase CASES[] = {
    /* wall=ormove: a move that places no wall carries the empty wall field a1 */
    {"atlantis", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4,e4a1", 28, NULL},
    /* shogi-style promotion (promotedPieceType): text '+', FEN +H */
    {"shinobi", "rnbk1bnr/pp2p1pp/2pp1p2/6H1/5qJ1/L1P2P2/PP1PP1PP/LH1CK1HL[MM] w - - 0 10", "g5h7+",
     47, "rnbk1bnr/pp2p1p+H/2pp1p2/8/5qJ1/L1P2P2/PP1PP1PP/LH1CK1HL[MM] b - - 0 10"},
    /* backrank: a piece reaching the far rank becomes a king, shogi-style
     * (promotedPieceType): text '+', FEN +Q; the game ends there */
    {"backrank", "b2nk3/1Q6/2r5/1p2Pp2/2p2bn1/1PNq2pP/P3P3/K5NR w - - 2 34", "b7c8+", 33,
     "b1+Qnk3/8/2r5/1p2Pp2/2p2bn1/1PNq2pP/P3P3/K5NR b - - 0 34"},
    /* only swallows and falcons promote; the pheasant (P) does not */
    {"torishogi", "rc1Pkp1/2lffcl/Sss1sss/1sSS1SR/1Ss2P1/CKSS2C/1P4S[s] w - - 0 38", "d7c6", 20,
     NULL},
    /* promotion to a knight, although the start has none (promotionPieceTypes nbrq) */
    {"6x6atom", "2k2r/4pp/3pPP/3P1R/p1P3/3KQ1 b - - 1 18", "a2a1n", 12, NULL},
    /* guards are dropped only in the palace */
    {"janggihouse",
     "1nba1abn1/9/c2k4r/1p2p1pp1/9/P1r1c4/p4P2P/2NC1KNC1/3A5/1RB2pBR1[Pa] b - - 1 18", "A@e9", 60,
     NULL},
    /* a soldier dropped in its own palace steps forward along its diagonals */
    {"janggihouse",
     "3ak1b1r/4p1p2/c4a3/1p1Cb3p/1rPp5/1NP3C2/1PP1c1B2/1R1PN1N2/3KA1N2/4A1B1R[] b - - 18 51",
     "e9d8", 38, NULL},
    /* the generals may not face each other on a rank either, where the
     * palaces share one: Kf2-f3 would face the general on d3 */
    {"crowdedxiangqi", "1P3a3/9/3k1a3/4RK3/3A2p1p w - - 1 53", NULL, 10, NULL},
    /* Fairy-Stockfish's custom b, n, r replace the bishop, knight and rook
     * of the promotion types: a pawn promotes to a queen only */
    {"dragon-chess", "rn1qk3/Pb1p1p2/2p3p1/4p1p1/5P2/bP2PRnB/2NP3r/RPBQK3 w - - 1 38", "a7a8q", 57,
     NULL},
    /* no promotion types (a section without a parent): a pawn never
     * reaches the last rank */
    {"maharajah", "7q/r1k1n3/br1p4/Mp1n4/4p3/5p2/2p5/8 b - - 0 58", NULL, 42, NULL},
    {"maharajah2", "2m5/4P3/8/2PP4/2B1QP1P/1P3N2/6P1/1R2K3 w - - 3 43", NULL, 37, NULL},
    /* promotion to q, r, b, n: neither the commoner nor the king */
    {"rookmate", "3rk3/1P1c1p1p/1R6/p3pqb1/P1P1PQP1/2BP4/N1B2K1P/4C3 w - - 6+6 1 43", "b7b8q", 45,
     NULL},
    {"threekings", "k3kbnk/1b1p1P1p/1Pp5/pK5q/4Np2/5PPP/1P2P2K/3K1BN1 w - - 1 28", "f7e8q", 35,
     NULL},
    /* wildebeest: promotion is optional even on the last rank, where the
     * pawn then stays (mandatoryPawnPromotion = false) */
    {"wildebeest", "11/5r5/1R3p5/2pn5Cp/4p4kP/4P1P2P1/5N5/7N3/p10/2K5C2 b - - 5 93", "a2a1", 27,
     NULL},
    /* a stuck pawn still attacks the last rank: the maharajah may not step
     * beside it there (Fairy-Stockfish's pawn attacks), nor may it take */
    {"maharajah", "2r5/7r/2k5/3pp3/n1p5/7p/p7/2M5 w - - 0 53", NULL, 13, NULL},
    {"maharajah2", "8/5P2/6m1/8/1P6/P7/2PPP1BP/RNBQK1NR b KQ - 0 8", NULL, 20, NULL},
    /* river and tencubed promote to Fairy-Stockfish's promotion types only */
    {"river", "1rb1k2r/pp3ppp/n7/3p1nN1/2QbP3/2q2PP1/PPp4P/RNB1KBR1 b Q - 1 17", "c2b1q", 48, NULL},
    {"tencubed", "7k1n/2B2a3r/2p2p2p1/1p4cpbp/10/PB1P2P1PN/6b3/1N8/4pwK2R/10 b - - 1 88", "e2e1a",
     67, NULL},
    /* wolf: the pawn's elephant is its promotedPieceType (text '+', FEN +P),
     * (a sergeant's double step may be taken en passant: below) */
    {"wolf", "8/1n5P/8/2pp1pk1/pp2p3/2P1P1Pb/2SPq3/2Q5/3K3P/8 w - - 1 87", "h9h10+", 28,
     "7+P/1n6/8/2pp1pk1/pp2p3/2P1P1Pb/2SPq3/2Q5/3K3P/8 b - - 0 87"},
};

START_TEST(fsf_game_moves) {
  VariantLibrary *lib = shipped_library_load();
  const FsfGameCase *c = &CASES[_i];
  Position *pos = shipped_position(lib, c->variant, c->fen);
  ck_assert_msg(gen_legal_count(pos) == c->legal, "%s %s: %d legal moves, Fairy-Stockfish %d",
                c->variant, c->fen, gen_legal_count(pos), c->legal);
  if (!c->move) {
    pos_free(pos);
    library_free(lib);
    return;
  }
  Undo undo;
  shipped_play(pos, c->move, &undo);
  if (c->after) {
    char fen[512];
    pos_get_fen(pos, fen, sizeof fen);
    ck_assert_str_eq(fen, c->after);
  }
  pos_free(pos);
  library_free(lib);
}
END_TEST

/* wolf: a sergeant's double step may be taken en passant by a pawn, as in
 * Fairy-Stockfish (58 legal moves after b2b4, with c4b3) */
START_TEST(wolf_sergeant_double_step_en_passant) {
  VariantLibrary *lib = shipped_library_load();
  Position *pos = shipped_position(
      lib, "wolf", "qw1rb3/4b2k/Fp4sp/f2p4/P1ss4/3Pp3/P1p1S1PP/2P2P2/KS1BP1S1/1N1Bn1W1 w - - 0 31");
  Undo u[2];
  shipped_play(pos, "b2b4", &u[0]);
  ck_assert_int_eq(gen_legal_count(pos), 58);
  shipped_play(pos, "c4b3", &u[1]);
  pos_free(pos);
  library_free(lib);
}
END_TEST

/* atlantis: the move without the wall field is not Fairy-Stockfish's text */
START_TEST(atlantis_plain_text_refused) {
  VariantLibrary *lib = shipped_library_load();
  Position *pos = shipped_position(lib, "atlantis", NULL);
  char err[128];
  ck_assert(move_from_text(pos, "e2e4", err, sizeof err) == MOVE_NONE_VALUE);
  pos_free(pos);
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_fsf_games");
  TCase *tc = tcase_create("fsf_games");
  tcase_add_loop_test(tc, fsf_game_moves, 0, (int)(sizeof CASES / sizeof CASES[0]));
  tcase_add_test(tc, atlantis_plain_text_refused);
  tcase_add_test(tc, wolf_sergeant_double_step_en_passant);
  suite_add_tcase(suite, tc);
  return suite;
}
