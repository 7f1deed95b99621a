/* xboard.c — the XBoard (CECP, protocol 2) front end.
 *
 * Translates XBoard's commands into engine core calls and the engine's reports
 * into XBoard text. XBoard, unlike UCI, leaves the game to the engine: it says
 * which side the engine plays (go, playother, force) and expects the engine to
 * move by itself, so this file keeps that mode, the clock settings and the
 * pondering state.
 *
 * Threads: the reader (this file's loop) and the search thread's reports both
 * act under `lock`. The reader never waits for a search while holding it
 * (xboard_settle), so a report can always finish.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/engine.h"
#include "engine/protocol.h"
#include "engine/xboard_clock.h"
#include "engine/xboard_setup.h"
#include "mbn/mbn.h"

#define XB_ERR_MAX   512
#define XB_MOVE_MAX  64
#define XB_PINGS_MAX 16

typedef enum { XB_IDLE, XB_THINKING, XB_PONDERING, XB_ANALYZING } XbSearch;

typedef struct {
  Output *out;
  Engine *engine;
  pthread_mutex_t lock;
  bool force;         /* play neither side */
  Color engine_color; /* the side the engine plays when not in force mode */
  bool analyzing;     /* analyze mode (until exit) */
  bool post, hard;
  XboardClock clock;
  XbSearch search;
  bool discard;                  /* the running search's answer is no longer wanted */
  char ponder_move[XB_MOVE_MAX]; /* played on the board while pondering */
  char excluded[8192];           /* analyze: root moves excluded, " m1 m2 " */
  /* pings that came while the engine was on move: the protocol wants their
   * pongs after the move (or after the search is given up) */
  char pings[XB_PINGS_MAX][XB_MOVE_MAX];
  int ping_count;
} Xb;

/* ---- variant names: XBoard's for the games it knows, ours otherwise ---- */

static const char *const XB_NAME_PAIRS[][2] = {
    {"chess", "normal"},
    {"chess960", "fischerandom"},
    /* Fairy-Max's spelling, so matches against it find the same game. */
    {"losalamos", "los-alamos"},
    {"kingofthehill", "king-of-the-hill"},
    /* XBoard's native chu shogi: its own rules and pieces, so it can play
     * Chimera against HaChu. */
    {"chushogi", "chu"},
};

/* Variants XBoard knows by these names, with the same rules as our files; for
 * the others it needs `setup` and `piece` (xboard_setup.h). */
static const char *const XB_KNOWN[] = {
    "normal",     "nocastle", "fischerandom", "crazyhouse", "losers",  "suicide",
    "giveaway",   "twokings", "atomic",       "3check",     "xiangqi", "shogi",
    "capablanca", "gothic",   "falcon",       "shatranj",   "courier", "knightmate",
    "berolina",   "janus",    "caparandom",   "cylinder",   "super",   "great",
    "makruk",     "seirawan", "spartan",      "chu",        NULL};

/* XBoard's own start positions (board part of a FEN) for the variants it
 * knows by name, from the piece arrays in its backend.c. A variant we have
 * under such a name but set up differently (our courier is Fairy-Stockfish's,
 * pawns advanced; XBoard's the traditional one) must not go out under that
 * name: XBoard would play from its own array and ignore our `setup` (it
 * accepts `setup` only for variants it does not know, or with legality
 * testing off, or on a non-standard board size — tried with XBoard 4.9).
 * Missing here (random setups, variants whose arrays we have not checked):
 * trusted to agree. */
#define XB_CHESS_START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
static const char *const XB_STARTS[][2] = {
    {"normal", XB_CHESS_START},
    {"nocastle", XB_CHESS_START},
    {"crazyhouse", XB_CHESS_START},
    {"losers", XB_CHESS_START},
    {"suicide", XB_CHESS_START},
    {"giveaway", XB_CHESS_START},
    {"atomic", XB_CHESS_START},
    {"3check", XB_CHESS_START},
    {"berolina", XB_CHESS_START},
    {"cylinder", XB_CHESS_START},
    {"seirawan", XB_CHESS_START},
    {"knightmate", "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR"},
    {"shatranj", "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR"},
    {"makruk", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR"},
    {"spartan", "lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/RNBQKBNR"},
    {"capablanca", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR"},
    {"gothic", "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR"},
    {"janus", "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR"},
    {"courier", "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR"},
    {"xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"},
    {"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"},
    /* XBoard's ChuArray (HaChu's too), with pawns and go-betweens. */
    {"chu", "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
            "MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL"},
};

/* The name we give XBoard for a variant whose own name XBoard knows but whose
 * start position differs from XBoard's: XBoard then treats it as an
 * engine-defined game and takes our `setup` and `piece` lines. A prefix,
 * because XBoard's StringToVariant also recognises a known name followed by a
 * non-letter ("courier-x" would still be its courier). */
#define XB_OWN_PREFIX "chimera-"

/* Which squares hold a white piece, a black piece or nothing, from a FEN's
 * board part: the letters of the same men differ between programs (our
 * shatranj queen is XBoard's ferz), their places do not. */
static void xb_occupancy(const char *fen, char *out, size_t size) {
  size_t length = 0;
  for (const char *p = fen; *p && *p != ' ' && *p != '[' && length + 1 < size; p++) {
    if (*p >= '0' && *p <= '9') {
      char *end;
      long empty = strtol(p, &end, 10);
      for (long i = 0; i < empty && length + 1 < size; i++) out[length++] = '.';
      p = end - 1;
    } else if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
      out[length++] = *p >= 'a' ? 'b' : 'w';
    } else if (*p == '/') {
      out[length++] = '/';
    }
  }
  out[length] = '\0';
}

/* Whether XBoard knows a game by this name with this start position. */
static bool xb_start_differs(const Variant *variant, const char *gui) {
  if (!variant || !variant->start_fen) return false;
  for (size_t i = 0; i < sizeof XB_STARTS / sizeof XB_STARTS[0]; i++) {
    if (strcasecmp(XB_STARTS[i][0], gui)) continue;
    char ours[1024], theirs[1024];
    xb_occupancy(variant->start_fen, ours, sizeof ours);
    xb_occupancy(XB_STARTS[i][1], theirs, sizeof theirs);
    return strcmp(ours, theirs) != 0;
  }
  return false;
}

static bool xb_gui_knows(const char *gui) {
  for (int i = 0; XB_KNOWN[i]; i++)
    if (!strcasecmp(XB_KNOWN[i], gui)) return true;
  return false;
}

/* XBoard's name for our variant: its own spelling, or ours, or ours with
 * XB_OWN_PREFIX where XBoard would set the game up differently. */
static const char *xb_gui_name(const Variant *variant, char *buffer, size_t size) {
  const char *ours = variant->name;
  for (size_t i = 0; i < sizeof XB_NAME_PAIRS / sizeof XB_NAME_PAIRS[0]; i++)
    if (!strcasecmp(XB_NAME_PAIRS[i][0], ours)) ours = XB_NAME_PAIRS[i][1];
  if (xb_gui_knows(ours) && xb_start_differs(variant, ours)) {
    snprintf(buffer, size, "%s%s", XB_OWN_PREFIX, ours);
    return buffer;
  }
  return ours;
}

static const char *xb_our_name(const char *gui) {
  if (!strncasecmp(gui, XB_OWN_PREFIX, strlen(XB_OWN_PREFIX))) gui += strlen(XB_OWN_PREFIX);
  for (size_t i = 0; i < sizeof XB_NAME_PAIRS / sizeof XB_NAME_PAIRS[0]; i++)
    if (!strcasecmp(XB_NAME_PAIRS[i][1], gui)) return XB_NAME_PAIRS[i][0];
  return gui;
}

/* ---- move text: ours (board/movetext.h) and XBoard's ---- */

/* XBoard numbers the ranks of a board exactly 10 ranks high from 0 (its
 * backend: ONE = '1' - (BOARD_HEIGHT == 10)), so xiangqi's "h1g3" is its
 * "h0g2"; on every other height it counts from 1 as we do, with two digits
 * past 9 (a12 on 12x12, as Fairy-Stockfish also writes for XBoard). Returns
 * what to add to our rank numbers to get XBoard's. */
static int xb_rank_shift(const Xb *xb) {
  const Variant *variant = engine_variant(xb->engine);
  return variant && variant->shape.ranks == 10 ? -1 : 0;
}

/* Copies a move text adding delta to every rank number in it. In move text
 * (e2e4, P@e4, e7e8q, g6f7+, d3d4,d4d5) digits occur only in ranks. Returns
 * false if the result does not fit or a rank would become negative. */
static bool xb_shift_ranks(const char *in, int delta, char *out, size_t size) {
  size_t length = 0;
  while (*in) {
    int n;
    if (*in >= '0' && *in <= '9') {
      char *end;
      long rank = strtol(in, &end, 10) + delta;
      if (rank < 0) return false;
      n = snprintf(out + length, size - length, "%ld", rank);
      in = end;
    } else {
      n = snprintf(out + length, size - length, "%c", *in++);
    }
    if (n < 0 || (size_t)n >= size - length) return false;
    length += (size_t)n;
  }
  if (!length && size) out[0] = '\0';
  return true;
}

/* Our move text as XBoard writes it (ranks only; commas and castling are
 * handled where they arise). Falls back to our text if it cannot. */
static void xb_outgoing(const Xb *xb, const char *move, char *out, size_t size) {
  if (!xb_shift_ranks(move, xb_rank_shift(xb), out, size)) snprintf(out, size, "%s", move);
}

/* ---- reports from the engine ---- */

static void xb_report_info(void *context, const EngineInfo *info) {
  Xb *xb = context;
  pthread_mutex_lock(&xb->lock);
  bool show = xb->post || xb->analyzing;
  pthread_mutex_unlock(&xb->lock);
  if (!show) return;
  /* XBoard: depth score(cp) time(cs) nodes pv; mates as 100000+N. */
  int score = info->score;
  if (info->mate) score = info->score > 0 ? 100000 + info->score : -100000 + info->score;
  /* The PV in XBoard's rank numbers, move by move. */
  char pv[4096] = "";
  size_t length = 0;
  if (info->pv) {
    const char *p = info->pv;
    while (*p) {
      size_t word = strcspn(p, " ");
      char move[XB_MOVE_MAX], gui[2 * XB_MOVE_MAX];
      if (word && word < sizeof move) {
        memcpy(move, p, word);
        move[word] = '\0';
        xb_outgoing(xb, move, gui, sizeof gui);
        int n = snprintf(pv + length, sizeof pv - length, "%s%s", length ? " " : "", gui);
        if (n < 0 || (size_t)n >= sizeof pv - length) break;
        length += (size_t)n;
      }
      p += word;
      p += strspn(p, " ");
    }
  }
  output_line(xb->out, "%d %d %" PRId64 " %" PRIu64 " %s", info->depth, score, info->time_ms / 10,
              info->nodes, pv);
}

static void xb_report_message(void *context, const char *text) {
  Xb *xb = context;
  output_line(xb->out, "# %s", text);
}

/* Says the result if the game is over; returns whether it is. Lock held. */
static bool xb_announce_result(Xb *xb) {
  char reason[128];
  GameResult result = engine_game_result(xb->engine, reason, sizeof reason);
  if (result == RESULT_NONE) return false;
  Color mover = engine_side_to_move(xb->engine);
  const char *text = result == RESULT_DRAW                        ? "1/2-1/2"
                     : (result == RESULT_WIN) == (mover == WHITE) ? "1-0"
                                                                  : "0-1";
  output_line(xb->out, "%s {%s}", text, reason[0] ? reason : "game over");
  return true;
}

/* Answers the pings held back while the engine was on move, in order. */
static void xb_answer_pings(Xb *xb) {
  for (int i = 0; i < xb->ping_count; i++) output_line(xb->out, "pong %s", xb->pings[i]);
  xb->ping_count = 0;
}

static void xb_start_ponder(Xb *xb, const char *reply);

static void xb_report_bestmove(void *context, const char *move, const char *ponder) {
  Xb *xb = context;
  pthread_mutex_lock(&xb->lock);
  if (xb->discard || xb->search != XB_THINKING) {
    pthread_mutex_unlock(&xb->lock);
    return;
  }
  xb->search = XB_IDLE;
  char err[XB_ERR_MAX];
  if (!move) {
    /* No move: either the game is over or there is no search to ask. */
    if (!xb_announce_result(xb)) output_line(xb->out, "Error (no move chosen): go");
  } else {
    /* In Chess960 mode our castling text is king-takes-partner; XBoard
     * reads O-O / O-O-O there without doubt. */
    int side = engine_chess960(xb->engine) ? engine_castling_side(xb->engine, move) : 0;
    char comma_move[2 * XB_MOVE_MAX], gui_move[2 * XB_MOVE_MAX];
    engine_move_to_xboard(xb->engine, move, comma_move, sizeof comma_move);
    xb_outgoing(xb, comma_move, gui_move, sizeof gui_move);
    if (engine_play_move(xb->engine, move, err, sizeof err) != 0) {
      output_line(xb->out, "# internal error: the search chose '%s': %s", move, err);
      pthread_mutex_unlock(&xb->lock);
      return;
    }
    output_line(xb->out, "move %s", side == 1 ? "O-O" : side == 2 ? "O-O-O" : gui_move);
    xb_answer_pings(xb);
    if (!xb_announce_result(xb) && xb->hard && ponder) xb_start_ponder(xb, ponder);
  }
  xb_answer_pings(xb);
  pthread_mutex_unlock(&xb->lock);
}

/* ---- searches ---- */

/* Ends any search and brings the game back to the position XBoard sees.
 * Called with the lock held; releases it while waiting for the search. */
static void xb_settle(Xb *xb) {
  if (xb->search == XB_IDLE) return;
  xb->discard = true;
  pthread_mutex_unlock(&xb->lock);
  engine_stop(xb->engine);
  engine_wait(xb->engine);
  pthread_mutex_lock(&xb->lock);
  if (xb->search == XB_PONDERING) engine_undo_move(xb->engine);
  xb->search = XB_IDLE;
  xb->discard = false;
  xb_answer_pings(xb);
}

static void xb_think(Xb *xb) {
  if (xb_announce_result(xb)) return;
  EngineGo go;
  xboard_clock_request(&xb->clock, xb->engine_color, engine_game_ply(xb->engine), &go);
  char err[XB_ERR_MAX];
  xb->search = XB_THINKING;
  if (engine_go(xb->engine, &go, err, sizeof err) != 0) {
    xb->search = XB_IDLE;
    output_line(xb->out, "Error (%s): go", err);
    xb_answer_pings(xb);
  }
}

/* After our move: play the expected reply and think on the opponent's time. */
static void xb_start_ponder(Xb *xb, const char *reply) {
  char err[XB_ERR_MAX];
  if (engine_play_move(xb->engine, reply, err, sizeof err) != 0) return;
  char reason[64];
  if (engine_game_result(xb->engine, reason, sizeof reason) != RESULT_NONE) {
    engine_undo_move(xb->engine);
    return;
  }
  EngineGo go;
  xboard_clock_request(&xb->clock, xb->engine_color, engine_game_ply(xb->engine), &go);
  go.ponder = true;
  snprintf(xb->ponder_move, sizeof xb->ponder_move, "%s", reply);
  xb->search = XB_PONDERING;
  if (engine_go(xb->engine, &go, err, sizeof err) != 0) {
    engine_undo_move(xb->engine);
    xb->search = XB_IDLE;
  }
}

static void xb_analyze(Xb *xb) {
  EngineGo go;
  engine_go_init(&go);
  go.infinite = true;
  char legal[8192], allowed[8192] = "";
  size_t length = 0;
  if (xb->excluded[0] && engine_legal_moves(xb->engine, legal, sizeof legal) > 0) {
    char *save, *move;
    for (move = strtok_r(legal, " ", &save); move; move = strtok_r(NULL, " ", &save)) {
      char key[XB_MOVE_MAX + 2];
      snprintf(key, sizeof key, " %s ", move);
      if (strstr(xb->excluded, key)) continue;
      int n = snprintf(allowed + length, sizeof allowed - length, "%s%s", length ? " " : "", move);
      if (n > 0 && (size_t)n < sizeof allowed - length) length += (size_t)n;
    }
    if (!length) return; /* everything excluded: nothing to analyse */
    go.searchmoves = allowed;
  }
  char err[XB_ERR_MAX];
  char reason[64];
  if (engine_game_result(xb->engine, reason, sizeof reason) != RESULT_NONE) return;
  xb->search = XB_ANALYZING;
  if (engine_go(xb->engine, &go, err, sizeof err) != 0) {
    xb->search = XB_IDLE;
    output_line(xb->out, "Error (%s): analyze", err);
  }
}

/* After a change to the game: analyse anew, or move if it is our turn. */
static void xb_resume(Xb *xb) {
  if (xb->analyzing)
    xb_analyze(xb);
  else if (!xb->force && engine_side_to_move(xb->engine) == xb->engine_color)
    xb_think(xb);
}

/* ---- commands ---- */

/* The first piece XBoard cannot name with one letter ("+X" for a promoted
 * one is fine): MBN's compound letters (:BM:) and '-' pieces (-Q); a setup
 * naming them would be read by XBoard as another position. NULL if none. */
static const char *xb_unnamed_piece(const Variant *variant) {
  for (int t = 0; t < variant->piece_count; t++) {
    const char *l = variant->pieces[t].letter;
    if (l[1] && !(l[0] == '+' && !l[2])) return l;
  }
  return NULL;
}

/* The first piece that promotes to the other side's piece (MBN's +Q==q):
 * XBoard would give the new piece to the mover. NULL if none. */
static const char *xb_promotes_other(const Variant *variant) {
  for (int t = 0; t < variant->piece_count; t++)
    if (type_set_any(variant->pieces[t].promotes_to_other)) return variant->pieces[t].letter;
  return NULL;
}

/* Whether the variant's captures explode otherwise than XBoard's atomic,
 * the parent its `setup` names (XBoard removes the capturer and every piece
 * but its pawns around the capture square, and knows no hands there): its
 * board would keep or lose other pieces than ours and refuse our moves. */
static bool xb_blast_differs(const Variant *v) {
  const VariantRules *r = &v->rules;
  if (!r->atomic) return false;
  int pawn = mbn_find_piece(v, "P");
  TypeSet pawns = pawn >= 0 ? type_set_of(pawn) : type_set_empty();
  return r->drops || !type_set_is_empty(r->atomic_unblastable) ||
         !type_set_is_empty(r->atomic_mutual) || !type_set_equal(r->atomic_immune, pawns);
}

/* Whether XBoard cannot show or play the variant, with the reason in why
 * (when not NULL): a 3D board (a flat `setup` would show another board), a
 * piece it cannot name with one letter, a promotion to the other side,
 * explosions other than XBoard's atomic ones. */
static bool xb_cannot_play(const Variant *v, char *why, size_t size) {
  const char *unnamed = xb_unnamed_piece(v), *turncoat = xb_promotes_other(v);
  if (xb_blast_differs(v)) {
    if (why)
      snprintf(why, size,
               "%s's captures explode otherwise than XBoard's atomic (capturer and all but pawns "
               "around, no hands), so XBoard's board would differ from the game's",
               v->name);
  } else if (v->shape.levels > 1) {
    if (why)
      snprintf(why, size, "%s has a %dx%dx%d board; XBoard shows flat boards only", v->name,
               v->shape.files, v->shape.ranks, v->shape.levels);
  } else if (unnamed) {
    if (why)
      snprintf(why, size, "%s has a piece named %s, which XBoard cannot name with one letter",
               v->name, unnamed);
  } else if (turncoat) {
    if (why)
      snprintf(why, size,
               "%s has a piece %s that promotes to the other side's piece, which XBoard does not "
               "play",
               v->name, turncoat);
  } else {
    return false;
  }
  return true;
}

static void xb_features(Xb *xb) {
  output_line(xb->out, "feature done=0");
  int count = engine_variant_count(xb->engine);
  size_t size = 32;
  char name_buffer[256], other_buffer[256];
  for (int i = 0; i < count; i++)
    size += strlen(xb_gui_name(engine_variant_at(xb->engine, i), name_buffer, sizeof name_buffer)) +
            strlen(engine_variant_name(xb->engine, i)) + 2;
  char *variants = malloc(size);
  if (!variants) return;
  size_t length = 0;
  variants[0] = '\0';
  for (int i = 0; i < count; i++) {
    /* XBoard's boards are flat: 3D variants (raumschach) are UCI/CLI only;
     * so are variants with pieces XBoard cannot name (xb_unnamed_piece). */
    if (xb_cannot_play(engine_variant_at(xb->engine, i), NULL, 0)) continue;
    /* chess and normal are one game for XBoard: list each GUI name once. */
    const char *name =
        xb_gui_name(engine_variant_at(xb->engine, i), name_buffer, sizeof name_buffer);
    bool seen = false;
    for (int j = 0; j < i; j++)
      seen |= !strcmp(
          name, xb_gui_name(engine_variant_at(xb->engine, j), other_buffer, sizeof other_buffer));
    if (!seen)
      length += (size_t)snprintf(variants + length, size - length, "%s%s", length ? "," : "", name);
    /* Our own name too where XBoard's differs (losalamos, kingofthehill,
     * courier): cutechess sends ours, and drops a game the engine does not
     * list. chess is XBoard's normal and cutechess's standard. */
    const char *own = engine_variant_name(xb->engine, i);
    if (strcmp(own, name) && strcmp(own, "chess"))
      length += (size_t)snprintf(variants + length, size - length, ",%s", own);
  }
  output_line(xb->out,
              "feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=1 sigint=0 "
              "sigterm=0 reuse=1 analyze=1 colors=0 ics=0 name=0 pause=0 nps=0 debug=1 "
              "memory=1 smp=1 exclude=1 myname=\"Chimera %s\" variants=\"%s\"",
              CHIMERA_VERSION, variants);
  free(variants);
  for (int i = 0; i < OPTION_NB; i++) {
    const OptionSpec *spec = option_spec(i);
    if (!spec->xboard_option) continue;
    switch (spec->type) {
    case OPTION_CHECK:
      output_line(xb->out, "feature option=\"%s -check %d\"", spec->name, spec->default_value);
      break;
    case OPTION_SPIN:
      output_line(xb->out, "feature option=\"%s -spin %d %d %d\"", spec->name, spec->default_value,
                  spec->min, spec->max);
      break;
    case OPTION_BUTTON: output_line(xb->out, "feature option=\"%s -button\"", spec->name); break;
    case OPTION_STRING:
      output_line(xb->out, "feature option=\"%s -file %s\"", spec->name, spec->default_text);
      break;
    case OPTION_COMBO: break; /* UCI_Variant: XBoard has `variant` */
    }
  }
  output_line(xb->out, "feature done=1");
}

static void xb_select_variant(Xb *xb, const char *gui_name) {
  char err[XB_ERR_MAX];
  /* Our own name for the game if we have a file under it, else XBoard's. */
  const char *ours = xb_our_name(gui_name);
  int index = -1;
  for (int i = 0; i < engine_variant_count(xb->engine) && index < 0; i++)
    if (!strcasecmp(engine_variant_name(xb->engine, i), ours)) index = i;
  if (index < 0) ours = gui_name;
  /* A name XBoard knows for a game we set up differently: XBoard would play
   * its own start position, so refuse it and name ours (xb_gui_name) --
   * unless it is our own name: cutechess sends `variant courier` for the
   * game it sets up as we do (XBoard users pick chimera-courier). */
  char own[256];
  const Variant *variant = index >= 0 ? engine_variant_at(xb->engine, index) : NULL;
  if (variant && xb_gui_knows(gui_name) && strcasecmp(variant->name, gui_name) &&
      strcasecmp(xb_gui_name(variant, own, sizeof own), gui_name)) {
    output_line(xb->out,
                "Error (our %s starts from another position than XBoard's; use %s): variant %s",
                variant->name, own, gui_name);
    engine_refuse_position(xb->engine, "variant refused; a new game or another variant ends it");
    return;
  }
  char why[256];
  if (variant && xb_cannot_play(variant, why, sizeof why)) {
    output_line(xb->out, "Error (%s): variant %s", why, gui_name);
    engine_refuse_position(xb->engine, "variant refused; a new game or another variant ends it");
    return;
  }
  if (engine_select_variant(xb->engine, ours, err, sizeof err) != 0) {
    output_line(xb->out, "Error (%s): variant %s", err, gui_name);
    return;
  }
  /* setup for a game XBoard does not know, and for our courier under its
   * name (XBoard ignores it there unless legality testing is off). */
  char gui_own[256];
  if (!xb_gui_knows(gui_name) ||
      strcasecmp(xb_gui_name(engine_variant(xb->engine), gui_own, sizeof gui_own), gui_name))
    xboard_setup_send(engine_variant(xb->engine), xb->out);
}

static void xb_new(Xb *xb) {
  /* new means orthodox chess, unless we have no such variant. */
  char err[XB_ERR_MAX];
  if (engine_select_variant(xb->engine, "chess", err, sizeof err) != 0) engine_new_game(xb->engine);
  xb->force = false;
  xb->engine_color = BLACK;
  xb->excluded[0] = '\0';
  xb->clock.own_ms = xb->clock.other_ms = -1;
}

/* What engine_set_option noted: a setting the machine could not give pops
 * up (telluser); a value rounded to one the option holds (a Hash of 24 MB
 * to 16: `memory N` is a ceiling, kept) goes to the debug log only. */
static void xb_option_note(Xb *xb, int status, const char *note) {
  if (status == 1) output_line(xb->out, "telluser %s", note);
  if (status == 2) output_line(xb->out, "# %s", note);
}

static void xb_set_number_option(Xb *xb, const char *name, const char *value, const char *command) {
  char err[XB_ERR_MAX];
  int status = engine_set_option(xb->engine, name, value, err, sizeof err);
  if (status < 0) output_line(xb->out, "Error (%s): %s %s", err, command, value);
  xb_option_note(xb, status, err);
}

/* option NAME[=VALUE] */
static void xb_option(Xb *xb, char *args) {
  char *value = strchr(args, '=');
  if (value) *value++ = '\0';
  char err[XB_ERR_MAX];
  int status = engine_set_option(xb->engine, args, value, err, sizeof err);
  if (status < 0) output_line(xb->out, "Error (%s): option %s", err, args);
  xb_option_note(xb, status, err);
}

static void xb_exclude(Xb *xb, const char *command, const char *move) {
  bool exclude = !strcmp(command, "exclude");
  if (!strcmp(move, "all")) {
    xb->excluded[0] = '\0';
    if (exclude) {
      char legal[8000];
      if (engine_legal_moves(xb->engine, legal, sizeof legal) > 0)
        snprintf(xb->excluded, sizeof xb->excluded, " %s ", legal);
    }
    return;
  }
  char key[XB_MOVE_MAX + 2];
  snprintf(key, sizeof key, " %s ", move);
  char *found = strstr(xb->excluded, key);
  if (exclude && !found) {
    size_t length = strlen(xb->excluded);
    snprintf(xb->excluded + length, sizeof xb->excluded - length, "%s%s ", length ? "" : " ", move);
  } else if (!exclude && found) {
    memmove(found, found + strlen(key) - 1, strlen(found + strlen(key) - 1) + 1);
    if (!strcmp(xb->excluded, " ")) xb->excluded[0] = '\0';
  }
}

static void xb_perft_divide(void *context, const char *move, uint64_t nodes) {
  Xb *xb = context;
  char gui[2 * XB_MOVE_MAX];
  xb_outgoing(xb, move, gui, sizeof gui);
  output_line(xb->out, "%s %" PRIu64, gui, nodes);
}

static void xb_perft_done(void *context, int64_t total, const char *why) {
  Xb *xb = context;
  if (total < 0)
    output_line(xb->out, "Error (%s): perft", why);
  else
    output_line(xb->out, "Nodes searched: %" PRId64, total);
}

/* XBoard's move text in ours. XBoard writes castling as O-O / O-O-O in
 * Chess960-like variants, ranks from 0 on 10-rank boards (xb_rank_shift), and
 * in shogi-style promotion zones a deliberate non-promotion as "g6f7=" (a
 * promotion as "g6f7+", our text too); ours is then the plain move. */
static const char *xb_incoming(Xb *xb, const char *gui_move, char *buffer, size_t size) {
  char move[2 * XB_MOVE_MAX];
  if (!strcmp(gui_move, "@@@@") && engine_move_from_xboard(xb->engine, gui_move, buffer, size))
    return buffer;
  if (!xb_shift_ranks(gui_move, -xb_rank_shift(xb), move, sizeof move)) return gui_move;
  size_t length = strlen(move);
  if (length > 1 && move[length - 1] == '=') move[length - 1] = '\0';
  int side = !strcasecmp(move, "O-O") || !strcmp(move, "0-0")       ? 1
             : !strcasecmp(move, "O-O-O") || !strcmp(move, "0-0-0") ? 2
                                                                    : 0;
  if (side && engine_castling_move(xb->engine, side, buffer, size)) return buffer;
  if (strchr(move, ',') && engine_move_from_xboard(xb->engine, move, buffer, size)) return buffer;
  snprintf(buffer, size, "%s", move);
  return buffer;
}

/* XBoard leaves out the promotion letter where the variant allows one
 * promotion only (shatranj, makruk): accept the move if exactly one legal
 * move is this text plus a suffix. */
static bool xb_play_completed(Xb *xb, const char *move) {
  char legal[16384], found[XB_MOVE_MAX] = "";
  if (engine_legal_moves(xb->engine, legal, sizeof legal) <= 0) return false;
  size_t length = strlen(move);
  int matches = 0;
  char *save, *candidate;
  for (candidate = strtok_r(legal, " ", &save); candidate; candidate = strtok_r(NULL, " ", &save))
    if (!strncmp(candidate, move, length) && strlen(candidate) == length + 1 &&
        strchr("abcdefghijklmnopqrstuvwxyz+", candidate[length]) && matches++ == 0)
      snprintf(found, sizeof found, "%s", candidate);
  char err[XB_ERR_MAX];
  return matches == 1 && engine_play_move(xb->engine, found, err, sizeof err) == 0;
}

static void xb_usermove(Xb *xb, const char *gui_move) {
  char err[XB_ERR_MAX], buffer[XB_MOVE_MAX];
  const char *move = xb_incoming(xb, gui_move, buffer, sizeof buffer);
  if (xb->search == XB_PONDERING && !strcmp(move, xb->ponder_move)) {
    /* The expected reply: keep the search, now on our own clock. */
    xb->search = XB_THINKING;
    engine_ponderhit(xb->engine);
    return;
  }
  xb_settle(xb);
  if (engine_play_move(xb->engine, move, err, sizeof err) != 0 && !xb_play_completed(xb, move)) {
    /* The reason quotes the move as read on our board (xiangqi's ranks
     * from 1, say): quote the GUI's text instead, which the user typed. */
    char quoted[XB_MOVE_MAX + 2], *at;
    snprintf(quoted, sizeof quoted, "'%s'", move);
    if (strcmp(move, gui_move) && (at = strstr(err, quoted))) {
      char reason[XB_ERR_MAX];
      snprintf(reason, sizeof reason, "%.*s'%s'%s", (int)(at - err), err, gui_move,
               at + strlen(quoted));
      output_line(xb->out, "Illegal move (%s): %s", reason, gui_move);
    } else {
      output_line(xb->out, "Illegal move (%s): %s", err, gui_move);
    }
    return;
  }
  xb->excluded[0] = '\0';
  if (!xb->analyzing && xb_announce_result(xb)) return;
  xb_resume(xb);
}

/* Returns false on quit. Lock held. */
static bool xb_handle(Xb *xb, char *line) {
  char *args = line + strcspn(line, " \t");
  if (*args) *args++ = '\0';
  args += strspn(args, " \t");
  const char *command = line;
  char err[XB_ERR_MAX];

  if (!strcmp(command, "xboard") || !strcmp(command, "accepted") || !strcmp(command, "rejected") ||
      !strcmp(command, "computer") || !strcmp(command, "name") || !strcmp(command, "rating") ||
      !strcmp(command, "ics") || !strcmp(command, "random") || !strcmp(command, "draw") ||
      !strcmp(command, "hint") || !strcmp(command, "bk") || !strcmp(command, ".") ||
      !strcmp(command, "")) {
    /* Nothing to do: no opening book, draw offers declined by silence. */
  } else if (!strcmp(command, "protover")) {
    xb_features(xb);
  } else if (!strcmp(command, "ping")) {
    /* On move, the pong waits for the move (protocol 2: "you must not send
     * the pong until after you send your move"). */
    if (xb->search == XB_THINKING && xb->ping_count < XB_PINGS_MAX) {
      snprintf(xb->pings[xb->ping_count++], XB_MOVE_MAX, "%s", args);
    } else {
      xb_answer_pings(xb);
      output_line(xb->out, "pong %s", args);
    }
  } else if (!strcmp(command, "quit")) {
    return false;
  } else if (!strcmp(command, "new")) {
    xb_settle(xb);
    xb->analyzing = false;
    xb_new(xb);
  } else if (!strcmp(command, "variant")) {
    xb_settle(xb);
    xb_select_variant(xb, args);
    if (xb->analyzing) xb_analyze(xb);
  } else if (!strcmp(command, "force")) {
    xb_settle(xb);
    xb->force = true;
  } else if (!strcmp(command, "go")) {
    xb_settle(xb);
    xb->force = false;
    xb->engine_color = engine_side_to_move(xb->engine);
    xb_think(xb);
  } else if (!strcmp(command, "playother")) {
    xb_settle(xb);
    xb->force = false;
    xb->engine_color = engine_side_to_move(xb->engine) == WHITE ? BLACK : WHITE;
  } else if (!strcmp(command, "white") || !strcmp(command, "black")) {
    /* Protocol 1: the side to move and the engine's side (the other one). */
    xb_settle(xb);
    xb->engine_color = !strcmp(command, "white") ? BLACK : WHITE;
  } else if (!strcmp(command, "usermove")) {
    xb_usermove(xb, args);
  } else if (!strcmp(command, "?")) {
    if (xb->search == XB_THINKING) engine_stop(xb->engine);
  } else if (!strcmp(command, "result")) {
    xb_settle(xb);
    xb->force = true;
  } else if (!strcmp(command, "setboard")) {
    xb_settle(xb);
    if (engine_set_position(xb->engine, args, err, sizeof err) != 0)
      output_line(xb->out, "Error (%s): setboard %s", err, args);
    else if (xb->analyzing)
      xb_analyze(xb);
  } else if (!strcmp(command, "undo") || !strcmp(command, "remove")) {
    xb_settle(xb);
    int count = !strcmp(command, "undo") ? 1 : 2;
    /* All or nothing: an error must mean the position is unchanged. */
    if (engine_game_ply(xb->engine) < count)
      output_line(xb->out, "Error (no move to undo): %s", command);
    else
      for (int i = 0; i < count; i++) engine_undo_move(xb->engine);
    if (xb->analyzing) xb_analyze(xb);
  } else if (!strcmp(command, "hard")) {
    xb->hard = true;
  } else if (!strcmp(command, "easy")) {
    if (xb->search == XB_PONDERING) xb_settle(xb);
    xb->hard = false;
  } else if (!strcmp(command, "post")) {
    xb->post = true;
  } else if (!strcmp(command, "nopost")) {
    xb->post = false;
  } else if (!strcmp(command, "analyze")) {
    xb_settle(xb);
    xb->analyzing = true;
    xb_analyze(xb);
  } else if (!strcmp(command, "exit")) {
    xb_settle(xb);
    xb->analyzing = false;
  } else if (!strcmp(command, "exclude") || !strcmp(command, "include")) {
    xb_settle(xb);
    char buffer[XB_MOVE_MAX];
    xb_exclude(xb, command,
               strcmp(args, "all") ? xb_incoming(xb, args, buffer, sizeof buffer) : args);
    if (xb->analyzing) xb_analyze(xb);
  } else if (!strcmp(command, "level")) {
    int status = xboard_clock_level(&xb->clock, args);
    if (status == XBOARD_TIME_TOO_LONG)
      output_line(xb->out, "Error (a time of at most " XBOARD_TIME_MAX_TEXT "): level %s", args);
    else if (status != 0)
      output_line(xb->out, "Error (expected level MPS BASE INC): level %s", args);
  } else if (!strcmp(command, "st")) {
    int status = xboard_clock_seconds_per_move(&xb->clock, args);
    if (status == XBOARD_TIME_TOO_LONG)
      output_line(xb->out, "Error (a time of at most " XBOARD_TIME_MAX_TEXT "): st %s", args);
    else if (status != 0)
      output_line(xb->out, "Error (expected seconds): st %s", args);
  } else if (!strcmp(command, "sd")) {
    int depth = atoi(args);
    if (depth <= 0)
      output_line(xb->out, "Error (expected a depth): sd %s", args);
    else
      xb->clock.depth = depth;
  } else if (!strcmp(command, "time") || !strcmp(command, "otim")) {
    int64_t *target = !strcmp(command, "time") ? &xb->clock.own_ms : &xb->clock.other_ms;
    if (xboard_clock_centiseconds(target, args) != 0)
      output_line(xb->out, "Error (expected centiseconds): %s %s", command, args);
  } else if (!strcmp(command, "memory")) {
    xb_settle(xb);
    xb_set_number_option(xb, "Hash", args, command);
  } else if (!strcmp(command, "cores")) {
    xb_settle(xb);
    xb_set_number_option(xb, "Threads", args, command);
  } else if (!strcmp(command, "option")) {
    xb_settle(xb);
    xb_option(xb, args);
  } else if (!strcmp(command, "perft")) {
    xb_settle(xb);
    int depth = atoi(args);
    /* Counted to the end before the next command is read, as before. */
    EnginePerftReport report = {xb, xb_perft_divide, xb_perft_done};
    if (depth <= 0)
      output_line(xb->out, "Error (expected a depth): perft %s", args);
    else if (engine_perft(xb->engine, depth, &report, err, sizeof err) != 0)
      output_line(xb->out, "Error (%s): perft %s", err, args);
    else
      engine_wait(xb->engine);
  } else {
    output_line(xb->out, "Error (unknown command): %s", command);
  }
  return true;
}

int xboard_run(FILE *in, Output *out, const char *first_line) {
  Xb *xb = calloc(1, sizeof *xb);
  if (!xb) return 1;
  xb->out = out;
  xb->engine_color = BLACK;
  xboard_clock_init(&xb->clock);
  pthread_mutex_init(&xb->lock, NULL);
  EngineReport report = {.context = xb,
                         .info = xb_report_info,
                         .bestmove = xb_report_bestmove,
                         .message = xb_report_message};
  xb->engine = engine_create(&report);
  if (!xb->engine) {
    free(xb);
    return 1;
  }
  char *line = strdup(first_line);
  size_t size = line ? strlen(line) + 1 : 0;
  bool running = line != NULL;
  while (running) {
    pthread_mutex_lock(&xb->lock);
    running = xb_handle(xb, line);
    if (!running) xb_settle(xb);
    pthread_mutex_unlock(&xb->lock);
    if (running && !protocol_read_line(in, &line, &size)) break;
  }
  free(line);
  pthread_mutex_lock(&xb->lock);
  xb_settle(xb);
  pthread_mutex_unlock(&xb->lock);
  engine_destroy(xb->engine);
  pthread_mutex_destroy(&xb->lock);
  free(xb);
  return 0;
}
