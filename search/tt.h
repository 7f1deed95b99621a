/* tt.h — the transposition table shared by every search thread.
 *
 * Buckets of four 16-byte entries fill one 64-byte cache line. Entries are
 * written and read without locks: two threads may race on one entry, so a
 * probe can see a torn entry (key from one write, data from another). That
 * race is benign by design, as in Stockfish: a key match is only a hint, the
 * move found is checked against the legal moves before it is played, and a
 * wrong score costs at most a little search quality, never a crash.
 */
#ifndef CHIMERA_SEARCH_TT_H
#define CHIMERA_SEARCH_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 } TTBound;

typedef struct {
  uint64_t move;     /* best or refutation move (board/move.h), 0 = none */
  uint16_t key16;    /* top 16 bits of the Zobrist key (the index uses the low bits) */
  int16_t score;     /* search score, mate scores relative to this node */
  int16_t eval;      /* static evaluation */
  uint8_t depth;     /* draft + TT_DEPTH_OFFSET, 0 = empty */
  uint8_t gen_bound; /* generation (upper 6 bits) and TTBound (lower 2) */
} TTEntry;

#define TT_BUCKET_SIZE  4
#define TT_DEPTH_OFFSET 8 /* quiescence stores negative drafts */

typedef struct {
  TTEntry entries[TT_BUCKET_SIZE];
} TTBucket;

_Static_assert(sizeof(TTEntry) == 16, "four entries per cache line");
_Static_assert(sizeof(TTBucket) == 64, "a bucket is one cache line");

typedef struct {
  TTBucket *buckets;     /* inside memory, aligned to a cache line */
  void *memory;          /* what was allocated, for free() */
  uint64_t bucket_count; /* a power of two */
  uint8_t generation;    /* advances by 4 per search (low bits are the bound) */
  atomic_bool written;   /* some entry was stored since the table was zeroed */
} TTable;

/* What a probe found, with the score already corrected for ply. */
typedef struct {
  uint64_t move;
  int score, eval, depth;
  TTBound bound;
} TTHit;

/* false: out of memory (table left empty). The table comes zeroed from the
 * system, untouched: its pages are given when a search first writes them. */
bool tt_init(TTable *tt, size_t megabytes);
/* The table's size in megabytes (a power of two of buckets: tt_init rounds
 * the size asked down to one). */
size_t tt_megabytes(const TTable *tt);
void tt_free(TTable *tt);
void tt_clear(TTable *tt); /* a table nothing was stored in since it was zeroed is left as is */
void tt_new_search(TTable *tt);
void tt_prefetch(const TTable *tt, uint64_t key);
bool tt_probe(const TTable *tt, uint64_t key, int ply, TTHit *hit);
void tt_store(TTable *tt, uint64_t key, int ply, uint64_t move, int score, int eval, int depth,
              TTBound bound);
int tt_hashfull(const TTable *tt); /* per mille of sampled entries from this search */

/* Mate scores are stored relative to the node, not the root. */
int tt_score_to_tt(int score, int ply);
int tt_score_from_tt(int score, int ply);

#endif
