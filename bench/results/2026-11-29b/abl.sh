#!/bin/bash
# abl.sh FSF TERMS GAMES SEED: Fairy-Stockfish (built with fsf-ablate.patch) with TERMS left out of its
# classical evaluation (FSF_ABLATE: king threats passed mobility pieces pawns space imbalance, or
# the parts of king: kdanger kshelter kflank) against the whole one, both at depth 9, chess.
# Run it beside a built Chimera (the match runner): CHIMERA=build/chimera by default.
FSF=$1; T=$2; G=$3; S=$4; CH=${CHIMERA:-build/chimera}
W=$(mktemp); printf '#!/bin/bash\nFSF_ABLATE=%s exec %s "$@"\n' "$T" "$FSF" > $W; chmod +x $W
"$CH" match -engine cmd=$W name=ablated -engine cmd="$FSF" name=fsf \
  -each proto=uci depth=9 option.Threads=1 option.Hash=16 -variant chess \
  -games $G -repeat -openings random plies=8 seed=$S -draw movenumber=40 movecount=8 score=10 \
  -resign movecount=3 score=800 -maxmoves 200 -concurrency 2 -pgnout abl-$T.pgn > abl-$T.log 2>&1
rm -f $W
