/* test_board_tactical.c — gen_pseudo_tactical, quiescence's move list: in
 * every shipped variant, along random games, it must list exactly the moves
 * of gen_pseudo_moves that capture or promote (pos_is_tactical), in the same
 * order (the picker breaks ties by order, so the search depends on it). Run
 * once with the bitboards and once with the leg walker alone
 * (CHIMERA_NO_BITBOARDS=1), where the walk leaves out the legs that cannot
 * capture or promote. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "board/rules_end.h"
#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

static long check_library(void) {
  VariantLibrary *lib = shipped_library_load();
  MoveList *full = malloc(sizeof *full), *tactical = malloc(sizeof *tactical);
  MoveList *legal = malloc(sizeof *legal);
  Undo *undo = malloc(sizeof(Undo) * 60);
  long found = 0;
  uint32_t seed = 4242;
  for (int v = 0; v < library_count(lib); v++) {
    const Variant *variant = library_variant(lib, v);
    char err[256];
    Position *pos = pos_new(variant, err, sizeof err);
    ck_assert_msg(pos != NULL, "%s: %s", variant->name, err);
    for (int game = 0; game < 4; game++) {
      int ply = 0;
      for (; ply < 60; ply++) {
        gen_pseudo_moves(pos, full);
        gen_pseudo_tactical(pos, tactical);
        int n = 0;
        for (int i = 0; i < full->count; i++) {
          Move m = full->moves[i];
          if (!pos_is_tactical(pos, m)) continue;
          if (n >= tactical->count || tactical->moves[n] != m) {
            char fen[512], text[MOVE_TEXT_MAX];
            pos_get_fen(pos, fen, sizeof fen);
            move_to_text(pos, m, text, sizeof text);
            ck_abort_msg("%s: %s: tactical move %d (%s) missing or out of order", variant->name,
                         fen, n, text);
          }
          n++;
        }
        if (n != tactical->count) {
          char fen[512];
          pos_get_fen(pos, fen, sizeof fen);
          ck_abort_msg("%s: %s: %d tactical moves listed, %d expected", variant->name, fen,
                       tactical->count, n);
        }
        found += n;
        if (pos_game_result(pos, -1) != RESULT_NONE || !gen_legal_moves(pos, legal)) break;
        seed = seed * 1103515245u + 12345u;
        pos_make_move(pos, legal->moves[(seed >> 8) % (uint32_t)legal->count], &undo[ply]);
      }
      int made = ply < 60 ? ply : 60;
      while (made-- > 0) pos_unmake_move(pos, &undo[made]);
    }
    pos_free(pos);
  }
  free(undo);
  free(legal);
  free(tactical);
  free(full);
  library_free(lib);
  return found;
}

START_TEST(tactical_moves_are_the_filtered_list) {
  unsetenv("CHIMERA_NO_BITBOARDS");
  ck_assert(check_library() > 0);
  setenv("CHIMERA_NO_BITBOARDS", "1", 1);
  ck_assert(check_library() > 0);
  unsetenv("CHIMERA_NO_BITBOARDS");
}
END_TEST

/* By hand, xiangqi: the chariot takes at the end of its open file, the
 * cannon only over a screen (b7), never the screen itself; nothing else
 * captures. */
START_TEST(xiangqi_captures_by_hand) {
  VariantLibrary *lib = shipped_library_load();
  const Variant *v = library_find(lib, "xiangqi");
  ck_assert(v != NULL);
  char err[256];
  Position *pos = pos_new(v, err, sizeof err);
  ck_assert_msg(pos != NULL, "%s", err);
  ck_assert_msg(pos_set_fen(pos, "rn1k5/9/9/1p7/9/9/9/1C7/9/R3K4 w - - 0 1", err, sizeof err), "%s",
                err);
  MoveList *list = malloc(sizeof *list);
  gen_pseudo_tactical(pos, list);
  ck_assert_int_eq(list->count, 2);
  char a[MOVE_TEXT_MAX], b[MOVE_TEXT_MAX];
  move_to_text(pos, list->moves[0], a, sizeof a);
  move_to_text(pos, list->moves[1], b, sizeof b);
  bool chariot = !strcmp(a, "a1a10") || !strcmp(b, "a1a10");
  bool cannon = !strcmp(a, "b3b10") || !strcmp(b, "b3b10");
  ck_assert_msg(chariot && cannon, "listed %s %s", a, b);
  free(list);
  pos_free(pos);
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("board_tactical");
  TCase *tc = tcase_create("tactical");
  tcase_set_timeout(tc, 240);
  tcase_add_test(tc, tactical_moves_are_the_filtered_list);
  tcase_add_test(tc, xiangqi_captures_by_hand);
  suite_add_tcase(suite, tc);
  return suite;
}
