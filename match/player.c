/* player.c — what the protocol adapters share (see player.h): starting the
 * process from a spec, reading and writing lines, and the -debug trace of
 * every line exchanged.
 */
#include "match/player.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/match_log.h"

void player_init(Player *p, const EngineSpec *spec) {
  memset(p, 0, sizeof *p);
  p->spec = spec;
  p->ops = spec->proto == PROTO_XBOARD ? &XBOARD_PLAYER_OPS : &UCI_PLAYER_OPS;
  p->proc.to_child = p->proc.from_child = -1;
}

int player_spawn(Player *p, char *err, size_t err_size) {
  char words[2 * SPEC_TEXT_MAX + 2];
  snprintf(words, sizeof words, "%s", p->spec->cmd);
  char *argv[PROC_ARGS_MAX + 1];
  int argc = 0;
  char *save = NULL;
  for (char *w = strtok_r(words, " \t", &save); w && argc < PROC_ARGS_MAX;
       w = strtok_r(NULL, " \t", &save))
    argv[argc++] = w;
  char args[SPEC_TEXT_MAX];
  snprintf(args, sizeof args, "%s", p->spec->args);
  for (char *w = strtok_r(args, "\n", &save); w && argc < PROC_ARGS_MAX;
       w = strtok_r(NULL, "\n", &save))
    argv[argc++] = w;
  argv[argc] = NULL;
  if (argc == 0) {
    snprintf(err, err_size, "engine '%s' has no cmd=", p->spec->name);
    return -1;
  }
  if (proc_start(&p->proc, argv, p->spec->dir[0] ? p->spec->dir : NULL, err, err_size) != 0)
    return -1;
  p->running = true;
  return 0;
}

const char *player_variant_name(const Player *p, const PlayerGame *game) {
  return p->spec->variant[0] ? p->spec->variant : game->variant;
}

int player_read(Player *p, char *line, size_t size, int64_t deadline_ms) {
  /* Past the deadline even with lines waiting: an engine that floods its
   * output must not keep the runner reading forever. */
  if (deadline_ms > 0 && proc_clock_ms() >= deadline_ms) return 0;
  int r = proc_read_line(&p->proc, line, size, deadline_ms);
  if (r == 1) match_log_line(p->spec->name, '<', line);
  if (r < 0) match_log_line(p->spec->name, '<', "(end of output)");
  return r;
}

bool player_send(Player *p, const char *fmt, ...) {
  char line[16384];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  match_log_line(p->spec->name, '>', line);
  return proc_send(&p->proc, line);
}

bool player_read_answer(Player *p, char *line, size_t size, int64_t deadline_ms,
                        PlayerAnswer *answer) {
  int r = player_read(p, line, size, deadline_ms);
  if (r == 1) return true;
  answer->status = r == 0 ? PLAY_TIMEOUT : PLAY_DIED;
  if (r < 0) snprintf(answer->detail, sizeof answer->detail, "the engine exited");
  return false;
}

bool player_sent_ok(bool sent, PlayerAnswer *answer) {
  if (sent) return true;
  answer->status = PLAY_DIED;
  snprintf(answer->detail, sizeof answer->detail, "the engine's input is closed");
  return false;
}
