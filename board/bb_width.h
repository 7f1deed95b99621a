/* bb_width.h — the bitboard tables and inline helpers of one width
 * (internal template: bb.h includes it once per BB_BITS, see bb_names.h).
 */
#include "board/bb_names.h"

typedef struct {
  int8_t delta;      /* square index step */
  bool twice;        /* exact double step: the first step must land empty */
  bool initial;      /* only from start squares (pawn-like initial move) */
  uint8_t occupancy; /* Occupancy bits */
  bb_t from_mask;    /* origins from which the step(s) stay on the board */
} BbShiftLeg;

typedef struct BbTables {
  int dir_nb;
  int8_t dir_dx[BB_DIRS_MAX], dir_dy[BB_DIRS_MAX];
  bool dir_up[BB_DIRS_MAX];       /* square indices grow along the ray */
  uint8_t dir_neg[BB_DIRS_MAX];   /* the opposite direction */
  bb_t ray[BB_DIRS_MAX][BB_BITS]; /* squares from sq along the direction, sq excluded */
  bb_t board_mask;                /* squares of the board */
  bb_t near[BB_BITS];             /* sq and the squares one king step from it (royal zones) */
  /* Per type and colour (arrays of type_nb * COLOR_NB, index t * 2 + c). */
  bool *gen_ok;    /* generate this type with bitboards */
  bool *attack_ok; /* test its attacks with bitboards */
  bb_t (*leap_quiet)[BB_BITS], (*leap_capture)[BB_BITS], (*rev_leap)[BB_BITS];
  uint8_t *rider_nb;
  BbRider (*riders)[BB_RIDERS_MAX];
  /* legs of a generated type the masks do not cover (ranges, initial or
   * e.p. flags, exact multi-steps): walked one by one by the leg walker */
  uint8_t *special_nb;
  uint8_t (*special)[BB_RIDERS_MAX];
  /* every special leg is a quiet exact double step over an empty square
   * (a pawn's initial move, mfW2-like): gen_piece plays those without the
   * leg walker */
  bool *special_steps;
  /* single-step capture legs that may also capture e.p.: in the masks for
   * ordinary captures, and checked here against the e.p. squares */
  uint8_t *ep_nb;
  uint8_t (*ep)[BB_RIDERS_MAX];
  bb_t (*ep_rev)[BB_BITS]; /* ep_rev[k][sq]: origins from which such a leg lands on sq */
  bb_t promo_zone[COLOR_NB];
  /* Leaf counting by whole-type shifts (gen_legal_count): a type whose legs
   * are all single-step leapers, exact double steps over an empty square or
   * plain riders counts its leaper moves for all its pieces at once. */
  bool *shift_ok;
  uint8_t *shift_nb;
  BbShiftLeg (*shift)[BB_RIDERS_MAX];
  bb_t *start_mask;               /* squares where the start position has this type */
  uint64_t count_types[COLOR_NB]; /* shift_ok types, not royal or confined (tables.c) */
  /* Rider legs of a generated type split by whether square indices grow
   * along them (the first blocker is then the lowest bit, else the
   * highest), so slides needs no branch per ray; slide_plain: every
   * rider leg moves to empty squares and captures enemies. */
  uint8_t *slide_up_nb, *slide_down_nb;
  uint8_t (*slide_up)[BB_RIDERS_MAX], (*slide_down)[BB_RIDERS_MAX];
  bool *slide_plain;
  /* leap_types[c]: types of colour c with some leaper capture (rev_leap);
   * rider_piece_types[c]: types of colour c riding some direction */
  uint64_t leap_types[COLOR_NB], rider_piece_types[COLOR_NB];
  bool all_attack_ok[COLOR_NB]; /* every type of the colour is attack-tested here */
  /* the same with the plain masks and riders alone (no ranges, lame leaps
   * or hops): the tables.c test for keeping 128-bit generation */
  bool all_attack_plain[COLOR_NB];
  /* Attack tests of legs generation leaves to the walker. Lame leaps: a
   * first step that must land empty (the leg square), then single-step
   * leaps; lame_rev[k][g][sq] holds the origins from which root g of type
   * k leaps onto sq, lame_delta[k][g] the square step from the origin to
   * the leg square. Hops: a slide onto any piece (the screen) and on in
   * the same direction to capture beyond it; hop_dirs[c] has bit d if some
   * type of colour c hops along d, hop_types[c][d] those types. Both make
   * an attack depend on squares a rider's line test does not see (a leg
   * square, a new screen): screened[c] says colour c has such types, and
   * its discoverers then take those squares too. */
  uint8_t *lame_nb;
  int16_t (*lame_delta)[BB_LAME_MAX];
  bb_t (*lame_rev)[BB_LAME_MAX][BB_BITS];
  uint64_t lame_types[COLOR_NB], hop_piece_types[COLOR_NB];
  uint32_t hop_dirs[COLOR_NB];
  uint64_t hop_types[COLOR_NB][BB_DIRS_MAX];
  bool screened[COLOR_NB];
  /* Generation in the walker's own order (root by root, each step by step
   * outward) for types the masks do not generate (gen_ok false) whose roots
   * are leaps (ranges allowed), plain slides, lame leaps or hops and whose
   * moves are stored as they are (BoardTables.direct; repeated ones
   * filtered as the walker does, BoardTables.dedup): gen_legs[k], with the
   * direction of each sliding root in legs_dir[k]. */
  bool *gen_legs;
  uint8_t (*legs_dir)[BB_RIDERS_MAX];
  /* rider_dirs[c]: bit d set if some type of colour c rides direction d
   * without limit; rider_types[c][d]: those types */
  uint32_t rider_dirs[COLOR_NB];
  uint64_t rider_types[COLOR_NB][BB_DIRS_MAX];
} BbTables;

/* Builds the tables if the board fits this width and is flat and not
 * wrapping (tables.c asks the narrowest width that holds the board); NULL
 * otherwise (or on lack of memory, which only costs speed). */
BbTables *BBW(new)(const Variant *v, const Geometry *geo);
/* The parts that need the rest of the tables (promotion zones, royal
 * types): tables.c calls it once they are built. */
void BBW(finish)(BbTables *bb, const BoardTables *t, const Variant *v);
void BBW(free)(BbTables *bb);

/* Targets of the mask-covered legs of the piece on sq (type t, colour c):
 * quiet moves to empty squares and captures of enemies. */
bb_t BBW(targets)(const Position *pos, int sq, int type, Color c);
/* The same, keeping only the quiet targets on quiet_mask (captures all). */
bb_t BBW(targets_within)(const Position *pos, int sq, int type, Color c, bb_t quiet_mask);
/* The number of those targets, or -1 when the type is not generated with
 * bitboards (its moves are walked leg by leg). */
/* Whether squares lo..hi of the row starting at `row` are empty but for
 * the castling royal and partner (rules_castling.c). */
bool BBW(castling_path_clear)(const Position *pos, int row, int lo, int hi, int royal, int partner);
int BBW(mobility)(const Position *pos, int sq, int type, Color c);
/* pos_side_reach on this width: each piece of colour c that the query asks
 * for and that is generated with bitboards, in piece-list order, into out
 * (room for pos->pcount[c]). The occupancy is read once for the side.
 * Returns the count. */
int BBW(side_reach)(const Position *pos, Color c, const ReachQuery *query, PieceReach *out);
/* pos_royal_checks on this width. */
void BBW(royal_checks)(const Position *pos, const int royal_sq[COLOR_NB], RoyalChecks *out);
/* pos_reach_and_checks on this width. */
void BBW(reach_and_checks)(const Position *pos, const ReachQuery *query,
                           const int royal_sq[COLOR_NB], PieceReach *reach_out[COLOR_NB],
                           int reach_count[COLOR_NB], RoyalChecks *checks, int hanging[COLOR_NB]);
/* Pieces of the side to move standing alone between an enemy rider and a
 * royal of theirs (needs all_attack_ok for the enemy). */
bb_t BBW(pinned)(const Position *pos, bb_t royals);
/* Pieces of colour `by` standing alone between a rider of `by` and one of
 * `royals` (enemy royals): moving one of them may give a discovered check
 * (needs all_attack_ok for `by`). With screened[by], also the leg squares
 * of by's lame leaps onto a royal and the lines from a royal holding a
 * hopper of by's: a move from or to one of those may give check. */
bb_t BBW(discoverers)(const Position *pos, Color by, bb_t royals);
/* Whether a piece of type t and colour c standing on sq would attack
 * target on the given occupancy (the mask-covered legs only). */
bool BBW(piece_attacks)(const Position *pos, int sq, int type, Color c, int target, bb_t occupied);
/* Targets of the rider legs only (for types counted by shifts). */
bb_t BBW(rider_targets)(const Position *pos, int sq, int type, Color c);
/* Whether colour `by` attacks sq with the pieces attack_ok covers (the
 * caller walks the others unless all_attack_ok[by]). */
bool BBW(attacked)(const Position *pos, int sq, Color by, bb_t occupied);
/* As attacked, ignoring by's pieces on the squares of `gone` (captured). */
bool BBW(attacked_without)(const Position *pos, int sq, Color by, bb_t occupied, bb_t gone);
/* The pieces of colour `by` among `present` that attack sq on the given
 * occupancy (the attack_ok types only). */
bb_t BBW(attackers)(const Position *pos, int sq, Color by, bb_t occupied, bb_t present);
/* pos_exchange_fast on this width (movegen.h). */
int BBW(exchange)(const Position *pos, Move m, const ExchangeValues *values, int gain,
                  int threshold);
/* Whether the side to move gives check to one of the royal_nb enemy royals
 * by putting a piece of type t on `to`, coming from `from` (a drop when
 * from < 0): the piece's own attack on the new occupancy, and the whole
 * side's attack only when from (or, for a screened side, to) is one of the
 * discoverers `disc` (needs all_attack_ok for the side to move; legal.c's
 * check context). */
bool BBW(gives_check)(const Position *pos, int from, int to, int type, bb_t disc,
                      const Square *royal, int royal_nb);

static inline bb_t BBW(shift)(bb_t b, int delta) {
  return delta >= 0 ? b << delta : b >> -delta;
}

static inline bb_t BBW(occupied)(const Position *pos) {
  return BBP(pos).color[WHITE] | BBP(pos).color[BLACK] | BBP(pos).wall;
}

/* The pieces of colour c of the types in `types` (a set of type indices). */
static inline bb_t BBW(pieces_of)(const Position *pos, Color c, uint64_t types) {
  bb_t b = 0;
  for (; types; types &= types - 1) b |= BBP(pos).type[__builtin_ctzll(types)];
  return b & BBP(pos).color[c];
}

/* Keeps the bitboards in step when a cell changes from old to cell. */
static inline void BBW(cell_update)(Position *pos, int sq, Piece old, Piece cell) {
  bb_t bit = BB_ONE << sq;
  if (old == PIECE_WALL) BBP(pos).wall &= ~bit;
  if (piece_is_real(old)) {
    BBP(pos).color[piece_color(old)] &= ~bit;
    BBP(pos).type[piece_type(old)] &= ~bit;
  }
  if (cell == PIECE_WALL) BBP(pos).wall |= bit;
  if (piece_is_real(cell)) {
    BBP(pos).color[piece_color(cell)] |= bit;
    BBP(pos).type[piece_type(cell)] |= bit;
  }
}

/* Whether the bitboards agree with the board (pos_is_ok). */
static inline bool BBW(agree)(const Position *pos) {
  for (int sq = 0; sq < pos->geo.sq_nb; sq++) {
    Piece p = pos->board[sq];
    bb_t bit = BB_ONE << sq;
    if (!!(BBP(pos).wall & bit) != (p == PIECE_WALL)) return false;
    for (int c = 0; c < COLOR_NB; c++)
      if (!!(BBP(pos).color[c] & bit) != (piece_is_real(p) && piece_color(p) == (Color)c))
        return false;
    if (piece_is_real(p) && !(BBP(pos).type[piece_type(p)] & bit)) return false;
  }
  return true;
}

/* The squares a leg with Occupancy bits `occupancy` may land on: the empty
 * ones if it moves there, the enemy ones if it captures there. */
static inline bb_t BBW(landing)(unsigned occupancy, bb_t empty, bb_t enemy) {
  return (occupancy & OCC_EMPTY ? empty : 0) | (occupancy & OCC_ENEMY ? enemy : 0);
}

/* The squares a rider on sq reaches along d: up to and including the first
 * occupied square. */
static inline bb_t BBW(ride)(const BbTables *bb, int d, int sq, bb_t occupied) {
  bb_t r = bb->ray[d][sq], blockers = r & occupied;
  if (!blockers) return r;
  int b = bb->dir_up[d] ? BBW(lsb)(blockers) : BBW(msb)(blockers);
  return r ^ bb->ray[d][b];
}

/* The first occupied square from sq along direction d, or -1. */
static inline int BBW(first)(const BbTables *bb, int d, int sq, bb_t occupied) {
  bb_t blockers = bb->ray[d][sq] & occupied;
  if (!blockers) return -1;
  return bb->dir_up[d] ? BBW(lsb)(blockers) : BBW(msb)(blockers);
}

/* The squares the rider legs of type k (index t * 2 + c) reach from sq, up
 * to and including the first occupied square of each ray. Branch-free per
 * ray: a ray from the last bit upwards (or from 0 downwards) is empty, so
 * the sentinel bit stands for "no blocker". */
static inline bb_t BBW(slides)(const BbTables *bb, size_t k, int sq, bb_t occupied) {
  bb_t a = 0;
  for (int i = 0; i < bb->slide_up_nb[k]; i++) {
    int d = bb->slide_up[k][i];
    bb_t r = bb->ray[d][sq];
    a |= r ^ bb->ray[d][BBW(lsb)((r & occupied) | BB_ONE << (BB_BITS - 1))];
  }
  for (int i = 0; i < bb->slide_down_nb[k]; i++) {
    int d = bb->slide_down[k][i];
    bb_t r = bb->ray[d][sq];
    a |= r ^ bb->ray[d][BBW(msb)((r & occupied) | 1)];
  }
  return a;
}
