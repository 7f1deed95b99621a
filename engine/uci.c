/* uci.c — the UCI front end: UCI text in, engine core calls out.
 *
 * Only translation lives here: parsing commands into engine.h calls and
 * formatting the engine's reports as `info`/`bestmove` lines. Bad input gets
 * an `info string` naming the problem and changes nothing.
 */
#include <ctype.h>
#include <stdatomic.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/protocol.h"

#define UCI_ERR_MAX 512

typedef struct {
  Output *out;
  Engine *engine;
  atomic_bool counting; /* a go perft runs */
  /* The last position the engine was given in full: its start ("startpos"
   * or the FEN) and its moves, one space apart, with the engine's game stamp
   * after them. GUIs send the whole game before every move; a command that
   * repeats this one with more moves plays only those, as replaying hundreds
   * of moves would eat a short increment (chu shogi at 2 s + 0.02 s). */
  char *set_start, *set_moves;
  uint64_t set_stamp;
} Uci;

/* ---- reports from the engine (possibly on the search thread) ---- */

static void uci_report_info(void *context, const EngineInfo *info) {
  Uci *uci = context;
  char score[48];
  snprintf(score, sizeof score, "%s %d%s", info->mate ? "mate" : "cp", info->score,
           info->bound == BOUND_LOWER   ? " lowerbound"
           : info->bound == BOUND_UPPER ? " upperbound"
                                        : "");
  char hashfull[32] = "";
  if (info->hashfull >= 0) snprintf(hashfull, sizeof hashfull, " hashfull %d", info->hashfull);
  output_line(uci->out,
              "info depth %d seldepth %d multipv %d score %s nodes %" PRIu64 " nps %" PRIu64
              "%s time %" PRId64 " pv %s",
              info->depth, info->seldepth, info->multipv > 0 ? info->multipv : 1, score,
              info->nodes, info->nps, hashfull, info->time_ms, info->pv ? info->pv : "");
}

static void uci_report_bestmove(void *context, const char *move, const char *ponder) {
  Uci *uci = context;
  if (!move) {
    /* Say why there is no move: the game is over (mate, a rule), or the
     * position has none to play. */
    char reason[128] = "";
    if (engine_game_result(uci->engine, reason, sizeof reason) != RESULT_NONE)
      output_line(uci->out, "info string no move: the game is over (%s)",
                  reason[0] ? reason : "by the rules");
    else
      output_line(uci->out, "info string no move: the position has no legal move");
    output_line(uci->out, "bestmove (none)");
  } else if (ponder) {
    output_line(uci->out, "bestmove %s ponder %s", move, ponder);
  } else {
    output_line(uci->out, "bestmove %s", move);
  }
}

static void uci_report_message(void *context, const char *text) {
  Uci *uci = context;
  output_line(uci->out, "info string %s", text);
}

/* ---- commands ---- */

/* Splits off the next space-separated word; returns NULL at the end. */
static char *uci_next_word(char **cursor) {
  char *s = *cursor + strspn(*cursor, " \t");
  if (!*s) return *cursor = s, NULL;
  char *end = s + strcspn(s, " \t");
  if (*end) *end++ = '\0';
  *cursor = end;
  return s;
}

static void uci_print_options(Uci *uci) {
  for (int i = 0; i < OPTION_NB; i++) {
    const OptionSpec *spec = option_spec(i);
    switch (spec->type) {
    case OPTION_CHECK:
      output_line(uci->out, "option name %s type check default %s", spec->name,
                  spec->default_value ? "true" : "false");
      break;
    case OPTION_SPIN:
      output_line(uci->out, "option name %s type spin default %d min %d max %d", spec->name,
                  spec->default_value, spec->min, spec->max);
      break;
    case OPTION_BUTTON: output_line(uci->out, "option name %s type button", spec->name); break;
    case OPTION_STRING:
      output_line(uci->out, "option name %s type string default %s", spec->name,
                  spec->default_text);
      break;
    case OPTION_COMBO: {
      /* The only combo is UCI_Variant: every loaded variant, listed at once. */
      int count = engine_variant_count(uci->engine);
      if (count == 0) {
        output_line(uci->out, "info string no variants are loaded, UCI_Variant not offered");
        break;
      }
      size_t size = 64 + strlen(spec->name);
      for (int v = 0; v < count; v++) size += strlen(engine_variant_name(uci->engine, v)) + 5;
      char *line = malloc(size);
      if (!line) break;
      int n = snprintf(line, size, "option name %s type combo default %s", spec->name,
                       engine_option_text(uci->engine, i));
      for (int v = 0; v < count; v++)
        n += snprintf(line + n, size - (size_t)n, " var %s", engine_variant_name(uci->engine, v));
      output_line(uci->out, "%s", line);
      free(line);
      break;
    }
    }
  }
}

/* setoption name NAME [value VALUE]: names and values may contain spaces. */
static void uci_setoption(Uci *uci, char *args) {
  char *name = strstr(args, "name");
  if (!name) {
    output_line(uci->out, "info string setoption needs 'name NAME [value VALUE]'");
    return;
  }
  name += 4;
  name += strspn(name, " \t");
  char *value = strstr(name, " value");
  if (value) {
    *value = '\0';
    value += 6;
    value += strspn(value, " \t");
  }
  size_t length = strlen(name);
  while (length > 0 && isspace((unsigned char)name[length - 1])) name[--length] = '\0';
  char err[UCI_ERR_MAX];
  if (engine_set_option(uci->engine, name, value, err, sizeof err) != 0)
    output_line(uci->out, "info string %s", err);
}

static void uci_forget_position(Uci *uci) {
  free(uci->set_start), free(uci->set_moves);
  uci->set_start = uci->set_moves = NULL;
}

/* The moves of a position command, one space apart (NULL: out of memory). */
static char *uci_moves_text(char *moves) {
  char *text = malloc(moves ? strlen(moves) + 1 : 1);
  if (!text) return NULL;
  size_t length = 0;
  char *move;
  while (moves && (move = uci_next_word(&moves)))
    length += (size_t)sprintf(text + length, "%s%s", length ? " " : "", move);
  text[length] = '\0';
  return text;
}

/* Where the moves not yet played start, if the game is still the last
 * position set and this command repeats it with more moves; NULL if not. */
static const char *uci_new_moves(const Uci *uci, const char *start, const char *moves) {
  if (!uci->set_start || engine_game_stamp(uci->engine) != uci->set_stamp ||
      strcmp(start, uci->set_start))
    return NULL;
  size_t length = strlen(uci->set_moves);
  if (strncmp(moves, uci->set_moves, length)) return NULL;
  if (!length) return moves;
  return moves[length] == ' ' ? moves + length + 1 : moves[length] ? NULL : moves + length;
}

/* position startpos|fen FEN [moves M...] */
static void uci_position(Uci *uci, char *args) {
  char err[UCI_ERR_MAX];
  char *moves = strstr(args, " moves");
  if (!moves && !strncmp(args + strspn(args, " "), "moves", 5)) moves = args;
  if (moves) *moves = '\0', moves += 6;
  char *cursor = args;
  char *kind = uci_next_word(&cursor);
  char *start;
  if (kind && !strcmp(kind, "startpos")) {
    /* "position startpos e2e4" (no "moves") would silently be the start */
    char *stray = uci_next_word(&cursor);
    if (stray) {
      output_line(uci->out,
                  "info string position: '%s' after startpos is not 'moves'; go answers "
                  "bestmove (none) until a valid position",
                  stray);
      engine_refuse_position(uci->engine, "position: words after startpos that are not 'moves'");
      return;
    }
    start = kind;
  } else if (kind && !strcmp(kind, "fen")) {
    start = cursor + strspn(cursor, " \t");
    size_t length = strlen(start);
    while (length && isspace((unsigned char)start[length - 1])) start[--length] = '\0';
  } else {
    output_line(uci->out, "info string position needs 'startpos' or 'fen FEN'");
    return;
  }
  char *played = uci_moves_text(moves);
  if (!played) {
    output_line(uci->out, "info string position: out of memory");
    engine_refuse_position(uci->engine, "position: out of memory");
    return;
  }
  const char *rest = uci_new_moves(uci, start, played);
  if (!rest) {
    uci_forget_position(uci);
    int status = engine_set_position(uci->engine, start == kind ? NULL : start, err, sizeof err);
    if (status != 0) {
      output_line(uci->out, "info string %s; go answers bestmove (none) until a valid position",
                  err);
      free(played);
      return;
    }
    rest = played;
  }
  /* Moves are played up to the first one that is not legal, as other UCI
   * engines do; the rest of the list is dropped and the GUI is told. */
  char *remaining = (char *)rest, *move;
  while ((move = uci_next_word(&remaining))) {
    if (engine_play_move(uci->engine, move, err, sizeof err) != 0) {
      output_line(uci->out,
                  "info string illegal move '%s' (%s): position kept before it; go answers "
                  "bestmove (none) until a valid position",
                  move, err);
      engine_refuse_position(uci->engine, err);
      uci_forget_position(uci);
      free(played);
      return;
    }
    if (*remaining) remaining[-1] = ' '; /* the word's end again: played stays whole */
  }
  if (rest == played) { /* set in full: remember its start too */
    char *copy = strdup(start);
    uci_forget_position(uci);
    if (!copy) {
      free(played);
      return;
    }
    uci->set_start = copy;
  } else {
    free(uci->set_moves);
  }
  uci->set_moves = played;
  uci->set_stamp = engine_game_stamp(uci->engine);
}

static void uci_perft_divide(void *context, const char *move, uint64_t nodes) {
  Uci *uci = context;
  output_line(uci->out, "%s: %" PRIu64, move, nodes);
}

static void uci_perft_done(void *context, int64_t total, const char *why) {
  Uci *uci = context;
  atomic_store(&uci->counting, false);
  if (total < 0)
    output_line(uci->out, "info string perft: %s", why);
  else {
    /* Stockfish's layout: the total between blank lines (one line each, as
     * output_line writes no raw newline). */
    output_line(uci->out, "%s", "");
    output_line(uci->out, "Nodes searched: %" PRId64, total);
    output_line(uci->out, "%s", "");
  }
}

static bool uci_parse_int64(const char *word, int64_t *value) {
  if (!word) return false;
  char *end;
  long long number = strtoll(word, &end, 10);
  if (end == word || *end) return false;
  *value = number;
  return true;
}

static const char *const UCI_GO_KEYWORDS[] = {
    "wtime", "btime",    "winc",     "binc",   "movestogo", "depth",       "nodes",
    "mate",  "movetime", "infinite", "ponder", "perft",     "searchmoves", NULL};

static bool uci_is_go_keyword(const char *word) {
  for (int i = 0; UCI_GO_KEYWORDS[i]; i++)
    if (!strcmp(word, UCI_GO_KEYWORDS[i])) return true;
  return false;
}

#define UCI_WORDS_MAX 1024
/* Counts arrive as any 64-bit number; the search takes ints. A mate in more
 * moves than a search line can hold is no mate search (and 2 * mate must not
 * overflow): the farthest mate score is 1000 plies from SEARCH_MATE. */
#define UCI_MATE_MAX 400

static void uci_go(Uci *uci, char *args) {
  EngineGo go;
  engine_go_init(&go);
  char *words[UCI_WORDS_MAX];
  int count = 0;
  char *cursor = args, *word;
  while (count < UCI_WORDS_MAX && (word = uci_next_word(&cursor))) words[count++] = word;

  char searchmoves[8192] = "";
  size_t searchmoves_length = 0;
  int64_t perft_depth = -1;
  for (int i = 0; i < count; i++) {
    word = words[i];
    if (!strcmp(word, "infinite")) {
      go.infinite = true;
    } else if (!strcmp(word, "ponder")) {
      go.ponder = true;
    } else if (!strcmp(word, "searchmoves")) {
      /* Every following word up to the next keyword is a move. */
      for (; i + 1 < count && !uci_is_go_keyword(words[i + 1]); i++) {
        int n = snprintf(searchmoves + searchmoves_length, sizeof searchmoves - searchmoves_length,
                         "%s%s", searchmoves_length ? " " : "", words[i + 1]);
        if (n > 0 && (size_t)n < sizeof searchmoves - searchmoves_length)
          searchmoves_length += (size_t)n;
      }
    } else {
      int64_t value;
      if (!uci_is_go_keyword(word)) {
        output_line(uci->out, "info string go: '%s' is not a go keyword; ignored", word);
        continue;
      }
      if (i + 1 >= count || !uci_parse_int64(words[i + 1], &value)) {
        /* the word in the number's place goes with it, unless it is the
         * next keyword */
        if (i + 1 < count && !uci_is_go_keyword(words[i + 1]))
          output_line(uci->out, "info string go: '%s' needs a number, not '%s'; ignored", word,
                      words[++i]);
        else
          output_line(uci->out, "info string go: '%s' needs a number; ignored", word);
        continue;
      }
      i++;
      bool clock = !strcmp(word, "wtime") || !strcmp(word, "btime") || !strcmp(word, "winc") ||
                   !strcmp(word, "binc");
      bool limit = !strcmp(word, "depth") || !strcmp(word, "nodes") || !strcmp(word, "movetime") ||
                   !strcmp(word, "mate");
      /* A clock below zero is a clock at zero, as a GUI sends it when its
       * engine is late: move at once. A limit of 0 or less asks for the
       * least search (depth 1, one node, a millisecond; mate 0 has nothing
       * to find), never for none, which would search until stopped. */
      if (value < 0 && clock) value = 0;
      if (limit && value <= 0) {
        output_line(uci->out, "info string go: %s %" PRId64 " searches the least (depth 1)", word,
                    value);
        go.depth = 1;
        continue;
      }
      if (value < 0) {
        output_line(uci->out, "info string go: '%s' needs a number of 0 or more; ignored", word);
        continue;
      }
      if (!strcmp(word, "wtime"))
        go.time_ms[WHITE] = value;
      else if (!strcmp(word, "btime"))
        go.time_ms[BLACK] = value;
      else if (!strcmp(word, "winc"))
        go.inc_ms[WHITE] = value;
      else if (!strcmp(word, "binc"))
        go.inc_ms[BLACK] = value;
      else if (!strcmp(word, "movestogo"))
        go.movestogo = value > 1000 ? 1000 : (int)value;
      else if (!strcmp(word, "depth"))
        go.depth = value > 1000 ? 1000 : (int)value;
      else if (!strcmp(word, "nodes"))
        go.nodes = (uint64_t)value;
      else if (!strcmp(word, "mate"))
        go.mate = value > UCI_MATE_MAX ? UCI_MATE_MAX : (int)value;
      else if (!strcmp(word, "movetime"))
        go.movetime_ms = value;
      else if (!strcmp(word, "perft"))
        perft_depth = value;
    }
  }
  char err[UCI_ERR_MAX];
  if (engine_searching(uci->engine)) {
    output_line(uci->out, "info string go ignored: a search is running (send stop)");
    return;
  }
  if (perft_depth >= 0) {
    /* Counted on the search thread: isready, stop and quit are answered. */
    EnginePerftReport report = {uci, uci_perft_divide, uci_perft_done};
    atomic_store(&uci->counting, true);
    if (engine_perft(uci->engine, perft_depth > 1000 ? 1000 : (int)perft_depth, &report, err,
                     sizeof err) != 0) {
      atomic_store(&uci->counting, false);
      output_line(uci->out, "info string perft: %s", err);
    }
    return;
  }
  if (searchmoves_length) go.searchmoves = searchmoves;
  if (engine_go(uci->engine, &go, err, sizeof err) != 0) {
    /* A GUI waits for bestmove after go: say why and answer without a move. */
    output_line(uci->out, "info string %s", err);
    output_line(uci->out, "bestmove (none)");
  }
}

/* A GUI that changes the position or options mid-search has given up on that
 * search: end it (its bestmove still goes out) before touching the game. */
static void uci_finish_search(Uci *uci) {
  if (!engine_searching(uci->engine)) return;
  engine_stop(uci->engine);
  engine_wait(uci->engine);
}

/* Returns false on quit. */
static bool uci_handle(Uci *uci, char *line) {
  char *cursor = line;
  char *command = uci_next_word(&cursor);
  if (!command) return true;
  if (!strcmp(command, "uci")) {
    output_line(uci->out, "id name Chimera %s", CHIMERA_VERSION);
    output_line(uci->out, "id author the Chimera authors");
    uci_print_options(uci);
    output_line(uci->out, "uciok");
  } else if (!strcmp(command, "isready")) {
    output_line(uci->out, "readyok");
  } else if (!strcmp(command, "ucinewgame")) {
    uci_finish_search(uci);
    engine_new_game(uci->engine);
  } else if (!strcmp(command, "setoption")) {
    uci_finish_search(uci);
    uci_setoption(uci, cursor);
  } else if (!strcmp(command, "position")) {
    uci_finish_search(uci);
    uci_position(uci, cursor);
  } else if (!strcmp(command, "go")) {
    uci_go(uci, cursor);
  } else if (!strcmp(command, "stop")) {
    engine_stop(uci->engine);
  } else if (!strcmp(command, "ponderhit")) {
    engine_ponderhit(uci->engine);
  } else if (!strcmp(command, "quit")) {
    return false;
  } else if (!strcmp(command, "debug") || !strcmp(command, "register")) {
    /* Accepted and without effect: nothing to debug-log or register. */
  } else {
    output_line(uci->out, "info string unknown command '%s'", command);
  }
  return true;
}

int uci_run(FILE *in, Output *out, const char *first_line) {
  Uci uci = {.out = out};
  EngineReport report = {.context = &uci,
                         .info = uci_report_info,
                         .bestmove = uci_report_bestmove,
                         .message = uci_report_message};
  uci.engine = engine_create(&report);
  if (!uci.engine) return 1;
  char *line = strdup(first_line);
  size_t size = line ? strlen(line) + 1 : 0;
  bool running = line && uci_handle(&uci, line);
  while (running && protocol_read_line(in, &line, &size)) running = uci_handle(&uci, line);
  free(line);
  /* At the end of piped input (not on quit) a count still finishes, as
   * `echo "go perft 5" | chimera` expects. */
  if (running && atomic_load(&uci.counting)) engine_wait(uci.engine);
  engine_stop(uci.engine);
  engine_wait(uci.engine);
  engine_destroy(uci.engine);
  uci_forget_position(&uci);
  return 0;
}
