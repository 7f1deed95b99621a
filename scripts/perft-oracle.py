#!/usr/bin/env python3
"""Compares `chimera perft` with the oracle for every shipped variant name.

For each row of the oracle's perft.tsv whose variant Chimera ships (as listed
by `chimera variants`) and whose node count is at most MAX_NODES, runs
`chimera perft --variant NAME --fen FEN [--chess960] DEPTH` and prints one
line per variant with a mismatch (its first failing row), then a summary.
Used to check the variant files (docs/variants.md, "Perft against the
oracle"); tests/perft holds the CTest suites of verified variants.

usage: scripts/perft-oracle.py [MAX_NODES] [CHIMERA] [ORACLE_TSV]
       (defaults: 1000000, build/chimera, tests/data/oracle/perft.tsv)
"""
import collections
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
max_nodes = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
chimera = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "build", "chimera")
oracle = sys.argv[3] if len(sys.argv) > 3 else os.path.join(
    here, "..", "tests", "data", "oracle", "perft.tsv")

names = set(subprocess.run([chimera, "variants"], capture_output=True, text=True).stdout.split())
with open(oracle) as f:
    f.readline()
    rows = [l.rstrip("\n").split("\t") for l in f if l.strip()]

results = collections.OrderedDict()
for variant, fen, depth, nodes, c960, _, kind in rows:
    if variant not in names or int(nodes) > max_nodes:
        continue
    cmd = [chimera, "perft", "--variant", variant, "--fen", fen, depth]
    if c960 == "1":
        cmd.insert(2, "--chess960")
    try:
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        got = [l for l in run.stdout.splitlines() if l.startswith("Nodes searched:")]
        if got:
            count = int(got[-1].split()[-1])
            status = "ok" if count == int(nodes) else f"got {count}, want {nodes}"
        else:
            status = "error: " + (run.stderr.strip().splitlines() or ["?"])[-1]
    except subprocess.TimeoutExpired:
        status = "timeout"
    results.setdefault(variant, []).append((depth, kind, fen, status))

good = 0
for variant, checks in results.items():
    bad = [c for c in checks if c[3] != "ok"]
    if not bad:
        good += 1
        continue
    depth, kind, fen, status = bad[0]
    print(f"{variant}: {len(checks) - len(bad)}/{len(checks)} rows ok; first failure depth {depth}"
          f" ({kind}) {fen}: {status}")
print(f"{good} of {len(results)} variant names match the oracle on every row "
      f"(rows up to {max_nodes} nodes)")
print("shipped but not in the oracle:", " ".join(sorted(names - set(results))) or "none")
