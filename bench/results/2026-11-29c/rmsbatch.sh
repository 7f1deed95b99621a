#!/bin/bash
# A Chimera with the three royal-attack patches (B) and its shipped chess weights (Z), the
# labelled data of ../2026-11-29b/label.py (depth 0, limit 1500: st7.td) and of ablfit.sh in the
# current folder.
B=${CHIMERA:-./chimera}; Z=${WEIGHTS:-variants/weights/chess.txt}
run() { # name data from freeze
  if [ "$4" = 1 ]; then F="FREEZE_RA=1"; else F=""; fi
  env $F $B tune chess --no-play --data $2 --from $3 --lambda 1 --threads 2 --out /tmp/rms-$1.txt > rms-$1.log 2>&1
  echo "$1 $(grep 'validation RMS' rms-$1.log | tail -1)"
}
run none st7.td $Z 1
for t in king kdanger kshelter kflank threats passed mobility; do run abl-$t abl-$t.td $Z 1; done
run rq-all st7.td $Z 0
run hinge-fsf st7.td hinge-start.txt 0
run hinge-zero st7.td hinge-zero.txt 0
