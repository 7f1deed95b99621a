#!/usr/bin/env python3
"""Label 'result score FEN' lines with Fairy-Stockfish's static classical eval (white view, cp).
Games (blocks ended by "# end N") are split between NWORKERS processes and keep their end lines, so
`chimera tune` still holds out whole games; evaluations beyond +-15 pawns are left out.
usage: label_static.py IN OUT WORKER NWORKERS FSF"""
import sys, subprocess
inp, out, worker, nw, fsf = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
p = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
send("uci"); send("setoption name UCI_Variant value chess"); send("isready")
while not p.stdout.readline().startswith("readyok"): pass
o = open(out, "w"); game = 0; n = 0
for line in open(inp):
    if line.startswith("#"):
        if game % nw == worker: o.write(line)
        game += 1; continue
    if game % nw != worker: continue
    res, sc, fen = line.rstrip("\n").split(" ", 2)
    send("position fen " + fen); send("eval")
    while True:
        l = p.stdout.readline()
        if not l: raise SystemExit("fsf died")
        if l.startswith("Final evaluation"):
            t = l.split()
            v = None if t[2] == "none" else round(float(t[2]) * 100)
            break
    if v is None or abs(v) > 1500: continue
    o.write("%s %d %s\n" % (res, v, fen)); n += 1
o.close(); send("quit")
