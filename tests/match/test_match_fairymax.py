"""Chimera (over XBoard) against Debian's Fairy-Max through `chimera match`:
every game must end by the rules, with no illegal move, crash or time loss
on either side. Skipped (77) when /usr/games/fairymax is not installed."""
import os
import sys

from matchlib import check, run_match

chimera = sys.argv[1]
FAIRYMAX = "/usr/games/fairymax"
if not os.path.exists(FAIRYMAX):
    print("skipped: %s not installed" % FAIRYMAX)
    sys.exit(77)

for variant in ("chess", "capablanca"):
    status, out, err, games = run_match(chimera, [
        "-engine", "cmd=" + chimera, "name=chimera", "proto=xboard",
        "-engine", "cmd=" + FAIRYMAX, "name=fairymax", "proto=xboard",
        "-each", "tc=3+0.03", "timemargin=200", "-variant", variant, "-games", "2", "-repeat",
        "-openings", "random", "plies=4", "depth=0", "seed=3"], timeout=400)
    check(status == 0, "%s: status %d: %s" % (variant, status, err[-1500:]))
    check(len(games) == 2, "%s: two games" % variant)
    for g in games:
        check(g["Termination"] == "normal", "%s: ended by the rules, got %r: %s"
              % (variant, g["Termination"], g["text"][-300:]))
print("ok")
