/* test_board_legal_context.c — the per-node legality context (board/legal.h)
 * answers exactly as pos_is_legal, and the gives-check context exactly as
 * pos_gives_check (make, test, unmake), for every pseudo-legal move, in every
 * shipped variant, along pseudo-random games (so positions with checks, pins,
 * drops and promotions occur), and the test sees both answers. Under the
 * sanitizers one shorter game per variant, and a sample of the moves
 * (sweep_sample.h). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "board/legal.h"
#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "board/rules_end.h"
#include "mbn/variant_library.h"
#include "shipped_library.h"
#include "sweep_sample.h"

Suite *test_suite(void);

START_TEST(context_agrees_with_full_test) {
  VariantLibrary *lib = shipped_library_load();
  MoveList *list = malloc(sizeof *list), *legal = malloc(sizeof *legal);
  LegalContext *ctx = malloc(sizeof *ctx);
  Undo *undo = malloc(sizeof(Undo) * 80);
  long illegal_seen = 0, legal_seen = 0;
  int games = sweep_limit(8, 1), plies = sweep_limit(80, 40);
  uint32_t seed = 12345;
  for (int v = 0; v < library_count(lib); v++) {
    const Variant *variant = library_variant(lib, v);
    char err[256];
    Position *pos = pos_new(variant, err, sizeof err);
    ck_assert_msg(pos != NULL, "%s: %s", variant->name, err);
    for (int game = 0; game < games; game++) {
      int ply = 0;
      for (; ply < plies; ply++) {
        gen_pseudo_moves(pos, list);
        legal_context_init(pos, ctx);
        for (int i = 0, step = sweep_stride(list->count, 32); i < list->count; i += step) {
          Move m = list->moves[i];
          bool full = pos_is_legal(pos, m);
          if (legal_context_test(pos, ctx, m) != full) {
            char fen[512], text[MOVE_TEXT_MAX];
            pos_get_fen(pos, fen, sizeof fen);
            move_to_text(pos, m, text, sizeof text);
            ck_abort_msg("%s: %s: %s judged %s", variant->name, fen, text,
                         full ? "illegal" : "legal");
          }
          full ? legal_seen++ : illegal_seen++;
        }
        if (pos_game_result(pos, -1) != RESULT_NONE || !gen_legal_moves(pos, legal)) break;
        seed = seed * 1103515245u + 12345u;
        pos_make_move(pos, legal->moves[(seed >> 8) % (uint32_t)legal->count], &undo[ply]);
      }
      /* the loop may stop before making its last move */
      int made = ply < plies ? ply : plies;
      while (made-- > 0) pos_unmake_move(pos, &undo[made]);
    }
    pos_free(pos);
  }
  ck_assert(legal_seen > 0 && illegal_seen > 0);
  free(undo);
  free(ctx);
  free(legal);
  free(list);
  library_free(lib);
}
END_TEST

START_TEST(check_context_agrees_with_make) {
  VariantLibrary *lib = shipped_library_load();
  MoveList *list = malloc(sizeof *list), *legal = malloc(sizeof *legal);
  Undo *undo = malloc(sizeof(Undo) * 80);
  long checks = 0, quiet = 0, fast_checks = 0, fast_variants = 0, watch_checks = 0;
  bool janggi_watched = false, xiangqi_bb = false;
  long xiangqi_checks = 0;
  int games = sweep_limit(8, 1), plies = sweep_limit(80, 40);
  uint32_t seed = 777;
  for (int v = 0; v < library_count(lib); v++) {
    const Variant *variant = library_variant(lib, v);
    char err[256];
    Position *pos = pos_new(variant, err, sizeof err);
    ck_assert_msg(pos != NULL, "%s: %s", variant->name, err);
    bool fast_seen = false;
    for (int game = 0; game < games; game++) {
      int ply = 0;
      for (; ply < plies; ply++) {
        gen_pseudo_moves(pos, list);
        CheckContext ctx;
        check_context_init(pos, &ctx);
        fast_seen |= ctx.mode == CHECK_BB64 || ctx.mode == CHECK_BB128;
        bool xiangqi = !strcmp(variant->name, "xiangqi");
        janggi_watched |= ctx.mode == CHECK_WATCH && !strcmp(variant->name, "janggi");
        xiangqi_bb |= ctx.mode == CHECK_BB128 && xiangqi;
        for (int i = 0, step = sweep_stride(list->count, 32); i < list->count; i += step) {
          Move m = list->moves[i];
          bool full = pos_gives_check(pos, m);
          if (check_context_gives(pos, &ctx, m) != full) {
            char fen[512], text[MOVE_TEXT_MAX];
            pos_get_fen(pos, fen, sizeof fen);
            move_to_text(pos, m, text, sizeof text);
            ck_abort_msg("%s: %s: %s judged %s", variant->name, fen, text,
                         full ? "no check" : "a check");
          }
          full ? checks++ : quiet++;
          fast_checks += full && ctx.mode != CHECK_BY_MAKE;
          watch_checks += full && ctx.mode == CHECK_WATCH;
          xiangqi_checks += full && ctx.mode == CHECK_BB128 && xiangqi;
        }
        if (pos_game_result(pos, -1) != RESULT_NONE || !gen_legal_moves(pos, legal)) break;
        seed = seed * 1103515245u + 12345u;
        pos_make_move(pos, legal->moves[(seed >> 8) % (uint32_t)legal->count], &undo[ply]);
      }
      int made = ply < plies ? ply : plies;
      while (made-- > 0) pos_unmake_move(pos, &undo[made]);
    }
    fast_variants += fast_seen;
    pos_free(pos);
  }
  /* the bitboard path ran (chess, capablanca, shogi, crazyhouse, ...) and
   * found checks itself */
  ck_assert(checks > 0 && quiet > 0 && fast_checks > 0 && fast_variants >= 4);
  /* the watch lists answered for the mailbox variants (janggi) and found
   * checks themselves */
  ck_assert(janggi_watched && watch_checks > 0);
  /* xiangqi's horses, elephants and cannons on bitboards: checks by lame
   * leaps and hops, discovered or given, found there */
  ck_assert(xiangqi_bb && xiangqi_checks > 0);
  free(undo);
  free(legal);
  free(list);
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_legal_context");
  TCase *tc = tcase_create("legal_context");
  tcase_set_timeout(tc, 240);
  tcase_add_test(tc, context_agrees_with_full_test);
  tcase_add_test(tc, check_context_agrees_with_make);
  suite_add_tcase(suite, tc);
  return suite;
}
