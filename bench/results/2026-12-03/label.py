#!/usr/bin/env python3
"""label.py IN OUT ENGINE DEPTH JOBS: replace the SCORE of every `RESULT SCORE FEN` line of a
chimera tune data file by ENGINE's search score (UCI, White's view, clamped to +-999)."""
import subprocess, sys, threading
src, dst, engine, depth, jobs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
lines = open(src).read().splitlines()
idx = [i for i, l in enumerate(lines) if l and not l.startswith('#')]
out = list(lines)
def worker(part):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    p.stdin.write('uci\nsetoption name Threads value 1\nsetoption name Hash value 16\nisready\n')
    while p.stdout.readline().strip() != 'readyok': pass
    for n, i in enumerate(part):
        res, score, fen = lines[i].split(' ', 2)
        p.stdin.write(f'position fen {fen}\ngo depth {depth}\n')
        val = None
        while True:
            l = p.stdout.readline()
            if l.startswith('bestmove'): break
            t = l.split()
            if 'score' in t:
                k = t.index('score')
                if t[k+1] == 'cp': val = int(t[k+2])
                elif t[k+1] == 'mate': val = 999 if int(t[k+2]) > 0 else -999
        val = max(-999, min(999, val))
        if fen.split()[1] == 'b': val = -val
        out[i] = f'{res} {val} {fen}'
        if n % 5000 == 0: print(f'{part[0]}: {n}/{len(part)}', file=sys.stderr, flush=True)
    p.stdin.write('quit\n'); p.wait()
parts = [idx[j::jobs] for j in range(jobs)]
ts = [threading.Thread(target=worker, args=(pt,)) for pt in parts]
[t.start() for t in ts]; [t.join() for t in ts]
open(dst, 'w').write('\n'.join(out) + '\n')
