#!/bin/bash
# goalfsf.sh ENGINE LOG VARIANT [GAMES] [SEED]: ENGINE against Fairy-Stockfish ($FSF) in VARIANT,
# whose definition Fairy-Stockfish reads from $FSF_VARIANTS (the oracle's fsf-variants.ini),
# 10 s + 0.1 s, random 2-ply openings, seed SEED (default 13), GAMES games (default 20),
# concurrency $CONC (default 1). The referee is $CHIMERA (default build/chimera).
E=$1; LOG=$2; V=$3; G=${4:-20}; SEED=${5:-13}
"${CHIMERA:-build/chimera}" match -engine cmd=$E name=chimera -engine cmd="$FSF" name=fsf option.VariantPath="$FSF_VARIANTS" \
  -each proto=uci tc=10+0.1 option.Threads=1 option.Hash=16 -variant $V \
  -games $G -repeat -openings random plies=2 seed=$SEED -maxmoves 200 -concurrency ${CONC:-1} -pgnout $LOG.pgn > $LOG 2>&1
