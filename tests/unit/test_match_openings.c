/* test_match_openings.c — the balanced random-opening generator
 * (match/opening_random.h): reproducible per (seed, index) whatever was asked
 * before, made of legal moves, of the asked length, within the score bound,
 * and on any board (xiangqi's 9x10, shogi's drops). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "board/movetext.h"
#include "match/opening_random.h"
#include "search/search.h"
#include "shipped_library.h"

Suite *test_suite(void);

/* Replays the opening's moves from start: each must be legal there, and
 * the position reached must be the opening's FEN. */
static void check_replay(const Position *start, const RandomOpening *o) {
  Position *pos = pos_clone(start);
  Undo undo;
  for (int i = 0; i < o->ply_count; i++) {
    char err[128] = "";
    Move m = move_from_text(pos, o->moves[i], err, sizeof err);
    ck_assert_msg(m != MOVE_NONE_VALUE, "ply %d '%s' illegal: %s", i, o->moves[i], err);
    pos_make_move(pos, m, &undo);
  }
  char fen[1024];
  pos_get_fen(pos, fen, sizeof fen);
  ck_assert_str_eq(fen, o->fen);
  pos_free(pos);
}

START_TEST(same_seed_and_index_same_opening) {
  VariantLibrary *lib = shipped_library_load();
  Position *start = shipped_position(lib, "chess", NULL);
  Searcher *searcher = searcher_new();
  searcher_set_hash(searcher, 1);
  RandomOpeningSpec spec = random_opening_defaults();
  spec.seed = 42;
  spec.depth = 3;
  RandomOpening *a = malloc(sizeof *a), *b = malloc(sizeof *b), *c = malloc(sizeof *c);
  char err[256];
  ck_assert(random_opening_make(start, &spec, 3, searcher, a, err, sizeof err));
  /* Something else in between: the searcher's state must not matter. */
  ck_assert(random_opening_make(start, &spec, 5, searcher, c, err, sizeof err));
  ck_assert(random_opening_make(start, &spec, 3, searcher, b, err, sizeof err));
  ck_assert_int_eq(a->ply_count, 8);
  ck_assert_str_eq(a->fen, b->fen);
  ck_assert_int_eq(a->score, b->score);
  for (int i = 0; i < a->ply_count; i++) ck_assert_str_eq(a->moves[i], b->moves[i]);
  ck_assert_str_ne(a->fen, c->fen); /* 8 random plies from 20+ choices each */
  ck_assert(abs(a->score) <= spec.bound_cp && abs(c->score) <= spec.bound_cp);
  check_replay(start, a);
  check_replay(start, c);
  /* Another seed, another sequence. */
  spec.seed = 43;
  ck_assert(random_opening_make(start, &spec, 3, searcher, b, err, sizeof err));
  ck_assert_str_ne(a->fen, b->fen);
  free(a), free(b), free(c);
  searcher_free(searcher);
  pos_free(start);
  library_free(lib);
}
END_TEST

START_TEST(any_board_and_no_filter) {
  VariantLibrary *lib = shipped_library_load();
  const char *variants[] = {"xiangqi", "shogi", "capablanca"};
  for (int v = 0; v < 3; v++) {
    Position *start = shipped_position(lib, variants[v], NULL);
    RandomOpeningSpec spec = random_opening_defaults();
    spec.depth = 0; /* no search: every legal walk is kept */
    spec.plies = 12;
    RandomOpening *o = malloc(sizeof *o);
    char err[256];
    for (int index = 0; index < 5; index++) {
      ck_assert_msg(random_opening_make(start, &spec, (uint64_t)index, NULL, o, err, sizeof err),
                    "%s: %s", variants[v], err);
      ck_assert_int_eq(o->ply_count, 12);
      check_replay(start, o);
    }
    free(o);
    pos_free(start);
  }
  library_free(lib);
}
END_TEST

/* In massacre every move is a capture, so a depth-bounded search has no
 * quiet end: the balance search ran for minutes per attempt and the match
 * hung before its first game. The node budget ends it. */
START_TEST(all_capture_variant_ends) {
  VariantLibrary *lib = shipped_library_load();
  Position *start = shipped_position(lib, "massacre", NULL);
  Searcher *searcher = searcher_new();
  searcher_set_hash(searcher, 1);
  RandomOpeningSpec spec = random_opening_defaults();
  spec.bound_cp = 100000; /* keep any score: this test is about ending */
  RandomOpening *o = malloc(sizeof *o);
  char err[256] = "";
  for (uint64_t index = 0; index < 3; index++) {
    ck_assert_msg(random_opening_make(start, &spec, index, searcher, o, err, sizeof err), "%s",
                  err);
    check_replay(start, o);
  }
  free(o);
  searcher_free(searcher);
  pos_free(start);
  library_free(lib);
}
END_TEST

START_TEST(impossible_bound_is_an_error) {
  VariantLibrary *lib = shipped_library_load();
  Position *start = shipped_position(lib, "chess", NULL);
  Searcher *searcher = searcher_new();
  searcher_set_hash(searcher, 1);
  RandomOpeningSpec spec = random_opening_defaults();
  spec.depth = 1;
  spec.bound_cp = -1; /* no score is within [1, -1] */
  spec.tries = 5;
  RandomOpening *o = malloc(sizeof *o);
  char err[256] = "";
  ck_assert(!random_opening_make(start, &spec, 0, searcher, o, err, sizeof err));
  ck_assert_msg(strstr(err, "none of 5 attempts") != NULL, "%s", err);
  ck_assert_msg(strstr(err, "-openings random bound=CP") != NULL, "%s", err); /* the way out */
  /* Without a searcher a filtered opening cannot be made: an error, not a crash. */
  ck_assert(!random_opening_make(start, &spec, 0, NULL, o, err, sizeof err));
  free(o);
  searcher_free(searcher);
  pos_free(start);
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *s = suite_create("match_openings");
  TCase *tc = tcase_create("random");
  tcase_add_test(tc, same_seed_and_index_same_opening);
  tcase_add_test(tc, any_board_and_no_filter);
  tcase_add_test(tc, impossible_bound_is_an_error);
  tcase_add_test(tc, all_capture_variant_ends);
  suite_add_tcase(s, tc);
  return s;
}
