/* opening_random.h — balanced random openings for any variant.
 *
 * An opening is N random legal plies from a start position, kept only when
 * a short search of the position reached scores it within a bound (so both
 * colours get a playable game). Openings are numbered: the index-th opening
 * of a seed is always the same, whichever thread asks and in what order, so
 * a match (and `chimera tune`'s self-play) is reproducible with any
 * concurrency. Depends on board/ and search/ only, so any module may use it.
 *
 *   RandomOpeningSpec spec = random_opening_defaults();
 *   spec.seed = 42;
 *   Searcher *s = searcher_new();          (or NULL with spec.depth = 0)
 *   RandomOpening o;
 *   if (random_opening_make(pos, &spec, index, s, &o, err, sizeof err)) ... o.moves, o.fen ...
 */
#ifndef CHIMERA_MATCH_OPENING_RANDOM_H
#define CHIMERA_MATCH_OPENING_RANDOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/movetext.h"
#include "board/position.h"
#include "search/search.h"

#define RANDOM_OPENING_PLIES_MAX 64

/* Node budget of one balance search: the search stops there (its last
 * finished iteration's score counts) whatever the depth asked. */
#define RANDOM_OPENING_SEARCH_NODES 20000

typedef struct {
  uint64_t seed;
  int plies;    /* random plies (default 8), at most RANDOM_OPENING_PLIES_MAX */
  int depth;    /* depth of the balance search; 0 = keep every opening */
  int bound_cp; /* keep only |score| <= bound_cp (default 100) */
  int tries;    /* attempts for one opening before giving up (default 1000) */
} RandomOpeningSpec;

typedef struct {
  int ply_count;
  char moves[RANDOM_OPENING_PLIES_MAX][MOVE_TEXT_MAX]; /* from the start position given */
  char fen[1024];                                      /* the position after them */
  int score; /* the balance search's score, side to move's view (0 without a search) */
  int tries; /* attempts it took */
} RandomOpening;

/* plies 8, depth 4, bound 100 cp, tries 1000, seed 1. */
RandomOpeningSpec random_opening_defaults(void);

/* The index-th opening of spec->seed from `start` (not changed). searcher
 * (needed when spec->depth > 0) has its hash cleared before each search, so
 * the result does not depend on what it searched before. False with err if
 * no opening passed the filter in spec->tries attempts. */
bool random_opening_make(const Position *start, const RandomOpeningSpec *spec, uint64_t index,
                         Searcher *searcher, RandomOpening *out, char *err, size_t err_size);

#endif
