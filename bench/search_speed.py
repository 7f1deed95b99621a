#!/usr/bin/env python3
"""Search speed of Chimera against Debian's fairy-stockfish, same run.

Runs `chimera bench DEPTH 1 HASH` and `fairy-stockfish bench HASH 1 DEPTH`
(its own chess positions) one after the other and reports both nodes/second
and their ratio; then Chimera's bench with 1 and 2 threads, reporting the
time each took (time to the same depths) and the nps, i.e. the Lazy SMP gain.

usage: bench/search_speed.py [--chimera build/chimera] [--depth N] [--fsf-depth N]
"""
import argparse
import re
import subprocess
import time

FSF = "/usr/games/fairy-stockfish"


def run(cmd):
    start = time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    elapsed = time.monotonic() - start
    text = out.stdout + out.stderr
    nodes = re.search(r"Nodes searched\s*:\s*(\d+)", text)
    nps = re.search(r"Nodes/second\s*:\s*(\d+)", text)
    return (int(nodes.group(1)) if nodes else 0, int(nps.group(1)) if nps else 0, elapsed)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--chimera", default="build/chimera")
    ap.add_argument("--depth", type=int, default=8, help="chimera bench depth")
    ap.add_argument("--fsf-depth", type=int, default=13)
    ap.add_argument("--variants", default="chess", help="chimera bench variant list")
    args = ap.parse_args()
    def cargs(threads):
        return [args.chimera, "bench", str(args.depth), str(threads), "16", args.variants]

    c1 = run(cargs(1))
    f1 = run([FSF, "bench", "16", "1", str(args.fsf_depth)])
    print(f"chimera bench ({args.variants}) 1 thread : {c1[0]:>10} nodes {c1[1]:>9} nps "
          f"{c1[2]:6.2f} s")
    print(f"fairy-stockfish bench 1 thread    : {f1[0]:>10} nodes {f1[1]:>9} nps "
          f"{f1[2]:6.2f} s")
    if f1[1]:
        print(f"nps ratio chimera/fairy-stockfish: {c1[1] / f1[1]:.2f}")
    c2 = run(cargs(2))
    print(f"chimera bench 2 threads           : {c2[0]:>10} nodes {c2[1]:>9} nps "
          f"{c2[2]:6.2f} s")
    if c1[1] and c2[2]:
        print(f"2 threads: nps x{c2[1] / c1[1]:.2f}, time to the same depths x{c2[2] / c1[2]:.2f}")


if __name__ == "__main__":
    main()
