#!/usr/bin/env python3
"""Perft speed of Chimera against Debian's fairy-stockfish and stockfish.

Each position is counted by every engine in the same run; the report gives
nodes/second and Chimera's ratio to each reference engine. Reference engines
are driven over UCI (`go perft N`), timed from the command to their
"Nodes searched" line (start-up excluded). Chimera runs `chimera perft`,
which reports the time of the count itself. All single-threaded.

usage: bench/perft.py [--chimera build/chimera] [--quick] [--repeat N]
"""
import argparse
import os
import re
import subprocess
import time

FSF = "/usr/games/fairy-stockfish"
SF = "/usr/games/stockfish"

# (label, variant, fen or None for the start position, depth, quick depth)
POSITIONS = [
    ("chess startpos", "chess", None, 6, 5),
    ("kiwipete", "chess",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 4),
    ("capablanca startpos", "capablanca", None, 5, 4),
    ("shogi startpos", "shogi", None, 5, 4),
    ("xiangqi startpos", "xiangqi", None, 5, 4),
    ("crazyhouse hands", "crazyhouse",
     "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1", 4, 3),
]


def run_uci(engine, variant, fen, depth):
    """Returns (nodes, seconds) of `go perft depth`, timed from the command
    to the "Nodes searched" line, after the engine answered isready."""
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def wait_for(prefix):
        while True:
            line = proc.stdout.readline()
            if not line:
                return None
            if line.startswith(prefix):
                return line

    send("uci")
    wait_for("uciok")
    if variant != "chess":
        send(f"setoption name UCI_Variant value {variant}")
    send(f"position fen {fen}" if fen else "position startpos")
    send("isready")
    wait_for("readyok")
    t0 = time.perf_counter()
    send(f"go perft {depth}")
    line = wait_for("Nodes searched")
    t = time.perf_counter() - t0
    send("quit")
    proc.wait()
    m = re.search(r"Nodes searched: (\d+)", line or "")
    return (int(m.group(1)) if m else None), max(t, 1e-6)


def run_chimera(binary, variant, fen, depth):
    cmd = [binary, "perft", "--variant", variant]
    if fen:
        cmd += ["--fen", fen]
    out = subprocess.run(cmd + [str(depth)], capture_output=True, text=True)
    m = re.search(r"Nodes searched: (\d+)", out.stdout)
    t = re.search(r"Time \(ms\): (\d+)", out.stdout)
    if not m:
        return None, None, (out.stderr.strip() or out.stdout.strip())[:80]
    return int(m.group(1)), max(int(t.group(1)) / 1000.0, 1e-3), ""


def main():
    ap = argparse.ArgumentParser()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--chimera", default=os.path.join(root, "build", "chimera"))
    ap.add_argument("--quick", action="store_true", help="one ply less everywhere")
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="count every position N times per engine, interleaved, and keep "
                         "each engine's fastest run (on a shared machine the fastest run "
                         "is the one least disturbed by other jobs)")
    args = ap.parse_args()

    print("| position | depth | nodes | Chimera nps | fairy-sf nps | ratio | stockfish nps | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for label, variant, fen, depth, quick in POSITIONS:
        d = quick if args.quick else depth
        runs = {"c": [], "f": [], "s": []}
        for _ in range(max(1, args.repeat)):
            # interleaved, so a burst of load hits every engine alike
            runs["c"].append(run_chimera(args.chimera, variant, fen, d))
            runs["f"].append(run_uci(FSF, variant, fen, d))
            if variant == "chess":
                runs["s"].append(run_uci(SF, variant, fen, d))
        fastest = lambda rs: min(rs, key=lambda r: r[1] if r[1] else float("inf"))
        nodes, secs, err = fastest(runs["c"])
        fnodes, fsecs = fastest(runs["f"])
        cnps = f"{nodes / secs:,.0f}" if nodes else f"error: {err}"
        fnps = f"{fnodes / fsecs:,.0f}" if fnodes else "n/a"
        fratio = f"{(nodes / secs) / (fnodes / fsecs):.2f}" if nodes and fnodes else "-"
        if nodes and fnodes and nodes != fnodes:
            fratio += f" (counts differ: {fnodes})"
        snps, sratio = "-", "-"
        if variant == "chess":
            snodes, ssecs = fastest(runs["s"])
            snps = f"{snodes / ssecs:,.0f}"
            sratio = f"{(nodes / secs) / (snodes / ssecs):.2f}" if nodes else "-"
        print(f"| {label} | {d} | {nodes or fnodes} | {cnps} | {fnps} | {fratio} | {snps} | {sratio} |")


if __name__ == "__main__":
    main()
