/* test_search_eval_cache.c — the search's evaluation caches (pawn structure,
 * and the score by position key) never change a score: along pseudo-random
 * games in several variants (captures, promotions and drops change the pawn
 * structure), eval_position_cached gives exactly what eval_position gives.
 * One-entry caches make every new position land on the slot of the last one,
 * so a stale entry would show at once; larger ones also return to entries
 * stored many plies before (the way back), as the search does. And what the
 * key does not hold (the halfmove clock, which the move-count rule scales
 * by) is never taken from the cache. */
#include <check.h>
#include <stdio.h>

#include "board/movegen.h"
#include "board/position.h"
#include "search/eval_tables.h"
#include "search/search_internal.h"
#include "shipped_library.h"

Suite *test_suite(void);

static VariantLibrary *library;

/* Plays `games` games of up to `plies` random legal moves from the start
 * position, comparing both evaluations at every position, then again on the
 * way back (the same structures, now found in the cache). */
static void check_variant(const char *name, int size_log2, int games, int plies) {
  if (!library) library = shipped_library_load();
  Position *pos = shipped_position(library, name, NULL);
  EvalTables tables;
  ck_assert(eval_tables_build(&tables, pos->variant));
  char err[128];
  EvalCache cache;
  ck_assert(eval_cache_init(&cache, size_log2, size_log2));
  static Undo undo[256];
  static MoveList list;
  uint64_t seed = 0x9e3779b97f4a7c15ULL;
  int compared = 0;
  for (int g = 0; g < games; g++) {
    ck_assert_msg(pos_set_startpos(pos, err, sizeof err), "%s", err);
    int made = 0;
    for (; made < plies && made < 256; made++) {
      ck_assert_int_eq(eval_position_cached(pos, &tables, &cache), eval_position(pos, &tables));
      compared++;
      gen_legal_moves(pos, &list);
      if (list.count == 0) break;
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      pos_make_move(pos, list.moves[(seed >> 33) % (uint64_t)list.count], &undo[made]);
    }
    while (made > 0) {
      pos_unmake_move(pos, &undo[--made]);
      ck_assert_int_eq(eval_position_cached(pos, &tables, &cache), eval_position(pos, &tables));
    }
  }
  ck_assert_int_gt(compared, games);
  eval_cache_free(&cache);
  pos_free(pos);
  eval_tables_free(&tables);
}

START_TEST(one_entry_cache_matches_uncached) {
  check_variant("chess", 0, 20, 120);
  check_variant("capablanca", 0, 10, 120);
  check_variant("shogi", 0, 10, 120);
  check_variant("xiangqi", 0, 10, 120);
  check_variant("crazyhouse", 0, 10, 120);
}
END_TEST

START_TEST(small_cache_matches_uncached) {
  check_variant("chess", 4, 20, 120);
  check_variant("shogi", 4, 10, 120);
  check_variant("crazyhouse", 4, 10, 120);
}
END_TEST

/* The same position (one key) with the halfmove clock at 0 and far along:
 * the move-count rule halves the second's score towards a draw, and the
 * cache, filled by the first, must not hand it back. */
START_TEST(halfmove_clock_is_not_taken_from_the_cache) {
  if (!library) library = shipped_library_load();
  const char *fens[] = {"4k3/8/8/8/8/8/4P3/R3K3 w - - 0 40", "4k3/8/8/8/8/8/4P3/R3K3 w - - 80 40"};
  Position *pos = shipped_position(library, "chess", fens[0]);
  EvalTables tables;
  ck_assert(eval_tables_build(&tables, pos->variant));
  EvalCache cache;
  ck_assert(eval_cache_init(&cache, 4, 4));
  char err[128];
  int cached[2], plain[2];
  for (int i = 0; i < 2; i++) {
    ck_assert_msg(pos_set_fen(pos, fens[i], err, sizeof err), "%s", err);
    cached[i] = eval_position_cached(pos, &tables, &cache);
    plain[i] = eval_position(pos, &tables);
  }
  ck_assert_int_eq(cached[0], plain[0]);
  ck_assert_int_eq(cached[1], plain[1]);
  ck_assert_int_gt(plain[0], plain[1]); /* the clock did shrink the score */
  eval_cache_free(&cache);
  pos_free(pos);
  eval_tables_free(&tables);
}
END_TEST

Suite *test_suite(void) {
  Suite *s = suite_create("search_eval_cache");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, one_entry_cache_matches_uncached);
  tcase_add_test(tc, small_cache_matches_uncached);
  tcase_add_test(tc, halfmove_clock_is_not_taken_from_the_cache);
  suite_add_tcase(s, tc);
  return s;
}
