"""test_xboard_judge.py — how xboard_games.py judges a finished match.

The PGN and trace fragments are written by hand in XBoard's own form; the
first case is the match CI saw on 2026-11-30 (Fairy-Max rejected Chimera's
legal b5b6n in los-alamos, XBoard ruled the claim false and gave Chimera the
game). Exits non-zero on the first wrong verdict.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xboard_games import judge, parse_pgn  # noqa: E402

CHIMERA, FAIRYMAX = "Chimera 0.1.0", "Fairy-Max 5.0b"


def pgn(*games):
    """games: (white, black, result, final comment)."""
    return "\n".join('[Event "m"]\n[White "%s"]\n[Black "%s"]\n[Result "%s"]\n\n1. e4 e5 {%s} %s\n'
                     % (white, black, result, ending, result)
                     for white, black, result, ending in games)


CASES = [
    # (name, games, trace, problems expected?, reference faults expected)
    ("Fairy-Max's false claim, Chimera white",
     pgn((CHIMERA, FAIRYMAX, "1-0", "False illegal-move claim"),
         (FAIRYMAX, CHIMERA, "0-1", "Xboard adjudication: Checkmate")),
     "42970 <second: Illegal move:b5b6n\n", False, 1),
    ("Fairy-Max's false claim, Chimera black",
     pgn((FAIRYMAX, CHIMERA, "0-1", "False illegal-move claim"),
         (CHIMERA, FAIRYMAX, "1/2-1/2", "Draw by repetition")),
     "100 <second: Illegal move:e7e8n\n", False, 1),
    ("Chimera's false claim",
     pgn((CHIMERA, FAIRYMAX, "0-1", "False illegal-move claim"),
         (FAIRYMAX, CHIMERA, "0-1", "Xboard adjudication: Checkmate")),
     "100 <first : Illegal move: e2e4\n", True, 0),
    ("Fairy-Max's complaint with no game ruled in Chimera's favour",
     pgn((CHIMERA, FAIRYMAX, "1-0", "Xboard adjudication: Checkmate"),
         (FAIRYMAX, CHIMERA, "0-1", "Xboard adjudication: Checkmate")),
     "100 <second: Illegal move:b5b6n\n", True, 0),
    ("two complaints, one false claim",
     pgn((CHIMERA, FAIRYMAX, "1-0", "False illegal-move claim"),
         (FAIRYMAX, CHIMERA, "0-1", "Xboard adjudication: Checkmate")),
     "100 <second: Illegal move:b5b6n\n200 <second: Illegal move:c5c6n\n", True, 1),
    ("Chimera's illegal move",
     pgn((CHIMERA, FAIRYMAX, "0-1", "Illegal move by Chimera"),
         (FAIRYMAX, CHIMERA, "0-1", "Xboard adjudication: Checkmate")),
     "", True, 0),
    ("a clean match",
     pgn((CHIMERA, FAIRYMAX, "1-0", "Xboard adjudication: Checkmate"),
         (FAIRYMAX, CHIMERA, "1/2-1/2", "Draw by repetition")),
     "", False, 0),
]


def main():
    failures = 0
    for name, text, trace, want_problems, want_faults in CASES:
        problems, faults, _ = judge(list(parse_pgn(text)), trace, 2)
        ok = bool(problems) == want_problems and len(faults) == want_faults
        print("%s: %s (problems %s, reference faults %s)" % ("ok" if ok else "WRONG", name,
                                                             problems, faults))
        failures += not ok
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
