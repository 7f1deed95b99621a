#!/bin/bash
# r3.sh: shatranj's third tuning round (2026-12-02), as run. Self-play data at depth 6 (the
# earlier rounds used depth 4) with the shipped weights, the fit started from them, then the
# new file against the shipped one in self-play (../2026-11-30b/run.sh: 2 s + 0.02 s, 8-ply
# openings, concurrency 2, SPRT elo0=0 elo1=10). $B is the binary (main 7d391a4).
# Outputs: ./shatranj-r3/ (fit.log, times, match.log, the PGN, the fitted shatranj.txt).
H=$(cd "$(dirname "$0")" && pwd)
B=${B:-$H/../../../build/chimera}
D=$(pwd)/shatranj-r3; mkdir -p "$D/w" && cd "$D" || exit 1
t0=$(date +%s)
"$B" tune shatranj --games 2000 --depth 6 --seed 5 --threads 2 --data shatranj-d6.tune-data \
  --no-fit 2> play.log
t1=$(date +%s)
"$B" tune shatranj --no-play --threads 2 --data shatranj-d6.tune-data \
  --from "$H/../../../variants/weights/shatranj.txt" --out shatranj.txt 2> fit.log
echo "play $((t1-t0)) s, fit $(($(date +%s)-t1)) s" > times
cp shatranj.txt w/
printf '#!/bin/bash\nCHIMERA_WEIGHTS=%s exec %s "$@"\n' "$D/w" "$B" > new.sh && chmod +x new.sh
bash "$H/../2026-11-30b/run.sh" "$D/new.sh" "$B" shatranj 200 52 "$D/match.log"
