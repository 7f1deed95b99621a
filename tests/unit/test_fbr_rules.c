/* test_fbr_rules.c — every FBR rule and attribute sets what docs/variants.md
 * says, and every kind of mistake in a rule is an error at file:line:col. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/fbr.h"
#include "mbn/variant_library.h"

Suite *test_suite(void);

static VariantLibrary *lib;
static char errors[8192];

#define CHESS_SETUP "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* Compiles one variant "v" and keeps the library in `lib`, errors in `errors`. */
static const Variant *compile_on(const char *board, const char *setup, const char *pieces,
                                 const char *rules) {
  if (lib) library_free(lib);
  char text[4096];
  snprintf(text, sizeof text, "[v]\nboard = %s\nsetup = %s\npieces = %s\n%s%s\n", board, setup,
           pieces, rules ? "rules = " : "", rules ? rules : "");
  VariantDiagnostics diags = {0};
  lib = library_new();
  library_add_text(lib, "t.var", text, &diags);
  library_compile(lib, &diags);
  errors[0] = '\0';
  for (int i = 0; i < diags.count; i++) {
    strncat(errors, diags.items[i], sizeof errors - strlen(errors) - 2);
    strcat(errors, "\n");
  }
  variant_diag_free(&diags);
  return library_find(lib, "v");
}

static const Variant *compile(const char *rules) {
  return compile_on("8x8", CHESS_SETUP, "K Q R B N P", rules);
}

/* Asserts compiling rules fails with a message containing `expected`. */
static void expect_error(const char *rules, const char *expected) {
  const Variant *v = compile(rules);
  ck_assert_msg(v == NULL, "'%s' compiled", rules);
  ck_assert_msg(strstr(errors, expected), "'%s' gave:\n%s", rules, errors);
}

static int type(const Variant *v, const char *letter) {
  for (int t = 0; t < v->piece_count; t++)
    if (!strcmp(v->pieces[t].letter, letter)) return t;
  ck_abort_msg("no piece %s", letter);
  return -1;
}

/* A set of these variants' types as one word (they have at most 64). */
static uint64_t word(TypeSet s) {
  ck_assert(!s.w[1] && !s.w[2] && !s.w[3]);
  return s.w[0];
}

static uint64_t bit(const Variant *v, const char *letter) {
  return 1ull << type(v, letter);
}

static int sq(const Variant *v, const char *square) {
  return (square[1] - '1') * v->shape.files + (square[0] - 'a');
}

static void teardown(void) {
  library_free(lib);
  lib = NULL;
}

START_TEST(empty_rules_mean_orthodox_chess) {
  const Variant *v = compile(NULL);
  ck_assert_str_eq(errors, "");
  const VariantRules *r = &v->rules;
  ck_assert_uint_eq(word(r->royal_types), bit(v, "K"));
  ck_assert_uint_eq(word(r->royal_by_color[BLACK]), bit(v, "K"));
  ck_assert(v->pieces[type(v, "K")].royal);
  ck_assert(r->castling.enabled);
  ck_assert_uint_eq(word(r->castling.partners[0]), bit(v, "R"));
  ck_assert_uint_eq(word(r->castling.partners[1]), bit(v, "R"));
  ck_assert_int_eq(r->castling.king_file[0], 6);
  ck_assert_int_eq(r->castling.partner_file[0], 5);
  ck_assert_int_eq(r->castling.king_file[1], 2);
  ck_assert_int_eq(r->castling.partner_file[1], 3);
  ck_assert_int_eq(r->stalemate, RESULT_DRAW);
  ck_assert_int_eq(r->checkmate, RESULT_LOSS);
  ck_assert_int_eq(r->repetition_count, 3);
  ck_assert_int_eq(r->repetition_result, RESULT_DRAW);
  ck_assert_int_eq(r->move_rule, 50);
  ck_assert_uint_eq(word(r->move_rule_reset), bit(v, "P"));
  ck_assert(r->en_passant);
  ck_assert(r->promotion_on_enter && !r->promotion_optional);
  ck_assert_int_eq(r->promotion_zone[WHITE][sq(v, "e8")], 1);
  ck_assert_int_eq(r->promotion_zone[WHITE][sq(v, "e1")], 0);
  ck_assert_int_eq(r->promotion_zone[BLACK][sq(v, "e1")], 1);
  ck_assert_uint_eq(word(v->pieces[type(v, "P")].promotes_to),
                    bit(v, "Q") | bit(v, "R") | bit(v, "B") | bit(v, "N"));
  ck_assert(!r->holdings && !r->drops && !r->atomic && !r->must_capture);
}
END_TEST

START_TEST(royal_sets_and_attributes) {
  const Variant *v = compile("royal{}");
  ck_assert_uint_eq(word(v->rules.royal_types), 0);
  ck_assert(!v->rules.castling.enabled);
  ck_assert_uint_eq(word(v->pieces[type(v, "P")].promotes_to) & bit(v, "K"), bit(v, "K"));
  v = compile("royal{KQ}");
  ck_assert_uint_eq(word(v->rules.royal_types), bit(v, "K") | bit(v, "Q"));
  v = compile("royal{!k}=castle{R}");
  ck_assert_uint_eq(word(v->rules.royal_by_color[WHITE]), 0);
  ck_assert_uint_eq(word(v->rules.royal_by_color[BLACK]), bit(v, "K"));
  v = compile("royal{K}=maxchecks(3),evasefacing,expose,nocheck,bikjang,duple");
  ck_assert_int_eq(v->rules.check_limit, 3);
  ck_assert(v->rules.kings_may_not_face && v->rules.royal_may_be_exposed);
  ck_assert(v->rules.no_checks && v->rules.bikjang && v->rules.royal_duple);
  ck_assert(!v->rules.castling.enabled);
  v = compile("royal{K}=bare");
  ck_assert_int_eq(v->rules.bare_royal, RESULT_LOSS);
  ck_assert(!v->rules.bare_royal_reply);
  v = compile("royal{K}=baremove");
  ck_assert_int_eq(v->rules.bare_royal, RESULT_LOSS);
  ck_assert(v->rules.bare_royal_reply);
  v = compile("royal=castle(2){RN}");
  ck_assert_uint_eq(word(v->rules.castling.partners[0]), bit(v, "R") | bit(v, "N"));
  ck_assert_uint_eq(word(v->rules.castling.partners[1]), bit(v, "R") | bit(v, "N"));
  ck_assert_int_eq(v->rules.castling.rank, 1);
  v = compile("promotion=limit(2){Q}");
  ck_assert_int_eq(v->rules.promotion_limit[type(v, "Q")], 2);
  ck_assert_int_eq(v->rules.promotion_limit[type(v, "R")], 0);
  ck_assert_uint_eq(word(v->pieces[type(v, "Q")].promotes_to), 0); /* the set is no promoter */
  expect_error("promotion=limit(0){Q}", "limit needs N in 1..255 and a set");
  v = compile("drop{B}[1]=opposite castling=dropped");
  ck_assert(v->rules.drop_opposite[type(v, "B")] && !v->rules.drop_opposite[type(v, "N")]);
  ck_assert(v->rules.castling_dropped);
  v = compile("hill{K}[d-e4-5]=safe drop=immobile");
  ck_assert(v->rules.hill_safe && v->rules.drop_immobile);
  v = compile("royal{K}=aimed");
  ck_assert_uint_eq(word(v->rules.royal_aimed), bit(v, "R"));
  v = compile("royal{K}=aimed{RQ}");
  ck_assert_uint_eq(word(v->rules.royal_aimed), bit(v, "R") | bit(v, "Q"));
  expect_error("royal=maxchecks", "attribute 'maxchecks' needs a number: maxchecks(N)");
  expect_error("royal=maxchecks(0)", "maxchecks(N) needs N >= 1");
  expect_error("royal=castle(9)", "castle(N): rank N is not on the board");
}
END_TEST

START_TEST(castling_rule_sets_files_and_chess960) {
  const Variant *v = compile("castling=chess960,kingshort(8),rookshort(7),kinglong(2),rooklong(3)");
  ck_assert(v->rules.chess960);
  ck_assert_int_eq(v->rules.castling.king_file[0], 7);
  ck_assert_int_eq(v->rules.castling.partner_file[0], 6);
  ck_assert_int_eq(v->rules.castling.king_file[1], 1);
  ck_assert_int_eq(v->rules.castling.partner_file[1], 2);
  v = compile_on("10x8", "10/10/10/10/10/10/10/4K5 w - - 0 1", "K R", NULL);
  ck_assert_int_eq(v->rules.castling.king_file[0], 8); /* capablanca: i-file */
  ck_assert_int_eq(v->rules.castling.partner_file[0], 7);
  expect_error("castling=kingshort(9)", "castling file number is off the board");
  v = compile("castling=winlong{!k},opposite");
  ck_assert_int_eq(v->rules.castling_wins[WHITE], 0);
  ck_assert_int_eq(v->rules.castling_wins[BLACK], 2);
  ck_assert(v->rules.castling_opposite);
  v = compile("castling=winshort");
  ck_assert_int_eq(v->rules.castling_wins[WHITE], 1);
  ck_assert_int_eq(v->rules.castling_wins[BLACK], 1);
  ck_assert(!v->rules.castling_opposite);
}
END_TEST

START_TEST(stalemate_results) {
  ck_assert_int_eq(compile("stalemate=loss")->rules.stalemate, RESULT_LOSS);
  ck_assert_int_eq(compile("stalemate=win")->rules.stalemate, RESULT_WIN);
  ck_assert_int_eq(compile("stalemate=draw")->rules.stalemate, RESULT_DRAW);
  ck_assert_int_eq(compile("loss=stalemate")->rules.stalemate, RESULT_LOSS);
  ck_assert(!compile("stalemate=win")->rules.stalemate_pass);
  ck_assert(compile("stalemate=skip")->rules.stalemate_pass);
  /* single rule: the last one counts */
  ck_assert(!compile("stalemate=skip stalemate=loss")->rules.stalemate_pass);
  expect_error("stalemate", "rule 'stalemate' needs '=' and one of: draw loss win skip");
  expect_error("stalemate=invalid", "unknown attribute 'invalid' of rule 'stalemate'");
  expect_error("stalemate=draw,loss", "give exactly one of draw, loss, win, skip");
  expect_error("stalemate=skip,win", "give exactly one of draw, loss, win, skip");
}
END_TEST

START_TEST(result_rules_repetition_perpetual_moverule) {
  const Variant *v = compile("loss=repetition(4),perpetualcheck draw=moverule(70){PN}");
  ck_assert_int_eq(v->rules.repetition_count, 4);
  ck_assert_int_eq(v->rules.repetition_result, RESULT_LOSS);
  ck_assert(v->rules.perpetual_check_loses);
  ck_assert_int_eq(v->rules.move_rule, 70);
  ck_assert_uint_eq(word(v->rules.move_rule_reset), bit(v, "P") | bit(v, "N"));
  ck_assert_int_eq(compile("draw=moverule(0)")->rules.move_rule, 0);
  ck_assert_int_eq(compile("draw=repetition")->rules.repetition_count, 3);
  ck_assert(!compile("draw=repetition")->rules.repetition_off);
  ck_assert(compile("draw=repetition(0)")->rules.repetition_off);
  ck_assert(!compile("draw=repetition(0) draw=repetition(4)")->rules.repetition_off);
  v = compile("win=checkmate,stalemate,bare draw=extinction");
  ck_assert_int_eq(v->rules.checkmate, RESULT_WIN);
  ck_assert_int_eq(v->rules.stalemate, RESULT_WIN);
  ck_assert_int_eq(v->rules.bare_royal, RESULT_WIN);
  ck_assert_int_eq(v->rules.extinction_result, RESULT_DRAW);
  expect_error("win=perpetualcheck", "perpetualcheck is only a loss");
  expect_error("loss=moverule(50)", "moverule(N) is only a draw");
  expect_error("draw=repetition(1)", "repetition(N) needs N >= 2");
  expect_error("draw=moverule", "needs a number: moverule(N)");
}
END_TEST

START_TEST(hill_zones_mirror_unless_absolute) {
  const Variant *v = compile("hill{K}[d-e4-5]");
  ck_assert_uint_eq(word(v->rules.hill_types), bit(v, "K"));
  ck_assert_int_eq(v->rules.hill[sq(v, "d4")], 1);
  ck_assert_int_eq(v->rules.hill_by_color[BLACK][sq(v, "e5")], 1);
  ck_assert_int_eq(v->rules.hill[sq(v, "c4")], 0);
  v = compile("hill{K}[8]");
  ck_assert_int_eq(v->rules.hill_by_color[WHITE][sq(v, "a8")], 1);
  ck_assert_int_eq(v->rules.hill_by_color[BLACK][sq(v, "a1")], 1);
  ck_assert_int_eq(v->rules.hill_by_color[BLACK][sq(v, "a8")], 0);
  ck_assert(!v->rules.hill_reply);
  v = compile("hill{K}[8]=absolute,reply");
  ck_assert_int_eq(v->rules.hill_by_color[BLACK][sq(v, "h8")], 1);
  ck_assert_int_eq(v->rules.hill_by_color[BLACK][sq(v, "h1")], 0);
  ck_assert(v->rules.hill_reply);
  expect_error("hill{K}", "hill needs the goal squares");
  /* bajr: Black's goal given as its squares, three pieces needed */
  v = compile("hill{P}[e6,f6,f5]=black[a1,a2,b1],count(3)");
  ck_assert_int_eq(v->rules.hill_by_color[BLACK][sq(v, "a2")], 1);
  ck_assert_int_eq(v->rules.hill_by_color[BLACK][sq(v, "f2")], 0); /* not the mirror */
  ck_assert_int_eq(v->rules.hill_count, 3);
  ck_assert(!v->rules.hill_filled);
  ck_assert(compile("hill{P}[8]=count(2),filled")->rules.hill_filled);
  expect_error("hill{P}[8]=count(0)", "count(N) needs N >= 1");
  expect_error("hill{P}[8]=black", "black needs its squares: black[a1,a2,b1]");
  expect_error("hill{K}[8]=safe,count(2),filled", "safe with filled is not supported");
  v = compile("hill{KQRBNP}[8]=later,safe");
  ck_assert(v->rules.hill_later && v->rules.hill_safe && !v->rules.hill_reply);
  expect_error("hill{K}[8]=later,reply", "give one of reply and later");
}
END_TEST

START_TEST(pieces_extinction_file_limits_mobility) {
  const Variant *v = compile("royal{} pieces{KQ}=extinction");
  ck_assert_uint_eq(word(v->rules.extinction_types), bit(v, "K") | bit(v, "Q"));
  ck_assert_int_eq(v->rules.extinction_result, RESULT_LOSS);
  ck_assert(!v->rules.extinction_together);
  v = compile("pieces{!PNBRQK}=extinction(1),together win=extinction");
  ck_assert_uint_eq(word(v->rules.extinction_by_color[BLACK]), 0);
  ck_assert_int_eq(type_set_count(v->rules.extinction_by_color[WHITE]), 6);
  ck_assert_int_eq(v->rules.extinction_count, 1);
  ck_assert(v->rules.extinction_together);
  ck_assert_int_eq(v->rules.extinction_result, RESULT_WIN);
  v = compile("pieces{P}=file(1) pieces{PN}=mobile");
  ck_assert_int_eq(v->rules.per_file_limit[type(v, "P")], 1);
  ck_assert_int_eq(v->rules.per_file_limit[type(v, "N")], 0);
  ck_assert_uint_eq(word(v->rules.immobility_illegal), bit(v, "P") | bit(v, "N"));
  expect_error("pieces{P}=together",
               "'together', 'lastroyal' and 'opponent' belong with 'extinction'");
  expect_error("pieces{Q}=lastroyal",
               "'together', 'lastroyal' and 'opponent' belong with 'extinction'");
  expect_error("pieces{K}=opponent(2)",
               "'together', 'lastroyal' and 'opponent' belong with 'extinction'");
  expect_error("pieces{K}=extinction,opponent(0)", "opponent(N) needs N >= 1");
  v = compile("pieces{!q}=extinction,lastroyal");
  ck_assert_uint_eq(word(v->rules.last_royal_by_color[BLACK]), bit(v, "Q"));
  ck_assert_uint_eq(word(v->rules.last_royal_by_color[WHITE]), 0);
  expect_error("pieces{P}=file(0)", "file(N) needs N >= 1");
  expect_error("pieces{P}", "rule 'pieces{P}' needs '='");
}
END_TEST

START_TEST(promotion_zone_timing_and_targets) {
  const Variant *v = compile("promotion[6-8]=enter,leave,move,optional,available,capture,demote");
  const VariantRules *r = &v->rules;
  ck_assert_int_eq(r->promotion_zone[WHITE][sq(v, "a6")], 1);
  ck_assert_int_eq(r->promotion_zone[WHITE][sq(v, "a5")], 0);
  ck_assert_int_eq(r->promotion_zone[BLACK][sq(v, "a3")], 1);
  ck_assert(r->promotion_on_enter && r->promotion_on_leave && r->promotion_on_move);
  ck_assert(r->promotion_optional && r->promote_to_captured);
  ck_assert(r->promotion_on_capture && r->promotion_demote);
  ck_assert_ptr_null(r->promotion_forced_zone[WHITE]);
  v = compile("promotion[7-8]=notforced,forced");
  ck_assert(v->rules.promotion_optional);
  ck_assert(v->rules.promotion_on_enter);
  ck_assert_int_eq(v->rules.promotion_forced_zone[WHITE][sq(v, "a8")], 1);
  ck_assert_int_eq(v->rules.promotion_forced_zone[WHITE][sq(v, "a7")], 0);
  ck_assert_int_eq(v->rules.promotion_forced_zone[BLACK][sq(v, "a1")], 1);
  v = compile("promotion{}");
  ck_assert_uint_eq(word(v->pieces[type(v, "P")].promotes_to), 0);
  /* A piece with a '+' form promotes to it (shogi); others to every other
   * non-royal piece; the rule's set names the promoting pieces. */
  v = compile_on("5x5", "5/5/5/5/K4 w - - 0 1", "K S=F+fW +S=W+fF P=fW", "promotion{SP}[5]");
  ck_assert_uint_eq(word(v->pieces[type(v, "S")].promotes_to), bit(v, "+S"));
  ck_assert_uint_eq(word(v->pieces[type(v, "P")].promotes_to), 0);
  expect_error("promotion#[8]", "promotion# names the '#' prefix, but the pieces promote with '+'");
  /* black[..]: Black's own zone, the squares as written (argess) */
  v = compile("promotion[g8,h8,h7]=black[a1,a2,b1]");
  ck_assert_int_eq(v->rules.promotion_zone[WHITE][sq(v, "h7")], 1);
  ck_assert_int_eq(v->rules.promotion_zone[BLACK][sq(v, "a2")], 1);
  ck_assert_int_eq(v->rules.promotion_zone[BLACK][sq(v, "b1")], 1);
  ck_assert_int_eq(v->rules.promotion_zone[BLACK][sq(v, "h2")], 0);
  ck_assert_int_eq(v->rules.promotion_zone[BLACK][sq(v, "g1")], 0);
  expect_error("promotion[8]=black", "black needs its squares: black[a1,a2,b1]");
  ck_assert(compile("promotion=optional,stuck")->rules.promotion_stuck);
  expect_error("promotion=stuck", "stuck belongs with optional");
}
END_TEST

START_TEST(holdings_and_drops) {
  const Variant *v =
      compile("holding=demote drop{P}[2-7]=nomate,nocheck drop{^P}=promoted,compulsory");
  const VariantRules *r = &v->rules;
  ck_assert(r->holdings && r->holding_demote && r->drops);
  int p = type(v, "P"), n = type(v, "N");
  ck_assert_int_eq(r->drop_zone[WHITE][p][sq(v, "a2")], 1);
  ck_assert_int_eq(r->drop_zone[WHITE][p][sq(v, "a1")], 0);
  ck_assert_int_eq(r->drop_zone[BLACK][p][sq(v, "a8")], 0);
  ck_assert_ptr_null(r->drop_zone[WHITE][n]);
  ck_assert(r->drop_no_mate[p] && r->drop_no_check[p] && !r->drop_no_mate[n]);
  ck_assert(r->drop_promoted && r->drop_compulsory);
  v = compile("drop[5]=absolute");
  ck_assert_int_eq(v->rules.drop_zone[BLACK][type(v, "Q")][sq(v, "d5")], 1);
  ck_assert(!compile("drop")->rules.holdings);
  expect_error("holding=notflip", "unknown attribute 'notflip' of rule 'holding'");
}
END_TEST

START_TEST(gating_turn_mustcapture_atomic) {
  const Variant *v = compile("gating");
  ck_assert(v->rules.gating);
  ck_assert_int_eq(v->rules.gating_zone[WHITE][sq(v, "c1")], 1);
  ck_assert_int_eq(v->rules.gating_zone[BLACK][sq(v, "c8")], 1);
  v = compile("turn=pass");
  ck_assert(v->rules.pass_allowed && !v->rules.en_passant);
  ck_assert(compile("turn=enpassant")->rules.en_passant);
  ck_assert(compile("mustcapture")->rules.must_capture);
  ck_assert(compile("mustcapture=compulsory")->rules.must_capture);
  v = compile("atomic{^P}");
  ck_assert(v->rules.atomic);
  ck_assert_uint_eq(word(v->rules.atomic_immune), bit(v, "P"));
  ck_assert_uint_eq(word(compile("atomic")->rules.atomic_immune), 0);
  v = compile("royal{} atomic{^P}=immune{K},mutual{K}");
  ck_assert_uint_eq(word(v->rules.atomic_unblastable), bit(v, "K"));
  ck_assert_uint_eq(word(v->rules.atomic_mutual), bit(v, "K"));
  expect_error("royal{} atomic=immune", "immune and mutual need a piece set");
  expect_error("atomic=mutual{K}", "immune and mutual pieces may not be royal");
  v = compile("royal{} petrify{QRBN}");
  ck_assert_uint_eq(word(v->rules.petrify), bit(v, "Q") | bit(v, "R") | bit(v, "B") | bit(v, "N"));
  v = compile("royal{} petrify"); /* no set: every type */
  ck_assert_uint_eq(word(v->rules.petrify), bit(v, "K") | bit(v, "Q") | bit(v, "R") | bit(v, "B") |
                                                bit(v, "N") | bit(v, "P"));
}
END_TEST

START_TEST(zones_holes_river_palace_and_wrapping) {
  const Variant *v = compile("zone[a1,h8]=hole zone[4-5]=river zone{K}[d-f1-3]=dontcross");
  ck_assert_int_eq(v->shape.hole[sq(v, "a1")], 1);
  ck_assert_int_eq(v->shape.hole[sq(v, "b1")], 0);
  ck_assert_int_eq(v->rules.river[sq(v, "c4")], 1);
  int k = type(v, "K");
  ck_assert_int_eq(v->rules.confine[WHITE][k][sq(v, "e2")], 1);
  ck_assert_int_eq(v->rules.confine[BLACK][k][sq(v, "e7")], 1);
  ck_assert_int_eq(v->rules.confine[BLACK][k][sq(v, "e2")], 0);
  ck_assert_ptr_null(v->rules.confine[WHITE][type(v, "Q")]);
  v = compile("zone[^a-h2-7]=hole");
  ck_assert_int_eq(v->shape.hole[sq(v, "a1")], 1);
  ck_assert_int_eq(v->shape.hole[sq(v, "a2")], 0);
  v = compile("zone[#]=river");
  ck_assert_int_eq(v->rules.river[sq(v, "a4")], 1);
  ck_assert_int_eq(v->rules.river[sq(v, "b4")], 0);
  v = compile("zone[.]=river");
  ck_assert_int_eq(v->rules.river[sq(v, "b4")], 1);
  ck_assert(compile("cylindric")->shape.wrap_files);
  ck_assert(!compile("cylindric")->shape.wrap_ranks);
  v = compile("torus");
  ck_assert(v->shape.wrap_files && v->shape.wrap_ranks);
  expect_error("zone[a1]=dontcross", "dontcross needs the pieces");
  expect_error("zone{K}[a1]=hole", "a hole takes no piece set");
  expect_error("zone=hole", "zone needs squares");
  expect_error("cylindric=yes", "unknown attribute 'yes' of rule 'cylindric'");
}
END_TEST

START_TEST(extension_rules_counting_and_chasing) {
  ck_assert_int_eq(compile("counting=makruk")->rules.counting, COUNTING_MAKRUK);
  ck_assert_int_eq(compile("counting=asean")->rules.counting, COUNTING_ASEAN);
  ck_assert_int_eq(compile("counting=cambodian")->rules.counting, COUNTING_CAMBODIAN);
  ck_assert_int_eq(compile("counting=blackdrawodds")->rules.counting, COUNTING_BLACK_DRAW_ODDS);
  /* janggi's material counting: points per group, Black's komi */
  const Variant *p = compile("counting=points(13){R},points(3){NB},komi(1)");
  ck_assert_int_eq(p->rules.counting, COUNTING_POINTS);
  ck_assert_int_eq(p->rules.counting_points[type(p, "R")], 13);
  ck_assert_int_eq(p->rules.counting_points[type(p, "N")], 3);
  ck_assert_int_eq(p->rules.counting_points[type(p, "B")], 3);
  ck_assert_int_eq(p->rules.counting_points[type(p, "Q")], 0);
  ck_assert_int_eq(p->rules.counting_komi, 1);
  expect_error("counting=points(13)", "write points(N){pieces} for each group");
  expect_error("counting=points(2){P},makruk", "points(N){..} and komi(N) combine");
  /* axf's groups of chasing pieces, strongest first: roles from the rule */
  const Variant *x = compile("chasing=axf{RQ}{NB}");
  ck_assert_int_eq(x->rules.chasing, CHASING_AXF);
  ck_assert_int_eq(x->rules.chase_rank[type(x, "Q")], 1);
  ck_assert_int_eq(x->rules.chase_rank[type(x, "R")], 1);
  ck_assert_int_eq(x->rules.chase_rank[type(x, "N")], 2);
  ck_assert_int_eq(x->rules.chase_rank[type(x, "P")], 0);
  ck_assert_int_eq(x->rules.chase_rank[type(x, "K")], 0);
  ck_assert_int_eq(compile("chasing=none")->rules.chasing, CHASING_NONE);
  expect_error("chasing=axf", "t.var:5:17: rule 'chasing=axf': axf needs the chasing pieces");
  expect_error("chasing=axf{R}{RN}", "a piece is in two groups of axf");
  expect_error("chasing=axf{R}{N}{B}{Q}{P}", "axf takes at most 4 piece sets");
  expect_error("royal{K}=castle{R}{N}", "castle takes at most 1 piece set");
  expect_error("counting=thai", "unknown attribute 'thai' of rule 'counting'");
  const Variant *v = compile("connect{P}=line(3),orthogonal");
  ck_assert_int_eq(v->rules.connect_n, 3);
  ck_assert_uint_eq(word(v->rules.connect_types), bit(v, "P"));
  ck_assert(v->rules.connect_orthogonal);
  expect_error("connect=line(1)", "connect needs line(N) or square(N) with N >= 2");
  v = compile("connect{Q}=line(3),collinear,loss");
  ck_assert(v->rules.connect_collinear && v->rules.connect_loses);
  ck_assert_int_eq(compile("connect=square(2)")->rules.connect_square, 2);
  expect_error("connect=square(2),collinear", "collinear qualifies line(N)");
}
END_TEST

START_TEST(single_rules_last_wins_multi_rules_accumulate) {
  const Variant *v = compile("stalemate=loss stalemate=win");
  ck_assert_int_eq(v->rules.stalemate, RESULT_WIN);
  v = compile("royal{K}=castle{R},maxchecks(3) royal{K}");
  ck_assert_int_eq(v->rules.check_limit, 0);
  ck_assert(!v->rules.castling.enabled);
  v = compile("pieces{P}=file(1) pieces{N}=file(2)");
  ck_assert_int_eq(v->rules.per_file_limit[type(v, "P")], 1);
  ck_assert_int_eq(v->rules.per_file_limit[type(v, "N")], 2);
}
END_TEST

START_TEST(syntax_errors_point_at_the_text) {
  expect_error("royal frob", "t.var:5:15: unknown rule 'frob' in 'frob' (rules are: royal");
  expect_error("royal{Z}",
               "t.var:5:15: unknown piece 'Z' in piece set (this variant's pieces: K Q");
  expect_error("royal{K", "piece set '{K' lacks its closing '}'");
  expect_error("royal{1}", "'1' is not a piece letter");
  expect_error("hill{K}[d4", "board range '[d4' lacks its closing ']'");
  expect_error("hill{K}[i1]", "range element 'i1' lies outside the 8x8 board");
  expect_error("hill{K}[c-a1]", "range element 'c-a1' runs backwards");
  expect_error("hill{K}[d4-e5]", "expected a rank number after '-' in range element 'd4-e5'");
  expect_error("hill{K}[d4,]", "empty element in board range");
  expect_error("hill{K}[?]", "cannot read range element '?'");
  expect_error("royal=castle,", "expected an attribute after ','");
  expect_error("royal=", "expected an attribute after '='");
  expect_error("royal=expose(2)", "attribute 'expose' takes no number");
  expect_error("royal=maxchecks(x)", "'maxchecks' wants a number in parentheses");
  expect_error("stalemate{K}=loss", "stalemate takes no piece set here");
  expect_error("royal[a1]", "royal takes no board range here");
  expect_error("royal{K}{Q}", "royal takes at most 1 piece set");
  expect_error("royal{K}=castle)", "unexpected ')' in rule 'royal{K}=castle)'");
  expect_error("royal<x>", "sequence number must be <N>");
  expect_error("Royal", "unknown rule 'Royal'");
}
END_TEST

START_TEST(errors_report_the_line_of_continued_rules) {
  const Variant *v = compile("royal\n  stalemate=loss\n   bogus");
  ck_assert_ptr_null(v);
  ck_assert_ptr_nonnull(strstr(errors, "t.var:7:4: unknown rule 'bogus'"));
}
END_TEST

/* One table serves parser, printer and documentation: every rule and
 * attribute the parser accepts is in the printed reference and in the docs. */
START_TEST(reference_and_docs_cover_every_rule_and_attribute) {
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&text, &size);
  fbr_print_reference(out);
  fclose(out);
  FILE *docs = fopen(CHIMERA_SOURCE_DIR "/docs/variants.md", "r");
  ck_assert_ptr_nonnull(docs);
  static char doc[1 << 17];
  size_t n = fread(doc, 1, sizeof doc - 1, docs);
  doc[n] = '\0';
  fclose(docs);
  for (int r = 0; r < fbr_rule_count(); r++) {
    char needle[64];
    snprintf(needle, sizeof needle, "`%s", fbr_rule_name(r));
    ck_assert_msg(strstr(text, fbr_rule_name(r)), "reference lacks %s", fbr_rule_name(r));
    ck_assert_msg(strstr(doc, needle), "docs/variants.md lacks rule %s", fbr_rule_name(r));
    for (int a = 0; a < fbr_attribute_count(r); a++) {
      snprintf(needle, sizeof needle, "`%s", fbr_attribute_name(r, a));
      ck_assert_msg(strstr(doc, needle), "docs/variants.md lacks attribute %s of %s",
                    fbr_attribute_name(r, a), fbr_rule_name(r));
    }
  }
  free(text);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("fbr_rules");
  TCase *tc = tcase_create("rules");
  tcase_add_checked_fixture(tc, NULL, teardown);
  tcase_add_test(tc, empty_rules_mean_orthodox_chess);
  tcase_add_test(tc, royal_sets_and_attributes);
  tcase_add_test(tc, castling_rule_sets_files_and_chess960);
  tcase_add_test(tc, stalemate_results);
  tcase_add_test(tc, result_rules_repetition_perpetual_moverule);
  tcase_add_test(tc, hill_zones_mirror_unless_absolute);
  tcase_add_test(tc, pieces_extinction_file_limits_mobility);
  tcase_add_test(tc, promotion_zone_timing_and_targets);
  tcase_add_test(tc, holdings_and_drops);
  tcase_add_test(tc, gating_turn_mustcapture_atomic);
  tcase_add_test(tc, zones_holes_river_palace_and_wrapping);
  tcase_add_test(tc, extension_rules_counting_and_chasing);
  tcase_add_test(tc, single_rules_last_wins_multi_rules_accumulate);
  tcase_add_test(tc, syntax_errors_point_at_the_text);
  tcase_add_test(tc, errors_report_the_line_of_continued_rules);
  tcase_add_test(tc, reference_and_docs_cover_every_rule_and_attribute);
  suite_add_tcase(suite, tc);
  return suite;
}
