/* board_fixture.h — hand-built Variants for board tests, independent of the
 * MBN compiler and the variant loader: each piece's legs are written out
 * here as the compiler is specified to produce them (mbn/move_program.h), so
 * the walker and the rules are tested on their own. Black's programs are
 * White's mirrored (dy -> -dy, ranges mirrored by rank).
 *
 * fx_variant(name) knows: chess, capablanca, crazyhouse, xiangqi. */
#ifndef CHIMERA_TESTS_BOARD_FIXTURE_H
#define CHIMERA_TESTS_BOARD_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/variant.h"

#define FX_LEGS_MAX   64
#define FX_RANGES_MAX 8

typedef struct {
  MoveLeg legs[COLOR_NB][FX_LEGS_MAX];
  uint16_t children[COLOR_NB][FX_LEGS_MAX];
} FxProgram;

static FxProgram fx_programs[PIECE_TYPE_MAX];
static SquareRange fx_ranges[FX_RANGES_MAX];
static uint8_t fx_range_cells[FX_RANGES_MAX][256];

/* Adds a leg to both colours' programs; parent -1 makes it a root (roots
 * must all be added before any child). Returns its index. */
static inline int fx_leg_at(Variant *v, int type, int parent, int dx, int dy, int min, int max,
                            int occ, int flags) {
  int index = -1;
  for (int c = 0; c < COLOR_NB; c++) {
    MoveProgram *p = &v->pieces[type].moves[c];
    p->legs = fx_programs[type].legs[c];
    p->children = fx_programs[type].children[c];
    index = p->leg_count++;
    MoveLeg *leg = &p->legs[index];
    memset(leg, 0, sizeof *leg);
    leg->dx = (int8_t)dx;
    leg->dy = (int8_t)(c == WHITE ? dy : -dy);
    leg->min_steps = (uint8_t)min;
    leg->max_steps = (uint8_t)max;
    leg->occupancy = (uint8_t)occ;
    leg->effect = EFFECT_CAPTURE;
    leg->between = BETWEEN_EMPTY;
    leg->flags = (uint16_t)flags;
    leg->victim_set = leg->origin_range = leg->landing_range = MOVE_NONE;
    if (parent < 0) {
      p->root_count = p->leg_count;
    } else {
      /* children of one parent are added consecutively */
      MoveLeg *par = &p->legs[parent];
      if (!par->child_count) par->first_child = p->child_link_count;
      p->children[p->child_link_count++] = (uint16_t)index;
      par->child_count++;
    }
  }
  return index;
}

static inline int fx_leg(Variant *v, int type, int dx, int dy, int min, int max, int occ,
                         int flags) {
  return fx_leg_at(v, type, -1, dx, dy, min, max, occ, flags | LEG_ENDS);
}

/* All distinct symmetric versions of vector (a, b). */
static inline int fx_vectors(int a, int b, int out[8][2]) {
  int vecs[8][2] = {{a, b}, {-a, b}, {a, -b}, {-a, -b}, {b, a}, {-b, a}, {b, -a}, {-b, -a}};
  int n = 0;
  for (int i = 0; i < 8; i++) {
    bool dup = false;
    for (int j = 0; j < n; j++) dup |= out[j][0] == vecs[i][0] && out[j][1] == vecs[i][1];
    if (!dup) {
      out[n][0] = vecs[i][0];
      out[n][1] = vecs[i][1];
      n++;
    }
  }
  return n;
}

static inline void fx_leaper(Variant *v, int type, int a, int b, int max) {
  int vecs[8][2], n = fx_vectors(a, b, vecs);
  for (int i = 0; i < n; i++)
    fx_leg(v, type, vecs[i][0], vecs[i][1], 1, max, OCC_EMPTY | OCC_ENEMY, 0);
}

static inline int fx_piece(Variant *v, const char *letter) {
  int t = v->piece_count++;
  snprintf(v->pieces[t].letter, sizeof v->pieces[t].letter, "%s", letter);
  v->pieces[t].promoted_from = -1;
  return t;
}

/* A range per colour: White's from the predicate, Black's mirrored. */
static inline int fx_range_pair(Variant *v,
                                bool (*member)(int file, int rank, int files, int ranks),
                                int out[COLOR_NB]) {
  for (int c = 0; c < COLOR_NB; c++) {
    int r = v->range_count++;
    fx_ranges[r].member = fx_range_cells[r];
    for (int rank = 0; rank < v->shape.ranks; rank++)
      for (int file = 0; file < v->shape.files; file++) {
        int wr = c == WHITE ? rank : v->shape.ranks - 1 - rank;
        fx_range_cells[r][rank * v->shape.files + file] =
            member(file, wr, v->shape.files, v->shape.ranks);
      }
    out[c] = r;
  }
  v->ranges = fx_ranges;
  return 0;
}

static inline void fx_set_range(Variant *v, int type, int leg, const int range[COLOR_NB],
                                bool landing) {
  for (int c = 0; c < COLOR_NB; c++) {
    MoveLeg *l = &v->pieces[type].moves[c].legs[leg];
    if (landing)
      l->landing_range = (uint16_t)range[c];
    else
      l->origin_range = (uint16_t)range[c];
  }
}

static inline void fx_reset(Variant *v, const char *name, int files, int ranks) {
  memset(v, 0, sizeof *v);
  memset(fx_programs, 0, sizeof fx_programs);
  snprintf(v->name, sizeof v->name, "%s", name);
  v->shape.files = files;
  v->shape.ranks = ranks;
  v->shape.levels = 1;
}

static inline void fx_chess_pawn(Variant *v, int p) {
  fx_leg(v, p, 0, 1, 1, 1, OCC_EMPTY, 0);
  fx_leg(v, p, 0, 1, 2, 2, OCC_EMPTY, LEG_INITIAL | LEG_EP_VICTIM);
  fx_leg(v, p, 1, 1, 1, 1, OCC_ENEMY, LEG_EP_CAPTURE);
  fx_leg(v, p, -1, 1, 1, 1, OCC_ENEMY, LEG_EP_CAPTURE);
}

/* Chess-like armies: K Q R B N P plus optional A (BN) and C (RN). */
static inline Variant *fx_chesslike(const char *name, int files, int ranks, bool archbishops,
                                    const char *fen) {
  static Variant v;
  fx_reset(&v, name, files, ranks);
  int k = fx_piece(&v, "K"), q = fx_piece(&v, "Q"), r = fx_piece(&v, "R"), b = fx_piece(&v, "B");
  int n = fx_piece(&v, "N"), p = fx_piece(&v, "P");
  fx_leaper(&v, k, 1, 0, 1);
  fx_leaper(&v, k, 1, 1, 1);
  fx_leaper(&v, q, 1, 0, LEG_STEPS_UNLIMITED);
  fx_leaper(&v, q, 1, 1, LEG_STEPS_UNLIMITED);
  fx_leaper(&v, r, 1, 0, LEG_STEPS_UNLIMITED);
  fx_leaper(&v, b, 1, 1, LEG_STEPS_UNLIMITED);
  fx_leaper(&v, n, 1, 2, 1);
  fx_chess_pawn(&v, p);
  uint64_t promos = 1u << q | 1u << r | 1u << b | 1u << n;
  if (archbishops) {
    int a = fx_piece(&v, "A"), c = fx_piece(&v, "C");
    fx_leaper(&v, a, 1, 1, LEG_STEPS_UNLIMITED);
    fx_leaper(&v, a, 1, 2, 1);
    fx_leaper(&v, c, 1, 0, LEG_STEPS_UNLIMITED);
    fx_leaper(&v, c, 1, 2, 1);
    promos |= 1u << a | 1u << c;
  }
  v.pieces[k].royal = true;
  v.pieces[p].promotes_to = type_set_from_word(promos);
  v.rules.royal_types = type_set_of(k);
  v.rules.castling.enabled = true;
  v.rules.castling.king_file[0] = files - 2;
  v.rules.castling.king_file[1] = 2;
  v.rules.castling.partner_file[0] = files - 3;
  v.rules.castling.partner_file[1] = 3;
  v.rules.castling.partners[0] = v.rules.castling.partners[1] = type_set_of(r);
  v.rules.en_passant = true;
  v.rules.stalemate = RESULT_DRAW;
  v.rules.move_rule = 50;
  v.start_fen = (char *)fen;
  return &v;
}

static inline Variant *fx_chess(void) {
  return fx_chesslike("chess", 8, 8, false,
                      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

static inline bool fx_palace(int f, int r, int files, int ranks) {
  (void)ranks;
  return r <= 2 && f >= files / 2 - 1 && f <= files / 2 + 1;
}
static inline bool fx_own_half(int f, int r, int files, int ranks) {
  (void)f, (void)files;
  return r < ranks / 2;
}
static inline bool fx_other_half(int f, int r, int files, int ranks) {
  (void)f, (void)files;
  return r >= ranks / 2;
}

/* Xiangqi: palace-bound K (W) and A (F), lame E (F-F in own half) and
 * H (W-F outward), cannon (mR + hop capture), pawn sideways past the river. */
static inline Variant *fx_xiangqi(void) {
  static Variant v;
  fx_reset(&v, "xiangqi", 9, 10);
  int palace[2], own[2], other[2];
  fx_range_pair(&v, fx_palace, palace);
  fx_range_pair(&v, fx_own_half, own);
  fx_range_pair(&v, fx_other_half, other);
  int k = fx_piece(&v, "K"), a = fx_piece(&v, "A"), e = fx_piece(&v, "B"), h = fx_piece(&v, "N");
  int r = fx_piece(&v, "R"), c = fx_piece(&v, "C"), p = fx_piece(&v, "P");
  int vecs[8][2];
  int nv = fx_vectors(1, 0, vecs);
  for (int i = 0; i < nv; i++) {
    int l = fx_leg(&v, k, vecs[i][0], vecs[i][1], 1, 1, OCC_EMPTY | OCC_ENEMY, 0);
    fx_set_range(&v, k, l, palace, true);
  }
  nv = fx_vectors(1, 1, vecs);
  for (int i = 0; i < nv; i++) {
    int l = fx_leg(&v, a, vecs[i][0], vecs[i][1], 1, 1, OCC_EMPTY | OCC_ENEMY, 0);
    fx_set_range(&v, a, l, palace, true);
  }
  /* elephant: F to an empty square, then F the same way, landing in own half */
  int roots[8];
  for (int i = 0; i < nv; i++)
    roots[i] = fx_leg_at(&v, e, -1, vecs[i][0], vecs[i][1], 1, 1, OCC_EMPTY, 0);
  for (int i = 0; i < nv; i++) {
    int l =
        fx_leg_at(&v, e, roots[i], vecs[i][0], vecs[i][1], 1, 1, OCC_EMPTY | OCC_ENEMY, LEG_ENDS);
    fx_set_range(&v, e, l, own, true);
  }
  /* horse: W to an empty square, then one of the two outward diagonals */
  int wv[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (int i = 0; i < 4; i++)
    roots[i] = fx_leg_at(&v, h, -1, wv[i][0], wv[i][1], 1, 1, OCC_EMPTY, 0);
  for (int i = 0; i < 4; i++)
    for (int s = -1; s <= 1; s += 2) {
      int dx = wv[i][0] ? wv[i][0] : s, dy = wv[i][1] ? wv[i][1] : s;
      fx_leg_at(&v, h, roots[i], dx, dy, 1, 1, OCC_EMPTY | OCC_ENEMY, LEG_ENDS);
    }
  fx_leaper(&v, r, 1, 0, LEG_STEPS_UNLIMITED);
  /* cannon: rook moves to empty squares; captures by hopping one screen */
  for (int i = 0; i < 4; i++)
    fx_leg(&v, c, wv[i][0], wv[i][1], 1, LEG_STEPS_UNLIMITED, OCC_EMPTY, 0);
  for (int i = 0; i < 4; i++) {
    roots[i] =
        fx_leg_at(&v, c, -1, wv[i][0], wv[i][1], 1, LEG_STEPS_UNLIMITED, OCC_ENEMY | OCC_FRIEND, 0);
    for (int col = 0; col < COLOR_NB; col++)
      v.pieces[c].moves[col].legs[roots[i]].effect = EFFECT_VISIT;
  }
  for (int i = 0; i < 4; i++) {
    /* first occupied square beyond the screen: slide over empties, land on an enemy */
    fx_leg_at(&v, c, roots[i], wv[i][0], wv[i][1], 1, LEG_STEPS_UNLIMITED, OCC_ENEMY, LEG_ENDS);
  }
  fx_leg(&v, p, 0, 1, 1, 1, OCC_EMPTY | OCC_ENEMY, 0);
  int l1 = fx_leg(&v, p, 1, 0, 1, 1, OCC_EMPTY | OCC_ENEMY, 0);
  int l2 = fx_leg(&v, p, -1, 0, 1, 1, OCC_EMPTY | OCC_ENEMY, 0);
  fx_set_range(&v, p, l1, other, false);
  fx_set_range(&v, p, l2, other, false);
  v.pieces[k].royal = true;
  v.rules.royal_types = type_set_of(k);
  v.rules.kings_may_not_face = true;
  v.rules.stalemate = RESULT_LOSS;
  v.start_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
  return &v;
}

static inline Variant *fx_crazyhouse(void) {
  Variant *v = fx_chesslike("crazyhouse", 8, 8, false,
                            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
  strcpy(v->name, "crazyhouse");
  v->rules.holdings = true;
  v->rules.drops = true;
  /* drop{P}[2-7]: pawns are not dropped on the first or last rank */
  static uint8_t pawn_zone[64];
  for (int sq = 0; sq < 64; sq++) pawn_zone[sq] = sq >= 8 && sq < 56;
  int p = 5; /* K Q R B N P */
  v->rules.drop_zone[WHITE][p] = v->rules.drop_zone[BLACK][p] = pawn_zone;
  return v;
}

static uint8_t fx_zone_cells[4][256];

/* A zone from a predicate over (file, rank), absolute. */
static inline uint8_t *fx_zone(int slot, const Variant *v, bool (*member)(int f, int r)) {
  for (int r = 0; r < v->shape.ranks; r++)
    for (int f = 0; f < v->shape.files; f++)
      fx_zone_cells[slot][r * v->shape.files + f] = member(f, r);
  return fx_zone_cells[slot];
}
static inline bool fx_center(int f, int r) {
  return f >= 3 && f <= 4 && r >= 3 && r <= 4;
}
static inline bool fx_rank8(int f, int r) {
  return (void)f, r == 7;
}

/* Chess with one rule changed, as Fairy-Stockfish defines these variants. */
static inline Variant *fx_chess_rule(const char *name) {
  Variant *v = fx_chess();
  snprintf(v->name, sizeof v->name, "%s", name);
  int k = 0, p = 5; /* K Q R B N P */
  VariantRules *r = &v->rules;
  if (!strcmp(name, "3check")) {
    r->check_limit = 3;
  } else if (!strcmp(name, "kingofthehill")) {
    r->hill = r->hill_by_color[WHITE] = r->hill_by_color[BLACK] = fx_zone(0, v, fx_center);
    r->hill_types = type_set_of(k);
  } else if (!strcmp(name, "racingkings")) {
    r->hill = r->hill_by_color[WHITE] = r->hill_by_color[BLACK] = fx_zone(1, v, fx_rank8);
    r->hill_types = type_set_of(k);
    r->hill_reply = true;
    r->no_checks = true;
    r->castling.enabled = false;
  } else if (!strcmp(name, "antichess") || !strcmp(name, "giveaway")) {
    v->pieces[k].royal = false;
    r->royal_types = type_set_empty();
    r->royal_may_be_exposed = true;
    r->must_capture = true;
    r->stalemate = RESULT_WIN;
    r->extinction_types = r->extinction_by_color[WHITE] = r->extinction_by_color[BLACK] =
        type_set_from_word(0x3F);
    r->extinction_together = true;
    r->extinction_result = RESULT_WIN;
    type_set_add(&v->pieces[p].promotes_to, k);
    if (!strcmp(name, "antichess")) r->castling.enabled = false;
  } else {
    return NULL;
  }
  return v;
}

static inline Variant *fx_variant(const char *name) {
  if (!strcmp(name, "chess")) return fx_chess();
  if (!strcmp(name, "capablanca"))
    return fx_chesslike("capablanca", 10, 8, true,
                        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
  if (!strcmp(name, "crazyhouse")) return fx_crazyhouse();
  if (!strcmp(name, "xiangqi")) return fx_xiangqi();
  return fx_chess_rule(name);
}

#endif
