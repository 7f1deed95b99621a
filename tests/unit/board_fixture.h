/* board_fixture.h — a hand-built chess Variant for board tests, independent
 * of the MBN compiler: each piece's legs are written out here as the compiler
 * is specified to produce them (mbn/move_program.h), so the walker is tested
 * on its own. Black's programs are White's mirrored (dy -> -dy). */
#ifndef CHIMERA_TESTS_BOARD_FIXTURE_H
#define CHIMERA_TESTS_BOARD_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "mbn/variant.h"

#define FX_LEGS_MAX 32

typedef struct {
  MoveLeg legs[COLOR_NB][FX_LEGS_MAX];
} FxProgram;

static FxProgram fx_programs[PIECE_TYPE_MAX];

static void fx_leg(Variant *v, int type, int dx, int dy, int min, int max, int occ, int flags) {
  for (int c = 0; c < COLOR_NB; c++) {
    MoveProgram *p = &v->pieces[type].moves[c];
    p->legs = fx_programs[type].legs[c];
    MoveLeg *leg = &p->legs[p->leg_count++];
    memset(leg, 0, sizeof *leg);
    leg->dx = (int8_t)dx;
    leg->dy = (int8_t)(c == WHITE ? dy : -dy);
    leg->min_steps = (uint8_t)min;
    leg->max_steps = (uint8_t)max;
    leg->occupancy = (uint8_t)occ;
    leg->effect = EFFECT_CAPTURE;
    leg->between = BETWEEN_EMPTY;
    leg->flags = (uint16_t)(flags | LEG_ENDS);
    leg->victim_set = leg->origin_range = leg->landing_range = MOVE_NONE;
    leg->first_child = 0;
    leg->child_count = 0;
    p->root_count = p->leg_count;
  }
}

/* All 8 symmetric versions of vector (a, b). */
static void fx_leaper(Variant *v, int type, int a, int b, int max) {
  int vecs[8][2] = {{a, b}, {-a, b}, {a, -b}, {-a, -b}, {b, a}, {-b, a}, {b, -a}, {-b, -a}};
  for (int i = 0; i < 8; i++) {
    bool dup = false;
    for (int j = 0; j < i; j++) dup |= vecs[j][0] == vecs[i][0] && vecs[j][1] == vecs[i][1];
    if (!dup) fx_leg(v, type, vecs[i][0], vecs[i][1], 1, max, OCC_EMPTY | OCC_ENEMY, 0);
  }
}

static int fx_piece(Variant *v, const char *letter) {
  int t = v->piece_count++;
  snprintf(v->pieces[t].letter, sizeof v->pieces[t].letter, "%s", letter);
  v->pieces[t].promoted_from = -1;
  return t;
}

/* Orthodox chess as Fairy-Stockfish plays it. */
static Variant *fx_chess(void) {
  static Variant v;
  memset(&v, 0, sizeof v);
  memset(fx_programs, 0, sizeof fx_programs);
  snprintf(v.name, sizeof v.name, "chess");
  v.shape.files = 8;
  v.shape.ranks = 8;
  v.shape.levels = 1;
  int k = fx_piece(&v, "K"), q = fx_piece(&v, "Q"), r = fx_piece(&v, "R"), b = fx_piece(&v, "B");
  int n = fx_piece(&v, "N"), p = fx_piece(&v, "P");
  fx_leaper(&v, k, 1, 0, 1);
  fx_leaper(&v, k, 1, 1, 1);
  fx_leaper(&v, q, 1, 0, LEG_STEPS_UNLIMITED);
  fx_leaper(&v, q, 1, 1, LEG_STEPS_UNLIMITED);
  fx_leaper(&v, r, 1, 0, LEG_STEPS_UNLIMITED);
  fx_leaper(&v, b, 1, 1, LEG_STEPS_UNLIMITED);
  fx_leaper(&v, n, 1, 2, 1);
  fx_leg(&v, p, 0, 1, 1, 1, OCC_EMPTY, 0);
  fx_leg(&v, p, 0, 1, 2, 2, OCC_EMPTY, LEG_INITIAL | LEG_EP_VICTIM);
  fx_leg(&v, p, 1, 1, 1, 1, OCC_ENEMY, LEG_EP_CAPTURE);
  fx_leg(&v, p, -1, 1, 1, 1, OCC_ENEMY, LEG_EP_CAPTURE);
  v.pieces[k].royal = true;
  v.pieces[p].promotes_to = 1u << q | 1u << r | 1u << b | 1u << n;
  v.rules.royal_types = 1u << k;
  v.rules.castling.enabled = true;
  v.rules.castling.king_file[0] = 6;
  v.rules.castling.king_file[1] = 2;
  v.rules.castling.partner_file[0] = 5;
  v.rules.castling.partner_file[1] = 3;
  v.rules.castling.partners = 1u << r;
  v.rules.en_passant = true;
  v.rules.stalemate = RESULT_DRAW;
  v.rules.move_rule = 50;
  v.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  return &v;
}

#endif
