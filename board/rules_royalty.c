/* rules_royalty.c — royalty and check (royal{..}, royal=..., pieces{..}=
 * extinction,lastroyal): which types are royal for each colour, when the last
 * pieces of a set become royal, whether royals face, and makpong's rule for a
 * royal in check. The attack tests, the pins and the legal-move filter that
 * ask these questions stay in legal.c, which the perft and the search run
 * through; the questions that cost nothing to ask there are inline in
 * rules_royalty.h. The fields of VariantRules it owns are listed in
 * RULES_ROYALTY_FIELDS; some are also read where their effect is played:
 * royal=aimed and the check count of royal=maxchecks in make (position.c),
 * royal=duple and royal=expose in the attack tests (legal.c), maxchecks'
 * end in rules_end.c.
 */
#include "board/rules_royalty.h"

#include "board/movegen_walk.h"
#include "board/tables.h"

const RuleField RULES_ROYALTY_FIELDS[] = {
    RULE_FIELD(royal_types),         RULE_FIELD(royal_may_be_exposed),
    RULE_FIELD(kings_may_not_face),  RULE_FIELD(check_limit),
    RULE_FIELD(royal_by_color),      RULE_FIELD(no_checks),
    RULE_FIELD(royal_duple),         RULE_FIELD(bikjang),
    RULE_FIELD(royal_makpong),       RULE_FIELD(royal_aimed),
    RULE_FIELD(last_royal_by_color),
};
const int RULES_ROYALTY_FIELD_COUNT =
    (int)(sizeof RULES_ROYALTY_FIELDS / sizeof RULES_ROYALTY_FIELDS[0]);

TypeSet rules_royal_types(const Variant *v, Color c) {
  const VariantRules *r = &v->rules;
  if (type_set_any(type_set_or(r->royal_by_color[WHITE], r->royal_by_color[BLACK])))
    return r->royal_by_color[c];
  TypeSet royal = r->royal_types;
  for (int type = 0; type < v->piece_count; type++)
    if (v->pieces[type].royal) type_set_add(&royal, type);
  return royal;
}

/* pieces{..}=extinction,lastroyal: the types of colour c's set that are
 * royal in this position, those of which c has at most extinction(N)+1 on
 * the board (with together: the whole set while it counts that few). */
TypeSet pos_last_royal_types(const Position *pos, Color c) {
  const VariantRules *r = &pos->variant->rules;
  TypeSet set = r->last_royal_by_color[c], royal = type_set_empty();
  if (type_set_is_empty(set)) return royal;
  int limit = r->extinction_count + 1;
  if (r->extinction_together) return rules_count_types(pos, c, set, false) <= limit ? set : royal;
  for (int t = type_set_first(set); t >= 0; t = type_set_next(set, t))
    if (rules_count_types(pos, c, type_set_of(t), false) <= limit) type_set_add(&royal, t);
  return royal;
}

/* Xiangqi's flying general: two royals on one file or one rank with nothing
 * between. Fairy-Stockfish tests a rook's line from the general, so the rank
 * counts where the palaces share one (crowdedxiangqi's third rank). */
bool pos_royals_face(const Position *pos) {
  const bool *royal = pos->tables->royal_either;
  const Geometry *geo = &pos->geo;
  for (int i = 0; i < pos->pcount[WHITE]; i++) {
    int a = pos->plist[WHITE][i];
    if (!piece_is_real(pos->board[a]) || !royal[piece_type(pos->board[a])]) continue;
    for (int j = 0; j < pos->pcount[BLACK]; j++) {
      int b = pos->plist[BLACK][j];
      if (!piece_is_real(pos->board[b]) || !royal[piece_type(pos->board[b])]) continue;
      int step;
      if (geo_file(geo, a) == geo_file(geo, b))
        step = b > a ? geo->files : -geo->files;
      else if (geo_rank(geo, a) == geo_rank(geo, b))
        step = b > a ? 1 : -1;
      else
        continue;
      int sq = a + step;
      while (sq != b && pos->board[sq] == PIECE_NONE) sq += step;
      if (sq == b) return true;
    }
  }
  return false;
}

/* royal=makpong: a royal in check may move only to capture its one checker
 * (Fairy-Stockfish: checkers() ^ to must be empty). */
bool rules_makpong_allows(const Position *pos, Move move) {
  if (move_kind(move) == MOVE_DROP || move_kind(move) == MOVE_PASS) return true;
  int from = move_from(move), to = move_to(move);
  if (!pos->tables->royal_of[pos->side][piece_type(pos->board[from])]) return true;
  Walk w;
  walk_init(&w, pos, (Color)!pos->side, from, NULL);
  int checkers = 0;
  bool takes_checker = false;
  for (int i = 0; i < pos->pcount[w.us]; i++) {
    int sq = pos->plist[w.us][i];
    w.found = false;
    walk_piece(&w, sq);
    if (!w.found) continue;
    checkers++;
    takes_checker |= sq == to;
  }
  return checkers == 0 || (checkers == 1 && takes_checker);
}
