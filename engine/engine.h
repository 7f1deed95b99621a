/* engine.h — the engine core: one game, its options, clocks and the search.
 *
 * Protocol-neutral. The UCI and XBoard front ends turn text into these calls
 * and turn the reports (EngineReport callbacks) back into text; the core never
 * prints. Reports may come from the search thread: a front end's callbacks
 * must be thread-safe (see output.h).
 *
 * Errors from outside input (an unknown variant, a bad FEN, an illegal move)
 * return -1 with a one-line message in err and leave the engine's state as it
 * was before the call.
 */
#ifndef CHIMERA_ENGINE_ENGINE_H
#define CHIMERA_ENGINE_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/options.h"
#include "mbn/variant.h"

typedef struct Engine Engine;

typedef enum { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER } ScoreBound;

/* One line of search progress. */
typedef struct {
  int depth, seldepth, multipv;
  bool mate; /* score is moves to mate (negative: the engine is mated) */
  int score; /* centipawns from the side to move, or moves to mate */
  ScoreBound bound;
  uint64_t nodes, nps;
  int hashfull;    /* per mille; -1 when unknown */
  int64_t time_ms; /* since the search started */
  const char *pv;  /* moves in move text, separated by single spaces */
} EngineInfo;

typedef struct {
  void *context;
  void (*info)(void *context, const EngineInfo *info);
  /* The search's answer. move is NULL when there is no move to play (no legal
   * move, or no search available: then message() has said why). */
  void (*bestmove)(void *context, const char *move, const char *ponder);
  void (*message)(void *context, const char *text); /* diagnostics for the user */
} EngineReport;

/* What to search, as UCI's `go` says it; XBoard's level/st/sd/time map onto it. */
typedef struct {
  int64_t time_ms[COLOR_NB]; /* remaining clock time; -1 = no clock */
  int64_t inc_ms[COLOR_NB];
  int movestogo;           /* 0 = sudden death / unknown */
  int depth;               /* 0 = no limit */
  uint64_t nodes;          /* 0 = no limit */
  int mate;                /* search for a mate in N moves; 0 = no */
  int64_t movetime_ms;     /* exact time for this move; 0 = none */
  bool infinite;           /* search until stop; hold the answer until then */
  bool ponder;             /* the position after the expected reply; hold until ponderhit/stop */
  const char *searchmoves; /* restrict the root to these moves (space-separated) or NULL */
} EngineGo;

void engine_go_init(EngineGo *go);

Engine *engine_create(const EngineReport *report);
void engine_destroy(Engine *engine);

/* Options (options.h). Values for check and spin options are numbers.
 * Returns 0; -1 with err when refused; 1 with a note in err when the setting
 * was reduced to what the machine gives (Threads, Hash); 2 with a remark in
 * err when it was rounded to a value the option holds (Hash: a power of
 * two). */
int engine_set_option(Engine *engine, const char *name, const char *value, char *err,
                      size_t err_size);
int engine_option_number(const Engine *engine, OptionId id);
const char *engine_option_text(const Engine *engine, OptionId id);

/* The loaded variants, in a stable order, and the one being played. */
int engine_variant_count(const Engine *engine);
const char *engine_variant_name(const Engine *engine, int index);
const Variant *engine_variant_at(const Engine *engine, int index); /* NULL if out of range */
const Variant *engine_variant(const Engine *engine);               /* NULL: none loaded */
int engine_select_variant(Engine *engine, const char *name, char *err, size_t err_size);

/* The game: a start position and the moves played from it. */
void engine_new_game(Engine *engine);
/* A refused position (bad FEN) leaves the previous game in place but marks
 * it as not the GUI's: engine_go refuses until a position is accepted (or a
 * new game or variant starts); after a refused variant, until a variant is
 * selected. engine_refuse_position marks it so for a
 * front end's own reasons (an illegal move in a UCI move list). */
int engine_set_position(Engine *engine, const char *fen, char *err, size_t err_size);
void engine_refuse_position(Engine *engine, const char *why);
int engine_play_move(Engine *engine, const char *move, char *err, size_t err_size);
int engine_undo_move(Engine *engine); /* -1 when no move is left to undo */
/* Changes whenever the game may have changed (a position, a move, an undo, a
 * new game, a variant or an option): equal stamps mean the same game. */
uint64_t engine_game_stamp(const Engine *engine);
Color engine_side_to_move(const Engine *engine);
int engine_game_ply(const Engine *engine);
/* The game's result if it is over: RESULT_WIN/LOSS/DRAW for the side to move,
 * RESULT_NONE otherwise; reason names the rule ("checkmate", ...). */
GameResult engine_game_result(Engine *engine, char *reason, size_t reason_size);
/* Writes the legal moves' text separated by spaces; returns their count or -1. */
int engine_legal_moves(Engine *engine, char *out, size_t out_size);

/* Castling for XBoard's O-O / O-O-O (see game.h). */
int engine_castling_side(Engine *engine, const char *move);
bool engine_castling_move(Engine *engine, int side, char *out, size_t out_size);
bool engine_chess960(const Engine *engine);
/* XBoard's comma form of multi-leg moves (see game.h). */
void engine_move_to_xboard(Engine *engine, const char *move, char *out, size_t out_size);
bool engine_move_from_xboard(Engine *engine, const char *text, char *out, size_t out_size);

/* Search control. engine_go returns at once; the answer comes through the
 * bestmove report. Only one search runs at a time. */
int engine_go(Engine *engine, const EngineGo *go, char *err, size_t err_size);
void engine_stop(Engine *engine);      /* answer now (also ends infinite/ponder) */
void engine_ponderhit(Engine *engine); /* the expected reply came: search on with the clock */
void engine_wait(Engine *engine);      /* until the running search has answered */
bool engine_searching(const Engine *engine);
void engine_clear_hash(Engine *engine);

/* Counts leaf nodes of the legal move tree on the search thread, as a
 * search runs (engine_searching, engine_stop and engine_wait apply): with
 * divide, reports each root move's count, then calls done with the total,
 * or with -1 and why ("stopped" after engine_stop). Returns 0 once started,
 * or -1 with err (done is not called then). */
typedef struct {
  void *context;
  void (*divide)(void *context, const char *move, uint64_t nodes); /* may be NULL */
  void (*done)(void *context, int64_t total, const char *why);
} EnginePerftReport;
int engine_perft(Engine *engine, int depth, const EnginePerftReport *report, char *err,
                 size_t err_size);

#endif
