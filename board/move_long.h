/* move_long.h — the capture lists of moves that take more than two pieces
 * on their way (MOVE_LONG, board/move.h).
 *
 * A Move is one 64-bit word, which holds at most two squares captured on
 * the way. A move that takes more (a checker's chain, (dcK-mK)0, (aW)4)
 * keeps from, to and promotion as usual, and in the 24 bits of its extra
 * fields the id of its list of side captures: the squares, sorted, not
 * counting `to`. Lists are interned in one table for the whole process, so
 * an id means the same squares in every position and every thread, and the
 * same move has the same Move value everywhere (the transposition table,
 * killers and histories compare Moves).
 *
 * Threads: interning takes a mutex; reading a list by id takes none (the
 * storage never moves; ids are published with release stores). A search
 * only uses a Move it found among the moves it generated (search.c's
 * pos_move_listed, movepick.c's picker_init), so it never meets an id that
 * no thread has interned.
 *
 * The table holds MOVE_LONG_IDS lists and never forgets one. When it is
 * full, move_long_intern fails and the generator leaves such moves out,
 * saying so once on stderr (movegen.c); docs/board.md says why that does
 * not happen in practice.
 */
#ifndef CHIMERA_BOARD_MOVE_LONG_H
#define CHIMERA_BOARD_MOVE_LONG_H

#include <stdint.h>

#define MOVE_LONG_ID_BITS 24
#define MOVE_LONG_IDS     (1u << MOVE_LONG_ID_BITS)

/* An entry of a list is a square captured on the way, or with this bit a
 * square whose piece the move flips to the other colour (MBN's x). Sorted,
 * a list holds its captures first, then its flips. */
#define MOVE_LONG_FLIP        0x4000
#define MOVE_LONG_SQUARE_MASK 0x0FFF

/* The id of the list of n entries (sorted ascending, no square twice),
 * interned on first use; -1 if the table is full or out of memory. */
int move_long_intern(const int16_t *squares, int n);

/* The entries of a list move_long_intern returned (in any thread), sorted;
 * their count in *n, and in *captures (unless NULL) how many of them,
 * first, are captures (the rest are flips). */
const int16_t *move_long_squares(uint32_t id, int *n, int *captures);

/* How many lists are interned (tests, diagnostics). */
uint32_t move_long_count(void);

#endif
