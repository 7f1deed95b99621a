#!/usr/bin/env python3
"""In each game the engine named "chimera" lost (a `chimera match` PGN against "fsf"): the first
position where Fairy-Stockfish's score for itself reached +1.5 while Chimera's last score for
itself was -0.5 or better, and whether Chimera's own score fell to -1.0 within its next three
moves (a tactic it saw late) or not (a judgement): blunders.py GAMES.pgn"""
import re
import sys

from pgn_time import games


def score(comment):
    m = re.match(r"\s*([+-]?)(M?)([\d.]+)/(\d+)", comment)
    if not m:
        return None
    value = 1e4 if m.group(2) else float(m.group(3))
    return -value if m.group(1) == "-" else value


def jumps(path):
    """(moves before the jump, Fairy-Stockfish's colour, Chimera's next scores) per lost game"""
    found = []
    for white, _, result, plies in games(path):
        chimera_white = white == "chimera"
        if result != ("0-1" if chimera_white else "1-0"):
            continue
        last = None
        for i, (_, comment) in enumerate(plies):
            s = score(comment)
            if s is None:
                continue
            if (i % 2 == 0) == chimera_white:
                last = s
            elif s >= 1.5 and last is not None and last >= -0.5:
                later = [score(c) for _, c in plies[i + 1:i + 7:2] if score(c) is not None]
                found.append(([m for m, _ in plies[:i]], "b" if chimera_white else "w", later))
                break
    return found


if __name__ == "__main__":
    cases = jumps(sys.argv[1])
    seen = sum(1 for _, _, later in cases if any(x <= -1.0 for x in later))
    print("jumps: %d; Chimera at -1.0 within three moves: %d; not: %d" % (len(cases), seen, len(cases) - seen))
