#!/usr/bin/env python3
"""Chimera-vs-Fairy-Stockfish PGNs to `chimera tune` data (RESULT SCORE FEN, White's view, one
block per game ended by '# end N'): positions from ply 8 on, not in check, whose next move in the
game is not a capture (roughly quiet); SCORE is the mover's PGN score turned to White's view.
FENs come from Fairy-Stockfish's `d`. pgn_to_data.py FSF OUT GAMES.pgn..."""
import os
import subprocess
import sys

# pgn_time.py lives with the fixed-depth scripts
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "2026-11-28",
                                "fixed-depth"))
from blunders import score  # noqa: E402
from pgn_time import games  # noqa: E402
fsf = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
fsf.stdin.write("uci\nsetoption name UCI_Variant value chess\n")
out = open(sys.argv[2], "w")
n = 0
for path in sys.argv[3:]:
    for white, black, result, plies in games(path):
        r = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}.get(result)
        if r is None:
            continue
        moves = [m for m, _ in plies]
        for i in range(8, len(plies) - 1):
            s = score(plies[i][1])  # mates are 1e4: left out below
            if s is None or abs(s) > 10:
                continue
            fsf.stdin.write("position startpos moves %s\nd\nisready\n" % " ".join(moves[:i]))
            fsf.stdin.flush()
            fen, checkers, board = None, "", {}
            while True:
                line = fsf.stdout.readline()
                if line.startswith("readyok"):
                    break
                if line.startswith("Fen: "):
                    fen = line[5:].strip()
                if line.startswith("Checkers:"):
                    checkers = line[9:].strip()
            if not fen or checkers:
                continue
            # the next move captures when its target square holds a piece in the FEN
            rows = fen.split()[0].split("/")
            to = moves[i][2:4]
            f, rk = ord(to[0]) - 97, int(to[1])
            row = rows[8 - rk]
            col = 0
            occupied = False
            for ch in row:
                if ch.isdigit():
                    col += int(ch)
                else:
                    if col == f:
                        occupied = True
                    col += 1
            if occupied:
                continue
            white_to_move = fen.split()[1] == "w"
            out.write("%s %d %s\n" % (r, round(100 * s if white_to_move else -100 * s), fen))
        out.write("# end %d\n" % n)
        n += 1
fsf.stdin.write("quit\n")
print(n, "games")
