/* betza_xboard.h — XBoard's Betza notation translated into MBN text.
 *
 * A variant file may write a piece as `X=betza:fmWfceFifmnD`: the text after
 * `betza:` is read as XBoard's move generator reads it (MovesFromString in
 * XBoard's moves.c), not as MBN, so definitions pasted from XBoard or
 * Fairy-Max keep their meaning. The translator turns it into MBN with the
 * same moves, which the MBN compiler then compiles like any other
 * definition, so every move kind is built in one place. What it cannot
 * translate exactly it refuses, naming the construct; docs/mbn.md ("XBoard
 * Betza input") lists the subset and the decisions.
 *
 * Black: XBoard rotates Black's moves (left and right swap too), MBN
 * reflects them; the parser marks a `betza:` definition so that the compiler
 * rotates Black's program (mbn_compile.c).
 */
#ifndef CHIMERA_MBN_BETZA_XBOARD_H
#define CHIMERA_MBN_BETZA_XBOARD_H

#include <stdbool.h>

/* The prefix that selects XBoard's Betza for a definition's move. */
#define BETZA_XBOARD_PREFIX "betza:"

typedef struct {
  int offset;        /* where in the XBoard text the problem starts */
  char message[200]; /* names the construct */
} BetzaXboardError;

/* Translates text[0..len) (XBoard Betza) into MBN. Returns a malloc'ed,
 * NUL-terminated MBN text, or NULL with *err filled. */
char *betza_xboard_to_mbn(const char *text, int len, BetzaXboardError *err);

#endif
