#!/usr/bin/env python3
"""Label `chimera tune` data with Fairy-Stockfish's search score, from White's view, in place of
Chimera's: label.py IN OUT STEP DEPTH WORKER NWORKERS FSF. This worker takes the games whose
index is WORKER modulo NWORKERS and every STEP-th position of them, searches it to DEPTH, and
writes "RESULT SCORE FEN" lines and the games' "# end" lines to OUT (mates and scores beyond
+-1000 are left out). Run NWORKERS of them and concatenate the outputs; then
`chimera tune VARIANT --no-play --data OUT --lambda 1` fits the weights to these scores."""
import sys, subprocess
inp, out, step, depth, worker, nworkers, fsf = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), sys.argv[7]
p = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
def wait(tok):
    while True:
        l = p.stdout.readline()
        if not l: raise SystemExit("fsf died")
        if l.startswith(tok): return l
send("uci"); wait("uciok")
send("setoption name Threads value 1"); send("setoption name Hash value 16")
send("setoption name UCI_Variant value chess"); send("isready"); wait("readyok")
game = 0; idx = 0; o = open(out, "w"); n = 0
for line in open(inp):
    if line.startswith("#"):
        if game % nworkers == worker: o.write(line)
        game += 1; continue
    if game % nworkers != worker: continue
    idx += 1
    if idx % step: continue
    res, sc, fen = line.rstrip("\n").split(" ", 2)
    send("position fen " + fen); send("go depth %d" % depth)
    score = None
    while True:
        l = p.stdout.readline()
        if not l: raise SystemExit("fsf died")
        if l.startswith("info") and " score " in l:
            t = l.split(); i = t.index("score")
            score = ("mate", int(t[i+2])) if t[i+1] == "mate" else ("cp", int(t[i+2]))
        if l.startswith("bestmove"): break
    if score is None or score[0] == "mate" or abs(score[1]) > 1000: continue
    v = score[1] if fen.split()[1] == "w" else -score[1]
    o.write("%s %d %s\n" % (res, v, fen)); n += 1
    if n % 2000 == 0: print(worker, n, file=sys.stderr, flush=True); o.flush()
o.close(); send("quit")
