#!/bin/bash
# run400.sh VARIANT GAMES SEED: shipped weights against none (CHIMERA_WEIGHTS=none), the same
# binary, 2 s + 0.02 s, one thread and 16 MB each, random 8-ply openings with both colours,
# 200-move limit (or ${MAXMOVES}), no SPRT stop, concurrency ${CONC:-1}, and ${ADJUDICATE} (match
# options, none by default); into ./VARIANT/ (match.log, games.pgn).
V=$1; G=$2; S=$3
B=${B:-$(cd "$(dirname "$0")/../../.." && pwd)/build/chimera}
D=$(pwd)/$V; mkdir -p "$D"
printf '#!/bin/bash\nCHIMERA_WEIGHTS=none exec %s "$@"\n' "$B" > "$D/untuned.sh"; chmod +x "$D/untuned.sh"
"$B" match -engine cmd="$B" name=tuned -engine cmd="$D/untuned.sh" name=untuned -each proto=uci \
  tc=2+0.02 option.Threads=1 option.Hash=16 -variant $V -games $G -repeat \
  -openings random plies=8 seed=$S -maxmoves ${MAXMOVES:-200} ${ADJUDICATE:-} -concurrency ${CONC:-1} \
  -pgnout $D/games.pgn > $D/match.log 2>&1
