/* test_board_fsf_rules.c — rules of shipped variants that Fairy-Stockfish
 * models beyond plain moves, on small positions whose legal moves can be
 * counted by hand: cambodian's lost king leap (royal=aimed{R}), spartan's
 * second king by promotion (promotion=limit(2){K}), dobutsu's try
 * (hill=safe, drop=immobile), placement's bishops on both colours and
 * castling with dropped pieces (drop{B}=opposite, castling=dropped). The oracle
 * counts for the same variants are checked by the perft suites. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

static VariantLibrary *lib;

static void teardown(void) {
  if (lib) library_free(lib);
  lib = NULL;
}

static Position *shipped_at(const char *variant, const char *fen) {
  if (!lib) lib = shipped_library_load();
  return shipped_position(lib, variant, fen);
}

static void play(Position *pos, const char *text, Undo *undo) {
  char err[128] = "";
  Move m = move_from_text(pos, text, err, sizeof err);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s: %s", text, err);
  pos_make_move(pos, m, undo);
}

static int legal_count(const Position *pos) {
  MoveList list;
  return gen_legal_moves(pos, &list);
}

static bool is_legal(const Position *pos, const char *text) {
  char err[128];
  return move_from_text(pos, text, err, sizeof err) != MOVE_NONE_VALUE;
}

/* White's king on d1 has its leap (b2, f2) until a black rook lands on its
 * file or rank, even behind a blocker, as in Fairy-Stockfish. */
START_TEST(cambodian_rook_on_the_kings_line_takes_the_leap) {
  Position *pos = shipped_at("cambodian", "4k3/8/8/8/r7/8/8/3K4 b D - 0 1");
  Undo u;
  play(pos, "a4h4", &u); /* not on d-file or rank 1: c1 e1 c2 d2 e2 b2 f2 */
  ck_assert_int_eq(legal_count(pos), 7);
  ck_assert(is_legal(pos, "d1f2"));
  pos_unmake_move(pos, &u);
  play(pos, "a4d4", &u); /* d2 attacked, and the leap is gone: c1 e1 c2 e2 */
  ck_assert_int_eq(legal_count(pos), 4);
  ck_assert(!is_legal(pos, "d1f2"));
  pos_unmake_move(pos, &u);
  play(pos, "a4h4", &u); /* unmake gave the leap back */
  ck_assert(is_legal(pos, "d1b2"));
  pos_free(pos);

  /* The pawn on d3 blocks the rook, yet the leap is lost all the same. */
  pos = shipped_at("cambodian", "4k3/8/8/8/r7/3P4/8/3K4 b D - 0 1");
  play(pos, "a4d4", &u); /* c1 e1 c2 d2 e2; the pawn is stuck */
  ck_assert_int_eq(legal_count(pos), 5);
  pos_free(pos);
}
END_TEST

/* A hoplite reaching rank 1 becomes L G W C, or a king while Black has one
 * king only; with two kings, duple check lets a pinned hoplite promote to
 * the second king beside the attacked one. */
START_TEST(spartan_hoplite_promotes_to_a_second_king_only) {
  /* kings h8 and a1: c2 to b1/d1 as L G W C (8), a1: a2 b1 b2, h8: g7 g8 h7 */
  Position *pos = shipped_at("spartan", "7k/8/8/8/8/8/2h5/k3K3 b - - 0 1");
  ck_assert_int_eq(legal_count(pos), 14);
  ck_assert(!is_legal(pos, "c2b1k"));
  pos_free(pos);
  /* one king: c2 to b1/d1 as L G W C K (10), h8: g7 g8 h7 */
  pos = shipped_at("spartan", "7k/8/8/8/8/8/2h5/4K3 b - - 0 1");
  ck_assert_int_eq(legal_count(pos), 13);
  pos_free(pos);
  /* g2 is pinned to g1 by the queen, yet g2h1k leaves a king unattacked */
  pos = shipped_at("spartan", "8/8/8/8/6Q1/8/6h1/4K1k1 b - - 0 1");
  ck_assert(is_legal(pos, "g2h1k"));
  ck_assert(!is_legal(pos, "g2h1l"));
  ck_assert(!is_legal(pos, "g2f1k")); /* f1 is next to White's king: both attacked */
  pos_free(pos);
  /* the initial two-square leap jumps over d6 */
  pos = shipped_at("spartan", "7k/2h5/3h4/8/8/8/8/4K3 b - - 0 1");
  ck_assert(is_legal(pos, "c7e5"));
  pos_free(pos);
}
END_TEST

/* Dobutsu: a lion on its last rank wins only where the opponent cannot take
 * it, and wins as soon as it stands there safe, whoever is to move. */
START_TEST(dobutsu_lion_wins_only_on_a_safe_square) {
  Position *pos = shipped_at("dobutsu", "2g/L2/2l/3[] w - - 0 1");
  Undo u;
  play(pos, "a3a4", &u); /* nothing attacks a4: White has won */
  ck_assert_int_eq(legal_count(pos), 0);
  pos_unmake_move(pos, &u);
  play(pos, "a3b4", &u); /* the giraffe on c4 attacks b4: play goes on */
  /* giraffe: xb4 c3; lion: b1 c1 b2 b3 c3 */
  ck_assert_int_eq(legal_count(pos), 7);
  pos_free(pos);
  /* Black's lion stands on c1 (its goal) at White's turn: safe while the
   * white lion does not attack it. */
  pos = shipped_at("dobutsu", "g2/3/L2/2l[] w - - 0 1");
  ck_assert_int_eq(legal_count(pos), 0);
  pos_free(pos);
  pos = shipped_at("dobutsu", "g2/3/1L1/2l[] w - - 0 1");
  ck_assert_int_eq(legal_count(pos), 8); /* every lion step: a1 b1 c1 a2 c2 a3 b3 c3 */
  play(pos, "b2a2", &u);                 /* no longer attacked: Black has won */
  ck_assert_int_eq(legal_count(pos), 0);
  pos_free(pos);
}
END_TEST

/* Dobutsu: a chick may be dropped on the last rank, where it cannot move. */
START_TEST(dobutsu_chick_drops_on_the_last_rank) {
  Position *pos = shipped_at("dobutsu", "Lge/l2/1cG/E2[c] b - - 3 4");
  ck_assert(is_legal(pos, "C@b1"));
  ck_assert(is_legal(pos, "C@c1"));
  pos_free(pos);
}
END_TEST

/* Placement: White's bishop on d1 stands on a light square, so the one in
 * hand must go to the dark c1, and the rook must leave c1 free for it. */
START_TEST(placement_bishops_on_both_colours) {
  Position *pos =
      shipped_at("placement", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/QR1BKNN1[RBk] w - - 0 1");
  ck_assert_int_eq(legal_count(pos), 2);
  ck_assert(is_legal(pos, "B@c1") && is_legal(pos, "R@h1"));
  ck_assert(!is_legal(pos, "B@h1") && !is_legal(pos, "R@c1"));
  pos_free(pos);
}
END_TEST

static void assert_castling_field(const Position *pos, const char *want) {
  char fen[256], field[32];
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert(sscanf(fen, "%*s %*s %31s", field) == 1);
  ck_assert_msg(!strcmp(field, want), "castling field %s, want %s (%s)", field, want, fen);
}

/* Placement: a king dropped on e1 may castle with the rooks in the corners,
 * a rook dropped in a corner with the king on e8. */
START_TEST(placement_dropped_king_and_rook_castle) {
  Position *pos = shipped_at("placement", "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1");
  Undo u[3];
  play(pos, "K@e1", &u[0]);
  assert_castling_field(pos, "KQq");
  play(pos, "R@h8", &u[1]);
  assert_castling_field(pos, "KQkq");
  ck_assert(is_legal(pos, "e1g1") && is_legal(pos, "e1c1"));
  pos_unmake_move(pos, &u[1]);
  pos_unmake_move(pos, &u[0]);
  assert_castling_field(pos, "q");
  play(pos, "K@d1", &u[0]); /* not the castling square */
  assert_castling_field(pos, "q");
  pos_free(pos);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_fsf_rules");
  TCase *tc = tcase_create("rules");
  tcase_add_checked_fixture(tc, NULL, teardown);
  tcase_add_test(tc, cambodian_rook_on_the_kings_line_takes_the_leap);
  tcase_add_test(tc, spartan_hoplite_promotes_to_a_second_king_only);
  tcase_add_test(tc, dobutsu_lion_wins_only_on_a_safe_square);
  tcase_add_test(tc, dobutsu_chick_drops_on_the_last_rank);
  tcase_add_test(tc, placement_bishops_on_both_colours);
  tcase_add_test(tc, placement_dropped_king_and_rook_castle);
  suite_add_tcase(suite, tc);
  return suite;
}
