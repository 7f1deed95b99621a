/* rules_drops.c — where a piece from the hand may be dropped (drop,
 * drop{..}[..], drop=..., pieces{..}=file(N)): the drops of the side to move,
 * and whether a compulsory drop is due. The fields of VariantRules it owns
 * are listed in RULES_DROPS_FIELDS.
 */
#include "board/rules_drops.h"

#include <string.h>

#include "board/tables.h"

const RuleField RULES_DROPS_FIELDS[] = {
    RULE_FIELD(holdings),
    RULE_FIELD(drops),
    RULE_FIELD(drop_no_mate),
    RULE_FIELD(per_file_limit),
    RULE_FIELD(drop_zone),
    RULE_FIELD(drop_no_check),
    RULE_FIELD(drop_promoted),
    RULE_FIELD(drop_immobile),
    RULE_FIELD(drop_opposite),
    RULE_FIELD(drop_compulsory),
    RULE_FIELD(drop_compulsory_set),
    RULE_FIELD(drop_stacked),
    RULE_FIELD(drop_anyside),
    RULE_FIELD(drop_free),
    RULE_FIELD(drop_apart),
    RULE_FIELD(drop_enclose),
    RULE_FIELD(drop_near),
    RULE_FIELD(drop_opening),
    RULE_FIELD(drop_sequence),
    RULE_FIELD(drop_sequence_len),
    RULE_FIELD(holding_demote),
};
const int RULES_DROPS_FIELD_COUNT = (int)(sizeof RULES_DROPS_FIELDS / sizeof RULES_DROPS_FIELDS[0]);

static int square_color(const Geometry *geo, int sq) {
  return (geo_file(geo, sq) + geo_rank(geo, sq)) & 1;
}

/* drop{B}=opposite (Fairy-Stockfish's dropOppositeColoredBishop): the pieces
 * of such a type, on the board and in hand, must end up split between the
 * two square colours. A piece of the type may not join a colour that holds
 * its share already, and any other drop may not take a square that colour
 * still needs. */
static bool drop_colors_ok(const Position *pos, int type, int sq) {
  const Variant *v = pos->variant;
  const Geometry *geo = &pos->geo;
  Color us = pos->side;
  for (int t = 0; t < v->piece_count; t++) {
    if (!v->rules.drop_opposite[t]) continue;
    int total = pos->hand[us][t], on[2] = {0, 0};
    for (int i = 0; i < pos->pcount[us]; i++) {
      int s = pos->plist[us][i];
      if (piece_type(pos->board[s]) != t) continue;
      total++;
      on[square_color(geo, s)]++;
    }
    if (t == type) {
      if (on[square_color(geo, sq)] + 1 > (total + 1) / 2) return false;
      continue;
    }
    const uint8_t *zone = v->rules.drop_zone[us][t];
    int room[2] = {on[0], on[1]};
    for (int s = 0; s < geo->sq_nb; s++)
      if (s != sq && pos->board[s] == PIECE_NONE && (!zone || zone[s]))
        room[square_color(geo, s)]++;
    if (room[0] < total / 2 || room[1] < total / 2) return false;
  }
  return true;
}

/* The square of a line (from `start`, steps of (dx, dy)) that Fairy-
 * Stockfish's enclosingDrop = anyside allows: when the entry square `edge`
 * is empty, the lowest-indexed empty square next to a piece in direction
 * (px, py), or on the far edge. Lowest index, as its lsb picks it: from the
 * top and the right that is the square nearest the bottom or the left. */
static int anyside_square(const Position *pos, int start, int dx, int dy, int edge, int px,
                          int py) {
  const Geometry *geo = &pos->geo;
  if (pos->board[edge] != PIECE_NONE) return -1;
  int best = -1;
  for (Square s = (Square)start; s != SQ_NONE; s = geo_step(geo, s, dx, dy, 0, false, false)) {
    if (pos->board[s] != PIECE_NONE) continue;
    Square next = geo_step(geo, s, px, py, 0, false, false);
    if ((next == SQ_NONE || pos->board[next] != PIECE_NONE) && (best < 0 || s < best)) best = s;
  }
  return best;
}

/* drop=anyside (cfour-anyside): the squares a stone pushed in from each
 * edge may take, marked in allowed[]. */
static void anyside_squares(const Position *pos, uint8_t *allowed) {
  const Geometry *geo = &pos->geo;
  memset(allowed, 0, (size_t)geo->sq_nb);
  int files = geo->files, ranks = geo->ranks;
  for (int r = 0; r < ranks; r++) {
    int a = geo_square(geo, 0, r, 0), h = geo_square(geo, files - 1, r, 0);
    int s1 = anyside_square(pos, a, 1, 0, a, 1, 0);  /* from the a-file, eastward */
    int s2 = anyside_square(pos, a, 1, 0, h, -1, 0); /* from the last file */
    if (s1 >= 0) allowed[s1] = 1;
    if (s2 >= 0) allowed[s2] = 1;
  }
  for (int f = 0; f < files; f++) {
    int b = geo_square(geo, f, 0, 0), top = geo_square(geo, f, ranks - 1, 0);
    int s1 = anyside_square(pos, b, 0, 1, b, 0, 1);    /* from the first rank, upward */
    int s2 = anyside_square(pos, b, 0, 1, top, 0, -1); /* from the last rank */
    if (s1 >= 0) allowed[s1] = 1;
    if (s2 >= 0) allowed[s2] = 1;
  }
}

/* drop=apart (snort): an enemy piece on a square next to sq along a rank
 * or file. */
static bool drop_touches_enemy(const Position *pos, int sq) {
  static const int steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (int i = 0; i < 4; i++) {
    Square s = geo_step(&pos->geo, sq, steps[i][0], steps[i][1], 0, false, false);
    if (s != SQ_NONE && piece_is_real(pos->board[s]) && piece_color(pos->board[s]) != pos->side)
      return true;
  }
  return false;
}

static bool is_theirs(Piece p, Color us) {
  return piece_is_real(p) && piece_color(p) != us;
}
static bool is_ours(Piece p, Color us) {
  return piece_is_real(p) && piece_color(p) == us;
}

/* drop=near (ataxx): a piece of the mover's on one of the eight squares
 * around sq. */
static bool drop_near_own(const Position *pos, int sq) {
  for (int d = 0; d < 8; d++) {
    Square s = geo_step(&pos->geo, sq, GEO_KING_STEPS[d][0], GEO_KING_STEPS[d][1], 0, false, false);
    if (s != SQ_NONE && is_ours(pos->board[s], pos->side)) return true;
  }
  return false;
}

/* drop=enclose (reversi), as Fairy-Stockfish's enclosingDrop = reversi
 * tests it: an enemy piece next to sq, and in some direction a run of one or
 * more squares ending in a piece of the mover's. The run may hold enemy
 * pieces and walls: its test treats walls ('*') as transparent, while the
 * flip itself stops at them (annexation may thus drop where nothing turns). */
static bool drop_encloses(const Position *pos, int sq) {
  const Geometry *geo = &pos->geo;
  Color us = pos->side;
  bool touches = false;
  for (int d = 0; d < 8 && !touches; d++) {
    Square s = geo_step(geo, sq, GEO_KING_STEPS[d][0], GEO_KING_STEPS[d][1], 0, false, false);
    touches = s != SQ_NONE && is_theirs(pos->board[s], us);
  }
  if (!touches) return false;
  for (int d = 0; d < 8; d++) {
    int dx = GEO_KING_STEPS[d][0], dy = GEO_KING_STEPS[d][1], run = 0;
    Square s = geo_step(geo, sq, dx, dy, 0, false, false);
    while (s != SQ_NONE && (pos->board[s] == PIECE_WALL || is_theirs(pos->board[s], us))) {
      run++;
      s = geo_step(geo, s, dx, dy, 0, false, false);
    }
    if (run && s != SQ_NONE && is_ours(pos->board[s], us)) return true;
  }
  return false;
}

/* Where a drop may go besides empty squares, its zone and its type's
 * mobility: the connect-four and reversi families' rules, set up once per
 * gen_drops call. */
typedef struct {
  bool anyside, apart, stacked, opening_open, enclose, near;
  const uint8_t *opening;
  uint8_t *anyside_squares;
} DropPlacement;

static __attribute__((noinline)) bool drop_placement_ok(const Position *pos,
                                                        const DropPlacement *pl, int sq) {
  const Geometry *geo = &pos->geo;
  if (pl->anyside && !pl->anyside_squares[sq]) return false;
  if (pl->apart && drop_touches_enemy(pos, sq)) return false;
  /* drop=stacked (connect four): on the first rank or on a piece */
  if (pl->stacked && geo_rank(geo, sq) > 0 &&
      pos->board[geo_step(geo, sq, 0, -1, 0, false, false)] == PIECE_NONE)
    return false;
  if (pl->opening_open && !pl->opening[sq]) return false;
  if (pl->near && !drop_near_own(pos, sq)) return false;
  return !pl->enclose || drop_encloses(pos, sq);
}

/* drop=opening[..]: while one of its squares is empty, drops go there
 * only, instead of where enclose or near would allow. */
static void drop_placement_init(const Position *pos, DropPlacement *pl, uint8_t *anyside) {
  const VariantRules *r = &pos->variant->rules;
  *pl = (DropPlacement){.anyside = r->drop_anyside,
                        .apart = r->drop_apart,
                        .stacked = r->drop_stacked,
                        .opening = r->drop_opening,
                        .anyside_squares = anyside};
  if (pl->anyside) anyside_squares(pos, anyside);
  for (int sq = 0; pl->opening && sq < pos->geo.sq_nb && !pl->opening_open; sq++)
    pl->opening_open = pl->opening[sq] && pos->board[sq] == PIECE_NONE;
  pl->enclose = r->drop_enclose && !pl->opening_open;
  pl->near = r->drop_near && !pl->opening_open;
}

void rules_gen_drops(const Position *pos, MoveList *list, const TypeSet *only) {
  const Variant *v = pos->variant;
  const BoardTables *t = pos->tables;
  Color us = pos->side;
  const Geometry *geo = &pos->geo;
  static _Thread_local uint8_t anyside[SQUARE_MAX];
  /* set up only where such a rule applies: one test per square elsewhere */
  bool placed = t->drop_placed;
  DropPlacement pl;
  if (placed) drop_placement_init(pos, &pl, anyside);
  bool opposite = false;
  for (int type = 0; type < v->piece_count; type++) opposite |= v->rules.drop_opposite[type];
  for (int type = 0; type < v->piece_count; type++) {
    if (!pos->hand[us][type] && !type_set_has(&v->rules.drop_free, type)) continue;
    if (only && !type_set_has(only, type)) continue;
    int limit = v->rules.per_file_limit[type];
    const uint8_t *mobile = t->mobile[type][us], *zone = v->rules.drop_zone[us][type];
    bool immobile_ok = (v->rules.drop_promoted || v->rules.drop_immobile) &&
                       !type_set_has(&v->rules.immobility_illegal, type);
    for (int sq = 0; sq < geo->sq_nb; sq++) {
      /* Fairy-Stockfish refuses drops where the piece could never move only
       * under immobilityIllegal (pieces{..}=mobile); kyotoshogi's pawn
       * (drop=promoted) and dobutsu's chick (drop=immobile) may be dropped
       * on the last rank. Elsewhere an immobile drop stays refused: pieces
       * confined by their moves (xiangqi's advisor) may not be dropped
       * outside their area. */
      if (pos->board[sq] != PIECE_NONE) continue;
      if (!mobile[sq] && !immobile_ok) continue;
      if (zone && !zone[sq]) continue;
      if (placed && !drop_placement_ok(pos, &pl, sq)) continue;
      if (limit > 0) {
        int n = 0;
        for (int r = 0; r < geo->ranks; r++) {
          Piece p = pos->board[geo_square(geo, geo_file(geo, sq), r, geo_level(geo, sq))];
          n += piece_is_real(p) && piece_color(p) == us && piece_type(p) == type;
        }
        if (n >= limit) continue;
      }
      if (opposite && !drop_colors_ok(pos, type, sq)) continue;
      move_list_push(list, move_make(sq, sq, MOVE_DROP, type + 1, EXTRA_NONE, EXTRA_NONE, 0));
      /* drop=promoted: either side up (kyotoshogi). */
      if (v->rules.drop_promoted && type_set_any(v->pieces[type].promotes_to))
        move_list_push(list, move_make(sq, sq, MOVE_DROP, type + 1, EXTRA_NONE, EXTRA_NONE,
                                       MOVE_FLAG_DROP_PROMOTED));
    }
  }
}

/* The type the side to move drops next under MBN's drop rule, or -1 when
 * its drops are made. Read off the hand, so it needs no state: of the
 * side's drops of one type, those not yet made are the last ones, as many as
 * the hand holds of the type; the first drop not yet made is the next. */
static int drop_sequence_next(const Position *pos) {
  const VariantRules *r = &pos->variant->rules;
  Color us = pos->side;
  for (int i = 0; i < r->drop_sequence_len; i++) {
    int step = r->drop_sequence[i];
    if ((step & 1) != (int)us) continue;
    int later = 0;
    for (int j = i; j < r->drop_sequence_len; j++) later += r->drop_sequence[j] == step;
    if (later <= pos->hand[us][step >> 1]) return step >> 1;
  }
  return -1;
}

bool rules_compulsory_drops(const Position *pos, TypeSet *types) {
  const VariantRules *r = &pos->variant->rules;
  if (!r->drops || !r->drop_compulsory) return false;
  int next = r->drop_sequence_len ? drop_sequence_next(pos) : -1;
  if (next >= 0) {
    if (types) {
      *types = (TypeSet){0};
      type_set_add(types, next);
    }
    return true;
  }
  for (int t = 0; t < pos->variant->piece_count; t++)
    if (pos->hand[pos->side][t] && type_set_has(&r->drop_compulsory_set, t)) {
      if (types) *types = r->drop_compulsory_set;
      return true;
    }
  return false;
}
