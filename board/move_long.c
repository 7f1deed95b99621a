/* move_long.c — the process-wide table of capture lists of long moves
 * (move_long.h).
 *
 * Lists live in blocks of squares that are never freed or moved; a
 * directory of chunks maps an id to its list, each chunk allocated once and
 * published with a release store, so a reader needs no lock. A hash set of
 * ids, read and grown only under the mutex, finds the id of a list already
 * interned.
 */
#include "board/move_long.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK_BITS 12
#define CHUNK_SIZE (1u << CHUNK_BITS)
#define CHUNK_NB   (MOVE_LONG_IDS >> CHUNK_BITS)
#define BLOCK_SIZE 65536 /* squares per storage block */

/* A list is stored as its count, its count of captures (the entries
 * without MOVE_LONG_FLIP, which sort first), then its entries. */
typedef struct {
  _Atomic(const int16_t *) list[CHUNK_SIZE];
} Chunk;

static _Atomic(Chunk *) directory[CHUNK_NB];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_uint_fast32_t next_id;

/* Under the lock: the block being filled, and the hash set (id + 1 per
 * slot, 0 empty; a power of two of slots, at most half full). */
static int16_t *block;
static size_t block_used = BLOCK_SIZE;
static uint32_t *slots;
static size_t slot_nb;

static uint64_t list_hash(const int16_t *squares, int n) {
  uint64_t h = 1469598103934665603ull ^ (uint64_t)n;
  for (int i = 0; i < n; i++) h = (h ^ (uint16_t)squares[i]) * 1099511628211ull;
  return h ^ h >> 29;
}

static const int16_t *list_of(uint32_t id) {
  Chunk *c = atomic_load_explicit(&directory[id >> CHUNK_BITS], memory_order_acquire);
  return c ? atomic_load_explicit(&c->list[id & (CHUNK_SIZE - 1)], memory_order_acquire) : NULL;
}

static bool list_equal(const int16_t *stored, const int16_t *squares, int n) {
  return stored[0] == n && !memcmp(stored + 2, squares, (size_t)n * sizeof *squares);
}

/* Under the lock: the slot holding the list, or the empty slot where it
 * would go. */
static size_t slot_find(const int16_t *squares, int n) {
  size_t mask = slot_nb - 1, i = (size_t)list_hash(squares, n) & mask;
  while (slots[i] && !list_equal(list_of(slots[i] - 1), squares, n)) i = (i + 1) & mask;
  return i;
}

/* Under the lock: room for twice as many ids. */
static bool slots_grow(void) {
  size_t old_nb = slot_nb, nb = old_nb ? 2 * old_nb : 4096;
  uint32_t *old = slots, *fresh = calloc(nb, sizeof *fresh);
  if (!fresh) return false;
  slots = fresh;
  slot_nb = nb;
  for (size_t i = 0; i < old_nb; i++) {
    if (!old[i]) continue;
    const int16_t *l = list_of(old[i] - 1);
    slots[slot_find(l + 2, l[0])] = old[i];
  }
  free(old);
  return true;
}

/* Under the lock: a copy of the list in storage that never moves. */
static const int16_t *list_store(const int16_t *squares, int n) {
  size_t need = (size_t)n + 2;
  int16_t *at;
  if (need > BLOCK_SIZE) { /* longer than a block: a block of its own */
    at = malloc(need * sizeof *at);
  } else {
    if (block_used + need > BLOCK_SIZE) {
      int16_t *b = malloc(BLOCK_SIZE * sizeof *b);
      if (!b) return NULL;
      block = b;
      block_used = 0;
    }
    at = block + block_used;
    block_used += need;
  }
  if (!at) return NULL;
  int captures = 0;
  while (captures < n && !(squares[captures] & MOVE_LONG_FLIP)) captures++;
  at[0] = (int16_t)n;
  at[1] = (int16_t)captures;
  memcpy(at + 2, squares, (size_t)n * sizeof *squares);
  return at;
}

int move_long_intern(const int16_t *squares, int n) {
  pthread_mutex_lock(&lock);
  int id = -1;
  uint32_t count = (uint32_t)atomic_load_explicit(&next_id, memory_order_relaxed);
  if ((2 * ((size_t)count + 1) <= slot_nb || slots_grow())) {
    size_t slot = slot_find(squares, n);
    if (slots[slot]) {
      id = (int)(slots[slot] - 1);
    } else if (count < MOVE_LONG_IDS) {
      Chunk *c = atomic_load_explicit(&directory[count >> CHUNK_BITS], memory_order_relaxed);
      if (!c) {
        c = calloc(1, sizeof *c);
        if (c) atomic_store_explicit(&directory[count >> CHUNK_BITS], c, memory_order_release);
      }
      const int16_t *stored = c ? list_store(squares, n) : NULL;
      if (stored) {
        atomic_store_explicit(&c->list[count & (CHUNK_SIZE - 1)], stored, memory_order_release);
        slots[slot] = count + 1;
        atomic_store_explicit(&next_id, count + 1, memory_order_relaxed);
        id = (int)count;
      }
    }
  }
  pthread_mutex_unlock(&lock);
  return id;
}

const int16_t *move_long_squares(uint32_t id, int *n, int *captures) {
  const int16_t *l = id < MOVE_LONG_IDS ? list_of(id) : NULL;
  if (!l) {
    *n = 0;
    if (captures) *captures = 0;
    return NULL;
  }
  *n = l[0];
  if (captures) *captures = l[1];
  return l + 2;
}

uint32_t move_long_count(void) {
  return (uint32_t)atomic_load_explicit(&next_id, memory_order_relaxed);
}
