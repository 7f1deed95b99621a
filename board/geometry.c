/* geometry.c — square arithmetic and square names for any board shape.
 *
 * Kept free of position state so the tables built at load time and the move
 * text code share one definition of "next square" and "square name".
 */
#include "board/geometry.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

bool geo_init(Geometry *geo, const BoardShape *shape, char *err, size_t errlen) {
  int levels = shape->levels > 0 ? shape->levels : 1;
  if (shape->files < 1 || shape->ranks < 1 || shape->files > 64 || shape->ranks > 64) {
    snprintf(err, errlen, "board %dx%d is outside 1x1..64x64", shape->files, shape->ranks);
    return false;
  }
  if (shape->files * shape->ranks * levels > SQUARE_MAX) {
    snprintf(err, errlen, "board %dx%dx%d has more than %d squares", shape->files, shape->ranks,
             levels, SQUARE_MAX);
    return false;
  }
  geo->files = shape->files;
  geo->ranks = shape->ranks;
  geo->levels = levels;
  geo->levels_z = shape->levels_z > 0 ? shape->levels_z : levels;
  geo->sq_nb = shape->files * shape->ranks * levels;
  geo->wrap_files = shape->wrap_files;
  geo->wrap_ranks = shape->wrap_ranks;
  for (int sq = 0; sq < geo->sq_nb; sq++) {
    geo->file_of[sq] = (uint8_t)(sq % geo->files);
    geo->rank_of[sq] = (uint8_t)(sq / geo->files % geo->ranks);
    geo->level_of[sq] = (uint8_t)(sq / (geo->files * geo->ranks));
  }
  return true;
}

Square geo_square(const Geometry *geo, int file, int rank, int level) {
  if (file < 0 || file >= geo->files || rank < 0 || rank >= geo->ranks || level < 0 ||
      level >= geo->levels)
    return SQ_NONE;
  return (Square)((level * geo->ranks + rank) * geo->files + file);
}

static int wrap_coordinate(int value, int size) {
  value %= size;
  return value < 0 ? value + size : value;
}

Square geo_step4(const Geometry *geo, int sq, int dx, int dy, int dz, int dw, bool wrap_files,
                 bool wrap_ranks) {
  int file = geo_file(geo, sq) + dx;
  int rank = geo_rank(geo, sq) + dy;
  int level = level_step(geo->levels, geo->levels_z, geo_level(geo, sq), dz, dw);
  if (level < 0) return SQ_NONE;
  if (wrap_files || geo->wrap_files) file = wrap_coordinate(file, geo->files);
  if (wrap_ranks || geo->wrap_ranks) rank = wrap_coordinate(rank, geo->ranks);
  return geo_square(geo, file, rank, level);
}

int geo_file_to_text(int file, char *buf, size_t buflen) {
  char tmp[4];
  int n = 0;
  if (file < 26) {
    tmp[n++] = (char)('a' + file);
  } else {
    tmp[n++] = (char)('a' + file / 26 - 1);
    tmp[n++] = (char)('a' + file % 26);
  }
  tmp[n] = '\0';
  return snprintf(buf, buflen, "%s", tmp);
}

int geo_square_to_text(const Geometry *geo, int sq, char *buf, size_t buflen) {
  char file[4];
  geo_file_to_text(geo_file(geo, sq), file, sizeof file);
  int level = geo_level(geo, sq);
  if (level > 0 && geo->levels_z < geo->levels) /* 4D: board z of row w, c3:2;1 */
    return snprintf(buf, buflen, "%s%d:%d;%d", file, geo_rank(geo, sq) + 1,
                    level % geo->levels_z + 1, level / geo->levels_z + 1);
  if (level > 0) return snprintf(buf, buflen, "%s%d:%d", file, geo_rank(geo, sq) + 1, level + 1);
  return snprintf(buf, buflen, "%s%d", file, geo_rank(geo, sq) + 1);
}

Square geo_square_from_text(const Geometry *geo, const char *text, int *consumed) {
  int i = 0, file = -1;
  if (!islower((unsigned char)text[0])) return SQ_NONE;
  if (islower((unsigned char)text[1])) {
    file = (text[0] - 'a' + 1) * 26 + (text[1] - 'a');
    i = 2;
  } else {
    file = text[0] - 'a';
    i = 1;
  }
  if (!isdigit((unsigned char)text[i]) || text[i] == '0') return SQ_NONE;
  int rank = 0;
  while (isdigit((unsigned char)text[i]) && rank < 1000) rank = rank * 10 + (text[i++] - '0');
  int level = 1, row = 1;
  if (text[i] == ':' && isdigit((unsigned char)text[i + 1])) {
    level = 0;
    i++;
    while (isdigit((unsigned char)text[i]) && level < 1000) level = level * 10 + (text[i++] - '0');
    if (text[i] == ';' && isdigit((unsigned char)text[i + 1]) && geo->levels_z < geo->levels) {
      row = 0; /* 4D: c3:2;1 */
      i++;
      while (isdigit((unsigned char)text[i]) && row < 1000) row = row * 10 + (text[i++] - '0');
    }
  }
  if (geo->levels_z < geo->levels && (level > geo->levels_z || row < 1)) return SQ_NONE;
  Square sq = geo_square(geo, file, rank - 1, level - 1 + geo->levels_z * (row - 1));
  if (sq != SQ_NONE) *consumed = i;
  return sq;
}
