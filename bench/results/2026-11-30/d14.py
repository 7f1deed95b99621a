#!/usr/bin/env python3
"""d14.py [--callgrind] BINARY [DEPTH] [FEN|startpos]: go depth N from the position, print the last info depth line and the instruction count under callgrind"""
import subprocess, sys, re, os, tempfile
args = sys.argv[1:]
cg = args[0] == "--callgrind"
if cg: args = args[1:]
binary, depth = args[0], int(args[1]) if len(args) > 1 else 14
pos = args[2] if len(args) > 2 else "startpos"
cmd = [binary]
out = tempfile.mktemp()
if cg: cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + cmd
p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
p.stdin.write("uci\nsetoption name Hash value 16\nisready\nposition %s\ngo depth %d\n" % (pos if pos == "startpos" else "fen " + pos, depth)); p.stdin.flush()
last = ""
for line in p.stdout:
    if line.startswith("info depth %d " % depth): last = line.strip()
    if line.startswith("bestmove"): break
p.stdin.write("quit\n"); p.stdin.flush(); p.wait()
nodes = re.search(r"nodes (\d+)", last).group(1)
t = re.search(r"time (\d+)", last).group(1)
ins = ""
if cg:
    for l in open(out):
        if l.startswith("summary:") or l.startswith("totals:"): ins = l.split()[1]
    os.unlink(out)
print(binary, "depth", depth, "nodes", nodes, "time", t, "instructions", ins)
