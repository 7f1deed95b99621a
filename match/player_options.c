/* player_options.c — declared engine options and replies to them (see
 * player_options.h).
 *
 * The names are kept as one '\n'-separated text in the Player, like its
 * variant list: no allocation, and a list too long to keep whole turns the
 * check off rather than refusing an option that was declared after the cut.
 */
#include "match/player_options.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "match/match_log.h"

void player_options_forget(Player *p) {
  p->options[0] = '\0';
  p->options_len = 0;
  p->options_overflow = false;
}

/* UCI says option names are not case sensitive; XBoard compares them as
 * they are written. */
static bool options_same(const Player *p, const char *a, const char *b, size_t len) {
  return p->spec->proto == PROTO_UCI ? !strncasecmp(a, b, len) : !strncmp(a, b, len);
}

static bool options_declared(const Player *p, const char *name, size_t len) {
  for (const char *s = p->options; *s;) {
    const char *end = strchr(s, '\n');
    size_t n = end ? (size_t)(end - s) : strlen(s);
    if (n == len && options_same(p, s, name, len)) return true;
    if (!end) break;
    s = end + 1;
  }
  return false;
}

void player_options_declare(Player *p, const char *name, size_t len) {
  while (len && name[len - 1] == ' ') len--;
  /* An engine asked for its features twice sends the same list again. */
  if (len == 0 || options_declared(p, name, len)) return;
  if (p->options_len + len + 2 > sizeof p->options) {
    p->options_overflow = true;
    return;
  }
  if (p->options_len) p->options[p->options_len++] = '\n';
  memcpy(p->options + p->options_len, name, len);
  p->options_len += len;
  p->options[p->options_len] = '\0';
}

int player_options_check(const Player *p, char *err, size_t err_size) {
  if (p->options_overflow) return 0;
  for (int i = 0; i < p->spec->option_count; i++) {
    const char *name = p->spec->option_name[i];
    if (options_declared(p, name, strlen(name))) continue;
    /* The declared names help find the typo; the list is cut to fit. */
    char list[300];
    size_t used = 0;
    for (const char *s = p->options; *s && used + 3 < sizeof list; s++) {
      if (*s == '\n') list[used++] = ',';
      list[used++] = *s == '\n' ? ' ' : *s;
    }
    list[used] = '\0';
    if (p->options[0])
      snprintf(err, err_size, "it has no option '%s' (its options: %s)", name, list);
    else
      snprintf(err, err_size, "it has no option '%s' (it declares none)", name);
    return -1;
  }
  return 0;
}

void player_options_remark(const Player *p, int index, const char *said) {
  char text[600];
  snprintf(text, sizeof text, "option.%.100s=%.200s: %.250s", p->spec->option_name[index],
           p->spec->option_value[index], said);
  match_log_warn(p->spec->name, text);
}
