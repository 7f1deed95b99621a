/* san.c — SAN against the legal moves (see san.h). Rather than a grammar
 * per variant, the text is split into piece letter, disambiguation,
 * destination and promotion, and every legal move is tested against those
 * parts: exactly one must fit.
 */
#include "match/san.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "board/movegen.h"
#include "board/movetext.h"

/* O-O: towards the higher files (1); O-O-O: towards the lower (2); O-O-O-O:
 * along the royal's file (3, MBN's vertical castling). */
static int san_castling_side(const char *t) {
  if (!strcmp(t, "O-O") || !strcmp(t, "0-0")) return 1 + CASTLE_SHORT;
  if (!strcmp(t, "O-O-O") || !strcmp(t, "0-0-0")) return 1 + CASTLE_LONG;
  if (!strcmp(t, "O-O-O-O") || !strcmp(t, "0-0-0-0")) return 1 + CASTLE_VERTICAL;
  return 0;
}

static bool san_fits(const Position *pos, Move m, const char *piece, const char *from,
                     const char *to, const char *promo, int castle) {
  const Geometry *geo = &pos->geo;
  if (castle) {
    if (move_kind(m) != MOVE_CASTLING) return false;
    return 1 + pos_castling_side(geo, move_from(m), move_extra1(m)) == castle;
  }
  if (move_kind(m) == MOVE_DROP || move_kind(m) == MOVE_CASTLING || move_kind(m) == MOVE_PASS)
    return false;
  char text[16];
  geo_square_to_text(geo, move_to(m), text, sizeof text);
  if (strcmp(text, to)) return false;
  Piece p = pos_piece_on(pos, move_from(m));
  if (!piece_is_real(p)) return false;
  const char *letter = pos->variant->pieces[piece_type(p)].letter;
  if (strcasecmp(letter, piece[0] ? piece : "P")) return false;
  if (from[0]) {
    geo_square_to_text(geo, move_from(m), text, sizeof text);
    size_t n = strlen(from);
    bool letters = isalpha((unsigned char)from[0]) && !isdigit((unsigned char)from[n - 1]);
    bool digits = isdigit((unsigned char)from[0]);
    size_t file_len = strspn(text, "abcdefghijklmnopqrstuvwxyz");
    if (letters && (file_len != n || strncmp(text, from, n))) return false;
    if (digits && strcmp(text + file_len, from)) return false;
    if (!letters && !digits && strcmp(text, from)) return false;
  }
  int arg = move_piece_arg(m);
  if (promo[0]) return arg >= 0 && !strcasecmp(pos->variant->pieces[arg].letter, promo);
  return arg < 0;
}

bool san_to_move_text(const Position *pos, const char *text, char *out, size_t out_size) {
  char t[64];
  snprintf(t, sizeof t, "%s", text);
  size_t n = strlen(t);
  while (n && strchr("+#!?", t[n - 1])) t[--n] = '\0';
  if (!n) return false;
  Move direct = move_from_text(pos, t, NULL, 0);
  if (direct != MOVE_NONE_VALUE) {
    move_to_text(pos, direct, out, out_size);
    return true;
  }
  char piece[PIECE_LETTER_MAX] = "", from[32] = "", to[32] = "", promo[PIECE_LETTER_MAX] = "";
  int castle = san_castling_side(t);
  if (!castle) {
    char *s = t;
    /* Piece: '+' then an upper-case letter, or an upper-case letter. */
    size_t pl = 0;
    if (s[0] == '+' && isupper((unsigned char)s[1]))
      pl = 2;
    else if (isupper((unsigned char)s[0]))
      pl = 1;
    memcpy(piece, s, pl);
    piece[pl] = '\0';
    s += pl;
    /* Promotion: "=Q", "=+R", or a trailing upper-case letter. */
    char *eq = strchr(s, '=');
    if (eq) {
      snprintf(promo, sizeof promo, "%s", eq + 1);
      *eq = '\0';
    } else {
      size_t len = strlen(s);
      if (len && isupper((unsigned char)s[len - 1])) {
        promo[0] = s[len - 1], promo[1] = '\0';
        s[len - 1] = '\0';
      }
    }
    /* Remove capture marks, then the destination is the last square. */
    char rest[32];
    size_t r = 0;
    for (char *c = s; *c && r + 1 < sizeof rest; c++)
      if (*c != 'x' && *c != ':' && *c != '-') rest[r++] = *c;
    rest[r] = '\0';
    size_t end = r, digits_at = end;
    while (digits_at > 0 && isdigit((unsigned char)rest[digits_at - 1])) digits_at--;
    size_t letters_at = digits_at;
    while (letters_at > 0 && islower((unsigned char)rest[letters_at - 1])) letters_at--;
    if (digits_at == end || letters_at == digits_at) return false;
    snprintf(to, sizeof to, "%s", rest + letters_at);
    rest[letters_at] = '\0';
    snprintf(from, sizeof from, "%s", rest);
  }
  MoveList *list = malloc(sizeof *list);
  if (!list) return false;
  int count = gen_legal_moves(pos, list), found = 0;
  Move match = MOVE_NONE_VALUE;
  for (int i = 0; i < count; i++)
    if (san_fits(pos, list->moves[i], piece, from, to, promo, castle)) {
      /* Gating variants list one move per gate choice: the plain one counts. */
      if (move_gate_type(list->moves[i]) >= 0) continue;
      match = list->moves[i];
      found++;
    }
  free(list);
  if (found != 1) return false;
  move_to_text(pos, match, out, out_size);
  return true;
}
