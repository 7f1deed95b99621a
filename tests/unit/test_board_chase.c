/* test_board_chase.c — xiangqi's perpetual chasing (chasing=axf{R}{NC}{AB},
 * board/chase.c) as the game referee applies it at a repetition: the side
 * that chased one piece with every move of the cycle loses, both chasing
 * draw, a protected piece of the attacker's rank is not chased, and
 * perpetual check is still looked at first. Each verdict but the last was
 * checked against Fairy-Stockfish 11.1-dev (/work/ref/fsf/src/stockfish,
 * UCI_Variant xiangqi): after the first seven plies, `go depth 6
 * searchmoves M` with M the cycle's last move scores "mate 1" where the
 * side making M wins, "mate -1" where it loses and "cp 0" for a draw. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board/chase.h"
#include "board/movegen.h"
#include "board/rules_end.h"
#include "engine/game.h"
#include "shipped_library.h"

Suite *test_suite(void);

typedef struct {
  const char *variant, *fen, *cycle[4];
  GameResult result; /* for the side to move after the eight plies (Red) */
  const char *reason;
} ChaseCase;

static void play_case(const VariantLibrary *lib, const ChaseCase *c) {
  char err[256] = "", reason[64] = "";
  Game *game = game_create(library_find(lib, c->variant), err, sizeof err);
  ck_assert_msg(game != NULL, "%s", err);
  ck_assert_msg(game_set_fen(game, c->fen, err, sizeof err) == 0, "%s: %s", c->fen, err);
  for (int ply = 0; ply < 8; ply++) {
    /* the first two times round decide nothing */
    ck_assert_msg(game_result(game, reason, sizeof reason) == RESULT_NONE, "%s: over at ply %d",
                  c->fen, ply);
    ck_assert_msg(game_play(game, c->cycle[ply % 4], err, sizeof err) == 0, "%s: %s: %s", c->fen,
                  c->cycle[ply % 4], err);
  }
  GameResult result = game_result(game, reason, sizeof reason);
  ck_assert_msg(result == c->result, "%s: result %d, want %d (%s)", c->fen, result, c->result,
                reason);
  ck_assert_str_eq(reason, c->reason);
  game_destroy(game);
}

/* The chased squares, in square order, space-separated. */
static void chased_text(const Position *pos, const ChasePly *ply, char *out, size_t size) {
  out[0] = '\0';
  for (int sq = 0; sq < pos->geo.sq_nb; sq++)
    if (ply->chased[sq >> 6] >> (sq & 63) & 1) {
      char name[16];
      geo_square_to_text(&pos->geo, sq, name, sizeof name);
      size_t n = strlen(out);
      snprintf(out + n, size - n, "%s%s", n ? " " : "", name);
    }
}

/* (1) Red's chariot chases the unprotected horse a8 <-> c7 from i8 and i7:
 * Red, to move at the third occurrence, loses. */
START_TEST(chasing_an_unprotected_piece_loses) {
  VariantLibrary *lib = shipped_library_load();
  static const ChaseCase CASES[] = {
      {"xiangqi",
       "4k4/9/n8/8R/9/9/9/9/9/3K5 w - - 0 1",
       {"i7i8", "a8c7", "i8i7", "c7a8"},
       RESULT_LOSS,
       "Black wins by perpetual chasing"},
      /* the cannon, with soldiers for screens, chases a horse of its own
       * rank that nothing protects */
      {"xiangqi",
       "4k4/9/n3P4/9/4P3C/9/9/9/9/3K5 w - - 0 1",
       {"i6i8", "a8b6", "i8i6", "b6a8"},
       RESULT_LOSS,
       "Black wins by perpetual chasing"},
      /* the same as (1) on crowdedxiangqi's five ranks */
      {"crowdedxiangqi",
       "4k4/9/n8/8R/3K5 w - - 0 1",
       {"i2i3", "a3c2", "i3i2", "c2a3"},
       RESULT_LOSS,
       "Black wins by perpetual chasing"},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) play_case(lib, &CASES[i]);
  library_free(lib);
}
END_TEST

/* (2) The same cycles with the horse protected by the black chariots on a10
 * and b10: no chase (the horse is of the cannon's rank, below the
 * chariot's), the plain repetition draw. */
START_TEST(a_protected_piece_is_not_chased) {
  VariantLibrary *lib = shipped_library_load();
  static const ChaseCase CASES[] = {
      {"xiangqi",
       "rr2k4/9/n3P4/9/4P3C/9/9/9/9/3K5 w - - 0 1",
       {"i6i8", "a8b6", "i8i6", "b6a8"},
       RESULT_DRAW,
       "Draw by repetition"},
      {"xiangqi",
       "rr2k4/9/n8/9/8R/9/9/9/9/3K5 w - - 0 1",
       {"i6i8", "a8b6", "i8i6", "b6a8"},
       RESULT_DRAW,
       "Draw by repetition"},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) play_case(lib, &CASES[i]);
  library_free(lib);
}
END_TEST

/* (3) Each side chases the other's elephant with a horse and, with the horse
 * as its screen, a cannon: a draw. Without Black's cannon only Red chases
 * (Black wins); without Red's only Black does (Red wins). */
START_TEST(mutual_chasing_draws) {
  VariantLibrary *lib = shipped_library_load();
  static const ChaseCase CASES[] = {
      {"xiangqi",
       "4k3c/9/b8/2N6/9/9/6n2/8B/9/C2K5 w - - 0 1",
       {"c7a6", "g4i5", "a6c7", "i5g4"},
       RESULT_DRAW,
       "Draw by perpetual chasing"},
      {"xiangqi",
       "4k4/9/b8/2N6/9/9/6n2/8B/9/C2K5 w - - 0 1",
       {"c7a6", "g4i5", "a6c7", "i5g4"},
       RESULT_LOSS,
       "Black wins by perpetual chasing"},
      {"xiangqi",
       "4k3c/9/b8/2N6/9/9/6n2/8B/9/3K5 w - - 0 1",
       {"c7a6", "g4i5", "a6c7", "i5g4"},
       RESULT_WIN,
       "White wins by perpetual chasing"},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) play_case(lib, &CASES[i]);
  library_free(lib);
}
END_TEST

/* (4) Perpetual check is decided as before where the chasing rule is on
 * (the cycles of test_engine_game.c's perpetual_check_loses...). */
START_TEST(perpetual_check_comes_first) {
  VariantLibrary *lib = shipped_library_load();
  static const ChaseCase CASES[] = {
      {"xiangqi",
       "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1",
       {"e10e9", "a10a9", "e9e10", "a9a10"},
       RESULT_WIN,
       "Black wins by repetition"},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) play_case(lib, &CASES[i]);
  library_free(lib);
}
END_TEST

/* The chased sets themselves: the chariot's move to i8 chases a8; an
 * uncrossed soldier is no target, a crossed one is; the general never. */
START_TEST(what_a_move_chases) {
  VariantLibrary *lib = shipped_library_load();
  static const struct {
    const char *fen, *move, *chased; /* chased: squares, space-separated, or "" */
  } CASES[] = {
      {"4k4/9/n8/8R/9/9/9/9/9/3K5 w - - 0 1", "i7i8", "a8"},
      /* a soldier on its own side of the river is no target */
      {"4k4/9/9/9/p8/9/9/8R/9/3K5 w - - 0 1", "i3i6", ""},
      /* across it (Black's soldier on rank 4), it is */
      {"4k4/9/9/9/9/9/p8/8R/9/3K5 w - - 0 1", "i3i4", "a4"},
      /* the same soldier, protected by its neighbour: no chase */
      {"4k4/9/9/9/9/9/pp7/8R/9/3K5 w - - 0 1", "i3i4", ""},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
    Position *pos = shipped_position(lib, "xiangqi", CASES[i].fen);
    Undo undo;
    shipped_play(pos, CASES[i].move, &undo);
    ChasePly ply;
    pos_chase_record(pos, &undo, &ply);
    char got[256] = "";
    chased_text(pos, &ply, got, sizeof got);
    ck_assert_msg(!strcmp(got, CASES[i].chased), "%s %s: chased '%s', want '%s'", CASES[i].fen,
                  CASES[i].move, got, CASES[i].chased);
    ck_assert(ply.move == undo.move);
    pos_free(pos);
  }
  library_free(lib);
}
END_TEST

/* Chased sets from random xiangqi games (Chimera's moves, chosen at
 * random) that Fairy-Stockfish's `d` command prints alike on its
 * "Chased:" line, a third of them found only by the pinned-root and
 * discovered-check parts. Over 10,760 such plies the two differed in 7,
 * every one where Fairy-Stockfish's attack tables ignore a piece's region
 * (an elephant across the river, an advisor out of its palace, an
 * uncrossed soldier sideways) or its flying-general pin ignores the
 * enemy pieces on the file (board/chase.c). */
START_TEST(agrees_with_fairy_stockfish) {
  VariantLibrary *lib = shipped_library_load();
  static const struct {
    const char *fen, *move, *chased;
  } CASES[] = {
      {"3a1ab1r/1n2r1n2/4bk3/4pC3/p1p1P1P2/c1P4Cp/7pP/B1N2N3/R4R3/3AKAB1c w - - 26 35", "f3e5",
       "f10"},
      {"1cba1ab2/4c4/r2k1r3/4n4/p1p3p1p/PCP1NpP1P/4P4/BRnCK3B/4A4/5A1NR b - - 109 55", "e7g8",
       "e5"},
      {"rc2kabC1/C2n1r1n1/3a1c3/p1p6/P1b3p1p/2PN1pP1P/4P4/B4RR1B/4A4/3ANK3 b - - 89 45", "f5f4",
       "f3 e4"},
      {"1nr1kab2/4a4/bc1C1c2n/2p1p1p1p/p2r5/4P3P/P1P3PC1/4B3B/R3N4/1N1AKA2R w - - 62 32", "h4h10",
       "i8"},
      {"2rak3r/n8/b2abn3/1C6p/pc6R/2p1pp2P/P1P1P1P2/c5N2/2N1ACR2/2BA1KB2 w - - 90 46", "b7b10",
       "c5 d10"},
      {"1nraka3/3C3c1/b8/p1p1p1n2/2bP2p2/P1B4rp/2P3P1P/5C2B/R2K2c1N/3A1A1NR b - - 87 44", "h5h2",
       "a2 i2"},
      {"2ba1ab2/1n4n2/5k3/4pC1C1/p1p1PPr2/c1P5p/2N4pP/B1N4c1/1R1rAR3/4KAB2 w - - 44 44", "f7g7",
       "g6 g10"},
      {"1n1a1a2r/r3k4/4b4/p1p1pc3/2b3pn1/P1PC2P1p/c3P3P/B7B/7RC/RN1AKA1N1 w - - 56 29", "d5e5",
       "c6"},
      {"2baknb1r/1r7/n2a5/2pc2p1p/p8/PNP1p1P1P/CR2P4/B4CN1B/6c2/1R1AKA3 b - - 51 26", "d7e7", "e4"},
      {"r1ba1abn1/1R3c2r/3k1C3/n1p1p3p/6p2/p1PcP3P/P5P2/B3NA3/7C1/1R2KABN1 w - - 48 25", "b1d1",
       "a5 d5"},
      {"rcba1a3/3k5/4b1r2/4n4/pcp3p1p/PCPCNpP1P/n3P4/B5N1B/5K3/1R1A1A2R b - - 95 48", "g8f8",
       "e5 g5"},
      {"5a1n1/3ka2c1/4br2b/2p1pC2p/pn4p1P/P2NPRP2/2P6/5c2N/5R2C/2BAKAB2 w - - 7 58", "f2d2",
       "b6 c7 e7"},
      {"2rakab2/8r/1R2b1n1n/p1p1p1c1p/2P1P1p1P/1N7/P3CcP2/6C2/4A4/1NBA1KBR1 b - - 67 34", "i9f9",
       "a4"},
      {"3a1kb2/4r1c2/4ba1Cn/1np2r2p/p2Pp1pRP/PN2P1P2/9/3ABA2N/1R1K4c/C1B6 w - - 104 53", "h8h9",
       "e9"},
      {"rn1ak4/4an3/4b3r/2p3p2/p1b5p/2P1p3C/PC2P1P1P/B4c3/3c5/RN1AKABNR w - - 38 20", "b4b9", "f9"},
      {"2ba1abC1/1n4n2/3r1k3/4p2C1/p1p1PP3/cNP1r3p/7pP/4N4/3RAR3/2B1KABc1 b - - 61 52", "d8b8",
       "b5"},
      {"r1bakabn1/4C4/n8/p1p2rp1p/4PcP2/2Pp4P/P4C3/N3c3R/9/R1BAKABN1 b - - 39 20", "a10a9", "e9"},
      {"rn1a1a1cr/3k5/b1C4Rn/pc2p3p/2p3b2/P3P2p1/2P3P1P/B8/R5C2/1NBAKA1N1 w - - 36 19", "g2g1",
       "g6"},
      {"1n1k1ab2/2r1n4/3ac4/p5p1c/P1R3b1p/1p1p2P1P/2P1P2r1/4B3B/C2NK2C1/R2A1AN2 w - - 96 49",
       "a2b2", "b10"},
      {"1n1akabnr/9/1c1rb2Cc/p1p1p1p1p/8C/9/P1P1P1P1P/9/R8/1NBAKABNR b - - 15 8", "d8d6", "i6"},
      {"r2a1k3/2c1ac2n/2N1b3b/nPp6/pCP1p1p1p/4P1B2/5CP1P/5A3/3KA2rR/R1B4N1 b - - 101 51", "f9h9",
       "h1"},
      {"1n1akabn1/5r3/b6c1/2r1p4/p2cP1p2/PCBp4p/2P3P1P/C7B/2NR4R/3AKA1N1 w - - 96 49", "i2h2",
       "h8"},
      {"1n1a2b2/2r1ak3/3Nb3n/R1p1p1ccr/p1P1PC2p/P5p2/6P1P/C3B4/3K2N1R/3A1AB2 w - - 72 37", "g1i3",
       "g5"},
      {"2b2a1C1/5k2c/3a5/p1p1p1n2/P1PC2bn1/3NPpP1p/2r5P/3AB1N2/8R/2c1KAB2 b - - 7 57", "i5h5",
       "i2"},
      {"1C1a3n1/5k2r/n3ba3/p5p1p/c1p3b1P/P1PRp1c2/3CP1Pr1/4B3N/4A3N/R2K1AB2 b - - 101 51", "h4i4",
       "i6"},
      {"2ra1a3/cr3k3/n3b1n2/pC4p1p/2p1p1bP1/P1P1P4/N5Pc1/B3B3N/9/3AKACR1 w - - 20 37", "i3g2",
       "h4"},
      {"1cb3b2/r3ak3/3a2n2/p1p1r4/2P1pnp1p/2P5P/c1CCPRPN1/3AB4/R3K4/1N3AB2 w - - 108 55", "b1c3",
       "a4"},
      {"1cba1ab2/1c7/r2k1r3/4n4/p1p3p1p/PCP1NpP1P/4P4/BRnC1K2B/4A4/5A1NR b - - 107 54", "b9e9",
       "b3"},
      {"2b1ka3/3ca2r1/r1n2c2b/2p1n4/p3p1p2/P2C2P1p/2P1P3P/N2CB3R/8N/R1BAKA3 w - - 50 26", "d5c5",
       "i5"},
      {"1nbak1bnr/2r6/3acc3/p3p1p1p/2p6/9/PCP1P1P1P/B2A3C1/8R/RN2KABN1 w - - 20 11", "i2f2", "f8"},
      {"rnbk1a1nr/9/c2a1c2b/p1p1pCp1p/7C1/9/P1P1P1P1P/3A4R/9/RNB1KABN1 w - - 14 8", "h6c6", "c10"},
      {"2b2a1nr/4ar3/2c2k2b/3n3C1/4p1p1p/p2pC1P1P/P1P1PN3/2RA5/2N6/R1BK1AB1c w - - 88 45", "f4g2",
       "i1"},
      {"3akab1r/1c4r2/n7n/p1p1p1p1p/PC4b1c/2P3PCP/1R2P4/B5N1B/7R1/1N1AKA3 b - - 41 21", "g6e8",
       "a6"},
      {"2bakabnr/n8/9/p1prp3c/1P1C2P1p/2P5P/R3P3c/B1N1BA1C1/5N2R/4KA3 b - - 14 46", "d7d9", "d6"},
      {"1nbk1a1nr/2r1a4/8b/p1p1p1p1c/4P3p/9/P1P3P1P/B1C2cCR1/4A1R2/1N2KABN1 b - - 27 14", "f3e3",
       "h3"},
      {"r1ba1aCn1/2c1k3r/5n3/1Np6/p1c1p1b1p/4P2p1/P1P3P1P/B5N2/C8/2RAKAB1R b - - 77 39", "i6i5",
       ""},
      {"rn1a1abnr/5c3/3kb4/2p1p3p/p3c1p2/4P4/P1PC2PCP/B3NA3/3R5/R3KABN1 w - - 28 15", "i4i5", ""},
      {"r1ba1abn1/1Rc5r/2nk1C3/2p1p3p/3c2p2/p3P3P/P1P3PC1/B2RNA3/9/4KABN1 w - - 40 21", "h4h2", ""},
      {"1n1akabnr/r8/4b3c/p1p5p/1C2p1p2/4P4/P1P3P1P/2C4c1/1R7/1NBAKABNR b - - 21 11", "b10d9", ""},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
    Position *pos = shipped_position(lib, "xiangqi", CASES[i].fen);
    Undo undo;
    shipped_play(pos, CASES[i].move, &undo);
    ChasePly ply;
    pos_chase_record(pos, &undo, &ply);
    char got[256] = "";
    chased_text(pos, &ply, got, sizeof got);
    ck_assert_msg(!strcmp(got, CASES[i].chased), "%s %s: chased '%s', want '%s'", CASES[i].fen,
                  CASES[i].move, got, CASES[i].chased);
    pos_free(pos);
  }
  library_free(lib);
}
END_TEST

/* chasing=axf lengthens the move rule by the checks of its window, as
 * Fairy-Stockfish's is_optional_game_end: the side that gave more than 10
 * adds a move for each further check. The game's checks are given as a
 * history whose current position (index `plies`, Black to move, not in
 * check) is the FEN's: Red's checks at plies - red_back, then every second
 * ply further back, Black's at plies-1, plies-3, ... */
static GameResult move_rule_with_checks(const char *variant, const char *fen, int plies,
                                        int red_back, int checks_by_red, int checks_by_black) {
  VariantLibrary *lib = shipped_library_load();
  Position *pos = shipped_position(lib, variant, fen);
  bool checks[200] = {false};
  ck_assert_int_lt(plies, 200);
  for (int k = 0; k < checks_by_red; k++) checks[plies - red_back - 2 * k] = true;
  for (int k = 0; k < checks_by_black; k++) checks[plies - 1 - 2 * k] = true;
  GameResult result = pos_game_result_at(pos, -1, checks, plies);
  ck_assert_int_eq(pos_game_result_at(pos, -1, NULL, plies), RESULT_DRAW); /* no checks known */
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_DRAW);
  pos_free(pos);
  library_free(lib);
  return result;
}

START_TEST(checks_lengthen_the_move_rule) {
  const char *at_100 = "4k4/9/9/9/9/9/9/9/R8/3K5 b - - 100 80";
  const char *at_102 = "4k4/9/9/9/9/9/9/9/R8/3K5 b - - 102 81";
  ck_assert_int_eq(move_rule_with_checks("xiangqi", at_100, 150, 2, 0, 0), RESULT_DRAW);
  ck_assert_int_eq(move_rule_with_checks("xiangqi", at_100, 150, 2, 10, 10), RESULT_DRAW);
  /* an 11th check by one side: one move more */
  ck_assert_int_eq(move_rule_with_checks("xiangqi", at_100, 150, 2, 11, 0), RESULT_NONE);
  ck_assert_int_eq(move_rule_with_checks("xiangqi", at_100, 150, 2, 0, 11), RESULT_NONE);
  ck_assert_int_eq(move_rule_with_checks("xiangqi", at_102, 150, 2, 11, 0), RESULT_DRAW);
  ck_assert_int_eq(move_rule_with_checks("xiangqi", at_102, 150, 2, 12, 3), RESULT_NONE);
  /* only the window since the last capture counts: 11 checks, 9 of them in it */
  ck_assert_int_eq(move_rule_with_checks("xiangqi", at_100, 150, 82, 11, 0), RESULT_DRAW);
  ck_assert_int_eq(move_rule_with_checks("xiangqi", at_100, 150, 78, 11, 0), RESULT_NONE);
  /* fewer than 20 plies of history: no extension, as Fairy-Stockfish */
  ck_assert_int_eq(move_rule_with_checks("xiangqi", at_100, 19, 2, 9, 9), RESULT_DRAW);
  /* manchu has no chasing rule, and so no extension */
  ck_assert_int_eq(move_rule_with_checks("manchu", at_100, 150, 2, 11, 0), RESULT_DRAW);
}
END_TEST

Suite *test_suite(void) {
  Suite *s = suite_create("board_chase");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, chasing_an_unprotected_piece_loses);
  tcase_add_test(tc, a_protected_piece_is_not_chased);
  tcase_add_test(tc, mutual_chasing_draws);
  tcase_add_test(tc, perpetual_check_comes_first);
  tcase_add_test(tc, what_a_move_chases);
  tcase_add_test(tc, agrees_with_fairy_stockfish);
  tcase_add_test(tc, checks_lengthen_the_move_rule);
  suite_add_tcase(s, tc);
  return s;
}
