/* test_search_eval_symmetry.c — the evaluation sees both colours alike.
 *
 * In a variant whose two armies mirror each other top to bottom (chess,
 * capablanca, ...), a position and its colour-flipped twin (ranks reversed,
 * colours swapped, the other side to move) are the same game: the static
 * evaluation, from the side to move's view, must be equal in both. Checked
 * on the positions of random games, with the shipped weights and with the
 * derived ones. A term that reads a square, a rank or a direction for one
 * colour only would fail it.
 */
#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/rules_end.h"
#include "search/eval_tables.h"
#include "search/eval_trace.h"
#include "search/eval_weights.h"
#include "shipped_library.h"

Suite *test_suite(void);

/* The colour-flipped FEN of a plain FEN (board, side, castling, e.p.,
 * counters; no holdings): the rank rows in reverse order with the case of
 * every letter swapped, the other side to move, the castling letters' case
 * swapped, the e.p. square's rank mirrored on a board of `ranks` ranks. */
static void flip_fen(const char *fen, int ranks, char *out, size_t size) {
  char board[256], side[8], castling[32], ep[16], rest[64] = "";
  ck_assert_int_ge(sscanf(fen, "%255s %7s %31s %15s %63[^\n]", board, side, castling, ep, rest), 4);
  char *rows[64];
  int n = 0;
  for (char *row = strtok(board, "/"); row && n < 64; row = strtok(NULL, "/")) rows[n++] = row;
  size_t at = 0;
  for (int i = n - 1; i >= 0; i--) {
    for (const char *c = rows[i]; *c; c++)
      out[at++] = (char)(isupper((unsigned char)*c) ? tolower((unsigned char)*c)
                                                    : toupper((unsigned char)*c));
    if (i) out[at++] = '/';
  }
  out[at] = '\0';
  for (char *c = castling; *c; c++)
    *c = (char)(isupper((unsigned char)*c) ? tolower((unsigned char)*c)
                                           : toupper((unsigned char)*c));
  if (strcmp(ep, "-")) {
    int rank = atoi(ep + 1);
    snprintf(ep + 1, sizeof ep - 1, "%d", ranks + 1 - rank);
  }
  /* n-check's remaining checks, White's first: swapped with the colours */
  int white_left, black_left, used = 0;
  char swapped[64] = "";
  if (sscanf(rest, "%d+%d%n", &white_left, &black_left, &used) == 2) {
    snprintf(swapped, sizeof swapped, "%d+%d%s", black_left, white_left, rest + used);
    snprintf(rest, sizeof rest, "%s", swapped);
  }
  snprintf(out + at, size - at, " %s %s %s %s", side[0] == 'w' ? "b" : "w", castling, ep, rest);
}

/* Up to `positions` positions of random games of `variant`: each evaluated
 * as it stands and colour-flipped, with the shipped weights (when `shipped`)
 * or the derived ones. Returns how many differed (and prints them). */
static int asymmetries(const char *variant, bool shipped, int positions) {
  VariantLibrary *lib = shipped_library_load();
  const Variant *v = library_find(lib, variant);
  ck_assert_ptr_nonnull(v);
  EvalTables tables;
  ck_assert(shipped ? eval_tables_build(&tables, v) : eval_tables_build_derived(&tables, v));
  Position *pos = shipped_position(lib, variant, NULL);
  Position *twin = shipped_position(lib, variant, NULL);
  MoveList list;
  Undo undo;
  uint32_t seed = 12345; /* the board tests' random walk */
  int bad = 0, seen = 0;
  char start[512], err[256] = "";
  pos_get_fen(pos, start, sizeof start);
  while (seen < positions) {
    ck_assert(pos_set_fen(pos, start, err, sizeof err));
    for (int ply = 0; ply < 120 && seen < positions; ply++) {
      if (pos_game_result(pos, -1) != RESULT_NONE) break;
      gen_legal_moves(pos, &list);
      if (!list.count) break;
      seed = seed * 1103515245u + 12345u;
      pos_make_move(pos, list.moves[(seed >> 8) % (uint32_t)list.count], &undo);
      char fen[512], flipped[512];
      pos_get_fen(pos, fen, sizeof fen);
      flip_fen(fen, pos->geo.ranks, flipped, sizeof flipped);
      ck_assert_msg(pos_set_fen(twin, flipped, err, sizeof err), "%s: %s", flipped, err);
      int a = eval_position(pos, &tables), b = eval_position(twin, &tables);
      seen++;
      if (a != b && bad++ < 10) fprintf(stderr, "%s %s: %d\n%s: %d\n", variant, fen, a, flipped, b);
    }
  }
  pos_free(pos);
  pos_free(twin);
  eval_tables_free(&tables);
  library_free(lib);
  return bad;
}

START_TEST(evaluation_is_colour_symmetric) {
  /* Variants whose armies mirror each other top to bottom; their FENs
   * have no holdings. */
  static const char *const VARIANTS[] = {"chess",  "capablanca", "grand",         "xiangqi",
                                         "janggi", "makruk",     "shatranj",      "courier",
                                         "atomic", "3check",     "kingofthehill", "knightmate"};
  for (size_t i = 0; i < sizeof VARIANTS / sizeof VARIANTS[0]; i++) {
    ck_assert_msg(asymmetries(VARIANTS[i], true, 2000) == 0, "%s, shipped weights", VARIANTS[i]);
    ck_assert_msg(asymmetries(VARIANTS[i], false, 2000) == 0, "%s, derived weights", VARIANTS[i]);
  }
}
END_TEST

Suite *test_suite(void) {
  Suite *s = suite_create("eval_symmetry");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, evaluation_is_colour_symmetric);
  suite_add_tcase(s, tc);
  return s;
}
