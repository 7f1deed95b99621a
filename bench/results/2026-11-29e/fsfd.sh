#!/bin/bash
# fsfd.sh CHIMERA FSF DEPTH GAMES SEED LOG [VARIANT]: Chimera against Fairy-Stockfish, both at the
# same fixed depth, one thread, Hash 16, random 8-ply openings, concurrency 2. LOG gets the
# match's output, LOG.pgn its games.
CH=$1; FSF=$2; D=$3; G=$4; SEED=$5; LOG=$6; V=${7:-chess}
"$CH" match -engine cmd="$CH" name=chimera -engine cmd="$FSF" name=fsf \
  -each proto=uci depth=$D option.Threads=1 option.Hash=16 -variant $V \
  -games $G -repeat -openings random plies=8 seed=$SEED -draw movenumber=40 movecount=8 score=10 \
  -resign movecount=3 score=800 -maxmoves 200 -concurrency 2 -pgnout $LOG.pgn > $LOG 2>&1
