/* engine.c — the protocol-neutral engine core (see engine.h).
 *
 * Owns the option values, the loaded variants, the game and the search
 * thread. The search runs on its own thread so the protocol reader stays
 * responsive to `stop`, `ponderhit`, `?` and `quit`. UCI's rule that an
 * infinite or pondering search must not answer before `stop`/`ponderhit` is
 * kept here, once, rather than in each front end.
 */
#include "engine/engine.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/think.h"
#include "engine/variant_set.h"

#define ENGINE_TEXT_MAX 1024
#define ENGINE_MOVE_MAX 64

struct Engine {
  EngineReport report;
  int number[OPTION_NB];
  char text[OPTION_NB][ENGINE_TEXT_MAX];
  VariantSet variants;
  int variant_index; /* -1: none */
  Game *game;

  /* The search thread and the answer it may have to hold back. */
  pthread_mutex_t lock;
  pthread_cond_t changed;
  int threads_live; /* search threads not yet finished */
  bool searching;   /* started and has not reported bestmove */
  bool pondering;   /* a ponder search before ponderhit (go stays as given: the search reads it) */
  bool hold;        /* infinite or ponder: answer only after stop/ponderhit */
  bool stop_requested;
  EngineGo go;
  char searchmoves[ENGINE_TEXT_MAX * 4];
  Think *think;
  /* A perft count runs on the search thread too, stopped through this flag. */
  int perft_depth;
  EnginePerftReport perft;
  atomic_bool perft_stop;
  /* The GUI's last position was refused: the game here is not the GUI's, so
   * no search may answer from it until a position is accepted. */
  char refused[256]; /* why; "" = the game is the GUI's */
  /* Likewise for a refused variant, until a variant is selected: a position
   * that follows is the GUI's game's, not ours. */
  char refused_variant[256];
  /* Counts the changes to the game and to what reads it (options, the
   * variant): a front end that remembers the stamp after setting a position
   * knows, when it is unchanged, that the game is still that position. */
  uint64_t game_stamp;
};

void engine_go_init(EngineGo *go) {
  memset(go, 0, sizeof *go);
  go->time_ms[WHITE] = go->time_ms[BLACK] = -1;
}

static void engine_message(Engine *engine, const char *text) {
  if (engine->report.message) engine->report.message(engine->report.context, text);
}

/* Makes a fresh game of the selected variant; on failure keeps the old one. */
static int engine_reset_game(Engine *engine, char *err, size_t err_size) {
  engine->game_stamp++;
  engine->refused[0] = '\0';
  if (engine->variant_index < 0) {
    snprintf(err, err_size, "no variant is loaded (see the VariantPath option)");
    return -1;
  }
  Game *game = game_create(engine->variants.variants[engine->variant_index], err, err_size);
  if (!game) return -1;
  game_set_chess960(game, engine->number[OPTION_UCI_CHESS960] != 0);
  game_destroy(engine->game);
  engine->game = game;
  return 0;
}

Engine *engine_create(const EngineReport *report) {
  Engine *engine = calloc(1, sizeof *engine);
  if (!engine) return NULL;
  engine->report = *report;
  for (int i = 0; i < OPTION_NB; i++) {
    const OptionSpec *spec = option_spec(i);
    engine->number[i] = spec->default_value;
    if (spec->default_text) snprintf(engine->text[i], ENGINE_TEXT_MAX, "%s", spec->default_text);
  }
  pthread_mutex_init(&engine->lock, NULL);
  pthread_cond_init(&engine->changed, NULL);
  engine->variant_index = -1;

  char err[512] = "";
  if (variant_set_load_default(&engine->variants, err, sizeof err) != 0)
    engine_message(engine, err);
  if (engine->variants.unplayable_count > 0) {
    char names[1024], line[1200];
    variant_set_unplayable_names(&engine->variants, names, sizeof names);
    snprintf(line, sizeof line, "%d variants not offered (rules the board does not play yet): %s",
             engine->variants.unplayable_count, names);
    engine_message(engine, line);
  }
  engine->variant_index = variant_set_find(&engine->variants, engine->text[OPTION_UCI_VARIANT]);
  if (engine->variant_index < 0 && engine->variants.count > 0) engine->variant_index = 0;
  if (engine->variant_index >= 0) {
    snprintf(engine->text[OPTION_UCI_VARIANT], ENGINE_TEXT_MAX, "%s",
             engine->variants.variants[engine->variant_index]->name);
    if (engine_reset_game(engine, err, sizeof err) != 0) engine_message(engine, err);
  }
  engine->think = think_create(engine->number[OPTION_THREADS], engine->number[OPTION_HASH]);
  return engine;
}

void engine_destroy(Engine *engine) {
  if (!engine) return;
  engine_stop(engine);
  engine_wait(engine);
  think_destroy(engine->think);
  game_destroy(engine->game);
  variant_set_free(&engine->variants);
  pthread_cond_destroy(&engine->changed);
  pthread_mutex_destroy(&engine->lock);
  free(engine);
}

int engine_option_number(const Engine *engine, OptionId id) {
  return engine->number[id];
}
const char *engine_option_text(const Engine *engine, OptionId id) {
  return engine->text[id];
}

int engine_variant_count(const Engine *engine) {
  return engine->variants.count;
}

const char *engine_variant_name(const Engine *engine, int index) {
  return index >= 0 && index < engine->variants.count ? engine->variants.variants[index]->name
                                                      : NULL;
}

const Variant *engine_variant_at(const Engine *engine, int index) {
  return index >= 0 && index < engine->variants.count ? engine->variants.variants[index] : NULL;
}

const Variant *engine_variant(const Engine *engine) {
  return engine->variant_index >= 0 ? engine->variants.variants[engine->variant_index] : NULL;
}

int engine_select_variant(Engine *engine, const char *name, char *err, size_t err_size) {
  int index = variant_set_find(&engine->variants, name);
  if (index < 0) {
    char why[256];
    if (variant_set_why_unplayable(&engine->variants, name, why, sizeof why))
      snprintf(err, err_size, "variant '%s' cannot be played yet: %s", name, why);
    else
      snprintf(err, err_size, "unknown variant '%s'", name);
    /* The GUI now plays a game we do not: never answer from the old one. */
    snprintf(engine->refused_variant, sizeof engine->refused_variant, "%s", err);
    return -1;
  }
  int previous = engine->variant_index;
  engine->variant_index = index;
  if (engine_reset_game(engine, err, err_size) != 0) {
    engine->variant_index = previous;
    return -1;
  }
  snprintf(engine->text[OPTION_UCI_VARIANT], ENGINE_TEXT_MAX, "%s", engine_variant(engine)->name);
  engine->refused_variant[0] = '\0';
  return 0;
}

int engine_set_option(Engine *engine, const char *name, const char *value, char *err,
                      size_t err_size) {
  int id = option_find(name);
  if (id < 0) {
    snprintf(err, err_size, "unknown option '%s'", name);
    return -1;
  }
  const OptionSpec *spec = option_spec(id);
  engine->game_stamp++; /* UCI_Chess960 changes how moves read, VariantPath the game */
  if (engine_searching(engine) && id != OPTION_PONDER && id != OPTION_MOVE_OVERHEAD) {
    snprintf(err, err_size, "cannot change %s while searching", spec->name);
    return -1;
  }
  switch (spec->type) {
  case OPTION_CHECK:
  case OPTION_SPIN: {
    int number;
    if (option_parse_number(spec, value ? value : "", &number, err, err_size) != 0) return -1;
    engine->number[id] = number;
    if (id == OPTION_UCI_CHESS960 && engine->game) game_set_chess960(engine->game, number != 0);
    /* A setting the machine cannot give is reduced, and the GUI told. */
    err[0] = '\0';
    if (id == OPTION_THREADS)
      engine->number[id] = think_set_threads(engine->think, number, err, err_size);
    if (id == OPTION_HASH) {
      engine->number[id] = think_set_hash(engine->think, number, err, err_size);
      /* The table holds a power of two of megabytes: a size between two is
       * rounded down, which is a remark, not a shortfall of the machine. */
      if (!err[0] && engine->number[id] < number) {
        snprintf(err, err_size,
                 "Hash %d MB: the table's size is a power of two megabytes; using %d MB", number,
                 engine->number[id]);
        return 2;
      }
    }
    return err[0] ? 1 : 0;
  }
  case OPTION_BUTTON: engine_clear_hash(engine); return 0;
  case OPTION_COMBO: return engine_select_variant(engine, value ? value : "", err, err_size);
  case OPTION_STRING:
    if (id == OPTION_VARIANT_PATH && value && *value && strcmp(value, "<empty>")) {
      /* The library may move its variants while it grows: no game may point
       * into it meanwhile. */
      game_destroy(engine->game);
      engine->game = NULL;
      if (variant_set_load_path(&engine->variants, value, err, err_size) != 0) {
        char again[256];
        int index = variant_set_find(&engine->variants, engine->text[OPTION_UCI_VARIANT]);
        engine->variant_index = index >= 0 ? index : engine->variants.count > 0 ? 0 : -1;
        if (engine->variant_index >= 0) engine_reset_game(engine, again, sizeof again);
        return -1;
      }
      /* Loading may have replaced the variant being played. */
      int index = variant_set_find(&engine->variants, engine->text[OPTION_UCI_VARIANT]);
      engine->variant_index = index >= 0 ? index : engine->variants.count > 0 ? 0 : -1;
      if (engine->variant_index >= 0 && engine_reset_game(engine, err, err_size) != 0)
        engine_message(engine, err);
    }
    snprintf(engine->text[id], ENGINE_TEXT_MAX, "%s", value ? value : "");
    return 0;
  }
  return 0;
}

static int engine_no_game(const Engine *engine, char *err, size_t err_size) {
  if (engine->game) return 0;
  snprintf(err, err_size, "%s",
           engine->variant_index < 0 ? "no variant is loaded"
                                     : "the board module (board/) could not set up the game");
  return -1;
}

void engine_new_game(Engine *engine) {
  char err[512];
  engine_stop(engine);
  engine_wait(engine);
  if (engine->variant_index >= 0 && engine_reset_game(engine, err, sizeof err) != 0)
    engine_message(engine, err);
  think_new_game(engine->think);
}

int engine_set_position(Engine *engine, const char *fen, char *err, size_t err_size) {
  engine->game_stamp++;
  if (engine_no_game(engine, err, err_size)) return -1;
  int status;
  if (fen && !fen[strspn(fen, " \t")]) {
    /* an empty text would read as an empty board */
    snprintf(err, err_size, "no FEN given");
    status = -1;
  } else {
    status = fen ? game_set_fen(engine->game, fen, err, err_size)
                 : game_set_start(engine->game, err, err_size);
  }
  if (status != 0)
    engine_refuse_position(engine, err);
  else
    engine->refused[0] = '\0';
  return status;
}

void engine_refuse_position(Engine *engine, const char *why) {
  engine->game_stamp++;
  snprintf(engine->refused, sizeof engine->refused, "%s", why);
}

int engine_play_move(Engine *engine, const char *move, char *err, size_t err_size) {
  engine->game_stamp++;
  if (engine_no_game(engine, err, err_size)) return -1;
  return game_play(engine->game, move, err, err_size);
}

uint64_t engine_game_stamp(const Engine *engine) {
  return engine->game_stamp;
}

int engine_undo_move(Engine *engine) {
  engine->game_stamp++;
  return engine->game ? game_undo(engine->game) : -1;
}
Color engine_side_to_move(const Engine *engine) {
  return engine->game ? game_side_to_move(engine->game) : WHITE;
}
int engine_game_ply(const Engine *engine) {
  return engine->game ? game_ply(engine->game) : 0;
}

GameResult engine_game_result(Engine *engine, char *reason, size_t reason_size) {
  if (!engine->game) {
    if (reason_size) reason[0] = '\0';
    return RESULT_NONE;
  }
  return game_result(engine->game, reason, reason_size);
}

int engine_legal_moves(Engine *engine, char *out, size_t out_size) {
  return engine->game ? game_legal_moves(engine->game, out, out_size) : -1;
}

int engine_castling_side(Engine *engine, const char *move) {
  return engine->game ? game_castling_side(engine->game, move) : 0;
}

bool engine_castling_move(Engine *engine, int side, char *out, size_t out_size) {
  return engine->game && game_castling_move(engine->game, side, out, out_size);
}

void engine_move_to_xboard(Engine *engine, const char *move, char *out, size_t out_size) {
  if (engine->game)
    game_move_to_xboard(engine->game, move, out, out_size);
  else
    snprintf(out, out_size, "%s", move);
}

bool engine_move_from_xboard(Engine *engine, const char *text, char *out, size_t out_size) {
  return engine->game && game_move_from_xboard(engine->game, text, out, out_size);
}

bool engine_chess960(const Engine *engine) {
  return engine->game && game_position(engine->game)->chess960;
}

/* ---- search thread ----
 *
 * Search threads are detached and counted rather than joined, because the
 * bestmove report may itself start the next search (XBoard plays its move and
 * then ponders): a thread cannot join itself. `searching` falls before the
 * report, so engine_go works from inside it; `threads_live` falls after, so
 * engine_wait returns only when no search thread touches the engine. */

static _Thread_local bool engine_on_search_thread;

static void *engine_search_main(void *argument) {
  Engine *engine = argument;
  engine_on_search_thread = true;
  char best[ENGINE_MOVE_MAX] = "", ponder[ENGINE_MOVE_MAX] = "", why[512] = "";
  think_run(engine->think, engine->game, &engine->go, &engine->report, best, ponder, why,
            sizeof why);
  if (why[0]) engine_message(engine, why);

  /* UCI: an infinite or pondering search answers only when told to. */
  pthread_mutex_lock(&engine->lock);
  while (engine->hold && !engine->stop_requested)
    pthread_cond_wait(&engine->changed, &engine->lock);
  engine->searching = false;
  pthread_mutex_unlock(&engine->lock);

  if (engine->report.bestmove)
    engine->report.bestmove(engine->report.context, best[0] ? best : NULL,
                            ponder[0] ? ponder : NULL);
  pthread_mutex_lock(&engine->lock);
  engine->threads_live--;
  pthread_cond_broadcast(&engine->changed);
  pthread_mutex_unlock(&engine->lock);
  return NULL;
}

static void *engine_perft_main(void *argument) {
  Engine *engine = argument;
  engine_on_search_thread = true;
  char why[256] = "";
  int64_t total = game_perft(engine->game, engine->perft_depth, engine->perft.divide,
                             engine->perft.context, &engine->perft_stop, why, sizeof why);
  pthread_mutex_lock(&engine->lock);
  engine->searching = false;
  pthread_mutex_unlock(&engine->lock);
  engine->perft.done(engine->perft.context, total, why);
  pthread_mutex_lock(&engine->lock);
  engine->threads_live--;
  pthread_cond_broadcast(&engine->changed);
  pthread_mutex_unlock(&engine->lock);
  return NULL;
}

/* Runs main on a detached thread, counted as a search. */
static int engine_start_thread(Engine *engine, void *(*main)(void *), char *err, size_t err_size) {
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_t thread;
  int failed = pthread_create(&thread, &attributes, main, engine);
  /* Out of threads (the search's own may have taken the last ones): give
   * back helpers until this one starts, rather than answer every go without
   * a move. */
  while (failed && engine->number[OPTION_THREADS] > 1) {
    char note[128];
    int threads =
        think_set_threads(engine->think, engine->number[OPTION_THREADS] / 2, note, sizeof note);
    engine->number[OPTION_THREADS] = threads;
    char line[200];
    snprintf(line, sizeof line, "cannot start the search thread; Threads reduced to %d", threads);
    engine_message(engine, line);
    failed = pthread_create(&thread, &attributes, main, engine);
  }
  pthread_attr_destroy(&attributes);
  if (failed) {
    pthread_mutex_lock(&engine->lock);
    engine->searching = false;
    engine->threads_live--;
    pthread_cond_broadcast(&engine->changed);
    pthread_mutex_unlock(&engine->lock);
    snprintf(err, err_size, "cannot start the search thread");
    return -1;
  }
  return 0;
}

int engine_perft(Engine *engine, int depth, const EnginePerftReport *report, char *err,
                 size_t err_size) {
  if (engine_no_game(engine, err, err_size)) return -1;
  pthread_mutex_lock(&engine->lock);
  if (engine->searching) {
    pthread_mutex_unlock(&engine->lock);
    snprintf(err, err_size, "cannot count perft while searching");
    return -1;
  }
  engine->perft = *report;
  engine->perft_depth = depth;
  atomic_store(&engine->perft_stop, false);
  engine->stop_requested = false;
  engine->searching = true;
  engine->threads_live++;
  pthread_mutex_unlock(&engine->lock);
  return engine_start_thread(engine, engine_perft_main, err, err_size);
}

int engine_go(Engine *engine, const EngineGo *go, char *err, size_t err_size) {
  if (engine_no_game(engine, err, err_size)) return -1;
  if (engine->refused_variant[0] || engine->refused[0]) {
    snprintf(err, err_size, "no search: the last %s was refused (%.200s)",
             engine->refused_variant[0] ? "variant" : "position",
             engine->refused_variant[0] ? engine->refused_variant : engine->refused);
    return -1;
  }
  pthread_mutex_lock(&engine->lock);
  if (engine->searching) {
    pthread_mutex_unlock(&engine->lock);
    snprintf(err, err_size, "already searching");
    return -1;
  }
  engine->go = *go;
  engine->searchmoves[0] = '\0';
  if (go->searchmoves) {
    snprintf(engine->searchmoves, sizeof engine->searchmoves, "%s", go->searchmoves);
    engine->go.searchmoves = engine->searchmoves;
  }
  engine->hold = go->infinite || go->ponder;
  engine->pondering = go->ponder;
  engine->stop_requested = false;
  engine->searching = true;
  engine->threads_live++;
  /* Under the lock, so a stop that follows this call is never undone by it. */
  think_prepare(engine->think, engine->number[OPTION_MULTIPV],
                engine->number[OPTION_MOVE_OVERHEAD]);
  pthread_mutex_unlock(&engine->lock);
  return engine_start_thread(engine, engine_search_main, err, err_size);
}

void engine_stop(Engine *engine) {
  pthread_mutex_lock(&engine->lock);
  engine->stop_requested = true;
  atomic_store(&engine->perft_stop, true);
  pthread_cond_broadcast(&engine->changed);
  pthread_mutex_unlock(&engine->lock);
  think_stop(engine->think);
}

void engine_ponderhit(Engine *engine) {
  pthread_mutex_lock(&engine->lock);
  bool was_pondering = engine->searching && engine->pondering;
  if (was_pondering) {
    engine->pondering = false;
    engine->hold = engine->go.infinite;
    pthread_cond_broadcast(&engine->changed);
  }
  pthread_mutex_unlock(&engine->lock);
  if (was_pondering) think_ponderhit(engine->think);
}

void engine_wait(Engine *engine) {
  if (engine_on_search_thread) return; /* from a report: the caller is the search */
  pthread_mutex_lock(&engine->lock);
  while (engine->searching || engine->threads_live > 0)
    pthread_cond_wait(&engine->changed, &engine->lock);
  pthread_mutex_unlock(&engine->lock);
}

bool engine_searching(const Engine *engine) {
  pthread_mutex_lock((pthread_mutex_t *)&engine->lock);
  bool searching = engine->searching;
  pthread_mutex_unlock((pthread_mutex_t *)&engine->lock);
  return searching;
}

void engine_clear_hash(Engine *engine) {
  think_clear_hash(engine->think);
}
