#!/bin/bash
# selftc.sh NEW BASE TC GAMES SEED LOG VARIANT [PLIES] [BOUND]: NEW against BASE (engine
# commands), one thread each, Hash 16, random openings of PLIES plies (default 4; BOUND: the
# balance bound in cp, default 100), 200-move limit, concurrency $CONC (default 2); LOG gets the match's output,
# LOG.pgn the games. The referee is $CHIMERA (default build/chimera).
NEW=$1; BASE=$2; TC=$3; G=$4; SEED=$5; LOG=$6; V=$7; PL=${8:-4}; BOUND=${9:-100}
"${CHIMERA:-build/chimera}" match -engine cmd="$NEW" name=new -engine cmd="$BASE" name=base \
  -each proto=uci tc=$TC option.Threads=1 option.Hash=16 -variant $V -games $G -repeat \
  -openings random plies=$PL seed=$SEED bound=$BOUND -maxmoves 200 -concurrency ${CONC:-2} \
  -pgnout $LOG.pgn > $LOG 2>&1
