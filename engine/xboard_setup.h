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

/* Writes a piece's moves in XBoard's Betza dialect. Returns 0, or -1 when the
 * dialect cannot express them (text then holds what could be said). */
int xboard_setup_betza(const Variant *variant, int type, char *text, size_t size);

/* Sends `setup` and the `piece` lines for the variant. */
void xboard_setup_send(const Variant *variant, Output *out);

#endif
