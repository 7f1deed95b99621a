#!/usr/bin/env python3
"""Search speed of Chimera against Debian's fairy-stockfish, same run.

Runs `chimera bench DEPTH 1 HASH` and `fairy-stockfish bench HASH 1 DEPTH`
(its own chess positions) one after the other and reports both nodes/second
and their ratio; then Chimera's bench with 1 and 2 threads, reporting the
time each took (time to the same depths) and the nps, i.e. the Lazy SMP gain.

With --per-variant V1,V2,... it instead compares, variant by variant, the
start position: Chimera's `bench DEPTH 1 16 V` (its start position of V and
three plies along the best line) against Fairy-Stockfish's bench on the
start position of V (`setoption name UCI_Variant`, `bench 16 1 FSF_DEPTH
current depth`), each engine's fastest of --repeat runs.

usage: bench/search_speed.py [--chimera build/chimera] [--depth N] [--fsf-depth N]
       bench/search_speed.py --per-variant chess,capablanca,shogi,xiangqi,crazyhouse
                             [--depth N] [--fsf-depth N] [--repeat N]
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


def fsf_variant_bench(variant, depth):
    script = (f"setoption name UCI_Variant value {variant}\nposition startpos\n"
              f"bench 16 1 {depth} current depth\nquit\n")
    start = time.monotonic()
    out = subprocess.run([FSF], input=script, capture_output=True, text=True, timeout=1800)
    elapsed = time.monotonic() - start
    text = out.stdout + out.stderr
    nodes = re.search(r"Nodes searched\s*:\s*(\d+)", text)
    nps = re.search(r"Nodes/second\s*:\s*(\d+)", text)
    return (int(nodes.group(1)) if nodes else 0, int(nps.group(1)) if nps else 0, elapsed)


def per_variant(args):
    print("| variant | Chimera nodes | Chimera nps | FSF nodes | FSF nps | ratio |")
    print("|---|---|---|---|---|---|")
    for v in args.per_variant.split(","):
        c = max((run([args.chimera, "bench", str(args.depth), "1", "16", v])
                 for _ in range(args.repeat)), key=lambda r: r[1])
        f = max((fsf_variant_bench(v, args.fsf_depth) for _ in range(args.repeat)),
                key=lambda r: r[1])
        ratio = f"{c[1] / f[1]:.2f}" if f[1] else "-"
        print(f"| {v} | {c[0]:,} | {c[1]:,} | {f[0]:,} | {f[1]:,} | {ratio} |", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--chimera", default="build/chimera")
    ap.add_argument("--depth", type=int, default=8, help="chimera bench depth")
    ap.add_argument("--fsf-depth", type=int, default=13)
    ap.add_argument("--variants", default="chess", help="chimera bench variant list")
    ap.add_argument("--per-variant", help="compare start positions of these variants")
    ap.add_argument("--repeat", type=int, default=1, help="keep each engine's fastest run")
    args = ap.parse_args()
    if args.per_variant:
        per_variant(args)
        return
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
