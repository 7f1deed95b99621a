#!/usr/bin/env bash
# Builds and runs the MBN fuzzer (libFuzzer + ASan + UBSan, clang).
# Usage: fuzz/run.sh [SECONDS]   (default 600). Corpus: fuzz/corpus (seeded
# from fuzz/seeds.txt, the MBN text's examples); crashes land in fuzz/out/.
# Not part of the default build: CI does not need clang or libFuzzer.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
mkdir -p build-fuzz fuzz/corpus fuzz/out
srcs=$(ls mbn/mbn_*.c)
clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -D_POSIX_C_SOURCE=200809L -I. fuzz/fuzz_mbn.c $srcs -lm -o build-fuzz/fuzz_mbn
if [ -z "$(ls -A fuzz/corpus)" ]; then
  i=0
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    printf '%s' "$line" > "fuzz/corpus/seed_$i"
    i=$((i + 1))
  done < fuzz/seeds.txt
fi
build-fuzz/fuzz_mbn -max_total_time="$seconds" -timeout=5 -rss_limit_mb=1024 \
  -dict=fuzz/mbn.dict -artifact_prefix=fuzz/out/ -print_final_stats=1 fuzz/corpus
