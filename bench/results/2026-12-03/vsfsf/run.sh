#!/bin/bash
# run.sh SEED: main's build (the shipped weights) against Fairy-Stockfish c19b5f6c built from
# source (classical evaluation: no network is loaded), 10 s + 0.1 s, 20 games in each of the five
# variants of issue #15's 25% target, with ../../2026-11-29d/fsftw.sh (one thread and Hash 16 each,
# random 8-ply openings with both colours, its adjudication, concurrency 2). Runs from any folder (logs
# land beside this script); FSF=path of the Fairy-Stockfish binary.
S=${1:-158}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
for V in chess capablanca shogi xiangqi crazyhouse; do
  CHIMERA=$ROOT/build/chimera bash "$ROOT/bench/results/2026-11-29d/fsftw.sh" "$ROOT/build/chimera" \
    "${FSF:?set FSF}" 10+0.1 20 "$S" "$HERE/$V.log" "$V"
done
