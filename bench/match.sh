#!/usr/bin/env bash
# match.sh — plays Chimera against a reference engine under headless XBoard
# (see ../../shared/MATCHES.md) and prints the final score line.
#
#   bench/match.sh VARIANT GAMES OPPONENT [TC_MINUTES [INC_SECONDS]]
#
# VARIANT is XBoard's name (normal, capablanca, shatranj, courier, knightmate,
# shogi, xiangqi, crazyhouse ...). OPPONENT is fairymax, maxqi, fairy-stockfish
# or a path. Games alternate colours (-mg). Output: PGN, XBoard's debug trace
# and the score in bench/matches/VARIANT-OPPONENT.*; the last line printed is
# "VARIANT OPPONENT: W-L-D" from Chimera's point of view. Chimera's Move
# Overhead is CHIMERA_OVERHEAD ms (default 100: XBoard under Xvfb on a loaded
# machine adds tens of milliseconds per move). CHIMERA names the binary to play
# (default build/chimera), so a match can run a fixed copy while you rebuild.
set -euo pipefail
cd "$(dirname "$0")/.."
variant=${1:?variant}; games=${2:?games}; opponent=${3:?opponent}
tc=${4:-0:10}; inc=${5:-0.1}
case "$opponent" in
  /*) opp=$opponent ;;
  *) opp=/usr/games/$opponent ;;
esac
chimera=${CHIMERA:-$(pwd)/build/chimera}
[[ -x $chimera ]] || { echo "build first: build/chimera missing"; exit 1; }
mkdir -p bench/matches
tag=bench/matches/$variant-$(basename "$opp")
rm -f "$tag.pgn" "$tag.debug"
home=$(mktemp -d)
# XBoard counts the first engine's results; Chimera is the first engine.
HOME=$home timeout $((games * 200 + 120)) xvfb-run -a -s "-screen 0 1280x1024x24" \
  /usr/games/xboard -fcp "$chimera" -fd "$(pwd)" -scp "$opp" -sd /tmp \
  -mg "$games" -tc "$tc" -inc "$inc" -variant "$variant" -xponder \
  -firstOptions "Move Overhead=${CHIMERA_OVERHEAD:-100}" \
  -sgf "$(pwd)/$tag.pgn" -autoCallFlag true -popupExitMessage false \
  -saveSettingsOnExit false -soundProgram "" -debug -nameOfDebugFile "$(pwd)/$tag.debug" \
  2>&1 | tee "$tag.out" | grep -i "final score" || true
rm -rf "$home"
score=$(grep -o "final score [0-9.]*-[0-9.]*-[0-9.]*" "$tag.out" | tail -1 | awk '{print $3}')
echo "$variant $(basename "$opp"): ${score:-no result (see $tag.out, $tag.debug)}"
