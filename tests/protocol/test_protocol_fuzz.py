"""test_protocol_fuzz.py — random and malformed commands, UCI and XBoard:
the engine answers, keeps running and still answers isready/ping after them.
Seeded, so a failure repeats."""
import os
import random

from conversation import Conversation, run_tests

UCI_WORDS = ["uci", "isready", "ucinewgame", "setoption", "name", "value", "position", "startpos",
             "fen", "moves", "go", "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc",
             "movestogo", "infinite", "ponder", "searchmoves", "perft", "stop", "ponderhit",
             "Hash", "Threads", "MultiPV", "UCI_Variant", "capablanca", "shatranj", "chess",
             "e2e4", "e7e5", "a10a9", "P@e4", "e7e8q", "-1", "0", "1", "99999999999", "",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "\t", "x" * 300]
XB_WORDS = ["new", "variant", "force", "go", "playother", "usermove", "?", "ping", "draw",
            "result", "setboard", "undo", "remove", "hard", "easy", "post", "nopost", "analyze",
            "exit", ".", "exclude", "include", "all", "level", "st", "sd", "time", "otim",
            "memory", "cores", "option", "perft", "capablanca", "shatranj", "normal", "e2e4",
            "e7e5", "O-O", "d3d4,d4d5", "1-0", "{x}", "40", "0:30", "-5", "0", "", "x" * 300,
            "8/8/8/8/8/8/8/8", "w", "-"]


def fuzz(rng, words, count):
    for _ in range(count):
        yield " ".join(rng.choice(words) for _ in range(rng.randint(1, 8)))


def uci_survives_garbage(binary):
    rng = random.Random(int(os.environ.get("FUZZ_SEED", "6")))
    c = Conversation(binary)
    c.send("uci")
    c.expect(r"^uciok$", timeout=30)
    for line in fuzz(rng, UCI_WORDS, 400):
        if line.split()[:1] == ["quit"] or "perft" in line:
            continue  # a deep perft is a long answer, not a failure
        # Keep searches short: a fuzzed go may have no limit at all.
        c.send(line)
        if line.startswith("go"):
            c.send("stop")
    c.send("stop")
    c.send("isready")
    c.expect(r"^readyok$", timeout=30)
    c.finish(timeout=30)


def xboard_survives_garbage(binary):
    rng = random.Random(int(os.environ.get("FUZZ_SEED", "7")) + 1)
    c = Conversation(binary)
    c.send("xboard")
    c.send("protover 2")
    c.expect(r"^feature done=1$", timeout=30)
    c.send("st 0.05")
    for line in fuzz(rng, XB_WORDS, 400):
        if line.split()[:1] in (["quit"], ["st"], ["level"], ["sd"], ["perft"]):
            continue  # keep the engine quick to answer
        c.send(line)
    c.send("force")
    c.send("ping 77")
    c.expect(r"^pong 77$", timeout=30)
    c.finish(timeout=30)


def perft_depth_is_bounded(binary):
    c = Conversation(binary)
    c.send("uci")
    c.expect(r"^uciok$", timeout=30)
    c.send("go perft 99999999999")
    c.expect(r"^info string perft: perft depth must be 0 to \d+$")
    c.send("isready")
    c.expect(r"^readyok$")
    c.finish()


run_tests([uci_survives_garbage, xboard_survives_garbage, perft_depth_is_bounded])
