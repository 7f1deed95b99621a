/* bb_names.h — the names one bitboard width compiles to (internal).
 *
 * The bitboard code is written once (bb_width.h, bb_body.h, movegen_bb.h,
 * legal_count_bb.h) and compiled once per width: a file defines BB_BITS to
 * 64 or 128 and includes a template, which includes this header first. It
 * maps the generic names to the width's own (bb_t to uint64_t or bb128_t,
 * BbTables to Bb64Tables, BBW(targets) to bb64_targets, ...), so both
 * instances can live in one translation unit. No include guard: it is
 * meant to be included again for the next width.
 */
#undef bb_t
#undef BB_ONE
#undef BB_ALL
#undef BbTables
#undef BbShiftLeg
#undef BBW
#undef BBP
#undef BBT

#define BB_PASTE3_(a, b, c) a##b##c
#define BB_PASTE3(a, b, c)  BB_PASTE3_(a, b, c)

#if BB_BITS == 64
#define bb_t uint64_t
#elif BB_BITS == 128
#define bb_t bb128_t
#else
#error "BB_BITS must be 64 or 128"
#endif
#define BB_ONE     ((bb_t)1)
#define BB_ALL     (~(bb_t)0)
#define BbTables   BB_PASTE3(Bb, BB_BITS, Tables)
#define BbShiftLeg BB_PASTE3(BbShiftLeg, BB_BITS, )
/* BBW(name): the width's function, bb64_name or bb128_name */
#define BBW(name) BB_PASTE3(bb, BB_BITS, _##name)
/* BBP(pos): the width's bitboards in a Position, pos->bb64 or pos->bb128 */
#define BBP(pos) ((pos)->BB_PASTE3(bb, BB_BITS, ))
/* BBT(tables): the width's tables in BoardTables, tables->bb64 or ->bb128 */
#define BBT(tables) ((tables)->BB_PASTE3(bb, BB_BITS, ))
