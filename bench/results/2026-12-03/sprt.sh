#!/bin/bash
# sprt.sh VARIANT GAMES SEED NAME: ${CAND:-/work/bin/cand} against /work/bin/base (main before
# the change), 2 s + 0.02 s, one thread and 16 MB each, random 8-ply openings with both colours,
# 200-move limit, SPRT elo0=0 elo1=10, concurrency ${CONC:-2}; into ./NAME/. For weights, CAND
# is a script: `CHIMERA_WEIGHTS=DIR exec /work/bin/base "$@"` (DIR holds VARIANT.txt).
V=$1 G=$2 S=$3 D=$(pwd)/$4
mkdir -p "$D"
/work/bin/base match -engine cmd=${CAND:-/work/bin/cand} name=cand -engine cmd=/work/bin/base name=base \
  -each proto=uci tc=2+0.02 option.Threads=1 option.Hash=16 -variant $V -games $G -repeat \
  -openings random plies=8 seed=$S -maxmoves 200 -sprt elo0=0 elo1=10 -ratinginterval 20 \
  -concurrency ${CONC:-2} -pgnout $D/games.pgn > $D/match.log 2>&1
