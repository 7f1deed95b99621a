/* engine_spec.c — the per-engine settings of a match (see engine_spec.h):
 * defaults and the KEY=VALUE syntax of `-engine` and `-each`, close to
 * cutechess-cli's so that its users can reuse their command lines.
 */
#include "match/engine_spec.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void engine_spec_init(EngineSpec *spec) {
  memset(spec, 0, sizeof *spec);
  spec->proto = PROTO_UCI;
  spec->margin_ms = 100;
  spec->stall_ms = 60000;
  spec->start_ms = 10000;
}

bool engine_spec_limited(const EngineSpec *spec) {
  return spec->tc.base_ms > 0 || spec->movetime_ms > 0 || spec->depth > 0 || spec->nodes > 0;
}

/* Seconds (a decimal number) as milliseconds; false if malformed. */
static bool spec_seconds(const char *text, int64_t *ms) {
  char *end;
  errno = 0;
  double s = strtod(text, &end);
  if (end == text || *end || errno || s < 0 || s > 1e7) return false;
  *ms = (int64_t)(s * 1000 + 0.5);
  return true;
}

/* [MOVES/]BASE[+INC], BASE as seconds or M:SS. */
static bool spec_time_control(const char *text, TimeControl *tc) {
  TimeControl t = {0, 0, 0};
  char copy[128];
  if (strlen(text) >= sizeof copy) return false;
  snprintf(copy, sizeof copy, "%s", text);
  char *base = copy;
  char *slash = strchr(copy, '/');
  if (slash) {
    *slash = '\0';
    char *end;
    long moves = strtol(copy, &end, 10);
    if (end == copy || *end || moves <= 0 || moves > 1000) return false;
    t.moves = (int)moves;
    base = slash + 1;
  }
  char *plus = strchr(base, '+');
  if (plus) {
    *plus = '\0';
    if (!spec_seconds(plus + 1, &t.inc_ms)) return false;
  }
  char *colon = strchr(base, ':');
  if (colon) {
    *colon = '\0';
    int64_t minutes, seconds;
    if (!spec_seconds(base, &minutes) || !spec_seconds(colon + 1, &seconds)) return false;
    t.base_ms = minutes * 60 + seconds;
  } else if (!spec_seconds(base, &t.base_ms)) {
    return false;
  }
  if (t.base_ms <= 0) return false;
  *tc = t;
  return true;
}

static bool spec_copy(char *dst, size_t size, const char *value) {
  if (strlen(value) >= size) return false;
  snprintf(dst, size, "%s", value);
  return true;
}

bool engine_spec_set(EngineSpec *spec, const char *setting, char *err, size_t err_size) {
  const char *eq = strchr(setting, '=');
  if (!eq) {
    snprintf(err, err_size, "'%s' is not KEY=VALUE", setting);
    return false;
  }
  size_t key_len = (size_t)(eq - setting);
  const char *value = eq + 1;
#define KEY(k) (key_len == strlen(k) && !strncmp(setting, k, key_len))
  bool ok = true;
  if (KEY("cmd")) {
    ok = spec_copy(spec->cmd, sizeof spec->cmd, value) && value[0];
  } else if (KEY("name")) {
    ok = spec_copy(spec->name, sizeof spec->name, value) && value[0];
  } else if (KEY("variant")) {
    ok = spec_copy(spec->variant, sizeof spec->variant, value);
  } else if (KEY("dir")) {
    ok = spec_copy(spec->dir, sizeof spec->dir, value);
  } else if (KEY("arg")) {
    size_t used = strlen(spec->args);
    ok = used + strlen(value) + 2 < sizeof spec->args && !strchr(value, '\n');
    if (ok) snprintf(spec->args + used, sizeof spec->args - used, "%s\n", value);
  } else if (KEY("proto")) {
    if (!strcmp(value, "uci"))
      spec->proto = PROTO_UCI;
    else if (!strcmp(value, "xboard") || !strcmp(value, "cecp"))
      spec->proto = PROTO_XBOARD;
    else
      ok = false;
  } else if (KEY("tc")) {
    if (!strcmp(value, "inf") || !strcmp(value, "none"))
      spec->tc = (TimeControl){0, 0, 0};
    else
      ok = spec_time_control(value, &spec->tc);
  } else if (KEY("st")) {
    ok = spec_seconds(value, &spec->movetime_ms) && spec->movetime_ms > 0;
  } else if (KEY("depth")) {
    char *end;
    long d = strtol(value, &end, 10);
    ok = end != value && !*end && d > 0 && d < 1000;
    if (ok) spec->depth = (int)d;
  } else if (KEY("nodes")) {
    char *end;
    unsigned long long n = strtoull(value, &end, 10);
    ok = end != value && !*end && n > 0 && value[0] != '-';
    if (ok) spec->nodes = n;
  } else if (KEY("timemargin")) {
    char *end;
    long ms = strtol(value, &end, 10);
    ok = end != value && !*end && ms >= 0 && ms <= 3600000;
    if (ok) spec->margin_ms = ms;
  } else if (KEY("stall")) {
    ok = spec_seconds(value, &spec->stall_ms) && spec->stall_ms > 0;
  } else if (KEY("starttime")) {
    ok = spec_seconds(value, &spec->start_ms) && spec->start_ms > 0;
  } else if (key_len > 7 && !strncmp(setting, "option.", 7)) {
    int index = spec->option_count;
    char name[128];
    ok = key_len - 7 < sizeof name;
    if (ok) {
      memcpy(name, setting + 7, key_len - 7);
      name[key_len - 7] = '\0';
      /* A later setting of the same option wins (-engine after -each). */
      for (int i = 0; i < spec->option_count; i++)
        if (!strcmp(spec->option_name[i], name)) index = i;
      ok = index < SPEC_OPTIONS_MAX && strlen(value) < sizeof spec->option_value[0];
    }
    if (ok) {
      snprintf(spec->option_name[index], sizeof spec->option_name[index], "%s", name);
      snprintf(spec->option_value[index], sizeof spec->option_value[index], "%s", value);
      if (index == spec->option_count) spec->option_count++;
    }
  } else {
    snprintf(err, err_size, "unknown engine setting '%.*s'", (int)key_len, setting);
    return false;
  }
#undef KEY
  if (!ok) snprintf(err, err_size, "bad value in '%s'", setting);
  return ok;
}
