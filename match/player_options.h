/* player_options.h — the options an engine declares, and what the runner
 * does with them: an option.NAME= setting the engine does not declare is
 * refused before the engine plays (a mistyped name would otherwise be lost
 * without a word), and what the engine says in reply to a value it was given
 * is passed on to the organiser as a warning.
 *
 * The adapters feed the declarations in (UCI `option name X type ...`,
 * XBoard `feature option="X -type ..."`) and the replies (UCI `info string`
 * before `readyok`, XBoard `Error` before `pong`).
 */
#ifndef CHIMERA_MATCH_PLAYER_OPTIONS_H
#define CHIMERA_MATCH_PLAYER_OPTIONS_H

#include <stddef.h>

#include "match/player.h"

/* Forgets the declared options (before a handshake that lists them again). */
void player_options_forget(Player *p);
/* Notes one declared option name (len bytes of name). */
void player_options_declare(Player *p, const char *name, size_t len);
/* 0 when the engine declares every option of its spec; else -1 with err
 * naming the first one it does not, and the ones it does. */
int player_options_check(const Player *p, char *err, size_t err_size);
/* Passes on what the engine said in reply to its spec's option `index`, as a
 * warning naming the engine and the setting. */
void player_options_remark(const Player *p, int index, const char *said);

#endif
