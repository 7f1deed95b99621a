#!/usr/bin/env bash
# Installs the Debian packages Chimera needs to build and test, if missing.
# Usage: scripts/install-deps.sh [--games]   (--games adds XBoard and reference engines)
set -euo pipefail
packages=(cmake make gcc pkg-config check clang-format python3)
if [[ "${1:-}" == "--games" || "${CHIMERA_GAMES:-0}" == 1 ]]; then
  packages+=(xboard xvfb fairymax fairy-stockfish stockfish polyglot)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0
sudo=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo=sudo
fi
echo "installing: ${missing[*]}"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
