#!/usr/bin/env python3
"""Label `chimera tune` data with Fairy-Stockfish's search score, from White's view, in place of
Chimera's: label.py IN OUT STEP DEPTH WORKER NWORKERS FSF [LIMIT]. This worker takes the games
whose index is WORKER modulo NWORKERS and every STEP-th position of them, searches it to DEPTH
(0: its static evaluation, the `eval` command's final line), and writes "RESULT SCORE FEN" lines
and the games' "# end" lines to OUT (mates and scores beyond +-LIMIT, default 1000, are left
out). Run NWORKERS of them and concatenate the outputs; then
`chimera tune VARIANT --no-play --data OUT --lambda 1` fits the weights to these scores."""
import subprocess
import sys


class Engine:
    """A UCI engine on pipes, searching chess positions to a fixed depth (resid.py uses it too)."""

    def __init__(self, cmd):
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                  bufsize=1)
        self.send("uci"); self.wait("uciok")
        self.send("setoption name Threads value 1"); self.send("setoption name Hash value 16")
        self.send("setoption name UCI_Variant value chess"); self.send("isready")
        self.wait("readyok")

    def send(self, s):
        self.p.stdin.write(s + "\n"); self.p.stdin.flush()

    def wait(self, tok):
        while True:
            line = self.p.stdout.readline()
            if not line: raise SystemExit("the engine died")
            if line.startswith(tok): return line

    def score(self, fen, depth):
        """The last score of a depth-`depth` search, from White's view; None for a mate."""
        self.send("position fen " + fen); self.send("go depth %d" % depth)
        score = None
        while True:
            line = self.p.stdout.readline()
            if not line: raise SystemExit("the engine died")
            if line.startswith("info") and " score " in line:
                t = line.split(); i = t.index("score")
                score = None if t[i + 1] == "mate" else int(t[i + 2])
            if line.startswith("bestmove"): break
        if score is None: return None
        return score if fen.split()[1] == "w" else -score

    def static(self, fen):
        """The static evaluation (Fairy-Stockfish's `eval`), White's view; None when it has none."""
        self.send("position fen " + fen); self.send("eval")
        t = self.wait("Final evaluation").split()
        return None if t[2] == "none" else round(float(t[2]) * 100)

    def quit(self):
        self.send("quit")


if __name__ == "__main__":
    inp, out, fsf = sys.argv[1], sys.argv[2], sys.argv[7]
    step, depth, worker, nworkers = (int(x) for x in sys.argv[3:7])
    limit = int(sys.argv[8]) if len(sys.argv) > 8 else 1000
    engine = Engine(fsf)
    game = 0; idx = 0; o = open(out, "w"); n = 0
    for line in open(inp):
        if line.startswith("#"):
            if game % nworkers == worker: o.write(line)
            game += 1; continue
        if game % nworkers != worker: continue
        idx += 1
        if idx % step: continue
        res, _, fen = line.rstrip("\n").split(" ", 2)
        v = engine.static(fen) if depth == 0 else engine.score(fen, depth)
        if v is None or abs(v) > limit: continue
        o.write("%s %d %s\n" % (res, v, fen)); n += 1
        if n % 2000 == 0: print(worker, n, file=sys.stderr, flush=True); o.flush()
    o.close(); engine.quit()
