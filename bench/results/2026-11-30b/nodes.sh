#!/bin/bash
# nodes.sh BINARY: nodes to depth 13 from five chess positions (and their sum), then from the
# start to depths 13, 14, 15 and 16 (d14.py beside this folder's sibling 2026-11-30: Hash 16,
# one thread; single-threaded node counts are exact and repeatable)
B=$1
D=$(dirname "$0")/../2026-11-30/d14.py
tot=0
for f in "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -" \
  "rnbqkb1r/pp1p1ppp/2p2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq -" \
  "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ -" \
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -" \
  "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -"; do
  n=$(python3 "$D" "$B" 13 "$f" | awk '{print $5}'); echo -n "$n "; tot=$((tot+n))
done
echo "sum13 $tot"
for d in 13 14 15 16; do python3 "$D" "$B" $d startpos | awk '{printf "d%s %s  ", $3, $5}'; done; echo
