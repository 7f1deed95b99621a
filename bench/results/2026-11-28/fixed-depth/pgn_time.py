#!/usr/bin/env python3
"""Mean time a move per engine in a `chimera match` PGN (comments "{score/depth T.TTTs}";
book moves are left out): pgn_time.py GAMES.pgn. games() is the PGN reading blunders.py uses."""
import re
import sys

PLY = re.compile(r"([a-z]\d+[a-z]\d+[a-z+]?)\s*\{([^}]*)\}")


def games(path):
    """(white, black, result, [(move, comment), ...]) per game"""
    for game in open(path).read().split("[Event ")[1:]:
        tag = lambda name: re.search(r'\[%s "([^"]+)"' % name, game).group(1)
        yield tag("White"), tag("Black"), tag("Result"), PLY.findall(game.split("\n\n", 1)[1])


if __name__ == "__main__":
    total, count = {}, {}
    for white, black, _, plies in games(sys.argv[1]):
        for ply, (_, comment) in enumerate(plies):
            seconds = re.search(r"([\d.]+)s", comment)
            if seconds and "book" not in comment:
                name = (white, black)[ply % 2]
                total[name] = total.get(name, 0.0) + float(seconds.group(1))
                count[name] = count.get(name, 0) + 1
    for name in sorted(total):
        print("%s: %d moves, %.1f ms a move" % (name, count[name], 1000 * total[name] / count[name]))
