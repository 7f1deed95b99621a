/* movetext.h — moves as text, in the dialect of Fairy-Stockfish and cutechess.
 *
 *   e2e4, a10a9, aa1ab2   from and to square (files a..z, aa..; ranks 1..)
 *   e7e8q                 promotion: the promoted piece's letter, lower case
 *   e7e8+                 promotion to a '+'-piece (shogi)
 *   P@e4                  drop (upper-case letter whatever the colour)
 *   e1g1 / e1h1           castling: king to its square; in Chess960 mode king
 *                         takes own partner (e1h1), as UCI_Chess960 expects
 *   e2e4,e4d5             a move placing a wall (wall=...): the destination
 *                         again and the wall's square after a comma; a
 *                         promotion suffix before the comma (e7e8q,e8d5)
 *   e2e4,e4a1             with wall=ormove, a move placing no wall: the
 *                         empty wall field is a1, as Fairy-Stockfish writes it
 */
#ifndef CHIMERA_BOARD_MOVETEXT_H
#define CHIMERA_BOARD_MOVETEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "board/move.h"
#include "board/position.h"

/* Room for a move's text: from, the squares a long move captures on its
 * way or flips, to and a promotion suffix. Move generation leaves out, and says so,
 * a long move whose text would not fit (walk_long_id in movegen.c). */
#define MOVE_TEXT_MAX 64

/* Written before each square a move flips (MBN's x): a flip and a capture
 * of the same square differ ("d4~e5d4", "d4e5d4"). Neither a square's text
 * nor a piece's letter holds it. */
#define MOVE_TEXT_FLIP '~'

/* Writes the move's text; returns its length. */
int move_to_text(const Position *pos, Move move, char *buf, size_t buflen);
/* Finds the legal move written as text; MOVE_NONE_VALUE (and a message in
 * err, if given) if the text is not a legal move here. */
Move move_from_text(const Position *pos, const char *text, char *err, size_t errlen);

#endif
