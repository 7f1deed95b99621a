"""Chimera against Chimera through `chimera match`: short real matches in three
variants — chess, capablanca (shipped, 10x8) and designer66, loaded from a
file the way a variant designer would — every game ended by the rules, the
openings paired with colours reversed, and the statistics printed; then
Chimera over XBoard against itself over UCI in xiangqi."""
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
# Over XBoard in the loaded variant: Chimera announces it only once its
# VariantPath option is set, so the runner asks for the features again.
status, out, err, games = run_match(chimera, [
    "--load", DESIGNER, "-engine", "cmd=" + chimera, "name=xb", "proto=xboard",
    "option.VariantPath=" + DESIGNER, "-engine", "cmd=" + chimera, "name=uci",
    "option.VariantPath=" + DESIGNER, "-each", "depth=2", "-variant", "designer66", "-games", "2"])
check(status == 0 and len(games) == 2, "designer66 over XBoard: %d %s" % (status, err[-1500:]))
check(all(g["Termination"] == "normal" for g in games), "ended by the rules")

# The same engine over XBoard against itself over UCI, on xiangqi's 10 ranks,
# which XBoard numbers from 0: moves are translated both ways.
status, out, err, games = run_match(chimera, [
    "-engine", "cmd=" + chimera, "name=xb", "proto=xboard",
    "-engine", "cmd=" + chimera, "name=uci", "proto=uci",
    "-each", "depth=2", "-variant", "xiangqi", "-games", "2", "-repeat",
    "-openings", "random", "plies=4", "depth=0"])
check(status == 0 and len(games) == 2, "xiangqi over XBoard: %d %s" % (status, err[-1500:]))
for g in games:
    check(g["Termination"] == "normal", "ended by the rules: %r %s"
          % (g["Termination"], g["text"][-300:]))
    check(any(m.endswith("10") for m in g["moves"]), "ranks up to 10 in the PGN: %r" % g["moves"])
print("ok")
