"""Helpers for the `chimera match` tests: run the real binary, read its PGN."""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run_match(chimera, args, timeout=240, env=None):
    """Runs `chimera match ARGS` with a fresh PGN file; returns (status, stdout, stderr, games)."""
    with tempfile.TemporaryDirectory() as tmp:
        pgn = os.path.join(tmp, "out.pgn")
        full = [chimera, "match"] + args + ["-pgnout", pgn]
        proc = subprocess.run(full, capture_output=True, text=True, timeout=timeout, env=env)
        games = read_pgn(pgn) if os.path.exists(pgn) else []
        return proc.returncode, proc.stdout, proc.stderr, games


def read_pgn(path):
    """Games as dicts: tag name -> value, plus 'moves' (list) and 'text' (movetext)."""
    games = []
    with open(path) as f:
        text = f.read()
    if not text.strip():  # created for a match that stopped before its first game
        return []
    for block in re.split(r"\n\n(?=\[Event )", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$', block, re.M))
        body = block.split("\n\n", 1)[1] if "\n\n" in block else ""  # after the tags
        plain = re.sub(r";[^\n]*", " ", body)  # ';' comments run to the end of the line
        plain = re.sub(r"\{[^}]*\}", " ", plain)
        moves = [t for t in plain.split() if not re.match(r"^\d+\.+$", t)
                 and t not in ("1-0", "0-1", "1/2-1/2", "*")]
        tags["moves"] = moves
        tags["text"] = body
        games.append(tags)
    return games


def check(condition, message):
    if not condition:
        print("FAIL: " + message)
        sys.exit(1)
