/* variant.h — a compiled variant: what the front end (mbn/) hands to the board.
 *
 * Produced once when a variant file is loaded, immutable afterwards, shared by
 * every thread. Everything the move generator and the rules need is here as
 * plain data: the board's shape, each piece's compiled MoveProgram per colour,
 * the tables those programs index, the start position and the rules as flags
 * and numbers. board/ never reads MBN or FBR text.
 *
 * Ownership of fields: mbn/ (piece compiler) fills pieces[].moves, ranges and
 * filters; the variant-file loader fills the rest. Both may add fields.
 */
#ifndef CHIMERA_MBN_VARIANT_H
#define CHIMERA_MBN_VARIANT_H

#include <stdbool.h>
#include <stdint.h>

#include "mbn/move_program.h"

#define VARIANT_NAME_MAX 64
#define PIECE_TYPE_MAX 64   /* PieceFilter is a 64-bit set of types */
#define PIECE_LETTER_MAX 8  /* "K", "+P", ":BM:" ... NUL-terminated */

typedef enum { WHITE = 0, BLACK = 1, COLOR_NB = 2 } Color;

/* The board: files x ranks x levels, some squares possibly holes. */
typedef struct {
  int files;  /* 1..36 */
  int ranks;  /* 1..36 */
  int levels; /* 1 for a flat board */
  bool wrap_files; /* cylinder: file a is next to the last file for every piece */
  bool wrap_ranks; /* torus (with wrap_files) */
  uint8_t *hole;   /* one byte per square, 1 = not part of the board; NULL = no holes */
} BoardShape;

/* One piece type. */
typedef struct {
  char letter[PIECE_LETTER_MAX]; /* as in FEN and move text, upper case: "N", "+P" */
  char name[32];                 /* human name ("Knight"), may be empty */
  MoveProgram moves[COLOR_NB];   /* compiled moves, per colour */
  bool royal;                    /* capturing / checkmating it decides the game */
  int value;                     /* centipawns; 0 = let the engine derive one */
  int promoted_from;             /* type index it promotes from (for demotion), or -1 */
  uint64_t promotes_to;          /* set of type indices it may promote to */
} PieceType;

/* A compiled variant. */
typedef struct Variant {
  char name[VARIANT_NAME_MAX];
  BoardShape shape;
  PieceType pieces[PIECE_TYPE_MAX];
  int piece_count;
  SquareRange *ranges; /* indexed by MoveLeg.origin_range / landing_range */
  int range_count;
  PieceFilter *filters; /* indexed by MoveLeg.victim_set */
  int filter_count;
  char *start_fen; /* start position in Fairy-Stockfish's FEN dialect */
  /* Rules (FBR) are added here by the variant-file loader as flags and
   * numbers, never as text for the board to parse. */
} Variant;

#endif
