/* chase.h — xiangqi's rule on perpetual chasing (chasing=axf{..}{..}), as
 * Fairy-Stockfish applies it at the end of a game: after each move, the set
 * of enemy pieces the move chased; over a repetition cycle, the side whose
 * every move chased the same piece loses (both: a draw). The pieces' roles
 * come from the rule, never from piece letters: the groups of axf{R}{NC}{AB}
 * are the pieces that chase, strongest first (VariantRules.chase_rank).
 */
#ifndef CHIMERA_BOARD_CHASE_H
#define CHIMERA_BOARD_CHASE_H

#include <stdint.h>

#include "board/move.h"
#include "board/position.h"

#define CHASE_WORDS       4 /* boards of up to 256 squares (larger ones record no chase) */
#define CHASE_SQUARES_MAX (64 * CHASE_WORDS)

/* One ply of a game: the move that led to the position (MOVE_NONE_VALUE at
 * the start) and the pieces of the side to move it chased, by square. */
typedef struct {
  Move move;
  uint64_t chased[CHASE_WORDS];
} ChasePly;

/* The chases of the move undo->move just made on pos (undo as pos_make_move
 * filled it), into out; out->move is that move. pos is left as it was. An
 * empty set where the variant has no chasing rule.
 *
 * A piece of the side to move is chased when the move gave a piece of a
 * chasing group a new capture of it (the moved piece's own, or one it
 * uncovered), and the target is not royal, stands where it may be chased
 * (a piece with moves limited to where it starts, the soldier's [6-10]sW,
 * only where such a move is open to it: across the river), and either
 *  - belongs to a stronger group than the attacker's, or
 *  - is not an unpinned piece of the attacker's type that attacks it back
 *    (mutual attacks are no chase), and has no root: no unpinned piece
 *    protecting it once the attacker has left, nor its royal where taking
 *    back would not leave the royals facing;
 * or a piece that protected it was newly pinned to its royal and it is
 * attacked by an unpinned enemy, or the move set up a discovered check
 * behind which the uncovering piece can take it without a legal recapture.
 * Fairy-Stockfish's Position::chased(), with the roles from the rule. */
void pos_chase_record(Position *pos, const Undo *undo, ChasePly *out);

/* The same with the caller's working memory (chase_scratch_new; NULL when
 * out of memory), so that a caller recording often does not allocate
 * 220 kB each time: the search at its repetition nodes. One scratch per
 * thread. An empty set where the scratch is NULL or a copy of the position
 * cannot be made. */
typedef struct ChaseScratch ChaseScratch;
ChaseScratch *chase_scratch_new(void);
void chase_scratch_free(ChaseScratch *scratch);
void pos_chase_record_in(Position *pos, const Undo *undo, ChaseScratch *scratch, ChasePly *out);

/* The verdict of chasing over a repetition cycle: the current position is
 * history index `index` (chases[0..index]), the cycle spans the `back` plies
 * before it. RESULT_WIN for the side to move if the opponent chased one
 * piece of it through all its moves of the cycle and it did not chase back,
 * RESULT_LOSS the other way round, RESULT_DRAW if both chased, RESULT_NONE
 * if neither. As Fairy-Stockfish's is_optional_game_end, the opponent's
 * chase must also have held at the move into the cycle's first position
 * (unless that is the history's start). */
GameResult chase_cycle_result(const ChasePly *chases, int index, int back);

#endif
