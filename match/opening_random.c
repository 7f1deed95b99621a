/* opening_random.c — the balanced random-opening generator (see
 * opening_random.h). The random stream of an opening is splitmix64 seeded
 * by (seed, index, attempt), so openings are independent of each other and
 * of the order they are asked for.
 */
#include "match/opening_random.h"

#include <stdio.h>
#include <stdlib.h>

#include "board/movegen.h"
#include "board/rules_end.h"
#include "search/score.h"

RandomOpeningSpec random_opening_defaults(void) {
  return (RandomOpeningSpec){.seed = 1, .plies = 8, .depth = 4, .bound_cp = 100, .tries = 1000};
}

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/* Plays `plies` random legal moves on pos, leaving them made (*made of them,
 * for the caller to undo); false if a position on the way or at the end has
 * no moves or is decided. */
static bool random_walk(Position *pos, int plies, uint64_t *rng, MoveList *list, Undo *undos,
                        RandomOpening *out, int *made_out) {
  int made = 0;
  bool ok = true;
  for (; made < plies; made++) {
    int count = gen_legal_moves(pos, list);
    if (count == 0 || pos_is_decided(pos)) {
      ok = false;
      break;
    }
    Move m = list->moves[splitmix64(rng) % (uint64_t)count];
    move_to_text(pos, m, out->moves[made], sizeof out->moves[made]);
    pos_make_move(pos, m, &undos[made]);
  }
  /* The opening must leave a game to play. */
  if (ok && (pos_is_decided(pos) || gen_legal_count(pos) == 0)) ok = false;
  if (ok) {
    out->ply_count = made;
    pos_get_fen(pos, out->fen, sizeof out->fen);
  }
  *made_out = made;
  return ok;
}

bool random_opening_make(const Position *start, const RandomOpeningSpec *spec, uint64_t index,
                         Searcher *searcher, RandomOpening *out, char *err, size_t err_size) {
  int plies = spec->plies;
  if (plies < 0 || plies > RANDOM_OPENING_PLIES_MAX) {
    snprintf(err, err_size, "random openings: plies must be 0 to %d", RANDOM_OPENING_PLIES_MAX);
    return false;
  }
  if (spec->depth > 0 && !searcher) {
    snprintf(err, err_size, "random openings: a balance search needs a searcher");
    return false;
  }
  Position *pos = pos_clone(start);
  MoveList *list = malloc(sizeof *list);
  Undo *undos = malloc(sizeof *undos * RANDOM_OPENING_PLIES_MAX);
  if (!pos || !list || !undos) {
    snprintf(err, err_size, "out of memory");
    pos_free(pos), free(list), free(undos);
    return false;
  }
  int tries = spec->tries > 0 ? spec->tries : 1;
  bool found = false;
  for (int attempt = 0; attempt < tries && !found; attempt++) {
    uint64_t rng = spec->seed * 0x2545F4914F6CDD1DULL ^ index * 0x9E3779B97F4A7C15ULL ^
                   (uint64_t)attempt * 0xD1B54A32D192ED03ULL;
    splitmix64(&rng);
    int made = 0;
    bool walked = random_walk(pos, plies, &rng, list, undos, out, &made);
    out->score = 0;
    out->tries = attempt + 1;
    if (walked && spec->depth <= 0) {
      found = true;
    } else if (walked) {
      SearchLimits limits = {0};
      limits.depth = spec->depth;
      /* A depth alone does not bound the search: in massacre every move is
       * a capture, so the quiescence search runs through the whole board
       * and a depth-4 search took minutes per attempt (the match hung). The
       * budget is far above what a depth-4 search needs in ordinary
       * variants, so their openings do not change. */
      limits.nodes = RANDOM_OPENING_SEARCH_NODES;
      searcher_clear_hash(searcher);
      int score = 0;
      search_run(searcher, pos, NULL, &limits, &score);
      out->score = score;
      found = score >= -spec->bound_cp && score <= spec->bound_cp;
    }
    while (made > 0) pos_unmake_move(pos, &undos[--made]);
  }
  if (!found)
    snprintf(err, err_size,
             "random openings: none of %d attempts of %d plies scored within %d cp at depth %d "
             "(a variant whose sides are unequal: allow more with -openings random bound=CP, "
             "or depth=0 for no balance test)",
             tries, plies, spec->bound_cp, spec->depth);
  pos_free(pos), free(list), free(undos);
  return found;
}
