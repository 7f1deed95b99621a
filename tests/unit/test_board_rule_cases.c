/* test_board_rule_cases.c — single rules of shipped variants on small
 * positions that can be checked by hand: which moves exist and how the game
 * ends. The oracle suites check the counts; these say what each rule means
 * in Fairy-Stockfish's reading, one position each. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/perft.h"
#include "board/position.h"
#include "board/rules_end.h"
#include "mbn/variant_library.h"

Suite *test_suite(void);

static VariantLibrary *library;

static void library_setup(void) {
  VariantDiagnostics diags = {0};
  library = library_new();
  library_add_path(library, CHIMERA_VARIANT_DIR, &diags);
  library_compile(library, &diags);
  variant_diag_free(&diags);
}

static void library_teardown(void) {
  library_free(library);
}

static Position *position_at(const char *variant, const char *fen) {
  const Variant *v = library_find(library, variant);
  ck_assert_msg(v != NULL, "variant %s", variant);
  char err[256] = "";
  Position *pos = pos_new(v, err, sizeof err);
  ck_assert_msg(pos != NULL, "%s", err);
  ck_assert_msg(pos_set_fen(pos, fen, err, sizeof err), "%s", err);
  return pos;
}

/* Whether the move text names one of the legal moves. */
static bool is_legal_text(Position *pos, const char *text) {
  static MoveList list;
  int n = gen_legal_moves(pos, &list);
  char buf[32];
  for (int i = 0; i < n; i++) {
    move_to_text(pos, list.moves[i], buf, sizeof buf);
    if (!strcmp(buf, text)) return true;
  }
  return false;
}

/* Minishogi: P@a4 mates the bare king on a5 (gold b3 guards a4 and b4,
 * silver c4 guards b5). Shogi forbids the pawn-drop mate; Fairy-Stockfish
 * generates the drop and scores the mated side as the winner, and Chimera
 * follows it, so the drop is a legal move that loses. */
START_TEST(pawn_drop_mate_is_legal_and_loses) {
  Position *pos = position_at("minishogi", "k4/2S2/1G3/5/4K[P] w - - 0 1");
  ck_assert(is_legal_text(pos, "P@a4"));
  char err[128];
  Move m = move_from_text(pos, "P@a4", err, sizeof err);
  Undo undo;
  pos_make_move(pos, m, &undo);
  ck_assert(pos_in_check(pos));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_WIN);
  pos_unmake_move(pos, &undo);
  /* The same mate by a dropped gold is an ordinary mate. */
  ck_assert(pos_set_fen(pos, "k4/2S2/1G3/5/4K[G] w - - 0 1", err, sizeof err));
  m = move_from_text(pos, "G@a4", err, sizeof err);
  ck_assert(m != MOVE_NONE_VALUE);
  pos_make_move(pos, m, &undo);
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  pos_unmake_move(pos, &undo);
  pos_free(pos);
}
END_TEST

/* How many legal moves have this text (a duplicate shows a move generated
 * twice, as a castling and a plain move). */
static int legal_text_count(Position *pos, const char *text) {
  static MoveList list;
  int n = gen_legal_moves(pos, &list), count = 0;
  char buf[32];
  for (int i = 0; i < n; i++) {
    move_to_text(pos, list.moves[i], buf, sizeof buf);
    count += !strcmp(buf, text);
  }
  return count;
}

/* Coregal: king and queen are royal, but only the king castles (Fairy-
 * Stockfish's castling king piece). With the queen on d1 the long castling
 * is blocked, and Qd1-c1 is one plain move, not also a queen castling. */
START_TEST(coregal_queen_does_not_castle) {
  Position *pos = position_at("coregal", "4k3/8/8/8/8/8/8/R2QK3 w Q - 0 1");
  ck_assert_int_eq(legal_text_count(pos, "d1c1"), 1);
  ck_assert_int_eq(legal_text_count(pos, "e1c1"), 0);
  pos_free(pos);
}
END_TEST

/* Coregal: pawns promote to queens (+P==QRBN), and a new queen is royal at
 * once, so d7-d8=Q is illegal while the black queen on e7 attacks d8, though
 * d8=R is fine; with the queen gone d8=Q is legal. */
START_TEST(coregal_promoted_queen_is_royal) {
  Position *pos = position_at("coregal", "7k/3Pq3/8/8/8/8/8/K7 w - - 0 1");
  ck_assert(!is_legal_text(pos, "d7d8q"));
  ck_assert(is_legal_text(pos, "d7d8r"));
  char err[128];
  ck_assert(pos_set_fen(pos, "7k/3P4/8/8/8/8/8/K7 w - - 0 1", err, sizeof err));
  ck_assert(is_legal_text(pos, "d7d8q"));
  pos_free(pos);
}
END_TEST

/* Shako castles on rank 2 with the rook that starts on i2 (Fairy-Stockfish's
 * castlingRookKingsideFile): "K" names the first rook met from the i-file
 * toward the king, so with rooks on i2 and j2 the inner one castles. */
START_TEST(shako_castles_with_the_inner_rook) {
  Position *pos = position_at("shako", "10/rr3k4/ppppp5/10/10/10/10/6PPPP/5K2RR/10 w Kq - 0 1");
  char err[128], fen[256];
  Move m = move_from_text(pos, "f2h2", err, sizeof err);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s", err);
  ck_assert(is_legal_text(pos, "f2h2"));
  Undo undo;
  pos_make_move(pos, m, &undo);
  pos_get_fen(pos, fen, sizeof fen);
  const char *want = "10/rr3k4/ppppp5/10/10/10/10/6PPPP/6RK1R/10 b";
  ck_assert_msg(!strncmp(fen, want, strlen(want)), "got %s", fen);
  pos_free(pos);
}
END_TEST

/* Sittuyin (Fairy-Stockfish's sittuyin promotion): White's last pawn, on
 * g7, becomes a ferz where it stands or on an empty diagonal neighbour
 * (f8, f6, h6; h8 holds the king), as a move of its own; pushing to g8 stays
 * a plain move. With a black rook on e7, a ferz on f8 or f6 would attack it,
 * so those two promotions go. */
START_TEST(sittuyin_pawn_promotes_standing) {
  Position *pos = position_at("sittuyin", "1k5K/3r2P1/8/8/8/8/8/8[] w - - 0 1");
  static const char *const moves[] = {"h8g8", "h8h7", "g7g8", "g7g7f", "g7f8f", "g7f6f", "g7h6f"};
  static MoveList list;
  ck_assert_int_eq(gen_legal_moves(pos, &list), 7);
  for (int i = 0; i < 7; i++) ck_assert_msg(is_legal_text(pos, moves[i]), "%s", moves[i]);
  char err[128], fen[256];
  Move m = move_from_text(pos, "g7g7f", err, sizeof err);
  Undo undo;
  pos_make_move(pos, m, &undo);
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_msg(!strncmp(fen, "1k5K/3r2F1/8/8/8/8/8/8", 22), "got %s", fen);
  pos_unmake_move(pos, &undo);
  ck_assert(pos_set_fen(pos, "1k5K/4r1P1/8/8/8/8/8/8[] w - - 0 1", err, sizeof err));
  ck_assert_int_eq(gen_legal_moves(pos, &list), 5);
  ck_assert(!is_legal_text(pos, "g7f8f") && !is_legal_text(pos, "g7f6f"));
  ck_assert(is_legal_text(pos, "g7h6f"));
  pos_free(pos);
}
END_TEST

/* Allwayspawns: the pawn's initial double step (ifmenD) may be taken e.p. by
 * its forward-diagonal capture, as Fairy-Stockfish's pawn type. */
START_TEST(allwayspawns_double_step_is_taken_en_passant) {
  Position *pos =
      position_at("allwayspawns", "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  char err[128];
  Move m = move_from_text(pos, "e2e4", err, sizeof err);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s", err);
  Undo undo;
  pos_make_move(pos, m, &undo);
  ck_assert(is_legal_text(pos, "d4e3"));
  ck_assert(!is_legal_text(pos, "d4c3"));
  pos_unmake_move(pos, &undo);
  pos_free(pos);
}
END_TEST

/* stalemate=skip (andersanti): White's pawn a2 is blocked by a3, so White's
 * only move is to pass, written a2a2 (the piece on the lowest square); Black
 * is blocked too and passes; two passes in a row end the game drawn, as in
 * Fairy-Stockfish (perft 1, 1, 0 by hand). Antichess, with stalemate=win,
 * has no move there and the stalemated side wins. */
START_TEST(stalemate_skip_passes_and_two_passes_draw) {
  Position *pos = position_at("andersanti", "8/8/8/8/8/p7/P7/8 w - - 0 1");
  static MoveList list;
  ck_assert_int_eq(gen_legal_moves(pos, &list), 1);
  ck_assert(is_legal_text(pos, "a2a2"));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  char err[128];
  Undo u1, u2;
  pos_make_move(pos, move_from_text(pos, "a2a2", err, sizeof err), &u1);
  ck_assert(is_legal_text(pos, "a3a3"));
  pos_make_move(pos, move_from_text(pos, "a3a3", err, sizeof err), &u2);
  ck_assert_int_eq(gen_legal_moves(pos, &list), 0);
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_DRAW);
  pos_unmake_move(pos, &u2);
  pos_unmake_move(pos, &u1);
  ck_assert_uint_eq(perft(pos, 1), 1);
  ck_assert_uint_eq(perft(pos, 2), 1);
  ck_assert_uint_eq(perft(pos, 3), 0);
  /* the lowest square is on the first rank first, then file a first */
  ck_assert(pos_set_fen(pos, "8/8/8/8/8/p6p/P6P/8 w - - 0 1", err, sizeof err));
  ck_assert(is_legal_text(pos, "a2a2") && !is_legal_text(pos, "h2h2"));
  ck_assert(pos_set_fen(pos, "8/8/8/8/p7/P6p/7P/8 w - - 0 1", err, sizeof err));
  ck_assert(is_legal_text(pos, "h2h2") && !is_legal_text(pos, "a3a3"));
  /* a side that can move does not pass */
  ck_assert(pos_set_fen(pos, "8/8/8/8/8/p7/P7/7N w - - 0 1", err, sizeof err));
  ck_assert(!is_legal_text(pos, "a2a2"));
  pos_free(pos);
  pos = position_at("antichess", "8/8/8/8/8/p7/P7/8 w - - 0 1");
  ck_assert_int_eq(gen_legal_moves(pos, &list), 0);
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_WIN);
  pos_free(pos);
}
END_TEST

/* An en-passant capture never promotes, as in Fairy-Stockfish. Shinobiplus:
 * Black's zone is ranks 1-3 and promotion is compulsory, so f4f3 promotes,
 * but f4xe3 e.p. stays a pawn (7 moves by hand: 2 pawn moves, 5 king
 * moves). Epicatomic: Black's double step a7a5 lands in its zone (ranks
 * 1-5) and promotes, which leaves no pawn to take e.p.: White has b5b6b and
 * four king moves (e1 is attacked by the new bishop). */
START_TEST(en_passant_never_promotes) {
  Position *pos = position_at("shinobiplus", "4k3/8/8/8/4Pp2/8/8/4K3[] b - e3 0 1");
  static MoveList list;
  ck_assert_int_eq(gen_legal_moves(pos, &list), 7);
  ck_assert(is_legal_text(pos, "f4e3") && !is_legal_text(pos, "f4e3+"));
  ck_assert(is_legal_text(pos, "f4f3+") && !is_legal_text(pos, "f4f3"));
  pos_free(pos);
  pos = position_at("epicatomic", "5k4/p9/10/1P8/10/10/10/5K4 b - - 0 1");
  char err[128];
  Undo undo;
  pos_make_move(pos, move_from_text(pos, "a7a5b", err, sizeof err), &undo);
  ck_assert_int_eq(pos->st.ep_count, 0);
  ck_assert_int_eq(gen_legal_moves(pos, &list), 5);
  ck_assert(is_legal_text(pos, "b5b6b") && !is_legal_text(pos, "b5a6"));
  pos_unmake_move(pos, &undo);
  pos_free(pos);
}
END_TEST

/* promotion=black[..]: Black's zone as written, not White's mirrored.
 * Argess promotes White on g8 h8 h7 and Black on a1 a2 b1 (White's turned by
 * 180 degrees): a Black pawn on b2 promotes on a2 and b1 (4 choices each,
 * Q R B N), but not on c2 (the mirror image of White's h7 would be h2). */
START_TEST(black_promotion_zone_of_its_own) {
  Position *pos = position_at("argess", "7k/8/8/8/8/8/1p6/7K b - - 0 1");
  ck_assert(is_legal_text(pos, "b2a2q") && is_legal_text(pos, "b2b1n"));
  ck_assert(!is_legal_text(pos, "b2a2") && !is_legal_text(pos, "b2b1"));
  ck_assert(is_legal_text(pos, "b2c2") && !is_legal_text(pos, "b2c2q"));
  static MoveList list;
  /* b2: a2 b1 (4 each), c2, b3 (1 each); king h8: g8 g7 h7 */
  ck_assert_int_eq(gen_legal_moves(pos, &list), 4 + 4 + 1 + 1 + 3);
  pos_free(pos);
}
END_TEST

/* counting=blackdrawodds (Fairy-Stockfish's armageddon): a stalemate, a repetition and the
 * move-count rule, drawn in chess, are Black's wins. Results are for the side
 * to move. */
START_TEST(armageddon_draws_are_black_wins) {
  const char *white_stalemated = "8/8/8/8/8/1q6/2k5/K7 w - - 0 1";
  const char *black_stalemated = "k7/2K5/1Q6/8/8/8/8/8 b - - 0 1";
  Position *pos = position_at("chess", white_stalemated);
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_DRAW);
  pos_free(pos);
  pos = position_at("armageddon", white_stalemated);
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  ck_assert_int_eq(pos_repetition_result(pos), RESULT_LOSS);
  char err[128];
  ck_assert(pos_set_fen(pos, black_stalemated, err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_WIN);
  ck_assert_int_eq(pos_repetition_result(pos), RESULT_WIN);
  /* 50 moves without capture or pawn move, White to move: Black wins */
  ck_assert(pos_set_fen(pos, "k7/8/8/8/8/8/8/K6R w - - 100 80", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  /* a decisive result is untouched: Black mated loses */
  ck_assert(pos_set_fen(pos, "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  pos_free(pos);
}
END_TEST

/* hill=count(N) (aralzaa): two knights on White's goal rank are not enough,
 * the third ends the game; the side to move has no move and has lost. */
START_TEST(goal_needs_count_pieces) {
  Position *pos = position_at("aralzaa", "n2/1n1/NNn w - - 0 1");
  static MoveList list;
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  char err[128];
  ck_assert(pos_set_fen(pos, "NN1/1n1/n1N b - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  ck_assert(pos_set_fen(pos, "NNN/1n1/n1n b - - 0 1", err, sizeof err));
  ck_assert_int_eq(gen_legal_moves(pos, &list), 0);
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  pos_free(pos);
}
END_TEST

/* hill=black[..] (bajr): Black's goal is a1 a2 b1, White's e6 f6 f5 turned by
 * 180 degrees; its mirror image e1 f1 f2 is no goal. */
START_TEST(black_goal_of_its_own) {
  Position *pos = position_at("bajr", "P5/PP4/6/6/5p/4pp w - - 0 1");
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  char err[128];
  ck_assert(pos_set_fen(pos, "6/6/1PP3/1P4/p5/pp4 w - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  ck_assert(pos_set_fen(pos, "4PP/5P/6/6/1p4/1pp3 b - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  pos_free(pos);
}
END_TEST

/* hill=filled (kono): six white pieces on the goal and a black one on the
 * seventh square: the zone is full, so White has won; with that square
 * empty, not yet. */
START_TEST(full_goal_zone_wins) {
  Position *pos = position_at("kono", "PPPPP/P3p/5/5/p4 b - - 0 1");
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  char err[128];
  ck_assert(pos_set_fen(pos, "PPPPP/P4/5/4p/p4 b - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  pos_free(pos);
}
END_TEST

/* hill=later (jesonmor): White's knight on e5 does not win while Black is to
 * move (Black may take it); it wins when White is to move with it still there. */
START_TEST(goal_judged_one_ply_later) {
  Position *pos = position_at("jesonmor", "n8/9/9/9/4N4/9/9/9/8N b - - 0 1");
  static MoveList list;
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  ck_assert_int_gt(gen_legal_moves(pos, &list), 0);
  char err[128];
  ck_assert(pos_set_fen(pos, "1n7/9/9/9/4N4/9/9/9/8N w - - 0 1", err, sizeof err));
  ck_assert_int_eq(gen_legal_moves(pos, &list), 0);
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_WIN);
  pos_free(pos);
}
END_TEST

/* hill=later,safe (alapo): a white rook on the far rank that no black piece
 * attacks wins at once; attacked (by the king on b5), Black may reply, and
 * the rook wins only if it is still there when White is to move. */
START_TEST(safe_arrival_wins_at_once_unsafe_one_later) {
  Position *pos = position_at("alapo", "5R/6/6/k5/6/6 b - - 0 1");
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  char err[128];
  ck_assert(pos_set_fen(pos, "R5/1k4/6/6/6/6 b - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  ck_assert(pos_set_fen(pos, "R5/1k4/6/6/6/6 w - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_WIN);
  pos_free(pos);
}
END_TEST

/* Plays a move given as text, which must be legal. */
static void play_text(Position *pos, const char *text, Undo *undo) {
  char err[128];
  Move m = move_from_text(pos, text, err, sizeof err);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s: %s", text, err);
  pos_make_move(pos, m, undo);
}

/* castling=winlong{!k} (castle): Black's long castling wins at once; a
 * Black king move that loses the long right loses; White's castling and
 * White's rights decide nothing. */
START_TEST(castling_wins_and_lost_right_loses) {
  Position *pos = position_at("castle", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  static MoveList list;
  Undo u1, u2;
  play_text(pos, "e1g1", &u1); /* White's short castling: nothing */
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  play_text(pos, "e8c8", &u2);
  ck_assert_int_eq(gen_legal_moves(pos, &list), 0);
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS); /* White to move: Black won */
  pos_unmake_move(pos, &u2);
  play_text(pos, "e8d8", &u2); /* the long right is gone */
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_WIN);
  pos_unmake_move(pos, &u2);
  play_text(pos, "a8b8", &u2);
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_WIN);
  pos_unmake_move(pos, &u2);
  play_text(pos, "h8g8", &u2); /* the short right is no goal */
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  pos_unmake_move(pos, &u2);
  pos_unmake_move(pos, &u1);
  /* a position without Black's long right is lost for Black already */
  char err[128];
  ck_assert(pos_set_fen(pos, "r3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  pos_free(pos);
}
END_TEST

/* castling=opposite (opposite-castling): White's short castling takes
 * Black's short right, not the long one; unmake gives it back. */
START_TEST(castling_takes_the_opponents_same_side) {
  Position *pos =
      position_at("opposite-castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
  Undo undo;
  play_text(pos, "e1g1", &undo);
  ck_assert(!is_legal_text(pos, "e8g8"));
  ck_assert(is_legal_text(pos, "e8c8"));
  char fen[256];
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b q - 1 1");
  pos_unmake_move(pos, &undo);
  ck_assert(is_legal_text(pos, "e1c1"));
  pos_free(pos);
  pos = position_at("chess", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
  play_text(pos, "e1g1", &undo);
  ck_assert(is_legal_text(pos, "e8g8"));
  pos_free(pos);
}
END_TEST

/* legan: a white pawn promotes on the edges of the a8 corner (b5-a6 too),
 * a black one on those of h1 (g3-h4), White's zone turned by 180 degrees;
 * Black's pawn moves down and to the right, White's up and to the left. */
START_TEST(legan_promotes_in_the_corner_zones) {
  Position *pos = position_at("legan", "7k/8/8/1P6/8/8/8/K7 w - - 0 1");
  ck_assert(is_legal_text(pos, "b5a6q"));
  ck_assert(!is_legal_text(pos, "b5a6"));
  char err[128];
  ck_assert(pos_set_fen(pos, "7k/8/8/8/8/6p1/8/K7 b - - 0 1", err, sizeof err));
  ck_assert(is_legal_text(pos, "g3h2q"));
  ck_assert(!is_legal_text(pos, "g3f2"));
  ck_assert(pos_set_fen(pos, "7k/8/8/8/4p3/8/8/K7 b - - 0 1", err, sizeof err));
  ck_assert(is_legal_text(pos, "e4f3")); /* f3 is no promotion square */
  pos_free(pos);
}
END_TEST

/* drop=compulsory (screen): a knight's check no drop can block leaves the
 * king's seven flights (Fairy-Stockfish's mustDrop); a rook's check along
 * the rank is blocked by a drop, and then only such drops are legal; out of check
 * the king may not move while the hand holds pieces. */
START_TEST(compulsory_drops_waived_when_none_evades) {
  Position *pos =
      position_at("screen", "8/8/4n3/8/3K4/8/8/8[QRRBBNNPPPPPPPPkqrrbbnpppppppp] w - - 0 1");
  static MoveList list;
  ck_assert_int_eq(gen_legal_moves(pos, &list), 7);
  ck_assert(is_legal_text(pos, "d4d5"));
  char err[128];
  ck_assert(pos_set_fen(pos, "8/8/8/8/r2K4/8/8/8[QRRBBNNPPPPPPPPkqrbbnnpppppppp] w - - 0 1", err,
                        sizeof err));
  ck_assert(is_legal_text(pos, "Q@c4"));
  ck_assert(!is_legal_text(pos, "Q@a1"));
  ck_assert(!is_legal_text(pos, "d4d5"));
  ck_assert(pos_set_fen(pos, "8/8/8/8/3K4/8/8/8[QRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1", err,
                        sizeof err));
  ck_assert(!is_legal_text(pos, "d4d5"));
  ck_assert(is_legal_text(pos, "Q@a1"));
  pos_free(pos);
}
END_TEST

/* Koedem (drop{K}=compulsory, pieces{K}=extinction,opponent(2)): a king in
 * hand must be dropped before anything else, a queen in hand need not be;
 * a side without a king plays on while the other owns one king, and has
 * lost once the other owns both (board and hand), as in Fairy-Stockfish. */
START_TEST(koedem_king_drops_first_and_two_kings_win) {
  Position *pos =
      position_at("koedem", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB2BNR[KQ] w kq - 0 1");
  static MoveList list;
  ck_assert_int_eq(gen_legal_moves(pos, &list), 34);
  ck_assert(is_legal_text(pos, "K@d1"));
  ck_assert(!is_legal_text(pos, "Q@d1"));
  ck_assert(!is_legal_text(pos, "e2e4"));
  char err[128];
  ck_assert(pos_set_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR[Q] w KQkq - 0 1", err,
                        sizeof err));
  ck_assert_int_eq(gen_legal_moves(pos, &list), 54);
  ck_assert(is_legal_text(pos, "Q@d1") && is_legal_text(pos, "e2e4"));
  ck_assert(
      pos_set_fen(pos, "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQ - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  ck_assert_int_eq(gen_legal_moves(pos, &list), 21); /* 20 and Qd8-e8 */
  ck_assert(pos_set_fen(pos, "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] b KQ - 0 1", err,
                        sizeof err));
  ck_assert_int_eq(gen_legal_moves(pos, &list), 0);
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  ck_assert(pos_set_fen(pos, "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQ - 0 1", err,
                        sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_WIN);
  pos_free(pos);
  /* extinction of one type of several: the side to move that lost its
   * queens has lost (it was scored as a win before) */
  pos = position_at("extinction", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  pos_free(pos);
}
END_TEST

/* atomic=immune{K},mutual{K} (atomar): the white king takes the queen on e5
 * and survives its own blast, as does the black king next to it; a king
 * never takes a king. In nocheckatomic the capture blows up both kings. */
START_TEST(atomar_kings_survive_blasts_and_never_take_kings) {
  Position *pos = position_at("atomar", "8/8/8/3kq3/4K3/8/8/8 w - - 0 1");
  ck_assert(!is_legal_text(pos, "e4d5"));
  Undo undo;
  play_text(pos, "e4e5", &undo);
  char fen[128];
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, "8/8/8/3kK3/8/8/8/8 b - - 0 1");
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  pos_free(pos);
  pos = position_at("nocheckatomic", "8/8/8/3kq3/4K3/8/8/8 w - - 0 1");
  ck_assert(is_legal_text(pos, "e4d5"));
  play_text(pos, "e4e5", &undo);
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, "8/8/8/8/8/8/8/8 b - - 0 1");
  pos_free(pos);
}
END_TEST

/* atomic: the bishop takes the pawn on e2 and the blast takes the white king
 * on e1 with it: White has lost (a game played at 2+0.02 was scored as a
 * stalemate draw here, and the search scored the blast as a draw too).
 * Chess stalemate is still a draw, and horde, whose White has no king from
 * the start, is not lost for want of one. */
START_TEST(atomic_king_blown_up_loses) {
  static const char *const GAME[] = {"c2c4", "a7a5", "d2d3", "h7h6", "c4c5", "d7d6", "c1f4",
                                     "e7e5", "d1c1", "c7c6", "a2a4", "e5e4", "c5d6", "f8d6",
                                     "h2h4", "c8g4", "f4d6", "b8d7", "g1f3", "f7f6", "f3g5",
                                     "d8e7", "b2b4", "a5b4", "d3e4", "e7b4", "b1d2", "g4e2"};
  enum { PLIES = sizeof GAME / sizeof GAME[0] };
  Position *pos = position_at("atomic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  Undo undo[PLIES];
  for (int i = 0; i < PLIES; i++) {
    ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
    play_text(pos, GAME[i], &undo[i]);
  }
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  ck_assert(pos_is_decided(pos));
  pos_free(pos);
  pos = position_at("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_DRAW);
  pos_free(pos);
  pos = position_at("horde", "4k3/8/8/8/8/8/8/PPPPPPPP w - - 0 1");
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  pos_free(pos);
}
END_TEST

/* holding with atomic (atomiczh): the knight takes the pawn on d5 (to
 * White's hand); the blast removes the knight itself (to Black's hand) and
 * the bishop on e6 (to White's), not the pawn on e4. */
START_TEST(atomiczh_blast_victims_go_to_hand_flipped) {
  Position *pos = position_at("atomiczh", "4k3/8/4b3/3p4/4P3/2N5/8/4K3[] w - - 0 1");
  Undo undo;
  play_text(pos, "c3d5", &undo);
  char fen[128];
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, "4k3/8/8/8/4P3/8/8/4K3[BPn] b - - 0 1");
  pos_unmake_move(pos, &undo);
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, "4k3/8/4b3/3p4/4P3/2N5/8/4K3[] w - - 0 1");
  pos_free(pos);
}
END_TEST

/* pieces=extinction,lastroyal (maharajah2): Black's last maharajah may not
 * stay attacked (17 moves, Fairy-Stockfish's count), two of them may; a
 * last maharajah attacked with no move is mated. */
START_TEST(last_piece_of_the_set_is_royal) {
  Position *pos = position_at("maharajah2", "R3m3/8/8/8/8/8/8/4K3 b - - 0 1");
  static MoveList list;
  ck_assert_int_eq(gen_legal_moves(pos, &list), 17);
  ck_assert(!is_legal_text(pos, "e8f8"));
  ck_assert(is_legal_text(pos, "e8a8"));
  char err[128];
  ck_assert(pos_set_fen(pos, "R3m2m/8/8/8/8/8/8/4K3 b - - 0 1", err, sizeof err));
  ck_assert_int_eq(gen_legal_moves(pos, &list), 42);
  ck_assert(is_legal_text(pos, "e8f8"));
  /* the lone maharajah in the corner, every flight and capture covered: mate */
  ck_assert(pos_set_fen(pos, "6Rm/6QN/5B2/8/8/8/8/K7 b - - 0 1", err, sizeof err));
  ck_assert_int_eq(gen_legal_moves(pos, &list), 0);
  ck_assert_int_eq(pos_game_result(pos, 0), RESULT_LOSS);
  pos_free(pos);
}
END_TEST

/* shoshogi: while the prince lives the king may step into attack; with the
 * prince gone the king is royal again. */
START_TEST(shoshogi_prince_makes_the_king_expendable) {
  Position *pos = position_at("shoshogi", "4k4/9/9/9/9/9/3r5/9/4K3+E w - - 0 1");
  ck_assert(is_legal_text(pos, "e1d1"));
  char err[128];
  ck_assert(pos_set_fen(pos, "4k4/9/9/9/9/9/3r5/9/4K4 w - - 0 1", err, sizeof err));
  ck_assert(!is_legal_text(pos, "e1d1"));
  ck_assert(is_legal_text(pos, "e1f1"));
  pos_free(pos);
}
END_TEST

/* backrank: the bishop takes on d8 and becomes a king on the far rank, but
 * not while its own king stays in check (Fairy-Stockfish judges the king's
 * royalty before the move); a rook reaching rank 8 out of check wins. */
START_TEST(backrank_promotion_to_king_on_the_far_rank) {
  Position *pos =
      position_at("backrank", "rnbqk1nr/pppp1ppp/4p3/6B1/1b6/3P4/PPP1PPPP/RN1QKBNR w KQkq - 2 3");
  ck_assert(!is_legal_text(pos, "g5d8+"));
  ck_assert(is_legal_text(pos, "c2c3"));
  char err[128];
  ck_assert(pos_set_fen(pos, "4k3/R7/8/8/8/8/8/4K3 w - - 0 1", err, sizeof err));
  ck_assert(!is_legal_text(pos, "a7a8"));
  Undo undo;
  play_text(pos, "a7a8+", &undo);
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  pos_free(pos);
}
END_TEST

/* stardust: each side drops on its own squares (absolute zones: White's
 * ship on d4, not a4; Black's fers on a4, not d4); the rebel on e2 wins; and
 * Black's last pillar is royal: attacked by the ship's leap, with no capture
 * of the ship, Black is mated, while with two pillars its fers may move. */
START_TEST(stardust_zones_goal_and_last_pillar) {
  Position *pos = position_at("stardust", "p8/9/9/9/9/9/9/9/9/4R4[Yt] w - - 0 1");
  ck_assert(is_legal_text(pos, "Y@d4"));
  ck_assert(!is_legal_text(pos, "Y@a4"));
  char err[128];
  ck_assert(pos_set_fen(pos, "p8/9/9/9/9/9/9/9/9/4R4[Yt] b - - 0 1", err, sizeof err));
  ck_assert(is_legal_text(pos, "T@a4"));
  ck_assert(!is_legal_text(pos, "T@d4"));
  ck_assert(pos_set_fen(pos, "p8/9/9/9/9/9/9/9/4R4/9[] b - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  static MoveList list;
  ck_assert(pos_set_fen(pos, "p8/9/Y8/9/9/4t4/9/9/9/4R4[] b - - 0 1", err, sizeof err));
  ck_assert_int_eq(gen_legal_moves(pos, &list), 0);
  ck_assert_int_eq(pos_game_result(pos, 0), RESULT_LOSS);
  ck_assert(pos_set_fen(pos, "p7p/9/Y8/9/9/4t4/9/9/9/4R4[] b - - 0 1", err, sizeof err));
  ck_assert_int_eq(gen_legal_moves(pos, &list), 4);
  pos_free(pos);
}
END_TEST

/* promotion=stuck (forward): Black's slider may reach f1, where it has no
 * move, with or without promoting (Fairy-Stockfish); a pawn may not stay
 * a pawn on the last rank (pieces{P}=mobile); the general that promotes
 * leaves no general, and the game goes on with its king. */
START_TEST(forward_optional_promotion_where_stuck) {
  Position *pos =
      position_at("forward", "l3gsel/pp3ppp/e1pp1f2/4p3/2P2P2/P2P2Ps/1P1FP2L/LES1GSE1 b - - 0 8");
  ck_assert(is_legal_text(pos, "h3f1"));
  ck_assert(is_legal_text(pos, "h3f1+"));
  char err[128];
  ck_assert(pos_set_fen(pos, "4g3/P7/8/8/8/8/8/4G3 w - - 0 1", err, sizeof err));
  ck_assert(!is_legal_text(pos, "a7a8"));
  ck_assert(is_legal_text(pos, "a7a8q"));
  ck_assert(pos_set_fen(pos, "7g/1G6/8/8/8/8/8/8 w - - 0 1", err, sizeof err));
  Undo undo;
  play_text(pos, "b7b8+", &undo);
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  pos_free(pos);
}
END_TEST

/* connect=line(N) (tictactoe): three white stones in a row on a file, a
 * rank or a diagonal end the game, lost for Black to move; two do not.
 * nineholes (orthogonal) does not count the diagonal. */
START_TEST(n_in_a_row_wins) {
  Position *pos = position_at("tictactoe", "P2/P1p/Pp1[PPpp] b - - 0 1");
  static MoveList list;
  ck_assert_int_eq(gen_legal_moves(pos, &list), 0);
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  char err[128];
  ck_assert(pos_set_fen(pos, "P2/1Pp/p1P[PPpp] b - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  ck_assert(pos_set_fen(pos, "P2/1Pp/p2[PPPpp] b - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  pos_free(pos);
  pos = position_at("nineholes", "P2/1Pp/p1P[p] b - - 0 1");
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  pos_free(pos);
  /* drop=stacked (cfour): on the first rank or on a stone, never in the air */
  pos = position_at("cfour", "7/7/7/7/p6/P6[PPPPPpppp] w - - 0 1");
  ck_assert(is_legal_text(pos, "P@a3"));
  ck_assert(is_legal_text(pos, "P@b1"));
  ck_assert(!is_legal_text(pos, "P@b2"));
  ck_assert(!is_legal_text(pos, "P@a4"));
  pos_free(pos);
  /* drop=anyside (cfour-anyside): with a stone on d1, one from the top
   * stops on d2, so d7 is no drop square; a4 (from the east: Fairy-
   * Stockfish takes the square nearest the a-file) is, d4 is not */
  pos = position_at("cfour-anyside",
                    "7/7/7/7/7/7/3P3[PPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppp] b - - 0 1");
  ck_assert(is_legal_text(pos, "P@d2"));
  ck_assert(!is_legal_text(pos, "P@d7"));
  ck_assert(is_legal_text(pos, "P@a4"));
  ck_assert(!is_legal_text(pos, "P@d4"));
  pos_free(pos);
  /* drop=free,apart (snort): a stone from an unlimited supply, never next
   * to an enemy stone on a rank or file (diagonally is fine) */
  pos = position_at("snort", "8/8/8/8/3p4/8/8/8 w - - 0 1");
  ck_assert(!is_legal_text(pos, "P@d5"));
  ck_assert(!is_legal_text(pos, "P@e4"));
  ck_assert(is_legal_text(pos, "P@e5"));
  static MoveList all;
  ck_assert_int_eq(gen_legal_moves(pos, &all), 63 - 4);
  Undo undo;
  play_text(pos, "P@a1", &undo);
  char fen[128];
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_msg(!strncmp(fen, "8/8/8/8/3p4/8/8/P7 b ", 21), "%s", fen); /* no hand written */
  pos_free(pos);
  /* connect=from[a],to[i] (gale): White's chain along rank 1 from a1 to i1
   * wins; with a gap at e1 it does not */
  pos = position_at("gale", "9/9/9/9/9/9/9/9/PPPPPPPPP b - - 0 1");
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  ck_assert(pos_set_fen(pos, "9/9/9/9/9/9/9/9/PPPP1PPPP b - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  pos_free(pos);
  /* square(2) (teeko): a 2x2 block wins too */
  pos = position_at("teeko", "5/1PP2/1PP2/5/p4[ppp] b - - 0 1");
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  pos_free(pos);
  /* collinear,loss (three-musketeers): the musketeers on one file with
   * soldiers between lose for White, who just moved: Black wins */
  pos = position_at("three-musketeers", "M4/p4/M4/p4/M4 b - - 0 1");
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_WIN);
  ck_assert(pos_set_fen(pos, "M4/p4/1M3/p4/M4 b - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  pos_free(pos);
}
END_TEST

/* capturethequeen: Black losing its queen loses; White losing all four
 * queens is stalemated, a draw that Black's draw odds make Black's win. */
START_TEST(capturethequeen_results) {
  Position *pos = position_at("capturethequeen", "8/8/8/8/8/8/8/1QQ1QQ2 b - - 0 1");
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  char err[128];
  ck_assert(pos_set_fen(pos, "3q4/8/8/8/8/8/8/8 w - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  ck_assert(pos_set_fen(pos, "3q4/8/8/8/8/8/8/1Q6 w - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_NONE);
  pos_free(pos);
}
END_TEST

/* Chak: the divine king (+K) is Fairy-Stockfish's mQ2cQ2, a queen of at
 * most two squares, on ranks 5-9. MBN's Q2 is (W0F0)2, a whole queen (§18),
 * so the file writes (W2+F2)[5-9]; with Q2 it had 17 moves on d5 instead of
 * these 10: two squares in each of the 8 directions that stay on ranks 5-9
 * (b5 c5 e5 f5, d6 d7, c6 b7, e6 f7). Counts of the other positions to depth
 * 3 from
 * Fairy-Stockfish c19b5f6c. */
START_TEST(chak_divine_king_reaches_two_squares) {
  Position *pos = position_at("chak", "4k4/4o4/9/9/3+K5/9/9/4O4/9 w - - 0 1");
  ck_assert_uint_eq(perft(pos, 1), 10);
  const char *moves[] = {"d5b5", "d5c5", "d5e5", "d5f5", "d5c6",
                         "d5d6", "d5e6", "d5b7", "d5d7", "d5f7"};
  for (int i = 0; i < 10; i++) ck_assert_msg(is_legal_text(pos, moves[i]), "%s", moves[i]);
  pos_free(pos);
  pos = position_at("chak", "4k4/4o4/5p3/9/3+K5/9/9/4O4/9 w - - 0 1");
  ck_assert_uint_eq(perft(pos, 1), 9);
  ck_assert_uint_eq(perft(pos, 2), 53);
  ck_assert_uint_eq(perft(pos, 3), 514);
  pos_free(pos);
  pos = position_at("chak", "rvsqkjsvr/4o4/p1p1p1p1p/4+K4/9/9/P1P1P1P1P/4O4/RVSJ1QSVR w - - 0 1");
  ck_assert_uint_eq(perft(pos, 1), 37);
  ck_assert_uint_eq(perft(pos, 2), 1197);
  ck_assert_uint_eq(perft(pos, 3), 36682);
  pos_free(pos);
}
END_TEST

/* petrify{KQRBN} (petrified): a capturing queen turns into a wall where it
 * took, and the position keeps a key of its own; the king, royal while it
 * is the last, may not capture (it would petrify) and so attacks nothing:
 * kings may stand side by side, and mate is by the other pieces. As
 * Fairy-Stockfish c19b5f6c (its Debian 11.1 still let the king capture). */
START_TEST(petrified_capturer_becomes_a_wall) {
  Position *pos = position_at("petrified", "4k3/8/8/8/3n4/8/8/Q3K3 w - - 0 1");
  char err[128], fen[128];
  Move m = move_from_text(pos, "a1d4", err, sizeof err);
  ck_assert_msg(m != MOVE_NONE_VALUE, "%s", err);
  Undo undo;
  pos_make_move(pos, m, &undo);
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, "4k3/8/8/8/3*4/8/8/4K3 b - - 0 1");
  uint64_t key = pos_key(pos);
  Position *same = position_at("petrified", fen);
  ck_assert_uint_eq(pos_key(same), key);
  ck_assert(pos_set_fen(same, "4k3/8/8/8/8/8/8/4K3 b - - 0 1", err, sizeof err));
  ck_assert_uint_ne(pos_key(same), key); /* the wall is part of the key */
  pos_free(same);
  pos_unmake_move(pos, &undo);
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, "4k3/8/8/8/3n4/8/8/Q3K3 w - - 0 1");
  /* the king may not take the knight (f1 is the knight's) */
  ck_assert(pos_set_fen(pos, "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", err, sizeof err));
  ck_assert(!is_legal_text(pos, "e1d2"));
  ck_assert_uint_eq(perft(pos, 1), 3);
  /* nor does it guard squares: all five king moves, next to the black king */
  ck_assert(pos_set_fen(pos, "8/8/8/8/8/3k4/8/3K4 w - - 0 1", err, sizeof err));
  ck_assert_uint_eq(perft(pos, 1), 5);
  /* mated by the rook, the queen guarding the flight squares; no rook,
   * stalemate (the white king next to it gives no check) */
  ck_assert(pos_set_fen(pos, "k7/8/1Q6/8/8/8/8/R6K b - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_LOSS);
  ck_assert(pos_set_fen(pos, "k7/8/KQ6/8/8/8/8/8 b - - 0 1", err, sizeof err));
  ck_assert_int_eq(pos_game_result(pos, -1), RESULT_DRAW);
  pos_free(pos);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_rule_cases");
  TCase *tc = tcase_create("rules");
  tcase_add_unchecked_fixture(tc, library_setup, library_teardown);
  tcase_add_test(tc, pawn_drop_mate_is_legal_and_loses);
  tcase_add_test(tc, coregal_queen_does_not_castle);
  tcase_add_test(tc, coregal_promoted_queen_is_royal);
  tcase_add_test(tc, shako_castles_with_the_inner_rook);
  tcase_add_test(tc, sittuyin_pawn_promotes_standing);
  tcase_add_test(tc, allwayspawns_double_step_is_taken_en_passant);
  tcase_add_test(tc, stalemate_skip_passes_and_two_passes_draw);
  tcase_add_test(tc, en_passant_never_promotes);
  tcase_add_test(tc, black_promotion_zone_of_its_own);
  tcase_add_test(tc, armageddon_draws_are_black_wins);
  tcase_add_test(tc, goal_needs_count_pieces);
  tcase_add_test(tc, black_goal_of_its_own);
  tcase_add_test(tc, full_goal_zone_wins);
  tcase_add_test(tc, capturethequeen_results);
  tcase_add_test(tc, n_in_a_row_wins);
  tcase_add_test(tc, forward_optional_promotion_where_stuck);
  tcase_add_test(tc, stardust_zones_goal_and_last_pillar);
  tcase_add_test(tc, backrank_promotion_to_king_on_the_far_rank);
  tcase_add_test(tc, last_piece_of_the_set_is_royal);
  tcase_add_test(tc, shoshogi_prince_makes_the_king_expendable);
  tcase_add_test(tc, atomiczh_blast_victims_go_to_hand_flipped);
  tcase_add_test(tc, atomic_king_blown_up_loses);
  tcase_add_test(tc, atomar_kings_survive_blasts_and_never_take_kings);
  tcase_add_test(tc, compulsory_drops_waived_when_none_evades);
  tcase_add_test(tc, koedem_king_drops_first_and_two_kings_win);
  tcase_add_test(tc, petrified_capturer_becomes_a_wall);
  tcase_add_test(tc, legan_promotes_in_the_corner_zones);
  tcase_add_test(tc, castling_wins_and_lost_right_loses);
  tcase_add_test(tc, castling_takes_the_opponents_same_side);
  tcase_add_test(tc, goal_judged_one_ply_later);
  tcase_add_test(tc, safe_arrival_wins_at_once_unsafe_one_later);
  tcase_add_test(tc, chak_divine_king_reaches_two_squares);
  suite_add_tcase(suite, tc);
  return suite;
}
