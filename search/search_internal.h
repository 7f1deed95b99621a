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

#define PLY_MAX                128
#define HISTORY_MAX            16384
#define CONT_HISTORY_CELLS_MAX (4u << 20) /* entries of a continuation-history table */
#define CORRECTION_SIZE        16384      /* entries per colour of the correction history */
#define CORRECTION_MAX         1024       /* its gravity limit; the eval gains entry / 32 */

/* One ply of a thread's search stack. */
typedef struct {
  Move move;       /* the move played from this ply (MOVE_NONE_VALUE: null move) */
  int moved_type;  /* its piece type, -1 for a null move */
  int static_eval; /* SEARCH_INF when in check */
  int16_t *cont;   /* continuation history row of (moved_type, to); NULL: none */
  Move killers[2];
  Undo undo;
  int pv_len;
  Move pv[PLY_MAX + 1];
  MoveList list; /* this ply's moves; large (64 kB), one per ply, never on the C stack */
  int scores[MOVE_LIST_MAX];
  LegalContext legal; /* pins and watchers of this ply's position, made on first use */
  bool legal_ready;
  CheckContext check; /* what gives check from this ply's position, made on first use */
  bool check_ready;
  int8_t check_unsafe;  /* set by the parent: its checking move loses material (no extension) */
  int8_t in_check_hint; /* set by the parent: 1/0 if it knew whether this ply is in check, -1 not */
  Move excluded;        /* singular-extension test: the move left out of this ply's search */
} PlyStack;

typedef struct {
  Move move;
  int score, prev_score; /* this and the previous iteration, -SEARCH_INF if not searched */
  int seldepth;
  int pv_len;
  Move pv[PLY_MAX + 1];
} RootMove;

/* A pawn-cache entry: the pawn-structure terms that depend on the pawn-like
 * pieces alone (eval.c), under the full pawn key so that a slot shared by
 * two structures is never read for the wrong one. The passed pieces'
 * squares are kept because their royal-proximity term is not cached. An
 * all-zero entry is the empty structure, which eval.c never looks up. */
#define PAWN_ENTRY_PASSED_MAX 10
typedef struct {
  uint64_t key;
  int32_t mg, eg;
  int16_t passed_count;
  int16_t passed[PAWN_ENTRY_PASSED_MAX];
} PawnEntry;

typedef struct {
  PawnEntry *entries;
  uint64_t mask; /* entries - 1, a power of two less one */
} PawnCache;

/* A score-cache entry: eval_board's score (the terms that depend on the
 * position's key alone) under the full key. Positions the search meets
 * again whose transposition-table entry is gone (a reverse-futility or
 * null-move cutoff stores none; entries are replaced) take it from here:
 * in chess, one evaluation in seven. Key 0 is an empty slot. */
typedef struct {
  uint64_t key;
  int32_t score;
} EvalScoreEntry;

/* A search thread's evaluation caches: neither ever changes a score. */
typedef struct {
  PawnCache pawns;
  EvalScoreEntry *scores;
  uint64_t score_mask; /* entries - 1 */
} EvalCache;

#define PAWN_CACHE_LOG2  12 /* entries per search thread: 4096 of 40 bytes */
#define SCORE_CACHE_LOG2 18 /* entries per search thread: 262144 of 16 bytes, 4 MB */

typedef struct Searcher Searcher;

typedef struct SearchThread {
  int id; /* 0 = the main thread: it owns the clock and reports */
  Searcher *owner;
  PoolWorker worker;
  Position *pos;
  PlyStack *stack; /* PLY_MAX + 2 plies */
  /* Move-ordering memory, sized for the variant: [colour][type][square]. */
  int16_t *history;
  Move *counter;            /* [type][square] of the previous move -> refutation */
  int16_t *capture_history; /* [type][to][captured type or types] */
  int16_t *cont_history;    /* [prev type][prev to][type][to], or NULL */
  /* How far searches found the static evaluation off, [colour][structure key]. */
  int16_t correction[COLOR_NB][CORRECTION_SIZE];
  EvalCache eval_cache; /* for eval_position_cached; cleared with the variant and the hash */
  int types, squares;
  uint64_t *keys;     /* game history then the search path, for repetitions */
  bool *key_checks;   /* whether the side to move was in check there */
  MovePly *key_moves; /* loss=moverepetition: the move from each position (the path's
                         written at its nodes, search_move_repetition) */
  int key_base, key_capacity;
  /* chasing=axf (else NULL): chases[i] what the move into position i
   * chased, the game's before the root and the path's made at repetition
   * nodes (search_path_chases), each kept while chase_keys[i] holds the keys
   * of positions i-1 and i it was made for; one scratch for the records. */
  ChasePly *chases;
  uint64_t (*chase_keys)[2];
  ChaseScratch *chase_scratch;
  RootMove *roots;
  int root_count, root_capacity;
  int pv_index; /* MultiPV line being searched */
  atomic_uint_fast64_t nodes;
  int seldepth;
  int completed_depth;
  int root_depth;  /* depth of the iteration being searched (bounds singular extensions) */
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
  bool null_move_ok;      /* the variant allows null-move pruning at all */
  bool tt_move_first;     /* a TT move may be searched before generation */
  int qs_recaptures_from; /* quiescence plies from which only recaptures are tried (INT_MAX:
                             all captures at every ply) */
  uint64_t *history_keys; /* the game's positions before the root (SearchHistory) */
  bool *history_checks;
  ChasePly *history_chases; /* history_len + 1 records (empty where none were given) */
  MovePly *history_moves;   /* history_len records (empty moves where none were given) */
  int history_len, history_capacity;
  int score; /* last reported score of the best line (search_run) */
  Move best_move, ponder_move;
  Move fallback; /* the first legal root move: the answer when the main thread's tables
                    could not be allocated (no search, but still a move) */
};

/* Whether a node's moves come from the board's legal list rather than
 * pseudo-legal generation (search_gen_moves): forced captures (the board
 * drops non-captures when a capture exists), stalemate=skip (it adds the
 * pass when nothing else is legal) and compulsory drops (other moves are
 * legal when no drop is). The TT move is then not searched before the list
 * is made (Searcher.tt_move_first). */
static inline bool search_legal_list_only(const VariantRules *r) {
  return r->must_capture || r->stalemate_pass || r->drop_compulsory;
}

/* search.c */
void search_thread_job(void *data); /* iterative deepening of one thread */

/* eval.c: static evaluation from the side to move's point of view. */
int eval_position(const Position *pos, const EvalTables *tables);
/* The same with the caches: the same score, the pawn-structure terms that
 * depend on the pawn-like pieces alone looked up by pawn key, and the terms
 * that depend on the position's key alone by that key (cache may be NULL). */
int eval_position_cached(const Position *pos, const EvalTables *tables, EvalCache *cache);
/* 1 << pawn_log2 pawn entries and 1 << score_log2 score entries, cleared;
 * false (nothing held) without the memory. */
bool eval_cache_init(EvalCache *cache, int pawn_log2, int score_log2);
void eval_cache_clear(EvalCache *cache);
void eval_cache_free(EvalCache *cache);

/* movepick.c */
int move_captured_value(const Position *pos, const EvalTables *tables, Move move);
int move_mover_type(const Position *pos, Move move);
bool move_is_tactical(const Position *pos, Move move);
/* Static exchange: the material the move wins once both sides have
 * recaptured on its square as long as it pays (changes the position while
 * it runs and restores it exactly). move_see_ok: whether it is >= threshold. */
int move_see(Position *pos, const EvalTables *tables, Move move);
bool move_see_ok(Position *pos, const EvalTables *tables, Move move, int threshold);

/* The staged move picker. Stages come in this order; the search reads the
 * stage of each move by name (pruning treats bad captures differently). */
typedef enum {
  STAGE_TT,
  STAGE_GOOD_CAPTURE, /* exchange test >= 0, most valuable victim first */
  STAGE_KILLER,
  STAGE_COUNTER,
  STAGE_QUIET, /* by butterfly and continuation history */
  STAGE_BAD_CAPTURE,
  STAGE_DONE
} PickStage;

typedef struct {
  SearchThread *thread;
  int ply;
  MoveList *list; /* the node's pseudo-legal moves, reordered in place */
  int *scores;
  Move tt_move, killers[2], counter;
  bool has_tt, has_killer[2], has_counter;
  bool tactical_only; /* quiescence: no quiet stages, no bad captures */
  bool skip_quiets;   /* set by the search (late-move pruning) */
  /* Set by the search once late-move pruning will prune every further
   * quiet move that gives no check: the rest are only tested for check,
   * so they come in list order, without the history scoring and the
   * selection (which would cost a pass over the quiet moves each). */
  bool quiets_unordered;
  PickStage stage;
  int cur, bad_end, tactical_end, quiet_cur, quiet_end;
} MovePicker;

void picker_init(MovePicker *mp, SearchThread *thread, int ply, Move tt_move, bool tactical_only);
/* The TT move was searched before the list was made: not again. */
void picker_skip_tt(MovePicker *mp);
/* The next move and its stage, or MOVE_NONE_VALUE when done. */
Move picker_next(MovePicker *mp, PickStage *stage);
/* History scores the picker and the search share. */
int history_quiet(const SearchThread *thread, int ply, Color us, int type, Move move);
int16_t *history_capture_entry(const SearchThread *thread, int type, Move move, int captured);
int move_captured_type(const Position *pos, Move move); /* -1: none */

/* clock */
int64_t search_now_ms(void);

#endif
