/* fen.c — reading and writing positions in Fairy-Stockfish's FEN dialect.
 *
 *   board [holdings] side castling ep [checks] halfmove fullmove
 *
 * Board ranks go from the top rank down, files from a; digits may form
 * multi-digit runs ("10"); '*' is a wall; "+X" is the promoted piece type
 * named "+X"; "X~" marks a piece promoted from a pawn (it reverts when
 * captured into a hand). Holdings follow the board in "[...]" or as one
 * extra "/..." rank. Castling is KQkq (outermost partner) or file letters
 * (Shredder / X-FEN); letters naming no partner are accepted and ignored
 * (Seirawan gating rights use them). Check counters "W+B" give the checks
 * each side still needs, as Fairy-Stockfish writes them.
 * Boards with several levels list the top level first, each level's ranks
 * from the top, levels separated by '|' (docs/variants.md): Raumschach is
 * "rnknr/ppppp/5/5/5|...|5/5/5/PPPPP/RNKNR".
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/position.h"
#include "board/rules_royalty.h"
#include "board/tables.h"

int variant_find_type(const Variant *v, const char *letter, int len) {
  for (int t = 0; t < v->piece_count; t++) {
    const char *l = v->pieces[t].letter;
    if ((int)strlen(l) != len) continue;
    int i = 0;
    while (i < len && toupper((unsigned char)letter[i]) == l[i]) i++;
    if (i == len) return t;
  }
  return -1;
}

/* Reads one piece at *p ("N", "n", "+P", "Q~", and as MBN names them, the
 * compound ":BM:" / ":bm:", the prefixed "-Q" / "-q" and the side-mover
 * "'P" / "'p"); the case of the
 * first letter gives the colour. Returns its cell or PIECE_NONE. */
static Piece fen_read_piece(const Variant *v, const char **p) {
  const char *s = *p;
  int side = s[0] == '\''; /* a side-mover, 'P (MBN §2) */
  int len = side + (s[side] && strchr("+-#$%&", s[side]) ? 2 : 1), first = len - 1;
  if (s[side] == ':') {
    const char *close = strchr(s + side + 1, ':');
    if (!close || close - s - side > 4 || close - s - side < 2) return PIECE_NONE;
    len = (int)(close - s) + 1, first = side + 1;
  }
  if (!isalpha((unsigned char)s[first])) return PIECE_NONE;
  if (s[len] == '<') { /* a member of a piece group, R<s> (MBN §3) */
    const char *close = strchr(s + len, '>');
    if (!close || close - s >= PIECE_LETTER_MAX) return PIECE_NONE;
    len = (int)(close - s) + 1;
  }
  int type = variant_find_type(v, s, len);
  if (type < 0) return PIECE_NONE;
  Color c = isupper((unsigned char)s[first]) ? WHITE : BLACK;
  Piece cell = piece_make(c, type);
  s += len;
  if (*s == '~') {
    cell |= PIECE_PROMOTED;
    s++;
  }
  *p = s;
  return cell;
}

typedef struct {
  Piece *board;
  uint8_t hand[COLOR_NB][PIECE_TYPE_MAX];
} FenBoard;

static bool fen_fail(char *err, size_t errlen, const char *what, const char *near) {
  snprintf(err, errlen, "bad FEN: %s near '%.12s'", what, near);
  return false;
}

static bool fen_read_holdings(const Variant *v, const char **p, char stop, FenBoard *fb, char *err,
                              size_t errlen) {
  const char *s = *p;
  while (*s && *s != stop && !isspace((unsigned char)*s)) {
    const char *at = s;
    Piece cell = fen_read_piece(v, &s);
    if (cell == PIECE_NONE && *s == '-') { /* "[-]": empty holdings */
      s++;
      continue;
    }
    if (cell == PIECE_NONE) return fen_fail(err, errlen, "unknown piece in holdings", at);
    if (fb->hand[piece_color(cell)][piece_type(cell)] < 255)
      fb->hand[piece_color(cell)][piece_type(cell)]++;
  }
  if (stop == ']') {
    if (*s != ']') return fen_fail(err, errlen, "holdings lack ']'", *p);
    s++;
  }
  *p = s;
  return true;
}

/* How many pieces of `type` the variant's start position puts in c's hand. */
static int fen_start_hand_count(const Variant *v, Color c, int type) {
  const char *s = v->start_fen ? v->start_fen : "";
  size_t board = strcspn(s, " ");
  const char *open = memchr(s, '[', board);
  if (!open) return 0;
  s = open + 1;
  FenBoard start;
  memset(&start, 0, sizeof start);
  return fen_read_holdings(v, &s, ']', &start, NULL, 0) ? start.hand[c][type] : 0;
}

static bool fen_starts_in_hand(const Variant *v, Color c, int type) {
  return fen_start_hand_count(v, c, type) > 0;
}

/* Whether colour c may lose its last royal: taken (royal=expose), blown up
 * (atomic), or turned into a piece that is not royal by a promotion or a
 * demotion. */
static bool fen_royals_may_leave(const Position *pos, Color c) {
  const Variant *v = pos->variant;
  const VariantRules *r = &v->rules;
  if (r->royal_may_be_exposed || r->atomic) return true;
  TypeSet royals = pos->tables->royal_mask[c];
  for (int t = type_set_first(royals); t >= 0; t = type_set_next(royals, t)) {
    const PieceType *piece = &v->pieces[t];
    if (type_set_any(type_set_minus(*piece_promotions(piece, c), royals))) return true;
    if (r->promotion_demote && piece->promoted_from >= 0 &&
        !type_set_has(&royals, piece->promoted_from))
      return true;
  }
  return false;
}

/* Whether colour c must keep a royal: its start position gives it one
 * (horde's White has none, a variant without a start position asks nothing,
 * and while the start itself is read its counts are not known yet) and none
 * may leave the board. A side left with fewer royals than it started with
 * but one at least (coregal without its queen) is a position the rules
 * still play; one without any is not. */
static bool fen_needs_royal(const Position *pos, Color c) {
  const BoardTables *t = pos->tables;
  TypeSet royals = t->royal_mask[c];
  int start = 0;
  for (int type = type_set_first(royals); type >= 0; type = type_set_next(royals, type))
    start += t->start_count[c][type] + fen_start_hand_count(pos->variant, c, type);
  return start > 0 && !fen_royals_may_leave(pos, c);
}

/* A side without a royal where the game is won by mating one (chess without
 * a white king) is in a position the rules do not define: no move of the
 * other side could be judged legal nor the game lost. */
static bool fen_check_royals(const Position *pos, const FenBoard *fb, const char *fen, char *err,
                             size_t errlen) {
  for (int c = 0; c < COLOR_NB; c++) {
    if (!fen_needs_royal(pos, (Color)c)) continue;
    const TypeSet *royals = &pos->tables->royal_mask[c];
    bool found = false;
    for (int sq = 0; sq < pos->geo.sq_nb && !found; sq++) {
      Piece cell = fb->board[sq];
      found = piece_is_real(cell) && piece_color(cell) == (Color)c &&
              type_set_has(royals, piece_type(cell));
    }
    for (int t = 0; t < pos->variant->piece_count && !found; t++)
      found = type_set_has(royals, t) && fb->hand[c][t] > 0;
    if (!found)
      return fen_fail(err, errlen,
                      c == WHITE ? "White has no royal piece, which this variant's rules need"
                                 : "Black has no royal piece, which this variant's rules need",
                      fen);
  }
  return true;
}

static bool fen_read_board(const Position *pos, const char **p, FenBoard *fb, char *err,
                           size_t errlen) {
  const Geometry *geo = &pos->geo;
  const Variant *v = pos->variant;
  const char *s = *p;
  int rows = geo->ranks * geo->levels;
  for (int row = 0; row < rows; row++) {
    int level = geo->levels - 1 - row / geo->ranks, rank = geo->ranks - 1 - row % geo->ranks;
    int file = 0;
    while (*s && *s != '/' && *s != '|' && *s != '[' && !isspace((unsigned char)*s)) {
      if (isdigit((unsigned char)*s)) {
        int n = 0;
        while (isdigit((unsigned char)*s) && n <= 1000) n = n * 10 + (*s++ - '0');
        if (n == 0) return fen_fail(err, errlen, "empty run of 0", s - 1);
        file += n;
        if (file > geo->files) return fen_fail(err, errlen, "rank too long", s - 1);
        continue;
      }
      if (file >= geo->files) return fen_fail(err, errlen, "rank too long", s);
      Square sq = geo_square(geo, file, rank, level);
      if (*s == '*') {
        fb->board[sq] = PIECE_WALL;
        s++;
        file++;
        continue;
      }
      const char *at = s;
      Piece cell = fen_read_piece(v, &s);
      if (cell == PIECE_NONE) return fen_fail(err, errlen, "unknown piece", at);
      fb->board[sq] = cell;
      file++;
    }
    if (file != geo->files) return fen_fail(err, errlen, "rank too short", s);
    if (row + 1 < rows) {
      char sep = (row + 1) % geo->ranks ? '/' : '|'; /* '|' between levels */
      if (*s != sep)
        return fen_fail(err, errlen, sep == '|' ? "expected '|' between levels" : "too few ranks",
                        s);
      s++;
    }
  }
  if (*s == '[') {
    s++;
    if (!fen_read_holdings(v, &s, ']', fb, err, errlen)) return false;
  } else if (*s == '/') {
    /* Fairy-Stockfish's "/holdings" after the last rank; a rank there (a
     * digit, or a variant without hands) is one rank too many */
    const VariantRules *r = &v->rules;
    if (isdigit((unsigned char)s[1]) || (!r->holdings && !r->drops && !r->gating))
      return fen_fail(err, errlen, "too many ranks", s);
    s++;
    if (!fen_read_holdings(v, &s, ' ', fb, err, errlen)) return false;
  }
  if (*s && !isspace((unsigned char)*s)) return fen_fail(err, errlen, "too many ranks", s);
  /* Pieces in hand where no rule uses them would vanish on output: an error. */
  const VariantRules *r = &v->rules;
  if (!r->holdings && !r->drops && !r->gating)
    for (int c = 0; c < COLOR_NB; c++)
      for (int t = 0; t < v->piece_count; t++)
        if (fb->hand[c][t])
          return fen_fail(err, errlen, "pieces in hand, but the variant has no hands", *p);
  /* A royal in hand where royals are never taken (crazyhouse's king) would
   * be dropped as a second royal: only a variant that starts with one in
   * hand (placement) may have one there. */
  for (int c = 0; c < COLOR_NB; c++)
    for (int t = 0; t < v->piece_count; t++)
      if (fb->hand[c][t] && type_set_has(&pos->tables->royal_mask[c], t) &&
          !r->royal_may_be_exposed && !fen_starts_in_hand(v, (Color)c, t))
        return fen_fail(err, errlen,
                        "a royal piece in hand, where this variant's royals are never taken", *p);
  *p = s;
  return true;
}

/* The royal that castles for colour c: a royal-type piece on its castling rank.
 * Without royals (antichess), or with several royal types of which one is
 * lettered K (coregal's king and queen), the piece lettered K castles, as
 * Fairy-Stockfish's castling king piece is its king. */
static Square castling_royal(const Position *pos, Color c) {
  const VariantRules *r = &pos->variant->rules;
  int rank = c == WHITE ? r->castling.rank : pos->geo.ranks - 1 - r->castling.rank;
  TypeSet castlers = pos->tables->royal_mask[c];
  if (type_set_count(castlers) != 1) {
    int k = variant_find_type(pos->variant, "K", 1);
    if (k >= 0 && (type_set_is_empty(castlers) || type_set_has(&castlers, k)))
      castlers = type_set_of(k);
  }
  for (int f = 0; f < pos->geo.files; f++) {
    Square sq = geo_square(&pos->geo, f, rank, 0);
    Piece p = pos->board[sq];
    if (piece_is_real(p) && piece_color(p) == c && type_set_has(&castlers, piece_type(p)))
      return sq;
  }
  return SQ_NONE;
}

/* Whether the piece on sq may be colour c's castling partner on that side
 * (0 short, 1 long; -1 either): MBN's {C}O-O=... may name other types for
 * each side. */
static bool is_partner(const Position *pos, Square sq, Color c, int side) {
  Piece p = pos->board[sq];
  const TypeSet *partners = pos->variant->rules.castling.partners;
  if (!piece_is_real(p) || piece_color(p) != c) return false;
  if (side >= 0) return type_set_has(&partners[side], piece_type(p));
  return type_set_has(&partners[0], piece_type(p)) || type_set_has(&partners[1], piece_type(p));
}

/* Whether colour c may still gate (Fairy-Stockfish: pieces in hand, or a
 * hand that captures can refill). */
static bool may_gate(const Position *pos, Color c) {
  if (pos->variant->rules.holdings) return true;
  for (int t = 0; t < pos->variant->piece_count; t++)
    if (pos->hand[c][t]) return true;
  return false;
}

/* Gating variants without a KQ right (Chess960 starts, "GDABCEFH"): while the
 * royal is a gate and the side may still gate, every partner that is a gate
 * may castle, as Fairy-Stockfish decides. */
static void fen_gating_castling(Position *pos) {
  const Geometry *geo = &pos->geo;
  for (int c = 0; c < COLOR_NB; c++) {
    Square royal = castling_royal(pos, (Color)c);
    if (royal == SQ_NONE || !(pos->board[royal] & PIECE_UNMOVED) || !may_gate(pos, (Color)c) ||
        pos->st.castle_partner[c][0] != SQ_NONE || pos->st.castle_partner[c][1] != SQ_NONE)
      continue;
    int rf = geo_file(geo, royal);
    for (int f = 0; f < geo->files; f++) {
      Square sq = geo_square(geo, f, geo_rank(geo, royal), geo_level(geo, royal));
      if (f == rf || !is_partner(pos, sq, (Color)c, f > rf ? 0 : 1) ||
          !(pos->board[sq] & PIECE_UNMOVED))
        continue;
      pos->st.castle_partner[c][f > rf ? 0 : 1] = sq;
      pos->st.castle_royal[c] = royal;
    }
  }
}

/* The partner a K (side 0) or Q (side 1) letter names. As Fairy-Stockfish:
 * the first partner met going from the corner (or from
 * castling=rookfromshort/long's file) toward the royal, so shako's K names
 * its inner rook on i2 even with another on j2. */
static Square kq_partner(const Position *pos, Color c, int side, Square royal) {
  const Geometry *geo = &pos->geo;
  int rank = geo_rank(geo, royal), rf = geo_file(geo, royal), dir = side ? 1 : -1;
  int from = pos->variant->rules.castling.partner_from[side];
  for (int f = from   ? from - 1
               : side ? 0
                      : geo->files - 1;
       f != rf && f >= 0 && f < geo->files; f += dir) {
    Square sq = geo_square(geo, f, rank, 0);
    if (is_partner(pos, sq, c, side)) return sq;
  }
  return SQ_NONE;
}

/* Whether a piece of this type and colour has initial moves (MBN i). */
static bool has_initial_moves(const Variant *v, int type, Color c) {
  const MoveProgram *mp = &v->pieces[type].moves[c];
  for (int i = 0; i < mp->leg_count; i++)
    if (mp->legs[i].flags & LEG_INITIAL) return true;
  return false;
}

/* MBN ties i to the piece's initial square (§13: a piece dropped back on it
 * fulfils i again), and a FEN says nothing more, so a piece with initial
 * moves that stands on a square the start position gives to its kind counts
 * as unmoved. On the castling rank the castling field decides instead, as
 * Fairy-Stockfish writes it (cambodian's "DEde"), and in gating variants
 * every letter names a gate; pawn-like pieces are judged where they stand
 * (walk_initial). Without a start position every piece is unmoved already. */
static void fen_unmoved_on_start_squares(Position *pos) {
  const BoardTables *t = pos->tables;
  const Variant *v = pos->variant;
  if (!t->start_cells || v->rules.gating) return;
  const Geometry *geo = &pos->geo;
  for (int sq = 0; sq < geo->sq_nb; sq++) {
    Piece p = pos->board[sq];
    if (!piece_is_real(p) || (t->start_cells[sq] & PIECE_KIND_MASK) != (p & PIECE_KIND_MASK))
      continue;
    Color c = piece_color(p);
    int type = piece_type(p);
    const CastlingRule *cr = &v->rules.castling;
    int back = c == WHITE ? cr->rank : geo->ranks - 1 - cr->rank;
    /* where every piece's history is kept (W[:]), the castling field
     * decides only for the pieces that castle */
    bool castler = !t->unmoved_all ||
                   (cr->enabled && (t->royal_of[c][type] || type_set_has(&cr->partners[0], type) ||
                                    type_set_has(&cr->partners[1], type)));
    if (geo_level(geo, sq) == 0 && geo_rank(geo, sq) == back && castler) continue;
    if (t->pawn_like[type]) continue;
    if (!t->unmoved_all && !has_initial_moves(v, type, c)) continue;
    pos->board[sq] |= PIECE_UNMOVED;
  }
}

/* ii: a piece that counts as unmoved (pos_piece_unmoved) is fresh, unless
 * it is a royal in check, whose ii moves the check took (a FEN has no
 * field for a check in the past: a royal not in check counts as never
 * checked). */
static void fen_fresh_pieces(Position *pos) {
  const BoardTables *t = pos->tables;
  if (!t->fresh_any) return;
  for (int sq = 0; sq < pos->geo.sq_nb; sq++) {
    Piece p = pos->board[sq];
    if (!piece_is_real(p)) continue;
    Color c = piece_color(p);
    if (!pos_piece_unmoved(pos, sq)) continue;
    /* (a variant's facts alone, `chimera check`, have no moves to test) */
    if (t->royal_of[c][piece_type(p)] && t->next && pos_attacked(pos, sq, (Color)!c)) continue;
    pos->board[sq] |= PIECE_FRESH;
  }
}

/* The partner the royal's own file letter names (MBN's vertical castling,
 * O-O-O-O): the partner-type piece of colour c on the royal's file ahead of
 * it, the farthest one first (as K and Q name the outer partners). */
static Square vertical_partner(const Position *pos, Color c, Square royal) {
  const Geometry *geo = &pos->geo;
  int file = geo_file(geo, royal), level = geo_level(geo, royal), from = geo_rank(geo, royal);
  int far = c == WHITE ? geo->ranks - 1 : 0, dir = c == WHITE ? -1 : 1;
  for (int rank = far; rank != from; rank += dir) {
    Square sq = geo_square(geo, file, rank, level);
    Piece p = sq == SQ_NONE ? PIECE_NONE : pos->board[sq];
    if (piece_is_real(p) && piece_color(p) == c &&
        type_set_has(&pos->variant->rules.castling.partners[CASTLE_VERTICAL], piece_type(p)))
      return sq;
  }
  return SQ_NONE;
}

static void fen_read_castling(Position *pos, const char *field) {
  const Geometry *geo = &pos->geo;
  bool gating = pos->variant->rules.gating;
  for (const char *s = field; *s && *s != '-'; s++) {
    Color c = isupper((unsigned char)*s) ? WHITE : BLACK;
    char ch = (char)toupper((unsigned char)*s);
    Square royal = castling_royal(pos, c);
    if (ch != 'K' && ch != 'Q' && ch - 'A' < geo->files) {
      /* A file letter naming no castling partner grants the piece on that
       * file of the back rank its initial moves (Fairy-Stockfish writes
       * cambodian's king and queen leaps this way: "DEde"). In gating
       * variants every letter names a gate, partner or not. */
      const VariantRules *r = &pos->variant->rules;
      int back = c == WHITE ? r->castling.rank : geo->ranks - 1 - r->castling.rank;
      Square sq = geo_square(geo, ch - 'A', back, 0);
      if (sq != SQ_NONE && piece_is_real(pos->board[sq]) && piece_color(pos->board[sq]) == c &&
          (gating || !is_partner(pos, sq, c,
                                 royal == SQ_NONE                  ? -1
                                 : ch - 'A' > geo_file(geo, royal) ? 0
                                                                   : 1)))
        pos->board[sq] |= PIECE_UNMOVED;
      /* A gate letter is a (Chess960) castling right only once gating is over. */
      if (gating && may_gate(pos, c)) continue;
    }
    if (royal == SQ_NONE || !pos->variant->rules.castling.enabled) continue;
    int rank = geo_rank(geo, royal), rf = geo_file(geo, royal);
    Square partner = SQ_NONE;
    if (ch == 'K' || ch == 'Q') {
      partner = kq_partner(pos, c, ch == 'K' ? 0 : 1, royal);
    } else if (ch - 'A' == rf) {
      if (pos->variant->rules.castling.vertical) partner = vertical_partner(pos, c, royal);
    } else if (ch >= 'A' && ch - 'A' < geo->files) {
      Square sq = geo_square(geo, ch - 'A', rank, 0);
      if (is_partner(pos, sq, c, ch - 'A' > rf ? 0 : 1)) partner = sq;
    }
    if (partner == SQ_NONE) continue;
    int side = pos_castling_side(geo, royal, partner);
    pos->st.castle_partner[c][side] = partner;
    pos->st.castle_royal[c] = royal;
    pos->board[partner] |= PIECE_UNMOVED;
    pos->board[royal] |= PIECE_UNMOVED;
  }
}

/* The e.p. field lists the squares an e.p. capture may land on; like
 * Fairy-Stockfish (berolina writes "c5d6"), it may also name the square of
 * the piece to be captured. Otherwise the victim is the first pawn-like
 * enemy piece beyond the e.p. square, seen from the side to move. A piece
 * may be the victim when it promotes (Fairy-Stockfish's pawns) or when one
 * of its moves may be taken e.p. (MBN's me: a pawn with nothing to promote
 * to is still taken e.p.). */
static bool ep_victim_type(const Position *pos, Piece p) {
  return pos->tables->pawn_like[piece_type(p)] || pos->tables->ep_victim[piece_type(p)];
}

/* The victim the reader infers for e.p. square sq: the first piece beyond
 * it, seen from the side to move, if it is an enemy that may be taken e.p.;
 * else SQ_NONE. The writer asks the same to know when to name the victim. */
static Square ep_victim_beyond(const Position *pos, Square sq) {
  const Geometry *geo = &pos->geo;
  int dir = pos->side == WHITE ? -1 : 1;
  for (int r = geo_rank(geo, sq) + dir; r >= 0 && r < geo->ranks; r += dir) {
    Square v = geo_square(geo, geo_file(geo, sq), r, geo_level(geo, sq));
    Piece q = pos->board[v];
    if (!piece_is_real(q)) continue;
    return piece_color(q) != pos->side && ep_victim_type(pos, q) ? v : SQ_NONE;
  }
  return SQ_NONE;
}

static void fen_read_ep(Position *pos, const char *field) {
  const Geometry *geo = &pos->geo;
  int consumed = 0;
  Square victim = SQ_NONE;
  for (const char *s = field; *s && *s != '-'; s += consumed) {
    Square sq = geo_square_from_text(geo, s, &consumed);
    if (sq == SQ_NONE) return;
    Piece p = pos->board[sq];
    if (piece_is_real(p) && piece_color(p) != pos->side && ep_victim_type(pos, p)) {
      victim = sq;
      continue;
    }
    if (p != PIECE_NONE || pos->st.ep_count >= EP_SQUARES_MAX) continue;
    pos->st.ep_squares[pos->st.ep_count++] = sq;
    if (victim == SQ_NONE) victim = ep_victim_beyond(pos, sq);
  }
  if (victim == SQ_NONE) {
    pos->st.ep_count = 0;
    return;
  }
  pos->st.ep_victim = victim;
}

/* Whether text is a whole non-negative number. */
static bool is_number(const char *text) {
  if (!*text) return false;
  for (const char *s = text; *s; s++)
    if (!isdigit((unsigned char)*s)) return false;
  return true;
}

/* The castling field: '-' or letters K, Q or files of the board. */
static bool castling_field_ok(const Geometry *geo, const char *field) {
  if (!strcmp(field, "-")) return true;
  for (const char *s = field; *s; s++) {
    char ch = (char)toupper((unsigned char)*s);
    if (!isalpha((unsigned char)*s) || (ch != 'K' && ch != 'Q' && ch - 'A' >= geo->files))
      return false;
  }
  return true;
}

/* The e.p. field: '-' or one or more squares of the board. */
static bool ep_field_ok(const Geometry *geo, const char *field) {
  if (!strcmp(field, "-")) return true;
  int consumed = 0;
  for (const char *s = field; *s; s += consumed)
    if (geo_square_from_text(geo, s, &consumed) == SQ_NONE) return false;
  return true;
}

/* "W+B" (Fairy-Stockfish: checks each side still needs) or, with lead '+',
 * "+W+B" (lichess, after the move number: checks each side has given). */
static bool read_checks(const char *field, bool lead, int *w, int *b) {
  const char *s = field;
  if (lead && *s++ != '+') return false;
  char *end;
  if (!isdigit((unsigned char)*s)) return false;
  long x = strtol(s, &end, 10);
  if (*end != '+' || !isdigit((unsigned char)end[1])) return false;
  long y = strtol(end + 1, &end, 10);
  if (*end || x > 1000 || y > 1000) return false;
  *w = (int)x;
  *b = (int)y;
  return true;
}

/* The fields after the board, checked before anything is changed. */
typedef struct {
  Color side;
  const char *castling, *ep; /* NULL when left out */
  bool has_checks, checks_given;
  int checks[COLOR_NB];
  int rule50, fullmove;
} FenFields;

#define FEN_FIELDS_MAX 8

/* side [castling ep] [checks] [halfmove [fullmove]] [+checks-given]: as
 * Fairy-Stockfish, castling and e.p. may be left out together when a number
 * follows the side; e.p. alone may be left out before the clocks, and a
 * lone number after the castling field is the move number (cutechess's
 * shogi "w - 21"); in counting variants (makruk) a number in the e.p. slot
 * is Fairy-Stockfish's counting limit, read and ignored. Anything else is
 * an error, so that a truncated or garbled FEN is not half-read. */
static bool fen_read_fields(const Position *pos, char fields[][64], int nf, FenFields *ff,
                            char *err, size_t errlen) {
  const Geometry *geo = &pos->geo;
  const VariantRules *r = &pos->variant->rules;
  int fi = 0;
  ff->side = WHITE;
  ff->castling = ff->ep = NULL;
  ff->has_checks = ff->checks_given = false;
  ff->rule50 = 0;
  ff->fullmove = 1;
  if (fi < nf) {
    if (!strcmp(fields[fi], "w"))
      ff->side = WHITE;
    else if (!strcmp(fields[fi], "b"))
      ff->side = BLACK;
    else
      return fen_fail(err, errlen, "side to move must be w or b", fields[fi]);
    fi++;
  }
  if (fi < nf && !isdigit((unsigned char)fields[fi][0])) {
    if (!castling_field_ok(geo, fields[fi]))
      return fen_fail(err, errlen, "castling field takes '-', K, Q or file letters", fields[fi]);
    ff->castling = fields[fi++];
    /* a counting limit has both clocks after it: "- 16 3 20" */
    bool counting_limit = r->counting && fi + 2 < nf && is_number(fields[fi]) &&
                          is_number(fields[fi + 1]) && is_number(fields[fi + 2]);
    if (counting_limit) {
      fi++;
    } else if (fi + 1 == nf && is_number(fields[fi])) {
      /* cutechess's shogi FEN: "[BBp] w - 21", the move number alone */
      if (strlen(fields[fi]) > 6) return fen_fail(err, errlen, "move number too large", fields[fi]);
      ff->fullmove = atoi(fields[fi++]);
    } else if (fi < nf && !is_number(fields[fi])) {
      if (!ep_field_ok(geo, fields[fi]))
        return fen_fail(err, errlen, "en passant field takes '-' or squares", fields[fi]);
      ff->ep = fields[fi++];
    } /* else e.p. left out before the clocks: "w - 0 1" */
  }
  if (fi < nf && strchr(fields[fi], '+') && fields[fi][0] != '+') {
    if (r->check_limit <= 0)
      return fen_fail(err, errlen, "check counter in a variant without a check limit", fields[fi]);
    if (!read_checks(fields[fi], false, &ff->checks[WHITE], &ff->checks[BLACK]))
      return fen_fail(err, errlen, "check counter must be W+B", fields[fi]);
    ff->has_checks = true;
    fi++;
  }
  if (fi < nf && fields[fi][0] != '+') {
    if (!is_number(fields[fi]) || strlen(fields[fi]) > 6)
      return fen_fail(err, errlen, "half-move clock must be a number", fields[fi]);
    ff->rule50 = atoi(fields[fi++]);
    if (fi < nf && fields[fi][0] != '+') {
      if (!is_number(fields[fi]) || strlen(fields[fi]) > 6)
        return fen_fail(err, errlen, "move number must be a number", fields[fi]);
      ff->fullmove = atoi(fields[fi++]);
    }
  }
  if (fi < nf && fields[fi][0] == '+' && r->check_limit > 0 && !ff->has_checks) {
    if (!read_checks(fields[fi], true, &ff->checks[WHITE], &ff->checks[BLACK]))
      return fen_fail(err, errlen, "checks given must be +W+B", fields[fi]);
    ff->has_checks = ff->checks_given = true;
    fi++;
  }
  if (fi < nf) return fen_fail(err, errlen, "unexpected extra field", fields[fi]);
  if (ff->fullmove < 1) ff->fullmove = 1;
  return true;
}

bool pos_set_fen(Position *pos, const char *fen, char *err, size_t errlen) {
  const Geometry *geo = &pos->geo;
  FenBoard fb;
  memset(&fb, 0, sizeof fb);
  fb.board = calloc((size_t)geo->sq_nb, sizeof(Piece));
  if (!fb.board) return fen_fail(err, errlen, "out of memory", fen);
  const char *s = fen;
  while (isspace((unsigned char)*s)) s++;
  if ((*s && !fen_read_board(pos, &s, &fb, err, errlen)) ||
      !fen_check_royals(pos, &fb, fen, err, errlen)) {
    free(fb.board);
    return false;
  }
  char fields[FEN_FIELDS_MAX][64];
  int nf = 0;
  for (;;) {
    while (isspace((unsigned char)*s)) s++;
    if (!*s) break;
    if (nf == FEN_FIELDS_MAX) {
      free(fb.board);
      return fen_fail(err, errlen, "too many fields", s);
    }
    const char *at = s;
    int n = 0;
    while (*s && !isspace((unsigned char)*s)) {
      if (n < 63) fields[nf][n++] = *s;
      s++;
    }
    if (s - at > 63) {
      free(fb.board);
      return fen_fail(err, errlen, "field too long", at);
    }
    fields[nf++][n] = '\0';
  }
  FenFields ff;
  if (!fen_read_fields(pos, fields, nf, &ff, err, errlen)) {
    free(fb.board);
    return false;
  }
  /* Commit: from here on the input is accepted. */
  const Variant *v = pos->variant;
  const BoardTables *t = pos->tables;
  for (int sq = 0; sq < geo->sq_nb; sq++) {
    pos->board[sq] = PIECE_NONE;
    if (v->shape.hole && v->shape.hole[sq]) fb.board[sq] = PIECE_WALL;
  }
  pos->pcount[WHITE] = pos->pcount[BLACK] = 0;
  pos->spill_len = 0;                        /* a new position: no long move to unmake */
  memset(&pos->bb128, 0, sizeof pos->bb128); /* the wider member: every width's bitboards */
  memset(&pos->st, 0, sizeof pos->st);
  for (int c = 0; c < COLOR_NB; c++) {
    for (int side = 0; side < CASTLE_SIDES; side++) pos->st.castle_partner[c][side] = SQ_NONE;
    pos->st.castle_royal[c] = SQ_NONE;
  }
  pos->st.ep_victim = SQ_NONE;
  for (int sq = 0; sq < geo->sq_nb; sq++) {
    Piece cell = fb.board[sq];
    if (cell == PIECE_NONE) continue;
    /* Pawn-like pieces make initial moves from their start squares (see
     * walk_initial); others only when the castling field grants them. */
    if (cell != PIECE_WALL && !t->start_cells) cell |= PIECE_UNMOVED;
    pos_put_piece(pos, sq, cell, NULL);
  }
  free(fb.board);
  memcpy(pos->hand, fb.hand, sizeof fb.hand);
  pos->side = ff.side;
  if (ff.castling) fen_read_castling(pos, ff.castling);
  if (v->rules.gating) fen_gating_castling(pos);
  fen_unmoved_on_start_squares(pos);
  fen_fresh_pieces(pos);
  pos->st.facing_plies = pos_next_facing_plies(pos, 0);
  if (ff.ep) fen_read_ep(pos, ff.ep);
  if (ff.has_checks && v->rules.check_limit > 0) {
    for (int c = 0; c < COLOR_NB; c++) {
      int given = ff.checks_given ? ff.checks[c] : v->rules.check_limit - ff.checks[c];
      if (given < 0) given = 0;
      if (given > v->rules.check_limit) given = v->rules.check_limit;
      pos->st.checks_given[c] = given;
    }
  }
  pos->st.rule50 = ff.rule50;
  pos->st.plies_from_null = 1 << 20; /* no null move in the game */
  pos->st.ply_from_start = 2 * (ff.fullmove - 1) + (ff.side == BLACK);
  pos->st.key = pos_compute_key(pos);
  return true;
}

/* Appends formatted text to buf, never past buflen. */
static void put(char *buf, size_t buflen, int *n, const char *text) {
  int len = (int)strlen(text);
  if ((size_t)(*n + len) < buflen && (*n == 0 || buf[*n - 1] != '\0'))
    memcpy(buf + *n, text, (size_t)len + 1);
  else if ((size_t)*n < buflen)
    buf[*n] = '\0';
  *n += len;
}

static void fen_write_piece(const Variant *v, Piece p, char *out) {
  const char *l = v->pieces[piece_type(p)].letter;
  int i = 0;
  for (; l[i]; i++) out[i] = piece_color(p) == WHITE ? l[i] : (char)tolower((unsigned char)l[i]);
  if (p & PIECE_PROMOTED) out[i++] = '~';
  out[i] = '\0';
}

/* Appends one castling-field letter: file f, or 'K'/'Q' when f is -1/-2. */
static void put_right(Color c, int f, char *buf, size_t buflen, int *n) {
  char ch = f == -1 ? 'K' : f == -2 ? 'Q' : (char)('A' + f);
  char text[2] = {c == WHITE ? ch : (char)tolower((unsigned char)ch), '\0'};
  put(buf, buflen, n, text);
}

/* Colour c's part of the castling field, in Fairy-Stockfish's order: the
 * castling rights (K or Q when that letter names the partner, X-FEN; else,
 * and always in Chess960 mode, the partner's file as Shredder-FEN), then the files of the
 * other unmoved pieces whose rights the reader restores from a file letter:
 * Seirawan gates while the side may still gate, and pieces with initial
 * moves on the castling rank (cambodian's king and met, "DEde"). A letter
 * the rights already imply is left out. Returns the letters written. */
static int fen_write_rights(const Position *pos, Color c, char *buf, size_t buflen, int *n) {
  const Geometry *geo = &pos->geo;
  const Variant *v = pos->variant;
  const PosState *st = &pos->st;
  Square royal = st->castle_royal[c];
  int written = 0;
  bool kq = false; /* a K or Q letter, which also names the royal */
  /* Chess960 mode and castling=chess960 write Shredder-FEN, as Stockfish */
  bool shredder = pos->chess960 || v->rules.chess960;
  for (int i = 0; i < CASTLE_SIDES; i++) {
    Square p = st->castle_partner[c][i];
    if (p == SQ_NONE) continue;
    /* a vertical right is the royal's file letter (vertical_partner) */
    bool letter = i != CASTLE_VERTICAL && !shredder && kq_partner(pos, c, i, royal) == p;
    kq |= letter;
    put_right(c, letter ? -1 - i : geo_file(geo, p), buf, buflen, n);
    written++;
  }
  bool castles = written > 0;
  bool gates = v->rules.gating && may_gate(pos, c);
  const uint8_t *zone = v->rules.gating_zone[c];
  int back = c == WHITE ? v->rules.castling.rank : geo->ranks - 1 - v->rules.castling.rank;
  for (int f = 0; f < geo->files; f++) {
    Square sq = geo_square(geo, f, back, 0);
    if (v->rules.gating) {
      /* gates may lie anywhere in the zone; one letter per file */
      sq = SQ_NONE;
      for (int r = 0; r < geo->ranks && sq == SQ_NONE; r++) {
        Square s = geo_square(geo, f, r, 0);
        Piece p = pos->board[s];
        if (piece_is_real(p) && piece_color(p) == c && p & PIECE_UNMOVED && (!zone || zone[s]))
          sq = s;
      }
    }
    if (sq == SQ_NONE) continue;
    Piece p = pos->board[sq];
    if (!piece_is_real(p) || piece_color(p) != c || !(p & PIECE_UNMOVED)) continue;
    if (sq == st->castle_partner[c][0] || sq == st->castle_partner[c][1]) continue;
    if (sq == royal && castles && (kq || !v->rules.gating)) continue;
    bool pawnlike = pos->tables->start_cells && pos->tables->pawn_like[piece_type(p)];
    /* with vertical castling (O-O-O-O) an unmoved royal may still gain a
     * right by a promotion on its file: its letter keeps it unmoved. The
     * reader takes the letter for a right when a partner stands ahead on the
     * file, so beside a partner without the right the letter is left out
     * (the royal then counts as moved: a FEN cannot tell both apart). */
    bool vertical = v->rules.castling.enabled && v->rules.castling.vertical &&
                    pos->tables->royal_of[c][piece_type(p)] &&
                    vertical_partner(pos, (Color)c, sq) == SQ_NONE;
    if (!(gates || vertical ||
          (!v->rules.gating && !pawnlike && has_initial_moves(v, piece_type(p), c))))
      continue;
    put_right(c, f, buf, buflen, n);
    written++;
  }
  return written;
}

static void sort_squares(Square *list, int count) {
  for (int i = 1; i < count; i++)
    for (int j = i; j > 0 && list[j - 1] > list[j]; j--) {
      Square t = list[j];
      list[j] = list[j - 1];
      list[j - 1] = t;
    }
}

/* The e.p. squares in board order, as Fairy-Stockfish lists them, with the
 * square of the piece to capture when the reader would not find it by
 * itself (berolina's diagonal double step: "c5d6"). */
static void fen_write_ep(const Position *pos, char *buf, size_t buflen, int *n) {
  const PosState *st = &pos->st;
  if (!st->ep_count) {
    put(buf, buflen, n, "-");
    return;
  }
  Square list[EP_SQUARES_MAX + 1] = {SQ_NONE};
  int count = 0;
  for (int i = 0; i < st->ep_count; i++) list[count++] = st->ep_squares[i];
  sort_squares(list, count);
  /* named only when the reader would not infer it from the first square */
  Square inferred = ep_victim_beyond(pos, list[0]);
  if (st->ep_victim != SQ_NONE && st->ep_victim != inferred) list[count++] = st->ep_victim;
  sort_squares(list, count);
  char tmp[32];
  for (int i = 0; i < count; i++) {
    geo_square_to_text(&pos->geo, list[i], tmp, sizeof tmp);
    put(buf, buflen, n, tmp);
  }
}

int pos_get_fen(const Position *pos, char *buf, size_t buflen) {
  const Geometry *geo = &pos->geo;
  const Variant *v = pos->variant;
  int n = 0;
  char tmp[32];
  if (buflen) buf[0] = '\0';
  int rows = geo->ranks * geo->levels;
  for (int row = 0; row < rows; row++) {
    int level = geo->levels - 1 - row / geo->ranks, rank = geo->ranks - 1 - row % geo->ranks;
    int empty = 0;
    for (int f = 0; f < geo->files; f++) {
      Piece p = pos->board[geo_square(geo, f, rank, level)];
      if (p == PIECE_NONE) {
        empty++;
        continue;
      }
      if (empty) {
        snprintf(tmp, sizeof tmp, "%d", empty);
        put(buf, buflen, &n, tmp);
        empty = 0;
      }
      if (p == PIECE_WALL) {
        put(buf, buflen, &n, "*");
      } else {
        fen_write_piece(v, p, tmp);
        put(buf, buflen, &n, tmp);
      }
    }
    if (empty) {
      snprintf(tmp, sizeof tmp, "%d", empty);
      put(buf, buflen, &n, tmp);
    }
    if (row + 1 < rows) put(buf, buflen, &n, (row + 1) % geo->ranks ? "/" : "|");
  }
  /* drop=free (snort): the supply is unlimited and the hand unused, so
   * Fairy-Stockfish writes none */
  bool hand_used = type_set_is_empty(v->rules.drop_free);
  for (int c = 0; c < COLOR_NB; c++)
    for (int t = 0; t < v->piece_count; t++) hand_used |= pos->hand[c][t] > 0;
  if ((v->rules.holdings || v->rules.drops || v->rules.gating) && hand_used) {
    put(buf, buflen, &n, "[");
    for (int c = 0; c < COLOR_NB; c++)
      for (int t = 0; t < v->piece_count; t++)
        for (int k = 0; k < pos->hand[c][t]; k++) {
          fen_write_piece(v, piece_make((Color)c, t), tmp);
          put(buf, buflen, &n, tmp);
        }
    put(buf, buflen, &n, "]");
  }
  put(buf, buflen, &n, pos->side == WHITE ? " w " : " b ");
  int written = 0;
  for (int c = 0; c < COLOR_NB; c++) written += fen_write_rights(pos, (Color)c, buf, buflen, &n);
  if (!written) put(buf, buflen, &n, "-");
  put(buf, buflen, &n, " ");
  fen_write_ep(pos, buf, buflen, &n);
  if (v->rules.check_limit > 0) {
    snprintf(tmp, sizeof tmp, " %d+%d", v->rules.check_limit - pos->st.checks_given[WHITE],
             v->rules.check_limit - pos->st.checks_given[BLACK]);
    put(buf, buflen, &n, tmp);
  }
  snprintf(tmp, sizeof tmp, " %d %d", pos->st.rule50, pos->st.ply_from_start / 2 + 1);
  put(buf, buflen, &n, tmp);
  return n;
}
