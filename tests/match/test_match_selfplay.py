"""Chimera against Chimera through `chimera match`: short real matches in three
variants — chess, capablanca (shipped, 10x8) and designer66, loaded from a
file the way a variant designer would — every game ended by the rules, the
openings paired with colours reversed, and the statistics printed."""
import os
import sys

from matchlib import HERE, check, run_match

chimera = sys.argv[1]
DESIGNER = os.path.join(HERE, "designer.var")


def match(variant, extra_engine=(), load=()):
    status, out, err, games = run_match(chimera, list(load) + [
        "-engine", "cmd=" + chimera, "name=a", *extra_engine,
        "-engine", "cmd=" + chimera, "name=b", *extra_engine,
        "-each", "depth=2", "option.Hash=8", "-variant", variant, "-games", "4", "-repeat",
        "-openings", "random", "plies=6", "depth=2", "seed=7", "-sprt", "elo0=0", "elo1=10"])
    check(status == 0, "%s: status %d, stderr: %s" % (variant, status, err[-2000:]))
    check(len(games) == 4, "%s: 4 games in the PGN, got %d" % (variant, len(games)))
    pairs = {}
    for g in games:
        check(g["Result"] in ("1-0", "0-1", "1/2-1/2"), "a result: %r" % g["Result"])
        check(g["Termination"] == "normal", "%s: ended by the rules: %r %s"
              % (variant, g["Termination"], g["text"][-200:]))
        check(g["text"].count("{book}") == 6, "six opening plies in the movetext")
        pairs.setdefault(tuple(g["moves"][:6]), []).append((g["White"], g["Black"]))
    check(len(pairs) == 2, "two openings for two pairs: %r" % list(pairs))
    for colours in pairs.values():
        check(sorted(colours) == [("a", "b"), ("b", "a")], "colours reversed: %r" % colours)
    check("Score of a vs b:" in out and "Ptnml(0-2):" in out and "SPRT: llr" in out,
          "summary with pentanomial counts and SPRT: " + out)
    check("Finished game 4 of 4" in err, "progress on stderr")
    return games


games = match("chess")
check(all("Variant" not in g for g in games), "no Variant tag for chess")

games = match("capablanca")
check(all(g.get("Variant") == "capablanca" for g in games), "Variant tag")
check(all("Variant definition" not in g["text"] for g in games), "a shipped variant needs none")

games = match("designer66", ["option.VariantPath=" + DESIGNER], ["--load", DESIGNER])
check(all(g.get("Variant") == "designer66" for g in games), "Variant tag")
with open(DESIGNER) as f:
    definition = f.read()
for g in games:
    # The definition as ';' comment lines, braces intact.
    check("; [designer66:chess]" in g["text"] and "; rules += royal{K}" in g["text"],
          "the variant's definition in the PGN: " + g["text"][:600])
print("ok")
