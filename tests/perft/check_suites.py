#!/usr/bin/env python3
"""check_suites.py CHIMERA ORACLE_TSV — fails when the committed perft suites
miss oracle rows they should run.

Every variant that Chimera ships (`chimera variants`) and that has rows in the
oracle must be listed in verified.txt, and fast.tsv + slow.tsv must hold
exactly the rows gen_suites.py takes for that list: so a variant added to the
library, or an oracle update, cannot silently go unchecked by CI.
"""
import os
import subprocess
import sys

FAST_NODES = 100_000
SLOW_NODES = 50_000_000


def read_rows(path):
    with open(path) as f:
        f.readline()
        return [tuple(l.rstrip("\n").split("\t")) for l in f if l.strip()]


def main():
    chimera, oracle_path = sys.argv[1], sys.argv[2]
    here = os.path.dirname(os.path.abspath(__file__))
    if not os.path.exists(oracle_path):
        sys.exit(f"oracle not found: {oracle_path} (tests/data/oracle in the repository)")
    listing = subprocess.run([chimera, "variants"], capture_output=True, text=True, check=True)
    shipped = {line.split()[0] for line in listing.stdout.splitlines() if line.strip()}
    oracle = read_rows(oracle_path)
    with open(os.path.join(here, "verified.txt")) as f:
        verified = {l.split("#")[0].strip() for l in f} - {""}
    problems = []
    missing = sorted({r[0] for r in oracle} & shipped - verified)
    if missing:
        problems.append("shipped variants with oracle rows not in verified.txt: " +
                        " ".join(missing))
    unshipped = sorted(verified - shipped)
    if unshipped:
        problems.append("verified.txt names variants Chimera does not ship: " +
                        " ".join(unshipped))
    want = {r for r in oracle if r[0] in verified and int(r[3]) <= SLOW_NODES}
    have = set(read_rows(os.path.join(here, "fast.tsv")) + read_rows(os.path.join(here, "slow.tsv")))
    if want != have:
        problems.append(f"fast.tsv+slow.tsv differ from the oracle rows of verified.txt "
                        f"({len(want - have)} missing, {len(have - want)} extra): "
                        "run tests/perft/gen_suites.py")
    for p in problems:
        print(p)
    if problems:
        sys.exit(1)
    print(f"{len(verified)} verified variants, {len(have)} suite rows, all shipped "
          f"variants with oracle rows covered")


if __name__ == "__main__":
    main()
