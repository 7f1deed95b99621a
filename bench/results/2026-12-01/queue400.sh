#!/bin/bash
# queue400.sh: 400 games each, shipped weights against none (CHIMERA_WEIGHTS=none), 2 s + 0.02 s,
# two games at a time, one variant after another, with 2026-11-30e/run400.sh; results in
# ./VARIANT/match.log, one summary line per variant in ./queue.log.
# B=path/to/chimera bash queue400.sh
HERE=$(cd "$(dirname "$0")" && pwd)
export CONC=2
for vs in "janggi 121" "atomic 122" "crazyhouse 123" "makruk 124" "shatranj 125"; do
  set -- $vs
  echo "$(date -u +%T) start $1" >> queue.log
  bash "$HERE/../2026-11-30e/run400.sh" $1 400 $2
  echo "$(date -u +%T) done $1: $(grep -E 'Elo difference' $1/match.log | tail -1)" >> queue.log
done
