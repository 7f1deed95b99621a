/* opening_book.h — openings read from a file: EPD/FEN lines or PGN games.
 *
 * EPD/FEN: one position a line, in cutechess's dialect (6-field FEN or
 * 4-field EPD with opcodes after it) or Fairy-Stockfish's (holdings in
 * [...], check counters, multi-digit runs): board/fen.c reads them all; the
 * longest prefix of fields it accepts is the position, so opcodes are
 * skipped. Blank lines and lines starting with '#' are ignored.
 * PGN: each game's [FEN] tag (if any) and its moves, in coordinate text or
 * SAN, checked against the legal moves; cut after `plies` plies when given.
 * A line or move that does not fit the variant is an error naming the file
 * and line: a match must not silently play other openings than asked.
 */
#ifndef CHIMERA_MATCH_OPENING_BOOK_H
#define CHIMERA_MATCH_OPENING_BOOK_H

#include <stddef.h>
#include <stdint.h>

#include "board/movetext.h"
#include "board/position.h"

#define OPENING_BOOK_PLIES_MAX 64

typedef struct {
  char *fen; /* NULL: the variant's start position */
  int move_count;
  char moves[OPENING_BOOK_PLIES_MAX][MOVE_TEXT_MAX];
} OpeningEntry;

typedef struct OpeningBook OpeningBook;

/* format "epd", "pgn" or "" (by the file name's ending: .pgn is PGN).
 * start is the variant's start position (for checking). */
OpeningBook *opening_book_load(const char *path, const char *format, const Position *start,
                               int plies, char *err, size_t err_size);
int opening_book_count(const OpeningBook *book);
/* Starts at the first-th (1-based) entry, optionally shuffled by seed. */
void opening_book_arrange(OpeningBook *book, int first, bool shuffle, uint64_t seed);
/* The index-th opening of the arranged sequence (wrapping around). */
const OpeningEntry *opening_book_get(const OpeningBook *book, int index);
void opening_book_free(OpeningBook *book);

#endif
