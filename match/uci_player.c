/* uci_player.c — the UCI adapter (see player.h).
 *
 * Handshake uci/uciok, options with setoption (only options the engine
 * declared; its info strings in reply are passed on), isready/readyok; the
 * variant by UCI_Variant; each move as `position ... moves ...` and `go` with the
 * runner's own clocks. Info lines give the score for the PGN comments and
 * adjudication; bestmove ends the move. Anything else is ignored, as UCI
 * asks, except that only a bestmove counts as an answer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/player.h"
#include "match/player_options.h"

#define UCI_LINE_MAX 16384

/* Notes what an `option` or `id` line from the handshake tells. */
static void uci_note(Player *p, const char *line) {
  if (!strncmp(line, "id name ", 8)) {
    snprintf(p->id_name, sizeof p->id_name, "%.120s", line + 8);
    return;
  }
  if (!strncmp(line, "option name ", 12)) {
    const char *name = line + 12, *end = strstr(name, " type ");
    player_options_declare(p, name, end ? (size_t)(end - name) : strlen(name));
  }
  if (!strncmp(line, "option name UCI_Variant ", 24)) {
    p->has_variant_option = true;
    size_t used = 0;
    p->variants[0] = '\0';
    for (const char *v = strstr(line, " var "); v; v = strstr(v + 1, " var ")) {
      const char *start = v + 5, *end = strchr(start, ' ');
      size_t len = end ? (size_t)(end - start) : strlen(start);
      if (used + len + 2 >= sizeof p->variants) break;
      used += (size_t)snprintf(p->variants + used, sizeof p->variants - used, "%s%.*s",
                               used ? "," : "", (int)len, start);
    }
  }
}

/* isready, then waits for readyok. After the setoption of the spec's option
 * `option` (>= 0), the `info string` lines before readyok are the engine's
 * reply to it, passed on as a warning. A warning, not an error: UCI has no
 * way to refuse a value, and an engine's info string there may as well be a
 * remark about a value it accepted (Chimera says so when it rounds Hash down
 * to a power of two); the runner cannot tell the two apart in free text, and
 * a match must not be refused for a remark. */
static int uci_ready(Player *p, int option, char *err, size_t err_size) {
  char line[UCI_LINE_MAX];
  player_send(p, "isready");
  int64_t deadline = proc_clock_ms() + p->spec->start_ms;
  for (;;) {
    int r = player_read(p, line, sizeof line, deadline);
    if (r != 1) {
      snprintf(err, err_size, "%s: %s waiting for readyok", p->spec->name,
               r == 0 ? "timed out" : "engine exited");
      return -1;
    }
    if (!strncmp(line, "readyok", 7) && (line[7] == '\0' || line[7] == ' ')) return 0;
    if (option >= 0 && !strncmp(line, "info string ", 12))
      player_options_remark(p, option, line + 12);
  }
}

/* Sends `uci` and reads the id and option lines up to uciok. */
static int uci_handshake(Player *p, char *err, size_t err_size) {
  char line[UCI_LINE_MAX];
  player_send(p, "uci");
  player_options_forget(p); /* the option lines below are the whole list */
  int64_t deadline = proc_clock_ms() + p->spec->start_ms;
  for (;;) {
    int r = player_read(p, line, sizeof line, deadline);
    if (r != 1) {
      snprintf(err, err_size, "%s: %s waiting for uciok", p->spec->name,
               r == 0 ? "timed out" : "engine exited");
      return -1;
    }
    if (!strcmp(line, "uciok")) return 0;
    uci_note(p, line);
  }
}

static int uci_start(Player *p, char *err, size_t err_size) {
  if (player_spawn(p, err, err_size) != 0) return -1;
  if (uci_handshake(p, err, err_size) != 0) return -1;
  if (player_options_check(p, err, err_size) != 0) return -1;
  /* One isready per option, so that a reply is known to be about it. */
  for (int i = 0; i < p->spec->option_count; i++) {
    player_send(p, "setoption name %s value %s", p->spec->option_name[i], p->spec->option_value[i]);
    if (uci_ready(p, i, err, err_size) != 0) return -1;
  }
  return p->spec->option_count ? 0 : uci_ready(p, -1, err, err_size);
}

/* Whether a comma-separated list holds the name. */
static bool uci_listed(const char *list, const char *name) {
  size_t n = strlen(name);
  for (const char *s = list; *s;) {
    const char *end = strchr(s, ',');
    size_t len = end ? (size_t)(end - s) : strlen(s);
    if (len == n && !strncmp(s, name, n)) return true;
    if (!end) break;
    s = end + 1;
  }
  return false;
}

static int uci_new_game(Player *p, const PlayerGame *game, char *err, size_t err_size) {
  const char *variant = player_variant_name(p, game);
  if (p->has_variant_option && !uci_listed(p->variants, variant)) {
    /* An option set after the first handshake (VariantPath) may have added
     * variants: ask for the list again before giving up. */
    if (uci_handshake(p, err, err_size) != 0) return -1;
  }
  if (p->has_variant_option) {
    if (!uci_listed(p->variants, variant)) {
      snprintf(err, err_size, "%s does not play the variant '%s' (UCI_Variant)", p->spec->name,
               variant);
      return -1;
    }
    player_send(p, "setoption name UCI_Variant value %s", variant);
  } else if (strcmp(variant, "chess")) {
    snprintf(err, err_size, "%s has no UCI_Variant option: it plays only chess", p->spec->name);
    return -1;
  }
  player_send(p, "ucinewgame");
  return uci_ready(p, -1, err, err_size);
}

/* Reads "score cp N" / "score mate N" and "depth N" of an info line. */
static void uci_parse_info(const char *line, PlayerAnswer *answer) {
  const char *s = strstr(line, " score ");
  if (s) {
    int value;
    if (sscanf(s, " score cp %d", &value) == 1) {
      answer->has_score = true, answer->mate = false, answer->score = value;
    } else if (sscanf(s, " score mate %d", &value) == 1) {
      answer->has_score = true, answer->mate = true, answer->score = value;
    }
  }
  const char *d = strstr(line, " depth ");
  int depth;
  if (d && sscanf(d, " depth %d", &depth) == 1) answer->depth = depth;
}

static void uci_go(Player *p, const PlayerGame *game, int64_t deadline_ms, PlayerAnswer *answer) {
  memset(answer, 0, sizeof *answer);
  size_t size = 256 + (size_t)game->move_count * (PLAYER_MOVE_MAX + 1) +
                (game->start_fen ? strlen(game->start_fen) : 0);
  char *text = malloc(size);
  if (!text) {
    answer->status = PLAY_DIED;
    snprintf(answer->detail, sizeof answer->detail, "out of memory");
    return;
  }
  size_t used = game->start_fen ? (size_t)snprintf(text, size, "position fen %s", game->start_fen)
                                : (size_t)snprintf(text, size, "position startpos");
  if (game->move_count) used += (size_t)snprintf(text + used, size - used, " moves");
  for (int i = 0; i < game->move_count; i++)
    used += (size_t)snprintf(text + used, size - used, " %s", game->moves[i]);
  bool sent = player_send(p, "%s", text);

  const EngineSpec *s = p->spec;
  used = (size_t)snprintf(text, size, "go");
  if (s->tc.base_ms > 0) {
    used += (size_t)snprintf(text + used, size - used, " wtime %lld btime %lld winc %lld binc %lld",
                             (long long)game->clock_ms[0], (long long)game->clock_ms[1],
                             (long long)game->inc_ms[0], (long long)game->inc_ms[1]);
    if (game->moves_to_go > 0)
      used += (size_t)snprintf(text + used, size - used, " movestogo %d", game->moves_to_go);
  }
  if (s->movetime_ms > 0)
    used += (size_t)snprintf(text + used, size - used, " movetime %lld", (long long)s->movetime_ms);
  if (s->depth > 0) used += (size_t)snprintf(text + used, size - used, " depth %d", s->depth);
  if (s->nodes > 0)
    used += (size_t)snprintf(text + used, size - used, " nodes %llu", (unsigned long long)s->nodes);
  if (!engine_spec_limited(s)) snprintf(text + used, size - used, " infinite");
  sent = sent && player_send(p, "%s", text);
  free(text);
  if (!player_sent_ok(sent, answer)) return;

  char line[UCI_LINE_MAX];
  while (player_read_answer(p, line, sizeof line, deadline_ms, answer)) {
    if (!strncmp(line, "info ", 5)) {
      uci_parse_info(line, answer);
    } else if (!strncmp(line, "bestmove", 8) && (line[8] == ' ' || !line[8])) {
      char move[PLAYER_MOVE_MAX + 1] = "";
      if (sscanf(line + 8, " %64s", move) != 1 || strlen(move) >= PLAYER_MOVE_MAX) {
        answer->status = PLAY_GARBAGE;
        snprintf(answer->detail, sizeof answer->detail, "%.150s", line);
        return;
      }
      snprintf(answer->move, sizeof answer->move, "%.*s", PLAYER_MOVE_MAX - 1, move);
      answer->status = PLAY_MOVE;
      return;
    }
  }
}

static void uci_game_over(Player *p, const char *result) {
  (void)p, (void)result;
}

static void uci_quit(Player *p) {
  if (!p->running) return;
  player_send(p, "quit");
  proc_stop(&p->proc, 1000);
  p->running = false;
}

const PlayerOps UCI_PLAYER_OPS = {uci_start, uci_new_game, uci_go, uci_game_over, uci_quit};
