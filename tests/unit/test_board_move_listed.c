/* test_board_move_listed.c — pos_move_listed, the search's test of a TT
 * move before the node's moves are generated: in every shipped variant,
 * along seeded random games, with and without bitboards, it must answer 1
 * for every board move gen_pseudo_moves lists (or -1 where it does not
 * answer), and never 1 for a move the list lacks: the moves of the
 * previous position and of the position two plies on, most of which are
 * not moves here. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "board/rules_end.h"
#include "mbn/variant_library.h"
#include "shipped_library.h"

Suite *test_suite(void);

static bool listed_in(const MoveList *list, Move m) {
  for (int i = 0; i < list->count; i++)
    if (list->moves[i] == m) return true;
  return false;
}

/* Every move of `others` that pos_move_listed calls listed here is in `full`. */
static long check_others(Position *pos, const MoveList *full, const MoveList *others,
                         MoveList *scratch) {
  long answered = 0;
  for (int i = 0; i < others->count; i++) {
    Move m = others->moves[i];
    int listed = pos_move_listed(pos, m, scratch);
    if (listed < 0) continue;
    answered++;
    if (listed == (int)listed_in(full, m)) continue;
    char fen[512], text[MOVE_TEXT_MAX];
    pos_get_fen(pos, fen, sizeof fen);
    move_to_text(pos, m, text, sizeof text);
    ck_abort_msg("%s: %s: pos_move_listed says %d", fen, text, listed);
  }
  return answered;
}

static long check_library(void) {
  VariantLibrary *lib = shipped_library_load();
  MoveList *full = malloc(sizeof *full),
           *back[2] = {malloc(sizeof(MoveList)), malloc(sizeof(MoveList))};
  MoveList *scratch = malloc(sizeof *scratch), *legal = malloc(sizeof *legal);
  Undo *undo = malloc(sizeof(Undo) * 40);
  long answered = 0;
  uint32_t seed = 777;
  for (int v = 0; v < library_count(lib); v++) {
    const Variant *variant = library_variant(lib, v);
    char err[256];
    Position *pos = pos_new(variant, err, sizeof err);
    ck_assert_msg(pos != NULL, "%s: %s", variant->name, err);
    for (int game = 0; game < 2; game++) {
      back[0]->count = back[1]->count = 0;
      int ply = 0;
      for (; ply < 40; ply++) {
        gen_pseudo_moves(pos, full);
        /* the list's own moves, then moves it mostly lacks: the ones
         * generated two plies back, for the same side */
        answered += check_others(pos, full, full, scratch);
        answered += check_others(pos, full, back[ply % 2], scratch);
        *back[ply % 2] = *full;
        if (pos_game_result(pos, -1) != RESULT_NONE || !gen_legal_moves(pos, legal)) break;
        seed = seed * 1103515245u + 12345u;
        pos_make_move(pos, legal->moves[(seed >> 8) % (uint32_t)legal->count], &undo[ply]);
      }
      int made = ply < 40 ? ply : 40;
      while (made-- > 0) pos_unmake_move(pos, &undo[made]);
    }
    pos_free(pos);
  }
  free(undo);
  free(legal);
  free(scratch);
  free(back[0]);
  free(back[1]);
  free(full);
  library_free(lib);
  return answered;
}

START_TEST(listed_exactly_when_generated) {
  unsetenv("CHIMERA_NO_BITBOARDS");
  ck_assert(check_library() > 1000);
  setenv("CHIMERA_NO_BITBOARDS", "1", 1);
  ck_assert(check_library() > 1000);
  unsetenv("CHIMERA_NO_BITBOARDS");
}
END_TEST

Suite *test_suite(void) {
  Suite *s = suite_create("board_move_listed");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, listed_exactly_when_generated);
  suite_add_tcase(s, tc);
  return s;
}
