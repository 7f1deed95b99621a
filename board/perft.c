/* perft.c — leaf counts of the legal move tree. One move list per ply lives
 * on the stack of the recursion (no allocation); the last ply is counted,
 * not made. */
#include "board/perft.h"

#include <stdio.h>
#include <stdlib.h>

#include "board/movegen.h"
#include "board/movetext.h"

/* stop (may be NULL) is read only above the last two plies, where a load
 * costs nothing against the moves generated below it. */
static uint64_t perft_rec(Position *pos, int depth, MoveList *lists, const atomic_bool *stop) {
  if (depth == 1) return (uint64_t)gen_legal_count(pos);
  if (stop && depth > 2 && atomic_load_explicit(stop, memory_order_relaxed)) return 0;
  MoveList *list = &lists[0];
  int n = gen_legal_moves(pos, list);
  uint64_t nodes = 0;
  for (int i = 0; i < n; i++) {
    Undo undo;
    pos_make_move(pos, list->moves[i], &undo);
    nodes += perft_rec(pos, depth - 1, lists + 1, stop);
    pos_unmake_move(pos, &undo);
  }
  return nodes;
}

uint64_t perft_stoppable(Position *pos, int depth, const atomic_bool *stop) {
  if (depth <= 0) return 1;
  MoveList *lists = malloc(sizeof(MoveList) * (size_t)depth);
  if (!lists) return 0;
  uint64_t nodes = perft_rec(pos, depth, lists, stop);
  free(lists);
  return nodes;
}

uint64_t perft_divide(Position *pos, int depth, FILE *out) {
  if (depth <= 0) return 1;
  if (!out) return perft_stoppable(pos, depth, NULL);
  /* Move lists are large (drops on big boards), so one heap block per call
   * rather than deep stack frames. */
  MoveList *lists = malloc(sizeof(MoveList) * (size_t)depth);
  if (!lists) return 0;
  uint64_t nodes = 0;
  {
    int n = gen_legal_moves(pos, &lists[0]);
    for (int i = 0; i < n; i++) {
      Move m = lists[0].moves[i];
      uint64_t count = 1;
      if (depth > 1) {
        Undo undo;
        pos_make_move(pos, m, &undo);
        count = perft_rec(pos, depth - 1, lists + 1, NULL);
        pos_unmake_move(pos, &undo);
      }
      char text[MOVE_TEXT_MAX];
      move_to_text(pos, m, text, sizeof text);
      fprintf(out, "%s: %llu\n", text, (unsigned long long)count);
      nodes += count;
    }
  }
  free(lists);
  return nodes;
}

bool perft_variant_ready(const Variant *variant, char *err, size_t errlen) {
  for (int t = 0; t < variant->piece_count; t++)
    for (int c = 0; c < COLOR_NB; c++)
      if (variant->pieces[t].moves[c].leg_count) return true;
  snprintf(err, errlen, "variant %s: no piece has compiled moves (is the MBN compiler built?)",
           variant->name);
  return false;
}

uint64_t perft(Position *pos, int depth) {
  return perft_divide(pos, depth, NULL);
}
