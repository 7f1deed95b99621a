#!/bin/bash
# vsnone.sh NEW VARIANT GAMES SEED DIR: engine command NEW (a new weights file through
# CHIMERA_WEIGHTS) against the same binary $B without weights (CHIMERA_WEIGHTS=none), the
# conditions of ../2026-11-30e/run400.sh (2 s + 0.02 s, one thread and 16 MB each, random 8-ply
# openings with both colours, 200-move limit, no SPRT stop, concurrency ${CONC:-2}); into DIR
# (match.log, games.pgn).
NEW=$1 V=$2 G=$3 S=$4 D=$5
B=${B:-$(cd "$(dirname "$0")/../../.." && pwd)/build/chimera}
mkdir -p "$D"
printf '#!/bin/bash\nCHIMERA_WEIGHTS=none exec %s "$@"\n' "$B" > "$D/untuned.sh"; chmod +x "$D/untuned.sh"
"$B" match -engine cmd="$NEW" name=tuned -engine cmd="$D/untuned.sh" name=untuned -each proto=uci \
  tc=2+0.02 option.Threads=1 option.Hash=16 -variant $V -games $G -repeat \
  -openings random plies=8 seed=$S -maxmoves 200 -concurrency ${CONC:-2} \
  -pgnout $D/games.pgn > $D/match.log 2>&1
