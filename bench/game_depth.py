#!/usr/bin/env python3
"""Nodes and time each UCI engine needs to reach a fixed depth on the
positions of real games (a PGN written by `chimera match` or cutechess-cli,
moves in coordinate notation), in the same run.

    bench/game_depth.py --pgn games.pgn --variant chess --depth 12 \
        --mode warm --games 6 ENGINE [ENGINE ...]

Each ENGINE is a binary path; one thread, Hash 16 MB.

cold: one process per engine; every position is searched after
      `ucinewgame` (plies 16, 30 and 44 of each game).
warm: one process per engine and game; every second ply from 8 to 58 is
      searched in game order, the hash kept between searches, as in a game.

The depth counted is the first `info depth D` line of a finished iteration
(no bound), read at `bestmove`; its `nodes` and `time` are summed. The first
engine is the reference for the ratios. Why it exists: the depths engines
print in game PGNs do not compare (Fairy-Stockfish prints the depth of the
iteration it was stopped in, Chimera the last one it finished).
"""
import argparse
import re

from selfplay_uci import Engine  # UCI set-up: variant, Hash 16, isready

MOVE = re.compile(r"^([A-Za-z+]@)?[a-z]\d+([a-z]\d+)?[a-z+]?$")


def game_moves(pgn_text):
    games = []
    for chunk in pgn_text.split("[Event ")[1:]:
        body = chunk[chunk.find("\n\n"):]
        body = re.sub(r"\{[^}]*\}", " ", body)
        body = re.sub(r"\d+\.", " ", body)
        games.append([t for t in body.split() if MOVE.match(t)])
    return games


def search_to_depth(engine, moves, depth, new_game):
    """The nodes and time of the finished iteration at depth, or None."""
    if new_game:
        engine.newgame()
    engine.send("position startpos moves " + " ".join(moves))
    engine.send(f"go depth {depth}")
    for line in engine.wait("bestmove"):
        if line.startswith(f"info depth {depth} ") and "bound" not in line:
            nodes = int(re.search(r"\bnodes (\d+)", line).group(1))
            time = int(re.search(r"\btime (\d+)", line).group(1))
            return nodes, time
    return None


def measure(cmd, games, args):
    nodes = time = count = 0
    engine = None
    for moves in games:
        if args.mode == "warm" or engine is None:
            if engine:
                engine.quit()
            engine = Engine(cmd, args.variant)
            engine.newgame()
        plies = range(8, min(60, len(moves)), 2) if args.mode == "warm" else (16, 30, 44)
        for ply in plies:
            if ply >= len(moves):
                continue
            result = search_to_depth(engine, moves[:ply], args.depth, args.mode == "cold")
            if result:
                nodes, time, count = nodes + result[0], time + result[1], count + 1
    engine.quit()
    return nodes, time, count


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pgn", required=True)
    parser.add_argument("--variant", default="chess")
    parser.add_argument("--depth", type=int, default=12)
    parser.add_argument("--mode", choices=("cold", "warm"), default="cold")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("engines", nargs="+")
    args = parser.parse_args()
    games = game_moves(open(args.pgn).read())[: args.games]
    first = None
    for cmd in args.engines:
        nodes, time, count = measure(cmd, games, args)
        first = first or (nodes, time)
        print(f"{cmd}: {count} positions, depth {args.depth} {args.mode}: {nodes} nodes "
              f"({nodes / max(1, first[0]):.2f}x), {time} ms ({time / max(1, first[1]):.2f}x)",
              flush=True)


if __name__ == "__main__":
    main()
