/* search.h — the search as the engine core sees it: a Searcher owns the
 * transposition table and a persistent pool of threads; search_start() runs a
 * search in the background and reports through callbacks.
 *
 * Protocol-neutral: nothing here prints. The engine core (engine/) turns the
 * callbacks into UCI "info"/"bestmove" or XBoard thinking output and moves.
 *
 * Threads: every callback is made from the search's main thread (never from
 * helper threads, never from the caller of search_start). A callback must not
 * call search_start/search_wait on the same Searcher; it may call
 * search_stop (that only sets a flag).
 *
 * Life of a search:
 *   searcher_new() once; searcher_set_threads/hash as options change;
 *   search_start(...)  returns at once;
 *   ... info callbacks ...; search_stop() / search_ponderhit() any time;
 *   exactly one bestmove callback per search_start, then the search is idle;
 *   search_wait() blocks until that bestmove callback has returned.
 * An infinite or ponder search never sends bestmove on its own: it waits for
 * search_stop (or, for ponder, search_ponderhit, after which the clock runs).
 */
#ifndef CHIMERA_SEARCH_SEARCH_H
#define CHIMERA_SEARCH_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "board/chase.h"
#include "board/position.h"
#include "board/rules_end.h"
#include "search/score.h"

#define SEARCH_THREADS_MAX 256
#define SEARCH_MULTIPV_MAX 64
#define SEARCH_PV_MAX      128
#define SEARCH_MOVES_MAX   256 /* searchmoves entries */

/* What to search for and how long. Zero fields mean "no limit of that kind";
 * with no limit at all the search runs until stopped (like "go infinite").
 * Times are milliseconds, as in UCI; the core converts XBoard's centiseconds. */
typedef struct {
  int depth;         /* plies; 0 = none */
  uint64_t nodes;    /* 0 = none */
  int movetime;      /* exact time for this move; 0 = none */
  int time[2];       /* remaining clock per colour (WHITE, BLACK); 0 = no clock */
  int inc[2];        /* increment per move per colour */
  int movestogo;     /* moves until the next time control; 0 = sudden death */
  int mate;          /* search for a mate in N moves; 0 = none */
  bool infinite;     /* never stop on our own */
  bool ponder;       /* pondering: the clock starts at search_ponderhit */
  int multipv;       /* lines to report; 0 or 1 = one */
  int move_overhead; /* ms kept in reserve per move for lag; <0 = default (30) */
  int searchmove_count;
  Move searchmoves[SEARCH_MOVES_MAX]; /* restrict the root to these moves */
} SearchLimits;

/* Score bound of an info line. */
typedef enum { SCORE_EXACT = 0, SCORE_LOWER, SCORE_UPPER } SearchBound;

/* One info line: a finished (or interrupted-with-result) iteration of one PV. */
typedef struct {
  int depth, seldepth;
  int multipv;       /* 1-based line number */
  bool is_mate;      /* score is a mate distance */
  int score;         /* centipawns, or moves to mate (>0 we mate, <0 we are mated) */
  SearchBound bound; /* exact / lower (fail high) / upper (fail low) */
  uint64_t nodes;    /* all threads */
  uint64_t nps;      /* nodes per second */
  int hashfull;      /* per mille */
  int64_t time_ms;   /* since search_start */
  int pv_len;
  const Move *pv; /* valid during the callback only */
} SearchInfo;

typedef struct {
  /* An iteration finished (or a root move changed): report it. May be NULL. */
  void (*info)(void *user, const SearchInfo *info);
  /* The search is over: best move (MOVE_NONE_VALUE if the position has no legal
   * move) and the expected reply to ponder on (MOVE_NONE_VALUE if none). */
  void (*bestmove)(void *user, Move best, Move ponder);
  void *user;
} SearchCallbacks;

typedef struct Searcher Searcher;

/* A searcher with 1 thread and a 16 MB table. NULL when out of memory. */
Searcher *searcher_new(void);
void searcher_free(Searcher *searcher);

/* Between searches only (they wait for a running search to finish). */
/* Clamped to 1..SEARCH_THREADS_MAX; returns the count in effect, fewer when
 * threads cannot be created (the caller reports it). */
int searcher_set_threads(Searcher *searcher, int threads);
bool searcher_set_hash(Searcher *searcher, int megabytes); /* false: allocation failed */
/* The megabytes the table holds: a power of two, at most the size asked. */
int searcher_hash_mb(const Searcher *searcher);
void searcher_clear_hash(Searcher *searcher); /* also clears histories: a new game */

/* The game's positions before the one searched, oldest first, for the
 * repetition rules: their Zobrist keys and whether their side to move was in
 * check (perpetual check; `checks` may be NULL: none known). */
typedef struct {
  const uint64_t *keys;
  const bool *checks;
  int length;
  /* chasing=axf: length + 1 records, chases[i] what the move into position
   * i chased (pos_chase_record; the root is position length). NULL: none
   * known, and a cycle's moves before the root count as chasing nothing. */
  const ChasePly *chases;
  /* loss=moverepetition: length records, moves[i] the move from position i
   * (so the last leads to the root). NULL: none known, and no move before
   * the root counts towards the rule. */
  const MovePly *moves;
} SearchHistory;

/* Starts searching `position` (copied; the caller may change its own copy at
 * once). `history` (NULL: none) is copied too. Returns at once. A running
 * search is stopped first. */
void search_start(Searcher *searcher, const Position *position, const SearchHistory *history,
                  const SearchLimits *limits, const SearchCallbacks *callbacks);

void search_stop(Searcher *searcher);      /* finish now and send bestmove */
void search_ponderhit(Searcher *searcher); /* the ponder move was played: start the clock */
void search_wait(Searcher *searcher);      /* until bestmove has been sent */
bool search_is_running(const Searcher *searcher);

/* Milliseconds of a monotonic clock (for callers timing searches). */
int64_t search_clock_ms(void);

/* Nodes of the last (or running) search, all threads. */
uint64_t search_nodes(const Searcher *searcher);

/* Blocking convenience for bench and tests: searches to the limits and returns
 * the best move; *score (optional) gets the last score in centipawns (mate
 * scores as SEARCH_MATE - plies). */
Move search_run(Searcher *searcher, const Position *position, const SearchHistory *history,
                const SearchLimits *limits, int *score);

#endif
