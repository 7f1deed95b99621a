#!/usr/bin/env bash
# Builds Chimera and runs the whole test suite:
#   1. installs missing Debian packages (scripts/install-deps.sh),
#   2. checks formatting,
#   3. Release build in build/, every test (fast and slow labels),
#   4. Debug build with AddressSanitizer+UBSan in build-asan/, the fast tests.
# Usage: ./test.sh [--fast]   (--fast: only the fast label, Release only)
set -euo pipefail
cd "$(dirname "$0")"
jobs=$(nproc 2>/dev/null || echo 2)
scripts/install-deps.sh --games
scripts/check-format.sh

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCHIMERA_WERROR=ON >/dev/null
cmake --build build -j "$jobs"
if [[ "${1:-}" == "--fast" ]]; then
  (cd build && ctest -L fast -j "$jobs" --output-on-failure)
  exit 0
fi
(cd build && ctest -j "$jobs" --output-on-failure)

cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DCHIMERA_SANITIZE=ON -DCHIMERA_WERROR=ON >/dev/null
cmake --build build-asan -j "$jobs"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest -L fast -j "$jobs" --output-on-failure)
