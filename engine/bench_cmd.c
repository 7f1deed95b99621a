/* bench_cmd.c — `chimera bench [DEPTH] [THREADS] [HASH_MB] [VARIANTS]`.
 *
 * Searches a fixed list of positions across variants to a fixed depth and
 * prints the total node count and speed. Single-threaded, the node count is
 * a signature of the search's behaviour: bench/README.md records it and a
 * test compares against it, so any change in search behaviour is seen.
 *
 * Each bench position is searched, then the best move is played and the new
 * position searched, BENCH_PLIES times, so every variant is exercised past
 * its opening too. VARIANTS is a comma-separated list, or "all" for every
 * loaded variant; a variant without a bench position is searched from its
 * start, and an unknown name is an error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/position.h"
#include "engine/bench_cmd.h"
#include "engine/variants_cmd.h"
#include "search/search.h"

#define BENCH_DEPTH_DEFAULT 8
#define BENCH_PLIES         3

typedef struct {
  const char *variant;
  const char *fen; /* NULL: the variant's start position */
} BenchPosition;

static const BenchPosition BENCH_POSITIONS[] = {
    {"chess", NULL},
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10"},
    {"chess", "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19"},
    {"chess", "8/8/2k5/5p2/4pP2/4K3/8/8 w - - 0 60"},
    {"capablanca", NULL},
    {"shatranj", NULL},
    {"courier", NULL},
    {"knightmate", NULL},
    {"makruk", NULL},
    {"shogi", NULL},
    {"xiangqi", NULL},
    {"crazyhouse", NULL},
    {"kingofthehill", NULL},
    {"3check", NULL},
    {"atomic", NULL},
    {"losers", NULL},
};
enum { BENCH_POSITIONS_NB = sizeof BENCH_POSITIONS / sizeof BENCH_POSITIONS[0] };

/* The next name of a comma-separated list into name (cut to fit); the
 * list's rest, or NULL at its end. */
static const char *bench_list_next(const char *list, char *name, size_t size) {
  if (!*list) return NULL;
  size_t len = strcspn(list, ",");
  snprintf(name, size, "%.*s", (int)len, list);
  return list + len + (list[len] == ',');
}

static bool bench_wanted(const char *list, const char *name) {
  if (!list || !strcmp(list, "all")) return true;
  char each[VARIANT_NAME_MAX];
  while ((list = bench_list_next(list, each, sizeof each)))
    if (!strcmp(each, name)) return true;
  return false;
}

/* Searches one position and BENCH_PLIES successors; returns nodes, or -1. */
static int64_t bench_line(Searcher *searcher, const Variant *variant, const char *fen, int depth,
                          int index, FILE *out, FILE *err) {
  char text[256];
  Position *pos = pos_new(variant, text, sizeof text);
  if (!pos || (fen && !pos_set_fen(pos, fen, text, sizeof text))) {
    fprintf(err, "bench: %s: %s\n", variant->name, text);
    if (pos) pos_free(pos);
    return -1;
  }
  uint64_t keys[BENCH_PLIES + 1];
  Undo undo[BENCH_PLIES + 1];
  int64_t total = 0;
  SearchLimits limits;
  memset(&limits, 0, sizeof limits);
  limits.depth = depth;
  limits.move_overhead = 0;
  for (int ply = 0; ply <= BENCH_PLIES; ply++) {
    int score = 0;
    Move best =
        search_run(searcher, pos, &(SearchHistory){.keys = keys, .length = ply}, &limits, &score);
    uint64_t nodes = search_nodes(searcher);
    total += (int64_t)nodes;
    char move[MOVE_TEXT_MAX] = "(none)";
    if (best != MOVE_NONE_VALUE) move_to_text(pos, best, move, sizeof move);
    pos_get_fen(pos, text, sizeof text);
    fprintf(out, "%2d.%d %-12s %-8s %6d %10llu  %s\n", index, ply, variant->name, move, score,
            (unsigned long long)nodes, text);
    if (best == MOVE_NONE_VALUE) break;
    keys[ply] = pos_key(pos);
    pos_make_move(pos, best, &undo[ply]);
  }
  pos_free(pos);
  return total;
}

int bench_cmd_run(int argc, char *const *argv, FILE *out, FILE *err) {
  /* 1. Arguments: depth, threads, hash, variants. */
  int depth = argc > 0 ? atoi(argv[0]) : BENCH_DEPTH_DEFAULT;
  int threads = argc > 1 ? atoi(argv[1]) : 1;
  int hash = argc > 2 ? atoi(argv[2]) : 16;
  const char *wanted = argc > 3 ? argv[3] : NULL;
  if (depth < 1 || depth > 64 || threads < 1 || threads > SEARCH_THREADS_MAX || hash < 1) {
    fprintf(err,
            "bench: usage: chimera bench [DEPTH 1-64] [THREADS 1-%d] [HASH_MB] "
            "[VARIANTS|all]\n",
            SEARCH_THREADS_MAX);
    return 2;
  }

  /* 2. Variants and the searcher. A name in the list that no variant has is
   * a typo: an error, not a signature over fewer positions. */
  VariantLibrary *lib = engine_library_load(err);
  if (!lib) return 2;
  char name[VARIANT_NAME_MAX];
  for (const char *p = wanted && strcmp(wanted, "all") ? wanted : "";
       (p = bench_list_next(p, name, sizeof name));) {
    if (!library_find(lib, name)) {
      fprintf(err, "bench: unknown variant '%s' (chimera variants lists them)\n", name);
      library_free(lib);
      return 2;
    }
  }
  bool *done = calloc((size_t)library_count(lib) + 1, sizeof *done);
  if (!done) {
    fprintf(err, "bench: out of memory\n");
    library_free(lib);
    return 2;
  }
  Searcher *searcher = searcher_new();
  if (!searcher || !searcher_set_hash(searcher, hash)) {
    fprintf(err, "bench: out of memory\n");
    if (searcher) searcher_free(searcher);
    free(done);
    library_free(lib);
    return 2;
  }
  searcher_set_threads(searcher, threads);
  searcher_clear_hash(searcher);

  /* 3. The positions: the fixed list, then the start position of every
   * other variant asked for ("all": every loaded one). */
  int64_t nodes = 0, start = search_clock_ms();
  int index = 0, failures = 0;
  for (int i = 0; i < BENCH_POSITIONS_NB; i++) {
    const BenchPosition *bp = &BENCH_POSITIONS[i];
    const Variant *variant = library_find(lib, bp->variant);
    if (!variant || !bench_wanted(wanted, bp->variant)) continue;
    for (int v = 0; v < library_count(lib); v++)
      if (library_variant(lib, v) == variant) done[v] = true;
    int64_t n = bench_line(searcher, variant, bp->fen, depth, ++index, out, err);
    if (n < 0)
      failures++;
    else
      nodes += n;
  }
  for (int v = 0; wanted && v < library_count(lib); v++) {
    if (done[v] || !bench_wanted(wanted, library_variant(lib, v)->name)) continue;
    int64_t n = bench_line(searcher, library_variant(lib, v), NULL, depth, ++index, out, err);
    if (n < 0)
      failures++;
    else
      nodes += n;
  }
  int64_t elapsed = search_clock_ms() - start;
  if (elapsed < 1) elapsed = 1;

  /* 4. The signature. */
  fprintf(out, "\n===========================\n");
  fprintf(out, "Total time (ms) : %lld\n", (long long)elapsed);
  fprintf(out, "Nodes searched: %lld\n", (long long)nodes);
  fprintf(out, "Nodes/second: %lld\n", (long long)(nodes * 1000 / elapsed));
  searcher_free(searcher);
  free(done);
  library_free(lib);
  if (index == 0) {
    fprintf(err, "bench: none of the bench variants is loaded\n");
    return 2;
  }
  return failures ? 1 : 0;
}
