/* rules_end.c — game end (checkmate=, stalemate=, draw=, loss=, pieces{..}=
 * extinction, hill, connect, royal=bare, counting=): whether a rule has
 * decided the game and how, the result when no legal move is left or the
 * move rule is reached, and the game's end by repetition (perpetual check,
 * chasing, the repetition count). The fields of VariantRules it owns are
 * listed in RULES_END_FIELDS.
 *
 * Fairy-Stockfish decides these before generating moves: a position where
 * a rule has ended the game has no legal moves, so perft counts it as 0 at
 * depth 1. We do the same so counts match its reference numbers.
 */
#include "board/rules_end.h"

#include <string.h>

#include "board/movegen.h"
#include "board/tables.h"

const RuleField RULES_END_FIELDS[] = {
    RULE_FIELD(stalemate),
    RULE_FIELD(stalemate_pass),
    RULE_FIELD(repetition_count),
    RULE_FIELD(repetition_off),
    RULE_FIELD(move_rule),
    RULE_FIELD(extinction_types),
    RULE_FIELD(hill),
    RULE_FIELD(bare_royal),
    RULE_FIELD(bare_royal_reply),
    RULE_FIELD(checkmate),
    RULE_FIELD(repetition_result),
    RULE_FIELD(repetition_for),
    RULE_FIELD(perpetual_check_loses),
    RULE_FIELD(move_repetition_loses),
    RULE_FIELD(move_repetition_types),
    RULE_FIELD(move_rule_reset),
    RULE_FIELD(counting),
    RULE_FIELD(counting_points),
    RULE_FIELD(counting_komi),
    RULE_FIELD(chasing),
    RULE_FIELD(hill_by_color),
    RULE_FIELD(hill_types),
    RULE_FIELD(hill_reply),
    RULE_FIELD(hill_safe),
    RULE_FIELD(hill_later),
    RULE_FIELD(hill_count),
    RULE_FIELD(hill_filled),
    RULE_FIELD(extinction_by_color),
    RULE_FIELD(extinction_together),
    RULE_FIELD(extinction_count),
    RULE_FIELD(extinction_opponent),
    RULE_FIELD(connect_n),
    RULE_FIELD(connect_types),
    RULE_FIELD(connect_orthogonal),
    RULE_FIELD(connect_collinear),
    RULE_FIELD(connect_loses),
    RULE_FIELD(connect_square),
    RULE_FIELD(connect_from),
    RULE_FIELD(connect_to),
    RULE_FIELD(extinction_result),
    RULE_FIELD(full_board),
    RULE_FIELD(chase_rank),
};
const int RULES_END_FIELD_COUNT = (int)(sizeof RULES_END_FIELDS / sizeof RULES_END_FIELDS[0]);

/* Whether sq holds a piece of colour c that counts for connect{..}. */
static bool rules_connects(const Position *pos, int sq, Color c) {
  Piece p = pos->board[sq];
  return piece_is_real(p) && piece_color(p) == c &&
         type_set_has(&pos->variant->rules.connect_types, piece_type(p));
}

/* Every square of the zone holds a piece (hill=filled, kono). */
static bool hill_zone_full(const Position *pos, const uint8_t *zone) {
  for (int sq = 0; sq < pos->geo.sq_nb; sq++)
    if (zone[sq] && pos->board[sq] == PIECE_NONE) return false;
  return true;
}

/* Colour c has reached its goal: a piece of the hill set on c's squares, or
 * with hill=count(N) N of them, or with hill=filled one of them in a zone
 * without an empty square. With hill=safe an arrival counts only if, when
 * exactly the pieces needed stand there, none of them is attacked (more than
 * needed count as they are; Fairy-Stockfish's flag_reached) -- except for
 * the side to move under hill=later, whose pieces survived the reply. */
static bool hill_reached(const Position *pos, Color c) {
  const VariantRules *r = &pos->variant->rules;
  const uint8_t *zone = r->hill_by_color[c] ? r->hill_by_color[c] : r->hill;
  TypeSet types = type_set_any(r->hill_types) ? r->hill_types : pos->tables->royal_mask[c];
  if (!zone) return false;
  int need = r->hill_count > 1 ? r->hill_count : 1, found = 0;
  bool attacked = false, safety = r->hill_safe && !(r->hill_later && c == pos->side);
  for (int i = 0; i < pos->pcount[c]; i++) {
    int sq = pos->plist[c][i];
    if (!zone[sq] || !type_set_has(&types, piece_type(pos->board[sq]))) continue;
    if (++found >= need && !safety) return true;
    if (safety && !attacked) attacked = pos_attacked(pos, sq, (Color)!c);
  }
  if (found > need || (found == need && !attacked)) return true;
  return found > 0 && r->hill_filled && hill_zone_full(pos, zone);
}

/* Racing kings' reply: Black, not in check, may still move a hill piece onto
 * its goal after White got there first. */
static bool hill_reply_possible(const Position *pos) {
  const VariantRules *r = &pos->variant->rules;
  Color us = pos->side;
  const uint8_t *zone = r->hill_by_color[us] ? r->hill_by_color[us] : r->hill;
  TypeSet types = type_set_any(r->hill_types) ? r->hill_types : pos->tables->royal_mask[us];
  if (us != BLACK || pos_in_check(pos)) return false;
  static _Thread_local MoveList list;
  gen_pseudo_moves(pos, &list);
  for (int i = 0; i < list.count; i++) {
    Move m = list.moves[i];
    if (!move_is_normal(m) || !zone[move_to(m)]) continue;
    if (!type_set_has(&types, piece_type(pos->board[move_from(m)]))) continue;
    if (pos_is_legal(pos, m)) return true;
  }
  return false;
}

/* castling=winshort/winlong: the result for the side to move once the last
 * move castled to a winning side or a side lost a winning right for good
 * (RESULT_NONE: neither). As Fairy-Stockfish: the castling first (it takes
 * the right too), then the opponent's rights, then our own. */
static GameResult castling_result(const Position *pos) {
  const VariantRules *r = &pos->variant->rules;
  Color us = pos->side, them = (Color)!us;
  if (!(r->castling_wins[WHITE] | r->castling_wins[BLACK])) return RESULT_NONE;
  if (pos->st.castled && r->castling_wins[them] >> (pos->st.castled - 1) & 1) return RESULT_LOSS;
  Color order[2] = {them, us};
  for (int i = 0; i < 2; i++) {
    Color c = order[i];
    for (int side = 0; side < 2; side++)
      if (r->castling_wins[c] >> side & 1 && pos->st.castle_partner[c][side] == SQ_NONE)
        return c == us ? RESULT_LOSS : RESULT_WIN;
  }
  return RESULT_NONE;
}

/* connect{..} (tictactoe): colour c has N pieces of the set in a row on a
 * rank, file or (unless orthogonal) diagonal, each run counted from its
 * first piece; with collinear, N on one line whatever stands between; with
 * square(N), an NxN block (found from its top left corner). */
static bool connected(const Position *pos, Color c) {
  const VariantRules *r = &pos->variant->rules;
  static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  int dir_nb = r->connect_orthogonal ? 2 : 4;
  for (int i = 0; i < pos->pcount[c]; i++) {
    int sq = pos->plist[c][i];
    if (!type_set_has(&r->connect_types, piece_type(pos->board[sq]))) continue;
    for (int d = 0; r->connect_n && d < dir_nb; d++) {
      int dx = dirs[d][0], dy = dirs[d][1];
      Square back = geo_step(&pos->geo, sq, -dx, -dy, 0, false, false);
      if (!r->connect_collinear && back != SQ_NONE && rules_connects(pos, back, c)) continue;
      int n = 1;
      for (Square s = geo_step(&pos->geo, sq, dx, dy, 0, false, false);
           s != SQ_NONE && (r->connect_collinear || rules_connects(pos, s, c));
           s = geo_step(&pos->geo, s, dx, dy, 0, false, false))
        n += rules_connects(pos, s, c);
      if (r->connect_collinear)
        for (Square s = back; s != SQ_NONE; s = geo_step(&pos->geo, s, -dx, -dy, 0, false, false))
          n += rules_connects(pos, s, c);
      if (n >= r->connect_n) return true;
    }
    if (r->connect_square) {
      bool block = true;
      for (int y = 0; block && y < r->connect_square; y++)
        for (int x = 0; block && x < r->connect_square; x++) {
          Square s = geo_step(&pos->geo, sq, x, -y, 0, false, false);
          block = s != SQ_NONE && rules_connects(pos, s, c);
        }
      if (block) return true;
    }
  }
  return false;
}

/* connect=from[..],to[..] (gale): a chain of colour c's pieces of the set,
 * each one step east or north of the last (or north-east or south-east,
 * unless orthogonal), from a square of the first area to one of the
 * second. */
static bool linked(const Position *pos, Color c) {
  const VariantRules *r = &pos->variant->rules;
  const uint8_t *from = r->connect_from[c], *to = r->connect_to[c];
  if (!from || !to) return false;
  static _Thread_local uint8_t seen[SQUARE_MAX];
  static _Thread_local Square queue[SQUARE_MAX];
  memset(seen, 0, (size_t)pos->geo.sq_nb);
  int head = 0, tail = 0;
  for (int i = 0; i < pos->pcount[c]; i++) {
    int sq = pos->plist[c][i];
    if (from[sq] && rules_connects(pos, sq, c)) seen[sq] = 1, queue[tail++] = (Square)sq;
  }
  /* the chain grows east and north (and north-east, south-east) only, as
   * Fairy-Stockfish's flood over its connectDirections does */
  static const int steps[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  int step_nb = r->connect_orthogonal ? 2 : 4;
  while (head < tail) {
    Square sq = queue[head++];
    if (to[sq]) return true;
    for (int d = 0; d < step_nb; d++) {
      Square s = geo_step(&pos->geo, sq, steps[d][0], steps[d][1], 0, false, false);
      if (s == SQ_NONE || seen[s] || !rules_connects(pos, s, c)) continue;
      seen[s] = 1;
      queue[tail++] = s;
    }
  }
  return false;
}

/* Atomic blasts are the one way a royal leaves the board (a blast may not
 * take the capturing side's own royal: legality), so a side to move left
 * without any royal lost it to the last capture and has lost, as Fairy-
 * Stockfish's atomic kings are an extinction set. Only where the start
 * position gives that side a royal: a setup without one (horde-like) is
 * played to its end as it stands. */
static bool royals_blown_up(const Position *pos, Color c) {
  const BoardTables *t = pos->tables;
  TypeSet royals = t->royal_mask[c];
  if (!pos->variant->rules.atomic || type_set_is_empty(royals) ||
      rules_count_types(pos, c, royals, false))
    return false;
  if (!t->start_cells) return true;
  for (int sq = 0; sq < pos->geo.sq_nb; sq++) {
    Piece p = t->start_cells[sq];
    if (piece_is_real(p) && piece_color(p) == c && type_set_has(&royals, piece_type(p)))
      return true;
  }
  return false;
}

/* draw=full: no empty square is left (walls and holes aside). */
static bool board_full(const Position *pos) {
  for (int sq = 0; sq < pos->geo.sq_nb; sq++)
    if (pos->board[sq] == PIECE_NONE) return false;
  return true;
}

/* pieces{..}=extinction: colour c has lost every piece of a type of its set
 * (of the whole set, with together), hand included; with opponent(N), only
 * while the other side has N or more of it (koedem: a side without a king
 * loses once the other side owns both, Fairy-Stockfish's
 * extinctionOpponentPieceCount). */
static bool side_extinct(const Position *pos, Color c) {
  const VariantRules *r = &pos->variant->rules;
  const BoardTables *t = pos->tables;
  if (!t->extinction_any[c]) return false;
  TypeSet set = t->extinction_mask[c];
  if (r->extinction_together)
    return rules_count_types(pos, c, set, true) <= r->extinction_count &&
           rules_count_types(pos, (Color)!c, set, true) >= r->extinction_opponent;
  for (int type = 0; type < pos->variant->piece_count; type++)
    if (type_set_has(&set, type) &&
        rules_count_types(pos, c, type_set_of(type), true) <= r->extinction_count &&
        rules_count_types(pos, (Color)!c, type_set_of(type), true) >= r->extinction_opponent)
      return true;
  return false;
}

bool pos_is_decided(const Position *pos) {
  const VariantRules *r = &pos->variant->rules;
  const BoardTables *t = pos->tables;
  Color us = pos->side, them = (Color)!us;
  if (pos->st.decisive) return true;
  if (royals_blown_up(pos, us)) return true;
  if (castling_result(pos) != RESULT_NONE) return true;
  if ((r->connect_n || r->connect_square) && connected(pos, them)) return true;
  if (r->connect_from[them] && linked(pos, them)) return true;
  if (r->bare_royal != RESULT_NONE) {
    Color bare = r->bare_royal_reply ? them : us;
    if (!rules_count_types(pos, bare, type_set_complement(t->royal_mask[bare]), false)) return true;
  }
  /* with lastroyal, extinction itself never decides (Fairy-Stockfish skips
   * it for pseudo-royal sets: the last piece cannot be taken; forward's
   * general promoting away leaves none, and the game goes on) */
  if ((t->extinction_any[WHITE] || t->extinction_any[BLACK]) &&
      !(t->last_royal_any[WHITE] || t->last_royal_any[BLACK])) {
    for (int c = 0; c < COLOR_NB; c++)
      if (side_extinct(pos, (Color)c)) return true;
  }
  if (r->hill || r->hill_by_color[WHITE]) {
    if (r->hill_reply) {
      if (hill_reached(pos, us)) return true;
      if (hill_reached(pos, them) && !hill_reply_possible(pos)) return true;
    } else if (r->hill_later) {
      /* the opponent's arrival waits for this move, unless it is safe */
      if (hill_reached(pos, us) || (r->hill_safe && hill_reached(pos, them))) return true;
    } else if (hill_reached(pos, them)) {
      return true;
    } else if (r->hill_safe && hill_reached(pos, us)) {
      /* a piece that reached the goal attacked wins once it stands safe */
      return true;
    }
  }
  /* Janggi: two passes in a row, or royals facing after two plies in a row. */
  if (pos->st.pass_plies >= 2 || pos->st.facing_plies >= 2) return true;
  if (r->full_board != RESULT_NONE && board_full(pos)) return true;
  if (r->check_limit > 0 && (pos->st.checks_given[WHITE] >= r->check_limit ||
                             pos->st.checks_given[BLACK] >= r->check_limit))
    return true;
  return false;
}

/* The points of c's pieces on the board under counting=points. */
static int counting_points(const Position *pos, Color c) {
  int sum = 0;
  for (int i = 0; i < pos->pcount[c]; i++)
    sum += pos->variant->rules.counting_points[piece_type(pos->board[pos->plist[c][i]])];
  return sum;
}

/* counting=blackdrawodds (armageddon): whatever ends drawn is Black's win;
 * counting=pieces (reversi, ataxx): the win of the side with more pieces on
 * the board, as Fairy-Stockfish's unweighted material counting;
 * counting=points (janggi): the win of the side with more points, Black's
 * komi added, as Fairy-Stockfish's janggi material counting (never a draw). */
static GameResult draw_odds(const Position *pos, GameResult result) {
  if (result != RESULT_DRAW) return result;
  if (pos->variant->rules.counting == COUNTING_BLACK_DRAW_ODDS)
    return pos->side == BLACK ? RESULT_WIN : RESULT_LOSS;
  if (pos->variant->rules.counting == COUNTING_PIECES) {
    int lead = pos->pcount[pos->side] - pos->pcount[!pos->side];
    return lead > 0 ? RESULT_WIN : lead < 0 ? RESULT_LOSS : RESULT_DRAW;
  }
  if (pos->variant->rules.counting == COUNTING_POINTS) {
    /* Fairy-Stockfish: White wins if its lead minus the komi is above 0 */
    bool white_wins = counting_points(pos, WHITE) - counting_points(pos, BLACK) >
                      pos->variant->rules.counting_komi;
    return white_wins == (pos->side == WHITE) ? RESULT_WIN : RESULT_LOSS;
  }
  return result;
}

static GameResult repetition_result(const Position *pos) {
  const VariantRules *r = &pos->variant->rules;
  GameResult result = r->repetition_result;
  if (!r->repetition_for || (int)pos->side == r->repetition_for - 1) return result;
  return result == RESULT_WIN ? RESULT_LOSS : result == RESULT_LOSS ? RESULT_WIN : result;
}

GameResult pos_repetition_result(const Position *pos) {
  return draw_odds(pos, repetition_result(pos));
}

/* loss=perpetualcheck over a cycle (see pos_cycle_result); RESULT_NONE if
 * neither side checked throughout. */
static GameResult perpetual_check_result(const Position *pos, const bool *checks, int index,
                                         int back) {
  if (pos->variant->rules.perpetual_check_loses) {
    /* the side to move stood at index, index-2, ...; the opponent at
     * index-1, index-3, ... */
    bool we_gave = true, they_gave = true;
    for (int k = 0; k < back; k += 2) {
      we_gave &= checks[index - k - 1];
      they_gave &= checks[index - k];
    }
    if (we_gave) return RESULT_LOSS;
    if (they_gave) return RESULT_WIN;
  }
  return RESULT_NONE;
}

GameResult pos_cycle_result(const Position *pos, const bool *checks, const ChasePly *chases,
                            int index, int back, RepetitionCause *cause) {
  /* perpetual check first, then chasing (both chasing: a draw, not the
   * variant's repetition result), as Fairy-Stockfish */
  GameResult result = perpetual_check_result(pos, checks, index, back);
  RepetitionCause why = result != RESULT_NONE ? REPETITION_CHECK : REPETITION_PLAIN;
  if (result == RESULT_NONE && chases && pos->variant->rules.chasing) {
    result = chase_cycle_result(chases, index, back);
    if (result != RESULT_NONE) why = REPETITION_CHASE;
    if (result == RESULT_DRAW) result = draw_odds(pos, RESULT_DRAW);
  }
  if (cause) *cause = why;
  return result != RESULT_NONE ? result : pos_repetition_result(pos);
}

/* Whether b is a reversed (Fairy-Stockfish's reverse_move): both plain
 * moves, b from a's destination back to its origin. */
static bool move_reverses(Move a, Move b) {
  return move_kind(a) == MOVE_NORMAL && move_kind(b) == MOVE_NORMAL && move_piece_arg(a) < 0 &&
         move_piece_arg(b) < 0 && move_from(a) == move_to(b) && move_to(a) == move_from(b);
}

MovePly move_ply_of(const Undo *undo) {
  MovePly ply = {undo->move, false};
  /* the first change logged on the destination holds what stood there */
  for (int i = 0; i < undo->change_count; i++)
    if (undo->changes[i].sq == move_to(undo->move)) {
      ply.took = undo->changes[i].old != PIECE_NONE;
      break;
    }
  return ply;
}

GameResult pos_move_repetition_end(const Position *pos, const MovePly *moves, const bool *checks,
                                   int plies) {
  const VariantRules *r = &pos->variant->rules;
  if (!r->move_repetition_loses) return RESULT_NONE;
  /* Fairy-Stockfish's moveRepetitionIllegal (is_optional_game_end), in
   * its terms: n is the current position, move k leads from position k to
   * k+1, the opponent made the moves n-1, n-3, ... It counts the moves of
   * one piece back and forth from the last one (2 when the move before it
   * reversed it, 1 when that was a pass), one more for each earlier move
   * that reverses the next, up to 4, none of them made in check; the fifth
   * must have brought the piece there without taking. Only since the last
   * irreversible move and null move. (Before the history's start, or a
   * null move, there is no move: MOVE_NONE_VALUE matches nothing, where
   * Fairy-Stockfish reads its empty move as a1.) */
  int n = plies, end = pos_rule50(pos) < plies ? pos_rule50(pos) : plies;
  if (pos_plies_from_null(pos) < end) end = pos_plies_from_null(pos);
  if (end < 4) return RESULT_NONE;
  Move last = moves[n - 1].move, before = moves[n - 3].move;
  if (move_kind(last) != MOVE_NORMAL || move_piece_arg(last) >= 0 || checks[n - 1] ||
      checks[n - 3] ||
      !type_set_has(&r->move_repetition_types, piece_type(pos->board[move_to(last)])))
    return RESULT_NONE;
  int run = move_reverses(last, before) ? 2 : move_kind(before) == MOVE_PASS ? 1 : 0;
  for (int i = 4; run > 0 && i <= end; i += 2) {
    int s = n - i + 2; /* Fairy-Stockfish's stp */
    if (i + 1 <= end && checks[s - 3]) return RESULT_NONE;
    Move earlier = s - 3 >= 0 ? moves[s - 3].move : MOVE_NONE_VALUE;
    if (run < 4) {
      if (!move_reverses(run == 1 ? last : moves[s - 1].move, earlier)) return RESULT_NONE;
      run++;
    } else {
      bool arrived = earlier != MOVE_NONE_VALUE && !moves[s - 3].took &&
                     move_from(moves[s - 1].move) == move_to(earlier);
      return arrived ? RESULT_WIN : RESULT_NONE;
    }
  }
  return RESULT_NONE;
}

int pos_repetition_count(const Position *pos) {
  int count = pos->variant->rules.repetition_count;
  return count > 0 ? count : 3;
}

GameResult pos_repetition_end(const Position *pos, const uint64_t *keys, const bool *checks,
                              const ChasePly *chases, int plies, RepetitionCause *cause) {
  const VariantRules *r = &pos->variant->rules;
  if (r->repetition_off) return RESULT_NONE;
  int needed = pos_repetition_count(pos);
  /* earlier occurrences with the same side to move, since the last
   * irreversible move; the cycle that decides reaches back to the earliest
   * of the N, as Fairy-Stockfish's is_optional_game_end. With holdings the
   * whole game counts, as there (captures_to_hand: pliesFromNull): the
   * halfmove clock restarts at captures and drops, which a cycle can then
   * contain (a piece taken and dropped back). */
  uint64_t key = pos_key(pos);
  int reach = r->holdings ? plies : pos_rule50(pos), seen = 0;
  for (int i = plies - 2; i >= 0 && plies - i <= reach; i -= 2) {
    if (keys[i] != key || ++seen + 1 < needed) continue;
    GameResult result = pos_cycle_result(pos, checks, chases, plies, plies - i, cause);
    return result == RESULT_NONE ? RESULT_DRAW : result; /* a variant built without FBR */
  }
  return RESULT_NONE;
}

static GameResult game_result(const Position *pos, int legal_count, const bool *checks, int index);

GameResult pos_game_result(const Position *pos, int legal_count) {
  return draw_odds(pos, game_result(pos, legal_count, NULL, 0));
}

GameResult pos_game_result_at(const Position *pos, int legal_count, const bool *checks, int index) {
  return draw_odds(pos, game_result(pos, legal_count, checks, index));
}

/* Plies by which checks lengthen the move rule: chasing=axf's rule as
 * Fairy-Stockfish applies it (is_optional_game_end). Once 20 plies stand
 * since the history's start or a null move, the checks of each side in the
 * rule's window are counted, and the side that gave more than 10 adds a
 * move (two plies) for each further one. None without the game's checks. */
static int move_rule_extension(const Position *pos, const bool *checks, int index) {
  if (!checks || pos->variant->rules.chasing != CHASING_AXF) return 0;
  int from_null = pos_plies_from_null(pos) < index ? pos_plies_from_null(pos) : index;
  if (from_null < 20) return 0;
  int end = pos_rule50(pos) < from_null ? pos_rule50(pos) : from_null;
  /* the side to move was checked at index, index-2, ...; the other at
   * index-1, index-3, ... (Fairy-Stockfish's checkThem and checkUs) */
  int by_them = 0, by_us = 0;
  for (int k = 0; k < end; k += 2) {
    by_them += checks[index - k];
    by_us += checks[index - k - 1];
  }
  int most = by_them > by_us ? by_them : by_us;
  return most > 10 ? 2 * (most - 10) : 0;
}

static GameResult game_result(const Position *pos, int legal_count, const bool *checks, int index) {
  const VariantRules *r = &pos->variant->rules;
  const BoardTables *t = pos->tables;
  Color us = pos->side, them = (Color)!us;
  if (pos_is_decided(pos)) {
    /* MBN #: "the game is won by side to move" that made the capture,
     * whatever else the capture did */
    if (pos->st.decisive) return RESULT_LOSS;
    if (royals_blown_up(pos, us)) return RESULT_LOSS;
    GameResult castling = castling_result(pos);
    if (castling != RESULT_NONE) return castling;
    if (((r->connect_n || r->connect_square) && connected(pos, them)) ||
        (r->connect_from[them] && linked(pos, them)))
      return r->connect_loses ? RESULT_WIN : RESULT_LOSS;
    /* drawn, unless the variant counts (draw_odds: janggi's points) */
    if (pos->st.pass_plies >= 2 || pos->st.facing_plies >= 2) return RESULT_DRAW;
    if (r->full_board != RESULT_NONE && board_full(pos)) return r->full_board;
    if (r->check_limit > 0 && pos->st.checks_given[them] >= r->check_limit) return RESULT_LOSS;
    if (r->bare_royal != RESULT_NONE) {
      /* baremove: the bared side had its one move; if that move bared the
       * other side back, neither wins (both royals bare: a draw, as
       * XBoard adjudicates shatranj). */
      if (r->bare_royal_reply &&
          !rules_count_types(pos, them, type_set_complement(t->royal_mask[them]), false) &&
          !rules_count_types(pos, us, type_set_complement(t->royal_mask[us]), false))
        return RESULT_DRAW;
      if (r->bare_royal_reply &&
          !rules_count_types(pos, them, type_set_complement(t->royal_mask[them]), false))
        return r->bare_royal == RESULT_LOSS  ? RESULT_WIN
               : r->bare_royal == RESULT_WIN ? RESULT_LOSS
                                             : RESULT_DRAW;
      if (!r->bare_royal_reply &&
          !rules_count_types(pos, us, type_set_complement(t->royal_mask[us]), false))
        return r->bare_royal;
    }
    if (r->hill_reply && hill_reached(pos, us) && hill_reached(pos, them)) return RESULT_DRAW;
    if (hill_reached(pos, us)) return RESULT_WIN;
    if ((!r->hill_later || r->hill_safe) && hill_reached(pos, them)) return RESULT_LOSS;
    GameResult ext = r->extinction_result != RESULT_NONE ? r->extinction_result : RESULT_LOSS;
    if (side_extinct(pos, us)) return ext;
    return ext == RESULT_LOSS ? RESULT_WIN : ext == RESULT_WIN ? RESULT_LOSS : RESULT_DRAW;
  }
  if (legal_count < 0) {
    static _Thread_local MoveList list;
    legal_count = gen_legal_moves(pos, &list);
  }
  if (legal_count == 0) {
    /* drop{..}=nomate (shogi's uchifuzume): the mating drop was legal to play
     * and loses, as Fairy-Stockfish scores it (its checkmate_value). */
    if (pos_in_check(pos) && pos->st.dropped && r->drop_no_mate[pos->st.dropped - 1])
      return RESULT_WIN;
    /* a royal-when-last piece attacked with no move to save it is mated */
    if (pos_in_check(pos) || pos_last_royal_attacked(pos, us))
      return r->checkmate != RESULT_NONE ? r->checkmate : RESULT_LOSS;
    return r->stalemate != RESULT_NONE ? r->stalemate : RESULT_DRAW;
  }
  if (r->move_rule > 0 && pos->st.rule50 >= 2 * r->move_rule &&
      pos->st.rule50 - move_rule_extension(pos, checks, index) >= 2 * r->move_rule)
    return RESULT_DRAW;
  return RESULT_NONE;
}
