#!/bin/bash
# r2.sh VARIANT GAMES DEPTH [SEED]: a tuning round started from the shipped weights: self-play
# data, then the fit, into ./VARIANT/ (VARIANT.txt, the data, play.log, fit.log, times).
# $B is the binary (default build/chimera of the checkout this script is in).
V=$1; G=$2; D=$3; S=${4:-2}
B=${B:-$(cd "$(dirname "$0")/../../.." && pwd)/build/chimera}
mkdir -p "$V" && cd "$V" || exit 1
t0=$(date +%s)
"$B" tune "$V" --games "$G" --depth "$D" --seed "$S" --threads 2 --data "$V-r2.tune-data" --no-fit 2> play.log
t1=$(date +%s)
"$B" tune "$V" --no-play --threads 2 --data "$V-r2.tune-data" --out "$V.txt" 2> fit.log
t2=$(date +%s)
echo "play $((t1-t0)) s, fit $((t2-t1)) s, positions $(grep -vc '^#' "$V-r2.tune-data"), games $(grep -c '^# end' "$V-r2.tune-data")" > times
