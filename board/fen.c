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

#include "board/position.h"
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

/* Reads one piece at *p ("N", "n", "+P", "Q~"); returns its cell or PIECE_NONE. */
static Piece fen_read_piece(const Variant *v, const char **p) {
  const char *s = *p;
  int len = s[0] == '+' ? 2 : 1;
  if (!isalpha((unsigned char)s[len - 1])) return PIECE_NONE;
  int type = variant_find_type(v, s, len);
  if (type < 0) return PIECE_NONE;
  Color c = isupper((unsigned char)s[len - 1]) ? WHITE : BLACK;
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
    if (*s == '-') {
      s++;
      continue;
    }
    const char *at = s;
    Piece cell = fen_read_piece(v, &s);
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
    s++;
    if (!fen_read_holdings(v, &s, ' ', fb, err, errlen)) return false;
  }
  if (*s && !isspace((unsigned char)*s)) return fen_fail(err, errlen, "too many ranks", s);
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
  uint64_t castlers = pos->tables->royal_mask[c];
  if (!castlers || (castlers & (castlers - 1))) {
    int k = variant_find_type(pos->variant, "K", 1);
    if (k >= 0 && (!castlers || castlers >> k & 1)) castlers = (uint64_t)1 << k;
  }
  for (int f = 0; f < pos->geo.files; f++) {
    Square sq = geo_square(&pos->geo, f, rank, 0);
    Piece p = pos->board[sq];
    if (piece_is_real(p) && piece_color(p) == c && castlers >> piece_type(p) & 1) return sq;
  }
  return SQ_NONE;
}

static bool is_partner(const Position *pos, Square sq, Color c) {
  Piece p = pos->board[sq];
  return piece_is_real(p) && piece_color(p) == c &&
         pos->variant->rules.castling.partners >> piece_type(p) & 1;
}

/* Whether colour c may still gate (Fairy-Stockfish: pieces in hand, or a
 * hand that captures can refill). */
static bool may_gate(const Position *pos, Color c) {
  if (pos->variant->rules.holdings) return true;
  for (int t = 0; t < pos->variant->piece_count; t++)
    if (pos->st.hand[c][t]) return true;
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
      if (f == rf || !is_partner(pos, sq, (Color)c) || !(pos->board[sq] & PIECE_UNMOVED)) continue;
      pos->st.castle_partner[c][f > rf ? 0 : 1] = sq;
      pos->st.castle_royal[c] = royal;
    }
  }
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
          (gating || !is_partner(pos, sq, c)))
        pos->board[sq] |= PIECE_UNMOVED;
      /* A gate letter is a (Chess960) castling right only once gating is over. */
      if (gating && may_gate(pos, c)) continue;
    }
    if (royal == SQ_NONE || !pos->variant->rules.castling.enabled) continue;
    int rank = geo_rank(geo, royal), rf = geo_file(geo, royal);
    Square partner = SQ_NONE;
    if (ch == 'K' || ch == 'Q') {
      /* As Fairy-Stockfish: the first partner met going from the corner (or
       * from castling=rookfromshort/long's file) toward the royal, so shako's
       * K names its inner rook on i2 even with another on j2. */
      int side = ch == 'K' ? 0 : 1, dir = side ? 1 : -1;
      int from = pos->variant->rules.castling.partner_from[side];
      int f = from ? from - 1 : side ? 0 : geo->files - 1;
      for (; f != rf && f >= 0 && f < geo->files && partner == SQ_NONE; f += dir) {
        Square sq = geo_square(geo, f, rank, 0);
        if (is_partner(pos, sq, c)) partner = sq;
      }
    } else if (ch >= 'A' && ch - 'A' < geo->files) {
      Square sq = geo_square(geo, ch - 'A', rank, 0);
      if (is_partner(pos, sq, c)) partner = sq;
    }
    if (partner == SQ_NONE) continue;
    int side = geo_file(geo, partner) > rf ? 0 : 1;
    pos->st.castle_partner[c][side] = partner;
    pos->st.castle_royal[c] = royal;
    pos->board[partner] |= PIECE_UNMOVED;
    pos->board[royal] |= PIECE_UNMOVED;
  }
}

/* The e.p. field lists the squares an e.p. capture may land on; like
 * Fairy-Stockfish (berolina writes "c5d6"), it may also name the square of
 * the piece to be captured. Otherwise the victim is the first pawn-like
 * enemy piece beyond the e.p. square, seen from the side to move. */
static void fen_read_ep(Position *pos, const char *field) {
  const Geometry *geo = &pos->geo;
  int consumed = 0;
  Square victim = SQ_NONE;
  for (const char *s = field; *s && *s != '-'; s += consumed) {
    Square sq = geo_square_from_text(geo, s, &consumed);
    if (sq == SQ_NONE) return;
    Piece p = pos->board[sq];
    if (piece_is_real(p) && piece_color(p) != pos->side && pos->tables->pawn_like[piece_type(p)]) {
      victim = sq;
      continue;
    }
    if (p != PIECE_NONE || pos->st.ep_count >= EP_SQUARES_MAX) continue;
    pos->st.ep_squares[pos->st.ep_count++] = sq;
    if (victim != SQ_NONE) continue;
    int dir = pos->side == WHITE ? -1 : 1;
    for (int r = geo_rank(geo, sq) + dir; r >= 0 && r < geo->ranks; r += dir) {
      Square v = geo_square(geo, geo_file(geo, sq), r, geo_level(geo, sq));
      Piece q = pos->board[v];
      if (!piece_is_real(q)) continue;
      if (piece_color(q) != pos->side && pos->tables->pawn_like[piece_type(q)]) victim = v;
      break;
    }
  }
  if (victim == SQ_NONE) {
    pos->st.ep_count = 0;
    return;
  }
  pos->st.ep_victim = victim;
}

bool pos_set_fen(Position *pos, const char *fen, char *err, size_t errlen) {
  const Geometry *geo = &pos->geo;
  FenBoard fb;
  memset(&fb, 0, sizeof fb);
  fb.board = calloc((size_t)geo->sq_nb, sizeof(Piece));
  if (!fb.board) return fen_fail(err, errlen, "out of memory", fen);
  const char *s = fen;
  while (isspace((unsigned char)*s)) s++;
  if (*s && !fen_read_board(pos, &s, &fb, err, errlen)) {
    free(fb.board);
    return false;
  }
  char fields[5][64];
  int nf = 0;
  while (nf < 5) {
    while (isspace((unsigned char)*s)) s++;
    if (!*s) break;
    int n = 0;
    while (*s && !isspace((unsigned char)*s)) {
      if (n < 63) fields[nf][n++] = *s;
      s++;
    }
    fields[nf++][n] = '\0';
  }
  int fi = 0;
  Color side = WHITE;
  if (fi < nf) {
    if (!strcmp(fields[fi], "w")) {
      side = WHITE;
    } else if (!strcmp(fields[fi], "b")) {
      side = BLACK;
    } else {
      free(fb.board);
      return fen_fail(err, errlen, "side to move must be w or b", fields[fi]);
    }
    fi++;
  }
  /* Commit: from here on the input is accepted. */
  const Variant *v = pos->variant;
  const BoardTables *t = pos->tables;
  for (int sq = 0; sq < geo->sq_nb; sq++) {
    pos->board[sq] = PIECE_NONE;
    if (v->shape.hole && v->shape.hole[sq]) fb.board[sq] = PIECE_WALL;
  }
  pos->pcount[WHITE] = pos->pcount[BLACK] = 0;
  pos->bb_color[WHITE] = pos->bb_color[BLACK] = pos->bb_wall = 0;
  memset(pos->bb_type, 0, sizeof pos->bb_type);
  memset(&pos->st, 0, sizeof pos->st);
  for (int c = 0; c < COLOR_NB; c++) {
    pos->st.castle_partner[c][0] = pos->st.castle_partner[c][1] = SQ_NONE;
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
  memcpy(pos->st.hand, fb.hand, sizeof fb.hand);
  pos->side = side;
  if (fi < nf) fen_read_castling(pos, fields[fi++]);
  if (v->rules.gating) fen_gating_castling(pos);
  pos->st.facing_plies = pos_next_facing_plies(pos, 0);
  if (fi < nf) fen_read_ep(pos, fields[fi++]);
  if (fi < nf && strchr(fields[fi], '+')) {
    int w = 0, b = 0;
    if (sscanf(fields[fi], "%d+%d", &w, &b) == 2 && v->rules.check_limit > 0) {
      pos->st.checks_given[WHITE] = v->rules.check_limit - w;
      pos->st.checks_given[BLACK] = v->rules.check_limit - b;
    }
    fi++;
  }
  if (fi < nf) pos->st.rule50 = atoi(fields[fi++]);
  int fullmove = fi < nf ? atoi(fields[fi++]) : 1;
  if (fullmove < 1) fullmove = 1;
  pos->st.ply_from_start = 2 * (fullmove - 1) + (side == BLACK);
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
  if (v->rules.holdings || v->rules.drops || v->rules.gating) {
    put(buf, buflen, &n, "[");
    for (int c = 0; c < COLOR_NB; c++)
      for (int t = 0; t < v->piece_count; t++)
        for (int k = 0; k < pos->st.hand[c][t]; k++) {
          fen_write_piece(v, piece_make((Color)c, t), tmp);
          put(buf, buflen, &n, tmp);
        }
    put(buf, buflen, &n, "]");
  }
  put(buf, buflen, &n, pos->side == WHITE ? " w " : " b ");
  int rights = 0;
  for (int c = 0; c < COLOR_NB; c++)
    for (int i = 0; i < 2; i++) {
      Square p = pos->st.castle_partner[c][i];
      if (p == SQ_NONE) continue;
      rights++;
      /* KQ when the partner is the outermost one (X-FEN), else its file. */
      Square royal = pos->st.castle_royal[c];
      int dir = i == 0 ? 1 : -1;
      bool outer = true;
      for (int f = geo_file(geo, p) + dir; f >= 0 && f < geo->files; f += dir)
        if (is_partner(pos, geo_square(geo, f, geo_rank(geo, royal), 0), (Color)c)) outer = false;
      /* Chess960 mode writes Shredder-FEN file letters, as Stockfish does. */
      char ch = outer && !pos->chess960 ? (i == 0 ? 'K' : 'Q') : (char)('A' + geo_file(geo, p));
      tmp[0] = c == WHITE ? ch : (char)tolower((unsigned char)ch);
      tmp[1] = '\0';
      put(buf, buflen, &n, tmp);
    }
  /* Gates still open (Seirawan): the files of unmoved pieces on the gating
   * squares that no KQ right above already implies. */
  for (int c = 0; c < COLOR_NB && v->rules.gating; c++) {
    const uint8_t *zone = v->rules.gating_zone[c];
    for (int sq = 0; sq < geo->sq_nb; sq++) {
      Piece p = pos->board[sq];
      if (!piece_is_real(p) || piece_color(p) != (Color)c || !(p & PIECE_UNMOVED)) continue;
      if (zone && !zone[sq]) continue;
      bool rights_c =
          pos->st.castle_partner[c][0] != SQ_NONE || pos->st.castle_partner[c][1] != SQ_NONE;
      if ((rights_c && sq == pos->st.castle_royal[c]) || sq == pos->st.castle_partner[c][0] ||
          sq == pos->st.castle_partner[c][1])
        continue;
      char ch = (char)('A' + geo_file(geo, sq));
      tmp[0] = c == WHITE ? ch : (char)tolower((unsigned char)ch);
      tmp[1] = '\0';
      put(buf, buflen, &n, tmp);
      rights++;
    }
  }
  if (!rights) put(buf, buflen, &n, "-");
  put(buf, buflen, &n, " ");
  if (pos->st.ep_count) {
    geo_square_to_text(geo, pos->st.ep_squares[0], tmp, sizeof tmp);
    put(buf, buflen, &n, tmp);
  } else {
    put(buf, buflen, &n, "-");
  }
  if (v->rules.check_limit > 0) {
    snprintf(tmp, sizeof tmp, " %d+%d", v->rules.check_limit - pos->st.checks_given[WHITE],
             v->rules.check_limit - pos->st.checks_given[BLACK]);
    put(buf, buflen, &n, tmp);
  }
  snprintf(tmp, sizeof tmp, " %d %d", pos->st.rule50, pos->st.ply_from_start / 2 + 1);
  put(buf, buflen, &n, tmp);
  return n;
}
