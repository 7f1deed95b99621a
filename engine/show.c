/* show.c — `chimera show`: draws a piece's moves on an empty board, like the
 * move tables of the MBN text, so users check their definitions by looking.
 *
 *   chimera show N                      the basic Knight on 8x8, from d4
 *   chimera show 'C=a{^C}p{^C}R' --board 9x10 --square e5
 *   chimera show W-fF --list            one "square kinds" line per square
 *   chimera show N --variant chess      a piece of a loaded variant, on its board
 *
 * Symbols: '*' move or capture, 'm' move only, 'c' capture only, 'h' only by
 * hopping over a piece on the way, 'a' only by capturing a piece on the way,
 * '+' both plainly and over or through a piece (a cannon's squares),
 * 's' swap/flip/friendly capture, '.' not reached; the piece stands on its
 * letter (or '@' when it can also come back to its own square).
 */
#include "engine/show.h"

#include "engine/variants_cmd.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "board/geometry.h"
#include "mbn/mbn.h"
#include "mbn/mbn_walk.h"
#include "mbn/variant_library.h"

/* The square named by text (board/geometry.h's names: "c3", "c3:2", on a 4D
 * board "c3:2;1"), or -1. */
static int show_parse_square(const Geometry *geo, const char *text) {
  int consumed = 0;
  Square sq = geo_square_from_text(geo, text, &consumed);
  return sq == SQ_NONE || text[consumed] ? -1 : sq;
}

static char show_symbol(uint8_t kind) {
  bool plain = kind & (WALK_MOVE | WALK_CAPTURE | WALK_SPECIAL);
  if (plain && (kind & (WALK_HOP | WALK_AWAY))) return '+';
  if (kind & WALK_HOP) return 'h';
  if (kind & WALK_AWAY) return 'a';
  if ((kind & WALK_MOVE) && (kind & WALK_CAPTURE)) return '*';
  if (kind & WALK_MOVE) return 'm';
  if (kind & WALK_CAPTURE) return 'c';
  if (kind & WALK_SPECIAL) return 's';
  return '.';
}

/* Whether some leg of the program moves only in some positions: attack
 * conditions ({C}W2, [+], [*], [{..}]) and conditions (/T[a1]/W). The
 * empty board cannot show when, so the picture draws them all and says so. */
static bool show_has_conditions(const MoveProgram *prog) {
  for (int i = 0; i < prog->leg_count; i++)
    if (prog->legs[i].flags & (LEG_ATTACK_CONDITION | LEG_PRESENCE)) return true;
  return false;
}

static void show_kinds(uint8_t kind, char *out) {
  int n = 0;
  if (kind & WALK_MOVE) out[n++] = 'm';
  if (kind & WALK_CAPTURE) out[n++] = 'c';
  if (kind & WALK_HOP) out[n++] = 'h';
  if (kind & WALK_AWAY) out[n++] = 'a';
  if (kind & WALK_SPECIAL) out[n++] = 's';
  out[n] = '\0';
}

/* Draws (or lists) the moves of piece `type` of v; a board with levels is
 * drawn level by level from the top, as its FEN lists them. */
static int show_draw(const Variant *v, int type, const char *what, const char *square_text,
                     bool list, bool black, FILE *out, FILE *err) {
  int files = v->shape.files, ranks = v->shape.ranks;
  int levels = v->shape.levels > 0 ? v->shape.levels : 1, plane = files * ranks;
  Geometry *geo = malloc(sizeof *geo);
  char why[128];
  if (!geo || !geo_init(geo, &v->shape, why, sizeof why)) {
    fprintf(err, "chimera show: %s\n", geo ? why : "out of memory");
    free(geo);
    return 1;
  }
  int from = square_text ? show_parse_square(geo, square_text)
                         : ((levels - 1) / 2 * ranks + (ranks - 1) / 2) * files + (files - 1) / 2;
  if (from < 0) {
    char levels_text[32] = "";
    if (geo->levels_z < levels)
      snprintf(levels_text, sizeof levels_text, "x%dx%d", geo->levels_z, levels / geo->levels_z);
    else if (levels > 1)
      snprintf(levels_text, sizeof levels_text, "x%d", levels);
    free(geo);
    fprintf(err, "chimera show: '%s' is not a square of a %dx%d%s board\n", square_text, files,
            ranks, levels_text);
    return 1;
  }
  uint8_t *reach = malloc((size_t)plane * (size_t)levels);
  if (!reach) {
    free(geo);
    return 1;
  }
  const PieceType *piece = &v->pieces[type];
  if (mbn_walk_empty(v, type, black ? BLACK : WHITE, from, reach) < 0) {
    fprintf(err,
            "chimera show: the walk over the empty board took more than %ld leg visits or "
            "more than 160 legs on a compulsory path; the picture would be incomplete, so "
            "none is drawn\n",
            MBN_WALK_BUDGET);
    free(reach);
    free(geo);
    return 1;
  }
  char name[40];
  if (list) {
    for (int level = 0; level < levels; level++)
      for (int rank = 0; rank < ranks; rank++)
        for (int file = 0; file < files; file++) {
          uint8_t kind = reach[level * plane + rank * files + file];
          if (!kind) continue;
          char kinds[8];
          geo_square_to_text(geo, level * plane + rank * files + file, name, sizeof name);
          show_kinds(kind, kinds);
          fprintf(out, "%s %s\n", name, kinds);
        }
  } else {
    char shape[32];
    if (geo->levels_z < levels)
      snprintf(shape, sizeof shape, "%dx%dx%dx%d", files, ranks, geo->levels_z,
               levels / geo->levels_z);
    else
      snprintf(shape, sizeof shape, levels > 1 ? "%dx%dx%d" : "%dx%d", files, ranks, levels);
    geo_square_to_text(geo, from, name, sizeof name);
    fprintf(out, "%s%s%s (%s) on %s, %s board%s\n", piece->letter, piece->name[0] ? " " : "",
            piece->name, what, name, shape, black ? ", Black" : "");
    for (int level = levels - 1; level >= 0; level--) {
      if (geo->levels_z < levels) /* 4D: board z of row w */
        fprintf(out, "board %d;%d\n", level % geo->levels_z + 1, level / geo->levels_z + 1);
      else if (levels > 1)
        fprintf(out, "level %d\n", level + 1);
      for (int rank = ranks - 1; rank >= 0; rank--) {
        fprintf(out, "%3d ", rank + 1);
        for (int file = 0; file < files; file++) {
          int sq = level * plane + rank * files + file;
          char c = show_symbol(reach[sq]);
          if (sq == from)
            c = reach[sq]
                    ? '@'
                    : (char)(piece->letter[0] == ':' || piece->letter[0] == '+' ? 'X'
                                                                                : piece->letter[0]);
          fprintf(out, " %c", c);
        }
        fputc('\n', out);
      }
      fprintf(out, "    ");
      for (int file = 0; file < files; file++) fprintf(out, " %c", file < 26 ? 'a' + file : '?');
      fputc('\n', out);
    }
    if (show_has_conditions(&piece->moves[black ? BLACK : WHITE]))
      fprintf(out, "(some of these moves are made only where pieces attack or stand: "
                   "attacker sets {..}, ranges [+] [*] [{..}], conditions /../; all are "
                   "drawn)\n");
  }
  free(reach);
  free(geo);
  return 0;
}

/* --variant NAME: a piece of a loaded variant on that variant's board. */
static int show_variant_piece(const char *name, const char *what, const char *square_text,
                              bool list, bool black, FILE *out, FILE *err) {
  VariantDiagnostics diags = {0};
  /* the same library as every command: shipped files, CHIMERA_VARIANT_PATH
   * and --load */
  VariantLibrary *lib = engine_library_load(err);
  int status = 1;
  const Variant *v = lib ? library_find(lib, name) : NULL;
  if (!v) {
    variant_diag_print(&diags, err);
    fprintf(err, "chimera show: no variant '%s' (chimera variants lists them)\n", name);
  } else if (mbn_find_piece(v, what) < 0) {
    fprintf(err, "chimera show: variant '%s' has no piece '%s'; its pieces are:", name, what);
    for (int i = 0; i < v->piece_count; i++) fprintf(err, " %s", v->pieces[i].letter);
    fputc('\n', err);
  } else if (v->pieces[mbn_find_piece(v, what)].moves[WHITE].leg_count == 0) {
    fprintf(err,
            "chimera show: variant '%s' is loaded but its piece '%s' has no compiled "
            "moves (the loader does not run the MBN compiler yet)\n",
            name, what);
    status = 2;
  } else {
    status = show_draw(v, mbn_find_piece(v, what), what, square_text, list, black, out, err);
  }
  library_free(lib);
  variant_diag_free(&diags);
  return status;
}

int show_run(int argc, char *const *argv, FILE *out, FILE *err) {
  const char *what = NULL, *square_text = NULL, *variant_name = NULL;
  int files = 8, ranks = 8, levels = 1, levels_z = 0;
  BoardHex hex = BOARD_SQUARE;
  bool list = false, black = false;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--variant") && i + 1 < argc) {
      variant_name = argv[++i];
    } else if (!strcmp(a, "--board") && i + 1 < argc) {
      char x, y, z, extra;
      int rows = 1;
      int got =
          sscanf(argv[++i], "%d%c%d%c%d%c%d%c", &files, &x, &ranks, &y, &levels, &z, &rows, &extra);
      if (got == 3) levels = 1, y = 'x';
      if (got != 7) z = 'x', rows = 1;
      levels_z = got == 7 ? levels : 0; /* WxHxZxW: Z boards in each of W rows (4D) */
      if ((got != 3 && got != 5 && got != 7) || x != 'x' || y != 'x' || z != 'x' || files < 1 ||
          files > 36 || ranks < 1 || ranks > 36 || levels < 1 || rows < 1 || levels * rows > 16) {
        fprintf(err,
                "chimera show: --board wants WxH, WxHxL or WxHxZxW with 1..36 (at most 16 "
                "levels or boards), not '%s'\n",
                argv[i]);
        return 1;
      }
      levels *= rows;
    } else if (!strcmp(a, "--hexagonal") && i + 1 < argc) {
      /* the board key's hexagonal-vertical / hexagonal-horizontal (MBN section 15) */
      const char *o = argv[++i];
      if (strcmp(o, "vertical") && strcmp(o, "horizontal")) {
        fprintf(err, "chimera show: --hexagonal wants vertical or horizontal, not '%s'\n", o);
        return 1;
      }
      hex = !strcmp(o, "vertical") ? BOARD_HEX_VERTICAL : BOARD_HEX_HORIZONTAL;
    } else if (!strcmp(a, "--square") && i + 1 < argc) {
      square_text = argv[++i];
    } else if (!strcmp(a, "--list")) {
      list = true;
    } else if (!strcmp(a, "--black")) {
      black = true;
    } else if (a[0] == '-' && a[1] == '-') {
      fprintf(err, "chimera show: unknown option '%s'\n", a);
      return 1;
    } else if (!what) {
      what = a;
    } else {
      fprintf(err, "chimera show: unexpected argument '%s'\n", a);
      return 1;
    }
  }
  if (!what) {
    fprintf(err, "usage: chimera show PIECE-or-MBN [--board WxH[xL[xW]]] [--hexagonal "
                 "vertical|horizontal] [--square SQ[:L] or SQ:Z;W] [--list] [--black]\n");
    return 1;
  }
  if (variant_name)
    return show_variant_piece(variant_name, what, square_text, list, black, out, err);
  /* A bare letter is a basic piece; MBN without '=' is given the name ':SH:'. */
  char *text = malloc(strlen(what) + 8);
  if (!text) return 1;
  bool letter_only = (isupper((unsigned char)what[0]) && !what[1]) ||
                     (what[0] == ':' && strchr(what + 1, ':') && !strchr(what, '='));
  static const char prefix[] = ":SH:=";
  bool prefixed = !strchr(what, '=') && !letter_only;
  if (prefixed)
    sprintf(text, "%s%s", prefix, what);
  else
    strcpy(text, what);

  Variant *v = calloc(1, sizeof *v);
  if (!v) return 1;
  v->shape.files = files;
  v->shape.ranks = ranks;
  v->shape.levels = levels;
  v->shape.levels_z = levels_z;
  v->shape.hex = hex;
  if (hex != BOARD_SQUARE && levels != 1) {
    fprintf(err, "chimera show: a hexagonal board has one level\n");
    free(v);
    free(text);
    return 1;
  }
  MbnDiagnostics diags = {0};
  MbnSourcePos where = {"<command line>", 1, 1};
  int status = 0;
  if (!mbn_compile_pieces(v, text, where, &diags) || v->piece_count == 0) {
    /* columns count in what the user typed, not in the prefix put before it */
    for (int i = 0; prefixed && i < diags.count; i++)
      if (diags.items[i].col > (int)(sizeof prefix - 1))
        diags.items[i].col -= (int)(sizeof prefix - 1);
    mbn_diagnostics_print(&diags, err);
    status = 1;
    goto done;
  }
  status = show_draw(v, 0, what, square_text, list, black, out, err);
done:
  mbn_diagnostics_free(&diags);
  variant_free(v);
  free(v);
  free(text);
  return status;
}
