#!/usr/bin/env python3
"""elo.py W L D — score and Elo difference with a 95% error margin.

The Elo estimate is -400*log10(1/s - 1) for score fraction s; the margin
comes from the standard error of the per-game score (trinomial W/L/D),
propagated through the logistic curve, as cutechess-cli reports it.
"""
import math
import sys


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def main():
    w, l, d = (float(x) for x in sys.argv[1:4])
    n = w + l + d
    if n == 0:
        print("no games")
        return
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + l * (0 - s) ** 2 + d * (0.5 - s) ** 2) / n
    se = math.sqrt(var / n)
    lo, hi = elo(s - 1.96 * se), elo(s + 1.96 * se)
    print(f"games {n:.0f}  score {100 * s:.1f}%  Elo {elo(s):+.0f}  "
          f"95% [{lo:+.0f}, {hi:+.0f}]")


if __name__ == "__main__":
    main()
