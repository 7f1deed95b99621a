#!/usr/bin/env bash
# Builds Chimera (installing missing packages first) and runs it.
#   ./play.sh                 the engine on stdin/stdout (type 'uci' or 'xboard')
#   ./play.sh perft 5         any chimera subcommand; see ./play.sh --help
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps.sh >&2
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc 2>/dev/null || echo 2)" >&2
exec build/chimera "$@"
