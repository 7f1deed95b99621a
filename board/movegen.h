/* movegen.h — legal move generation and attack tests (game ends:
 * rules_end.h).
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

/* pieces{..}=extinction,lastroyal: whether one of colour c's pieces that
 * are royal now (pos_last_royal_types, rules_royalty.h) is attacked. */
bool pos_last_royal_attacked(const Position *pos, Color c);

#endif
