/* type_set.h — a set of piece types (indices into Variant.pieces).
 *
 * A fixed 256-bit set, four 64-bit words, passed by value: types 0..63 are
 * the first word, so a variant of at most 64 types touches one word and its
 * sets read as before. PIECE_TYPE_MAX (mbn/variant.h) may not exceed
 * TYPE_SET_BITS. Iterate with
 *   for (int t = type_set_first(s); t >= 0; t = type_set_next(s, t)) ...
 */
#ifndef CHIMERA_MBN_TYPE_SET_H
#define CHIMERA_MBN_TYPE_SET_H

#include <stdbool.h>
#include <stdint.h>

#define TYPE_SET_WORDS 4
#define TYPE_SET_BITS  (64 * TYPE_SET_WORDS)

typedef struct {
  uint64_t w[TYPE_SET_WORDS];
} TypeSet;

static inline TypeSet type_set_empty(void) {
  TypeSet s = {{0}};
  return s;
}
static inline TypeSet type_set_of(int t) {
  TypeSet s = {{0}};
  s.w[t >> 6] = (uint64_t)1 << (t & 63);
  return s;
}
/* The types 0..63 given as one word (bit t = type t). */
static inline TypeSet type_set_from_word(uint64_t w0) {
  TypeSet s = {{w0, 0, 0, 0}};
  return s;
}
/* The types 0..n-1. */
static inline TypeSet type_set_first_n(int n) {
  TypeSet s = {{0}};
  for (int i = 0; i < TYPE_SET_WORDS; i++) {
    int bits = n - 64 * i;
    s.w[i] = bits >= 64 ? ~(uint64_t)0 : bits > 0 ? ((uint64_t)1 << bits) - 1 : 0;
  }
  return s;
}
/* By pointer: a set passed by value and indexed by a variable word would be
 * copied to the stack first (GCC -O2), on the move generator's paths. */
static inline bool type_set_has(const TypeSet *s, int t) {
  return s->w[t >> 6] >> (t & 63) & 1;
}
static inline void type_set_add(TypeSet *s, int t) {
  s->w[t >> 6] |= (uint64_t)1 << (t & 63);
}
static inline void type_set_remove(TypeSet *s, int t) {
  s->w[t >> 6] &= ~((uint64_t)1 << (t & 63));
}
/* every type not in s (of all TYPE_SET_BITS) */
static inline TypeSet type_set_complement(TypeSet s) {
  for (int i = 0; i < TYPE_SET_WORDS; i++) s.w[i] = ~s.w[i];
  return s;
}
static inline TypeSet type_set_or(TypeSet a, TypeSet b) {
  for (int i = 0; i < TYPE_SET_WORDS; i++) a.w[i] |= b.w[i];
  return a;
}
static inline TypeSet type_set_and(TypeSet a, TypeSet b) {
  for (int i = 0; i < TYPE_SET_WORDS; i++) a.w[i] &= b.w[i];
  return a;
}
/* a without the types of b */
static inline TypeSet type_set_minus(TypeSet a, TypeSet b) {
  for (int i = 0; i < TYPE_SET_WORDS; i++) a.w[i] &= ~b.w[i];
  return a;
}
static inline bool type_set_is_empty(TypeSet s) {
  return !(s.w[0] | s.w[1] | s.w[2] | s.w[3]);
}
static inline bool type_set_any(TypeSet s) {
  return !type_set_is_empty(s);
}
static inline bool type_set_intersects(TypeSet a, TypeSet b) {
  return type_set_any(type_set_and(a, b));
}
static inline bool type_set_equal(TypeSet a, TypeSet b) {
  return !((a.w[0] ^ b.w[0]) | (a.w[1] ^ b.w[1]) | (a.w[2] ^ b.w[2]) | (a.w[3] ^ b.w[3]));
}
static inline int type_set_count(TypeSet s) {
  int n = 0;
  for (int i = 0; i < TYPE_SET_WORDS; i++) n += __builtin_popcountll(s.w[i]);
  return n;
}
/* The smallest type in the set after `after` (-1: from the start), or -1. */
static inline int type_set_next(TypeSet s, int after) {
  int t = after + 1;
  for (int i = t >> 6; i < TYPE_SET_WORDS; i++) {
    uint64_t w = s.w[i];
    if (i == t >> 6) w &= ~(uint64_t)0 << (t & 63);
    if (w) return 64 * i + __builtin_ctzll(w);
  }
  return -1;
}
static inline int type_set_first(TypeSet s) {
  return type_set_next(s, -1);
}

_Static_assert(TYPE_SET_WORDS == 4, "type_set_is_empty and type_set_equal read four words");

#endif
