#!/usr/bin/env bash
# run_matches.sh — the strength series of bench/README.md, one match after
# another (a single core at a time): Chimera against Fairy-Max and against
# Fairy-Stockfish. Results accumulate in bench/matches/summary.txt.
#   bench/run_matches.sh GAMES_FAIRYMAX GAMES_FSF [TC [INC]]
set -uo pipefail
cd "$(dirname "$0")/.."
gm=${1:-20}; gf=${2:-6}; tc=${3:-0:10}; inc=${4:-0.1}
mkdir -p bench/matches
for v in normal capablanca shatranj courier knightmate; do
  bench/match.sh "$v" "$gm" fairymax "$tc" "$inc" | tail -1 | tee -a bench/matches/summary.txt
done
for v in normal capablanca shogi xiangqi crazyhouse; do
  bench/match.sh "$v" "$gf" fairy-stockfish "$tc" "$inc" | tail -1 | tee -a bench/matches/summary.txt
done
