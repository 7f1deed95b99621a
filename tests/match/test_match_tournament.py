"""More than two engines through `chimera match`: a round robin (every pair
meets) and a gauntlet (the first engine against each other one), played two
games at a time (-concurrency 2); the PGN holds every game once and the
final ranking table lists every engine."""
import sys
from collections import Counter

from matchlib import check, run_match

chimera = sys.argv[1]
engines = []
for name in ("a", "b", "c"):
    engines += ["-engine", "cmd=" + chimera, "name=" + name]
common = ["-each", "depth=1", "option.Hash=4", "-games", "2", "-repeat", "-concurrency", "2",
          "-openings", "random", "plies=4", "depth=0"]

status, out, err, games = run_match(chimera, engines + common)
check(status == 0, "round robin: status %d: %s" % (status, err[-1500:]))
check(len(games) == 6, "3 encounters x 2 games: %d" % len(games))
meetings = Counter(tuple(sorted((g["White"], g["Black"]))) for g in games)
check(meetings == Counter({("a", "b"): 2, ("a", "c"): 2, ("b", "c"): 2}), "pairs: %r" % meetings)
check(sorted(int(g["Round"]) for g in games) == [1] * 6, "one round")
for pair in (("a", "b"), ("a", "c"), ("b", "c")):
    check("Score of %s vs %s:" % pair in out, "a score line per encounter: " + out)
check("Rank Name" in out and all(" %s " % n in out for n in "abc"), "ranking table: " + out)

status, out, err, games = run_match(chimera, engines + common + ["-tournament", "gauntlet"])
check(status == 0, "gauntlet: status %d: %s" % (status, err[-1500:]))
check(len(games) == 4, "2 encounters x 2 games: %d" % len(games))
check(all("a" in (g["White"], g["Black"]) for g in games), "a plays every game")
print("ok")
