"""test_uci_game.py — UCI games through pipes: positions, moves, searches,
illegal input, infinite/ponder semantics, perft, variants."""
import time

from conversation import Conversation, run_tests


def start(binary):
    c = Conversation(binary)
    c.send("uci")
    lines = c.collect_until(r"^uciok$", timeout=30)
    c.send("isready")
    c.expect(r"^readyok$")
    return c, lines


def variants_are_offered(binary):
    c, lines = start(binary)
    combo = [l for l in lines if l.startswith("option name UCI_Variant type combo")]
    if not combo or " var chess" not in combo[0] or " default chess" not in combo[0]:
        c.fail("UCI_Variant combo without chess: %r" % combo)
    c.finish()


def search_answers_with_a_legal_move(binary):
    c, _ = start(binary)
    c.send("ucinewgame")
    c.send("position startpos moves e2e4 e7e5")
    c.send("go depth 4")
    info = c.expect(r"^info depth \d+ seldepth \d+ multipv 1 score (cp|mate) -?\d+ .*nodes \d+ "
                    r"nps \d+ .*time \d+ pv [a-z]")
    best = c.expect(r"^bestmove (\S+)", timeout=30).group(1)
    # The answer must be legal: play it and count the replies.
    c.send("position startpos moves e2e4 e7e5 %s" % best)
    c.send("go perft 1")
    c.expect(r"^Nodes searched: [1-9]", forbid=r"illegal move")
    c.finish()


def illegal_moves_and_bad_fens_keep_the_position(binary):
    c, _ = start(binary)
    c.send("position startpos moves e2e4 e7e5 e1e3")
    c.expect(r"^info string illegal move 'e1e3'")
    c.send("go perft 1")  # after e2e4 e7e5: white has 29 moves
    c.expect(r"^Nodes searched: 29$")
    c.send("position fen this-is-not-a-fen w - - 0 1")
    c.expect(r"^info string .*FEN")
    c.send("go perft 1")
    c.expect(r"^Nodes searched: 29$")
    c.send("position startpos moves")
    c.send("go perft 3")
    c.expect(r"^Nodes searched: 8902$", timeout=20)
    c.finish()


def infinite_waits_for_stop(binary):
    c, _ = start(binary)
    c.send("position startpos")
    c.send("go infinite")
    c.quiet(0.8, forbid=r"^bestmove")
    c.send("isready")
    c.expect(r"^readyok$", forbid=r"^bestmove")
    c.send("stop")
    c.expect(r"^bestmove [a-h][1-8][a-h][1-8]", timeout=10)
    c.finish()


def ponder_then_ponderhit(binary):
    c, _ = start(binary)
    c.send("setoption name Ponder value true")
    c.send("position startpos moves e2e4 e7e5")
    c.send("go ponder wtime 2000 btime 2000")
    c.quiet(0.5, forbid=r"^bestmove")
    c.send("ponderhit")
    c.expect(r"^bestmove [a-h][1-8][a-h][1-8]", timeout=10)
    c.finish()


def movetime_and_clock_limits_are_kept(binary):
    c, _ = start(binary)
    c.send("position startpos")
    begin = time.monotonic()
    c.send("go movetime 300")
    c.expect(r"^bestmove [a-h][1-8]", timeout=5)
    if time.monotonic() - begin > 2.0:
        c.fail("movetime 300 took %.1f s" % (time.monotonic() - begin))
    begin = time.monotonic()
    c.send("go wtime 1000 btime 1000 winc 0 binc 0")
    c.expect(r"^bestmove [a-h][1-8]", timeout=5)
    if time.monotonic() - begin > 1.0:
        c.fail("a 1 s clock took %.1f s" % (time.monotonic() - begin))
    c.send("go nodes 2000")
    c.expect(r"^bestmove [a-h][1-8]", timeout=10)
    c.finish()


def searchmoves_restrict_the_root(binary):
    c, _ = start(binary)
    c.send("position startpos")
    c.send("go depth 3 searchmoves a2a3 h2h3")
    best = c.expect(r"^bestmove (\S+)", timeout=20).group(1)
    if best not in ("a2a3", "h2h3"):
        c.fail("searchmoves ignored: %s" % best)
    c.finish()


def mate_and_stalemate_positions(binary):
    c, _ = start(binary)
    # Black is mated: no move to give.
    c.send("position startpos moves f2f3 e7e5 g2g4 d8h4")
    c.send("go depth 2")
    c.expect(r"^bestmove \(none\)$", timeout=10)
    # Mate in one for White: the search must find it.
    c.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    c.send("go depth 3")
    c.expect(r"score mate 1 ", timeout=10)
    c.expect(r"^bestmove a1a8$", timeout=10)
    c.finish()


def quit_during_search(binary):
    c, _ = start(binary)
    c.send("position startpos")
    c.send("go infinite")
    c.quiet(0.3)
    c.finish()


def variant_selection(binary):
    c, lines = start(binary)
    combo = [l for l in lines if l.startswith("option name UCI_Variant")][0]
    if " var capablanca" not in combo:
        print("skip variant_selection: no capablanca")
        c.finish()
        return
    c.send("setoption name UCI_Variant value capablanca")
    c.send("ucinewgame")
    c.send("position startpos")
    c.send("go perft 1")
    c.expect(r"^Nodes searched: 28$")
    c.send("setoption name UCI_Variant value no-such-game")
    c.expect(r"^info string unknown variant 'no-such-game'")
    c.send("go perft 1")
    c.expect(r"^Nodes searched: 28$")
    # The GUI plays a game we do not know: no move from ours, even after
    # position startpos (the GUI's start, not capablanca's).
    c.send("position startpos")
    c.send("go depth 2")
    c.expect(r"^info string no search: the last variant was refused")
    c.expect(r"^bestmove \(none\)$")
    c.send("setoption name UCI_Variant value capablanca")
    c.send("position startpos")
    c.send("go depth 2")
    c.expect(r"^bestmove [a-j](10|[1-9])[a-j](10|[1-9])", timeout=20)
    c.finish()


def drops_in_move_text(binary):
    c, _ = start(binary)
    c.send("setoption name UCI_Variant value crazyhouse")
    c.send("ucinewgame")
    # Counts checked against Fairy-Stockfish for the same moves.
    c.send("position startpos moves e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@d6")
    c.send("go perft 1")
    c.expect(r"^Nodes searched: 72$", forbid=r"illegal move")
    c.send("go depth 2")
    c.expect(r"^bestmove ([A-Z]@[a-h][1-8]|[a-h][1-8][a-h][1-8][a-z]?)( ponder \S+)?$", timeout=20)
    c.finish()


def xiangqi_search_judges_perpetual_chasing(binary):
    """A repetition in the search is judged by chasing=axf as the game's: the
    verdicts are Fairy-Stockfish's (tests/unit/test_board_chase.c), "mate 1"
    where the side making the searched move wins, "mate -1" where it loses.
    The last case's cycle ends two plies into the search: the path's records."""
    c, _ = start(binary)
    c.send("setoption name UCI_Variant value xiangqi")
    cases = [
        # White's rook chases the unprotected knight: Black, closing the cycle, wins
        ("4k4/9/n8/8R/9/9/9/9/9/3K5 w - - 0 1", "i7i8 a8c7 i8i7 c7a8 i7i8 a8c7 i8i7",
         "c7a8", r"score mate 1 "),
        # both sides chase: a draw (near zero: contempt)
        ("4k3c/9/b8/2N6/9/9/6n2/8B/9/C2K5 w - - 0 1", "c7a6 g4i5 a6c7 i5g4 c7a6 g4i5 a6c7",
         "i5g4", r"score cp -?[0-9]{1,2} "),
        # only Black's knight chases: Black, closing the cycle, loses
        ("4k3c/9/b8/2N6/9/9/6n2/8B/9/3K5 w - - 0 1", "c7a6 g4i5 a6c7 i5g4 c7a6 g4i5 a6c7",
         "i5g4", r"score mate -1 "),
        # White to move two plies before the cycle closes: i8i7 c7a8 loses for it
        ("4k4/9/n8/8R/9/9/9/9/9/3K5 w - - 0 1", "i7i8 a8c7 i8i7 c7a8 i7i8 a8c7",
         "i8i7", r"score mate -1 "),
    ]
    for fen, moves, move, score in cases:
        c.send("position fen %s moves %s" % (fen, moves))
        c.send("go depth 5 searchmoves " + move)
        c.expect(r"^info depth 5 .*" + score, timeout=20)
        c.expect(r"^bestmove %s" % move, timeout=20)
    c.finish()


run_tests([variants_are_offered, search_answers_with_a_legal_move,
           illegal_moves_and_bad_fens_keep_the_position, infinite_waits_for_stop,
           ponder_then_ponderhit, movetime_and_clock_limits_are_kept,
           searchmoves_restrict_the_root, mate_and_stalemate_positions, quit_during_search,
           variant_selection, drops_in_move_text,
           xiangqi_search_judges_perpetual_chasing])
