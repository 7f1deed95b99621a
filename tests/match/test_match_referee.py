"""One test per referee path of `chimera match`, with the scripted engine
(script_engine.py) as real processes: results by the rules (mate,
repetition), faults (illegal move, stall, crash, garbage, time loss, false
claim), resignation, adjudication (draw, resign, maximum length), engines
restarted after a fault, no processes left behind, Ctrl-C, opening files;
setup errors (a program that cannot run, an undeclared option) and an
engine's refusal of an option value.

Usage: test_match_referee.py CHIMERA CASE"""
import os
import signal
import subprocess
import sys
import tempfile
import time

from matchlib import HERE, check, read_pgn, run_match

chimera, case = sys.argv[1], sys.argv[2]
ENGINE = os.path.join(HERE, "script_engine.py")
FOOLS_MATE = "f2f3 e7e5 g2g4 d8h4"
# Knights out and back twice: the start position for the third time after ply 8.
SHUFFLE = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"


def engine(name, *script, proto="uci"):
    cmd = "cmd=%s %s --proto %s" % (sys.executable, ENGINE, proto)
    return ["-engine", cmd, "name=" + name, "proto=" + proto] + ["arg=" + a for a in script]


def play(white, black, *extra, games=1):
    """One game (or more) between two scripted engines, default limits depth=1."""
    status, out, err, pgn = run_match(chimera, white + black + [
        "-each", "depth=1", "stall=3", "-games", str(games)] + list(extra), timeout=60)
    check(status == 0, "status %d: %s" % (status, err[-1500:]))
    check(len(pgn) == games, "%d games in the PGN, got %d: %s" % (games, len(pgn), err[-800:]))
    return pgn, out, err


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is dead for our purpose.
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().split()[2] != "Z"
    except OSError:
        return False


def expect(game, result, termination, words):
    check(game["Result"] == result, "result %s, wanted %s: %s" % (game["Result"], result,
                                                                  game["text"][-200:]))
    check(game["Termination"] == termination,
          "termination %r, wanted %r" % (game["Termination"], termination))
    text = " ".join(game["text"].split())  # the PGN wraps comments
    check(words in text, "reason %r in %r" % (words, text[-300:]))


def case_mate():
    g, _, _ = play(engine("w", "--moves", FOOLS_MATE), engine("b", "--moves", FOOLS_MATE))
    expect(g[0], "0-1", "normal", "Black mates")
    check(g[0]["moves"] == FOOLS_MATE.split(), "the moves: %r" % g[0]["moves"])


def case_repetition():
    g, _, _ = play(engine("w", "--moves", SHUFFLE), engine("b", "--moves", SHUFFLE))
    expect(g[0], "1/2-1/2", "normal", "Draw by repetition")
    check(len(g[0]["moves"]) == 8, "ends at the third occurrence, ply 8: %r" % g[0]["moves"])


def case_illegal():
    g, _, _ = play(engine("w", "--moves", FOOLS_MATE), engine("b", "--moves", FOOLS_MATE,
                                                             "--illegal", "2"))
    expect(g[0], "1-0", "rules infraction", "Black makes an illegal move 'a1a1' (b)")


def case_stall():
    g, _, _ = play(engine("w", "--moves", FOOLS_MATE, "--stall", "1"),
                   engine("b", "--moves", FOOLS_MATE))
    expect(g[0], "0-1", "stalled connection", "White stalled")


def case_flood():
    # Info lines without end and no move: the clock still runs out.
    g, _, _ = play(engine("w", "--moves", FOOLS_MATE, "--flood", "1"),
                   engine("b", "--moves", FOOLS_MATE), "-each", "st=0.2")
    expect(g[0], "0-1", "time forfeit", "White loses on time")


def case_crash_and_restart():
    # The crashing engine dies at its first move in game 1; it is restarted
    # for game 2 (where it is black, and crashes again at its first move).
    g, _, err = play(engine("w", "--moves", FOOLS_MATE, "--crash", "1"),
                     engine("b", "--moves", FOOLS_MATE), games=2)
    expect(g[0], "0-1", "abandoned", "White engine died (w)")
    expect(g[1], "1-0", "abandoned", "Black engine died (w)")


def case_garbage():
    g, _, _ = play(engine("w", "--moves", FOOLS_MATE, "--garbage", "1"),
                   engine("b", "--moves", FOOLS_MATE))
    expect(g[0], "0-1", "rules infraction", "White sent garbage 'bestmove'")


def case_time_loss():
    g, _, _ = play(engine("w", "--moves", FOOLS_MATE, "--sleep-ms", "400"),
                   engine("b", "--moves", FOOLS_MATE), "-each", "st=0.1", "timemargin=50")
    expect(g[0], "0-1", "time forfeit", "White loses on time")
    # On a clock: 0.6 s for the game, each move takes 0.4 s: the second move
    # flags. (The slack of 0.2 s per move keeps a loaded machine, where a
    # scripted engine may answer 0.1 s late, from flagging the first move.)
    status, out, err, g = run_match(chimera, engine("w", "--moves", SHUFFLE, "--sleep-ms", "400")
                                    + engine("b", "--moves", SHUFFLE)
                                    + ["-each", "tc=0.6", "timemargin=20", "-games", "1"])
    check(status == 0 and len(g) == 1, "clock game played: " + err[-500:])
    expect(g[0], "0-1", "time forfeit", "White loses on time")
    check(len(g[0]["moves"]) == 2, "white's first move fits in 0.6 s, its second does not: %r"
          % g[0]["moves"])
    # tc=1/0.8: 0.8 s for every move, refilled after each: moves of 0.4 s,
    # which would flag by the third on a plain 0.8 s clock, never flag, and the
    # game ends by repetition.
    status, out, err, g = run_match(chimera, engine("w", "--moves", SHUFFLE, "--sleep-ms", "400")
                                    + engine("b", "--moves", SHUFFLE)
                                    + ["-each", "tc=1/0.8", "timemargin=20", "-games", "1"])
    check(status == 0 and len(g) == 1, "moves-per-control game played: " + err[-500:])
    expect(g[0], "1/2-1/2", "normal", "Draw by repetition")
    check(g[0].get("TimeControl") == "1/0.8", "TimeControl tag: %r" % g[0].get("TimeControl"))


def case_false_claim():
    g, _, _ = play(engine("w", "--moves", FOOLS_MATE, proto="xboard"),
                   engine("b", "--moves", FOOLS_MATE, "--claim", "1", proto="xboard"))
    expect(g[0], "1-0", "rules infraction", "Black makes a false claim '1-0 false claim")


def case_resign():
    g, _, _ = play(engine("w", "--moves", FOOLS_MATE, proto="xboard"),
                   engine("b", "--moves", FOOLS_MATE, "--resign", "2", proto="xboard"))
    expect(g[0], "1-0", "normal", "Black resigns")
    check(g[0]["moves"] == FOOLS_MATE.split()[:3], "3 plies before resigning")


def case_xboard_mate():
    g, _, _ = play(engine("w", "--moves", FOOLS_MATE, proto="xboard"),
                   engine("b", "--moves", FOOLS_MATE))
    expect(g[0], "0-1", "normal", "Black mates")


def case_adjudicate_draw():
    long_game = SHUFFLE.replace("g1f3 g8f6 f3g1 f6g8", "g1f3 g8f6 b1c3 b8c6")
    g, _, _ = play(engine("w", "--moves", long_game, "--score", "5"),
                   engine("b", "--moves", long_game, "--score", "-3"),
                   "-draw", "movenumber=1", "movecount=2", "score=10")
    # Plies 1..4 all score within 10: after 2 moves of each side, move 3 begins.
    expect(g[0], "1/2-1/2", "adjudication", "Draw by adjudication")
    check(len(g[0]["moves"]) == 4, "adjudicated after 4 plies: %r" % g[0]["moves"])


def case_adjudicate_resign():
    g, _, _ = play(engine("w", "--moves", SHUFFLE, "--score", "50"),
                   engine("b", "--moves", SHUFFLE, "--score", "-600"),
                   "-resign", "movecount=2", "score=500")
    expect(g[0], "1-0", "adjudication", "Black resigns: score <= -500 for 2 moves")
    check(len(g[0]["moves"]) == 4, "after black's second move: %r" % g[0]["moves"])


def case_adjudicate_maxmoves():
    g, _, _ = play(engine("w", "--moves", SHUFFLE), engine("b", "--moves", SHUFFLE),
                   "-maxmoves", "3")
    expect(g[0], "1/2-1/2", "adjudication", "maximum length of 3 moves")
    check(len(g[0]["moves"]) == 6, "3 full moves: %r" % g[0]["moves"])


def case_no_orphans():
    with tempfile.TemporaryDirectory() as tmp:
        pidfile = os.path.join(tmp, "pids")
        g, _, _ = play(engine("w", "--moves", FOOLS_MATE, "--helper", "--pidfile", pidfile,
                              "--crash", "2"),
                       engine("b", "--moves", FOOLS_MATE))
        expect(g[0], "0-1", "abandoned", "engine died")
        pids = [int(p) for p in open(pidfile).read().split()]
        check(len(pids) == 2, "engine and helper pids: %r" % pids)
        time.sleep(0.2)
        check(not any(alive(p) for p in pids), "no process left: %r" % pids)


def case_interrupt():
    with tempfile.TemporaryDirectory() as tmp:
        pidfile = os.path.join(tmp, "pids")
        pgn = os.path.join(tmp, "out.pgn")
        # Game 1 ends by mate; in game 2 engine w (black now) stalls at its third move.
        cmd = [chimera, "match"] + engine("w", "--moves", FOOLS_MATE, "--helper", "--pidfile",
                                          pidfile, "--stall", "3") \
            + engine("b", "--moves", FOOLS_MATE) \
            + ["-each", "depth=1", "stall=60", "-games", "3", "-pgnout", pgn]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.time() + 20
        while time.time() < deadline:
            time.sleep(0.2)
            if os.path.exists(pgn) and "Result" in open(pgn).read():
                break
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
        check(proc.returncode == 130, "exit 130 on Ctrl-C, got %d: %s" % (proc.returncode, err))
        check("Score of w vs b: 0 - 1 - 0" in out, "the finished game counted: " + out)
        games = read_pgn(pgn)
        check(len(games) == 1 and games[0]["Result"] == "0-1", "one finished game in the PGN")
        pids = [int(p) for p in open(pidfile).read().split()]
        time.sleep(0.2)
        check(not any(alive(p) for p in pids), "no process left: %r" % pids)


def case_openings_epd():
    with tempfile.TemporaryDirectory() as tmp:
        epd = os.path.join(tmp, "o.epd")
        with open(epd, "w") as f:
            f.write("# two positions, EPD with opcodes and a full FEN\n")
            f.write("rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - bm g2g4; id \"x\";\n")
            f.write("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2\n")
        rest = "g2g4 d8h4"
        g, _, _ = play(engine("w", "--moves", rest), engine("b", "--moves", rest),
                       "-openings", "file=" + epd, games=1)
        expect(g[0], "0-1", "normal", "Black mates")
        check(g[0].get("FEN", "").startswith("rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w"),
              "FEN tag: %r" % g[0].get("FEN"))
        check(g[0].get("SetUp") == "1", "SetUp tag")
        # start=2: the second line first (black to move after g2g4); the
        # engines run in dir=, where the relative pid file lands.
        g, _, _ = play(engine("w", "--moves", "d8h4", "--pidfile", "w.pid") + ["dir=" + tmp],
                       engine("b", "--moves", "d8h4"), "-openings", "file=" + epd, "start=2")
        expect(g[0], "0-1", "normal", "Black mates")
        check(g[0]["moves"] == ["d8h4"], "from the second position: %r" % g[0]["moves"])
        check(os.path.exists(os.path.join(tmp, "w.pid")), "the engine ran in dir=")
        # A position that is not chess stops the match before any game.
        with open(epd, "w") as f:
            f.write("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nnot a fen\n")
        status, _, err, _ = run_match(chimera, engine("w") + engine("b") + [
            "-each", "depth=1", "-openings", "file=" + epd], timeout=30)
        check(status == 1 and "o.epd:2:" in err, "file:line of the bad opening: %d %s"
              % (status, err))


def case_openings_fsf_dialect():
    # Fairy-Stockfish's FEN dialect: crazyhouse holdings in [...]; the
    # engines drop pawns from the hand, and black then plays an illegal move.
    with tempfile.TemporaryDirectory() as tmp:
        epd = os.path.join(tmp, "zh.epd")
        with open(epd, "w") as f:
            f.write("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[NPnp] w KQkq - 0 1\n")
        script = "P@e4 P@e5 N@f3"
        g, _, _ = play(engine("w", "--moves", script, "--variants", "crazyhouse"),
                       engine("b", "--moves", script, "--variants", "crazyhouse", "--illegal", "2"),
                       "-variant", "crazyhouse", "-openings", "file=" + epd)
        check(g[0].get("Variant") == "crazyhouse", "Variant tag")
        check("[NPnp]" in g[0].get("FEN", ""), "holdings in the FEN tag: %r" % g[0].get("FEN"))
        check(g[0]["moves"][:3] == ["P@e4", "P@e5", "N@f3"], "drops: %r" % g[0]["moves"])
        expect(g[0], "1-0", "rules infraction", "Black makes an illegal move")


def case_openings_pgn():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "o.pgn")
        with open(path, "w") as f:
            f.write('[Event "a"]\n[White "x"]\n\n1. f3 {a comment} e5 (1... e6) 2. g4 $1 *\n\n')
            f.write('[Event "b"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 *\n')
        g, _, _ = play(engine("w", "--moves", FOOLS_MATE), engine("b", "--moves", FOOLS_MATE),
                       "-openings", "file=" + path, games=1)
        expect(g[0], "0-1", "normal", "Black mates")
        check(g[0]["moves"] == FOOLS_MATE.split(), "SAN opening read as f2f3 e7e5 g2g4: %r"
              % g[0]["moves"])
        check(g[0]["text"].count("{book}") == 3, "three book moves")


def case_sprt_stops():
    # b loses every game it has white (an illegal move) and draws by
    # repetition as black; game 1 has a white, so a scores 1/2, 1, 1/2, 1, ...
    # elo0=0, elo1=50, trinomial (no -repeat): s0 = 1/2, s1 = 1/(1+10^(-50/400)) = 0.571463.
    # After 2k games (k wins, k draws): mu = 3/4, var = 1/16,
    #   LLR = 2k * 0.071463 * (1.5 - 1.071463) / (1/16) / 2 = 0.244997 * 2k.
    # After 13 (6 wins, 7 draws): mu = 9.5/13 = 0.730769,
    #   var = (6 * 0.269231^2 + 7 * 0.230769^2) / 13 = 0.062130,
    #   LLR = 13 * 0.071463 * (1.461538 - 1.071463) / 0.062130 / 2 = 2.916 < 2.944 = log(0.95/0.05);
    # after 14: 0.244997 * 14 = 3.430 >= 2.944: H1, the match stops at game 14 of 40.
    status, out, err, g = run_match(chimera, engine("a", "--moves", SHUFFLE)
                                    + engine("b", "--moves", SHUFFLE, "--illegal-as-white")
                                    + ["-each", "depth=1", "-games", "40",
                                       "-sprt", "elo0=0", "elo1=50"])
    check(status == 0, "status %d: %s" % (status, err[-800:]))
    check(len(g) == 14, "stops after 14 games, played %d" % len(g))
    check("Score of a vs b: 7 - 0 - 7" in out, "7 wins 7 draws: " + out)
    check("SPRT: llr 3.430" in out and "H1 was accepted" in out and "trinomial" in out,
          "verdict: " + out)


def case_missing_program():
    # A program that cannot be run is a setup error, not a lost game: the
    # match stops before play (no game in the PGN) with status 1, naming the
    # engine, the command and the reason, even when only one game was asked
    # for (it used to be scored 0-1 "failed to start", with status 0).
    with tempfile.TemporaryDirectory() as tmp:
        not_executable = os.path.join(tmp, "engine.txt")
        with open(not_executable, "w") as f:
            f.write("not a program\n")
        runs = os.path.join(tmp, "runs")
        for cmd, reason in (("/nonexistent/engine", "No such file or directory"),
                            (not_executable, "Permission denied")):
            status, out, err, g = run_match(chimera, ["-engine", "cmd=" + cmd, "name=x"]
                                            + engine("b", "--moves", FOOLS_MATE)
                                            + ["-each", "depth=1", "-games", "1"], timeout=30)
            check(status == 1, "exit status 1 for %s, got %d: %s" % (cmd, status, err[-600:]))
            check("engine 'x' cannot play: cannot start '%s': %s" % (cmd, reason) in err,
                  "engine, command and reason: " + err[-600:])
            check(len(g) == 0 and "Score of" not in out, "no game played: %d %s" % (len(g), out))
        # A program that runs but exits before its first handshake is as
        # much a setup error: it was never able to play.
        status, out, err, g = run_match(chimera, engine("x", "--runs", runs, "--max-runs", "0")
                                        + engine("b", "--moves", FOOLS_MATE)
                                        + ["-each", "depth=1", "-games", "1"], timeout=30)
        check(status == 1 and "engine 'x' cannot play: x: engine exited waiting for uciok" in err,
              "handshake failure at the first start: %d %s" % (status, err[-600:]))
        check(len(g) == 0, "no game played: %d" % len(g))


def case_bad_engine():
    # An engine that started and then cannot be restarted: each game it
    # cannot start is lost ("failed to start"), and after three in a row the
    # match stops with an error. x crashes at its first move in game 1 (a
    # lost game, as any crash) and exits at once on every later start.
    with tempfile.TemporaryDirectory() as tmp:
        runs = os.path.join(tmp, "runs")
        status, out, err, g = run_match(chimera, engine("x", "--moves", FOOLS_MATE, "--crash", "1",
                                                        "--runs", runs, "--max-runs", "1")
                                        + engine("b", "--moves", FOOLS_MATE)
                                        + ["-each", "depth=1", "-games", "10"])
        check(status == 1, "exit status 1, got %d" % status)
        check("engine 'x' failed to start three times" in err and "waiting for uciok" in err,
              "the reason: " + err[-600:])
        check(len(g) == 4, "one crash and three games lost by x, got %d" % len(g))
        expect(g[0], "0-1", "abandoned", "White engine died (x)")
        expect(g[1], "1-0", "abandoned", "Black failed to start (x)")


def chimera_engine(name, *settings, proto="uci"):
    return ["-engine", "cmd=" + chimera, "name=" + name, "proto=" + proto] + list(settings)


def case_unknown_option():
    # An option the engine does not declare stops the match before play,
    # naming the engine and the option (and the options it has, for the typo).
    status, out, err, g = run_match(chimera, chimera_engine("A") + chimera_engine("B") + [
        "-each", "depth=1", "option.Hash=8", "option.Hsah=8", "-maxmoves", "1"], timeout=30)
    check(status == 1, "exit status 1, got %d: %s" % (status, err[-600:]))
    check("engine 'A' cannot play: it has no option 'Hsah' (its options: " in err
          and "Move Overhead" in err, "engine, option and its options: " + err[-600:])
    check(len(g) == 0 and "Score of" not in out, "no game played: %d %s" % (len(g), out))
    # Over XBoard the declared options are its `feature option=` lines.
    status, out, err, g = run_match(chimera, chimera_engine("X", "option.Nope=1", proto="xboard")
                                    + chimera_engine("U") + ["-each", "depth=1"], timeout=30)
    check(status == 1 and "engine 'X' cannot play: it has no option 'Nope'" in err,
          "XBoard: %d %s" % (status, err[-600:]))
    check(len(g) == 0, "no XBoard game played: %d" % len(g))
    # The scripted engines declare only UCI_Variant (UCI) and nothing (XBoard).
    for proto, words in (("uci", "(its options: UCI_Variant)"), ("xboard", "(it declares none)")):
        status, out, err, g = run_match(chimera, engine("s", "--moves", FOOLS_MATE, proto=proto)
                                        + ["option.Threads=1"] + engine("b", "--moves", FOOLS_MATE)
                                        + ["-each", "depth=1"], timeout=30)
        check(status == 1 and "engine 's' cannot play: it has no option 'Threads' " + words in err,
              "scripted %s engine: %d %s" % (proto, status, err[-600:]))
    # UCI option names are not case sensitive, and may hold spaces.
    status, out, err, g = run_match(chimera, chimera_engine("A") + chimera_engine("B") + [
        "-each", "depth=1", "option.hash=8", "option.move overhead=20", "-maxmoves", "1"],
        timeout=30)
    check(status == 0 and len(g) == 1 and "warning" not in err,
          "declared options in other case: %d %s" % (status, err[-600:]))


def case_refused_option():
    # A declared option whose value the engine refuses: the match is played,
    # and the engine's own words in reply are a warning naming the engine and
    # the setting, given once however many times the engine is started (two
    # workers start their own engines here).
    status, out, err, g = run_match(chimera, chimera_engine("A") + chimera_engine("B") + [
        "-each", "depth=1", "option.Hash=abc", "option.Threads=9999", "-maxmoves", "1",
        "-games", "2", "-concurrency", "2"], timeout=60)
    check(status == 0 and len(g) == 2, "played: %d %d %s" % (status, len(g), err[-600:]))
    for name in "AB":
        warning = ("chimera match: warning: engine '%s': option.Hash=abc: "
                   "Hash takes a whole number from 1 to 65536, not 'abc'\n" % name)
        check(err.count(warning) == 1, "once, before play: %r in %s" % (warning, err[-1500:]))
        check("engine '%s': option.Threads=9999: Threads takes a whole number" % name in err,
              "the Threads refusal: " + err[-1500:])
    check(err.index("warning") < err.index("Finished game"), "warned before the first game")
    # Over XBoard: the engine's Error line before the pong.
    status, out, err, g = run_match(chimera, chimera_engine("X", "option.MultiPV=abc",
                                                            proto="xboard")
                                    + chimera_engine("U") + ["-each", "depth=1", "-maxmoves", "1"],
                                    timeout=30)
    check(status == 0 and len(g) == 1, "XBoard played: %d %s" % (status, err[-600:]))
    check("warning: engine 'X': option.MultiPV=abc: Error (MultiPV takes a whole number" in err,
          "XBoard refusal: " + err[-600:])


CASES = {name[5:]: fn for name, fn in globals().items() if name.startswith("case_")}
if case not in CASES:
    print("unknown case %s; cases: %s" % (case, " ".join(CASES)))
    sys.exit(2)
CASES[case]()
print("ok")
