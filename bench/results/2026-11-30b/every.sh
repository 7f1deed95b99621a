#!/bin/bash
# every.sh NEW BASE OUTDIR: 2 games per shipped variant, NEW against BASE (engine paths; BASE
# referees), 1 s + 0.01 s, random 4-ply openings (seed 5, any balance), 150-move limit; one line
# per variant: name, W-L-D (NEW first), and the count of log lines naming an illegal move, a
# crash, a stall or a time loss (by either engine: the log says whose)
NEW=$1; BASE=$2; OUT=$3; mkdir -p $OUT
for v in $($NEW variants); do
  $BASE match -engine cmd=$NEW name=new -engine cmd=$BASE name=old -each proto=uci \
    tc=1+0.01 option.Threads=1 option.Hash=16 -variant $v -games 2 -repeat \
    -openings random plies=4 seed=5 bound=100000 -concurrency 2 -maxmoves 150 -ratinginterval 0 > $OUT/$v.log 2>&1
  echo "$v $(grep 'Score of' $OUT/$v.log | tail -1 | sed 's/.*: //') $(grep -ci 'illegal\|crash\|stall\|time forfeit\|loses on time' $OUT/$v.log)"
done
