#!/bin/bash
# round.sh VARIANT DEPTH GAMES SEED MATCHSEED: one more tuning round of VARIANT, as r3.sh did
# for shatranj: self-play data at DEPTH with the shipped weights, the fit started from them,
# then the new file against the shipped one in self-play (../2026-11-30b/run.sh: 2 s + 0.02 s,
# 8-ply openings, concurrency 2, SPRT elo0=0 elo1=10, at most 200 games). $B is the binary.
# Outputs: ./VARIANT-rN/ (fit.log, times, match.log, the PGN, the fitted VARIANT.txt).
V=$1 DEPTH=${2:-6} GAMES=${3:-2000} SEED=${4:-5} MSEED=${5:-52}
H=$(cd "$(dirname "$0")" && pwd)
B=${B:-$H/../../../build/chimera}
D=$(pwd)/$V-d$DEPTH; mkdir -p "$D/w" && cd "$D" || exit 1
t0=$(date +%s)
"$B" tune "$V" --games "$GAMES" --depth "$DEPTH" --seed "$SEED" --threads 2 \
  --data "$V-d$DEPTH.tune-data" --no-fit 2> play.log
t1=$(date +%s)
"$B" tune "$V" --no-play --threads 2 --data "$V-d$DEPTH.tune-data" \
  --from "$H/../../../variants/weights/$V.txt" --out "$V.txt" 2> fit.log
echo "play $((t1-t0)) s, fit $(($(date +%s)-t1)) s" > times
tail -2000 play.log > play.log.tail
cp "$V.txt" w/
printf '#!/bin/bash\nCHIMERA_WEIGHTS=%s exec %s "$@"\n' "$D/w" "$B" > new.sh && chmod +x new.sh
bash "$H/../2026-11-30b/run.sh" "$D/new.sh" "$B" "$V" 200 "$MSEED" "$D/match.log"
