#!/bin/bash
# conf.sh VARIANT GAMES SEED: shipped weights against none (CHIMERA_WEIGHTS=none), same binary,
# 10 s + 0.1 s, one thread and 16 MB each, random 8-ply openings with both colours,
# adjudication as docs/tune.md's chess command, concurrency ${CONC:-1}.
V=$1; G=$2; S=$3
B=${B:-$(cd "$(dirname "$0")/../../.." && pwd)/build/chimera}
D=$(pwd)/$V; mkdir -p "$D"
printf '#!/bin/bash\nCHIMERA_WEIGHTS=none exec %s "$@"\n' "$B" > "$D/untuned.sh"; chmod +x "$D/untuned.sh"
"$B" match -engine cmd="$B" name=tuned -engine cmd="$D/untuned.sh" name=untuned -each proto=uci \
  tc=10+0.1 option.Threads=1 option.Hash=16 -variant $V -games $G -repeat \
  -openings random plies=8 seed=$S -draw movenumber=40 movecount=8 score=10 \
  -resign movecount=3 score=800 -maxmoves 200 -concurrency ${CONC:-1} \
  -pgnout $D/conf.pgn > $D/conf.log 2>&1
