#!/bin/bash
# fsftw.sh ENGINE FSF TC GAMES SEED LOG [VARIANT]: ENGINE (a Chimera command, e.g. a script
# that sets CHIMERA_WEIGHTS) against Fairy-Stockfish at time control TC, one thread, Hash 16,
# random 8-ply openings, adjudication as in bench/README.md, concurrency 2. The referee is
# $CHIMERA (default build/chimera).
CH=$1; FSF=$2; TC=$3; G=$4; SEED=$5; LOG=$6; V=${7:-chess}
"${CHIMERA:-build/chimera}" match -engine cmd="$CH" name=chimera -engine cmd="$FSF" name=fsf \
  -each proto=uci tc=$TC option.Threads=1 option.Hash=16 -variant $V \
  -games $G -repeat -openings random plies=8 seed=$SEED -draw movenumber=40 movecount=8 score=10 \
  -resign movecount=3 score=800 -maxmoves 200 -concurrency 2 -pgnout $LOG.pgn > $LOG 2>&1
