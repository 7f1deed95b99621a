/* bb64.c — the 64-bit instance of the bitboard code (bb.h, bb_body.h). */
#include "board/bb.h"

#define BB_BITS 64
#include "board/bb_body.h"
