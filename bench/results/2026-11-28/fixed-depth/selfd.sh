#!/bin/bash
# selfd.sh ENGINE DEEP SHALLOW GAMES SEED LOG: one engine at depth DEEP against itself at SHALLOW
# (CHIMERA: the chimera binary whose match runner plays the games; default chimera on PATH)
E=$1; A=$2; B=$3; G=$4; S=$5; LOG=$6
"${CHIMERA:-chimera}" match -engine cmd=$E name=d$A depth=$A -engine cmd=$E name=d$B depth=$B \
  -each proto=uci option.Threads=1 option.Hash=16 -variant chess -games $G -repeat -openings random plies=8 \
  seed=$S -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=800 -maxmoves 200 \
  -concurrency 2 -pgnout $LOG.pgn > $LOG 2>&1
