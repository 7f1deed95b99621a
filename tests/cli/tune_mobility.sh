#!/bin/sh
# tune_mobility.sh CHIMERA DIR — `chimera tune` fits the mobility weights
# unless --no-mobility keeps them at their starting values (0 from the
# derived table): 120 chess games at depth 2 (seeded, about 7 seconds; with 40 the 4 held-out
# games let no epoch improve once the shipped weights changed), fitted
# both ways; the first must move some mobility weight, the second none.
set -e
chimera=$1
data=$2/tune_mobility.data
rm -f "$data"
"$chimera" tune chess --games 120 --depth 2 --data "$data" --no-fit 2>/dev/null
"$chimera" tune chess --derived --no-play --data "$data" --out "$2/tune_mobility_on.txt" 2>/dev/null
"$chimera" tune chess --derived --no-play --no-mobility --data "$data" \
  --out "$2/tune_mobility_off.txt" 2>/dev/null
on=$(grep -c '^mobility' "$2/tune_mobility_on.txt")
moved=$(grep '^mobility' "$2/tune_mobility_on.txt" | grep -vc ': 0 0$' || true)
off_moved=$(grep '^mobility' "$2/tune_mobility_off.txt" | grep -vc ': 0 0$' || true)
echo "mobility terms $on, moved by the fit $moved, moved with --no-mobility $off_moved"
[ "$on" -eq 4 ] && [ "$moved" -ge 1 ] && [ "$off_moved" -eq 0 ] && echo "tune_mobility: ok"
