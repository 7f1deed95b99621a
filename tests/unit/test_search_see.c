/* test_search_see.c — the static exchange evaluation on hand-worked
 * exchanges: chess (a rook taking a pawn defended by a pawn, a rook battery's
 * x-ray, a royal that may recapture only when the square is safe, a capture
 * that promotes, e.p.), atomic (an explosion), xiangqi (a cannon that loses
 * its screen when the capturer leaves, one whose line the capturer opens, a
 * cannon battery), the grasshopper (a hopper whose hurdle is or is not the
 * capturer), chu shogi's lion taking two pieces in one move, MBN's flip (a
 * variant of the test's own), and crazyhouse
 * drops (which capture nothing and never recapture). Variants come
 * from the shipped library; expected values are written as sums of the
 * evaluation's piece values, worked out by hand for each sequence. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "engine/variants_cmd.h"
#include "search/eval_tables.h"
#include "search/search_internal.h"
#include "inline_variant.h"

Suite *test_suite(void);

static VariantLibrary *library;

typedef struct {
  const Variant *variant;
  EvalTables tables;
  Position *pos;
} Setup;

static Setup setup(const char *name, const char *fen) {
  if (!library) library = engine_library_load(stderr);
  ck_assert_ptr_nonnull(library);
  Setup s;
  s.variant = library_find(library, name);
  ck_assert_msg(s.variant != NULL, "no variant %s", name);
  ck_assert(eval_tables_build(&s.tables, s.variant));
  char err[128];
  s.pos = pos_new(s.variant, err, sizeof err);
  ck_assert_msg(s.pos != NULL, "%s", err);
  ck_assert_msg(pos_set_fen(s.pos, fen, err, sizeof err), "%s: %s", fen, err);
  return s;
}

static void teardown(Setup *s) {
  pos_free(s->pos);
  eval_tables_free(&s->tables);
}

/* The value of the type lettered `letter`. */
static int val(const Setup *s, const char *letter) {
  for (int t = 0; t < s->variant->piece_count; t++)
    if (!strcmp(s->variant->pieces[t].letter, letter)) return s->tables.value[t];
  ck_abort_msg("no piece %s", letter);
  return 0;
}

static Move text_move(const Setup *s, const char *text) {
  char err[128] = "";
  Move move = move_from_text(s->pos, text, err, sizeof err);
  ck_assert_msg(move != MOVE_NONE_VALUE, "%s: %s", text, err);
  return move;
}

/* The legal move from -> to that also captures on `via` (multi-leg). */
static Move leg_move(const Setup *s, const char *from, const char *to, const char *via) {
  int n;
  int f = geo_square_from_text(&s->pos->geo, from, &n),
      t = geo_square_from_text(&s->pos->geo, to, &n),
      v = geo_square_from_text(&s->pos->geo, via, &n);
  static MoveList list;
  gen_legal_moves(s->pos, &list);
  for (int i = 0; i < list.count; i++) {
    Move m = list.moves[i];
    if (move_from(m) == f && move_to(m) == t && move_extra1(m) == v) return m;
  }
  ck_abort_msg("no move %s-%s-%s", from, via, to);
  return MOVE_NONE_VALUE;
}

/* SEE of the move, checked against the threshold test on both sides of the
 * value and for leaving the position as it was. */
static void expect_see(Setup *s, Move move, int expected) {
  char before[512], after[512];
  pos_get_fen(s->pos, before, sizeof before);
  uint64_t key = pos_key(s->pos);
  int value = move_see(s->pos, &s->tables, move);
  ck_assert_int_eq(value, expected);
  ck_assert(move_see_ok(s->pos, &s->tables, move, expected));
  ck_assert(!move_see_ok(s->pos, &s->tables, move, expected + 1));
  pos_get_fen(s->pos, after, sizeof after);
  ck_assert_str_eq(before, after);
  ck_assert(pos_key(s->pos) == key);
  ck_assert(pos_is_ok(s->pos));
}

static void expect_see_text(const char *variant, const char *fen, const char *move, int expected) {
  Setup s = setup(variant, fen);
  expect_see(&s, text_move(&s, move), expected);
  teardown(&s);
}

static int chess_value(const char *letter) {
  Setup s = setup("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  int v = val(&s, letter);
  teardown(&s);
  return v;
}

START_TEST(rook_takes_pawn_defended_by_pawn_loses) {
  int p = chess_value("P"), r = chess_value("R");
  expect_see_text("chess", "4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", p - r);
  /* undefended, the pawn is simply won */
  expect_see_text("chess", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", p);
}
END_TEST

START_TEST(rook_battery_x_ray_wins_the_pawn) {
  int p = chess_value("P"), r = chess_value("R");
  /* Rxd5 Rxd5 Rxd5: the rook behind recaptures through the first one */
  expect_see_text("chess", "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", p);
  /* one rook alone loses it for the pawn */
  expect_see_text("chess", "3rk3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", p - r);
  /* an empty square: Rd5 hangs the rook to the defender */
  expect_see_text("chess", "3rk3/8/8/8/8/8/8/3RK3 w - - 0 1", "d1d5", -r);
}
END_TEST

START_TEST(royal_recaptures_only_when_safe) {
  int p = chess_value("P"), r = chess_value("R");
  expect_see_text("chess", "8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", p - r);
  /* the second rook guards d5: the king may not take */
  expect_see_text("chess", "8/8/4k3/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", p);
}
END_TEST

START_TEST(capture_with_promotion) {
  int p = chess_value("P"), r = chess_value("R"), q = chess_value("Q");
  /* bxa8=Q Nxa8: won a rook, lost the pawn */
  expect_see_text("chess", "r3k3/1P6/1n6/8/8/8/8/4K3 w - - 0 1", "b7a8q", r - p);
  /* undefended: the rook and the promotion */
  expect_see_text("chess", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", r + q - p);
}
END_TEST

START_TEST(en_passant_takes_the_passed_pawn) {
  int p = chess_value("P");
  expect_see_text("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", p);
  /* a rook on d8 recaptures on d6 */
  expect_see_text("chess", "3rk3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 0);
}
END_TEST

START_TEST(atomic_explosion_counts_every_piece) {
  Setup s = setup("atomic", "4k3/8/2p1b3/3p4/8/4N3/8/4K3 w - - 0 1");
  /* Nxd5 blows up the pawn, the knight and the bishop on e6 (pawns next to
   * the blast survive); nothing is left on d5 to recapture */
  expect_see(&s, text_move(&s, "e3d5"), val(&s, "P") + val(&s, "B") - val(&s, "N"));
  teardown(&s);
}
END_TEST

START_TEST(xiangqi_cannon_screens_follow_the_moves) {
  Setup s = setup("xiangqi", "5k3/2c6/9/2R6/9/2n6/9/9/9/3K5 w - - 0 1");
  /* The chariot on c7 screens the cannon on c9 towards c5, but taking on c5
   * takes the screen away: the horse is won. */
  expect_see(&s, text_move(&s, "c7c5"), val(&s, "N"));
  teardown(&s);
  s = setup("xiangqi", "5k3/2c6/2p6/2R6/9/2n6/9/9/9/3K5 w - - 0 1");
  /* With a soldier on c8 the chariot blocked the cannon's line; leaving c7
   * opens it, and the cannon recaptures over the soldier. */
  expect_see(&s, text_move(&s, "c7c5"), val(&s, "N") - val(&s, "R"));
  teardown(&s);
  s = setup("xiangqi", "2r2k3/9/9/2n6/9/2P6/9/2C6/9/2CK5 w - - 0 1");
  /* Cannon battery: Cc3xc7 (over c5), Rxc7, Cc1xc7 (over c5 once c3 is
   * empty). Black may decline the recapture: min(N, N - C + R). */
  int n = val(&s, "N"), c = val(&s, "C"), r = val(&s, "R");
  expect_see(&s, text_move(&s, "c3c7"), n < n - c + r ? n : n - c + r);
  teardown(&s);
}
END_TEST

START_TEST(grasshopper_hurdle) {
  Setup s = setup("grasshopper", "3gk3/8/3p4/3p4/8/8/8/3RK3 w - - 0 1");
  /* The grasshopper on d8 hops the pawn on d6 and lands on d5. */
  expect_see(&s, text_move(&s, "d1d5"), val(&s, "P") - val(&s, "R"));
  teardown(&s);
  s = setup("grasshopper", "3gk3/8/3R4/3p4/8/8/8/4K3 w - - 0 1");
  /* Here the rook itself was the hurdle: after Rxd5 the grasshopper hops it
   * to d4, which does not capture. */
  expect_see(&s, text_move(&s, "d6d5"), val(&s, "P"));
  teardown(&s);
}
END_TEST

START_TEST(lion_takes_two) {
  const char *fen = "k11/12/12/12/5g6/5p6/5p6/5N6/12/12/12/11K w - - 0 1";
  Setup s = setup("chushogi", fen);
  int p = val(&s, "P"), lion = val(&s, "N");
  /* Lion f5xf6xf7: two pawns, then the gold takes the lion. */
  expect_see(&s, leg_move(&s, "f5", "f7", "f6"), 2 * p - lion);
  /* Igui: take on f6 and step back to f5, where nothing attacks it. */
  expect_see(&s, leg_move(&s, "f5", "f5", "f6"), p);
  teardown(&s);
}
END_TEST

/* MBN's x (docs/mbn.md decision 35): X=mK+xK on d4 turns Black's Z on e4
 * into White's and stays on d4, so the exchange goes on on d4. Alone, the
 * flip wins the Z twice (Black loses it, White gains it); with Black's king
 * on c5, the king then takes X on d4, where nothing of White's defends it
 * (Z=mfW never captures). */
START_TEST(a_flip_wins_the_piece_twice) {
  const char *fens[2] = {"4k3/8/8/8/3Xz3/8/8/K7 w - - 0 1", "8/8/8/2k5/3Xz3/8/8/K7 w - - 0 1"};
  for (int i = 0; i < 2; i++) {
    VariantLibrary *lib;
    char error[512];
    Setup s;
    s.pos = iv_x_position("mK+xK", fens[i], &lib, error, sizeof error);
    ck_assert_msg(s.pos != NULL, "%s", error);
    s.variant = library_find(lib, "v");
    ck_assert(eval_tables_build(&s.tables, s.variant));
    int z = val(&s, "Z"), x = val(&s, "X");
    expect_see(&s, text_move(&s, "d4~e4d4"), i == 0 ? 2 * z : 2 * z - x);
    teardown(&s);
    library_free(lib);
  }
}
END_TEST

START_TEST(drops_only_put_material_at_risk) {
  Setup s = setup("crazyhouse", "4k3/8/4p3/8/8/8/8/4K3[N] w - - 0 1");
  /* A dropped piece wins nothing; the pawn on e6 takes it on d5. */
  expect_see(&s, text_move(&s, "N@d5"), -val(&s, "N"));
  expect_see(&s, text_move(&s, "N@a5"), 0);
  teardown(&s);
}
END_TEST

START_TEST(equal_capturers_do_not_depend_on_history) {
  /* Two white queens can retake on f2; which one goes first decides
   * whether the rook on h2 gets in. The choice must follow from the board,
   * not from the order make/unmake left the piece lists in. */
  Setup s = setup("chess", "5Q2/8/8/k7/4n3/8/5PQr/4K3 b - - 0 1");
  Move move = text_move(&s, "e4f2");
  int first = move_see(s.pos, &s.tables, move);
  static MoveList list;
  for (int round = 0; round < 3; round++) {
    gen_legal_moves(s.pos, &list);
    for (int i = 0; i < list.count; i++) {
      Undo undo;
      pos_make_move(s.pos, list.moves[i], &undo);
      pos_unmake_move(s.pos, &undo);
    }
    ck_assert_int_eq(move_see(s.pos, &s.tables, move), first);
  }
  teardown(&s);
}
END_TEST

/* The bitboard exchange (board's pos_exchange_fast, which move_see_ok asks
 * first) must answer exactly as the played exchange (move_see) wherever it
 * answers: on random positions of every shipped variant, every plain move,
 * at thresholds around its value. Positions come from seeded random games,
 * so the run is the same each time. */
START_TEST(fast_exchange_agrees_with_the_played_one) {
  if (!library) library = engine_library_load(stderr);
  ck_assert_ptr_nonnull(library);
  static MoveList list;
  uint64_t seed = 0x9E3779B97F4A7C15ULL;
  long answered = 0, compared = 0;
  for (int vi = 0; vi < library_count(library); vi++) {
    const Variant *v = library_variant(library, vi);
    EvalTables tables;
    ck_assert(eval_tables_build(&tables, v));
    char err[128];
    Position *pos = pos_new(v, err, sizeof err);
    ck_assert_msg(pos != NULL, "%s: %s", v->name, err);
    ExchangeValues values = {tables.see_value, tables.royal, 16};
    for (int game = 0; game < 2 && tables.capture_takes_one; game++) {
      ck_assert_msg(pos_set_startpos(pos, err, sizeof err), "%s: %s", v->name, err);
      static Undo undo[50];
      int plies = 0;
      while (plies < 50) {
        gen_legal_moves(pos, &list);
        if (list.count == 0) break;
        for (int i = 0; i < list.count; i++) {
          Move m = list.moves[i];
          if (move_kind(m) != MOVE_NORMAL || move_piece_arg(m) >= 0) continue;
          int gain = move_captured_value(pos, &tables, m);
          int value = move_see(pos, &tables, m);
          compared++;
          const int thresholds[] = {value - 1, value, value + 1, 0, 1, -180};
          for (int k = 0; k < 6; k++) {
            int th = thresholds[k];
            if (th > gain) continue; /* the caller answers those by the bound */
            int fast = pos_exchange_fast(pos, m, &values, gain, th);
            if (fast < 0) break;
            answered++;
            char fen[512], text[MOVE_TEXT_MAX];
            pos_get_fen(pos, fen, sizeof fen);
            move_to_text(pos, m, text, sizeof text);
            ck_assert_msg(fast == (value >= th), "%s %s %s: fast %d, played %d, threshold %d",
                          v->name, fen, text, fast, value, th);
          }
        }
        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
        pos_make_move(pos, list.moves[seed % (uint64_t)list.count], &undo[plies++]);
      }
    }
    pos_free(pos);
    eval_tables_free(&tables);
  }
  /* The fast path must actually answer, or the test proves nothing. */
  ck_assert_msg(answered > compared / 4, "answered %ld of %ld", answered, compared);
}
END_TEST

Suite *test_suite(void) {
  Suite *s = suite_create("search_see");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, rook_takes_pawn_defended_by_pawn_loses);
  tcase_add_test(tc, rook_battery_x_ray_wins_the_pawn);
  tcase_add_test(tc, royal_recaptures_only_when_safe);
  tcase_add_test(tc, capture_with_promotion);
  tcase_add_test(tc, en_passant_takes_the_passed_pawn);
  tcase_add_test(tc, atomic_explosion_counts_every_piece);
  tcase_add_test(tc, xiangqi_cannon_screens_follow_the_moves);
  tcase_add_test(tc, grasshopper_hurdle);
  tcase_add_test(tc, lion_takes_two);
  tcase_add_test(tc, a_flip_wins_the_piece_twice);
  tcase_add_test(tc, drops_only_put_material_at_risk);
  tcase_add_test(tc, equal_capturers_do_not_depend_on_history);
  tcase_add_test(tc, fast_exchange_agrees_with_the_played_one);
  suite_add_tcase(s, tc);
  return s;
}
