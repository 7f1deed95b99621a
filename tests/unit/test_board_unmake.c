/* test_board_unmake.c — pos_unmake_move restores the exact prior state, the
 * order of the piece lists included: an extra make/unmake pair (SEE, a check
 * test) must not change the order in which later moves are generated, or the
 * search's node count would depend on how often such probes run. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/position.h"
#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

/* Everything make/unmake may touch, element by element. */
typedef struct {
  int sq_nb;
  Piece *board;
  Square *plist[COLOR_NB];
  int pcount[COLOR_NB];
  PosState st;
  uint8_t hand[COLOR_NB][PIECE_TYPE_MAX]; /* logged apart from PosState (Undo.hand_changes) */
  Color side;
} Snapshot;

static void snapshot_take(const Position *pos, Snapshot *s) {
  s->sq_nb = pos->geo.sq_nb;
  s->board = malloc(sizeof(Piece) * (size_t)s->sq_nb);
  memcpy(s->board, pos->board, sizeof(Piece) * (size_t)s->sq_nb);
  for (int c = 0; c < COLOR_NB; c++) {
    s->pcount[c] = pos->pcount[c];
    s->plist[c] = malloc(sizeof(Square) * (size_t)(s->pcount[c] + 1));
    memcpy(s->plist[c], pos->plist[c], sizeof(Square) * (size_t)s->pcount[c]);
  }
  s->st = pos->st;
  memcpy(s->hand, pos->hand, sizeof s->hand);
  s->side = pos->side;
}

static void snapshot_free(Snapshot *s) {
  free(s->board);
  free(s->plist[WHITE]);
  free(s->plist[BLACK]);
}

/* Why pos differs from the snapshot, or NULL. */
static const char *snapshot_difference(const Position *pos, const Snapshot *s) {
  if (pos->side != s->side) return "side to move";
  if (memcmp(&pos->st, &s->st, sizeof s->st)) return "state";
  if (memcmp(pos->hand, s->hand, sizeof s->hand)) return "hands";
  if (memcmp(pos->board, s->board, sizeof(Piece) * (size_t)s->sq_nb)) return "board";
  for (int c = 0; c < COLOR_NB; c++) {
    if (pos->pcount[c] != s->pcount[c]) return "piece count";
    for (int i = 0; i < s->pcount[c]; i++)
      if (pos->plist[c][i] != s->plist[c][i]) return "piece list order";
  }
  for (int c = 0; c < COLOR_NB; c++)
    for (int i = 0; i < s->pcount[c]; i++)
      if (pos->pindex[s->plist[c][i]] != i) return "piece index";
  return NULL;
}

enum { SEEN_CAPTURE, SEEN_PROMOTION, SEEN_DROP, SEEN_CASTLING, SEEN_NB };

/* Every legal move (and, depth 2, every reply) made and unmade leaves the
 * position as it was; the move list generated afterwards is the same list
 * in the same order. */
static void check_unmake(Position *pos, int depth, bool seen[SEEN_NB]) {
  MoveList *before = malloc(sizeof *before), *after = malloc(sizeof *after);
  gen_legal_moves(pos, before);
  Snapshot snap;
  snapshot_take(pos, &snap);
  for (int i = 0; i < before->count; i++) {
    Move m = before->moves[i];
    int to = move_to(m);
    if (move_kind(m) == MOVE_DROP)
      seen[SEEN_DROP] = true;
    else if (move_kind(m) == MOVE_CASTLING)
      seen[SEEN_CASTLING] = true;
    else {
      if (piece_is_real(pos->board[to]) && to != move_from(m)) seen[SEEN_CAPTURE] = true;
      if (move_piece_arg(m) >= 0) seen[SEEN_PROMOTION] = true;
    }
    Undo undo;
    pos_make_move(pos, m, &undo);
    if (depth > 1) check_unmake(pos, depth - 1, seen);
    pos_unmake_move(pos, &undo);
    const char *diff = snapshot_difference(pos, &snap);
    ck_assert_msg(!diff, "move %d of %d: %s differs after make+unmake", i, before->count, diff);
  }
  gen_legal_moves(pos, after);
  ck_assert_int_eq(after->count, before->count);
  for (int i = 0; i < before->count; i++)
    ck_assert_msg(after->moves[i] == before->moves[i], "move %d generated in another order", i);
  snapshot_free(&snap);
  free(before);
  free(after);
}

static void check_position(const VariantLibrary *lib, const char *variant, const char *fen,
                           const bool expect[SEEN_NB]) {
  const Variant *v = library_find(lib, variant);
  ck_assert_msg(v != NULL, "%s", variant);
  char err[256];
  Position *pos = pos_new(v, err, sizeof err);
  ck_assert_msg(pos != NULL, "%s", err);
  if (fen) ck_assert_msg(pos_set_fen(pos, fen, err, sizeof err), "%s", err);
  bool seen[SEEN_NB] = {false};
  check_unmake(pos, 2, seen);
  for (int k = 0; k < SEEN_NB; k++)
    ck_assert_msg(!expect[k] || seen[k], "%s: move kind %d not exercised", variant, k);
  pos_free(pos);
}

START_TEST(capture_promotion_castling_restore_lists) {
  VariantLibrary *lib = shipped_library_load();
  /* b7xa8 promotes with a capture; both sides may castle both ways */
  check_position(lib, "chess",
                 "r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                 (const bool[SEEN_NB]){true, true, false, true});
  /* atomic castling tests its path with the king lifted off its square */
  check_position(lib, "atomic", "r3k2r/pppq1ppp/8/3pP3/8/8/PPPQ1PPP/R3K2R w KQkq d6 0 1",
                 (const bool[SEEN_NB]){true, false, false, true});
  check_position(lib, "xiangqi", NULL, (const bool[SEEN_NB]){true, false, false, false});
  library_free(lib);
}
END_TEST

START_TEST(drops_restore_lists) {
  VariantLibrary *lib = shipped_library_load();
  check_position(lib, "crazyhouse",
                 "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[Pn] w KQkq - 0 1",
                 (const bool[SEEN_NB]){true, false, true, true});
  check_position(lib, "shogi",
                 "lnsgkgsnl/1r5b1/ppppppp1p/7p1/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[Gg] w - - 0 4",
                 (const bool[SEEN_NB]){true, false, true, false});
  library_free(lib);
}
END_TEST

START_TEST(walls_restore_lists) {
  VariantLibrary *lib = shipped_library_load();
  /* the duck moves (taken off c3, put elsewhere) with every kind of move:
   * e.p. on d6, b7xa8 promoting, castling both ways */
  check_position(lib, "duck", "r3k2r/pPp1pppp/8/3pP3/8/2*5/PP1P1PPP/R3K2R w KQkq d6 0 1",
                 (const bool[SEEN_NB]){true, true, false, true});
  /* walls that stay: placed as a pass (atlantis), shot from where a piece
   * lands (cowboys) */
  check_position(lib, "atlantis",
                 "r1bqkbnr/p1pppp1p/5Pp*/1p6/*5P1/*P3N2/P1QPP2P/RNB1KB1R b KQkq - 0 8",
                 (const bool[SEEN_NB]){true, false, false, false});
  check_position(lib, "cowboys", "2n3*/*4*1/1N2*nn/1*1****/1n*2N1/4*N1/*3N2 w - - 12 7",
                 (const bool[SEEN_NB]){false, false, false, false});
  library_free(lib);
}
END_TEST

START_TEST(flips_restore_lists) {
  VariantLibrary *lib = shipped_library_load();
  /* drops that turn lines of stones (flipello), clones and jumps that turn
   * their neighbours (ataxx), both two plies deep */
  check_position(
      lib, "flipello",
      "8/1P3pPP/2P1ppP1/2PPPp2/3PPP2/2PPP1P1/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP"
      "PPPPPPPPPPPPppppppppppppppppppppppppppppppppppppppppppppppppppppp] b - - 0 8",
      (const bool[SEEN_NB]){false, false, true, false});
  check_position(lib, "ataxx", "2p1p2/1P1P3/P1PPP2/7/3p3/7/4P2 b - - 0 9",
                 (const bool[SEEN_NB]){false, false, true, false});
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_unmake");
  TCase *tc = tcase_create("unmake");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, capture_promotion_castling_restore_lists);
  tcase_add_test(tc, drops_restore_lists);
  tcase_add_test(tc, walls_restore_lists);
  tcase_add_test(tc, flips_restore_lists);
  suite_add_tcase(suite, tc);
  return suite;
}
