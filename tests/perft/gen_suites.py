#!/usr/bin/env python3
"""Generates tests/perft/fast.tsv and slow.tsv from the oracle's perft.tsv.

Only variants listed in verified.txt (one name a line: variants Chimera ships
and whose rows all pass) are taken. fast.tsv gets each row whose count is at
most FAST_NODES (the per-commit suite, well under a minute); slow.tsv gets
the rows up to SLOW_NODES (the slow label, minutes on two cores).

usage: gen_suites.py [ORACLE_TSV]   (default: tests/data/oracle/perft.tsv)
"""
import os
import sys

FAST_NODES = 100_000
SLOW_NODES = 50_000_000

here = os.path.dirname(os.path.abspath(__file__))
oracle = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    here, "..", "data", "oracle", "perft.tsv")
with open(os.path.join(here, "verified.txt")) as f:
    verified = {l.split("#")[0].strip() for l in f} - {""}

with open(oracle) as f:
    header = f.readline()
    rows = [l.rstrip("\n").split("\t") for l in f if l.strip()]

fast = [r for r in rows if r[0] in verified and int(r[3]) <= FAST_NODES]
slow = [r for r in rows if r[0] in verified and FAST_NODES < int(r[3]) <= SLOW_NODES]
for name, sel in (("fast.tsv", fast), ("slow.tsv", slow)):
    with open(os.path.join(here, name), "w") as f:
        f.write(header)
        for r in sel:
            f.write("\t".join(r) + "\n")
    print(f"{name}: {len(sel)} rows")
