/* perft.h — counting the leaves of the legal move tree, the move generator's
 * correctness test. The last ply is bulk-counted (legal moves are counted,
 * not made). */
#ifndef CHIMERA_BOARD_PERFT_H
#define CHIMERA_BOARD_PERFT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "board/position.h"

/* False (with a message) if no piece of the variant has compiled moves: a
 * count of such a variant would look like a result without being one. */
bool perft_variant_ready(const Variant *variant, char *err, size_t errlen);

/* Leaf count at depth (depth 0 = 1). pos is restored on return. */
uint64_t perft(Position *pos, int depth);
/* As perft, giving up (with a partial count) once *stop is set: a protocol
 * `go perft 9` must still answer `stop` and `quit`. */
uint64_t perft_stoppable(Position *pos, int depth, const atomic_bool *stop);
/* As perft, printing "move: count" per root move to out (may be NULL). */
uint64_t perft_divide(Position *pos, int depth, FILE *out);

#endif
