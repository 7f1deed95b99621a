/* eval.c — generic static evaluation, from the side to move's point of view.
 *
 * Terms, all derived from the variant (eval_tables.c), none assuming a board
 * size, a king or orthodox pieces:
 *   1. material and piece-square terms, tapered between middle and end game
 *      by the phase (non-pawn material left relative to the start position);
 *   2. pieces in hand, worth a little more than on the board; where the
 *      variant's weights give them, mobility (squares each piece reaches),
 *      squares reached around the enemy royal and how many pieces reach
 *      them, enemy pieces attacked by pawn-like or lesser pieces, enemy
 *      pieces attacked and guarded by nothing of theirs, and a
 *      bonus for a pair of a type;
 *   3. pawn-like structure: doubled and isolated pieces, passed ones by how
 *      close they are to promotion and (end game) how far the enemy royal is;
 *   4. royal safety: friends next to each royal, enemy pieces close to it,
 *      the checks the enemy could give next move (safe or guarded);
 *   5. the variant's goal: distance of royals to the hill, checks given
 *      towards an n-check limit, the last piece of an extinction set;
 *   6. converting a material advantage (endgame_evaluate): where a
 *      bared royal loses, fewer enemy pieces are worth more; the stronger
 *      side drives the lone enemy royal to the edge with its own royal and
 *      hunts the last one or two defenders;
 *   7. the move-count rule: the score shrinks towards a draw as the
 *      halfmove clock runs, so the stronger side prefers progress;
 *   8. a small bonus for the side to move.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "search/search_internal.h"

/* eval_trace.c compiles this file again with EVAL_TRACE defined: then every
 * parameter's contribution is also recorded (for `chimera tune`), and the
 * engine's own build carries no trace code at all. */
#ifdef EVAL_TRACE
#include "search/eval_trace.h"
#define TRACE_PARAM              , EvalTrace *trace
#define TRACE_ARG                , trace
#define TRACE(index, coef, kind) eval_trace_add(trace, (index), (coef), (kind))
#define EVAL_FUNCTION            eval_position_trace
#define EVAL_TRACED              true
#else
#define TRACE_PARAM
#define TRACE_ARG
#define TRACE(index, coef, kind) ((void)0)
#define EVAL_FUNCTION            eval_position
#define EVAL_TRACED              false
#endif
#define W(index) (tables->param[index])

/* What a term counts: the engine only what has a weight that is not 0
 * (weighted), the traced build everything the term applies to
 * (applicable), so that the tuner can fit weights that are still 0. For a
 * term over types both are sets of types; for a single term, 1 or 0
 * (term_counted). A constant in each build, so the engine's test folds
 * away. */
static inline uint64_t counted_types(uint64_t weighted, uint64_t applicable) {
  return EVAL_TRACED ? applicable : weighted;
}

/* Whether a single term whose weight is `weight` is evaluated. */
static inline bool term_counted(int weight) {
  return counted_types(weight != 0, 1) != 0;
}

#define FILES_MAX 64

typedef struct {
  int mg, eg;
} Score2;

/* The pawn-like pieces of each colour, gathered by the material loop so the
 * structure terms need not scan every piece again. */
#define PAWN_LIST_MAX 128
typedef struct {
  int count[COLOR_NB];
  bool overflow;            /* more than PAWN_LIST_MAX of a colour (no shipped variant has more than
                             * 36): the structure terms are skipped */
  uint64_t files[COLOR_NB]; /* the files (below FILES_MAX) that hold some */
  int16_t sq[COLOR_NB][PAWN_LIST_MAX];
  uint8_t type[COLOR_NB][PAWN_LIST_MAX];
} PawnList;

/* King-distance from a square to a (file, rank) point, which may lie off the board. */
static int distance_to(const EvalTables *tables, int sq, int file, int rank) {
  int df = abs(tables->file_of[sq] - file), dr = abs(tables->rank_of[sq] - rank);
  return df > dr ? df : dr;
}

/* How close a passed pawn-like piece d steps from promotion is (larger when
 * closer). */
static int passed_near(int ranks, int d) {
  int near = ranks - d;
  return near < 0 ? 0 : near;
}

/* The part of the structure that depends on the pawn-like pieces alone
 * (type, colour, square), so the search may cache it by pawn key: doubled,
 * isolated and passed sums, and where the passed ones stand. */
typedef struct {
  int mg, eg;
  int passed_count;
  int16_t passed[COLOR_NB * PAWN_LIST_MAX];
} PawnStructure;

#define RANKS_MAX 64

/* Pawn-like pieces with a friendly one on a neighbouring file of the same
 * rank (a phalanx) or of the rank behind (a chain), worth more the further
 * they have advanced. Ranks from RANKS_MAX on are left out. */
static void connected_evaluate(const EvalTables *tables, const PawnList *pawns, int ranks,
                               int files, PawnStructure *out TRACE_PARAM) {
  uint64_t rows[COLOR_NB][RANKS_MAX]; /* per colour and rank: the files that hold one */
  memset(rows, 0, sizeof rows);
  for (int c = 0; c < COLOR_NB; c++)
    for (int i = 0; i < pawns->count[c]; i++) {
      int sq = pawns->sq[c][i], f = tables->file_of[sq], r = tables->rank_of[sq];
      if (f < files && r < RANKS_MAX) rows[c][r] |= (uint64_t)1 << f;
    }
  for (int c = 0; c < COLOR_NB; c++) {
    int sign = c == WHITE ? 1 : -1, back = c == WHITE ? -1 : 1;
    for (int i = 0; i < pawns->count[c]; i++) {
      int sq = pawns->sq[c][i], f = tables->file_of[sq], r = tables->rank_of[sq];
      if (f >= files || r >= RANKS_MAX) continue;
      uint64_t beside = (f > 0 ? (uint64_t)1 << (f - 1) : 0) |
                        (f + 1 < files && f + 1 < FILES_MAX ? (uint64_t)1 << (f + 1) : 0);
      int behind = r + back;
      bool linked = (rows[c][r] & beside) || (behind >= 0 && behind < ranks && behind < RANKS_MAX &&
                                              rows[c][behind] & beside);
      if (!linked) continue;
      int own = c == WHITE ? r : ranks - 1 - r;
      out->mg += sign * own * W(EW_CONNECTED_MG);
      out->eg += sign * own * W(EW_CONNECTED_EG);
      TRACE(EW_CONNECTED_MG, sign * own, EVAL_KIND_MG);
      TRACE(EW_CONNECTED_EG, sign * own, EVAL_KIND_EG);
    }
  }
}

static void pawns_structure(const Position *pos, const EvalTables *tables, const PawnList *pawns,
                            PawnStructure *out TRACE_PARAM) {
  const Geometry *geo = &pos->geo;
  int files = geo->files < FILES_MAX ? geo->files : FILES_MAX;
  int ranks = geo->ranks;
  out->mg = out->eg = out->passed_count = 0;
  /* Per colour and file: count, and the least advanced rank. Only the files
   * that hold some (pawns->files) are set, and read. */
  int count[COLOR_NB][FILES_MAX];
  int rearmost[COLOR_NB][FILES_MAX]; /* in the colour's own direction */
  bool connected = term_counted(W(EW_CONNECTED_MG) | W(EW_CONNECTED_EG));
  for (int c = 0; c < COLOR_NB; c++)
    for (uint64_t held = pawns->files[c]; held; held &= held - 1) {
      int f = __builtin_ctzll(held);
      count[c][f] = 0, rearmost[c][f] = 1 << 20;
    }
  for (int c = 0; c < COLOR_NB; c++)
    for (int i = 0; i < pawns->count[c]; i++) {
      int sq = pawns->sq[c][i];
      int f = tables->file_of[sq];
      if (f >= files) continue;
      int r = tables->rank_of[sq];
      int own = c == WHITE ? r : ranks - 1 - r;
      count[c][f]++;
      if (own < rearmost[c][f]) rearmost[c][f] = own;
    }
  for (int c = 0; c < COLOR_NB; c++) {
    int sign = c == WHITE ? 1 : -1;
    Color them = (Color)!c;
    uint64_t mine = pawns->files[c], theirs = pawns->files[them];
    for (uint64_t held = mine; held; held &= held - 1) {
      int f = __builtin_ctzll(held);
      /* Doubled and isolated. */
      if (count[c][f] > 1) {
        out->mg -= sign * W(EW_DOUBLED_MG) * (count[c][f] - 1), out->eg -= sign * W(EW_DOUBLED_EG);
        TRACE(EW_DOUBLED_MG, -sign * (count[c][f] - 1), EVAL_KIND_MG);
        TRACE(EW_DOUBLED_EG, -sign, EVAL_KIND_EG);
      }
      bool left = f > 0 && mine >> (f - 1) & 1, right = f + 1 < files && mine >> (f + 1) & 1;
      if (!left && !right) {
        out->mg -= sign * W(EW_ISOLATED_MG), out->eg -= sign * W(EW_ISOLATED_EG);
        TRACE(EW_ISOLATED_MG, -sign, EVAL_KIND_MG);
        TRACE(EW_ISOLATED_EG, -sign, EVAL_KIND_EG);
      }
    }
    /* Passed: no enemy pawn-like piece ahead on this or a neighbouring file. */
    for (int i = 0; i < pawns->count[c]; i++) {
      int sq = pawns->sq[c][i];
      int f = tables->file_of[sq];
      if (f >= files) continue;
      int own = c == WHITE ? tables->rank_of[sq] : ranks - 1 - tables->rank_of[sq];
      bool passed = true;
      for (int g = f - 1; g <= f + 1 && passed; g++) {
        if (g < 0 || g >= files || !(theirs >> g & 1)) continue;
        /* Enemy rearmost (in its own direction) converted to our ranks. */
        int their_front = ranks - 1 - rearmost[them][g];
        if (their_front > own) passed = false;
      }
      if (!passed) continue;
      int d = tables->promo_distance[c][sq];
      if (d < 0) continue;
      int near = passed_near(ranks, d);
      int scale = tables->promo_scale[pawns->type[c][i]];
      out->mg += sign * W(EW_PASSED_MG) * near;
      out->eg += sign * near * near * W(EW_PASSED_EG) * scale / 100;
      TRACE(EW_PASSED_MG, sign * near, EVAL_KIND_MG);
      TRACE(EW_PASSED_EG, sign * near * near * scale / 100.0, EVAL_KIND_EG);
      out->passed[out->passed_count++] = (int16_t)sq;
    }
  }
  if (connected) connected_evaluate(tables, pawns, ranks, files, out TRACE_ARG);
}

/* End game: our royal near the square in front of each passed pawn, theirs
 * far from it (the royals decide whether a passed pawn runs). Half weight
 * even where promotion gains little: any new piece counts. Not cached: it
 * reads where the royals stand (royal_sq: each colour's single royal, or -1).
 * The piece on each passed square is the pawn-like piece found there. */
static void passed_royal(const Position *pos, const EvalTables *tables, const int16_t *passed,
                         int passed_count, const int royal_sq[COLOR_NB], Score2 *out TRACE_PARAM) {
  if (royal_sq[WHITE] < 0 || royal_sq[BLACK] < 0) return;
  int ranks = pos->geo.ranks;
  for (int i = 0; i < passed_count; i++) {
    int sq = passed[i];
    Piece p = pos_piece_on(pos, sq);
    Color c = piece_color(p), them = (Color)!c;
    int sign = c == WHITE ? 1 : -1;
    int near = passed_near(ranks, tables->promo_distance[c][sq]);
    int scale = tables->promo_scale[piece_type(p)];
    int f = tables->file_of[sq], front = tables->rank_of[sq] + (c == WHITE ? 1 : -1);
    int d_us = distance_to(tables, royal_sq[c], f, front);
    int d_them = distance_to(tables, royal_sq[them], f, front);
    int prox = near * (3 * (d_them < 5 ? d_them : 5) - (d_us < 5 ? d_us : 5));
    out->eg += sign * prox * (50 + scale / 2) * W(EW_PASSED_ROYAL) / 10000;
    TRACE(EW_PASSED_ROYAL, sign * prox * (50 + scale / 2) / 10000.0, EVAL_KIND_EG);
  }
}

/* royal_sq: each colour's royal, or -1 unless it has exactly one. cache: the
 * search thread's pawn cache, or NULL (the traced build never has one: it
 * records every term's coefficients). */
static void pawns_evaluate(const Position *pos, const EvalTables *tables, const PawnList *pawns,
                           const int royal_sq[COLOR_NB], PawnCache *cache,
                           Score2 *out TRACE_PARAM) {
  if (!pawns->count[WHITE] && !pawns->count[BLACK]) return;
  PawnEntry *entry = NULL;
  if (cache) {
    uint64_t key = pos_pawn_key(pos);
    entry = &cache->entries[key & cache->mask];
    if (entry->key == key) {
      out->mg += entry->mg, out->eg += entry->eg;
      passed_royal(pos, tables, entry->passed, entry->passed_count, royal_sq, out TRACE_ARG);
      return;
    }
  }
  PawnStructure s;
  pawns_structure(pos, tables, pawns, &s TRACE_ARG);
  out->mg += s.mg, out->eg += s.eg;
  /* Structures with more passed pieces than an entry holds (rare, never in
   * chess) are simply computed again each time. */
  if (entry && s.passed_count <= PAWN_ENTRY_PASSED_MAX) {
    entry->key = pos_pawn_key(pos);
    entry->mg = s.mg, entry->eg = s.eg;
    entry->passed_count = (int16_t)s.passed_count;
    memcpy(entry->passed, s.passed, (size_t)s.passed_count * sizeof s.passed[0]);
  }
  passed_royal(pos, tables, s.passed, s.passed_count, royal_sq, out TRACE_ARG);
}

static int chebyshev(const EvalTables *tables, int a, int b) {
  int df = abs(tables->file_of[a] - tables->file_of[b]);
  int dr = abs(tables->rank_of[a] - tables->rank_of[b]);
  return df > dr ? df : dr;
}

/* Shelter and danger of colour c's royal on royal_sq: pieces within two
 * squares of it, found by looking at those squares (EvalTables.around), not
 * by measuring every piece. */
static void royal_safety(const Position *pos, const EvalTables *tables, Color c, int royal_sq,
                         Score2 *out TRACE_PARAM) {
  int sign = c == WHITE ? 1 : -1;
  int shelter = 0, danger = 0;
  const EvalNear *near = tables->around + tables->around_first[royal_sq];
  const EvalNear *end = tables->around + tables->around_first[royal_sq + 1];
  for (; near < end; near++) {
    Piece p = pos_piece_on(pos, near->sq);
    if (!piece_is_real(p)) continue;
    int t = piece_type(p), d = near->distance;
    if (piece_color(p) == c)
      shelter += d == 1 ? 1 : 0;
    else if (!tables->pawn_like[t] && !tables->royal[t])
      danger += (3 - d) * (tables->value[t] > 400 ? 2 : 1);
  }
  if (shelter > 4) shelter = 4;
  out->mg += sign * (W(EW_SHELTER) * shelter - W(EW_DANGER) * danger);
  TRACE(EW_SHELTER, sign * shelter, EVAL_KIND_MG);
  TRACE(EW_DANGER, -sign * danger, EVAL_KIND_MG);
}

/* census_royal_sq: each colour's royal if it has exactly one (the material
 * loop found it), else -1 and the piece list is searched for them. */
static void royals_evaluate(const Position *pos, const EvalTables *tables,
                            const int census_royal_sq[COLOR_NB], Score2 *out TRACE_PARAM) {
  const VariantRules *rules = &pos->variant->rules;
  for (int c = 0; c < COLOR_NB; c++) {
    int sign = c == WHITE ? 1 : -1;
    if (census_royal_sq[c] >= 0)
      royal_safety(pos, tables, (Color)c, census_royal_sq[c], out TRACE_ARG);
    else
      for (int i = 0; i < pos->pcount[c]; i++) {
        int sq = pos->plist[c][i];
        if (tables->royal[piece_type(pos_piece_on(pos, sq))])
          royal_safety(pos, tables, (Color)c, sq, out TRACE_ARG);
      }
    /* King of the hill, racing kings: the goal pieces' distance to the hill,
     * closer is better, sharply so at the end. */
    for (int i = 0; tables->hill_distance[c] && i < pos->pcount[c]; i++) {
      int sq = pos->plist[c][i];
      if (!type_set_has(&tables->hill_types, piece_type(pos_piece_on(pos, sq)))) continue;
      int d = tables->hill_distance[c][sq];
      int near = 8 - (d < 8 ? d : 8);
      out->mg += sign * near * near * W(EW_HILL_MG);
      out->eg += sign * near * near * W(EW_HILL_EG);
      TRACE(EW_HILL_MG, sign * near * near, EVAL_KIND_MG);
      TRACE(EW_HILL_EG, sign * near * near, EVAL_KIND_EG);
    }
    /* n-check: checks given so far, worth more as the limit nears. */
    if (rules->check_limit > 0) {
      int given = pos->st.checks_given[c];
      int bonus = given * W(EW_CHECK) * rules->check_limit / (rules->check_limit - given + 1);
      out->mg += sign * bonus, out->eg += sign * bonus;
      TRACE(EW_CHECK, sign * given * rules->check_limit / (double)(rules->check_limit - given + 1),
            EVAL_KIND_BOTH);
    }
  }
}

/* connect=line(N) and square(N): each group of squares that wins
 * (EvalTables.align_first) that holds k counting pieces of one side and
 * none of the other's is k^2 for that side: the groups still open,
 * weighted by how far along they are (negative where filling one loses).
 * White's view, untapered. */
static int align_evaluate(const Position *pos, const EvalTables *tables TRACE_PARAM) {
  int total = 0;
  for (int i = 0; i < tables->align_count; i++) {
    int first = tables->align_first[i], n = tables->align_first[i + 1] - first;
    int own[COLOR_NB] = {0, 0};
    for (int k = 0; k < n; k++) {
      Piece p = pos_piece_on(pos, tables->align_squares[first + k]);
      if (piece_is_real(p) && type_set_has(&tables->align_types, piece_type(p)))
        own[piece_color(p)]++;
      else if (p != PIECE_NONE)
        own[WHITE] = own[BLACK] = n; /* a wall or another piece closes it */
    }
    if (own[WHITE] && !own[BLACK] && own[WHITE] < n) total += own[WHITE] * own[WHITE];
    if (own[BLACK] && !own[WHITE] && own[BLACK] < n) total -= own[BLACK] * own[BLACK];
  }
  total *= tables->align_sign;
  TRACE(EW_ALIGN, total, EVAL_KIND_GOAL);
  return total * W(EW_ALIGN);
}

/* flip=line (reversi): a stone no line can ever enclose stays its side's
 * to the count at the end. Along each of its four axes a stone is safe
 * when a neighbour on the axis is the edge, a wall or a stable stone of
 * its side, or when the axis's run of squares between edges and walls is
 * full; it is stable when safe on all four. Passes over the board add
 * stable stones until none is added. Per stable stone, White's view,
 * untapered. */
static int stable_evaluate(const Position *pos, const EvalTables *tables TRACE_PARAM) {
  const int16_t *next = tables->flip_next;
  int sq_nb = pos->variant->shape.files * pos->variant->shape.ranks;
  uint8_t full[SQUARE_MAX], stable[SQUARE_MAX];
  memset(full, 0, (size_t)sq_nb);
  memset(stable, 0, (size_t)sq_nb);
  /* full: bit a where the run along axis a holds no empty square */
  for (int a = 0; a < 4; a++)
    for (int sq = 0; sq < sq_nb; sq++) {
      int back = next[sq * 8 + a + 4];
      if (pos_piece_on(pos, sq) == PIECE_WALL ||
          (back >= 0 && pos_piece_on(pos, back) != PIECE_WALL))
        continue; /* not the start of a run */
      bool filled = true;
      int s = sq;
      for (; s >= 0 && pos_piece_on(pos, s) != PIECE_WALL; s = next[s * 8 + a])
        filled &= pos_piece_on(pos, s) != PIECE_NONE;
      if (filled)
        for (s = sq; s >= 0 && pos_piece_on(pos, s) != PIECE_WALL; s = next[s * 8 + a])
          full[s] |= (uint8_t)(1 << a);
    }
  int count[COLOR_NB] = {0, 0};
  for (bool added = true; added;) {
    added = false;
    for (int sq = 0; sq < sq_nb; sq++) {
      Piece p = pos_piece_on(pos, sq);
      if (!piece_is_real(p) || stable[sq]) continue;
      bool safe = true;
      for (int a = 0; a < 4 && safe; a++) {
        if (full[sq] >> a & 1) continue;
        safe = false;
        for (int side = 0; side < 2 && !safe; side++) {
          int n = next[sq * 8 + a + 4 * side];
          Piece q = n < 0 ? PIECE_WALL : pos_piece_on(pos, n);
          safe = q == PIECE_WALL || (stable[n] && piece_color(q) == piece_color(p));
        }
      }
      if (safe) stable[sq] = 1, count[piece_color(p)]++, added = true;
    }
  }
  int total = count[WHITE] - count[BLACK];
  TRACE(EW_STABLE, total, EVAL_KIND_GOAL);
  return total * W(EW_STABLE);
}

/* flip=line: the turns a stone put on some empty square now would make,
 * found in one sweep of the empty squares. Each run of one side's stones
 * from an empty square closed by a stone of the other's is exposed (each
 * stone counted once, `exposed` against its side), and the square is one
 * where the other side's stone would turn some (`enclosing`, for it).
 * White's view, untapered. */
static int turns_to_come_evaluate(const Position *pos, const EvalTables *tables TRACE_PARAM) {
  const int16_t *next = tables->flip_next;
  int sq_nb = pos->variant->shape.files * pos->variant->shape.ranks;
  uint8_t exposed[SQUARE_MAX];
  memset(exposed, 0, sq_nb > 0 ? (size_t)sq_nb : 0); /* a board has squares: said for GCC */
  int count[COLOR_NB] = {0, 0}, enclosing[COLOR_NB] = {0, 0};
  for (int sq = 0; sq < sq_nb; sq++) {
    if (pos_piece_on(pos, sq) != PIECE_NONE) continue;
    bool encloses[COLOR_NB] = {false, false};
    for (int d = 0; d < 8; d++) {
      int first = next[sq * 8 + d], s = first;
      if (first < 0 || !piece_is_real(pos_piece_on(pos, first))) continue;
      Color side = piece_color(pos_piece_on(pos, first));
      while (s >= 0 && piece_is_real(pos_piece_on(pos, s)) &&
             piece_color(pos_piece_on(pos, s)) == side)
        s = next[s * 8 + d];
      if (s < 0 || !piece_is_real(pos_piece_on(pos, s))) continue; /* not closed */
      encloses[!side] = true;
      for (int r = first; r != s; r = next[r * 8 + d])
        if (!exposed[r]) exposed[r] = 1, count[side]++;
    }
    enclosing[WHITE] += encloses[WHITE], enclosing[BLACK] += encloses[BLACK];
  }
  int total = count[BLACK] - count[WHITE], squares = enclosing[WHITE] - enclosing[BLACK];
  TRACE(EW_EXPOSED, total, EVAL_KIND_GOAL);
  TRACE(EW_ENCLOSING, squares, EVAL_KIND_GOAL);
  return total * W(EW_EXPOSED) + squares * W(EW_ENCLOSING);
}

/* What a square costs colour c's chain: 0 with a piece of its that counts,
 * 1 empty (a stone to place), -1 (blocked) with any other piece or a wall. */
static int link_cost(const Position *pos, int sq, Color c) {
  Piece p = pos->board[sq];
  if (p == PIECE_NONE) return 1;
  return piece_is_real(p) && piece_color(p) == c &&
                 type_set_has(&pos->variant->rules.connect_types, piece_type(p))
             ? 0
             : -1;
}

/* A chain that cannot be made counts as this many squares to fill (a cap,
 * so that a blocked side weighs a bounded amount). */
#define LINK_NONE 64

/* The fewest empty squares colour c must fill to complete a chain of
 * connect=from[..],to[..] (its counting pieces cost nothing, any other
 * piece or a wall blocks): a 0-1 breadth-first search along the chain's
 * steps (EvalTables.link_next), from the squares of its first area.
 * LINK_NONE when no chain can be made. */
static int link_distance(const Position *pos, const EvalTables *tables, Color c) {
  const VariantRules *r = &pos->variant->rules;
  const uint8_t *from = r->connect_from[c], *to = r->connect_to[c];
  if (!from || !to) return LINK_NONE;
  int sq_nb = pos->geo.sq_nb;
  static _Thread_local int dist[SQUARE_MAX];
  /* a square enters at most twice (its distance falls at most once after
   * it is first reached), so either end stays within 2 * SQUARE_MAX */
  static _Thread_local int16_t deque[4 * SQUARE_MAX];
  int head = 2 * SQUARE_MAX, tail = 2 * SQUARE_MAX; /* 0-cost steps go in front */
  for (int sq = 0; sq < sq_nb; sq++) dist[sq] = INT_MAX;
  for (int sq = 0; sq < sq_nb; sq++) {
    if (!from[sq]) continue;
    int cost = link_cost(pos, sq, c);
    if (cost < 0) continue;
    dist[sq] = cost;
    if (cost)
      deque[tail++] = (int16_t)sq;
    else
      deque[--head] = (int16_t)sq;
  }
  while (head < tail) {
    int sq = deque[head++];
    if (to[sq]) return dist[sq];
    for (int d = 0; d < tables->link_dirs; d++) {
      int s = tables->link_next[sq * tables->link_dirs + d];
      if (s < 0) continue;
      int cost = link_cost(pos, s, c);
      if (cost < 0 || dist[sq] + cost >= dist[s]) continue;
      dist[s] = dist[sq] + cost;
      if (cost)
        deque[tail++] = (int16_t)s;
      else
        deque[--head] = (int16_t)s;
    }
  }
  return LINK_NONE;
}

/* connect=from[..],to[..] (gale): each side's fewest squares still to fill
 * for its chain; the side with fewer is ahead by the difference. */
static int link_evaluate(const Position *pos, const EvalTables *tables TRACE_PARAM) {
  int diff = link_distance(pos, tables, BLACK) - link_distance(pos, tables, WHITE);
  TRACE(EW_LINK, diff, EVAL_KIND_GOAL);
  return diff * W(EW_LINK);
}

static int extinction_evaluate(const Position *pos, const EvalTables *tables TRACE_PARAM) {
  TypeSet types = pos->variant->rules.extinction_types;
  if (type_set_is_empty(types)) return 0;
  int score = 0;
  for (int c = 0; c < COLOR_NB; c++) {
    int left = 0;
    for (int t = 0; t < pos->variant->piece_count; t++)
      if (type_set_has(&types, t)) left += pos_count_pieces(pos, (Color)c, t);
    if (left == 1) {
      score += c == WHITE ? -W(EW_EXTINCTION) : W(EW_EXTINCTION);
      TRACE(EW_EXTINCTION, c == WHITE ? -1 : 1, EVAL_KIND_GOAL);
    }
  }
  return score;
}

/* What the board says each piece of the types `types` reaches
 * (board/mobility.c: bitboard boards only, else nothing is counted):
 * mobility, squares around the enemy royal (royal_sq: each colour's single
 * royal, or -1), and enemy pieces it threatens (EvalTables.threat_types). */
/* The counts one colour's pieces reach (pos_side_reach): mobility, the
 * enemy royal's zone, threats, safe mobility. */
static inline __attribute__((always_inline)) void reach_score(const EvalTables *tables, Color c,
                                                              const PieceReach *found, int n,
                                                              Score2 *out TRACE_PARAM) {
  int sign = c == WHITE ? 1 : -1;
  int attackers = 0, zone_total = 0;
  for (int i = 0; i < n; i++) {
    int type = found[i].type, reach = found[i].reach, zone = found[i].zone;
    int threats = found[i].threats;
    if (tables->pawn_like[type]) {
      out->mg += sign * threats * W(EW_THREAT_PAWN_MG);
      out->eg += sign * threats * W(EW_THREAT_PAWN_EG);
      TRACE(EW_THREAT_PAWN_MG, sign * threats, EVAL_KIND_MG);
      TRACE(EW_THREAT_PAWN_EG, sign * threats, EVAL_KIND_EG);
      continue;
    }
    out->mg += sign * (reach * tables->mobility_mg[type] + zone * tables->zone_mg[type] +
                       threats * W(EW_THREAT_MG));
    out->eg += sign * (reach * tables->mobility_eg[type] + zone * tables->zone_eg[type] +
                       threats * W(EW_THREAT_EG));
    attackers += zone > 0;
    zone_total += zone;
    /* Squares an enemy pawn-like piece guards are worth less, and a
     * piece with almost no safe square is nearly trapped. */
    int guarded = found[i].guarded;
    int restricted = tables->royal[type] || reach - guarded >= 3 ? 0 : 3 - (reach - guarded);
    out->mg += sign * (guarded * W(EW_GUARDED_MG) - restricted * W(EW_RESTRICTED_MG));
    out->eg += sign * (guarded * W(EW_GUARDED_EG) - restricted * W(EW_RESTRICTED_EG));
    TRACE(EW_GUARDED_MG, sign * guarded, EVAL_KIND_MG);
    TRACE(EW_GUARDED_EG, sign * guarded, EVAL_KIND_EG);
    TRACE(EW_RESTRICTED_MG, -sign * restricted, EVAL_KIND_MG);
    TRACE(EW_RESTRICTED_EG, -sign * restricted, EVAL_KIND_EG);
    TRACE(tables->mobility_param + 2 * type, sign * reach, EVAL_KIND_MG);
    TRACE(tables->mobility_param + 2 * type + 1, sign * reach, EVAL_KIND_EG);
    TRACE(tables->zone_param + 2 * type, sign * zone, EVAL_KIND_MG);
    TRACE(tables->zone_param + 2 * type + 1, sign * zone, EVAL_KIND_EG);
    TRACE(EW_THREAT_MG, sign * threats, EVAL_KIND_MG);
    TRACE(EW_THREAT_EG, sign * threats, EVAL_KIND_EG);
  }
  /* Attacks on a royal grow faster than their count: one attacker is
   * parried, several break through. */
  int pairs = attackers * (attackers - 1) / 2;
  out->mg += sign * pairs * W(EW_ZONE_ATTACKERS);
  TRACE(EW_ZONE_ATTACKERS, sign * pairs, EVAL_KIND_MG);
  /* And with the weight of the attack: the squares reached around the
   * royal, squared (Stockfish's king danger is quadratic the same way). */
  int danger = zone_total * zone_total;
  out->mg += sign * (danger * W(EW_ZONE_DANGER)) / 8;
  TRACE(EW_ZONE_DANGER, sign * danger / 8.0, EVAL_KIND_MG);
}

/* What pos_side_reach counts for the types in `types`. */
static ReachQuery reach_query(const EvalTables *tables, uint64_t types) {
  /* Pawn-like pieces count only their threats (below): the board skips the
   * rest for them, and those that threaten nothing. Targets an enemy
   * pawn-like piece captures on are counted apart (safe mobility), where a
   * weight asks for them. */
  bool guard =
      term_counted(W(EW_GUARDED_MG) | W(EW_GUARDED_EG) | W(EW_RESTRICTED_MG) | W(EW_RESTRICTED_EG));
  return (ReachQuery){.types = types,
                      .threats_only = types & tables->pawn_like_types,
                      .zone_sq = -1,
                      .threat_types = tables->threat_types,
                      .guard_types = guard ? tables->pawn_like_types : 0,
                      .hanging_types = 0};
}

static void reach_evaluate(const Position *pos, const EvalTables *tables, uint64_t types,
                           const int royal_sq[COLOR_NB], Score2 *out TRACE_PARAM) {
  PieceReach found[POS_REACH_MAX];
  ReachQuery query = reach_query(tables, types);
  for (int c = 0; c < COLOR_NB; c++) {
    query.zone_sq = royal_sq[!c];
    int n = pos_side_reach(pos, (Color)c, &query, found);
    reach_score(tables, (Color)c, found, n, out TRACE_ARG);
  }
}

/* The checks each side could give with its next move (pos_royal_checks),
 * per piece type: from a square the enemy does not guard, or only from
 * guarded ones (Stockfish's safe and unsafe checks; drops count, which is
 * most of the danger in drop variants). Middle game. */
static void checks_score(const EvalTables *tables, const RoyalChecks *checks,
                         Score2 *out TRACE_PARAM) {
  for (int c = 0; c < COLOR_NB; c++) {
    int sign = c == WHITE ? 1 : -1;
    out->mg += sign * (checks->safe[c] * W(EW_SAFE_CHECK) + checks->unsafe[c] * W(EW_UNSAFE_CHECK));
    TRACE(EW_SAFE_CHECK, sign * checks->safe[c], EVAL_KIND_MG);
    TRACE(EW_UNSAFE_CHECK, sign * checks->unsafe[c], EVAL_KIND_MG);
  }
}

/* Enemy pieces (not royal) that a side attacks and no piece of theirs
 * guards: one may be lost, and two cannot both be saved. */
static void hanging_score(const EvalTables *tables, const int hanging[COLOR_NB],
                          Score2 *out TRACE_PARAM) {
  for (int c = 0; c < COLOR_NB; c++) {
    int sign = c == WHITE ? 1 : -1;
    out->mg += sign * hanging[c] * W(EW_HANGING_MG);
    out->eg += sign * hanging[c] * W(EW_HANGING_EG);
    TRACE(EW_HANGING_MG, sign * hanging[c], EVAL_KIND_MG);
    TRACE(EW_HANGING_EG, sign * hanging[c], EVAL_KIND_EG);
  }
}

/* The reach terms (types: those asked, 0 for none), the checks (when
 * `checks`) and the hanging pieces (when `hanging`): where more than the
 * reach terms are asked, from one walk over the pieces
 * (pos_reach_and_checks) instead of one per term. */
static void reach_and_checks_evaluate(const Position *pos, const EvalTables *tables, uint64_t types,
                                      bool checks, bool hanging, const int royal_sq[COLOR_NB],
                                      Score2 *out TRACE_PARAM) {
  checks = checks && (royal_sq[WHITE] >= 0 || royal_sq[BLACK] >= 0);
  if (checks || hanging) {
    PieceReach white[POS_REACH_MAX], black[POS_REACH_MAX];
    PieceReach *found[COLOR_NB] = {white, black};
    int n[COLOR_NB], hung[COLOR_NB];
    RoyalChecks counted;
    ReachQuery query = reach_query(tables, types);
    query.hanging_types = tables->nonroyal_types;
    pos_reach_and_checks(pos, &query, royal_sq, found, n, checks ? &counted : NULL,
                         hanging ? hung : NULL);
    for (int c = 0; c < COLOR_NB && types; c++)
      reach_score(tables, (Color)c, found[c], n[c], out TRACE_ARG);
    if (checks) checks_score(tables, &counted, out TRACE_ARG);
    if (hanging) hanging_score(tables, hung, out TRACE_ARG);
  } else if (types) {
    reach_evaluate(pos, tables, types, royal_sq, out TRACE_ARG);
  }
}

/* Two or more pieces of a type (the bishop pair: they cover each other's
 * squares), for the types in `types`; twice[c]: the types colour c has two or
 * more of. */
static void pairs_evaluate(const EvalTables *tables, uint64_t types, const uint64_t twice[COLOR_NB],
                           Score2 *out TRACE_PARAM) {
  for (uint64_t left = (twice[WHITE] ^ twice[BLACK]) & types; left; left &= left - 1) {
    int t = __builtin_ctzll(left);
    int pair = twice[WHITE] >> t & 1 ? 1 : -1;
    out->mg += pair * tables->pair_mg[t];
    out->eg += pair * tables->pair_eg[t];
    TRACE(tables->pair_param + 2 * t, pair, EVAL_KIND_MG);
    TRACE(tables->pair_param + 2 * t + 1, pair, EVAL_KIND_EG);
  }
}

/* Pieces of the types in `types` on a file without pawn-like pieces, or
 * without friendly ones but with enemy ones: the rook on an open file. */
static void files_evaluate(const Position *pos, const EvalTables *tables, uint64_t types,
                           const PawnList *pawns, Score2 *out TRACE_PARAM) {
  for (int c = 0; c < COLOR_NB; c++) {
    int sign = c == WHITE ? 1 : -1;
    for (int i = 0; i < pos->pcount[c]; i++) {
      int sq = pos->plist[c][i];
      int type = piece_type(pos_piece_on(pos, sq));
      if (type >= EVAL_SET_TYPES || !(types >> type & 1)) continue;
      int f = tables->file_of[sq];
      if (f >= FILES_MAX || pawns->files[c] >> f & 1) continue;
      if (pawns->files[!c] >> f & 1) {
        out->mg += sign * tables->semiopen_mg[type], out->eg += sign * tables->semiopen_eg[type];
        TRACE(tables->semiopen_param + 2 * type, sign, EVAL_KIND_MG);
        TRACE(tables->semiopen_param + 2 * type + 1, sign, EVAL_KIND_EG);
      } else {
        out->mg += sign * tables->open_mg[type], out->eg += sign * tables->open_eg[type];
        TRACE(tables->open_param + 2 * type, sign, EVAL_KIND_MG);
        TRACE(tables->open_param + 2 * type + 1, sign, EVAL_KIND_EG);
      }
    }
  }
}

/* Files at and next to each single royal without a friendly pawn-like
 * piece: the lines heavy pieces attack it along. */
static void royal_files_evaluate(const EvalTables *tables, const int royal_sq[COLOR_NB],
                                 const PawnList *pawns, int files, Score2 *out TRACE_PARAM) {
  for (int c = 0; c < COLOR_NB; c++) {
    if (royal_sq[c] < 0) continue;
    int sign = c == WHITE ? 1 : -1, f = tables->file_of[royal_sq[c]], open = 0;
    for (int g = f - 1; g <= f + 1; g++)
      open += g >= 0 && g < files && g < FILES_MAX && !(pawns->files[c] >> g & 1);
    out->mg -= sign * open * W(EW_ROYAL_OPEN);
    TRACE(EW_ROYAL_OPEN, -sign * open, EVAL_KIND_MG);
  }
}

/* What the pair and endgame terms need, gathered by the material loop. */
typedef struct {
  uint64_t once[COLOR_NB], twice[COLOR_NB]; /* the types on the board, those twice or more */
  int material[COLOR_NB];                   /* non-royal values on the board */
  int pieces[COLOR_NB]; /* non-royal pieces on the board (the bare-royal count) */
  int royals[COLOR_NB];
  int royal_sq[COLOR_NB];    /* the last royal seen */
  int piece_sq[COLOR_NB][2]; /* the first two non-royal pieces seen */
} Census;

/* Enemy pieces left, when a bared royal loses: bonus to the side ahead in
 * material for each piece fewer (trades and picking off the last defenders
 * are the way to win), for 1..5 pieces left. */
static const int BARE_BONUS[6] = {0, 260, 150, 80, 40, 15};
#define BARE_MARGIN   90 /* material lead that makes a side "ahead" */
#define BARED_TO_MOVE 3000
#define MOPUP_MARGIN  150
#define MOPUP_FULL    450 /* lead at which the mop-up term is at full weight */
#define MOPUP_EDGE    18  /* per step the weak royal is nearer an edge */
#define MOPUP_CLOSE   8   /* per step the royals are nearer each other */
#define MOPUP_APART   12  /* per step a last defender is from its royal */
#define MOPUP_HUNT    6   /* per step a last defender is nearer the strong royal */

/* Converting a lead: where a bared royal loses, fewer enemy pieces; and the
 * lone weak royal driven to the edge, the strong royal close to it (end game
 * only). White's point of view, into goal (untapered) and eg. */
static void endgame_evaluate(const Position *pos, const EvalTables *tables, const Census *census,
                             int *goal, Score2 *out) {
  int lead = census->material[WHITE] - census->material[BLACK];
  Color strong = lead >= 0 ? WHITE : BLACK, weak = (Color)!strong;
  int sign = strong == WHITE ? 1 : -1;
  if (lead < 0) lead = -lead;
  if (tables->bare_goal) {
    /* Bared with the move: lost unless this move bares the other side back,
     * which takes taking its only piece (the search tries every move here). */
    Color us = pos_side_to_move(pos);
    if (tables->bare_reply && census->pieces[us] == 0 && census->pieces[!us] > 1)
      *goal += us == WHITE ? -BARED_TO_MOVE : BARED_TO_MOVE;
    int left = census->pieces[weak];
    if (lead >= BARE_MARGIN && left > 0 && left < 6) *goal += sign * BARE_BONUS[left];
  }
  if (tables->mop_up && lead >= MOPUP_MARGIN && census->royals[WHITE] == 1 &&
      census->royals[BLACK] == 1) {
    int weak_sq = census->royal_sq[weak], strong_sq = census->royal_sq[strong];
    int edge = tables->edge_max - tables->edge_distance[weak_sq];
    int close = tables->span - chebyshev(tables, weak_sq, strong_sq);
    int weight = lead < MOPUP_FULL ? lead : MOPUP_FULL;
    int mop = MOPUP_EDGE * edge + MOPUP_CLOSE * close;
    /* The last one or two defenders: away from their royal and near ours,
     * they are lost (taking them is how a bared royal loses, and how a
     * knight or ferz falls in any game). */
    for (int i = 0; i < census->pieces[weak] && i < 2 && census->pieces[weak] <= 2; i++) {
      int sq = census->piece_sq[weak][i];
      int apart = chebyshev(tables, sq, weak_sq);
      mop += MOPUP_APART * (apart < 5 ? apart : 5);
      mop += MOPUP_HUNT * (tables->span - chebyshev(tables, sq, strong_sq));
    }
    out->eg += sign * mop * weight / MOPUP_FULL;
  }
}

#ifndef EVAL_TRACE
bool eval_cache_init(EvalCache *cache, int pawn_log2, int score_log2) {
  cache->pawns.entries = calloc((size_t)1 << pawn_log2, sizeof(PawnEntry));
  cache->pawns.mask = ((uint64_t)1 << pawn_log2) - 1;
  cache->scores = calloc((size_t)1 << score_log2, sizeof(EvalScoreEntry));
  cache->score_mask = ((uint64_t)1 << score_log2) - 1;
  if (cache->pawns.entries && cache->scores) return true;
  eval_cache_free(cache);
  return false;
}

void eval_cache_clear(EvalCache *cache) {
  if (cache->pawns.entries)
    memset(cache->pawns.entries, 0, (size_t)(cache->pawns.mask + 1) * sizeof(PawnEntry));
  if (cache->scores)
    memset(cache->scores, 0, (size_t)(cache->score_mask + 1) * sizeof(EvalScoreEntry));
}

void eval_cache_free(EvalCache *cache) {
  free(cache->pawns.entries);
  free(cache->scores);
  cache->pawns.entries = NULL;
  cache->scores = NULL;
  cache->pawns.mask = cache->score_mask = 0;
}
#endif

/* Terms 1-6, from the side to move's point of view: everything that depends
 * on the position's key alone (board, hands, side to move, checks given), so
 * the score cache may keep it. The move-count rule and tempo come after
 * (eval_finish). */
static int eval_board(const Position *pos, const EvalTables *tables, PawnCache *cache TRACE_PARAM) {
  Score2 total = {0, 0};
  int phase = 0;
  int types = pos->variant->piece_count;
  Census census = {{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {-1, -1}, {{-1, -1}, {-1, -1}}};
  PawnList pawns;
  pawns.count[WHITE] = pawns.count[BLACK] = 0;
  pawns.overflow = false;
  pawns.files[WHITE] = pawns.files[BLACK] = 0;

  /* 1. Material and piece-square terms. */
  for (int c = 0; c < COLOR_NB; c++) {
    int sign = c == WHITE ? 1 : -1;
    for (int i = 0; i < pos->pcount[c]; i++) {
      int sq = pos->plist[c][i];
      int type = piece_type(pos_piece_on(pos, sq));
      int value = tables->antimaterial[type] ? -tables->value[type] : tables->value[type];
      total.mg += sign * tables->placed_mg[type][c][sq];
      total.eg += sign * tables->placed_eg[type][c][sq];
      TRACE(tables->value_param + 2 * type, tables->antimaterial[type] ? -sign : sign,
            EVAL_KIND_MG);
      TRACE(tables->value_param + 2 * type + 1, tables->antimaterial[type] ? -sign : sign,
            EVAL_KIND_EG);
      TRACE(eval_psq_param(tables, type, c, 0, sq), sign, EVAL_KIND_MG);
      TRACE(eval_psq_param(tables, type, c, 1, sq), sign, EVAL_KIND_EG);
      phase += tables->phase_weight[type];
      /* types beyond EVAL_SET_TYPES have no pair term: not in the census */
      uint64_t bit = (uint64_t)(type < EVAL_SET_TYPES) << (type & (EVAL_SET_TYPES - 1));
      census.twice[c] |= census.once[c] & bit;
      census.once[c] |= bit;
      if (tables->pawn_like[type]) {
        int n = pawns.count[c], f = tables->file_of[sq];
        if (n < PAWN_LIST_MAX)
          pawns.sq[c][n] = (int16_t)sq, pawns.type[c][n] = (uint8_t)type, pawns.count[c]++;
        else
          pawns.overflow = true;
        if (f < FILES_MAX) pawns.files[c] |= 1ULL << f;
      }
      if (tables->royal[type]) {
        census.royals[c]++, census.royal_sq[c] = sq;
      } else {
        if (census.pieces[c] < 2) census.piece_sq[c][census.pieces[c]] = sq;
        census.pieces[c]++;
        census.material[c] += value;
      }
    }
    /* 2. Pieces in hand. */
    for (int t = 0; t < types; t++) {
      int n = pos_hand_count(pos, (Color)c, t);
      if (!n) continue;
      total.mg += sign * n * tables->hand_value[t];
      total.eg += sign * n * tables->hand_value[t];
      TRACE(tables->hand_param + t, sign * n, EVAL_KIND_BOTH);
      phase += n * tables->phase_weight[t];
    }
  }

  /* 3. Pawn-like structure; 4-5. royals and goals. */
  int one_royal[COLOR_NB];
  for (int c = 0; c < COLOR_NB; c++) one_royal[c] = census.royals[c] == 1 ? census.royal_sq[c] : -1;
  if (!pawns.overflow) pawns_evaluate(pos, tables, &pawns, one_royal, cache, &total TRACE_ARG);
  uint64_t reach = counted_types(tables->reach_types, tables->nonroyal_types);
  uint64_t pairs = counted_types(tables->pair_types, tables->mobility_types);
  if (pairs) pairs_evaluate(tables, pairs, census.twice, &total TRACE_ARG);
  /* Files are open or not only where the variant has pawn-like pieces. */
  uint64_t files = counted_types(tables->file_types, tables->mobility_types);
  if (files && !pawns.overflow && tables->has_pawn_like)
    files_evaluate(pos, tables, files, &pawns, &total TRACE_ARG);
  if (term_counted(W(EW_ROYAL_OPEN)) && !pawns.overflow && tables->has_pawn_like)
    royal_files_evaluate(tables, one_royal, &pawns, pos->variant->shape.files, &total TRACE_ARG);
  reach_and_checks_evaluate(pos, tables, reach, term_counted(W(EW_SAFE_CHECK) | W(EW_UNSAFE_CHECK)),
                            term_counted(W(EW_HANGING_MG) | W(EW_HANGING_EG)), one_royal,
                            &total TRACE_ARG);
  royals_evaluate(pos, tables, one_royal, &total TRACE_ARG);
  int goal = extinction_evaluate(pos, tables TRACE_ARG);
  if (tables->align_count && term_counted(W(EW_ALIGN)))
    goal += align_evaluate(pos, tables TRACE_ARG);
  if (tables->link_next && term_counted(W(EW_LINK))) goal += link_evaluate(pos, tables TRACE_ARG);
  if (tables->flip_next && term_counted(W(EW_STABLE)))
    goal += stable_evaluate(pos, tables TRACE_ARG);
  if (tables->flip_next && term_counted(W(EW_EXPOSED) | W(EW_ENCLOSING)))
    goal += turns_to_come_evaluate(pos, tables TRACE_ARG);
  endgame_evaluate(pos, tables, &census, &goal, &total);

  /* Taper: phase 1.0 = all the start position's pieces are still there. */
  if (phase > tables->phase_total) phase = tables->phase_total;
#ifdef EVAL_TRACE
  eval_trace_finish(trace, tables, total.mg, total.eg, goal, phase, tables->phase_total);
#endif
  int score = (total.mg * phase + total.eg * (tables->phase_total - phase)) / tables->phase_total;
  score += goal;
  return pos_side_to_move(pos) == BLACK ? -score : score;
}

/* Terms 7 and 8 on eval_board's score, and the clamp. */
static int eval_finish(const Position *pos, const EvalTables *tables, int score TRACE_PARAM) {
  /* 7. The move-count rule draws a won game nobody makes progress in: from
   *    the clock's start to its limit (at most the usual 50 moves, which
   *    GUIs adjudicate whatever the variant says), the score halves. With
   *    Black's draw odds (armageddon) that draw is Black's win: only
   *    White's advantage shrinks. */
  int limit = pos->variant->rules.move_rule;
  if (limit > 0 && (pos->variant->rules.counting != COUNTING_BLACK_DRAW_ODDS ||
                    (pos_side_to_move(pos) == WHITE ? score : -score) > 0)) {
    int plies = 2 * (limit < 50 ? limit : 50), clock = pos_rule50(pos);
    if (clock > plies) clock = plies;
    score = score * (2 * plies - clock) / (2 * plies);
#ifdef EVAL_TRACE
    trace->scale = (2.0 * plies - clock) / (2.0 * plies);
#endif
  }

  /* 8. Tempo. */
  score += W(EW_TEMPO);
#ifdef EVAL_TRACE
  trace->white_to_move = pos_side_to_move(pos) == WHITE;
#endif
  if (score > SEARCH_EVAL_MAX) score = SEARCH_EVAL_MAX;
  if (score < -SEARCH_EVAL_MAX) score = -SEARCH_EVAL_MAX;
  return score;
}

#ifdef EVAL_TRACE
int eval_position_trace(const Position *pos, const EvalTables *tables, EvalTrace *trace) {
  eval_trace_clear(trace);
  return eval_finish(pos, tables, eval_board(pos, tables, NULL, trace), trace);
}
#else
int eval_position(const Position *pos, const EvalTables *tables) {
  return eval_finish(pos, tables, eval_board(pos, tables, NULL));
}

int eval_position_cached(const Position *pos, const EvalTables *tables, EvalCache *cache) {
  if (!cache) return eval_position(pos, tables);
  uint64_t key = pos_key(pos);
  EvalScoreEntry *entry = &cache->scores[key & cache->score_mask];
  int score;
  if (entry->key == key && key) {
    score = entry->score;
  } else {
    score = eval_board(pos, tables, &cache->pawns);
    entry->key = key;
    entry->score = score;
  }
  return eval_finish(pos, tables, score);
}
#endif
