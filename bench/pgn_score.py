#!/usr/bin/env python3
"""pgn_score.py PGN [NAME] — W-L-D of NAME (default Chimera) in an XBoard PGN,
with the Elo estimate of elo.py, and how the games ended."""
import collections
import re
import subprocess
import sys
import os


def main():
    path = sys.argv[1]
    name = sys.argv[2] if len(sys.argv) > 2 else "Chimera"
    text = open(path, encoding="utf-8", errors="replace").read()
    w = l = d = 0
    endings = collections.Counter()
    for game in re.split(r"\n(?=\[Event )", text):
        white = re.search(r'\[White "([^"]*)"\]', game)
        result = re.search(r'\[Result "([^"]*)"\]', game)
        if not white or not result or result.group(1) == "*":
            continue
        r = result.group(1)
        ending = re.findall(r"\{([A-Za-z][^}]*)\}\s*(?:1-0|0-1|1/2-1/2)", game)
        endings[ending[-1] if ending else "?"] += 1
        if r == "1/2-1/2":
            d += 1
        elif (r == "1-0") == white.group(1).startswith(name):
            w += 1
        else:
            l += 1
    elo = subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "elo.py"),
                          str(w), str(l), str(d)], capture_output=True, text=True).stdout.strip()
    print(f"{os.path.basename(path)}: +{w} -{l} ={d}  {elo}")
    for ending, n in endings.most_common():
        print(f"    {n:3d}  {ending}")


if __name__ == "__main__":
    main()
