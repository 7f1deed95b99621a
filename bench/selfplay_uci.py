#!/usr/bin/env python3
"""selfplay_uci.py — a stop-gap self-play runner over UCI (until `chimera match`).

  bench/selfplay_uci.py VARIANT PAIRS NEW OLD [TC_S INC_S] [--nodes N]

Plays PAIRS pairs of games NEW against OLD (two UCI engine binaries that know
UCI_Variant VARIANT), each pair from one random opening (6 random legal plies,
8 in shogi and crazyhouse) with colours swapped; one thread, 16 MB hash each,
one game at a time. A third NEW process is the referee: it lists the legal
moves (`go perft 1`), so an illegal move loses and is reported on stderr.
Game end: no legal move (the previous mover's mate score decides the win,
else a draw); both engines' scores agreeing beyond 1000 cp for 4 consecutive
plies (win); a flag (loss); ply 300 (draw unless both agree beyond 400 cp).
Repetitions are not claimed (games run to those limits). Prints the running
score and a FINAL line with Elo and its 95% error bar (trinomial)."""
import subprocess, sys, time, random, math

class Engine:
    def __init__(self, path, variant):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send('uci'); self.wait('uciok')
        self.send('setoption name UCI_Variant value ' + variant)
        self.send('setoption name Hash value 16')
        self.send('isready'); self.wait('readyok')
    def send(self, s): self.p.stdin.write(s + '\n')
    def wait(self, tok):
        lines = []
        while True:
            l = self.p.stdout.readline()
            if not l: raise RuntimeError('engine died')
            lines.append(l.strip())
            if l.startswith(tok): return lines
    def newgame(self):
        self.send('ucinewgame'); self.send('isready'); self.wait('readyok')
    def go(self, moves, cmd):
        self.send('position startpos' + (' moves ' + ' '.join(moves) if moves else ''))
        self.send(cmd)
        lines = self.wait('bestmove')
        score = None
        for l in lines:
            w = l.split()
            if 'score' in w:
                i = w.index('score')
                if w[i+1] == 'cp': score = int(w[i+2])
                elif w[i+1] == 'mate':
                    m = int(w[i+2]); score = 100000 - abs(m) if m > 0 else -100000 + abs(m)
        bm = lines[-1].split()[1]
        return bm, score
    def legal(self, moves):
        self.send('position startpos' + (' moves ' + ' '.join(moves) if moves else ''))
        self.send('go perft 1')
        lines = self.wait('Nodes searched')
        return [l.split(':')[0] for l in lines if l.endswith(': 1')]
    def quit(self):
        try: self.send('quit'); self.p.wait(timeout=5)
        except Exception: self.p.kill()

def play(engines, ref, opening, tc, inc, nodes):
    """engines[0] plays first. Returns score for engines[0]: 1, 0.5, 0."""
    moves = list(opening)
    for e in engines: e.newgame()
    clock = [tc * 1000.0, tc * 1000.0]
    last = [None, None]
    big = 0
    side = len(moves) % 2
    while True:
        legal = ref.legal(moves)
        mover = (len(moves) - len(opening) + 0) % 2  # index into engines relative to who moves now
        idx = (len(moves) % 2) ^ (len(opening) % 2)  # engines[0] moves first after opening
        if not legal:
            prev = 1 - idx
            s = last[prev]
            if s is not None and s > 50000: return 1.0 if prev == 0 else 0.0
            return 0.5
        e = engines[idx]
        white = len(moves) % 2 == 0
        if nodes:
            cmd = 'go nodes %d' % nodes
        else:
            my, op = int(clock[idx]), int(clock[1 - idx])
            w, b = (my, op) if white else (op, my)
            cmd = 'go wtime %d btime %d winc %d binc %d' % (w, b, inc * 1000, inc * 1000)
        t0 = time.time()
        bm, score = e.go(moves, cmd)
        el = (time.time() - t0) * 1000
        if not nodes:
            clock[idx] -= el
            if clock[idx] < 0: return 0.0 if idx == 0 else 1.0  # flag
            clock[idx] += inc * 1000
        if bm not in legal:
            sys.stderr.write('ILLEGAL %s by %d after %s\n' % (bm, idx, ' '.join(moves)))
            return 0.0 if idx == 0 else 1.0
        last[idx] = score
        moves.append(bm)
        if last[0] is not None and last[1] is not None:
            if last[0] > 1000 and last[1] < -1000: big += 1
            elif last[0] < -1000 and last[1] > 1000: big -= 1
            else: big = 0
            if big >= 4: return 1.0
            if big <= -4: return 0.0
        if len(moves) >= 300:
            if last[0] is not None and last[0] > 400 and (last[1] or 0) < -400: return 1.0
            if last[0] is not None and last[0] < -400 and (last[1] or 0) > 400: return 0.0
            return 0.5

def main():
    a = sys.argv[1:]
    nodes = 0
    if '--nodes' in a:
        i = a.index('--nodes'); nodes = int(a[i+1]); del a[i:i+2]
    variant, pairs, new, old = a[0], int(a[1]), a[2], a[3]
    tc = float(a[4]) if len(a) > 4 else 2.0
    inc = float(a[5]) if len(a) > 5 else 0.02
    rng = random.Random(hash((variant, pairs, nodes)) & 0xffff)
    ref = Engine(new, variant)
    en, eo = Engine(new, variant), Engine(old, variant)
    w = l = d = 0
    plies = 8 if variant in ('shogi', 'crazyhouse') else 6
    for g in range(pairs):
        opening = []
        for _ in range(plies):
            lg = ref.legal(opening)
            if not lg: break
            opening.append(rng.choice(lg))
        for swap in (0, 1):
            # engines[0] moves first after the opening
            first_is_new = (swap == 0)
            es = [en, eo] if first_is_new else [eo, en]
            r = play(es, ref, opening, tc, inc, nodes)
            rn = r if first_is_new else 1 - r
            if rn == 1: w += 1
            elif rn == 0: l += 1
            else: d += 1
        n = w + l + d
        sc = (w + d / 2) / n
        sys.stdout.write('%s %d games: +%d -%d =%d  %.1f%%\n' % (variant, n, w, l, d, 100 * sc)); sys.stdout.flush()
    n = w + l + d; sc = (w + d / 2) / n
    var = (w * (1 - sc) ** 2 + l * sc ** 2 + d * (0.5 - sc) ** 2) / n
    se = math.sqrt(var / n)
    elo = lambda s: -400 * math.log10(1 / min(max(s, 1e-3), 1 - 1e-3) - 1)
    print('FINAL %s: +%d -%d =%d score %.3f Elo %.0f +- %.0f' % (variant, w, l, d, sc, elo(sc), (elo(sc + 1.96 * se) - elo(sc - 1.96 * se)) / 2))
    for e in (ref, en, eo): e.quit()

if __name__ == "__main__":
    main()
