/* bb.h — bitboards for flat boards of at most 128 squares (internal).
 *
 * When a variant's board is flat, does not wrap and has at most 64 squares,
 * the tables hold a Bb64Tables (tables->bb64) and the position one 64-bit
 * bitboard per colour and per piece type (pos->bb64); up to 128 squares the
 * same with 128-bit words (tables->bb128, pos->bb128). The width is chosen
 * once, when the tables are built: at most one of the two pointers is set,
 * and the callers test them in that order, so 8x8 chess runs on plain
 * 64-bit words and capablanca, shogi, xiangqi or grand on 128-bit ones.
 *
 * The pieces whose programs are plain single-leg leapers and riders are
 * generated and attack-tested with bitboards: leaper masks, and ray masks
 * cut at the first blocker (any vector, found with a bit scan since square
 * indices grow monotonically along a ray). Leaps bound to ranges, lame
 * leaps and hops are attack-tested here too, and generated root by root in
 * the walker's own order (bb_width.h: gen_legs). Everything else still goes
 * through the leg walker, so the results are the same by construction; the
 * perft tests check it (and CHIMERA_NO_BITBOARDS=1 turns bitboards off, to
 * compare against the walker alone).
 *
 * The code is written once per concern and compiled per width: bb_width.h
 * (tables and inline helpers), bb_body.h (table building, attack and pin
 * tests: bb64.c, bb128.c), movegen_bb.h (movegen.c) and legal_count_bb.h
 * (legal.c), with the names of bb_names.h.
 */
#ifndef CHIMERA_BOARD_BB_H
#define CHIMERA_BOARD_BB_H

#include <stdbool.h>
#include <stdint.h>

#include "board/move.h"
#include "board/movegen.h"
#include "board/position.h"
#include "mbn/variant.h"

#define BB_DIRS_MAX   32
#define BB_RIDERS_MAX 16
#define BB_LAME_MAX   8 /* lame roots of one type (the horse's 4) */

/* A type set as the bitboard code keeps it, one word: bitboards exist only
 * for variants of at most BB_TYPES_MAX (64) types (board/position.h), whose
 * sets lie in the first word of a TypeSet. */
static inline uint64_t bb_type_word(TypeSet s) {
  return s.w[0];
}

/* Whether sq lies in range `range` of the variant (MOVE_NONE: no range,
 * every square): the origin and landing ranges of a leg. */
static inline bool bb_in_range(const Variant *v, uint16_t range, int sq) {
  return range == MOVE_NONE || v->ranges[range].member[sq];
}

typedef struct {
  uint8_t dir;       /* index into the tables' ray */
  uint8_t occupancy; /* Occupancy bits of the leg */
} BbRider;

/* Population count without relying on the POPCNT instruction (the build
 * targets generic x86-64, where the builtin becomes a slow library call). */
static inline int bb64_popcount(uint64_t b) {
#ifdef __POPCNT__
  return __builtin_popcountll(b);
#else
  b = b - ((b >> 1) & 0x5555555555555555ULL);
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return (int)((b * 0x0101010101010101ULL) >> 56);
#endif
}
static inline int bb64_lsb(uint64_t b) {
  return __builtin_ctzll(b);
}
static inline int bb64_msb(uint64_t b) {
  return 63 - __builtin_clzll(b);
}

/* 128 bits as two 64-bit halves: no compiler has builtins for them. */
static inline int bb128_popcount(bb128_t b) {
  return bb64_popcount((uint64_t)b) + bb64_popcount((uint64_t)(b >> 64));
}
static inline int bb128_lsb(bb128_t b) {
  uint64_t lo = (uint64_t)b;
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(b >> 64));
}
static inline int bb128_msb(bb128_t b) {
  uint64_t hi = (uint64_t)(b >> 64);
  return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)b);
}

/* Whether CHIMERA_NO_BITBOARDS asks for the leg walker alone (read when
 * tables are built; tests compare both ways). */
bool bb_disabled(void);

#define BB_BITS 64
#include "board/bb_width.h"
#undef BB_BITS
#define BB_BITS 128
#include "board/bb_width.h"
#undef BB_BITS

#endif
