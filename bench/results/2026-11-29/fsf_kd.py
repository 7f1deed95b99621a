#!/usr/bin/env python3
"""Fairy-Stockfish's king-danger parts at the positions blunders.py finds, averaged per king
(Fairy-Stockfish's and Chimera's): fsf_kd.py FSF-DIAG [--sample] GAMES.pgn...

FSF-DIAG is a Fairy-Stockfish built for this measurement only, outside the checkout: in
evaluate.cpp's king(), just before "if (kingDanger > 100)", when tracing, it writes one line per
king to std::cout (not sync_cout: `eval` holds that lock while it traces):
"KD w|b attw A ring R unsafe U blockers B attacks K flank F mob M nomajor N knightdef D shelter S
flankdef E shelter_mg G total T", each the part of kingDanger that line's sum adds (attw: the
attackers' count times their weights; ring: 183 per weak ring square; unsafe: 148 per unsafe
check square; blockers: 98 per piece pinned to the king; attacks: 69 per attack next to the
king; flank: 3*f*f/8; mob: the mobility difference; nomajor: -873 without a major piece;
knightdef: -100 for a knight defending; shelter: -6/8 of the shelter and storm score
(shelter_mg); flankdef: -4 per defended flank square), and total the index. The safe checks are
what total leaves over the parts and the constant 37."""
import os
import subprocess
import sys

# blunders.py (and its pgn_time.py) live with the fixed-depth scripts
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "2026-11-28",
                                "fixed-depth"))
from blunders import jumps  # noqa: E402
from pgn_time import games  # noqa: E402


def sampled(path):
    """every fourth position from ply 16 to 80 after a move of Chimera's, for comparison with
    the positions blunders.py picks (which are chosen where Fairy-Stockfish found an attack)"""
    found = []
    for white, _, _, plies in games(path):
        fsf_side = "b" if white == "chimera" else "w"
        first = 17 if white == "chimera" else 16  # plies after a Chimera move: 1, 3, ... or 2, 4, ...
        for i in range(first, min(80, len(plies)), 4):
            found.append(([m for m, _ in plies[:i]], fsf_side, None))
    return found


every = "--sample" in sys.argv
paths = [a for a in sys.argv[2:] if a != "--sample"]
cases = [c for path in paths for c in (sampled(path) if every else jumps(path))]
fsf = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
fsf.stdin.write("uci\nsetoption name UCI_Variant value chess\n")
sums = {"fsf": {}, "chimera": {}}
for moves, side, _ in cases:
    fsf.stdin.write("position startpos moves %s\neval\nisready\n" % " ".join(moves))
    fsf.stdin.flush()
    while True:
        line = fsf.stdout.readline()
        if line.startswith("readyok"):
            break
        if not line.startswith("KD "):
            continue
        f = line.split()
        who = "fsf" if f[1] == side else "chimera"
        vals = {f[i]: int(f[i + 1]) for i in range(2, len(f) - 1, 2)}
        parts = sum(v for k, v in vals.items() if k not in ("total", "shelter_mg"))
        vals["checks"] = vals["total"] - parts - 37
        kd = vals["total"]
        vals["penalty_mg"] = min(kd, 3500) * kd // 4096 if kd > 100 else 0
        vals["count>100"] = 1 if kd > 100 else 0
        for k, v in vals.items():
            sums[who][k] = sums[who].get(k, 0) + v
fsf.stdin.write("quit\n")
n = len(cases)
print("positions: %d; mean per king, Fairy-Stockfish's danger units" % n)
keys = list(sums["fsf"].keys())
print("%-12s %9s %9s" % ("part", "fsf king", "chimera"))
for k in keys:
    print("%-12s %9.1f %9.1f" % (k, sums["fsf"][k] / n, sums["chimera"][k] / n))
