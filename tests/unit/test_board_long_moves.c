/* test_board_long_moves.c — moves that capture more than two pieces on
 * their way (MOVE_LONG, board/move_long.h): the exact moves of a position
 * counted by hand, perft, make/unmake, move text, and a crowded board that
 * must not hang the walker. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/perft.h"
#include "board/tables.h"
#include "board/position.h"
#include "mbn/variant_library.h"
#include "inline_variant.h"

Suite *test_suite(void);

/* The position of a one-variant library (royal K; Z=mfW, a piece that only
 * steps forward onto an empty square, so Black's Zs below are blocked). */
static Position *long_position(const char *pieces, const char *fen, const char *rules,
                               VariantLibrary **lib) {
  char text[1024], err[256];
  snprintf(text, sizeof text, "[v]\nboard = 8x8\nsetup = %s\npieces = K Z=mfW %s\nrules = %s\n",
           fen, pieces, rules);
  VariantDiagnostics diags = {0};
  *lib = library_new();
  library_add_text(*lib, "v.var", text, &diags);
  library_compile(*lib, &diags);
  ck_assert_msg(diags.count == 0, "%s", diags.count ? diags.items[0] : "");
  variant_diag_free(&diags);
  Position *pos = pos_new(library_find(*lib, "v"), err, sizeof err);
  ck_assert_msg(pos != NULL, "%s: %s", pieces, err);
  return pos;
}

static int text_order(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The Rampager (aW)4 on d2, Black's Zs on d3 d4 d5 d6, kings a1 and h8.
 * By hand: the king 3 (a2 b1 b2); X west c2 b2 a2, east e2 f2 g2 h2, south
 * d1, and north takes d3, d3+d4, d3+d4+d5, all four (d2d3d4d5d6: three on
 * the way, a long move): 15. Black answers with the king's 3 moves, and
 * the Z on d3 steps to d2 when X left d2 without taking it (8 moves):
 * 3 x 3 + 8 x 4 + 4 x 3 = 53. */
static const char *RAMPAGE = "7k/8/3z4/3z4/3z4/3z4/3X4/K7 w - - 0 1";

START_TEST(rampager_moves_by_hand) {
  for (int walker = 0; walker < 2; walker++) {
    if (walker) setenv("CHIMERA_NO_BITBOARDS", "1", 1);
    VariantLibrary *lib;
    Position *pos = long_position("X=(aW)4", RAMPAGE, "royal{K}", &lib);
    MoveList *list = malloc(sizeof *list);
    int n = gen_legal_moves(pos, list);
    const char *want[] = {"a1a2",       "a1b1", "a1b2", "d2a2",   "d2b2",
                          "d2c2",       "d2d1", "d2d3", "d2d3d4", "d2d3d4d5",
                          "d2d3d4d5d6", "d2e2", "d2f2", "d2g2",   "d2h2"};
    ck_assert_int_eq(n, 15);
    char texts[15][MOVE_TEXT_MAX];
    char *sorted[15];
    int long_nb = 0;
    for (int i = 0; i < n; i++) {
      move_to_text(pos, list->moves[i], texts[i], MOVE_TEXT_MAX);
      sorted[i] = texts[i];
      long_nb += move_kind(list->moves[i]) == MOVE_LONG;
    }
    qsort(sorted, 15, sizeof sorted[0], text_order);
    for (int i = 0; i < 15; i++) ck_assert_str_eq(sorted[i], want[i]);
    ck_assert_int_eq(long_nb, 1);
    ck_assert_uint_eq(perft(pos, 1), 15);
    ck_assert_uint_eq(perft(pos, 2), 53);
    free(list);
    pos_free(pos);
    library_free(lib);
    unsetenv("CHIMERA_NO_BITBOARDS");
  }
}
END_TEST

/* The long move's captures: sorted, `to` not among them, the same Move in
 * another position (the list is interned once). */
START_TEST(a_long_move_lists_its_captures) {
  VariantLibrary *lib;
  Position *pos = long_position("X=(aW)4", RAMPAGE, "royal{K}", &lib);
  char err[128];
  Move m = move_from_text(pos, "d2d3d4d5d6", err, sizeof err);
  ck_assert_int_eq(move_kind(m), MOVE_LONG);
  int16_t buf[2];
  const int16_t *side;
  ck_assert_int_eq(move_side_captures(m, buf, &side), 3);
  char sq[3][SQUARE_TEXT_MAX];
  for (int i = 0; i < 3; i++) geo_square_to_text(&pos->geo, side[i], sq[i], sizeof sq[i]);
  ck_assert_str_eq(sq[0], "d3");
  ck_assert_str_eq(sq[1], "d4");
  ck_assert_str_eq(sq[2], "d5");
  /* White's king elsewhere: the same move, the same value */
  char e2[128];
  ck_assert(pos_set_fen(pos, "7k/8/3z4/3z4/3z4/3z4/3X4/1K6 w - - 0 1", e2, sizeof e2));
  ck_assert(move_from_text(pos, "d2d3d4d5d6", err, sizeof err) == m);
  pos_free(pos);
  library_free(lib);
}
END_TEST

/* Every legal move (and every answer) of pieces that take many on their
 * way: made and unmade, the position is as before, key, piece lists and
 * hands included; its text reads back as the same move; no move twice. */
static void check_moves_exact(Position *pos, int depth) {
  MoveList *list = malloc(sizeof *list);
  int n = gen_legal_moves(pos, list);
  char *texts = malloc((size_t)n * MOVE_TEXT_MAX);
  char fen[512], after[512];
  pos_get_fen(pos, fen, sizeof fen);
  uint64_t key = pos->st.key;
  Square plist[COLOR_NB][64];
  int pcount[COLOR_NB];
  uint8_t hand[COLOR_NB][PIECE_TYPE_MAX];
  for (int c = 0; c < COLOR_NB; c++) {
    pcount[c] = pos->pcount[c];
    memcpy(plist[c], pos->plist[c], sizeof(Square) * (size_t)pcount[c]);
  }
  memcpy(hand, pos->hand, sizeof hand);
  for (int i = 0; i < n; i++) {
    Move m = list->moves[i];
    for (int j = 0; j < i; j++) ck_assert_msg(list->moves[j] != m, "a move twice in %s", fen);
    char *text = texts + (size_t)i * MOVE_TEXT_MAX;
    move_to_text(pos, m, text, MOVE_TEXT_MAX);
    for (int j = 0; j < i; j++)
      ck_assert_msg(strcmp(texts + (size_t)j * MOVE_TEXT_MAX, text), "%s twice in %s", text, fen);
    char err[128];
    ck_assert_msg(move_from_text(pos, text, err, sizeof err) == m, "%s in %s: %s", text, fen, err);
    Undo undo;
    pos_make_move(pos, m, &undo);
    ck_assert_msg(pos->st.key == pos_compute_key(pos), "key after %s in %s", text, fen);
    if (depth > 1) check_moves_exact(pos, depth - 1);
    pos_unmake_move(pos, &undo);
    pos_get_fen(pos, after, sizeof after);
    ck_assert_msg(!strcmp(after, fen), "%s in %s: unmade to %s", text, fen, after);
    ck_assert(pos->st.key == key);
    ck_assert(!memcmp(pos->hand, hand, sizeof hand));
    for (int c = 0; c < COLOR_NB; c++) {
      ck_assert_int_eq(pos->pcount[c], pcount[c]);
      ck_assert(!memcmp(pos->plist[c], plist[c], sizeof(Square) * (size_t)pcount[c]));
    }
  }
  free(texts);
  free(list);
}

START_TEST(make_unmake_and_text_are_exact) {
  static const struct {
    const char *pieces, *fen, *rules;
  } cases[] = {
      {"X=(aW)4", "7k/8/3z4/3z4/3z4/3z4/3X4/K7 w - - 0 1", "royal{K}"},
      /* the monkey: jumps over an enemy (taking it) and on, any number of times */
      {"X=(dcK-mK)0", "7k/8/8/2zzz3/8/2z1z3/3X4/K7 w - - 0 1", "royal{K}"},
      {"X=(dcK-mK)0", "7k/8/3z4/8/3zz3/8/3z4/3X3K w - - 0 1", "royal{K}"},
      /* captures into the hand: each long capture logs a hand count */
      {"X=(dcK-mK)0", "7k/8/8/2zzz3/8/2z1z3/3X4/K7[] w - - 0 1", "royal{K} holding drop"},
      {"X=(aW)0 Y=(cK-mK)0", "7k/8/3z4/3z4/3z4/3z4/3X2Y1/K7 w - - 0 1", "royal{K}"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    VariantLibrary *lib;
    Position *pos = long_position(cases[k].pieces, cases[k].fen, cases[k].rules, &lib);
    check_moves_exact(pos, 2);
    pos_free(pos);
    library_free(lib);
  }
}
END_TEST

/* The same counts without bitboards (the walker alone). */
START_TEST(walker_alone_counts_the_same) {
  const char *fen = "7k/8/8/2zzz3/8/2z1z3/3X4/K7 w - - 0 1";
  uint64_t counts[2][3];
  for (int walker = 0; walker < 2; walker++) {
    if (walker) setenv("CHIMERA_NO_BITBOARDS", "1", 1);
    VariantLibrary *lib;
    Position *pos = long_position("X=(dcK-mK)0", fen, "royal{K}", &lib);
    for (int d = 1; d <= 3; d++) counts[walker][d - 1] = perft(pos, d);
    pos_free(pos);
    library_free(lib);
    unsetenv("CHIMERA_NO_BITBOARDS");
  }
  for (int d = 0; d < 3; d++) ck_assert_uint_eq(counts[0][d], counts[1][d]);
}
END_TEST

/* A move whose text would not fit in MOVE_TEXT_MAX (64) is left out, with a
 * message, never written cut short. 36x10, Black's checker x=(cW-mW)0 on a10
 * and White's Ps on b10 d10 ... ah10 (17): the k-th stop after k captures
 * writes a10, the k captured squares (b10..z10: three characters, ab10 on:
 * four) and the landing square, plus room for a promotion suffix (17).
 * k = 13 takes 3 + 13 x 3 + 4 (aa10) + 17 = 63 characters; k = 14 takes
 * 3 + 13 x 3 + 4 (ab10) + 4 (ac10) + 17 = 67. So 13 of its 17 stops are
 * moves, with the king's three on a1: 16. */
static Position *long_text_position(VariantLibrary **lib) {
  const char *text = "[v]\nboard = 36x10\n"
                     "setup = xP1P1P1P1P1P1P1P1P1P1P1P1P1P1P1P1P1K/36/36/36/36/36/36/36/36/k35 "
                     "b - - 0 1\npieces = K P=mfW X=(cW-mW)0\nrules = royal{K}\n";
  char err[256];
  VariantDiagnostics diags = {0};
  *lib = library_new();
  library_add_text(*lib, "v.var", text, &diags);
  library_compile(*lib, &diags);
  ck_assert_msg(diags.count == 0, "%s", diags.count ? diags.items[0] : "");
  variant_diag_free(&diags);
  Position *pos = pos_new(library_find(*lib, "v"), err, sizeof err);
  ck_assert_msg(pos != NULL, "%s", err);
  return pos;
}

START_TEST(a_move_whose_text_does_not_fit_is_left_out) {
  VariantLibrary *lib;
  Position *pos = long_text_position(&lib);
  ck_assert_uint_eq(perft(pos, 1), 16);
  MoveList *list = malloc(sizeof *list);
  int n = gen_legal_moves(pos, list);
  for (int i = 0; i < n; i++) {
    char buf[MOVE_TEXT_MAX];
    ck_assert_int_lt(move_to_text(pos, list->moves[i], buf, sizeof buf), MOVE_TEXT_MAX);
    ck_assert(move_from_text(pos, buf, NULL, 0) == list->moves[i]);
  }
  free(list);
  pos_free(pos);
  library_free(lib);
}
END_TEST

/* (adW)0 among many enemies has exponentially many capture orders: the
 * walker's bound of path states (WALK_STATES_MAX) ends it within seconds. */
static const char *CROWDED = "7k/8/1zzzzz2/1zzzzz2/1zzzzz2/1zzzzz2/3X4/K7 w - - 0 1";

START_TEST(a_crowded_board_does_not_hang) {
  VariantLibrary *lib;
  Position *pos = long_position("X=(adW)0", CROWDED, "royal{K}", &lib);
  time_t start = time(NULL);
  ck_assert_uint_gt(perft(pos, 2), 0);
  ck_assert_msg(time(NULL) - start < 60, "perft 2 took %ld s", (long)(time(NULL) - start));
  pos_free(pos);
  library_free(lib);
}
END_TEST

/* Each reason for leaving moves out is said on stderr once, on its own: the
 * text bound first, then the bound of path states, in one process (a fork,
 * so that no earlier test has said either). */
START_TEST(each_reason_for_leaving_moves_out_is_said) {
  FILE *said = tmpfile();
  ck_assert_ptr_nonnull(said);
  fflush(stderr);
  pid_t child = fork();
  ck_assert_int_ge(child, 0);
  if (child == 0) {
    dup2(fileno(said), STDERR_FILENO);
    VariantLibrary *lib;
    Position *pos = long_text_position(&lib);
    perft(pos, 1);
    perft(pos, 1);
    pos_free(pos);
    library_free(lib);
    pos = long_position("X=(adW)0", CROWDED, "royal{K}", &lib);
    perft(pos, 1);
    perft(pos, 1);
    pos_free(pos);
    library_free(lib);
    _exit(0);
  }
  int status;
  ck_assert_int_eq(waitpid(child, &status, 0), child);
  ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  char text[4096] = "";
  rewind(said);
  size_t len = fread(text, 1, sizeof text - 1, said);
  text[len] = 0;
  fclose(said);
  const char *first = strstr(text, "(MOVE_TEXT_MAX = 64, board/movetext.h)");
  const char *second = strstr(text, "(WALK_STATES_MAX = 4096, board/movegen_walk.h)");
  ck_assert_msg(first && second && first < second, "stderr: %s", text);
  ck_assert_msg(!strstr(first + 2, "MOVE_TEXT_MAX") && !strstr(second + 2, "WALK_STATES_MAX"),
                "said twice: %s", text);
}
END_TEST

/* X=cK-dcK-dmK on d4 (take, take, step, any directions) beside Black's Zs
 * on d5 and e5. By hand: taking d5 then e5, X steps from e5 to d4 d5 d6 e4
 * e6 f4 f5 f6; taking e5 then d5, from d5 to c4 c5 c6 d4 d6 e4 e5 e6. The
 * ends d4 d6 e4 e6 are reached both ways, and each is one move (from, the
 * squares taken on the way in square order, to): 16 - 4 = 12, ending on d5
 * (d4e5d5: e5 taken on the way) and e5 (d4d5e5) among them; the king 3. */
START_TEST(two_captures_in_either_order_are_one_move) {
  VariantLibrary *lib;
  char error[512], texts[2048];
  Position *pos =
      iv_x_position("cK-dcK-dmK", "k7/8/8/3zz3/3X4/8/8/7K w - - 0 1", &lib, error, sizeof error);
  ck_assert_msg(pos != NULL, "%s", error);
  iv_legal_texts(pos, texts, sizeof texts);
  ck_assert_str_eq(texts, "d4d5e5 d4d5e5c4 d4d5e5c5 d4d5e5c6 d4d5e5d4 d4d5e5d6 d4d5e5e4 d4d5e5e6 "
                          "d4d5e5f4 d4d5e5f5 d4d5e5f6 d4e5d5 h1g1 h1g2 h1h2");
  pos_free(pos);
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_long_moves");
  TCase *tc = tcase_create("long");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, rampager_moves_by_hand);
  tcase_add_test(tc, a_long_move_lists_its_captures);
  tcase_add_test(tc, make_unmake_and_text_are_exact);
  tcase_add_test(tc, walker_alone_counts_the_same);
  tcase_add_test(tc, a_move_whose_text_does_not_fit_is_left_out);
  tcase_add_test(tc, a_crowded_board_does_not_hang);
  tcase_add_test(tc, each_reason_for_leaving_moves_out_is_said);
  tcase_add_test(tc, two_captures_in_either_order_are_one_move);
  suite_add_tcase(suite, tc);
  return suite;
}
