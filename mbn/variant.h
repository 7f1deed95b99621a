/* variant.h — a compiled variant: what the front end (mbn/) hands to the board.
 *
 * Produced once when a variant file is loaded, immutable afterwards, shared by
 * every thread. Everything the move generator and the rules need is here as
 * plain data: the board's shape, each piece's compiled MoveProgram per colour,
 * the tables those programs index, the start position and the rules as flags
 * and numbers. board/ never reads MBN or FBR text.
 *
 * Ownership of fields: mbn/ (piece compiler) fills pieces[].moves, ranges and
 * filters; the variant-file loader fills the rest. Both may add fields.
 */
#ifndef CHIMERA_MBN_VARIANT_H
#define CHIMERA_MBN_VARIANT_H

#include <stdbool.h>
#include <stdint.h>

#include "mbn/move_program.h"
#include "mbn/type_set.h"

#define VARIANT_NAME_MAX 64
/* Piece types in one variant: type sets are TypeSet (mbn/type_set.h), and a
 * Piece cell and a Move's arg keep type + 1 in 9 bits (board/position.h,
 * board/move.h). More is a file:line:col error naming the limit. */
#define PIECE_TYPE_MAX   256
#define PIECE_LETTER_MAX 8 /* "K", "+P", ":BM:" ... NUL-terminated */

typedef enum { WHITE = 0, BLACK = 1, COLOR_NB = 2 } Color;

/* A hexagonal board drawn on the grid (MBN section 15): the orientation
 * decides what the basic letters K Q R B N P mean. */
typedef enum { BOARD_SQUARE = 0, BOARD_HEX_VERTICAL, BOARD_HEX_HORIZONTAL } BoardHex;

/* The board: files x ranks x levels, some squares possibly holes. */
typedef struct {
  int files;       /* 1..36 */
  int ranks;       /* 1..36 */
  int levels;      /* 1 for a flat board; on a 4D board every board of every row */
  int levels_z;    /* 4D (WxHxZxW): boards per row (the Z axis); 0 on a 3D or flat board,
                      whose levels are all on Z. Level = z + levels_z * w, 0-based */
  bool wrap_files; /* cylinder: file a is next to the last file for every piece */
  bool wrap_ranks; /* torus (with wrap_files) */
  BoardHex hex;    /* board = WxH hexagonal-vertical / hexagonal-horizontal */
  uint8_t *hole;   /* one byte per square, 1 = not part of the board; NULL = no holes */
} BoardShape;

/* The level dz boards along a row and dw rows away from level on a board of
 * `levels` levels in rows of `row` (4D; on a 3D board row = levels, and dw
 * must be 0 to stay on it), or -1 off the board: levels never wrap. The one
 * rule for board geometry (board/geometry.c) and the compiler's walks. */
static inline int level_step(int levels, int row, int level, int dz, int dw) {
  if (!(dz | dw)) return level; /* most steps: no division */
  int z = level % row + dz, w = level / row + dw;
  if (z < 0 || z >= row || w < 0 || z + row * w >= levels) return -1;
  return z + row * w;
}
static inline int shape_level_step(const BoardShape *shape, int level, int dz, int dw) {
  int levels = shape->levels > 0 ? shape->levels : 1;
  return level_step(levels, shape->levels_z > 0 ? shape->levels_z : levels, level, dz, dw);
}

/* One piece type. */
typedef struct {
  char letter[PIECE_LETTER_MAX];                /* as in FEN and move text, upper case: "N", "+P" */
  char name[32];                                /* human name ("Knight"), may be empty */
  MoveProgram moves[COLOR_NB];                  /* compiled moves, per colour */
  bool royal;                                   /* capturing / checkmating it decides the game */
  MoveProgram promotion_precondition[COLOR_NB]; /* ?#K=[*]O (MBN §2): this piece promotes
                                                  only where one of these null legs' ranges
                                                  and conditions hold on its square before
                                                  the move; leg_count 0 = always */
  uint32_t promotion_levels[COLOR_NB]; /* +S<5>=T (MBN §8): the levels (bit L-1 for level L)
                                          where this piece promotes, its promoted form's
                                          boards; 0 = every level */
  bool side_mover;           /* 'P (MBN §2): its move is turned a quarter clockwise, and it
                                promotes on the last file (BoardTables.type_zone) */
  int value;                 /* centipawns; 0 = let the engine derive one */
  int promoted_from;         /* type index it promotes from (for demotion), or -1 */
  TypeSet promotes_to;       /* set of type indices it may promote to (either colour) */
  TypeSet promotes_to_other; /* MBN's +Q==q: types it may promote to as the other side's
                                piece (it changes sides); never also in promotes_to */
  /* MBN's "+P==Q +p==I": Black's promotions differ from White's. Then
   * promotes_to is the union of the two and these name each colour's;
   * read them through piece_promotions(). */
  bool black_promotions;
  TypeSet promotes_to_white, promotes_to_black;
  /* What MBN's default rule (+P alone) alone gave each colour: every other
   * non-royal type, but pieces made royal by the rules (royal{K}) are
   * known only later, and leave it then (fbr_fill_promotions). */
  TypeSet promotes_by_default[COLOR_NB];
} PieceType;

/* The types a piece of colour c promotes to. */
static inline const TypeSet *piece_promotions(const PieceType *piece, Color c) {
  if (!piece->black_promotions) return &piece->promotes_to;
  return c == WHITE ? &piece->promotes_to_white : &piece->promotes_to_black;
}

/* The castling sides: an index of CastlingRule's per-side fields and of
 * PosState.castle_partner. */
enum {
  CASTLE_SHORT = 0, /* O-O: to the right */
  CASTLE_LONG,      /* O-O-O: to the left */
  CASTLE_VERTICAL,  /* O-O-O-O: forward along the royal's file, with a partner ahead on it */
  CASTLE_SIDES
};

/* What a castling side's king_file and partner_file count from. */
typedef enum {
  CASTLE_FROM_A_FILE = 0, /* files of the board (MBN's file form O-O=[*]isR[g]=isR[f]) */
  CASTLE_FROM_PARTNER,    /* offsets from the partner's start file (Slide Shuffle's
                             O-O=[*]irR=ip{k}lD: -1, -2 short; 1, 2 long): the royal stops
                             next to it, it hops over */
  CASTLE_FROM_ROYAL,      /* offsets from the royal's start file (MBN §15's horizontal
                             hexagonal O-O=[*]irD02=ij{k}lD0-D: 4, 2 short; -6, -4 long, a cell
                             being two files wide) */
} CastlingOrigin;

/* Castling, from MBN's O-O / O-O-O definitions (defaults: king to the g- and
 * c-file, partner to f and d, counted from the a-file; on wider boards the
 * loader scales them as Fairy-Stockfish does). Chess960 rights use the
 * partner's start file, as in X-FEN / Shredder-FEN. */
typedef struct {
  bool enabled;
  int king_file[2];         /* destination file of the royal: [0] short (right), [1] long (left) */
  int partner_file[2];      /* destination file of the partner */
  CastlingOrigin origin[2]; /* what the two files count from */
  TypeSet partners[CASTLE_SIDES];     /* piece types that may be the partner (usually the rook): [0]
                                  short,     [1] long, [2] vertical; royal=castle{..} for all, or MBN's
                                  {C}O-O=... per side */
  TypeSet mbn_partners[CASTLE_SIDES]; /* {C}O-O=...: the set MBN's definition names (empty: none) */
  bool vertical;          /* MBN's O-O-O-O (§13): castling along the royal's file with a partner
                             ahead of it on that file (CASTLE_VERTICAL) */
  int vertical_king_rank; /* its destination ranks, White's (0-based; Black's mirrored) */
  int vertical_partner_rank;
  int partner_from[2]; /* file + 1 where a K / Q right seeks its partner, toward the royal
                          (castling=rookfromshort(N)); 0: from the corner */
  int rank;            /* White's castling rank (0-based); Black's is mirrored */
} CastlingRule;

/* What happens when a side has no legal move, and other game results. */
typedef enum {
  RESULT_NONE = 0, /* rule not in use */
  RESULT_DRAW,
  RESULT_LOSS, /* for the side to move */
  RESULT_WIN,  /* for the side to move */
} GameResult;

/* FBR rules compiled to flags and numbers: the board asks these, never text.
 * The variant-file loader (mbn/) fills them; board/ implements them. Add
 * fields as rules are implemented, each with a comment naming its FBR rule. */
typedef struct {
  TypeSet royal_types;       /* royal{..}: types whose capture/check matters */
  bool royal_may_be_exposed; /* royal=expose: no check rule (e.g. antichess) */
  bool kings_may_not_face;   /* royal=evasefacing (xiangqi, janggi) */
  int check_limit;           /* royal=maxchecks(N): N checks lose; 0 = off */
  CastlingRule castling;     /* royal=castle{R} */
  bool en_passant;           /* turn=enpassant */
  uint8_t *
      promotion_zone[COLOR_NB]; /* promotion[..]: one byte per square, 1 = zone; NULL = last rank */
  bool promotion_optional;      /* promotion=optional/notforced */
  bool promotion_stuck;         /* promotion=stuck: with optional, a piece may decline even
                                  where it would have no move left (forward) */
  bool promotion_on_enter, promotion_on_leave, promotion_on_move; /* enter/leave/move in zone */
  bool promotion_sittuyin;  /* promotion=sittuyin: standing pawns promote (Fairy-Stockfish) */
  bool promote_to_captured; /* promotion=available: only to pieces in hand / captured */
  bool holdings;            /* holding: captured pieces go to the capturer's hand */
  bool drops;               /* drop: pieces in hand may be dropped */
  bool drop_no_mate[PIECE_TYPE_MAX];  /* drop{P}=nomate: a drop of this type may not mate */
  int per_file_limit[PIECE_TYPE_MAX]; /* pieces{P}=file(N); 0 = no limit */
  GameResult stalemate;               /* stalemate=...; default draw */
  bool stalemate_pass;                /* stalemate=skip: a side with no legal move, not in
                                         check, passes (Fairy-Stockfish's passOnStalemate) */
  int repetition_count;               /* draw=repetition(N); default 3 */
  bool repetition_off;                /* draw=repetition(0): no repetition rule, a repeated
                                         position decides nothing (Fairy-Stockfish's
                                         nFoldRule = 0) */
  int move_rule;                      /* 50-move rule in full moves; 0 = off */
  TypeSet extinction_types;           /* pieces{..}=extinction: losing all of them loses */
  uint8_t *hill;                      /* hill{K}[..]: one byte per square, NULL = none */
  bool must_capture;                  /* mustcapture=compulsory (antichess) */
  bool atomic;                        /* atomic{^P}: captures explode */
  TypeSet atomic_immune;              /* types not removed by explosions */
  TypeSet atomic_unblastable;         /* atomic=immune{..}: types no blast removes, their own
                                          capture's included (atomar's kings) */
  TypeSet atomic_mutual;              /* atomic=mutual{..}: types that may not capture their
                                          own type (atomar: no king takes a king) */
  TypeSet petrify;                    /* petrify{..}: types that turn into a wall on the
                                          square where they capture (petrified) */

  /* Added by the variant-file loader (mbn/fbr.c); docs/variants.md has the
   * meaning of every rule. Zones are one byte per square, already mirrored
   * for Black unless the rule says absolute; NULL means "not restricted". */
  TypeSet royal_by_color[COLOR_NB]; /* royal{..}: per side ({!k} = Black's K only);
                                        royal_types is their union */
  GameResult bare_royal;            /* royal=bare(..): result for the side left with only
                                       royals; NONE = off (shatranj loss, shatar draw) */
  bool bare_royal_reply;            /* royal=baremove: the other side may still bare back */
  bool no_checks;                   /* royal=nocheck: no move may give check (racingkings) */
  bool royal_duple;     /* royal=duple: with several royals, in check only when all are attacked */
  bool bikjang;         /* royal=bikjang: facing kings not resolved = draw (janggi) */
  bool royal_makpong;   /* royal=makpong: a royal in check may only capture its single
                           checker (Fairy-Stockfish's makpongRule) */
  TypeSet royal_aimed;  /* royal=aimed{R}: a piece of the set moving to where it would attack an
                            unmoved royal on an empty board takes away the royal's initial
                            moves (cambodian: the king's leap is lost to a rook on its line) */
  GameResult checkmate; /* checkmate=...: result for the mated side; default loss */
  GameResult repetition_result;  /* draw=/loss=/win=repetition(N): for the side to move
                                    when the N-th repetition occurs; default draw */
  int repetition_for;            /* 0; or 1 + WHITE/BLACK (loss=repetition(4),white): the
                                    result is that colour's whoever moves, as Fairy-Stockfish's
                                    nFoldValueAbsolute (minishogi: the first player loses) */
  bool perpetual_check_loses;    /* loss=perpetualcheck: the side giving perpetual check loses */
  bool move_repetition_loses;    /* loss=moverepetition{..}: the side that moves one piece of
                                    the set back and forth four times loses (janggimodern) */
  TypeSet move_repetition_types; /* the set (all types without one) */
  TypeSet move_rule_reset;       /* draw=moverule(N){P}: moves of these types restart the
                                    halfmove clock (Fairy-Stockfish's nMoveRuleTypes) */
  int counting;                  /* counting=makruk|asean|cambodian (VariantCounting) */
  int16_t counting_points[PIECE_TYPE_MAX]; /* counting=points(N){..}: a piece's points */
  int counting_komi;                       /* counting=...,komi(N): points Black gets on top */
  int chasing;                             /* chasing=axf (VariantChasing): xiangqi chase rules */
  uint8_t *hill_by_color[COLOR_NB];        /* hill{K}[..]: each side's goal zone (hill = White's) */
  TypeSet hill_types;                      /* hill{..}: the pieces that must reach it */
  bool hill_reply;  /* hill=reply: the other side gets one move to equalise */
  bool hill_safe;   /* hill=safe: only a piece the opponent cannot capture
                       there wins (dobutsu's try; Fairy-Stockfish's
                       flagPieceSafe) */
  bool hill_later;  /* hill=later: a piece on the zone wins when its side is
                       to move again (flagMove for pieces other than the king) */
  int hill_count;   /* hill=count(N): N pieces of the set on the zone at once
                       (0: one; Fairy-Stockfish's flagPieceCount) */
  bool hill_filled; /* hill=filled: also won when no square of the zone is empty
                       and one of the set stands there (flagPieceBlockedWin) */
  TypeSet extinction_by_color[COLOR_NB]; /* pieces{..}=extinction per side (union is
                                             extinction_types) */
  bool extinction_together;              /* pieces=extinction,together: the set counts as one */
  int extinction_count;                  /* pieces=extinction(N): triggers at N or fewer left */
  int extinction_opponent;               /* pieces=extinction,opponent(N): only while the other
                                            side has N or more of the type, hand included
                                            (koedem; 0: always) */
  int connect_n;                         /* connect=line(N): N in a row win (0: none) */
  TypeSet connect_types;                 /* connect{..}: the pieces that count */
  bool connect_orthogonal;               /* connect=orthogonal: no diagonal lines */
  bool connect_collinear;                /* connect=collinear: line(N) with gaps allowed */
  bool connect_loses;                    /* connect=loss: the side that makes it loses */
  int connect_square;                    /* connect=square(N): an NxN block wins (0: none) */
  uint8_t *connect_from[COLOR_NB];       /* connect=from[..],to[..]: a chain of pieces of the
                                            set from one area to the other wins (gale) */
  uint8_t *connect_to[COLOR_NB];
  TypeSet last_royal_by_color[COLOR_NB];    /* pieces=extinction,lastroyal: pieces of the set are
                                                royal while their side has at most N+1 of them
                                                (Fairy-Stockfish's extinctionPseudoRoyal) */
  GameResult extinction_result;             /* pieces=extinction,win|draw: default loss */
  uint8_t *promotion_forced_zone[COLOR_NB]; /* promotion=forced[..]: must promote there */
  bool promotion_on_capture;                /* promotion=capture: only by capturing */
  TypeSet promotion_types[COLOR_NB];        /* promotion=to{..}: the types each side may
                                                choose (chigorin); 0 = all of promotes_to */
  uint8_t promotion_limit[PIECE_TYPE_MAX];  /* promotion=limit(N){K}: promote to the type only
                                               while the side has fewer than N on the board
                                               (spartan's second king); 0 = no limit */
  bool promotion_demote;                    /* promotion=demote: promoted pieces demote
                                               by the same rule (kyotoshogi) */
  TypeSet immobility_illegal;               /* pieces{..}=mobile: may never stand where they
                                                have no move (shogi P L N, grand P) */
  bool holding_demote;                      /* holding=demote: promoted pieces go to hand
                                               unpromoted */
  uint8_t *drop_zone[COLOR_NB][PIECE_TYPE_MAX]; /* drop{..}[..]: where each type may be dropped */
  bool drop_no_check[PIECE_TYPE_MAX];           /* drop{..}=nocheck */
  bool drop_promoted;                           /* drop=promoted: may drop either side up */
  bool drop_immobile;                           /* drop=immobile: may drop where it cannot move */
  bool drop_opposite[PIECE_TYPE_MAX];           /* drop{B}=opposite: drops must leave the type
                                                   room for both square colours (placement) */
  bool castling_dropped;                        /* castling=dropped: a royal or partner dropped
                                                   on its castling square gets the right */
  bool drop_compulsory;                         /* drop=compulsory: drop while hand not empty */
  TypeSet drop_compulsory_set;                  /* drop{..}=compulsory: the types that must be
                                                   dropped while in hand (koedem's king) */
  bool drop_stacked;       /* drop=stacked: only on the first rank or on a piece (connect four) */
  bool drop_anyside;       /* drop=anyside: pushed in from an edge (cfour-anyside) */
  TypeSet drop_free;       /* drop{..}=free: types dropped from an unlimited supply (snort) */
  bool drop_apart;         /* drop=apart: never next to an enemy piece on a rank or file (snort) */
  bool drop_enclose;       /* drop=enclose: only where a line of enemy pieces ends in one of the
                              mover's (reversi; Fairy-Stockfish's enclosingDrop = reversi) */
  bool drop_near;          /* drop=near: only next to a piece of the mover's (ataxx) */
  uint8_t *drop_opening;   /* drop=opening[..]: while one of these squares is empty, drops go
                              there only (Fairy-Stockfish's enclosingDropStart); NULL = none */
  uint16_t *drop_sequence; /* MBN's drop rule ($K==@k@K@w@S, §5): the opening drops in order,
                              type * 2 + colour each; the drops are compulsory until each side
                              has made its own (in the arena); NULL = none */
  int drop_sequence_len;
  int flip_rule;         /* flip=...: what a move turns to the mover's side (VariantFlip) */
  bool flip_backed;      /* flip=around,backed: a drop flips only next to a piece of its side
                            (quadwrangle); board moves always flip */
  GameResult full_board; /* draw=full: a board without an empty square ends the game (walls
                            aside; Fairy-Stockfish's adjudicateFullBoard); NONE = off */
  bool gating;           /* gating: Seirawan gating from hand */
  uint8_t *gating_zone[COLOR_NB];             /* gating[..]: squares that gate; default rank 1 */
  uint8_t *confine[COLOR_NB][PIECE_TYPE_MAX]; /* zone{..}[..]=dontcross: may not leave */
  uint8_t *river;                             /* zone[..]=river: informational (display/eval) */
  bool pass_allowed;                          /* turn=pass: a side may pass (janggi) */
  uint8_t castling_wins[COLOR_NB];            /* castling=winshort/winlong: bit 0 short, bit 1
                                                 long; that castling wins and losing its right
                                                 loses (Fairy-Stockfish's castlingWins) */
  bool castling_opposite;                     /* castling=opposite: castling takes the
                                                 opponent's right on the same side */
  bool chess960;                              /* castling=chess960: shuffled starts, X-FEN */
  uint8_t chase_rank[PIECE_TYPE_MAX];         /* chasing=axf{R}{NC}{AB}: 1 + the type's group
                                                 (1 the strongest); 0 = never chases */
  int wall_rule;                              /* wall=...: a move places a wall (VariantWall) */
  bool wall_or_move;                          /* wall=ormove: a side moves or places a wall,
                                                 not both (Fairy-Stockfish's wallOrMove) */
  uint8_t *wall_zone[COLOR_NB];               /* wall[..]: where walls go; NULL = anywhere */
  void *arena;                                /* owns every zone above (mbn/fbr.c) */
} VariantRules;

/* Values of VariantRules.counting and .chasing (Chimera extensions). */
typedef enum {
  COUNTING_NONE = 0,
  COUNTING_MAKRUK,
  COUNTING_ASEAN,
  COUNTING_CAMBODIAN,
  COUNTING_BLACK_DRAW_ODDS, /* counting=blackdrawodds: a drawn game is a win for Black */
  COUNTING_PIECES,          /* counting=pieces: a drawn game goes to the side with more pieces
                               on the board (Fairy-Stockfish's materialCounting = unweighted) */
  COUNTING_POINTS           /* counting=points(N){..},...,komi(N): a drawn game goes to White if
                               its pieces' points beat Black's plus the komi, else to Black
                               (Fairy-Stockfish's materialCounting = janggi) */
} VariantCounting;
typedef enum { CHASING_NONE = 0, CHASING_AXF } VariantChasing;
/* Values of VariantRules.wall_rule: where the wall a move places may stand
 * (Fairy-Stockfish's wallingRule), besides empty after the move and in
 * wall[..]'s squares. */
typedef enum {
  WALL_NONE = 0,
  WALL_ARROW,  /* where the moved piece could move next (amazons) */
  WALL_DUCK,   /* anywhere; the walls already standing are taken off (duck chess) */
  WALL_EDGE,   /* on the board's edge or next to a wall, orthogonally (atlantis) */
  WALL_PAST,   /* on the square the piece left (snailtrail) */
  WALL_STATIC, /* anywhere (isolation) */
} VariantWall;
/* Values of VariantRules.flip_rule: which enemy pieces a move turns into the
 * mover's (Fairy-Stockfish's flipEnclosedPieces). */
typedef enum {
  FLIP_NONE = 0,
  FLIP_LINE,   /* enclosed in a line between the arrival square and a piece of the mover's
                  (reversi) */
  FLIP_AROUND, /* next to the arrival square (ataxx) */
} VariantFlip;

/* MBN's explosion (cQ--X, the basic piece X; docs/mbn.md decision 51) as the
 * pieces wrote it: the legs it follows carry LEG_EXPLODES, and
 * variant_explosion.c makes it the atomic rule once every capture of the
 * variant is known to explode alike. */
typedef struct {
  bool present;
  TypeSet blown;    /* the types it removes, the capturer's own included */
  const char *file; /* where it was first written, for diagnostics */
  int line, col;
} MbnExplosion;

/* A compiled variant. */
typedef struct Variant {
  char name[VARIANT_NAME_MAX];
  BoardShape shape;
  PieceType pieces[PIECE_TYPE_MAX];
  int piece_count;
  SquareRange *ranges; /* indexed by MoveLeg.origin_range / landing_range */
  int range_count;
  PieceFilter *filters; /* indexed by MoveLeg.victim_set */
  int filter_count;
  char *start_fen;       /* start position in Fairy-Stockfish's FEN dialect */
  char promotion_prefix; /* the prefix the pieces promote with (MBN §2: '+' unless the
                            text's promotion rules name '#', '*', '$', '%' or '&';
                            docs/mbn.md decision 44); FBR's promotion rule names it too */
  VariantRules rules;
  MbnExplosion explosion;
} Variant;

/* The prefix the pieces promote with: '+' unless the MBN text named another. */
static inline char variant_promotion_prefix(const Variant *v) {
  return v->promotion_prefix ? v->promotion_prefix : '+';
}

#endif
