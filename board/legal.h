/* legal.h — the cheap legality test of one node, shared by move generation
 * and the search: what does not change from move to move (the pinned pieces,
 * or the enemy pieces that could attack a royal and their attack walks) is
 * computed once per position, then each pseudo-legal move is tested against
 * it; only moves the variant makes hard to judge (royal moves, castling,
 * multi-capture, drops that may not check, ...) are made, tested and unmade.
 * The answers are exactly pos_is_legal's.
 */
#ifndef CHIMERA_BOARD_LEGAL_H
#define CHIMERA_BOARD_LEGAL_H

#include <stdbool.h>
#include <stdint.h>

#include "board/move.h"
#include "board/position.h"

#define LEGAL_PINNED_MAX         64
#define LEGAL_ROYALS_WATCHED_MAX 4
#define LEGAL_WATCHERS_MAX       64
#define LEGAL_WATCH_READ_WORDS   4 /* boards of up to 256 squares remember the walks */

/* The enemy pieces that could ever attack each of our royals, whatever the
 * occupancy (their reach filter covers the royal's offset): only these can
 * make a move of a non-royal piece illegal. Each watcher's attack walk before
 * the move is remembered with the cells it read: a walk depends on nothing
 * but those cells, so a move changing none of them leaves its answer. */
typedef struct {
  int royal_nb;
  Square royal[LEGAL_ROYALS_WATCHED_MAX];
  int watcher_nb[LEGAL_ROYALS_WATCHED_MAX];
  Square watcher[LEGAL_ROYALS_WATCHED_MAX][LEGAL_WATCHERS_MAX];
  bool remembered;
  bool attacks[LEGAL_ROYALS_WATCHED_MAX][LEGAL_WATCHERS_MAX];
  uint64_t reads[LEGAL_ROYALS_WATCHED_MAX][LEGAL_WATCHERS_MAX][LEGAL_WATCH_READ_WORDS];
} LegalWatch;

/* One position's legality context (large, ~9 kB when watching: keep it off
 * deep C stacks). Valid while the position is the one it was made for; a
 * make followed by its unmake restores that. */
typedef struct {
  int pinned_nb; /* >= 0: pinned pieces are listed (or in pinned_bb); -1: not */
  bool use_bb;   /* pinned_bb holds them (boards of up to 64 squares) */
  bool watching; /* the watch list decides moves of non-royal pieces */
  uint64_t pinned_bb;
  Square pinned[LEGAL_PINNED_MAX];
  LegalWatch watch;
} LegalContext;

/* One position's gives-check context: the enemy royals and the pieces of
 * the side to move that may uncover a check, found once; then a move's
 * check is its own piece's attack from the new square, plus the full test
 * only if it leaves a discovering line. Where the bitboards do not answer
 * every attack of the side to move (hoppers, lame leapers, xiangqi's
 * mailbox), a watch list of our pieces that can reach an enemy royal, each
 * with its remembered attack walk, does the same (CHECK_WATCH): the moved
 * piece walks from its new square, a watcher again only if the move changes
 * a cell its walk read. Where a move does more than move one piece
 * (castling, gating, several captures, explosions), or for atomic and duple
 * royals, the move is made, tested and unmade. The answers are exactly
 * pos_gives_check's. */
typedef enum { CHECK_BY_MAKE, CHECK_NEVER, CHECK_BB64, CHECK_BB128, CHECK_WATCH } CheckMode;
typedef struct {
  CheckMode mode;
  int royal_nb;
  Square royal[LEGAL_ROYALS_WATCHED_MAX];
  uint64_t disc64;
  bb128_t disc128;
  LegalWatch watch; /* CHECK_WATCH: our pieces that can reach an enemy royal */
} CheckContext;

void check_context_init(const Position *pos, CheckContext *ctx);
/* Whether a pseudo-legal move of that position gives check. */
bool check_context_gives(const Position *pos, const CheckContext *ctx, Move move);

/* Computes the context of the side to move (checkers, pins, watchers). */
void legal_context_init(const Position *pos, LegalContext *ctx);
/* Whether a pseudo-legal move of that position is legal (pos_is_legal's
 * answer, made and unmade only where the context cannot tell). */
bool legal_context_test(const Position *pos, const LegalContext *ctx, Move move);

#endif
