/* test_board_move_text.c — move text is a name: in every oracle position of
 * every variant (tests/data/oracle/perft.tsv), and in every position one
 * move from it, no two legal moves print the same text, and reading a
 * move's text gives that move back. Castling written as the king's
 * destination once read as a king step beside it (issue #14). Under the
 * sanitizers a sample of the positions and moves (sweep_sample.h). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "oracle_positions.h"
#include "shipped_library.h"
#include "sweep_sample.h"

Suite *test_suite(void);

static int text_order(const void *a, const void *b) {
  return strcmp(a, b);
}

/* Checks pos's legal moves (reading each back: quadratic, so only where
 * asked); returns the number of faults, printing each. Duplicates are found
 * in a sorted copy: wall moves list thousands (amazons). */
static int texts_are_names(Position *pos, const char *where, bool read_back) {
  static MoveList list;
  static char texts[MOVE_LIST_MAX][MOVE_TEXT_MAX], sorted[MOVE_LIST_MAX][MOVE_TEXT_MAX];
  gen_legal_moves(pos, &list);
  int faults = 0;
  for (int i = 0; i < list.count; i++) move_to_text(pos, list.moves[i], texts[i], MOVE_TEXT_MAX);
  memcpy(sorted, texts, sizeof texts[0] * (size_t)list.count);
  qsort(sorted, (size_t)list.count, sizeof sorted[0], text_order);
  for (int i = 1; i < list.count; i++)
    if (!strcmp(sorted[i], sorted[i - 1])) {
      fprintf(stderr, "%s: two legal moves print '%s'\n", where, sorted[i]);
      faults++;
    }
  /* reading back is quadratic: of thousands of wall moves, every k-th
   * (under the sanitizers, of any list, at most 32: sweep_sample.h) */
  int step = list.count > 512 ? list.count / 512 : 1;
  if (sweep_stride(list.count, 32) > step) step = sweep_stride(list.count, 32);
  for (int i = 0; i < list.count; i += step) {
    char err[128];
    if (read_back && move_from_text(pos, texts[i], err, sizeof err) != list.moves[i]) {
      fprintf(stderr, "%s: '%s' reads back as another move\n", where, texts[i]);
      faults++;
    }
  }
  return faults;
}

/* The position and each position one legal move away. */
static int check_position(Position *pos, const char *where) {
  int faults = texts_are_names(pos, where, true);
  MoveList *list = malloc(sizeof *list);
  ck_assert_ptr_nonnull(list);
  gen_legal_moves(pos, list);
  for (int i = 0, step = sweep_stride(list->count, 32); i < list->count; i += step) {
    char text[MOVE_TEXT_MAX], child[8600];
    move_to_text(pos, list->moves[i], text, sizeof text);
    snprintf(child, sizeof child, "%s after %s", where, text);
    Undo undo;
    pos_make_move(pos, list->moves[i], &undo);
    faults += texts_are_names(pos, child, false);
    pos_unmake_move(pos, &undo);
  }
  free(list);
  return faults;
}

START_TEST(no_two_legal_moves_print_the_same_text) {
  VariantLibrary *lib = shipped_library_load();
  OraclePositions oracle;
  oracle_positions_open(&oracle);
  SweepSample *sample = sweep_sample_new();
  int positions = 0, faults = 0;
  while (oracle_positions_next(&oracle)) {
    const Variant *v = library_find(lib, oracle.variant);
    if (!v) continue;
    positions += 2; /* both notations, below */
    if (!sweep_takes(sample, oracle.variant)) continue;
    char err[256];
    Position *pos = pos_new(v, err, sizeof err);
    ck_assert_msg(pos != NULL, "%s: %s", oracle.variant, err);
    /* Both castling notations: the oracle's mode and the other one. */
    for (int chess960 = 0; chess960 <= 1; chess960++) {
      pos_set_chess960(pos, chess960);
      ck_assert_msg(pos_set_fen(pos, oracle.fen, err, sizeof err), "%s: %s", oracle.fen, err);
      char where[8300];
      snprintf(where, sizeof where, "%.64s %.8000s%s", oracle.variant, oracle.fen,
               chess960 ? " (960)" : "");
      faults += check_position(pos, where);
    }
    pos_free(pos);
  }
  free(sample);
  ck_assert_int_ge(positions, 1400);
  ck_assert_int_eq(faults, 0);
  library_free(lib);
}
END_TEST

/* The position: O-O is the king to g1 beside its own step f1g1. */
START_TEST(castling_beside_a_king_step_is_king_takes_rook) {
  VariantLibrary *lib = shipped_library_load();
  Position *pos = shipped_position(lib, "chess", "4rkr1/4p1p1/8/8/8/8/PPPPP1PP/R4K1R w HA - 0 1");
  char err[128], text[MOVE_TEXT_MAX];
  Move castle = move_from_text(pos, "f1h1", err, sizeof err);
  ck_assert_msg(castle != MOVE_NONE_VALUE, "%s", err);
  ck_assert_int_eq(move_kind(castle), MOVE_CASTLING);
  move_to_text(pos, castle, text, sizeof text);
  ck_assert_str_eq(text, "f1h1");
  Move step = move_from_text(pos, "f1g1", err, sizeof err);
  ck_assert_int_eq(move_kind(step), MOVE_NORMAL);
  pos_free(pos);
  library_free(lib);
}
END_TEST

/* Chu shogi's lion (no oracle rows): its double capture, its jump and its
 * igui once all printed as from-to; now the captured square comes between. */
START_TEST(lion_moves_name_the_squares_they_capture) {
  VariantLibrary *lib = shipped_library_load();
  const char *fens[] = {
      "12/12/12/12/12/12/12/1p10/1p10/2N9/12/K10k w - - 0 1",
      "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
      "MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - - 0 1",
  };
  int faults = 0;
  for (int i = 0; i < 2; i++) {
    Position *pos = shipped_position(lib, "chushogi", fens[i]);
    faults += check_position(pos, fens[i]);
    pos_free(pos);
  }
  ck_assert_int_eq(faults, 0);
  Position *pos = shipped_position(lib, "chushogi", fens[0]);
  char err[128];
  Move both = move_from_text(pos, "c3b4b5", err, sizeof err),
       jump = move_from_text(pos, "c3b5", err, sizeof err);
  ck_assert(both != MOVE_NONE_VALUE && jump != MOVE_NONE_VALUE && both != jump);
  /* The double capture leaves Black its king alone: three king moves. */
  static MoveList list;
  Undo undo;
  pos_make_move(pos, both, &undo);
  ck_assert_int_eq(gen_legal_moves(pos, &list), 3);
  pos_unmake_move(pos, &undo);
  pos_free(pos);
  library_free(lib);
}
END_TEST

Suite *test_suite(void) {
  Suite *s = suite_create("board_move_text");
  TCase *tc = tcase_create("move_text");
  tcase_set_timeout(tc, 240);
  tcase_add_test(tc, no_two_legal_moves_print_the_same_text);
  tcase_add_test(tc, castling_beside_a_king_step_is_king_takes_rook);
  tcase_add_test(tc, lion_moves_name_the_squares_they_capture);
  suite_add_tcase(s, tc);
  return s;
}
