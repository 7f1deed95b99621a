/* bb128.c — the 128-bit instance of the bitboard code (bb.h, bb_body.h). */
#include "board/bb.h"

#define BB_BITS 128
#include "board/bb_body.h"
