/* bb64.h — 64-bit bitboards for boards of at most 64 squares (internal).
 *
 * When a variant's board fits in 64 squares, is flat and does not wrap, the
 * position also keeps one bitboard per colour and per piece type, and the
 * pieces whose programs are plain single-leg leapers and riders are
 * generated and attack-tested with bitboards: leaper masks, and ray masks
 * cut at the first blocker (any vector, found with a bit scan since square
 * indices grow monotonically along a ray). Everything else still goes
 * through the leg walker, so the results are the same by construction; the
 * perft tests check it.
 */
#ifndef CHIMERA_BOARD_BB64_H
#define CHIMERA_BOARD_BB64_H

#include <stdbool.h>
#include <stdint.h>

#include "board/move.h"
#include "board/position.h"
#include "mbn/variant.h"

#define BB_DIRS_MAX   32
#define BB_RIDERS_MAX 16

typedef struct {
  uint8_t dir;       /* index into Bb64Tables.ray */
  uint8_t occupancy; /* Occupancy bits of the leg */
} BbRider;

typedef struct {
  int8_t delta;       /* square index step */
  bool twice;         /* exact double step: the first step must land empty */
  bool initial;       /* only from start squares (pawn-like initial move) */
  uint8_t occupancy;  /* Occupancy bits */
  uint64_t from_mask; /* origins from which the step(s) stay on the board */
} BbShiftLeg;

typedef struct Bb64Tables {
  int dir_nb;
  int8_t dir_dx[BB_DIRS_MAX], dir_dy[BB_DIRS_MAX];
  bool dir_up[BB_DIRS_MAX];      /* square indices grow along the ray */
  uint8_t dir_neg[BB_DIRS_MAX];  /* the opposite direction */
  uint64_t ray[BB_DIRS_MAX][64]; /* squares from sq along the direction, sq excluded */
  uint64_t board_mask;           /* squares of the board */
  /* Per type and colour (arrays of type_nb * COLOR_NB, index t * 2 + c). */
  bool *gen_ok;    /* generate this type with bitboards */
  bool *attack_ok; /* test its attacks with bitboards */
  uint64_t (*leap_quiet)[64], (*leap_capture)[64], (*rev_leap)[64];
  uint8_t *rider_nb;
  BbRider (*riders)[BB_RIDERS_MAX];
  /* legs of a generated type the masks do not cover (ranges, initial or
   * e.p. flags, exact multi-steps): walked one by one by the leg walker */
  uint8_t *special_nb;
  uint8_t (*special)[BB_RIDERS_MAX];
  /* single-step capture legs that may also capture e.p.: in the masks for
   * ordinary captures, and checked here against the e.p. squares */
  uint8_t *ep_nb;
  uint8_t (*ep)[BB_RIDERS_MAX];
  uint64_t (*ep_rev)[64]; /* ep_rev[k][sq]: origins from which such a leg lands on sq */
  uint64_t promo_zone[COLOR_NB];
  /* Leaf counting by whole-type shifts (gen_legal_count): a type whose legs
   * are all single-step leapers, exact double steps over an empty square or
   * plain riders counts its leaper moves for all its pieces at once. */
  bool *shift_ok;
  uint8_t *shift_nb;
  BbShiftLeg (*shift)[BB_RIDERS_MAX];
  uint64_t *start_mask;           /* squares where the start position has this type */
  uint64_t count_types[COLOR_NB]; /* shift_ok types, not royal or confined (tables.c) */
  /* Rider legs of a generated type split by whether square indices grow
   * along them (the first blocker is then the lowest bit, else the
   * highest), so bb64_slides needs no branch per ray; slide_plain: every
   * rider leg moves to empty squares and captures enemies. */
  uint8_t *slide_up_nb, *slide_down_nb;
  uint8_t (*slide_up)[BB_RIDERS_MAX], (*slide_down)[BB_RIDERS_MAX];
  bool *slide_plain;
  /* leap_types[c]: types of colour c with some leaper capture (rev_leap);
   * rider_piece_types[c]: types of colour c riding some direction */
  uint64_t leap_types[COLOR_NB], rider_piece_types[COLOR_NB];
  bool all_attack_ok[COLOR_NB]; /* every type of the colour is attack-tested here */
  /* rider_dirs[c]: bit d set if some type of colour c rides direction d
   * without limit; rider_types[c][d]: those types */
  uint32_t rider_dirs[COLOR_NB];
  uint64_t rider_types[COLOR_NB][BB_DIRS_MAX];
} Bb64Tables;

/* Builds the tables if the variant qualifies; NULL otherwise (or on lack of
 * memory, which only costs speed). */
Bb64Tables *bb64_new(const Variant *v, const Geometry *geo);
void bb64_free(Bb64Tables *bb);

/* Targets of the mask-covered legs of the piece on sq (type t, colour c):
 * quiet moves to empty squares and captures of enemies. */
uint64_t bb64_targets(const Position *pos, int sq, int type, Color c);
/* Pieces of the side to move standing alone between an enemy rider and a
 * royal of theirs (needs all_attack_ok for the enemy). */
uint64_t bb64_pinned(const Position *pos, uint64_t royals);
/* Targets of the rider legs only (for types counted by shifts). */
uint64_t bb64_rider_targets(const Position *pos, int sq, int type, Color c);
/* Whether colour `by` attacks sq; *undecided is set when some of by's
 * pieces are not bitboard-testable (the caller must walk those). */
bool bb64_attacked(const Position *pos, int sq, Color by, uint64_t occupied);
/* As bb64_attacked, ignoring by's pieces on the squares of `gone` (captured). */
bool bb64_attacked_without(const Position *pos, int sq, Color by, uint64_t occupied, uint64_t gone);

static inline uint64_t bb_shift(uint64_t b, int delta) {
  return delta >= 0 ? b << delta : b >> -delta;
}

/* Population count without relying on the POPCNT instruction (the build
 * targets generic x86-64, where the builtin becomes a slow library call). */
static inline int bb_popcount(uint64_t b) {
#ifdef __POPCNT__
  return __builtin_popcountll(b);
#else
  b = b - ((b >> 1) & 0x5555555555555555ULL);
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return (int)((b * 0x0101010101010101ULL) >> 56);
#endif
}

static inline int bb_lsb(uint64_t b) {
  return __builtin_ctzll(b);
}
static inline int bb_msb(uint64_t b) {
  return 63 - __builtin_clzll(b);
}

/* The squares the rider legs of type k (index t * 2 + c) reach from sq, up
 * to and including the first occupied square of each ray. Branch-free per
 * ray: a ray from square 63 upwards (or from 0 downwards) is empty, so the
 * sentinel bit stands for "no blocker". */
static inline uint64_t bb64_slides(const Bb64Tables *bb, size_t k, int sq, uint64_t occupied) {
  uint64_t a = 0;
  for (int i = 0; i < bb->slide_up_nb[k]; i++) {
    int d = bb->slide_up[k][i];
    uint64_t r = bb->ray[d][sq];
    a |= r ^ bb->ray[d][bb_lsb((r & occupied) | (uint64_t)1 << 63)];
  }
  for (int i = 0; i < bb->slide_down_nb[k]; i++) {
    int d = bb->slide_down[k][i];
    uint64_t r = bb->ray[d][sq];
    a |= r ^ bb->ray[d][bb_msb((r & occupied) | 1)];
  }
  return a;
}

#endif
