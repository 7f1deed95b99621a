#!/bin/bash
# h2h.sh VARIANT OLDFILE GAMES SEED DIR: the shipped weights ($B as built) against an older
# weights file (through CHIMERA_WEIGHTS), 2 s + 0.02 s, one thread and 16 MB each, random 8-ply
# openings with both colours, 200-move limit, no SPRT stop, concurrency ${CONC:-2}; into DIR.
V=$1 OLD=$2 G=$3 S=$4 D=$5
B=${B:-$(cd "$(dirname "$0")/../../.." && pwd)/build/chimera}
mkdir -p "$D/w" && cp "$OLD" "$D/w/$V.txt"
printf '#!/bin/bash\nCHIMERA_WEIGHTS=%s exec %s "$@"\n' "$D/w" "$B" > "$D/old.sh"; chmod +x "$D/old.sh"
"$B" match -engine cmd="$B" name=shipped -engine cmd="$D/old.sh" name=old -each proto=uci \
  tc=2+0.02 option.Threads=1 option.Hash=16 -variant $V -games $G -repeat \
  -openings random plies=8 seed=$S -maxmoves 200 -concurrency ${CONC:-2} \
  -pgnout $D/games.pgn > $D/match.log 2>&1
