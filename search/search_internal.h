/* search_internal.h — the search's private types: the Searcher, its threads
 * and their per-ply stacks. Everything here is allocated when the searcher,
 * its thread count or the variant changes, never while searching.
 */
#ifndef CHIMERA_SEARCH_SEARCH_INTERNAL_H
#define CHIMERA_SEARCH_SEARCH_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "board/legal.h"
#include "board/move.h"
#include "board/position.h"
#include "search/eval_tables.h"
#include "search/search.h"
#include "search/thread_pool.h"
#include "search/timeman.h"
#include "search/tt.h"

#define PLY_MAX     128
#define HISTORY_MAX 16384

/* One ply of a thread's search stack. */
typedef struct {
  Move move;       /* the move played from this ply (MOVE_NONE_VALUE: null move) */
  int moved_type;  /* its piece type, -1 for a null move */
  int static_eval; /* SEARCH_INF when in check */
  Move killers[2];
  Undo undo;
  int pv_len;
  Move pv[PLY_MAX + 1];
  MoveList list; /* this ply's moves; large (64 kB), one per ply, never on the C stack */
  int scores[MOVE_LIST_MAX];
  LegalContext legal; /* pins and watchers of this ply's position, made on first use */
  bool legal_ready;
} PlyStack;

typedef struct {
  Move move;
  int score, prev_score; /* this and the previous iteration, -SEARCH_INF if not searched */
  int seldepth;
  int pv_len;
  Move pv[PLY_MAX + 1];
} RootMove;

typedef struct Searcher Searcher;

typedef struct SearchThread {
  int id; /* 0 = the main thread: it owns the clock and reports */
  Searcher *owner;
  PoolWorker worker;
  Position *pos;
  PlyStack *stack; /* PLY_MAX + 2 plies */
  /* Move-ordering memory, sized for the variant: [colour][type][square]. */
  int16_t *history;
  Move *counter; /* [type][square] of the previous move -> refutation */
  int types, squares;
  uint64_t *keys; /* game history then the search path, for repetitions */
  int key_base, key_capacity;
  RootMove *roots;
  int root_count, root_capacity;
  int pv_index; /* MultiPV line being searched */
  atomic_uint_fast64_t nodes;
  int seldepth;
  int completed_depth;
  int nmp_min_ply; /* null move disabled below this ply (verification) */
  Color root_side; /* the side the search plays for (contempt) */
} SearchThread;

struct Searcher {
  TTable tt;
  int thread_count;
  SearchThread *threads[SEARCH_THREADS_MAX];
  const Variant *variant; /* the variant the per-thread tables are sized for */
  char variant_name[VARIANT_NAME_MAX];
  EvalTables eval;
  bool eval_ready;
  atomic_bool stop;      /* every thread leaves its search at once */
  atomic_bool ponder;    /* pondering: do not stop on time, hold bestmove */
  atomic_bool running;   /* between search_start and the bestmove callback */
  atomic_llong start_ms; /* when the clock started (moved at ponderhit) */
  SearchLimits limits;
  SearchCallbacks callbacks;
  TimePlan plan;
  int root_ply; /* game ply of the root (time manager) */
  int multipv;
  bool null_move_ok; /* the variant allows null-move pruning at all */
  uint64_t *history_keys;
  int history_len, history_capacity;
  int score; /* last reported score of the best line (search_run) */
  Move best_move, ponder_move;
};

/* search.c */
void search_thread_job(void *data); /* iterative deepening of one thread */

/* eval.c: static evaluation from the side to move's point of view. */
int eval_position(const Position *pos, const EvalTables *tables);

/* movepick.c */
int move_captured_value(const Position *pos, const EvalTables *tables, Move move);
int move_mover_type(const Position *pos, Move move);
bool move_is_tactical(const Position *pos, Move move);
/* Static exchange: the material the move wins once both sides have
 * recaptured on its square as long as it pays (changes the position while
 * it runs and restores it exactly). move_see_ok: whether it is >= threshold. */
int move_see(Position *pos, const EvalTables *tables, Move move);
bool move_see_ok(Position *pos, const EvalTables *tables, Move move, int threshold);
void moves_score(const SearchThread *thread, int ply, Move tt_move, MoveList *list, int *scores,
                 bool tactical_only);
Move moves_pick(MoveList *list, int *scores, int index);

/* clock */
int64_t search_now_ms(void);

#endif
