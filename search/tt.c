/* tt.c — lock-free transposition table (see tt.h for the race it allows).
 *
 * Replacement: within a bucket, the entry with the same key is refreshed;
 * otherwise the entry with the lowest depth, counting entries from older
 * searches as much shallower, is replaced. An exact bound or a deeper draft
 * overwrites a same-key entry; a shallower one keeps its move.
 */
#include "search/tt.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "search/score.h"

static size_t tt_bytes(const TTable *tt) {
  return (size_t)tt->bucket_count * sizeof(TTBucket);
}

/* calloc, not posix_memalign and memset: a large table comes from the
 * system already zero, so no page is touched until a search writes it.
 * Zeroing it here cost a page fault per 4 kB: a Hash of half the machine's
 * memory (8 GB where 64 GB was asked on a 24 GB machine) kept `isready`
 * waiting 10-25 s. */
bool tt_init(TTable *tt, size_t megabytes) {
  tt_free(tt);
  if (megabytes < 1) megabytes = 1;
  uint64_t bytes = (uint64_t)megabytes << 20;
  uint64_t count = 1;
  while (count * 2 * sizeof(TTBucket) <= bytes) count *= 2;
  if (count > (SIZE_MAX - sizeof(TTBucket)) / sizeof(TTBucket)) return false;
  void *memory = calloc(1, (size_t)count * sizeof(TTBucket) + sizeof(TTBucket) - 1);
  if (!memory) return false;
  uintptr_t aligned =
      ((uintptr_t)memory + sizeof(TTBucket) - 1) & ~(uintptr_t)(sizeof(TTBucket) - 1);
  tt->memory = memory;
  tt->buckets = (TTBucket *)aligned;
  tt->bucket_count = count;
  tt->generation = 0;
  atomic_store_explicit(&tt->written, false, memory_order_relaxed);
  return true;
}

size_t tt_megabytes(const TTable *tt) {
  return tt_bytes(tt) >> 20;
}

void tt_free(TTable *tt) {
  free(tt->memory);
  tt->memory = NULL;
  tt->buckets = NULL;
  tt->bucket_count = 0;
  tt->generation = 0;
  atomic_store_explicit(&tt->written, false, memory_order_relaxed);
}

/* Clearing a table no search wrote (a GUI's ucinewgame right after setting
 * Hash) would only touch every page of it. */
void tt_clear(TTable *tt) {
  if (tt->buckets && atomic_load_explicit(&tt->written, memory_order_relaxed))
    memset(tt->buckets, 0, tt_bytes(tt));
  tt->generation = 0;
  atomic_store_explicit(&tt->written, false, memory_order_relaxed);
}

void tt_new_search(TTable *tt) {
  tt->generation = (uint8_t)(tt->generation + 4);
}

static TTBucket *tt_bucket(const TTable *tt, uint64_t key) {
  return &tt->buckets[key & (tt->bucket_count - 1)];
}

void tt_prefetch(const TTable *tt, uint64_t key) {
  if (tt->buckets) __builtin_prefetch(tt_bucket(tt, key));
}

int tt_score_to_tt(int score, int ply) {
  if (score >= SEARCH_MATE_MAX) return score + ply;
  if (score <= -SEARCH_MATE_MAX) return score - ply;
  return score;
}

int tt_score_from_tt(int score, int ply) {
  if (score >= SEARCH_MATE_MAX) return score - ply;
  if (score <= -SEARCH_MATE_MAX) return score + ply;
  return score;
}

bool tt_probe(const TTable *tt, uint64_t key, int ply, TTHit *hit) {
  if (!tt->buckets) return false;
  TTBucket *bucket = tt_bucket(tt, key);
  uint16_t key16 = (uint16_t)(key >> 48);
  for (int i = 0; i < TT_BUCKET_SIZE; i++) {
    TTEntry entry = bucket->entries[i]; /* one copy: fields read together */
    if (entry.key16 != key16 || entry.depth == 0) continue;
    hit->move = entry.move;
    hit->score = tt_score_from_tt(entry.score, ply);
    hit->eval = entry.eval;
    hit->depth = entry.depth - TT_DEPTH_OFFSET;
    hit->bound = (TTBound)(entry.gen_bound & 3);
    return true;
  }
  return false;
}

void tt_store(TTable *tt, uint64_t key, int ply, uint64_t move, int score, int eval, int depth,
              TTBound bound) {
  if (!tt->buckets) return;
  TTBucket *bucket = tt_bucket(tt, key);
  uint16_t key16 = (uint16_t)(key >> 48);

  /* 1. Pick the slot: same key, else the least valuable entry. */
  TTEntry *slot = &bucket->entries[0];
  int worst = 1 << 30;
  for (int i = 0; i < TT_BUCKET_SIZE; i++) {
    TTEntry *entry = &bucket->entries[i];
    if (entry->key16 == key16 || entry->depth == 0) {
      slot = entry;
      break;
    }
    int age = (uint8_t)(tt->generation - (entry->gen_bound & 0xFC)) / 4;
    int value = entry->depth - 8 * age;
    if (value < worst) {
      worst = value;
      slot = entry;
    }
  }

  /* 2. Keep a deeper same-key entry unless this one is exact or from a new search. */
  if (slot->key16 == key16 && slot->depth != 0) {
    if (!move) move = slot->move;
    if (bound != TT_EXACT && depth + TT_DEPTH_OFFSET + 3 < slot->depth &&
        (slot->gen_bound & 0xFC) == tt->generation)
      return;
  }

  /* 3. Write. The flag is stored once, so the threads do not keep writing
   * the line every probe reads. */
  if (!atomic_load_explicit(&tt->written, memory_order_relaxed))
    atomic_store_explicit(&tt->written, true, memory_order_relaxed);
  int stored_depth = depth + TT_DEPTH_OFFSET;
  if (stored_depth < 1) stored_depth = 1;
  if (stored_depth > 255) stored_depth = 255;
  TTEntry entry = {move,
                   key16,
                   (int16_t)tt_score_to_tt(score, ply),
                   (int16_t)eval,
                   (uint8_t)stored_depth,
                   (uint8_t)(tt->generation | bound)};
  *slot = entry;
}

int tt_hashfull(const TTable *tt) {
  if (!tt->buckets) return 0;
  int used = 0, total = 0;
  for (uint64_t b = 0; b < 250 && b < tt->bucket_count; b++)
    for (int i = 0; i < TT_BUCKET_SIZE; i++, total++) {
      const TTEntry *entry = &tt->buckets[b].entries[i];
      used += entry->depth != 0 && (entry->gen_bound & 0xFC) == tt->generation;
    }
  return total ? used * 1000 / total : 0;
}
