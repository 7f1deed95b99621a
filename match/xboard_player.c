/* xboard_player.c — the XBoard (CECP, protocol 2) adapter (see player.h).
 *
 * Handshake `xboard` / `protover 2`, then the engine's `feature` lines until
 * done=1 (or two seconds of silence from a protocol-1 engine), then the
 * options the engine declared in `feature option=` (an undeclared one is
 * refused; `Error` lines in reply are passed on). A game is
 * `new`, `variant`, the limits (`level`/`st`/`sd`), `post`, `easy`,
 * `setboard` for a FEN start. The engine is kept in force mode: before each
 * of its moves it gets the moves it has not seen (as `usermove` when it
 * asked for that), `time`/`otim` from the runner's clocks in centiseconds,
 * and `go`. It answers `move X`; a result line (`1-0 {...}`), `resign` or
 * `Illegal move` in its place are reported as such for the referee to judge.
 * XBoard numbers the ranks of a 10-rank board from 0: moves are translated.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/player.h"
#include "match/player_options.h"

#define XB_LINE_MAX 16384

/* Copies a move adding delta to every rank number (digits occur only in ranks). */
static void xb_shift(const char *in, int delta, char *out, size_t size) {
  size_t used = 0;
  while (*in && used + 1 < size) {
    if (isdigit((unsigned char)*in) && delta) {
      char *end;
      long rank = strtol(in, &end, 10) + delta;
      used += (size_t)snprintf(out + used, size - used, "%ld", rank < 0 ? 0 : rank);
      in = end;
    } else {
      out[used++] = *in++;
    }
  }
  out[used < size ? used : size - 1] = '\0';
}

static int xb_rank_delta(const PlayerGame *game) {
  return game->ranks == 10 ? -1 : 0;
}

/* The value of feature NAME in a feature line: NAME=VALUE or NAME="VALUE". */
static bool xb_feature(const char *line, const char *name, char *value, size_t size) {
  size_t n = strlen(name);
  for (const char *s = strstr(line, name); s; s = strstr(s + 1, name)) {
    if (s != line && s[-1] != ' ') continue;
    if (s[n] != '=') continue;
    const char *v = s + n + 1;
    size_t len;
    if (*v == '"') {
      v++;
      const char *end = strchr(v, '"');
      len = end ? (size_t)(end - v) : strlen(v);
    } else {
      len = strcspn(v, " ");
    }
    if (len >= size) len = size - 1;
    memcpy(value, v, len);
    value[len] = '\0';
    return true;
  }
  return false;
}

static bool xb_read_features(Player *p, int64_t wait_ms);
static bool xb_drain(Player *p, PlayerAnswer *answer);

/* ping, then waits for the pong. After the spec's option `option` (>= 0) was
 * sent, the engine's `Error` and `tellusererror` lines before the pong are
 * its reply to it, passed on as a warning (as for UCI, see uci_player.c:
 * the organiser learns of it; the engine decides what it plays with). */
static int xb_ping(Player *p, int option, char *err, size_t err_size) {
  if (!p->xb_ping) return 0;
  char line[XB_LINE_MAX], want[32];
  int id = ++p->ping_id;
  snprintf(want, sizeof want, "pong %d", id);
  player_send(p, "ping %d", id);
  int64_t deadline = proc_clock_ms() + p->spec->start_ms;
  for (;;) {
    int r = player_read(p, line, sizeof line, deadline);
    if (r != 1) {
      snprintf(err, err_size, "%s: %s waiting for %s", p->spec->name,
               r == 0 ? "timed out" : "engine exited", want);
      return -1;
    }
    if (!strcmp(line, want)) return 0;
    if (option >= 0 && (!strncmp(line, "Error", 5) || !strncmp(line, "tellusererror ", 14)))
      player_options_remark(p, option, line);
  }
}

static int xb_start(Player *p, char *err, size_t err_size) {
  if (player_spawn(p, err, err_size) != 0) return -1;
  player_send(p, "xboard");
  player_send(p, "protover 2");
  /* A protocol-1 engine says nothing: two seconds, as XBoard waits. */
  if (!xb_read_features(p, 2000)) {
    snprintf(err, err_size, "%s: engine exited during the handshake", p->spec->name);
    return -1;
  }
  /* Options are a protocol 2 feature: an engine that declared none (or a
   * protocol 1 engine) would not understand the command at all. */
  if (player_options_check(p, err, err_size) != 0) return -1;
  /* One ping per option, so that a reply is known to be about it. */
  for (int i = 0; i < p->spec->option_count; i++) {
    player_send(p, "option %s=%s", p->spec->option_name[i], p->spec->option_value[i]);
    if (xb_ping(p, i, err, err_size) != 0) return -1;
  }
  return p->spec->option_count ? 0 : xb_ping(p, -1, err, err_size);
}

static bool xb_listed(const char *list, const char *name) {
  size_t n = strlen(name);
  for (const char *s = list; *s;) {
    while (*s == ',' || *s == ' ') s++;
    size_t len = strcspn(s, ", ");
    if (len == n && !strncmp(s, name, n)) return true;
    s += len;
  }
  return false;
}

/* XBoard's level: MOVES BASE INC, BASE in minutes or MIN:SEC. */
static void xb_send_limits(Player *p) {
  const EngineSpec *s = p->spec;
  if (s->tc.base_ms > 0) {
    int64_t sec = s->tc.base_ms / 1000;
    double inc = (double)s->tc.inc_ms / 1000;
    if (s->tc.base_ms % 1000 == 0 && sec % 60 == 0)
      player_send(p, "level %d %lld %g", s->tc.moves, (long long)(sec / 60), inc);
    else if (s->tc.base_ms % 1000 == 0)
      player_send(p, "level %d %lld:%02lld %g", s->tc.moves, (long long)(sec / 60),
                  (long long)(sec % 60), inc);
    else /* below a second: the clock commands (time/otim) carry the precision */
      player_send(p, "level %d 0:%02lld %g", s->tc.moves, (long long)(sec > 0 ? sec : 1), inc);
  }
  if (s->movetime_ms > 0) {
    if (s->movetime_ms % 1000 == 0)
      player_send(p, "st %lld", (long long)(s->movetime_ms / 1000));
    else
      player_send(p, "st %g", (double)s->movetime_ms / 1000);
  }
  if (s->depth > 0) player_send(p, "sd %d", s->depth);
}

/* Reads feature lines until done=1 or `wait_ms` of silence; false if the
 * engine exited. */
static bool xb_read_features(Player *p, int64_t wait_ms) {
  char line[XB_LINE_MAX], value[4096];
  int64_t deadline = proc_clock_ms() + wait_ms;
  for (;;) {
    int r = player_read(p, line, sizeof line, deadline);
    if (r == 0) return true;
    if (r < 0) return false;
    if (strncmp(line, "feature ", 8)) continue;
    if (xb_feature(line, "usermove", value, sizeof value)) p->xb_usermove = !strcmp(value, "1");
    if (xb_feature(line, "setboard", value, sizeof value)) p->xb_setboard = !strcmp(value, "1");
    if (xb_feature(line, "ping", value, sizeof value)) p->xb_ping = !strcmp(value, "1");
    if (xb_feature(line, "myname", value, sizeof value))
      snprintf(p->id_name, sizeof p->id_name, "%.120s", value);
    if (xb_feature(line, "variants", value, sizeof value))
      snprintf(p->variants, sizeof p->variants, "%s", value);
    /* option="NAME -TYPE ...", possibly several on one line. */
    for (const char *o = strstr(line, " option=\""); o; o = strstr(o + 1, " option=\"")) {
      const char *name = o + 9, *quote = strchr(name, '"'), *type = strstr(name, " -");
      const char *end = quote ? quote : name + strlen(name);
      if (type && type < end) end = type;
      player_options_declare(p, name, (size_t)(end - name));
    }
    if (xb_feature(line, "done", value, sizeof value)) {
      if (!strcmp(value, "1")) return true;
      /* done=0: the engine needs time; it must say done=1 within the limit */
      deadline = proc_clock_ms() + p->spec->start_ms;
    }
  }
}

static int xb_new_game(Player *p, const PlayerGame *game, char *err, size_t err_size) {
  const char *variant = player_variant_name(p, game);
  bool chess = !strcmp(variant, "chess") || !strcmp(variant, "normal");
  if (!chess && !xb_listed(p->variants, variant)) {
    /* An option set after the handshake (Chimera's VariantPath) may have
     * added variants: ask for the features again before giving up. */
    player_send(p, "protover 2");
    if (!xb_read_features(p, 2000)) {
      snprintf(err, err_size, "%s: engine exited", p->spec->name);
      return -1;
    }
  }
  if (!chess && !xb_listed(p->variants, variant)) {
    snprintf(err, err_size, "%s does not play the variant '%s' (feature variants=\"%.200s\")",
             p->spec->name, variant, p->variants);
    return -1;
  }
  if (p->spec->nodes > 0) {
    snprintf(err, err_size, "%s: nodes= is not available over XBoard", p->spec->name);
    return -1;
  }
  if (game->start_fen && !p->xb_setboard) {
    snprintf(err, err_size, "%s cannot start from a FEN (no setboard=1)", p->spec->name);
    return -1;
  }
  /* A result line the engine sent after the last game's final move belongs
   * to that game: drop what is pending (ping below drops the rest). */
  PlayerAnswer stale;
  while (xb_drain(p, &stale)) {
  }
  player_send(p, "new");
  if (!chess) player_send(p, "variant %s", variant);
  player_send(p, "force");
  xb_send_limits(p);
  player_send(p, "post");
  player_send(p, "easy");
  if (game->start_fen) player_send(p, "setboard %s", game->start_fen);
  p->xb_sent_moves = 0;
  return xb_ping(p, -1, err, err_size);
}

/* A result claim: "1-0 {...}", "0-1 {...}", "1/2-1/2 {...}". */
static bool xb_is_claim(const char *line) {
  return !strncmp(line, "1-0", 3) || !strncmp(line, "0-1", 3) || !strncmp(line, "1/2-1/2", 7);
}

/* Thinking output: "depth score time nodes pv...". */
static void xb_parse_thinking(const char *line, PlayerAnswer *answer) {
  int depth, score;
  if (sscanf(line, "%d %d", &depth, &score) != 2) return;
  answer->depth = depth;
  answer->has_score = true;
  /* XBoard's mate convention: 100000 + moves (or 1000 + ...) as in Fairy-Max. */
  if (score > 90000 || score < -90000) {
    answer->mate = true;
    answer->score = score > 0 ? 100000 - score + 1 : -(100000 + score + 1);
    if (answer->score == 0) answer->score = score > 0 ? 1 : -1;
  } else {
    answer->mate = false;
    answer->score = score;
  }
}

/* Lines the engine sent while it was not asked anything: a result claim
 * after its own move must not continue the game unnoticed. */
static bool xb_drain(Player *p, PlayerAnswer *answer) {
  char line[XB_LINE_MAX];
  /* Bounded: an engine writing without pause must not hold us here. */
  for (int n = 0; n < 1000 && player_read(p, line, sizeof line, 0) == 1; n++) {
    if (xb_is_claim(line)) {
      answer->status = PLAY_CLAIM;
      snprintf(answer->claim, sizeof answer->claim, "%.120s", line);
      return true;
    }
  }
  return false;
}

static void xb_go(Player *p, const PlayerGame *game, int64_t deadline_ms, PlayerAnswer *answer) {
  memset(answer, 0, sizeof *answer);
  if (xb_drain(p, answer)) return;
  int delta = xb_rank_delta(game);
  bool sent = player_send(p, "force");
  for (; p->xb_sent_moves < game->move_count; p->xb_sent_moves++) {
    char move[PLAYER_MOVE_MAX + 8];
    xb_shift(game->moves[p->xb_sent_moves], delta, move, sizeof move);
    sent =
        sent && (p->xb_usermove ? player_send(p, "usermove %s", move) : player_send(p, "%s", move));
  }
  if (p->spec->tc.base_ms > 0) {
    int me = game->white_to_move ? 0 : 1;
    sent = sent && player_send(p, "time %lld", (long long)(game->clock_ms[me] / 10));
    sent = sent && player_send(p, "otim %lld", (long long)(game->clock_ms[1 - me] / 10));
  }
  sent = sent && player_send(p, "go");
  if (!player_sent_ok(sent, answer)) return;
  char line[XB_LINE_MAX];
  while (player_read_answer(p, line, sizeof line, deadline_ms, answer)) {
    if (!strncmp(line, "move ", 5)) {
      char move[PLAYER_MOVE_MAX + 1] = "";
      if (sscanf(line + 5, " %64s", move) != 1 || strlen(move) >= PLAYER_MOVE_MAX - 8) {
        answer->status = PLAY_GARBAGE;
        snprintf(answer->detail, sizeof answer->detail, "%.150s", line);
        return;
      }
      xb_shift(move, -delta, answer->move, sizeof answer->move);
      /* The engine now knows its own move. */
      p->xb_sent_moves = game->move_count + 1;
      answer->status = PLAY_MOVE;
      return;
    }
    if (xb_is_claim(line)) {
      answer->status = PLAY_CLAIM;
      snprintf(answer->claim, sizeof answer->claim, "%.120s", line);
      return;
    }
    if (!strcmp(line, "resign")) {
      answer->status = PLAY_RESIGN;
      return;
    }
    if (!strncmp(line, "Illegal move", 12)) {
      /* It refused a move the referee found legal. ("Error" lines answer
       * commands an engine does not know, such as `easy`: not a fault.) */
      answer->status = PLAY_GARBAGE;
      snprintf(answer->detail, sizeof answer->detail, "%.150s", line);
      return;
    }
    if (isdigit((unsigned char)line[0])) xb_parse_thinking(line, answer);
  }
}

static void xb_game_over(Player *p, const char *result) {
  if (!p->running) return;
  player_send(p, "result %s", result);
  player_send(p, "force");
}

static void xb_quit(Player *p) {
  if (!p->running) return;
  player_send(p, "quit");
  proc_stop(&p->proc, 1000);
  p->running = false;
}

const PlayerOps XBOARD_PLAYER_OPS = {xb_start, xb_new_game, xb_go, xb_game_over, xb_quit};
