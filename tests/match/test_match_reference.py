"""Chimera against a reference engine through `chimera match`: Debian's
Fairy-Max over XBoard (short clocks, chess and capablanca) or Debian's
Fairy-Stockfish over UCI (fixed depth, chess and xiangqi, a 10-rank board).
Every game must end by the rules: no illegal move, crash, stall or time
loss on either side. Skipped (77) when the engine is not installed.

Usage: test_match_reference.py CHIMERA fairymax|fairy-stockfish"""
import os
import sys

from matchlib import check, run_match

chimera, which = sys.argv[1], sys.argv[2]
if which == "fairymax":
    program, proto, limits = "/usr/games/fairymax", "xboard", ["tc=3+0.03", "timemargin=200"]
    variants = ("chess", "capablanca")
else:
    program, proto, limits = "/usr/games/fairy-stockfish", "uci", ["depth=4", "option.Hash=8"]
    variants = ("chess", "xiangqi")
if not os.path.exists(program):
    print("skipped: %s not installed" % program)
    sys.exit(77)

for variant in variants:
    status, out, err, games = run_match(chimera, [
        "-engine", "cmd=" + chimera, "name=chimera", "proto=" + proto,
        "-engine", "cmd=" + program, "name=" + which, "proto=" + proto,
        "-each", *limits, "-variant", variant, "-games", "2", "-repeat",
        "-openings", "random", "plies=4", "depth=0", "seed=3"], timeout=400)
    check(status == 0, "%s: status %d: %s" % (variant, status, err[-1500:]))
    check(len(games) == 2, "%s: two games" % variant)
    for g in games:
        check(g["Termination"] == "normal", "%s: ended by the rules, got %r: %s"
              % (variant, g["Termination"], g["text"][-300:]))
print("ok")
