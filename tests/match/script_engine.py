#!/usr/bin/env python3
"""A scripted engine for testing `chimera match`: it speaks UCI or XBoard and
plays moves from a list given on the command line, one per ply of the game
(it plays list[k] when asked at ply k), or misbehaves on purpose at its n-th
move (counted from 1):

  --proto uci|xboard      protocol (default uci)
  --moves "m1 m2 ..."     the game's moves, both sides'; beyond the list: "a1a1"
  --illegal N             its N-th move is the illegal "a1a1"
  --stall N               at its N-th move it never answers
  --crash N               at its N-th move it exits
  --garbage N             at its N-th move it answers "bestmove" alone / "move"
  --claim N               (XBoard) at its N-th move it claims "1-0 {false claim}"
  --resign N              (XBoard) at its N-th move it resigns
  --illegal-as-white      plays the illegal "a1a1" whenever it has white
  --flood N               at its N-th move it writes info lines without end
  --sleep-ms MS           thinks this long before each move
  --score CP              reports this score (centipawns) with each move
  --variants "a,b"        variants it announces (default chess)
  --pidfile FILE          writes its pid there (and its helper's, with --helper)
  --helper                starts a child process that sleeps, to test process groups
  --runs FILE --max-runs N  counts its starts in FILE; after N of them it exits at
                          once (a program that runs but never completes a handshake)
"""
import argparse
import os
import subprocess
import sys
import time

ap = argparse.ArgumentParser()
ap.add_argument("--proto", default="uci")
ap.add_argument("--moves", default="")
for name in ("illegal", "stall", "crash", "garbage", "claim", "resign", "flood"):
    ap.add_argument("--" + name, type=int, default=0)
ap.add_argument("--sleep-ms", type=int, default=0)
ap.add_argument("--score", type=int, default=None)
ap.add_argument("--variants", default="chess")
ap.add_argument("--pidfile", default="")
ap.add_argument("--helper", action="store_true")
ap.add_argument("--illegal-as-white", action="store_true")
ap.add_argument("--runs", default="")
ap.add_argument("--max-runs", type=int, default=-1)
args = ap.parse_args()

if args.runs:
    runs = int(open(args.runs).read() or 0) + 1 if os.path.exists(args.runs) else 1
    with open(args.runs, "w") as f:
        f.write(str(runs))
    if 0 <= args.max_runs < runs:
        sys.exit(1)

moves = args.moves.split()
pids = [os.getpid()]
if args.helper:
    pids.append(subprocess.Popen(["sleep", "300"]).pid)
if args.pidfile:
    with open(args.pidfile, "w") as f:
        f.write(" ".join(str(p) for p in pids) + "\n")

made = 0  # moves this engine has played


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def answer(ply):
    """The move (or misbehaviour) at game ply `ply`; None when already handled."""
    global made
    made += 1
    if args.sleep_ms:
        time.sleep(args.sleep_ms / 1000.0)
    if made == args.stall:
        while True:
            time.sleep(100)
    if made == args.crash:
        sys.exit(3)
    if made == args.flood:
        try:
            while True:
                say("info string flooding" if args.proto == "uci" else "# flooding")
        except BrokenPipeError:
            os._exit(0)
    if args.score is not None:
        if args.proto == "uci":
            say("info depth 1 score cp %d nodes 1 pv x" % args.score)
        else:
            say("1 %d 0 1 x" % args.score)
    if made == args.garbage:
        say("bestmove" if args.proto == "uci" else "move")
        return None
    if made == args.claim:
        say("1-0 {false claim}")
        return None
    if made == args.resign:
        say("resign")
        return None
    if made == args.illegal or (args.illegal_as_white and ply % 2 == 0):
        return "a1a1"
    return moves[ply] if ply < len(moves) else "a1a1"


def uci():
    ply = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "uci":
            say("id name script")
            say("option name UCI_Variant type combo default chess"
                + "".join(" var " + v for v in args.variants.split(",")))
            say("uciok")
        elif cmd == "isready":
            say("readyok")
        elif cmd == "position":
            ply = len(words) - words.index("moves") - 1 if "moves" in words else 0
        elif cmd == "go":
            move = answer(ply)
            if move:
                say("bestmove " + move)
        elif cmd == "quit":
            return


def xboard():
    ply = 0
    forced = False
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "protover":
            say('feature usermove=1 setboard=1 ping=1 myname="script" variants="%s" done=1'
                % args.variants.replace(",", ","))
        elif cmd == "ping":
            say("pong " + words[1])
        elif cmd == "new":
            ply = 0
        elif cmd == "force":
            forced = True
        elif cmd == "usermove":
            ply += 1
        elif cmd == "go":
            forced = False
            move = answer(ply)
            if move:
                say("move " + move)
                ply += 1
        elif cmd == "quit":
            return
    del forced


if args.proto == "uci":
    uci()
else:
    xboard()
