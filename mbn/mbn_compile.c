/* mbn_compile.c — the driver: parses a variant's `pieces` text, registers
 * the piece types, lowers and builds each piece's programs (Black's mirrored
 * unless a lower-case definition gives them), then promotions and castling,
 * and finally hands ranges and piece filters to the Variant.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/mbn_lower.h"

typedef struct {
  const AstDefinition *white, *black;
  int white_letter; /* which letter of a multi-letter definition */
  bool is_new;
  /* Definitions with board identifiers (C<2>=K+<1,3>O C<*>=K+<2>O): each
   * applies on its boards only; <*> on the boards no other one names. */
  const AstDefinition *board_defs[16];
  int board_letters[16];
  int board_def_count;
} PieceSource;

int mbn_find_piece(const Variant *variant, const char *letter) {
  for (int i = 0; i < variant->piece_count; i++)
    if (!strcmp(variant->pieces[i].letter, letter)) return i;
  return -1;
}

/* "p" -> "P", "+p" -> "+P"; returns true if the letter was lower case. */
static bool letter_normalise(const char *in, char *out) {
  snprintf(out, PIECE_LETTER_MAX, "%s", in);
  char *core = out[0] && strchr("+-'#$%&", out[0]) ? out + 1 : out;
  if (core[0] >= 'a' && core[0] <= 'z') {
    core[0] = (char)toupper((unsigned char)core[0]);
    return true;
  }
  return false;
}

static void def_error(LowerContext *lc, const AstDefinition *def, const char *near,
                      const char *message) {
  mbn_diagnostics_add(lc->diags, lc->source, def->line, def->col, near, "%s", message);
}

static bool compile_move(LowerContext *lc, const AstDefinition *def, const AstNode *move,
                         MoveProgram *out) {
  TemplateGraph graph;
  if (!mbn_lower_move(lc, move, &graph)) return false;
  return mbn_build_program(lc, &graph, out, def->line, def->col);
}

/* 'P: the program turned a quarter clockwise (mbn_turn_program); a range
 * turns with it only on a square board. */
static bool side_mover_turn(LowerContext *lc, const AstDefinition *def, MoveProgram *prog) {
  if (mbn_turn_program(lc, prog)) return true;
  def_error(lc, def, def->letters[0],
            "a side-mover whose move has a board range needs a square board (the range turns "
            "with the move)");
  return false;
}

static void program_free(MoveProgram *p) {
  free(p->legs);
  free(p->children);
  memset(p, 0, sizeof *p);
}

static void program_remap(MoveProgram *p, int range_base, int filter_base) {
  for (int i = 0; i < p->leg_count; i++) {
    MoveLeg *leg = &p->legs[i];
    if (leg->origin_range != MOVE_NONE)
      leg->origin_range = (uint16_t)(leg->origin_range + range_base);
    if (leg->landing_range != MOVE_NONE)
      leg->landing_range = (uint16_t)(leg->landing_range + range_base);
    if (leg->presence_set) {
      leg->presence_set = (uint16_t)(leg->presence_set + filter_base);
      if (leg->presence_range != MOVE_NONE)
        leg->presence_range = (uint16_t)(leg->presence_range + range_base);
    }
    if (leg->victim_set != MOVE_NONE) leg->victim_set = (uint16_t)(leg->victim_set + filter_base);
    if (leg->ep_victims) leg->ep_victims = (uint16_t)(leg->ep_victims + filter_base);
    if (leg->leap_set) leg->leap_set = (uint16_t)(leg->leap_set + filter_base);
    if (leg->origin_attackers)
      leg->origin_attackers = (uint16_t)(leg->origin_attackers + filter_base);
    if (leg->landing_attackers)
      leg->landing_attackers = (uint16_t)(leg->landing_attackers + filter_base);
  }
}

/* O-O=[*]isR[g]=isR[f]: the destination file of a castling move; of
 * O-O-O-O=[*]ifR[3]=ibR[2] (vertical), the destination rank. */
static int castling_destination(LowerContext *lc, const AstDefinition *def, const AstNode *move) {
  bool vertical = def->castle_long == CASTLE_VERTICAL;
  const char *name = vertical ? "O-O-O-O" : "O-O";
  if (move && move->kind == AST_MOD && move->after.present && move->after.count == 1 &&
      !move->after.negated) {
    const AstRangeItem *it = &move->after.items[0];
    int lo = vertical ? it->rank_lo : it->file_lo, hi = vertical ? it->rank_hi : it->file_hi;
    int other = vertical ? it->file_lo : it->rank_lo;
    int size = vertical ? lc->variant->shape.ranks : lc->variant->shape.files;
    if (!it->special && lo >= 0 && lo == hi && other < 0) {
      if (lo >= size) {
        def_error(lc, def, name,
                  vertical ? "castling destination rank is off the board"
                           : "castling destination file is off the board");
        return -1;
      }
      return lo;
    }
  }
  def_error(lc, def, name,
            vertical ? "only vertical castling definitions that name destination ranks are "
                       "supported (O-O-O-O=[*]ifR[3]=ibR[2])"
                     : "only castling definitions that name destination files are "
                       "supported (O-O=[*]isR[g]=isR[f])");
  return -1;
}

/* The prefix the text promotes with (decision 44): '+' unless its
 * promotion rules are written with '#', '*', '$', '%' or '&' (#Q==Q, ##Q,
 * *KLWNCP==X: "the use of a letter for promotions all the rules of letter
 * '+' will also apply to this letter", MBN §2). The board plays one
 * promotion level, so rules of two prefixes are refused. */
static bool promotion_prefix(LowerContext *lc, const AstProgram *prog) {
  Variant *v = lc->variant;
  for (int i = 0; i < prog->count; i++) {
    const AstDefinition *def = &prog->defs[i];
    char prefix = 0;
    if (def->kind == DEF_PROMOTION)
      prefix = def->letters[0][0];
    else if (def->kind == DEF_PIECE)
      for (int l = 0; l < def->letter_count && !prefix; l++)
        if (def->letters[l][0] == '+' || def->letters[l][0] == '-') prefix = '+';
    if (!prefix) continue;
    if (v->promotion_prefix && v->promotion_prefix != prefix) {
      char message[200];
      snprintf(message, sizeof message,
               "promotion rules of two prefixes ('%c' and '%c') are not supported: the board "
               "plays one promotion level",
               v->promotion_prefix, prefix);
      def_error(lc, def, def->letters[0], message);
      return false;
    }
    v->promotion_prefix = prefix;
  }
  return true;
}

/* Promotion rules and promoted pieces. White's rules (+P==QRBN) are both
 * colours' until a rule for Black alone (+p==I, MBN: "if the promotion for
 * the black piece is different ... define it explicitly") replaces Black's
 * set: the rules for Black are read in a second pass, whatever their place
 * in the text. */
static bool compile_promotions(LowerContext *lc, const AstProgram *prog, int first_new) {
  Variant *v = lc->variant;
  bool ok = true;
  for (int pass = 0; pass < 2; pass++) {
    bool black_pass = pass == 1;
    for (int i = 0; i < prog->count; i++) {
      const AstDefinition *def = &prog->defs[i];
      /* '+Q' alone is MBN's default rule; '#Q' alone a piece moving as Q
       * (a prefix other than '+': "the default promotion is the move
       * capability of the un-promoted piece") */
      char prefix = variant_promotion_prefix(v);
      bool rule = def->kind == DEF_PROMOTION;
      bool default_rule = def->kind == DEF_PIECE && !def->move && def->letters[0][0] == '+';
      bool promoted_piece =
          def->kind == DEF_PIECE && def->letters[0][0] == prefix && (def->move || prefix != '+');
      if (!rule && !default_rule && !promoted_piece) continue;
      /* ##Q: the promoted piece's own rule, by default back to Q (MBN §2) */
      bool of_promoted = rule && def->letters[0][1] == def->letters[0][0];
      for (int l = 0; l < def->letter_count; l++) {
        char letter[PIECE_LETTER_MAX];
        bool black = letter_normalise(def->letters[l] + (of_promoted ? 1 : 0), letter);
        if (black != black_pass) continue;
        if (black && promoted_piece) continue; /* Black's own move for it: compile_move */
        /* the piece whose rule this is: Q for #Q==.., #Q for ##Q */
        const char *base_letter = of_promoted ? letter : letter + 1;
        int unpromoted = -1;
        if (of_promoted) {
          unpromoted = mbn_find_piece(v, letter + 1);
          if (mbn_find_piece(v, letter) < 0 || unpromoted < 0) {
            char message[160];
            snprintf(message, sizeof message,
                     "'%s' is the rule of a promoted piece '%s' of a piece '%s': the variant "
                     "lacks %s",
                     def->letters[l], letter, letter + 1, unpromoted < 0 ? letter + 1 : letter);
            def_error(lc, def, def->letters[l], message);
            ok = false;
            continue;
          }
        }
        int base = mbn_find_piece(v, base_letter);
        if (base < 0) {
          char message[120];
          snprintf(message, sizeof message, "promotion of '%s' needs a piece '%s' in the variant",
                   letter, letter + 1);
          def_error(lc, def, def->letters[l], message);
          ok = false;
          continue;
        }
        TypeSet set = type_set_empty();
        if (promoted_piece) {
          int promoted = mbn_find_piece(v, letter);
          if (promoted >= first_new) {
            v->pieces[promoted].promoted_from = base;
            type_set_add(&set, promoted);
          }
        } else if (default_rule) {
          for (int t = 0; t < v->piece_count; t++)
            if (t != base && v->pieces[t].letter[0] != '+' &&
                !type_set_has(&v->rules.royal_types, t) && !v->pieces[t].royal)
              type_set_add(&set, t);
        } else if (of_promoted && !def->promo.count && !def->promo.negated) {
          type_set_add(&set, unpromoted);
        } else {
          for (int k = 0; k < def->promo.count; k++) {
            /* +Q==q: a lower-case letter is the other side's piece (MBN §2,
             * "promotion to the other colour"); the piece changes sides */
            char target[PIECE_LETTER_MAX];
            bool other = letter_normalise(def->promo.letters[k], target);
            if (other && (black || def->promo.negated)) {
              def_error(lc, def, def->promo.letters[k],
                        black ? "promotion to the other colour in a rule for Black alone is not "
                                "supported (+Q==q names both colours')"
                              : "promotion to the other colour in a negated set is not supported");
              ok = false;
              continue;
            }
            int t = mbn_find_piece(v, target);
            if (t >= 0 && other) {
              type_set_add(&v->pieces[base].promotes_to_other, t);
              continue;
            }
            if (t < 0) {
              char message[120];
              snprintf(message, sizeof message,
                       "promotion set names '%s', which is not a piece of this variant",
                       def->promo.letters[k]);
              def_error(lc, def, def->promo.letters[k], message);
              ok = false;
              continue;
            }
            type_set_add(&set, t);
          }
          if (def->promo.negated) {
            set = type_set_minus(type_set_first_n(v->piece_count), set);
            type_set_remove(&set, base);
          }
        }
        PieceType *piece = &v->pieces[base];
        /* the first rule for Black alone takes Black's set from White's */
        if (black && !piece->black_promotions) {
          piece->black_promotions = true;
          piece->promotes_to_white = piece->promotes_to;
          piece->promotes_to_black = type_set_empty();
        }
        /* what the default rule alone gives (fbr_fill_promotions takes the
         * royal types out of it): not what another rule names, before or
         * after it */
        for (int c = black ? BLACK : WHITE; c < COLOR_NB; c++) {
          TypeSet *by_default = &piece->promotes_by_default[c];
          *by_default = default_rule ? type_set_or(*by_default,
                                                   type_set_minus(set, *piece_promotions(piece, c)))
                                     : type_set_minus(*by_default, set);
        }
        if (black) piece->promotes_to_black = type_set_or(piece->promotes_to_black, set);
        piece->promotes_to = type_set_or(piece->promotes_to, set);
      }
    }
  }
  /* +Q==Qq would write both promotions "d7d8q" */
  for (int t = first_new; ok && t < v->piece_count; t++) {
    const PieceType *piece = &v->pieces[t];
    TypeSet own = type_set_or(piece->promotes_to, piece->promotes_by_default[WHITE]);
    if (type_set_intersects(own, piece->promotes_to_other)) {
      char message[160];
      snprintf(message, sizeof message,
               "'%s' promotes to a type both of its own colour and of the other: the two moves "
               "would have the same text",
               piece->letter);
      for (int i = 0; i < prog->count; i++)
        if (prog->defs[i].kind == DEF_PROMOTION) {
          def_error(lc, &prog->defs[i], prog->defs[i].letters[0], message);
          break;
        }
      ok = false;
    }
  }
  return ok;
}

/* ?#K=[*]O (decision 46): "a precondition rule ... must be fullfilled
 * before the move has been performed" (MBN §2); "The King will promoted to
 * a Queen after it has moved, but only if the King is not checked,
 * otherwise he has to remain a King": the condition of K's promotion by the
 * '#' rules, asked on K's square in the position before the move. Written
 * as null moves with ranges and conditions ([*]O, [a1-h4]O, {C}O, /T/O);
 * a precondition that moves is refused by name. */
static bool compile_preconditions(LowerContext *lc, const AstProgram *prog, int first_new) {
  Variant *v = lc->variant;
  char prefix = variant_promotion_prefix(v);
  for (int i = 0; i < prog->count; i++) {
    const AstDefinition *def = &prog->defs[i];
    if (def->kind != DEF_PRECONDITION) continue;
    char letter[PIECE_LETTER_MAX], message[200];
    bool black = letter_normalise(def->letters[0], letter);
    int base = mbn_find_piece(v, letter + 1);
    if (black)
      snprintf(message, sizeof message, "a precondition for Black alone ('%s') is not supported",
               def->letters[0]);
    else if (letter[0] != prefix)
      snprintf(message, sizeof message,
               "precondition '%s' names the '%c' prefix, but the pieces promote with '%c'",
               def->letters[0], letter[0], prefix);
    else if (base < first_new)
      snprintf(message, sizeof message,
               "precondition '%s' needs a piece '%s' in the same pieces text", def->letters[0],
               letter + 1);
    if (black || letter[0] != prefix || base < first_new) {
      def_error(lc, def, def->letters[0], message);
      return false;
    }
    PieceType *piece = &v->pieces[base];
    if (piece->promotion_precondition[WHITE].leg_count) {
      def_error(lc, def, def->letters[0], "a second precondition for the same promoted piece");
      return false;
    }
    MoveProgram *own = &piece->promotion_precondition[WHITE];
    if (!compile_move(lc, def, def->move, own)) return false;
    for (int k = 0; k < own->leg_count; k++) {
      const MoveLeg *leg = &own->legs[k];
      if (leg->dx || leg->dy || leg->dz || leg->dw || leg->child_count ||
          leg->flags & ~(uint32_t)(LEG_ENDS | LEG_INITIAL | LEG_ATTACK_CONDITION | LEG_PRESENCE |
                                   LEG_LANDS_ON_UNMOVED)) {
        def_error(lc, def, def->letters[0],
                  "a precondition other than conditions on the piece's own square (null moves "
                  "with ranges and conditions: ?#K=[*]O) is not supported (decision 46)");
        return false;
      }
    }
    mbn_mirror_program(own, &piece->promotion_precondition[BLACK]);
  }
  return true;
}

/* -Q (a piece before promotion) implies +-Q==Q: it promotes to Q. */
static bool compile_demoted(LowerContext *lc, const AstProgram *prog) {
  Variant *v = lc->variant;
  bool ok = true;
  for (int type = 0; type < v->piece_count; type++) {
    if (v->pieces[type].letter[0] != '-') continue;
    int base = mbn_find_piece(v, v->pieces[type].letter + 1);
    if (base >= 0) {
      type_set_add(&v->pieces[type].promotes_to, base);
      continue;
    }
    for (int i = 0; i < prog->count; i++)
      for (int l = 0; l < prog->defs[i].letter_count; l++)
        if (!strcmp(prog->defs[i].letters[l], v->pieces[type].letter)) {
          char message[120];
          snprintf(message, sizeof message,
                   "'%s' promotes to '%s', which is not a piece of this "
                   "variant",
                   v->pieces[type].letter, v->pieces[type].letter + 1);
          def_error(lc, &prog->defs[i], prog->defs[i].letters[l], message);
          ok = false;
          i = prog->count;
          break;
        }
  }
  return ok;
}

/* §15's horizontal hexagonal castling of `cells` cells (two files each):
 * the royal that many cells toward the side, the partner one cell short of
 * it, both counted from the royal's start file. */
static void castling_hex_side(CastlingRule *c, int side, int cells) {
  int toward = side == CASTLE_LONG ? -1 : 1;
  c->origin[side] = CASTLE_FROM_ROYAL;
  c->king_file[side] = toward * 2 * cells;
  c->partner_file[side] = toward * 2 * (cells - 1);
}

static bool compile_castling(LowerContext *lc, const AstProgram *prog) {
  CastlingRule *c = &lc->variant->rules.castling;
  bool horizontal = lc->variant->shape.hex == BOARD_HEX_HORIZONTAL;
  if (!c->king_file[0] && !c->king_file[1] && !c->partner_file[0] && !c->partner_file[1]) {
    /* MBN's predefined rules: O-O=[*]isR[g]=isR[f] O-O-O=[*]isR[c]=isR[d];
     * on a horizontal hexagonal board §15's O-O=[*]irD02=ij{k}lD0-D
     * O-O-O=[*]ilD03=ij{k}rD0-D (decision 52) */
    if (horizontal)
      castling_hex_side(c, CASTLE_SHORT, 2), castling_hex_side(c, CASTLE_LONG, 3);
    else
      c->king_file[0] = 6, c->partner_file[0] = 5, c->king_file[1] = 2, c->partner_file[1] = 3;
  }
  bool ok = true;
  for (int i = 0; i < prog->count; i++) {
    const AstDefinition *def = &prog->defs[i];
    if (def->kind != DEF_CASTLING) continue;
    /* {C}O-O=...: the partner's types for this side (royal=castle{..} may
     * not name others, mbn/fbr_rules.c) */
    TypeSet *partners = &c->mbn_partners[def->castle_long];
    for (int k = 0; k < def->castle_set.count; k++) {
      int t = mbn_find_piece(lc->variant, def->castle_set.letters[k]);
      if (t < 0) {
        char message[120];
        snprintf(message, sizeof message,
                 "castling partner set names '%s', which is not a piece of this variant",
                 def->castle_set.letters[k]);
        def_error(lc, def, "O-O", message);
        ok = false;
        continue;
      }
      type_set_add(partners, t);
    }
    if (lc->variant->shape.hex != BOARD_SQUARE && !def->castle_hex_cells) {
      def_error(lc, def, "O-O",
                "on a hexagonal board castling is section 15's: O-O=[*]irD02=ij{k}lD0-D on a "
                "horizontal one, none on a vertical one (docs/mbn.md decision 52)");
      ok = false;
      continue;
    }
    if (def->castle_hex_cells) {
      if (!horizontal) {
        def_error(lc, def, "O-O",
                  "the hexagonal castling O-O=[*]irD02=ij{k}lD0-D needs a board declared "
                  "hexagonal-horizontal, where a cell's sideways neighbour is a D step "
                  "(docs/mbn.md decision 52)");
        ok = false;
        continue;
      }
      castling_hex_side(c, def->castle_long, def->castle_hex_cells);
      continue;
    }
    if (def->castle_indirect) {
      int toward = def->castle_long ? 1 : -1; /* from the partner toward the royal */
      c->origin[def->castle_long] = CASTLE_FROM_PARTNER;
      c->king_file[def->castle_long] = toward;
      c->partner_file[def->castle_long] = 2 * toward;
      continue;
    }
    if (!def->move) continue;
    int king = castling_destination(lc, def, def->move);
    int partner = king < 0 ? -1 : castling_destination(lc, def, def->castle_partner);
    if (king < 0 || partner < 0) {
      ok = false;
      continue;
    }
    if (def->castle_long == CASTLE_VERTICAL) {
      c->vertical = true;
      c->vertical_king_rank = king;
      c->vertical_partner_rank = partner;
      continue;
    }
    c->king_file[def->castle_long] = king;
    c->partner_file[def->castle_long] = partner;
  }
  return ok;
}

/* The drop rule ($K==@k@K@w@S, MBN §5): the drops in order, type * 2 +
 * colour each. The sequence's drops
 * are compulsory (drop_compulsory) and made from the hands (drops); each
 * drop is the mover's, so the sides must alternate as the text's do. */
static bool compile_drop_sequence(LowerContext *lc, const AstProgram *prog) {
  VariantRules *r = &lc->variant->rules;
  const AstDefinition *rule = NULL;
  for (int i = 0; i < prog->count; i++) {
    const AstDefinition *def = &prog->defs[i];
    if (def->kind != DEF_DROPS) continue;
    if (rule || r->drop_sequence) {
      def_error(lc, def, def->letters[0],
                "a second drop rule: the game opens with one sequence of drops");
      return false;
    }
    rule = def;
  }
  if (!rule) return true;
  uint16_t *steps = calloc((size_t)rule->drop_count, sizeof *steps); /* variant_free frees it */
  if (!steps) {
    def_error(lc, rule, rule->letters[0], "out of memory for the drop rule");
    return false;
  }
  for (int i = 0; i < rule->drop_count; i++) {
    const char *written = rule->drops[i];
    char letter[PIECE_LETTER_MAX];
    bool black = letter_normalise(written, letter);
    if (letter[0] == ':') {
      black = islower((unsigned char)written[1]) != 0;
      for (char *c = letter; *c; c++) *c = (char)toupper((unsigned char)*c);
    }
    int type = mbn_find_piece(lc->variant, letter);
    char message[160];
    if (type < 0) {
      snprintf(message, sizeof message,
               "the drop rule drops '%s', which is not a piece of this variant", written);
      def_error(lc, rule, written, message);
      free(steps);
      return false;
    }
    Color color = black ? BLACK : WHITE;
    if (i && (steps[i - 1] & 1) == color) {
      snprintf(message, sizeof message,
               "the drop rule's '@%s' is a second drop by %s in a row: the sides drop in turn "
               "(the text's $K==@k@K@w@S)",
               written, black ? "Black" : "White");
      def_error(lc, rule, written, message);
      free(steps);
      return false;
    }
    steps[i] = (uint16_t)(type * 2 + (int)color);
  }
  r->drop_sequence = steps;
  r->drop_sequence_len = rule->drop_count;
  r->drops = true;
  r->drop_compulsory = true;
  return true;
}

/* Every level of the board, bit L-1 for level L (at most 16 levels). */
static uint32_t all_levels(const LowerContext *lc) {
  return (1u << lc->variant->shape.levels) - 1;
}

/* How general a board identifier is: <2> and <1;2> name boards (0), <2;*>
 * and <*;1> a line of them (1), <*> and <*;*> every board (2). A board takes
 * the definition of the least general identifier naming it (MBN §8: "<2;*>
 * is specialising ... and the moves for the boards <1;1>, ... are explicitly
 * defined"). */
static int identifier_generality(uint32_t written) {
  if (written & MBN_BOARDS_ANY) return 2;
  return written & (MBN_BOARDS_ANY_Z | MBN_BOARDS_ANY_W) ? 1 : 0;
}

/* The levels (bit L-1 for level L) a board identifier names, as written for
 * White; on a 4D board <z;w> is level z + Z * (w - 1). */
static uint32_t identifier_levels(const LowerContext *lc, uint32_t written) {
  const BoardShape *s = &lc->variant->shape;
  if (written & MBN_BOARDS_ANY) return all_levels(lc);
  if (!(written & MBN_BOARDS_4D)) return written & 0xFFFFu;
  int row = s->levels_z > 0 ? s->levels_z : s->levels, rows = s->levels / row;
  uint32_t levels = 0;
  for (int w = 0; w < rows && w < 8; w++)
    for (int z = 0; z < row && z < 8; z++)
      if ((written >> z & 1) && (written >> (8 + w) & 1)) levels |= 1u << (z + row * w);
  return levels;
}

/* Whether a board identifier names a board the variant lacks, or names
 * boards in the other dimension's form (<2> on a 4D board, <1;2> on 3D):
 * then true, with why in message. */
static bool identifier_misfit(const LowerContext *lc, uint32_t written, char *message,
                              size_t size) {
  const BoardShape *s = &lc->variant->shape;
  if (written & MBN_BOARDS_ANY) return false;
  if ((written & MBN_BOARDS_4D) != (s->levels_z > 0 ? MBN_BOARDS_4D : 0)) {
    snprintf(message, size, "%s",
             s->levels_z > 0 ? "on a 4D board a board identifier names <z;w> (board z of row w)"
                             : "a 4D board identifier <z;w> needs a 4D board (board = WxHxZxW)");
    return true;
  }
  if (written & MBN_BOARDS_4D) {
    int row = s->levels_z, rows = s->levels / row;
    uint32_t z = written & 0xFFu, w = written >> 8 & 0xFFu;
    if (!(written & MBN_BOARDS_ANY_Z) && z >> row)
      snprintf(message, size, "board identifier names a board beyond the %d of a row", row);
    else if (!(written & MBN_BOARDS_ANY_W) && w >> rows)
      snprintf(message, size, "board identifier names a row beyond the %d rows", rows);
    else
      return false;
    return true;
  }
  if (!((written & 0xFFFFu) & ~all_levels(lc))) return false;
  snprintf(message, size, "board identifier names a board beyond the %d level%s", s->levels,
           s->levels == 1 ? "" : "s");
  return true;
}

/* The boards of a board identifier for colour c: <<5>> (the explicit
 * reflection, MBN §8 "Symmetry on Z Axis") is board 1 for Black on five
 * levels (on a 4D board, <<z;w>> mirrors both axes); <5> and <*> are the same
 * for both. */
static uint32_t identifier_boards(const LowerContext *lc, uint32_t written, Color c) {
  int levels = lc->variant->shape.levels;
  uint32_t boards = identifier_levels(lc, written & ~MBN_BOARDS_REFLECT);
  if (c == WHITE || !(written & MBN_BOARDS_REFLECT) || (written & MBN_BOARDS_ANY)) return boards;
  uint32_t mirrored = 0;
  for (int b = 0; b < levels && b < 16; b++)
    if (boards >> b & 1) mirrored |= 1u << (levels - 1 - b);
  return mirrored;
}

/* Registers every piece letter, in order of first appearance. */
static bool register_pieces(LowerContext *lc, const AstProgram *prog, PieceSource *src) {
  Variant *v = lc->variant;
  bool ok = true;
  for (int i = 0; i < prog->count; i++) {
    const AstDefinition *def = &prog->defs[i];
    if (def->kind == DEF_MACRO) {
      for (int j = 0; j < i; j++)
        if (prog->defs[j].kind == DEF_MACRO && !strcmp(prog->defs[j].letters[0], def->letters[0])) {
          def_error(lc, def, def->letters[0], "macro defined twice");
          ok = false;
        }
      continue;
    }
    if (def->kind != DEF_PIECE) continue;
    if (!def->move && def->letters[0][0] == '+') continue; /* default promotion rule */
    for (int l = 0; l < def->letter_count; l++) {
      char letter[PIECE_LETTER_MAX];
      bool black = letter_normalise(def->letters[l], letter);
      if (black) continue;
      int type = mbn_find_piece(v, letter);
      uint32_t boards = def->boards[l];
      if (type >= 0 && src[type].white) {
        PieceSource *ps = &src[type];
        bool clash = !boards || !ps->board_def_count || ps->board_def_count == 16;
        for (int k = 0; k < ps->board_def_count && !clash; k++) {
          uint32_t other = ps->board_defs[k]->boards[ps->board_letters[k]];
          clash = identifier_generality(other) == identifier_generality(boards) &&
                  identifier_levels(lc, other & ~MBN_BOARDS_REFLECT) &
                      identifier_levels(lc, boards & ~MBN_BOARDS_REFLECT);
        }
        if (clash) {
          char message[120];
          snprintf(message, sizeof message, "piece '%s' defined twice%s", letter,
                   boards ? " (on the same boards)" : "");
          def_error(lc, def, def->letters[l], message);
          ok = false;
        } else {
          ps->board_defs[ps->board_def_count] = def;
          ps->board_letters[ps->board_def_count++] = l;
        }
        continue;
      }
      if (type < 0) {
        if (v->piece_count == PIECE_TYPE_MAX) {
          char message[64];
          snprintf(message, sizeof message, "more than %d piece types", PIECE_TYPE_MAX);
          def_error(lc, def, def->letters[l], message);
          return false;
        }
        type = v->piece_count++;
        PieceType *p = &v->pieces[type];
        memset(p, 0, sizeof *p);
        snprintf(p->letter, sizeof p->letter, "%s", letter);
        p->promoted_from = -1;
        src[type].is_new = true;
      }
      src[type].white = def;
      src[type].white_letter = l;
      if (boards) {
        src[type].board_defs[0] = def;
        src[type].board_letters[0] = l;
        src[type].board_def_count = 1;
      }
      PieceType *p = &v->pieces[type];
      if (def->name[0])
        snprintf(p->name, sizeof p->name, "%s", def->name);
      else if (!letter[1] && !def->move)
        snprintf(p->name, sizeof p->name, "%s", mbn_basic_name(letter[0]));
    }
  }
  /* Black-only definitions, now that every white piece is known. */
  for (int i = 0; i < prog->count; i++) {
    const AstDefinition *def = &prog->defs[i];
    if (def->kind != DEF_PIECE || (!def->move && def->letters[0][0] == '+')) continue;
    for (int l = 0; l < def->letter_count; l++) {
      char letter[PIECE_LETTER_MAX];
      if (!letter_normalise(def->letters[l], letter)) continue;
      int type = mbn_find_piece(v, letter);
      char message[120];
      if (def->boards[l]) {
        def_error(lc, def, def->letters[l],
                  "board identifiers on black definitions are not supported");
        ok = false;
      } else if (type >= 0 && src[type].board_def_count) {
        snprintf(message, sizeof message,
                 "black definition '%s' for a piece defined per board is not supported",
                 def->letters[l]);
        def_error(lc, def, def->letters[l], message);
        ok = false;
      } else if (type < 0 || !src[type].is_new) {
        snprintf(message, sizeof message, "black definition '%s' needs a white piece '%s'",
                 def->letters[l], letter);
        def_error(lc, def, def->letters[l], message);
        ok = false;
      } else if (src[type].black) {
        snprintf(message, sizeof message, "black piece '%s' defined twice", def->letters[l]);
        def_error(lc, def, def->letters[l], message);
        ok = false;
      } else if (!def->move) {
        snprintf(message, sizeof message, "black definition '%s' needs '=' and a move",
                 def->letters[l]);
        def_error(lc, def, def->letters[l], message);
        ok = false;
      } else {
        src[type].black = def;
      }
    }
  }
  return ok;
}

/* Whether any definition of the piece names its boards reflected. */
static bool boards_reflected(const PieceSource *ps) {
  for (int k = 0; k < ps->board_def_count; k++)
    if (ps->board_defs[k]->boards[ps->board_letters[k]] & MBN_BOARDS_REFLECT) return true;
  return false;
}

/* A piece defined per board: one move, the alternatives of its definitions,
 * each starting only on its boards (MBN §8: C<2>=... overrules C<*>=...),
 * for colour c (whose boards differ where a definition is reflected). */
static const AstNode *board_move(LowerContext *lc, const PieceSource *ps, Arena *arena,
                                 const char *source, Color c) {
  uint32_t named[3] = {0, 0, 0}; /* by generality */
  for (int k = 0; k < ps->board_def_count; k++) {
    uint32_t written = ps->board_defs[k]->boards[ps->board_letters[k]];
    char misfit[160];
    if (identifier_misfit(lc, written & ~MBN_BOARDS_REFLECT, misfit, sizeof misfit)) {
      def_error(lc, ps->board_defs[k], ps->board_defs[k]->letters[ps->board_letters[k]], misfit);
      return NULL;
    }
    named[identifier_generality(written)] |= identifier_boards(lc, written, c);
  }
  AstNode *alt = arena_alloc(arena, sizeof *alt);
  alt->kind = AST_ALT;
  alt->kids = arena_alloc(arena, sizeof(AstNode *) * (size_t)ps->board_def_count);
  for (int k = 0; k < ps->board_def_count; k++) {
    const AstDefinition *def = ps->board_defs[k];
    uint32_t written = def->boards[ps->board_letters[k]];
    int generality = identifier_generality(written);
    const AstNode *move = def->move;
    if (!move) {
      MbnSourcePos at = {source, def->line, def->col};
      move = mbn_parse_move(def->letters[ps->board_letters[k]], at, arena, lc->diags);
      if (!move) return NULL;
    }
    uint32_t origin = identifier_boards(lc, written, c);
    for (int g = 0; g < generality; g++) origin &= ~named[g];
    if (!origin) continue; /* <*> when every board has its own definition */
    AstNode *mod = arena_alloc(arena, sizeof *mod);
    mod->kind = AST_MOD;
    mod->line = def->line, mod->col = def->col;
    mod->origin_boards = origin;
    mod->kids = arena_alloc(arena, sizeof(AstNode *));
    mod->kids[0] = (AstNode *)move;
    mod->kid_count = 1;
    alt->kids[alt->kid_count++] = mod;
  }
  alt->line = ps->white->line, alt->col = ps->white->col;
  return alt;
}

/* The levels a piece defined per board has moves on, for colour c (bit L-1
 * for level L); 0 when every level. */
static uint32_t board_levels(const LowerContext *lc, const PieceSource *ps, Color c) {
  uint32_t all = all_levels(lc), covered = 0;
  for (int k = 0; k < ps->board_def_count; k++)
    covered |= identifier_boards(lc, ps->board_defs[k]->boards[ps->board_letters[k]], c);
  return (covered & all) == all ? 0 : covered & all;
}

static bool tables_install(LowerContext *lc, int range_base, int filter_base) {
  Variant *v = lc->variant;
  LowerTables *tb = &lc->tables;
  const BoardShape *s = &v->shape;
  size_t size = (size_t)s->files * (size_t)s->ranks * (size_t)s->levels;
  if (tb->range_count) {
    SquareRange *ranges =
        realloc(v->ranges, sizeof *ranges * (size_t)(v->range_count + 2 * tb->range_count));
    if (!ranges) abort();
    v->ranges = ranges;
    for (int c = 0; c < 2; c++)
      for (int i = 0; i < tb->range_count; i++) {
        uint8_t *member = malloc(size);
        if (!member) abort();
        for (int level = 0; level < s->levels; level++)
          for (int rank = 0; rank < s->ranks; rank++) {
            int from = c == 0 ? rank : s->ranks - 1 - rank;
            memcpy(member + ((size_t)level * (size_t)s->ranks + (size_t)rank) * (size_t)s->files,
                   tb->ranges[i] +
                       ((size_t)level * (size_t)s->ranks + (size_t)from) * (size_t)s->files,
                   (size_t)s->files);
          }
        v->ranges[range_base + c * tb->range_count + i].member = member;
      }
    v->range_count += 2 * tb->range_count;
  }
  if (tb->filter_count) {
    PieceFilter *filters =
        realloc(v->filters, sizeof *filters * (size_t)(v->filter_count + tb->filter_count));
    if (!filters) abort();
    v->filters = filters;
    memcpy(v->filters + filter_base, tb->filters, sizeof *filters * (size_t)tb->filter_count);
    v->filter_count += tb->filter_count;
  }
  return true;
}

bool mbn_compile_pieces(Variant *variant, const char *text, MbnSourcePos where,
                        MbnDiagnostics *diags) {
  const char *source = where.source ? where.source : "<mbn>";
  const BoardShape *s = &variant->shape;
  if (s->files < 1 || s->files > 36 || s->ranks < 1 || s->ranks > 36 || s->levels < 1 ||
      s->levels > 16) {
    mbn_diagnostics_add(diags, source, where.line, where.col, "",
                        "board shape %dx%dx%d is outside 1..36 files and ranks, 1..16 levels",
                        s->files, s->ranks, s->levels);
    return false;
  }
  Arena arena = {0};
  AstProgram prog;
  if (!mbn_parse_program(text, where, &arena, &prog, diags)) {
    arena_free(&arena);
    return false;
  }
  LowerContext lc;
  memset(&lc, 0, sizeof lc);
  lc.variant = variant;
  lc.program = &prog;
  lc.arena = &arena;
  lc.diags = diags;
  lc.source = source;
  PieceSource src[PIECE_TYPE_MAX];
  memset(src, 0, sizeof src);
  int first_new = variant->piece_count;
  bool ok = register_pieces(&lc, &prog, src) && promotion_prefix(&lc, &prog);
  char prefix = variant_promotion_prefix(variant);
  for (int type = first_new; ok && type < variant->piece_count; type++) {
    const AstDefinition *def = src[type].white;
    PieceType *p = &variant->pieces[type];
    const AstNode *move = def->move, *black_move = NULL;
    if (src[type].board_def_count) {
      move = board_move(&lc, &src[type], &arena, source, WHITE);
      if (move && boards_reflected(&src[type]))
        black_move = board_move(&lc, &src[type], &arena, source, BLACK);
      if (!move || (boards_reflected(&src[type]) && !black_move)) {
        ok = false;
        break;
      }
      /* +S<5>=T: "At last rank on highest level 5 it will promote" (MBN
       * §8): S promotes on the levels where its promoted form has moves */
      int base = p->letter[0] == prefix ? mbn_find_piece(variant, p->letter + 1) : -1;
      for (int c = 0; base >= 0 && c < COLOR_NB; c++)
        variant->pieces[base].promotion_levels[c] = board_levels(&lc, &src[type], (Color)c);
    } else if (!move) {
      if (p->letter[0] == ':') {
        char message[120];
        snprintf(message, sizeof message, "compound letter '%s' needs a definition ('%s=...')",
                 p->letter, p->letter);
        def_error(&lc, def, p->letter, message);
        ok = false;
        break;
      }
      MbnSourcePos at = {source, def->line, def->col};
      const char *letter = def->letters[src[type].white_letter];
      char base[PIECE_LETTER_MAX];
      const char *suffix = strchr(letter, '<');
      bool prefixed = strchr("#$%&", letter[0]) != NULL;
      if (suffix || prefixed) {
        /* R<l> alone: "R=W0 ... is the default for all suffixed pieces R"
         * (MBN §3); #Q alone: "the default definition is #Q=Q" (§2); or
         * the basic piece where the letter has no definition */
        if (suffix)
          snprintf(base, sizeof base, "%.*s", (int)(suffix - letter), letter);
        else
          snprintf(base, sizeof base, "%s", letter + 1);
        int group = mbn_find_piece(variant, base);
        const AstDefinition *group_def = group >= 0 ? src[group].white : NULL;
        if (group_def && group_def->move)
          move = group_def->move;
        else
          letter = base;
      }
      if (letter[0] == '-') letter++;  /* -Q alone moves like Q until it promotes */
      if (letter[0] == '\'') letter++; /* 'P alone moves like P, turned (below) */
      if (!move) move = mbn_parse_move(letter, at, &arena, diags);
      if (!move) {
        ok = false;
        break;
      }
    }
    p->side_mover = p->letter[0] == '\'';
    if (!compile_move(&lc, def, move, &p->moves[WHITE]) ||
        (p->side_mover && !side_mover_turn(&lc, def, &p->moves[WHITE]))) {
      ok = false;
      break;
    }
    if (src[type].black) {
      MoveProgram own;
      if (!compile_move(&lc, src[type].black, src[type].black->move, &own) ||
          (p->side_mover && !side_mover_turn(&lc, src[type].black, &own))) {
        ok = false;
        break;
      }
      mbn_mirror_program(&own, &p->moves[BLACK]);
      program_free(&own);
      if (src[type].black->xboard) mbn_flip_files(&p->moves[BLACK]);
    } else if (black_move) { /* S<<2>>=...: Black's boards are others */
      MoveProgram own;
      if (!compile_move(&lc, def, black_move, &own) ||
          (p->side_mover && !side_mover_turn(&lc, def, &own))) {
        ok = false;
        break;
      }
      mbn_mirror_program(&own, &p->moves[BLACK]);
      program_free(&own);
    } else {
      mbn_mirror_program(&p->moves[WHITE], &p->moves[BLACK]);
      if (def->xboard) mbn_flip_files(&p->moves[BLACK]);
    }
  }
  if (ok) ok = compile_promotions(&lc, &prog, first_new);
  if (ok) ok = compile_preconditions(&lc, &prog, first_new);
  if (ok) ok = compile_demoted(&lc, &prog);
  if (ok) ok = compile_castling(&lc, &prog);
  if (ok) ok = compile_drop_sequence(&lc, &prog);
  if (ok) {
    int range_base = variant->range_count, filter_base = variant->filter_count;
    tables_install(&lc, range_base, filter_base);
    for (int type = first_new; type < variant->piece_count; type++) {
      program_remap(&variant->pieces[type].moves[WHITE], range_base, filter_base);
      program_remap(&variant->pieces[type].moves[BLACK], range_base + lc.tables.range_count,
                    filter_base);
      program_remap(&variant->pieces[type].promotion_precondition[WHITE], range_base, filter_base);
      program_remap(&variant->pieces[type].promotion_precondition[BLACK],
                    range_base + lc.tables.range_count, filter_base);
    }
  } else {
    for (int type = first_new; type < variant->piece_count; type++) {
      for (int c = 0; c < COLOR_NB; c++) {
        program_free(&variant->pieces[type].moves[c]);
        program_free(&variant->pieces[type].promotion_precondition[c]);
      }
    }
    variant->piece_count = first_new;
  }
  arena_free(&arena);
  return ok;
}

void variant_free(Variant *v) {
  if (!v) return;
  for (int i = 0; i < v->piece_count && i < PIECE_TYPE_MAX; i++)
    for (int c = 0; c < COLOR_NB; c++) {
      program_free(&v->pieces[i].moves[c]);
      program_free(&v->pieces[i].promotion_precondition[c]);
    }
  for (int i = 0; i < v->range_count; i++) free(v->ranges[i].member);
  free(v->ranges);
  free(v->filters);
  free(v->shape.hole);
  for (int c = 0; c < COLOR_NB; c++) free(v->rules.promotion_zone[c]);
  free(v->rules.hill);
  free(v->rules.drop_sequence);
  free(v->start_fen);
  memset(v, 0, sizeof *v);
}
