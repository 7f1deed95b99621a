#!/usr/bin/env python3
"""elo.py W L D — score and Elo difference with a 95% error margin.

The Elo estimate is -400*log10(1/s - 1) for score fraction s; the margin
comes from the standard error of the per-game score (trinomial W/L/D),
propagated through the logistic curve, as cutechess-cli reports it.
When every game went one way (or the normal interval reaches 0% or 100%) that
margin is meaningless (zero variance), so the open end is bounded instead by
the exact one-sided 95% binomial bound on the score (Clopper-Pearson: with no
point scored in n games the score is below 1 - 0.05**(1/n)), and the estimate
itself is only that bound: "Elo < -316" for 0/20.
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
    bound = 1 - 0.05 ** (1 / n)  # one-sided 95% bound when nothing was scored
    if s == 0:
        print(f"games {n:.0f}  score 0.0%  Elo < {elo(bound):+.0f} (95% one-sided bound)")
        return
    if s == 1:
        print(f"games {n:.0f}  score 100.0%  Elo > {elo(1 - bound):+.0f} (95% one-sided bound)")
        return
    lo_s, hi_s = s - 1.96 * se, s + 1.96 * se
    lo = "-inf" if lo_s <= 0 else f"{elo(lo_s):+.0f}"
    hi = "+inf" if hi_s >= 1 else f"{elo(hi_s):+.0f}"
    print(f"games {n:.0f}  score {100 * s:.1f}%  Elo {elo(s):+.0f}  95% [{lo}, {hi}]")


if __name__ == "__main__":
    main()
