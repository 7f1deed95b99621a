#!/bin/sh
# tune_teacher.sh CHIMERA DIR PYTHON SCRIPT_ENGINE — `chimera tune --teacher`
# replaces the self-play scores of a data file by another engine's, over real
# pipes (docs/tune.md):
#  1. a scripted engine that reports +37 for every position: each position
#     line gets 37 with White to move and -37 with Black (White's view), its
#     result and FEN kept; comment lines and the line count unchanged;
#  2. Chimera as the teacher at depth 2: the same file with 1 and 2 threads,
#     and again after a run cut in the middle of a line was resumed;
#  3. the fit reads the labelled file;
#  4. refusals: a teacher without a limit, a teacher that does not play the
#     variant, a teacher that gives no score, a labelled file of other
#     positions to resume, a line that is not a position.
set -e
chimera=$1 dir=$2/tune_teacher python=$3 script=$4
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir"
"$chimera" tune chess --games 6 --depth 2 --seed 5 --data d.td --no-fit 2>/dev/null
lines=$(wc -l < d.td)

"$chimera" tune chess --no-play --no-fit --data d.td \
  --teacher "cmd=$python $script --score 37" --teacher depth=3 2>/dev/null
[ "$(wc -l < d.td.teacher)" -eq "$lines" ] || { echo "line count differs"; exit 1; }
# Result and FEN kept, the score replaced by +-37 by the side to move.
awk 'NR==FNR { a[FNR]=$0; next }
     /^#/ { if ($0 != a[FNR]) bad++; next }
     { split(a[FNR], o, " "); want = ($4 == "w") ? 37 : -37
       rest = $0; sub(/^[^ ]+ [^ ]+ /, "", rest); orest = a[FNR]; sub(/^[^ ]+ [^ ]+ /, "", orest)
       if ($1 != o[1] || $2 != want || rest != orest) bad++; else good++ }
     END { print "scripted: " good " labelled, " bad+0 " wrong"; exit (bad > 0 || good < 20) }' \
  d.td d.td.teacher

teach() { "$chimera" tune chess --no-play --no-fit --data d.td --teacher "cmd=$chimera" \
  --teacher depth=2 --teacher option.Hash=1 "$@" 2>/dev/null; }
rm d.td.teacher && teach --threads 1 && mv d.td.teacher one
teach --threads 2 && cmp one d.td.teacher
head -c $(( $(wc -c < one) / 2 + 7 )) one > d.td.teacher && teach && cmp one d.td.teacher
[ "$(cut -d' ' -f2 one | sort -u | wc -l)" -gt 10 ] || { echo "chimera's scores all alike"; exit 1; }
echo "chimera teacher: threads and resume agree"

"$chimera" tune chess --no-play --data d.td --teacher "cmd=$chimera" --teacher depth=2 \
  --out w.txt 2> fit.log
grep -q "positions from d.td.teacher traced" fit.log && grep -q '^value Q' w.txt
echo "fit read the teacher's file"

"$chimera" tune chess --no-play --data d.td --teacher "cmd=$chimera" 2>&1 | head -1
rm -f d.td.teacher
"$chimera" tune capablanca --no-play --no-fit --data d.td \
  --teacher "cmd=$python $script" --teacher depth=1 2>&1 | grep -v labelling || true
"$chimera" tune chess --no-play --no-fit --data d.td \
  --teacher "cmd=$python $script" --teacher depth=1 2>&1 | grep -v labelling | cut -c1-48 || true
head -3 one | sed '1s/[0-9]*$/999/' > d.td.teacher
"$chimera" tune chess --no-play --no-fit --data d.td \
  --teacher "cmd=$python $script --score 1" --teacher depth=1 2>&1 || true
printf '# end 0\n1 oops\n' > bad.td
"$chimera" tune chess --no-play --no-fit --data bad.td \
  --teacher "cmd=$python $script --score 1" --teacher depth=1 2>&1 | grep -v labelling || true
echo "tune_teacher: done"
