#!/usr/bin/env python3
"""Fairy-Stockfish's classical evaluation terms (its `eval` trace) at the positions blunders.py
finds, averaged from Fairy-Stockfish's side, and each side's king safety:
fsf_terms.py FAIRY-STOCKFISH GAMES.pgn [GAMES.pgn ...]"""
import re
import subprocess
import sys

from blunders import jumps

cases = [c for path in sys.argv[2:] for c in jumps(path)]
fsf = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
fsf.stdin.write("uci\nsetoption name UCI_Variant value chess\n")
terms, own_king, chimera_king = {}, 0.0, 0.0
ROW = re.compile(r"\|\s*([A-Za-z ]+?)\s*\|\s*([-\d.]+|----)\s+([-\d.]+|----)\s*\|\s*([-\d.]+|----)\s+([-\d.]+|----)\s*\|\s*([-\d.]+)\s+([-\d.]+)\s*\|")
for moves, side, _ in cases:
    fsf.stdin.write("position startpos moves %s\neval\nisready\n" % " ".join(moves))
    fsf.stdin.flush()
    sign = 1 if side == "w" else -1
    while True:
        line = fsf.stdout.readline()
        if line.startswith("readyok"):
            break
        m = ROW.match(line)
        if not m:
            continue
        t = terms.setdefault(m.group(1), [0.0, 0.0])
        t[0] += sign * float(m.group(6))
        t[1] += sign * float(m.group(7))
        if m.group(1) == "King safety":
            white, black = float(m.group(2)), float(m.group(4))
            own_king += white if side == "w" else black
            chimera_king += black if side == "w" else white
fsf.stdin.write("quit\n")
n = len(cases)
print("positions: %d (Fairy-Stockfish's side, its pawns, mg eg)" % n)
for name, (mg, eg) in terms.items():
    print("%-12s %+.2f %+.2f" % (name, mg / n, eg / n))
print("king safety mg: Fairy-Stockfish's own %+.2f, Chimera's %+.2f" % (own_king / n, chimera_king / n))
