#!/usr/bin/env python3
"""An independent Raumschach move generator, to check Chimera's 3D moves.

Written from the rules (docs in variants/raumschach.var), not from MBN and not
from Chimera's output: pieces are direction lists on a 5x5x5 cube. Cells are
(x, y, z) = (file, rank, level), 0-based; White moves towards +y and +z.

  raumschach.py [--fen FEN] DEPTH            perft
  raumschach.py --random CHIMERA GAMES PLIES SEED
      plays GAMES random games of up to PLIES plies with this generator and
      compares perft 2 (divided) at every ply.
  raumschach.py --compare CHIMERA DEPTH [FEN...]
      runs `CHIMERA perft --variant raumschach --fen FEN --divide DEPTH` and
      compares every move's count with ours; exit status 1 on a difference.
"""
import itertools
import re
import subprocess
import sys

N = 5
START = ("rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/BUQBU|"
         "5/5/5/PPPPP/RNKNR w - - 0 1")

UNIT = [d for d in itertools.product((-1, 0, 1), repeat=3) if d != (0, 0, 0)]
ROOK = [d for d in UNIT if sum(map(abs, d)) == 1]       # 6: along one axis
BISHOP = [d for d in UNIT if sum(map(abs, d)) == 2]     # 12: diagonals of a plane
UNICORN = [d for d in UNIT if sum(map(abs, d)) == 3]    # 8: space diagonals
KNIGHT = sorted({p for a, b in ((1, 2), (2, 1)) for sa in (1, -1) for sb in (1, -1)
                 for p in itertools.permutations((0, a * sa, b * sb))})  # 24
SLIDES = {"Q": UNIT, "R": ROOK, "B": BISHOP, "U": UNICORN}
PROMOTE = "QRBNU"


def pawn_vectors(white):
    """Moves: one step forward (y) or one level towards the enemy (z);
    captures: (+-1, f, 0), (+-1, 0, f), (0, f, f) with f the forward sign."""
    f = 1 if white else -1
    moves = [(0, f, 0), (0, 0, f)]
    caps = [(1, f, 0), (-1, f, 0), (1, 0, f), (-1, 0, f), (0, f, f)]
    return moves, caps


def inside(x, y, z):
    return 0 <= x < N and 0 <= y < N and 0 <= z < N


def parse_fen(fen):
    fields = fen.split()
    board = {}
    levels = fields[0].split("|")
    assert len(levels) == N, "five levels"
    for li, level in enumerate(levels):
        z = N - 1 - li
        ranks = level.split("/")
        assert len(ranks) == N, "five ranks"
        for ri, rank in enumerate(ranks):
            y = N - 1 - ri
            x = 0
            for ch in rank:
                if ch.isdigit():
                    x += int(ch)
                else:
                    board[(x, y, z)] = ch
                    x += 1
            assert x == N, "five files"
    return board, fields[1] == "w"


def name(sq):
    x, y, z = sq
    return "%s%d%s" % ("abcde"[x], y + 1, ":%d" % (z + 1) if z else "")


def is_white(p):
    return p.isupper()


def attacked(board, sq, by_white):
    """Is sq attacked by a piece of the side `by_white`?"""
    x, y, z = sq
    for d in UNIT:
        for k in range(1, N):
            t = (x + d[0] * k, y + d[1] * k, z + d[2] * k)
            if not inside(*t):
                break
            p = board.get(t)
            if p is None:
                continue
            if is_white(p) == by_white:
                kind = p.upper()
                if kind == "K" and k == 1:
                    return True
                if kind in SLIDES and d in SLIDES[kind]:
                    return True
            break
    for d in KNIGHT:
        p = board.get((x - d[0], y - d[1], z - d[2]))
        if p is not None and p.upper() == "N" and is_white(p) == by_white:
            return True
    for d in pawn_vectors(by_white)[1]:
        p = board.get((x - d[0], y - d[1], z - d[2]))
        if p is not None and p.upper() == "P" and is_white(p) == by_white:
            return True
    return False


def pseudo_moves(board, white):
    for sq, p in list(board.items()):
        if is_white(p) != white:
            continue
        kind = p.upper()
        x, y, z = sq
        if kind == "P":
            moves, caps = pawn_vectors(white)
            last = (N - 1) if white else 0
            for d, capture in [(d, False) for d in moves] + [(d, True) for d in caps]:
                t = (x + d[0], y + d[1], z + d[2])
                if not inside(*t):
                    continue
                q = board.get(t)
                if capture != (q is not None) or (q is not None and is_white(q) == white):
                    continue
                if t[1] == last and t[2] == last:  # the enemy's back rank of its home level
                    for promo in PROMOTE:
                        yield sq, t, promo
                else:
                    yield sq, t, None
            continue
        if kind in ("K", "N"):
            for d in UNIT if kind == "K" else KNIGHT:
                t = (x + d[0], y + d[1], z + d[2])
                if inside(*t) and (t not in board or is_white(board[t]) != white):
                    yield sq, t, None
            continue
        for d in SLIDES[kind]:
            t = (x + d[0], y + d[1], z + d[2])
            while inside(*t):
                q = board.get(t)
                if q is None:
                    yield sq, t, None
                elif is_white(q) != white:
                    yield sq, t, None
                    break
                else:
                    break
                t = (t[0] + d[0], t[1] + d[1], t[2] + d[2])


def legal_moves(board, white):
    king = "K" if white else "k"
    out = []
    for frm, to, promo in pseudo_moves(board, white):
        moved, taken = board[frm], board.get(to)
        del board[frm]
        board[to] = (promo if white else promo.lower()) if promo else moved
        ksq = next(s for s, p in board.items() if p == king)
        if not attacked(board, ksq, not white):
            out.append((frm, to, promo))
        board[frm] = moved
        if taken is None:
            del board[to]
        else:
            board[to] = taken
    return out


def perft(board, white, depth):
    moves = legal_moves(board, white)
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    total = 0
    for frm, to, promo in moves:
        moved, taken = board[frm], board.get(to)
        del board[frm]
        board[to] = (promo if white else promo.lower()) if promo else moved
        total += perft(board, not white, depth - 1)
        board[frm] = moved
        if taken is None:
            del board[to]
        else:
            board[to] = taken
    return total


def divide(board, white, depth):
    result = {}
    for frm, to, promo in legal_moves(board, white):
        moved, taken = board[frm], board.get(to)
        del board[frm]
        board[to] = (promo if white else promo.lower()) if promo else moved
        text = name(frm) + name(to) + (promo.lower() if promo else "")
        result[text] = perft(board, not white, depth - 1)
        board[frm] = moved
        if taken is None:
            del board[to]
        else:
            board[to] = taken
    return result


def compare(chimera, depth, fen):
    out = subprocess.run([chimera, "perft", "--variant", "raumschach", "--fen", fen, "--divide",
                          str(depth)], capture_output=True, text=True, check=True).stdout
    theirs = {}
    for line in out.splitlines():
        m = re.match(r"^([a-e][0-9:a-e]+[a-z]?): ([0-9]+)$", line.strip())
        if m:
            theirs[m.group(1)] = int(m.group(2))
    board, white = parse_fen(fen)
    ours = divide(board, white, depth)
    ok = ours == theirs
    print("%s depth %d: ours %d, chimera %d %s" % (fen, depth, sum(ours.values()),
                                                    sum(theirs.values()), "ok" if ok else "DIFFER"))
    for move in sorted(set(ours) | set(theirs)):
        if ours.get(move) != theirs.get(move):
            print("  %s: ours %s, chimera %s" % (move, ours.get(move), theirs.get(move)))
    return ok


def to_fen(board, white):
    levels = []
    for z in range(N - 1, -1, -1):
        ranks = []
        for y in range(N - 1, -1, -1):
            row, empty = "", 0
            for x in range(N):
                p = board.get((x, y, z))
                if p is None:
                    empty += 1
                    continue
                row += (str(empty) if empty else "") + p
                empty = 0
            ranks.append(row + (str(empty) if empty else ""))
        levels.append("/".join(ranks))
    return "|".join(levels) + (" w" if white else " b") + " - - 0 1"


def random_games(chimera, games, plies, seed):
    import random
    rng = random.Random(seed)
    ok, positions = True, 0
    for _ in range(games):
        board, white = parse_fen(START)
        for _ in range(plies):
            moves = legal_moves(board, white)
            if not moves:
                break
            if not compare(chimera, 2, to_fen(board, white)):
                ok = False
            positions += 1
            # prefer captures and pawn moves, so games reach promotions and checks
            caps = [m for m in moves if m[1] in board or board[m[0]].upper() == "P"]
            frm, to, promo = rng.choice(caps if caps and rng.random() < 0.6 else moves)
            moved = board.pop(frm)
            board[to] = (promo if white else promo.lower()) if promo else moved
            white = not white
    print("%d positions compared" % positions)
    return ok


def main(argv):
    if argv and argv[0] == "--random":
        ok = random_games(argv[1], int(argv[2]), int(argv[3]), int(argv[4]))
        return 0 if ok else 1
    if argv and argv[0] == "--compare":
        chimera, depth = argv[1], int(argv[2])
        fens = argv[3:] or [START]
        ok = all([compare(chimera, depth, fen) for fen in fens])
        return 0 if ok else 1
    fen = START
    if argv and argv[0] == "--fen":
        fen, argv = argv[1], argv[2:]
    board, white = parse_fen(fen)
    print(perft(board, white, int(argv[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
