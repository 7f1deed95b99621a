#!/bin/bash
# ablfit.sh TERM: label every position of DATA with Fairy-Stockfish's static classical evaluation
# without TERM (FSF_ABLATE=TERM in the build of ../2026-11-29b/fsf-ablate.patch; "none" leaves
# nothing out), then fit Chimera's table to those labels alone (--lambda 1). What the fit cannot
# explain shrinks most when the term left out is the one Chimera's terms cannot measure.
# Environment: DATA (a chimera tune data file), FSF (the ablation build), CHIMERA, WEIGHTS (start).
T=$1
for w in 0 1; do
  FSF_ABLATE=$T python3 "$(dirname "$0")/../2026-11-29b/label.py" "$DATA" abl-$T-$w.td 1 0 $w 2 \
    "$FSF" 1500 &
done
wait
cat abl-$T-0.td abl-$T-1.td > abl-$T.td && rm abl-$T-0.td abl-$T-1.td
"$CHIMERA" tune chess --no-play --data abl-$T.td --from "$WEIGHTS" --lambda 1 --threads 1 \
  --out abl-$T.txt > abl-$T.fit 2>&1
echo "$T $(tail -1 abl-$T.fit)"
