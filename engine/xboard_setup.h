/* xboard_setup.h — describing a variant XBoard does not know: the `setup`
 * command (board size, piece letters, start position) and one `piece`
 * command per piece with its moves in XBoard's Betza dialect, so the GUI can
 * check the user's moves and draw the pieces.
 */
#ifndef CHIMERA_ENGINE_XBOARD_SETUP_H
#define CHIMERA_ENGINE_XBOARD_SETUP_H

#include <stddef.h>

#include "engine/output.h"
#include "mbn/variant.h"

/* What xboard_setup_betza's text leaves out or adds (bits; 0 = exact). */
enum {
  XB_BETZA_INCOMPLETE = 1, /* some moves have no words in the dialect: text holds the rest */
  XB_BETZA_WIDER = 2,      /* XBoard reads more moves into the text than the piece has */
};

/* Writes the moves of `colour`'s piece in XBoard's Betza dialect, as XBoard
 * reads them for that colour (it turns Black's by 180 degrees). Returns 0 or
 * XB_BETZA_* bits. */
int xboard_setup_betza(const Variant *variant, int type, Color colour, char *text, size_t size);

/* Sends `setup` and the `piece` lines for the variant. */
void xboard_setup_send(const Variant *variant, Output *out);

#endif
