/* player.h — one engine process in a game, whatever its protocol.
 *
 * The game loop talks to a Player; uci_player.c and xboard_player.c turn the
 * calls into protocol text and the answers back into move text. A Player
 * never decides a result: it reports what the engine said (a move, a claim,
 * silence, death, garbage) and the game loop judges it by the variant's rules.
 */
#ifndef CHIMERA_MATCH_PLAYER_H
#define CHIMERA_MATCH_PLAYER_H

#include <stdbool.h>
#include <stdint.h>

#include "match/engine_spec.h"
#include "match/proc.h"

#define PLAYER_MOVE_MAX 64

typedef enum {
  PLAY_MOVE = 0, /* a move in `move` */
  PLAY_TIMEOUT,  /* no move before the deadline */
  PLAY_DIED,     /* the process exited or closed its output */
  PLAY_GARBAGE,  /* an answer that is not a move in the protocol */
  PLAY_CLAIM,    /* XBoard: a result claim instead of (or after) a move */
  PLAY_RESIGN,   /* XBoard: resign */
} PlayStatus;

/* What the runner knows of the game, to send to the engine. */
typedef struct {
  const char *variant;      /* name as the engine should see it */
  const char *start_fen;    /* NULL: the variant's start position */
  const char *const *moves; /* every move since start_fen, in Chimera's move text */
  int move_count;
  int64_t clock_ms[2]; /* remaining time of white, black (when the spec has a clock) */
  int64_t inc_ms[2];
  int moves_to_go; /* 0: none */
  bool white_to_move;
  int ranks; /* board height: XBoard numbers the ranks of 10-rank boards from 0 */
} PlayerGame;

/* The engine's answer for one move. */
typedef struct {
  PlayStatus status;
  char move[PLAYER_MOVE_MAX];
  char claim[128];  /* PLAY_CLAIM: "1-0", "0-1" or "1/2-1/2" plus the engine's text */
  char detail[160]; /* the offending line for PLAY_GARBAGE, the reason for others */
  bool has_score;
  bool mate; /* score is moves to mate */
  int score; /* centipawns (or mate moves), from the mover's point of view */
  int depth;
} PlayerAnswer;

typedef struct Player Player;
typedef struct {
  /* Starts the process and does the handshake and options. */
  int (*start)(Player *p, char *err, size_t err_size);
  /* A new game of the given variant from the given position. */
  int (*new_game)(Player *p, const PlayerGame *game, char *err, size_t err_size);
  /* Asks for a move (the other side's last move is the last of game->moves). */
  void (*go)(Player *p, const PlayerGame *game, int64_t deadline_ms, PlayerAnswer *answer);
  /* The game is over (result "1-0" ...); the engine may be asked for the next one. */
  void (*game_over)(Player *p, const char *result);
  /* Says goodbye and stops the process. */
  void (*quit)(Player *p);
} PlayerOps;

struct Player {
  const EngineSpec *spec;
  const PlayerOps *ops;
  Proc proc;
  bool running;
  char id_name[128];       /* the engine's own name, when it gave one */
  bool has_variant_option; /* UCI_Variant offered (UCI) */
  char variants[4096];     /* UCI_Variant values or feature variants= (comma/space separated) */
  /* Option names the engine declared, '\n'-separated (player_options.c). */
  char options[4096];
  size_t options_len;
  bool options_overflow;
  /* XBoard state */
  bool xb_usermove, xb_setboard, xb_ping;
  int xb_sent_moves; /* moves of the game the engine has been told */
  int ping_id;
};

/* Binds a player to its spec and protocol adapter (does not start it). */
void player_init(Player *p, const EngineSpec *spec);

/* The adapters. */
extern const PlayerOps UCI_PLAYER_OPS;
extern const PlayerOps XBOARD_PLAYER_OPS;

/* Shared by the adapters: starts the process of the spec (command line split
 * on spaces, arg= values appended, dir=). */
int player_spawn(Player *p, char *err, size_t err_size);
/* The variant's name for this engine: its variant= setting or Chimera's. */
const char *player_variant_name(const Player *p, const PlayerGame *game);
/* Reads one line before the deadline (see proc_read_line); after the
 * deadline it returns 0 even when lines are waiting. deadline_ms 0: only
 * what is already there, without waiting. */
int player_read(Player *p, char *line, size_t size, int64_t deadline_ms);
bool player_send(Player *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* While waiting for a move: reads one line (true), or sets answer->status
 * to PLAY_TIMEOUT / PLAY_DIED and returns false. */
bool player_read_answer(Player *p, char *line, size_t size, int64_t deadline_ms,
                        PlayerAnswer *answer);
/* After sending the move request: false (answer PLAY_DIED) if it failed. */
bool player_sent_ok(bool sent, PlayerAnswer *answer);

#endif
