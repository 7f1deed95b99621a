#!/bin/bash
# run400long.sh VARIANT GAMES SEED: 2026-11-30e/run400.sh (shipped weights against none, the
# same binary, 2 s + 0.02 s, one thread and 16 MB each, random 8-ply openings with both colours,
# concurrency ${CONC:-1}) for long games: a 500-move limit instead of 200, and a loss
# adjudicated when both engines agree for 5 moves that one side is 1500 ahead (twosided).
B=${B:-$(cd "$(dirname "$0")/../../.." && pwd)/build/chimera} MAXMOVES=500 \
  ADJUDICATE="-resign movecount=5 score=1500 twosided=true" \
  exec "$(dirname "$0")/../2026-11-30e/run400.sh" "$@"
