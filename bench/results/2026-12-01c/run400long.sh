#!/bin/bash
# run400long.sh VARIANT GAMES SEED: as 2026-11-30e/run400.sh (shipped weights against none, the
# same binary, 2 s + 0.02 s, one thread and 16 MB each, random 8-ply openings with both colours,
# concurrency ${CONC:-1}), but for long games: a 500-move limit instead of 200, and a loss
# adjudicated when both engines agree for 5 moves that one side is 1500 ahead (twosided).
V=$1; G=$2; S=$3
B=${B:-$(cd "$(dirname "$0")/../../.." && pwd)/build/chimera}
D=$(pwd)/$V; mkdir -p "$D"
printf '#!/bin/bash\nCHIMERA_WEIGHTS=none exec %s "$@"\n' "$B" > "$D/untuned.sh"; chmod +x "$D/untuned.sh"
"$B" match -engine cmd="$B" name=tuned -engine cmd="$D/untuned.sh" name=untuned -each proto=uci \
  tc=2+0.02 option.Threads=1 option.Hash=16 -variant $V -games $G -repeat \
  -openings random plies=8 seed=$S -maxmoves 500 -resign movecount=5 score=1500 twosided=true \
  -concurrency ${CONC:-1} -pgnout $D/games.pgn > $D/match.log 2>&1
