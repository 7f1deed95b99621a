/* move_effects.h — what a move does beyond moving its piece (move_effects.c),
 * called by make (position.c) only. Each logs its changes in undo. */
#ifndef CHIMERA_BOARD_MOVE_EFFECTS_H
#define CHIMERA_BOARD_MOVE_EFFECTS_H

#include <stdbool.h>

#include "board/position.h"
#include "board/rules.h"

/* The fields of VariantRules this module plays (board/rules.c). */
extern const RuleField RULES_EFFECTS_FIELDS[];
extern const int RULES_EFFECTS_FIELD_COUNT;

/* Long move m (MOVE_LONG): its captures and flips on its side squares, in the
 * spill log; whether it took anything. */
bool effects_capture_long(Position *pos, Move m, Color us, Undo *undo);
/* Puts back what effects_capture_long took. */
void effects_uncapture_long(Position *pos, const Undo *undo);
/* A capture on sq by a piece of type mover: atomic's blast, petrify{..}. */
void effects_of_capture(Position *pos, int sq, int mover, Undo *undo);
/* royal=aimed{..}: a piece of type mover landed on to. */
void effects_aimed(Position *pos, int mover, int to, Undo *undo);
/* castling=dropped: a piece of colour us dropped on to. */
void effects_dropped_castling(Position *pos, Color us, int to, Undo *undo);
/* O-O-O-O: a piece of colour c promoted on sq (its vertical castling right). */
void effects_promoted_castling(Position *pos, Color c, int sq, Undo *undo);
/* wall=...: the move's wall on sq. */
void effects_place_wall(Position *pos, int sq, Undo *undo);
/* flip=line / flip=around, after move m has landed. */
void effects_flip(Position *pos, Move m, Undo *undo);
/* ii: royals of the side to move standing in check lose their ii moves. */
void effects_fresh_royals_checked(Position *pos, Undo *undo);

#endif
