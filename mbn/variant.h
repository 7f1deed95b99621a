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

#define VARIANT_NAME_MAX 64
#define PIECE_TYPE_MAX   64 /* PieceFilter is a 64-bit set of types */
#define PIECE_LETTER_MAX 8  /* "K", "+P", ":BM:" ... NUL-terminated */

typedef enum { WHITE = 0, BLACK = 1, COLOR_NB = 2 } Color;

/* The board: files x ranks x levels, some squares possibly holes. */
typedef struct {
  int files;       /* 1..36 */
  int ranks;       /* 1..36 */
  int levels;      /* 1 for a flat board */
  bool wrap_files; /* cylinder: file a is next to the last file for every piece */
  bool wrap_ranks; /* torus (with wrap_files) */
  uint8_t *hole;   /* one byte per square, 1 = not part of the board; NULL = no holes */
} BoardShape;

/* One piece type. */
typedef struct {
  char letter[PIECE_LETTER_MAX]; /* as in FEN and move text, upper case: "N", "+P" */
  char name[32];                 /* human name ("Knight"), may be empty */
  MoveProgram moves[COLOR_NB];   /* compiled moves, per colour */
  bool royal;                    /* capturing / checkmating it decides the game */
  int value;                     /* centipawns; 0 = let the engine derive one */
  int promoted_from;             /* type index it promotes from (for demotion), or -1 */
  uint64_t promotes_to;          /* set of type indices it may promote to */
} PieceType;

/* Castling, from MBN's O-O / O-O-O definitions (defaults: king to the g- and
 * c-file, partner to f and d, counted from the a-file; on wider boards the
 * loader scales them as Fairy-Stockfish does). Chess960 rights use the
 * partner's start file, as in X-FEN / Shredder-FEN. */
typedef struct {
  bool enabled;
  int king_file[2];    /* destination file of the royal: [0] short (right), [1] long (left) */
  int partner_file[2]; /* destination file of the partner */
  uint64_t partners;   /* piece types that may be the partner (usually the rook) */
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
  uint64_t royal_types;      /* royal{..}: types whose capture/check matters */
  bool royal_may_be_exposed; /* royal=expose: no check rule (e.g. antichess) */
  bool kings_may_not_face;   /* royal=evasefacing (xiangqi, janggi) */
  int check_limit;           /* royal=maxchecks(N): N checks lose; 0 = off */
  CastlingRule castling;     /* royal=castle{R} */
  bool en_passant;           /* turn=enpassant */
  uint8_t *
      promotion_zone[COLOR_NB]; /* promotion[..]: one byte per square, 1 = zone; NULL = last rank */
  bool promotion_optional;      /* promotion=optional/notforced */
  bool promotion_on_enter, promotion_on_leave, promotion_on_move; /* enter/leave/move in zone */
  bool promote_to_captured;           /* promotion=available: only to pieces in hand / captured */
  bool holdings;                      /* holding: captured pieces go to the capturer's hand */
  bool drops;                         /* drop: pieces in hand may be dropped */
  bool drop_no_mate[PIECE_TYPE_MAX];  /* drop{P}=nomate: a drop of this type may not mate */
  int per_file_limit[PIECE_TYPE_MAX]; /* pieces{P}=file(N); 0 = no limit */
  bool pawn_drops_first_rank;         /* pawn-like pieces may be dropped on their first rank
                                         (shogi: yes; crazyhouse: no) */
  bool pawn_drops_in_zone;            /* ... and in their promotion zone (shogi: yes) */
  GameResult stalemate;               /* stalemate=...; default draw */
  int repetition_count;               /* draw=repetition(N); default 3 */
  int move_rule;                      /* 50-move rule in full moves; 0 = off */
  uint64_t extinction_types;          /* pieces{..}=extinction: losing all of them loses */
  uint8_t *hill;                      /* hill{K}[..]: one byte per square, NULL = none */
  bool must_capture;                  /* mustcapture=compulsory (antichess) */
  bool atomic;                        /* atomic{^P}: captures explode */
  uint64_t atomic_immune;             /* types not removed by explosions */
} VariantRules;

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
  char *start_fen; /* start position in Fairy-Stockfish's FEN dialect */
  VariantRules rules;
} Variant;

#endif
