#!/usr/bin/env python3
"""resid.py CHIMERA FSF DATA STEP TOPFRAC: Chimera's depth-1 score against the data's score (FSF's),
then FSF's eval terms averaged over the positions of largest residual, signed by it."""
import re, subprocess, sys
from label import Engine
ch_cmd, fsf_cmd, data, step, top = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5])
rows = []
for i, l in enumerate(open(data)):
    if l.startswith("#") or i % step: continue
    r, s, fen = l.rstrip("\n").split(" ", 2)
    rows.append((int(s), fen))
ch = Engine(ch_cmd)
res = []
for s, fen in rows:
    sc = ch.score(fen, 1)
    if sc is not None: res.append((s - sc, s, sc, fen))
ch.quit()
import statistics
d = [x[0] for x in res]
print("positions %d, residual mean %+.1f, sd %.1f, mean |r| %.1f" % (len(d), statistics.mean(d), statistics.pstdev(d), statistics.mean(abs(x) for x in d)))
res.sort(key=lambda x: -abs(x[0]))
sel = res[:int(len(res) * top)]
fsf = subprocess.Popen([fsf_cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
fsf.stdin.write("uci\nsetoption name UCI_Variant value chess\n")
ROW = re.compile(r"\|\s*([A-Za-z ]+?)\s*\|\s*([-\d.]+|----)\s+([-\d.]+|----)\s*\|\s*([-\d.]+|----)\s+([-\d.]+|----)\s*\|\s*([-\d.]+)\s+([-\d.]+)\s*\|")
def terms_of(fen):
    fsf.stdin.write("position fen %s\neval\nisready\n" % fen); fsf.stdin.flush()
    t = {}
    while True:
        line = fsf.stdout.readline()
        if line.startswith("readyok"): break
        m = ROW.match(line)
        if m: t[m.group(1)] = (float(m.group(6)), float(m.group(7)), m.group(2), m.group(4))
    return t
acc = {}; ks = [0.0, 0.0]
for r, s, sc, fen in sel:
    sign = 1 if r > 0 else -1
    t = terms_of(fen)
    for k, v in t.items():
        a = acc.setdefault(k, [0.0, 0.0]); a[0] += sign * v[0]; a[1] += sign * v[1]
    if "King safety" in t and t["King safety"][2] != "----":
        # the king safety of the side the residual favours vs the other
        w, b = float(t["King safety"][2]), float(t["King safety"][3])
        ks[0] += w if sign > 0 else b; ks[1] += b if sign > 0 else w
n = len(sel)
print("top %d by |residual| (mean |r| %.1f); FSF terms signed toward the side FSF prefers more than Chimera:" % (n, statistics.mean(abs(x[0]) for x in sel)))
for k, (mg, eg) in acc.items(): print("  %-12s %+.2f %+.2f" % (k, mg / n, eg / n))
print("  king safety mg of the favoured side %+.2f, of the other %+.2f" % (ks[0] / n, ks[1] / n))
for r, s, sc, fen in sel[:15]: print("%+5d fsf %+5d chimera %+5d %s" % (r, s, sc, fen))
