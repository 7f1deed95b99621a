/* movetext.c — moves as UCI/cutechess text. Reading a move compares the text
 * against the text of every legal move, so reading can never accept a move
 * that writing would not produce, whatever the variant. */
#include "board/movetext.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "board/movegen.h"
#include "board/tables.h"

/* Castling is written as king-takes-partner (e1h1) in Chess960 mode and in
 * chess960 variants, as Fairy-Stockfish writes it; else as the king's
 * destination (e1g1), unless that destination is the king's own square or a
 * step beside it, where the text would read as a plain king move (a Chess960
 * start played without Chess960 mode: f1g1 would be both; a hexagonal
 * castling of one cell). */
static bool castling_as_king_takes_rook(const Position *pos, Move move) {
  if (pos->chess960 || pos->variant->rules.chess960) return true;
  const Geometry *geo = &pos->geo;
  int from = move_from(move), to = move_to(move);
  /* vertical castling (O-O-O-O): a royal's own forward move could have the
   * text of its destination, never that of its partner's square */
  if (pos_castling_side(geo, from, move_extra1(move)) == CASTLE_VERTICAL) return true;
  /* a step on a horizontal hexagonal board is a cell, two files (MBN §15) */
  int files = geo_file(geo, to) - geo_file(geo, from);
  int step = pos->variant->shape.hex == BOARD_HEX_HORIZONTAL ? 2 : 1;
  return geo_rank(geo, to) == geo_rank(geo, from) && geo_level(geo, to) == geo_level(geo, from) &&
         files >= -step && files <= step;
}

/* Writes move; castling as king-takes-partner when rook_form is 1, as the
 * king's destination when 0, as the position decides when -1. */
static int move_write(const Position *pos, Move move, int rook_form, char *buf, size_t buflen) {
  const Geometry *geo = &pos->geo;
  const Variant *v = pos->variant;
  char from[MOVE_TEXT_MAX], to[SQUARE_TEXT_MAX], suffix[2 * PIECE_LETTER_MAX + 1] = "";
  if (move == MOVE_NONE_VALUE) return snprintf(buf, buflen, "0000");
  geo_square_to_text(geo, move_to(move), to, sizeof to);
  if (move_kind(move) == MOVE_DROP) {
    /* A promoted drop is written with the promoted type's letter (+P@c3),
     * as Fairy-Stockfish does. */
    return snprintf(buf, buflen, "%s@%s", v->pieces[move_drop_board_type(pos, move)].letter, to);
  }
  geo_square_to_text(geo, move_from(move), from, sizeof from);
  /* A multi-leg move that also captures on the way (a lion's double
   * capture, its igui) names those squares between from and to: "c3b4b5"
   * beside the plain jump "c3b5", "c3b4c3" beside the pass "c3c3"; in
   * square order (one move however many orders its path may take them in). */
  if (move_is_normal(move)) {
    int16_t two[2];
    const int16_t *side;
    int n = move_side_captures(move, two, &side);
    size_t len = strlen(from);
    for (int i = 0; i < n && len + SQUARE_TEXT_MAX <= sizeof from; i++)
      len += (size_t)geo_square_to_text(geo, side[i], from + len, SQUARE_TEXT_MAX);
    /* then the squares it flips (MBN's x), in square order too, each after
     * MOVE_TEXT_FLIP: "d4~e5d4" flips e5 where "d4e5d4" takes it */
    n = move_flips(move, &side);
    for (int i = 0; i < n && len + 1 + SQUARE_TEXT_MAX <= sizeof from; i++) {
      from[len++] = MOVE_TEXT_FLIP;
      len += (size_t)geo_square_to_text(geo, side[i] & MOVE_LONG_SQUARE_MASK, from + len,
                                        SQUARE_TEXT_MAX);
    }
  }
  if (move_kind(move) == MOVE_CASTLING &&
      (rook_form < 0 ? castling_as_king_takes_rook(pos, move) : rook_form == 1))
    geo_square_to_text(geo, move_extra1(move), to, sizeof to);
  int promo = move_piece_arg(move);
  if (promo >= 0 && move_kind(move) != MOVE_DROP) {
    const char *l = v->pieces[promo].letter;
    Piece mover = pos->board[move_from(move)];
    if (piece_is_real(mover) && v->pieces[piece_type(mover)].promoted_from == promo) {
      snprintf(suffix, sizeof suffix, "-"); /* a demotion (kyotoshogi), as Fairy-Stockfish */
    } else if (l[0] == '+') {
      snprintf(suffix, sizeof suffix, "+");
    } else {
      int i = 0;
      for (; l[i] && i < PIECE_LETTER_MAX; i++) suffix[i] = (char)tolower((unsigned char)l[i]);
      suffix[i] = '\0';
    }
  }
  /* Seirawan gating, as Fairy-Stockfish writes it: the gated piece's letter,
   * then its square when it is not the mover's start (b1c3e, castling
   * e1g1h); castling that gates on the rook's square is written from the
   * rook to the king (h1e1h, a1e1e). */
  int gate = move_gate_type(move);
  if (gate >= 0) {
    size_t len = strlen(suffix);
    const char *l = v->pieces[gate].letter;
    for (int i = 0; l[i] && len + 1 < sizeof suffix; i++)
      suffix[len++] = (char)tolower((unsigned char)l[i]);
    suffix[len] = '\0';
    char square[SQUARE_TEXT_MAX] = "";
    if (move_kind(move) == MOVE_CASTLING && move_gate_square(move) != move_from(move)) {
      geo_square_to_text(geo, move_gate_square(move), square, sizeof square);
      return snprintf(buf, buflen, "%s%s%s", square, from, suffix);
    }
    if (move_gate_square(move) != move_from(move))
      geo_square_to_text(geo, move_gate_square(move), square, sizeof square);
    return snprintf(buf, buflen, "%s%s%s%s", from, to, suffix, square);
  }
  /* A wall, as Fairy-Stockfish writes it in UCI: ",", the destination
   * again, the wall's square (e2e4,e4d5; e7e8q,e8d5). Where a side moves or
   * places a wall (wall=ormove), Fairy-Stockfish writes a move that places
   * none with its empty wall field, square a1 (atlantis: e2e4,e4a1), and
   * reads only that form. */
  if (move_wall(move) != EXTRA_NONE) {
    char wall[SQUARE_TEXT_MAX];
    geo_square_to_text(geo, move_wall(move), wall, sizeof wall);
    return snprintf(buf, buflen, "%s%s%s,%s%s", from, to, suffix, to, wall);
  }
  if (v->rules.wall_rule && v->rules.wall_or_move)
    return snprintf(buf, buflen, "%s%s%s,%sa1", from, to, suffix, to);
  return snprintf(buf, buflen, "%s%s%s", from, to, suffix);
}

int move_to_text(const Position *pos, Move move, char *buf, size_t buflen) {
  return move_write(pos, move, -1, buf, buflen);
}

Move move_from_text(const Position *pos, const char *text, char *err, size_t errlen) {
  static _Thread_local MoveList list;
  gen_legal_moves(pos, &list);
  char buf[MOVE_TEXT_MAX];
  for (int i = 0; i < list.count; i++) {
    move_to_text(pos, list.moves[i], buf, sizeof buf);
    if (!strcmp(buf, text)) return list.moves[i];
  }
  /* Accept the other castling notation too (e1g1 in Chess960 mode, e1h1
   * not); no legal move wrote this text, so it cannot mean another move. */
  for (int i = 0; i < list.count; i++) {
    Move m = list.moves[i];
    if (move_kind(m) != MOVE_CASTLING) continue;
    for (int rook_form = 0; rook_form <= 1; rook_form++) {
      move_write(pos, m, rook_form, buf, sizeof buf);
      if (!strcmp(buf, text)) return m;
    }
  }
  if (err && errlen) snprintf(err, errlen, "illegal or unknown move '%.20s'", text);
  return MOVE_NONE_VALUE;
}
