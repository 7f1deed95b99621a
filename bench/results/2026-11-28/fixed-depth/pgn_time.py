#!/usr/bin/env python3
"""Mean time a move per engine in a `chimera match` PGN (comments "{score/depth T.TTTs}";
book moves are left out): pgn_time.py GAMES.pgn"""
import re
import sys

total, count = {}, {}
for game in open(sys.argv[1]).read().split("[Event ")[1:]:
    names = [re.search(r'\[%s "([^"]+)"' % side, game).group(1) for side in ("White", "Black")]
    body = game.split("\n\n", 1)[1]
    for ply, (_, comment) in enumerate(re.findall(r"([a-z]\d+[a-z]\d+[a-z+]?)\s*\{([^}]*)\}", body)):
        seconds = re.search(r"([\d.]+)s", comment)
        if seconds and "book" not in comment:
            name = names[ply % 2]
            total[name] = total.get(name, 0.0) + float(seconds.group(1))
            count[name] = count.get(name, 0) + 1
for name in sorted(total):
    print("%s: %d moves, %.1f ms a move" % (name, count[name], 1000 * total[name] / count[name]))
