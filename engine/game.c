/* game.c — the game on top of board/ (see game.h).
 *
 * Keeps the Position, one Undo per move played (so undo/remove work), and the
 * Zobrist keys of earlier positions, which both the repetition rule and the
 * search's repetition detection need; where the variant has xiangqi's
 * chasing rule, also what each move chased (board/chase.h), which decides
 * a repetition the game referee sees.
 */
#include "engine/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/movetext.h"
#include "board/perft.h"
#include "board/position.h"
#include "board/rules_end.h"

#define GAME_PERFT_DEPTH_MAX 32

struct Game {
  const Variant *variant;
  Position *position;
  Undo *undos;
  uint64_t *keys; /* keys[i]: the position before move i */
  bool *checks;   /* checks[i]: its side to move was in check (capacity + 1: now too) */
  /* chases[i]: the move into position i and what it chased (capacity + 1);
   * NULL unless the variant has chasing=axf, so others pay nothing */
  ChasePly *chases;
  MovePly *moves; /* moves[i]: the i-th move (loss=moverepetition) */
  int ply, capacity;
};

Game *game_create(const Variant *variant, char *err, size_t err_size) {
  Game *game = calloc(1, sizeof *game);
  if (!game) {
    snprintf(err, err_size, "out of memory");
    return NULL;
  }
  game->variant = variant;
  game->position = pos_new(variant, err, err_size);
  if (!game->position) {
    free(game);
    return NULL;
  }
  return game;
}

void game_destroy(Game *game) {
  if (!game) return;
  pos_free(game->position);
  free(game->undos);
  free(game->keys);
  free(game->checks);
  free(game->chases);
  free(game->moves);
  free(game);
}

const Variant *game_variant(const Game *game) {
  return game->variant;
}
const Position *game_position(const Game *game) {
  return game->position;
}
const uint64_t *game_history(const Game *game, const bool **checks, const ChasePly **chases,
                             const MovePly **moves, int *length) {
  *length = game->ply;
  *checks = game->checks;
  *chases = game->chases;
  *moves = game->moves;
  return game->keys;
}

void game_set_chess960(Game *game, bool on) {
  pos_set_chess960(game->position, on);
}

int game_set_fen(Game *game, const char *fen, char *err, size_t err_size) {
  if (!pos_set_fen(game->position, fen, err, err_size)) return -1;
  game->ply = 0;
  return 0;
}

int game_set_start(Game *game, char *err, size_t err_size) {
  if (!pos_set_startpos(game->position, err, err_size)) return -1;
  game->ply = 0;
  return 0;
}

int game_play(Game *game, const char *move, char *err, size_t err_size) {
  Move parsed = move_from_text(game->position, move, err, err_size);
  if (parsed == MOVE_NONE_VALUE) return -1;
  if (game->ply == game->capacity) {
    int capacity = game->capacity ? 2 * game->capacity : 256;
    Undo *undos = realloc(game->undos, sizeof *undos * (size_t)capacity);
    if (undos) game->undos = undos;
    uint64_t *keys = realloc(game->keys, sizeof *keys * (size_t)capacity);
    if (keys) game->keys = keys;
    bool *checks = realloc(game->checks, sizeof *checks * (size_t)(capacity + 1));
    if (checks) game->checks = checks;
    MovePly *moves = realloc(game->moves, sizeof *moves * (size_t)capacity);
    if (moves) game->moves = moves;
    bool chasing = game->variant->rules.chasing != CHASING_NONE;
    ChasePly *chases = game->chases;
    if (chasing) {
      chases = realloc(game->chases, sizeof *chases * (size_t)(capacity + 1));
      if (chases) {
        if (!game->chases) memset(&chases[0], 0, sizeof chases[0]); /* the start: no move */
        game->chases = chases;
      }
    }
    if (!undos || !keys || !checks || !moves || (chasing && !chases)) {
      snprintf(err, err_size, "out of memory");
      return -1;
    }
    game->capacity = capacity;
  }
  game->keys[game->ply] = pos_key(game->position);
  game->checks[game->ply] = pos_in_check(game->position);
  pos_make_move(game->position, parsed, &game->undos[game->ply]);
  game->moves[game->ply] = move_ply_of(&game->undos[game->ply]);
  game->ply++;
  if (game->chases)
    pos_chase_record(game->position, &game->undos[game->ply - 1], &game->chases[game->ply]);
  return 0;
}

int game_undo(Game *game) {
  if (game->ply == 0) return -1;
  game->ply--;
  pos_unmake_move(game->position, &game->undos[game->ply]);
  return 0;
}

int game_ply(const Game *game) {
  return game->ply;
}
Color game_side_to_move(const Game *game) {
  return pos_side_to_move(game->position);
}

GameResult game_result(Game *game, char *reason, size_t reason_size) {
  MoveList *list = malloc(sizeof *list);
  int legal = list ? gen_legal_moves(game->position, list) : -1;
  free(list);
  if (game->checks) game->checks[game->ply] = pos_in_check(game->position);
  GameResult result = pos_game_result_at(game->position, legal, game->checks, game->ply);
  const char *why = "";
  if (result != RESULT_NONE) {
    bool white = pos_side_to_move(game->position) == WHITE;
    /* A position the rules decided has no legal moves either (a royal
     * blown up, facing generals, a goal reached): name the rules, not a
     * stalemate. */
    if (pos_is_decided(game->position))
      why = result == RESULT_DRAW              ? "Draw by the variant's rules"
            : (result == RESULT_LOSS) == white ? "Black wins by the variant's rules"
                                               : "White wins by the variant's rules";
    else if (legal == 0 && pos_in_check(game->position) && result == RESULT_LOSS)
      why = white ? "Black mates" : "White mates";
    else if (legal == 0 && result == RESULT_DRAW)
      why = "Stalemate";
    else if (legal == 0)
      why = "no legal moves";
    else if (result == RESULT_DRAW)
      why = "Draw by move-count rule";
    else
      why =
          result == RESULT_LOSS
              ? (white ? "Black wins by the variant's rules" : "White wins by the variant's rules")
              : (white ? "White wins by the variant's rules" : "Black wins by the variant's rules");
  } else {
    /* The variant's result (minishogi: White loses; the side giving
     * perpetual check loses in shogi and xiangqi), not always a draw. */
    RepetitionCause cause = REPETITION_PLAIN;
    bool white = pos_side_to_move(game->position) == WHITE;
    result = pos_move_repetition_end(game->position, game->moves, game->checks, game->ply);
    if (result != RESULT_NONE) { /* the side to move wins: the other side repeated */
      why = white ? "White wins by move repetition" : "Black wins by move repetition";
    } else {
      result = pos_repetition_end(game->position, game->keys, game->checks, game->chases, game->ply,
                                  &cause);
      if (result != RESULT_NONE && cause == REPETITION_CHASE)
        why = result == RESULT_DRAW              ? "Draw by perpetual chasing"
              : (result == RESULT_LOSS) == white ? "Black wins by perpetual chasing"
                                                 : "White wins by perpetual chasing";
      else if (result != RESULT_NONE)
        why = result == RESULT_DRAW              ? "Draw by repetition"
              : (result == RESULT_LOSS) == white ? "Black wins by repetition"
                                                 : "White wins by repetition";
    }
  }
  snprintf(reason, reason_size, "%s", why);
  return result;
}

int game_legal_moves(Game *game, char *out, size_t out_size) {
  MoveList *list = malloc(sizeof *list);
  if (!list) return -1;
  int count = gen_legal_moves(game->position, list);
  size_t length = 0;
  if (out_size) out[0] = '\0';
  for (int i = 0; i < count; i++) {
    char text[MOVE_TEXT_MAX];
    move_to_text(game->position, list->moves[i], text, sizeof text);
    int n = snprintf(out + length, out_size - length, "%s%s", i ? " " : "", text);
    if (n < 0 || (size_t)n >= out_size - length) break;
    length += (size_t)n;
  }
  free(list);
  return count;
}

static int game_move_castling_side(const Position *position, Move move) {
  if (move_kind(move) != MOVE_CASTLING) return 0;
  return 1 + pos_castling_side(&position->geo, move_from(move), move_extra1(move));
}

int game_castling_side(Game *game, const char *move) {
  Move parsed = move_from_text(game->position, move, NULL, 0);
  return parsed == MOVE_NONE_VALUE ? 0 : game_move_castling_side(game->position, parsed);
}

bool game_castling_move(Game *game, int side, char *out, size_t out_size) {
  MoveList *list = malloc(sizeof *list);
  if (!list) return false;
  int count = gen_legal_moves(game->position, list);
  bool found = false;
  for (int i = 0; i < count && !found; i++)
    if (game_move_castling_side(game->position, list->moves[i]) == side) {
      move_to_text(game->position, list->moves[i], out, out_size);
      found = true;
    }
  free(list);
  return found;
}

/* A move that leaves the board as it was but for the turn: a pass, or a
 * lion stepping out and back without a capture (XBoard's "@@@@"). */
static bool game_move_is_pass(Move m) {
  if (move_wall(m) != EXTRA_NONE) return false; /* wall=ormove's wall is written */
  return move_kind(m) == MOVE_PASS || (move_kind(m) == MOVE_NORMAL && move_from(m) == move_to(m) &&
                                       move_extra1(m) == EXTRA_NONE && move_piece_arg(m) < 0);
}

/* A wall move in XBoard's form: the promotion suffix after the wall
 * (e7e8,e8d5q where UCI has e7e8q,e8d5), as Fairy-Stockfish writes it. */
static void game_wall_to_xboard(const Position *position, Move parsed, const char *move, char *out,
                                size_t out_size) {
  const char *comma = strchr(move, ',');
  char from[16], wall[16];
  geo_square_to_text(&position->geo, move_from(parsed), from, sizeof from);
  geo_square_to_text(&position->geo, move_wall(parsed), wall, sizeof wall);
  size_t after = comma ? strlen(comma + 1) : 0;
  if (!comma || after < strlen(wall)) {
    snprintf(out, out_size, "%s", move);
    return;
  }
  size_t to_len = after - strlen(wall), plain = strlen(from) + to_len;
  size_t before = (size_t)(comma - move);
  const char *suffix = before > plain ? move + plain : "";
  int suffix_len = before > plain ? (int)(before - plain) : 0;
  snprintf(out, out_size, "%.*s,%s%.*s", (int)plain, move, comma + 1, suffix_len, suffix);
}

void game_move_to_xboard(Game *game, const char *move, char *out, size_t out_size) {
  const Position *position = game->position;
  Move parsed = move_from_text(position, move, NULL, 0);
  if (parsed != MOVE_NONE_VALUE && game_move_is_pass(parsed)) {
    snprintf(out, out_size, "@@@@");
    return;
  }
  if (parsed != MOVE_NONE_VALUE && move_wall(parsed) != EXTRA_NONE) {
    game_wall_to_xboard(position, parsed, move, out, out_size);
    return;
  }
  if (parsed == MOVE_NONE_VALUE || move_kind(parsed) != MOVE_NORMAL ||
      move_extra1(parsed) == EXTRA_NONE) {
    snprintf(out, out_size, "%s", move);
    return;
  }
  char from[16], mid[16], to[16];
  geo_square_to_text(&position->geo, move_from(parsed), from, sizeof from);
  geo_square_to_text(&position->geo, move_extra1(parsed), mid, sizeof mid);
  geo_square_to_text(&position->geo, move_to(parsed), to, sizeof to);
  /* A promotion suffix follows the destination in both forms (ours names
   * the captured squares between: movetext.c). */
  size_t plain = strlen(from) + strlen(mid) + strlen(to);
  if (move_extra2(parsed) != EXTRA_NONE) {
    char mid2[16];
    plain += (size_t)geo_square_to_text(&position->geo, move_extra2(parsed), mid2, sizeof mid2);
  }
  const char *suffix = strlen(move) > plain ? move + plain : "";
  snprintf(out, out_size, "%s%s,%s%s%s", from, mid, mid, to, suffix);
}

bool game_move_from_xboard(Game *game, const char *text, char *out, size_t out_size) {
  const Position *position = game->position;
  if (!strcmp(text, "@@@@")) {
    /* XBoard's null move: HaChu passes in chu with it (a lion's turn out
     * and back); ours is the legal move that changes nothing. */
    MoveList *list = malloc(sizeof *list);
    if (!list) return false;
    int count = gen_legal_moves(position, list);
    bool found = false;
    for (int i = 0; i < count && !found; i++)
      if (game_move_is_pass(list->moves[i])) {
        move_to_text(position, list->moves[i], out, out_size);
        found = true;
      }
    free(list);
    return found;
  }
  const char *comma = strchr(text, ',');
  if (!comma) return false;
  int used, used2;
  Square from = geo_square_from_text(&position->geo, text, &used);
  if (from == SQ_NONE) return false;
  Square mid = geo_square_from_text(&position->geo, text + used, &used2);
  if (mid == SQ_NONE || text + used + used2 != comma) return false;
  Square again = geo_square_from_text(&position->geo, comma + 1, &used);
  if (again != mid) return false;
  Square to = geo_square_from_text(&position->geo, comma + 1 + used, &used2);
  if (to == SQ_NONE) return false;
  const char *suffix = comma + 1 + used + used2;
  if (position->variant->rules.wall_rule) {
    /* from mid , mid wall suffix: the wall move whose UCI text is
     * from mid suffix , mid wall */
    char uci[4 * MOVE_TEXT_MAX];
    snprintf(uci, sizeof uci, "%.*s%s,%s", (int)(comma - text), text, suffix, comma + 1);
    uci[strlen(uci) - strlen(suffix)] = '\0';
    if (move_from_text(position, uci, NULL, 0) == MOVE_NONE_VALUE) return false;
    snprintf(out, out_size, "%s", uci);
    return true;
  }
  MoveList *list = malloc(sizeof *list);
  if (!list) return false;
  int count = gen_legal_moves(position, list);
  bool found = false;
  for (int i = 0; i < count && !found; i++) {
    Move m = list->moves[i];
    if (move_kind(m) != MOVE_NORMAL || move_from(m) != from || move_to(m) != to) continue;
    if (move_extra1(m) != mid && move_extra2(m) != mid) continue;
    /* The comma form names one captured square; ours names them all. */
    if (move_extra1(m) != mid || move_extra2(m) != EXTRA_NONE) continue;
    char plain[MOVE_TEXT_MAX], want[4 * MOVE_TEXT_MAX], from_text[16], mid_text[16], to_text[16];
    move_to_text(position, m, plain, sizeof plain);
    geo_square_to_text(&position->geo, from, from_text, sizeof from_text);
    geo_square_to_text(&position->geo, mid, mid_text, sizeof mid_text);
    geo_square_to_text(&position->geo, to, to_text, sizeof to_text);
    snprintf(want, sizeof want, "%s%s%s%s", from_text, mid_text, to_text, suffix);
    if (strcmp(plain, want)) continue;
    snprintf(out, out_size, "%s", plain);
    found = true;
  }
  free(list);
  return found;
}

static bool game_perft_stopped(const atomic_bool *stop, char *err, size_t err_size) {
  if (!stop || !atomic_load(stop)) return false;
  snprintf(err, err_size, "stopped");
  return true;
}

int64_t game_perft(Game *game, int depth,
                   void (*divide)(void *context, const char *move, uint64_t nodes), void *context,
                   const atomic_bool *stop, char *err, size_t err_size) {
  /* Past a few dozen plies no count ever finishes: refuse rather than hang. */
  if (depth < 0 || depth > GAME_PERFT_DEPTH_MAX) {
    snprintf(err, err_size, "perft depth must be 0 to %d", GAME_PERFT_DEPTH_MAX);
    return -1;
  }
  if (!divide || depth == 0) {
    uint64_t nodes = perft_stoppable(game->position, depth, stop);
    return game_perft_stopped(stop, err, err_size) ? -1 : (int64_t)nodes;
  }
  MoveList *list = malloc(sizeof *list);
  if (!list) {
    snprintf(err, err_size, "out of memory");
    return -1;
  }
  int count = gen_legal_moves(game->position, list);
  uint64_t total = 0;
  for (int i = 0; i < count; i++) {
    char text[MOVE_TEXT_MAX];
    move_to_text(game->position, list->moves[i], text, sizeof text);
    Undo undo;
    pos_make_move(game->position, list->moves[i], &undo);
    uint64_t nodes = perft_stoppable(game->position, depth - 1, stop);
    pos_unmake_move(game->position, &undo);
    if (game_perft_stopped(stop, err, err_size)) break;
    divide(context, text, nodes);
    total += nodes;
  }
  free(list);
  return game_perft_stopped(stop, err, err_size) ? -1 : (int64_t)total;
}
