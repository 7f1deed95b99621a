#!/bin/bash
# match.sh VARIANT GAMES SEED: ./VARIANT/VARIANT.txt (from r2.sh) through CHIMERA_WEIGHTS against
# the shipped file, the same binary $B, with ../2026-11-30b/run.sh (2 s + 0.02 s, 8-ply openings,
# concurrency 2, SPRT elo0=0 elo1=10); the log in ./VARIANT/match.log.
V=$1; G=$2; S=$3
B=${B:-$(cd "$(dirname "$0")/../../.." && pwd)/build/chimera}
D=$(pwd)/$V
mkdir -p "$D/w" && cp "$D/$V.txt" "$D/w/$V.txt"
printf '#!/bin/bash\nCHIMERA_WEIGHTS=%s exec %s "$@"\n' "$D/w" "$B" > "$D/new.sh"
chmod +x "$D/new.sh"
bash "$(dirname "$0")/../2026-11-30b/run.sh" "$D/new.sh" "$B" "$V" "$G" "$S" "$D/match.log"
