#!/bin/bash
# sprt.sh NEW BASE VARIANT GAMES SEED LOG: as bench/results/2026-11-30b/run.sh (2 s + 0.02 s, one
# thread and 16 MB each, random 8-ply openings with both colours, 200-move limit, SPRT elo0=0
# elo1=10), concurrency ${CONC:-1}.
NEW=$1; BASE=$2; V=$3; G=$4; S=$5; LOG=$6
"$BASE" match -engine cmd="$NEW" name=new -engine cmd="$BASE" name=base -each proto=uci \
  tc=2+0.02 option.Threads=1 option.Hash=16 -variant $V -games $G -repeat \
  -openings random plies=8 seed=$S -maxmoves 200 -concurrency ${CONC:-1} -sprt elo0=0 elo1=10 \
  -pgnout $LOG.pgn > $LOG 2>&1
