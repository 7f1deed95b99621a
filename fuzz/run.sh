#!/usr/bin/env bash
# Builds and runs a fuzzer (libFuzzer + ASan + UBSan, clang).
# Usage: fuzz/run.sh [TARGET] [SECONDS]   TARGET: mbn (default), protocol or
# variant_file; SECONDS default 600.
#   mbn           the MBN front end (fuzz_mbn.c); seeds: fuzz/seeds.txt
#   protocol      UCI/XBoard conversations with the whole engine
#                 (fuzz_protocol.c); seeds: fuzz/protocol_seeds/
#   variant_file  variant files through the loader and the board's check
#                 (fuzz_variant_file.c); seeds: the shipped variants/*.var
# Corpus: fuzz/corpus[-TARGET]; crashes land in fuzz/out/.
# Not part of the default build: CI does not need clang or libFuzzer.
set -euo pipefail
cd "$(dirname "$0")/.."
target=mbn
if [[ ${1:-} =~ ^[a-z_]+$ ]]; then
  target=$1
  shift
fi
seconds=${1:-600}
mkdir -p build-fuzz fuzz/out
flags=(-std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
  -D_POSIX_C_SOURCE=200809L -DCHIMERA_VERSION=\"fuzz\"
  -DCHIMERA_VARIANT_DIR=\"$PWD/variants\" -I.)
case $target in
mbn)
  corpus=fuzz/corpus
  clang "${flags[@]}" fuzz/fuzz_mbn.c mbn/mbn_*.c mbn/betza_xboard.c -lm -o build-fuzz/fuzz_mbn
  mkdir -p $corpus
  if [ -z "$(ls -A $corpus)" ]; then
    i=0
    while IFS= read -r line; do
      [ -n "$line" ] || continue
      printf '%s' "$line" > "$corpus/seed_$i"
      i=$((i + 1))
    done < fuzz/seeds.txt
  fi
  # The empty-board walk stops at 4M leg visits (0.2-0.4 s in a release build),
  # which takes 8-20 s with the sanitizers: a timeout below that reports
  # the bound, not a hang.
  extra=(-dict=fuzz/mbn.dict -timeout=60 -rss_limit_mb=1024)
  ;;
protocol | variant_file)
  corpus=fuzz/corpus-$target
  srcs=$(ls mbn/*.c board/*.c search/*.c engine/*.c | grep -v -e engine/main.c -e engine/cli.c)
  clang "${flags[@]}" -pthread "fuzz/fuzz_$target.c" $srcs -lm -o "build-fuzz/fuzz_$target"
  mkdir -p "$corpus"
  if [ -z "$(ls -A "$corpus")" ]; then
    if [ "$target" = protocol ]; then
      cp fuzz/protocol_seeds/* "$corpus/"
    else
      cp variants/*.var "$corpus/"
    fi
  fi
  # A conversation starts threads and loads the variants: allow it time.
  extra=(-timeout=20 -rss_limit_mb=2048 -max_len=4096)
  ;;
*)
  echo "fuzz/run.sh: unknown target '$target' (mbn, protocol, variant_file)" >&2
  exit 2
  ;;
esac
"build-fuzz/fuzz_$target" -max_total_time="$seconds" "${extra[@]}" \
  -artifact_prefix=fuzz/out/ -print_final_stats=1 "$corpus"
