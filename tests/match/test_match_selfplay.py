"""Chimera against Chimera through `chimera match`: short real matches, every
game ended by the referee with a result the rules explain."""
import sys

from matchlib import check, run_match

chimera = sys.argv[1]

# Chess, fixed depth, random openings in pairs, SPRT on: 4 games, 2 pairs.
status, out, err, games = run_match(chimera, [
    "-engine", "cmd=" + chimera, "name=a", "-engine", "cmd=" + chimera, "name=b",
    "-each", "depth=3", "option.Hash=8", "-games", "4", "-repeat",
    "-openings", "random", "plies=6", "seed=7",
    "-sprt", "elo0=0", "elo1=10"])
check(status == 0, "status %d, stderr: %s" % (status, err[-2000:]))
check(len(games) == 4, "4 games in the PGN, got %d" % len(games))
for g in games:
    check(g["Result"] in ("1-0", "0-1", "1/2-1/2"), "a result: %r" % g["Result"])
    check(g["Termination"] in ("normal", "adjudication"), "normal end: %r" % g["Termination"])
    check(g["moves"][:6] and "{book}" in g["text"], "the opening is in the movetext")
# Pairs share their opening, colours reversed.
pairs = {}
for g in games:
    pairs.setdefault(tuple(g["moves"][:6]), []).append((g["White"], g["Black"]))
check(len(pairs) == 2, "two openings for two pairs: %r" % list(pairs))
for colours in pairs.values():
    check(sorted(colours) == [("a", "b"), ("b", "a")], "colours reversed in a pair: %r" % colours)
check("Score of a vs b:" in out, "summary on stdout: " + out)
check("Ptnml(0-2):" in out and "SPRT: llr" in out, "pentanomial and SPRT lines: " + out)
check("Finished game 4 of 4" in err or "Finished game" in err, "progress on stderr")
print("ok")
