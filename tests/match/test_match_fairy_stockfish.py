"""Chimera against Debian's Fairy-Stockfish over UCI through `chimera match`,
at fixed depth in chess and xiangqi (a 10-rank board): every game ends by
the rules. Skipped (77) when /usr/games/fairy-stockfish is not installed."""
import os
import sys

from matchlib import check, run_match

chimera = sys.argv[1]
FSF = "/usr/games/fairy-stockfish"
if not os.path.exists(FSF):
    print("skipped: %s not installed" % FSF)
    sys.exit(77)

for variant in ("chess", "xiangqi"):
    status, out, err, games = run_match(chimera, [
        "-engine", "cmd=" + chimera, "name=chimera",
        "-engine", "cmd=" + FSF, "name=fsf",
        "-each", "depth=4", "option.Hash=8", "-variant", variant, "-games", "2", "-repeat",
        "-openings", "random", "plies=4", "depth=0", "seed=5"], timeout=400)
    check(status == 0, "%s: status %d: %s" % (variant, status, err[-1500:]))
    check(len(games) == 2, "%s: two games" % variant)
    for g in games:
        check(g["Termination"] == "normal", "%s: ended by the rules, got %r: %s"
              % (variant, g["Termination"], g["text"][-300:]))
print("ok")
