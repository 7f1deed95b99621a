/* geometry.h — the shape of a board, chosen when a variant loads.
 *
 * Squares are a flat index: square = (level * ranks + rank) * files + file,
 * the order of SquareRange in mbn/move_program.h. Nothing here assumes 8x8:
 * boards from 1x1 to 36x36 with several levels, holes and wrapping work the
 * same way. Square names are files a..z then aa, ab, ... and ranks 1, 2, ...;
 * a level above the first is written as a suffix ":L" (1-based), e.g. "c3:2";
 * on a 4D board as ":Z;W", board Z of row W (MBN's <Z;W>), e.g. "c3:2;1".
 */
#ifndef CHIMERA_BOARD_GEOMETRY_H
#define CHIMERA_BOARD_GEOMETRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mbn/variant.h"

/* A square index; SQ_NONE means "off the board". */
typedef int16_t Square;
#define SQ_NONE         ((Square)-1)
#define SQUARE_MAX      4096 /* squares fit in 12 bits of a Move */
#define SQUARE_TEXT_MAX 12

typedef struct {
  int files, ranks, levels;
  int levels_z; /* boards per row: levels on a 3D board, fewer on a 4D one (level = z + levels_z *
                   w) */
  int sq_nb;    /* files * ranks * levels */
  bool wrap_files, wrap_ranks;
  /* coordinates of each square: divisions are slow in the hot paths */
  uint8_t file_of[SQUARE_MAX], rank_of[SQUARE_MAX], level_of[SQUARE_MAX];
} Geometry;

/* Fills geo from a variant's BoardShape; false (with a message) if it does not fit. */
bool geo_init(Geometry *geo, const BoardShape *shape, char *err, size_t errlen);

static inline int geo_file(const Geometry *geo, int sq) {
  return geo->file_of[sq];
}
static inline int geo_rank(const Geometry *geo, int sq) {
  return geo->rank_of[sq];
}
static inline int geo_level(const Geometry *geo, int sq) {
  return sq / (geo->files * geo->ranks);
}

/* The square at (file, rank, level), or SQ_NONE if outside the board. */
Square geo_square(const Geometry *geo, int file, int rank, int level);

/* The square one step (dx, dy, dz, dw) from sq, wrapping files and/or ranks
 * when asked (or when the board itself wraps); SQ_NONE when it falls off.
 * dz moves along a row of boards, dw from row to row (4D). Holes are not off
 * the board here: they are walls, handled by the position. */
Square geo_step4(const Geometry *geo, int sq, int dx, int dy, int dz, int dw, bool wrap_files,
                 bool wrap_ranks);
static inline Square geo_step(const Geometry *geo, int sq, int dx, int dy, int dz, bool wrap_files,
                              bool wrap_ranks) {
  return geo_step4(geo, sq, dx, dy, dz, 0, wrap_files, wrap_ranks);
}

/* The eight (dx, dy) steps to a square's neighbours on its level: the
 * orthogonal four first, then the diagonal four. */
static const int GEO_KING_STEPS[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                         {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

/* Writes "e4", "aa10", "c3:2", "c3:2;1"; returns the length. */
int geo_square_to_text(const Geometry *geo, int sq, char *buf, size_t buflen);

/* Reads a square name at the start of text; returns the square and sets
 * *consumed, or SQ_NONE (consumed untouched) if text does not start with a
 * square of this board. */
Square geo_square_from_text(const Geometry *geo, const char *text, int *consumed);

/* Writes a file name ("a", "z", "aa") into buf; returns the length. */
int geo_file_to_text(int file, char *buf, size_t buflen);

#endif
