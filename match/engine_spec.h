/* engine_spec.h — how one engine of a match is started and how long it may
 * think: the `-engine`/`-each` settings of the command line, as data.
 *
 * Parsing the settings is match_cli.c's job; the adapters (uci_player.c,
 * xboard_player.c) and the game loop only read them.
 */
#ifndef CHIMERA_MATCH_ENGINE_SPEC_H
#define CHIMERA_MATCH_ENGINE_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SPEC_OPTIONS_MAX 32
#define SPEC_TEXT_MAX    1024

typedef enum { PROTO_UCI = 0, PROTO_XBOARD } EngineProto;

/* tc=[MOVES/]BASE[+INC]: BASE and INC in seconds, MOVES per control (0 =
 * the whole game). A zero base_ms means no clock. */
typedef struct {
  int moves;
  int64_t base_ms, inc_ms;
} TimeControl;

typedef struct {
  char name[128];
  char cmd[SPEC_TEXT_MAX];  /* program, then arguments separated by spaces */
  char dir[SPEC_TEXT_MAX];  /* working folder, "" = the runner's */
  char args[SPEC_TEXT_MAX]; /* arg=... values, separated by '\n' */
  char variant[64];         /* the engine's own name of the variant, "" = Chimera's */
  EngineProto proto;
  int option_count;
  char option_name[SPEC_OPTIONS_MAX][128];
  char option_value[SPEC_OPTIONS_MAX][256];
  /* Limits: a clock (tc), or a fixed time per move (st), depth, nodes; depth
   * and nodes may be combined with either. */
  TimeControl tc;
  int64_t movetime_ms;
  int depth;
  uint64_t nodes;
  int64_t margin_ms; /* time an engine may overrun its clock before it loses */
  int64_t stall_ms;  /* longest wait for a move without a clock (depth/nodes) */
  int64_t start_ms;  /* longest wait for the handshake (uciok, done=1, readyok) */
} EngineSpec;

/* Resets a spec to the defaults (UCI, no limits, margins as documented). */
void engine_spec_init(EngineSpec *spec);
/* Applies one KEY=VALUE setting; false with err if unknown or malformed. */
bool engine_spec_set(EngineSpec *spec, const char *setting, char *err, size_t err_size);
/* Whether the spec limits a search at all (a clock, st, depth or nodes). */
bool engine_spec_limited(const EngineSpec *spec);

#endif
