/* movegen.h — legal move generation, attack tests and game-end queries.
 *
 * Moves come from walking each piece's compiled MoveProgram (mbn/move_program.h)
 * plus the moves the rules add: castling, drops, promotions, en passant.
 * Legality follows Variant.rules: a move is legal if afterwards no royal of the
 * mover is attacked (unless royals may be exposed) and royals do not face each
 * other where that is banned. Attack tests walk the attackers' own programs
 * towards the target, so they are exact for asymmetric and multi-leg pieces.
 */
#ifndef CHIMERA_BOARD_MOVEGEN_H
#define CHIMERA_BOARD_MOVEGEN_H

#include <stdbool.h>

#include "board/chase.h"
#include "board/move.h"
#include "board/position.h"

/* Whether every move of the variant captures (clobber): no piece may end a
 * move on an empty square, and no rule adds a move that does not capture. */
bool pos_every_move_captures(const Position *pos);

/* All legal moves of the side to move; returns the count (also list->count). */
int gen_legal_moves(const Position *pos, MoveList *list);
/* The number of legal moves (faster than listing them on small boards). */
int gen_legal_count(const Position *pos);
/* Pseudo-legal moves: obey the pieces' moves but may leave a royal attacked. */
int gen_pseudo_moves(const Position *pos, MoveList *list);
/* drop=compulsory: the pseudo-legal moves other than drops, which become
 * legal when no drop is (a check no drop can block; Fairy-Stockfish's
 * mustDrop judges non-drop moves that way). */
int gen_pseudo_board_moves(const Position *pos, MoveList *list);
/* Pseudo-legal moves of the side to move's board pieces that capture the
 * enemy piece on sq (landing on it, taking it on the way, or e.p.), as move
 * generation would list them (promotions included); drops never capture.
 * Returns the count (0 if sq holds no enemy piece). */
int gen_captures_of(const Position *pos, int sq, MoveList *list);
/* Whether gen_pseudo_moves would list the move m (a TT move, say), found
 * by generating only the moves of the piece on m's origin into scratch: 1
 * listed, 0 not, -1 not answered that way (not a board move from a piece,
 * or rules that add board moves or list only drops: sittuyin promotions,
 * gating, walls, compulsory drops). */
int pos_move_listed(const Position *pos, Move m, MoveList *scratch);
/* What the exchange evaluation (search/movepick.c) values pieces at. */
typedef struct {
  const int *value;  /* per type */
  const bool *royal; /* per type: royal by the piece or the rules */
  int plies_max;     /* the exchange stops after this many captures */
} ExchangeValues;
/* The played exchange's answer to "does the board move m, which wins `gain`
 * by itself (exactly: no explosion or flip, one piece taken at most),
 * keep at least threshold when both sides take back on its destination
 * with their least valuable capturer, each free to stop?", found on the
 * bitboards without making a move: 1 yes, 0 no, -1 not answered here
 * (m not a plain move, no bitboards for every type, or a step that may
 * promote, is confined or moves a royal). */
int pos_exchange_fast(const Position *pos, Move m, const ExchangeValues *values, int gain,
                      int threshold);
/* The evaluation's mobility of the piece on sq: the empty squares it moves
 * to and the enemy pieces it captures, by the legs the board's bitboards
 * cover (leapers and riders; not pawn-like initial or e.p. legs). -1 when
 * this board has no bitboards for the piece (boards over 128 squares,
 * wrapping or 3D boards, CHIMERA_NO_BITBOARDS, pieces walked leg by leg). */
int pos_mobility(const Position *pos, int sq);
/* What one piece reaches: its mobility (as pos_mobility), how many of those
 * targets lie on the query's zone_sq or one king step from it (0 when
 * zone_sq < 0: the enemy royal's zone), and how many are enemy pieces whose
 * type is in the piece's threat_types, and how many of its targets an enemy
 * piece of the query's guard_types captures on (0 without guard_types). */
typedef struct {
  uint8_t type;
  int16_t reach, zone, threats, guarded;
} PieceReach;
/* The most pieces pos_side_reach reports: bitboards hold at most 128 squares. */
#define POS_REACH_MAX 128
/* What pos_side_reach counts. */
typedef struct {
  uint64_t types; /* the types to report */
  /* Of those, the types whose threats alone matter (the evaluation's
   * pawn-like pieces): reach and zone are not counted (left 0), and a piece
   * that threatens nothing is left out. */
  uint64_t threats_only;
  int zone_sq;                  /* the zone's centre for every piece, or -1 */
  const uint64_t *threat_types; /* [t]: the threat_types of a piece of type t */
  /* Enemy types whose capture leaps make a target "guarded" (the
   * evaluation's pawn-like pieces; their rider captures are not counted). */
  uint64_t guard_types;
  /* Enemy types that pos_reach_and_checks counts as hanging: attacked by
   * the side and by none of their own (0: none). */
  uint64_t hanging_types;
} ReachQuery;
/* PieceReach of every piece of colour c that the query asks for, in
 * piece-list order, into out (room for POS_REACH_MAX); pieces for which
 * pos_mobility is -1 are left out. Returns how many were written: one call
 * per side instead of one per piece, for the evaluation. */
int pos_side_reach(const Position *pos, Color c, const ReachQuery *query, PieceReach *out);
/* The checks each side could give with its next move, for the evaluation's
 * royal danger. For colour c, where the enemy has a single royal on
 * royal_sq[!c] (>= 0; else c counts nothing): the piece types of c (not
 * royal) that could move, or drop from c's hand, onto a square from which
 * they attack that royal. A type counts as safe when one of those squares is
 * attacked by no enemy piece, or by the enemy royal alone while another
 * piece of c backs the square; else as unsafe. Counted on the bitboards
 * (zeros elsewhere), by leaps, rides, lame leaps and hops; drops ignore the
 * placement rules beyond the drop zones. */
typedef struct {
  int8_t safe[COLOR_NB], unsafe[COLOR_NB];
} RoyalChecks;
void pos_royal_checks(const Position *pos, const int royal_sq[COLOR_NB], RoyalChecks *out);
/* pos_side_reach of both colours (into reach_out[c], reach_count[c]; each
 * colour's zone centred on the enemy's royal_sq, query->zone_sq unread),
 * pos_royal_checks (into checks, unless NULL) and per colour the enemy
 * pieces of query->hanging_types it attacks that no piece of theirs
 * guards (into hanging, unless NULL; attacks by leaps and rides, as the
 * checks count them), from one walk over the pieces: what each needs of a
 * piece is computed once. The same counts as the separate calls. */
void pos_reach_and_checks(const Position *pos, const ReachQuery *query,
                          const int royal_sq[COLOR_NB], PieceReach *reach_out[COLOR_NB],
                          int reach_count[COLOR_NB], RoyalChecks *checks, int hanging[COLOR_NB]);
/* The pseudo-legal moves that capture or promote (pos_is_tactical), in the
 * order gen_pseudo_moves lists them (quiescence's moves). On the mailbox the
 * walk leaves out the legs that cannot capture or promote; elsewhere the full
 * list is filtered. */
int gen_pseudo_tactical(const Position *pos, MoveList *list);
/* Whether a move captures or promotes (drops and castling never do). */
bool pos_is_tactical(const Position *pos, Move move);
/* Whether a pseudo-legal move is legal. */
bool pos_is_legal(const Position *pos, Move move);

/* Whether a piece of colour `by` could capture a piece of the other colour
 * standing on sq (sq may be empty: it is treated as occupied by the target). */
/* Whether the piece on sq counts as unmoved for its initial moves (MBN i),
 * as in Fairy-Stockfish: a pawn-like piece when it stands on a square the
 * start position gives to its kind (its double step depends on where it
 * stands, even if it was dropped there); any other piece while it has not
 * moved since the FEN granted it its initial moves (castling field
 * letters). */
bool pos_piece_unmoved(const Position *pos, int sq);

bool pos_attacked(const Position *pos, int sq, Color by);
/* Whether the side to move has a royal under attack. */
bool pos_in_check(const Position *pos);
/* Whether the move gives check (the opponent's royal attacked afterwards). */
bool pos_gives_check(const Position *pos, Move move);
/* Whether the move captures something (on `to`, e.p., or by a multi-leg move). */
bool pos_is_capture(const Position *pos, Move move);

/* pieces{..}=extinction,lastroyal: colour c's types that are royal now (its
 * last pieces of the set), and whether one of those pieces is attacked. */
TypeSet pos_last_royal_types(const Position *pos, Color c);
bool pos_last_royal_attacked(const Position *pos, Color c);

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
 * move rule where chasing=axf says so (move_rule_extension in rules.c). */
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
