/* rules_end.h — is the game decided, and how: the game-end rules
 * (checkmate=, stalemate=, draw=, loss=, extinction, hill, connect, bare
 * royal, counting=, repetition). Used by move generation (a decided position
 * has no legal moves), the search and every game loop. */
#ifndef CHIMERA_BOARD_RULES_END_H
#define CHIMERA_BOARD_RULES_END_H

#include <stdbool.h>
#include <stdint.h>

#include "board/chase.h"
#include "board/position.h"
#include "board/rules.h"

extern const RuleField RULES_END_FIELDS[];
extern const int RULES_END_FIELD_COUNT;

/* Whether a rule other than "no legal move" has decided the game (check
 * limit, extinction, hill reached); such a position has no legal moves. */
bool pos_is_decided(const Position *pos);

/* Result for the side to move if the game is over, else RESULT_NONE.
 * legal_count is the number of legal moves (pass -1 to have it computed).
 * Decided by: royal captured/extinct, a decisive (MBN #) capture, check
 * limit reached, no legal moves
 * (checkmate = loss; stalemate per rules), 50-move rule. Repetition needs the
 * game history: pos_repetition_end. */
GameResult pos_game_result(const Position *pos, int legal_count);
/* The same where the game's checks are known: checks[i] whether the side to
 * move was in check at position i of a history whose current position is
 * `index` (checks NULL: none known, as pos_game_result). They lengthen the
 * move rule where chasing=axf says so (move_rule_extension in rules_end.c). */
GameResult pos_game_result_at(const Position *pos, int legal_count, const bool *checks, int index);
/* The result for the side to move when the position repeats often enough
 * (repetition_result, turned round when it is the other colour's). */
GameResult pos_repetition_result(const Position *pos);
/* Which rule decided a repetition. */
typedef enum { REPETITION_PLAIN, REPETITION_CHECK, REPETITION_CHASE } RepetitionCause;
/* The result for the side to move of a repetition whose cycle spans the
 * `back` plies (even) before position `index` of a history: checks[i] says
 * whether the side to move was in check at position i (index-back+1 to index
 * are read). With loss=perpetualcheck the side that gave check at each of
 * its moves in the cycle loses (it is looked for first: the side to move
 * checking too loses); then, with chasing=axf and chases not NULL (chases[i]
 * as pos_chase_record filled it for position i, index-back to index are
 * read), the side that chased one piece throughout loses, both chasing draw
 * (chase_cycle_result); otherwise pos_repetition_result. *cause (may be
 * NULL) says which rule decided. The one rule for the search (a cycle on
 * its path) and pos_repetition_end (the game's). */
GameResult pos_cycle_result(const Position *pos, const bool *checks, const ChasePly *chases,
                            int index, int back, RepetitionCause *cause);
/* One move of a history, for loss=moverepetition: the move and whether it
 * took a piece on its destination. */
typedef struct {
  Move move;
  bool took;
} MovePly;
/* The record of the move `undo` logged (after it was made). */
MovePly move_ply_of(const Undo *undo);
/* loss=moverepetition{..} (Fairy-Stockfish's moveRepetitionIllegal,
 * janggimodern): RESULT_WIN for the side to move when the other side's last
 * five moves carried one piece of the set there and back (the first not
 * taking), none made in check, since the last irreversible move or null
 * move; else RESULT_NONE. moves[k] is the k-th of the plies moves that led
 * to the position (k >= plies - 11 are read), checks[k] whether the side to
 * move was in check before it. The one rule for the game (engine/game.c)
 * and the search (its path after the game's moves). */
GameResult pos_move_repetition_end(const Position *pos, const MovePly *moves, const bool *checks,
                                   int plies);
/* How many times a position must stand for the repetition rule to decide:
 * draw=repetition(N)'s N, 3 by default; the game's and the search's count. */
int pos_repetition_count(const Position *pos);
/* The game's end by repetition, the one rule for every game loop (the
 * referee's game.c, the tuner's self-play): keys[i] is the key of the
 * position before the i-th of the plies moves played and checks[i] whether
 * its side to move was in check; checks[plies] is the current position's.
 * When the current position has stood repetition_count times
 * (draw=repetition(N), 3 by default) since the last irreversible move,
 * the cycle back to the earliest of them decides, as pos_cycle_result
 * (chases may be NULL: no chasing rule applied; chases[0] empty), a draw
 * for a variant built without FBR; RESULT_NONE otherwise, and always with
 * draw=repetition(0). *cause (may be NULL) says which rule decided. */
GameResult pos_repetition_end(const Position *pos, const uint64_t *keys, const bool *checks,
                              const ChasePly *chases, int plies, RepetitionCause *cause);

#endif
