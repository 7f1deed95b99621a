"""test_uci.py — UCI conversations with the real binary (protocol tests)."""
from conversation import Conversation, run_tests

OPTIONS = ["VariantPath", "Threads", "Hash", "Clear Hash", "MultiPV", "Ponder",
           "UCI_Chess960", "Move Overhead"]


def handshake(binary):
    c = Conversation(binary)
    c.send("uci")
    c.expect(r"^id name Chimera ")
    lines = c.collect_until(r"^uciok$", timeout=30)
    for name in OPTIONS:
        if not any(line.startswith("option name %s type " % name) for line in lines):
            c.fail("option %s not offered" % name)
    c.send("isready")
    c.expect(r"^readyok$")
    c.finish()


def bad_input_is_answered_and_survived(binary):
    c = Conversation(binary)
    c.send("uci")
    c.expect(r"^uciok$", timeout=30)
    c.send("frobnicate now")
    c.expect(r"^info string unknown command 'frobnicate'")
    c.send("setoption name Hash value lots")
    c.expect(r"^info string Hash takes a whole number")
    c.send("setoption name NoSuchOption value 3")
    c.expect(r"^info string unknown option 'NoSuchOption'")
    c.send("setoption name Threads value 0")
    c.expect(r"^info string Threads takes a whole number from 1")
    c.send("setoption")
    c.expect(r"^info string setoption needs")
    c.send("position sideways")
    c.expect(r"^info string position needs")
    c.send("go depth many")
    c.expect(r"^info string go: 'depth' needs a number, not 'many'; ignored$",
             forbid=r"^info string go: 'many'")
    c.send("isready")
    c.expect(r"^readyok$")
    c.finish()


def option_names_ignore_case_and_spacing(binary):
    c = Conversation(binary)
    c.send("uci")
    c.expect(r"^uciok$", timeout=30)
    c.send("setoption name move  overhead value 100")
    c.send("setoption name multipv value 2")
    c.send("isready")
    # No complaint may come before readyok.
    c.expect(r"^readyok$", forbid=r"^info string")
    c.finish()


def detection_hint_before_uci(binary):
    c = Conversation(binary)
    c.send("hello")
    c.expect(r"send 'uci' or 'xboard' first")
    c.send("uci")
    c.expect(r"^uciok$", timeout=30)
    c.finish()


def end_of_input_exits(binary):
    c = Conversation(binary)
    c.send("uci")
    c.expect(r"^uciok$", timeout=30)
    c.process.stdin.close()
    if c.process.wait(timeout=5) != 0:
        c.fail("non-zero exit at end of input")


CAMBODIAN = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"


def bad_fen_is_reported_and_position_kept(binary):
    c = Conversation(binary)
    c.send("uci")
    c.expect(r"^uciok$", timeout=30)
    c.send("setoption name UCI_Variant value cambodian")
    c.send("position fen " + CAMBODIAN)
    for bad, why in [(CAMBODIAN + " junk", "unexpected extra field near 'junk'"),
                     (CAMBODIAN.replace("DEde", "DEdz"), "castling field"),
                     (CAMBODIAN.replace(" - 0 1", " e9 0 1"), "en passant field"),
                     (CAMBODIAN.replace(" 0 1", " 0 1 2 3 4"), "unexpected extra field near .2.")]:
        c.send("position fen " + bad)
        c.expect(r"^info string bad FEN: " + why)
    # The position before the bad FENs is still set: the oracle's 25 moves
    # (the king's and met's initial leaps included).
    c.send("go perft 1")
    c.expect(r"^Nodes searched: 25$")
    # But it is not the GUI's position: no move is played from it.
    c.send("go movetime 100")
    c.expect(r"^info string no search: the last position was refused")
    c.expect(r"^bestmove \(none\)$")
    c.send("position startpos moves e3e4 e6e5 junk")
    c.expect(r"^info string illegal move 'junk'")
    c.send("go movetime 100")
    c.expect(r"^bestmove \(none\)$")
    # A valid position ends it.
    c.send("position fen " + CAMBODIAN)
    c.send("go movetime 100")
    c.expect(r"^bestmove [a-h]")
    c.send("isready")
    c.expect(r"^readyok$")
    c.finish()


SHOGI_FENS = [
    # cutechess: e.p. and half-move clock left out, the move number alone
    ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - 1", 30),
    ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[BBp] w - 21", 71),
    # Fairy-Stockfish: no castling or e.p. field
    ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w 0 1", 30),
    ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - 0 1", 30),
    ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w", 30),
]


def fen_without_a_royal_is_refused(binary):
    # Chess without a white king is no position its rules define: refused,
    # and never searched (it was accepted and played on); horde's White has
    # no king by its rules and stays accepted.
    c = Conversation(binary)
    c.send("uci")
    c.expect(r"^uciok$", timeout=30)
    c.send("position fen 4k3/8/8/8/8/8/8/4R3 w - - 0 1")
    c.expect(r"^info string bad FEN: White has no royal piece")
    c.send("go depth 2")
    c.expect(r"^info string no search: the last position was refused", forbid=r"^bestmove [a-z]")
    c.expect(r"^bestmove \(none\)$")
    c.send("setoption name UCI_Variant value horde")
    c.send("position fen 4k3/8/8/8/8/8/8/PPPPPPPP w - - 0 1")
    c.send("go depth 2")
    c.expect(r"^bestmove [a-z]", forbid=r"^info string")
    c.finish()


def hash_the_machine_cannot_give_is_said_promptly(binary):
    # A Hash beyond half the machine's memory is reported and reduced; the
    # table it gets is not zeroed page by page, so isready (and ucinewgame's
    # clearing of the unused table) answers at once, where it took 10-25 s.
    # The timeout is a liveness bound, not a measurement.
    import os
    half_mb = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2 // 2**20
    c = Conversation(binary)
    c.send("uci")
    c.expect(r"^uciok$", timeout=30)
    c.send("setoption name Hash value 65536")
    c.send("isready")
    if half_mb < 65536:
        c.expect(r"^info string Hash 65536 MB cannot be allocated on this machine; using \d+ MB$",
                 timeout=60)
    c.expect(r"^readyok$", timeout=60)
    c.send("ucinewgame")
    c.send("isready")
    c.expect(r"^readyok$", timeout=60)
    c.send("position startpos")
    c.send("go depth 3")
    c.expect(r"^bestmove [a-z]", timeout=60)
    # Under AddressSanitizer the exit with a table of 8 GB takes seconds (its
    # leak check scans the heap): more than the usual 5 s on a loaded machine.
    c.finish(timeout=60)


def shogi_fens_as_cutechess_and_fairy_stockfish_write_them(binary):
    c = Conversation(binary)
    c.send("uci")
    c.expect(r"^uciok$", timeout=30)
    c.send("setoption name UCI_Variant value shogi")
    for fen, moves in SHOGI_FENS:
        c.send("position fen " + fen)
        c.send("go perft 1")
        c.expect(r"^Nodes searched: %d$" % moves, forbid=r"^info string")
    c.finish()


def variant_names_cutechess_sends_are_accepted(binary):
    c = Conversation(binary)
    c.send("uci")
    c.expect(r"^uciok$", timeout=30)
    # cutechess sends chess960 for its fischerandom, standard is its chess.
    for name, fen_start in [("chess960", "position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
                            ("standard", "position startpos")]:
        c.send("setoption name UCI_Variant value " + name)
        c.send(fen_start)
        c.send("go perft 1")
        c.expect(r"^Nodes searched: \d+$", forbid=r"^info string")
    c.finish()


def wall_moves_are_written_and_read_with_a_comma(binary):
    # Duck chess: a move places the duck, written as Fairy-Stockfish writes
    # it (e2e4,e4e5: the destination again, then the wall's square).
    c = Conversation(binary)
    c.send("uci")
    c.expect(r"^uciok$", timeout=30)
    c.send("setoption name UCI_Variant value duck")
    c.send("position startpos moves e2e4,e4e5")
    # Black: 19 moves (e7e5 blocked by the duck), each with 31 duck squares
    c.send("go perft 1")
    c.expect(r"^Nodes searched: 589$", forbid=r"^info string")
    # a duck on the square just moved to, or left where it stands, is illegal
    c.send("position startpos moves e2e4,e4e5 e7e6,e6e5")
    c.expect(r"^info string illegal move 'e7e6,e6e5'")
    c.send("position startpos moves e2e4,e4e4")
    c.expect(r"^info string illegal move 'e2e4,e4e4'")
    # the engine's own move comes back in the same form and is accepted
    c.send("position startpos moves e2e4,e4e5")
    c.send("go depth 2")
    best = c.expect(r"^bestmove ([a-h][1-8][a-h][1-8][qrbn]?,[a-h][1-8][a-h][1-8])( ponder |$)",
                    timeout=30).group(1)
    c.send("position startpos moves e2e4,e4e5 " + best)
    c.send("go perft 1")
    c.expect(r"^Nodes searched: \d+$", forbid=r"^info string")
    c.finish()


def position_that_extends_the_last_plays_the_same_game(binary):
    # A GUI sends the whole game before every move; Chimera plays only the
    # moves the last position command did not have, and only while nothing
    # else changed the game. Every answer here is the one a full replay gives.
    c = Conversation(binary)
    c.send("uci")
    c.expect(r"^uciok$", timeout=30)

    def count(expected):
        c.send("go perft 1")
        c.expect(r"^Nodes searched: %d$" % expected, forbid=r"^info string")

    c.send("position startpos moves e2e4")
    count(20)
    c.send("position startpos moves e2e4   e7e5")  # one more move, spaced apart
    count(29)
    c.send("position startpos moves e2e4 e7e5 g1f3 b8c6")  # two more
    count(27)
    c.send("position startpos moves e2e4 e7e5")  # a take-back: fewer moves
    count(29)
    c.send("position startpos moves e2e4 e7e5 g1f3 b8c6")
    count(27)
    # the last move's text is a prefix of this one's: not a move of its own
    c.send("position startpos moves e2e4 e7e5 g1f3 b8c6x")
    c.expect(r"^info string illegal move 'b8c6x'")
    # after a refused list, the next position is set in full
    c.send("position startpos moves e2e4 e7e5")
    count(29)
    c.send("position startpos moves e2e4 e7e5 e2e4")
    c.expect(r"^info string illegal move 'e2e4'")
    c.send("position startpos moves e2e4 e7e5")
    count(29)
    # another start with the same moves
    c.send("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4")
    c.send("position fen 4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1 moves e2e4 e8d7")
    count(16)
    # a search in between leaves the game as it was
    c.send("position startpos moves e2e4")
    c.send("go depth 3")
    best = c.expect(r"^bestmove (\S+)", timeout=30).group(1)
    c.send("position startpos moves e2e4 " + best)
    c.send("go perft 1")
    after_search = int(c.expect(r"^Nodes searched: (\d+)$", forbid=r"^info string").group(1))
    c.send("ucinewgame")
    c.send("position startpos moves e2e4 " + best)
    count(after_search)
    # a new variant is a new game: e2e4 is not still on the board
    c.send("setoption name UCI_Variant value capablanca")
    c.send("position startpos moves e2e4 e7e5")
    count(36)
    c.finish()


run_tests([position_that_extends_the_last_plays_the_same_game,
           wall_moves_are_written_and_read_with_a_comma, handshake, bad_fen_is_reported_and_position_kept,
           fen_without_a_royal_is_refused, hash_the_machine_cannot_give_is_said_promptly,
           shogi_fens_as_cutechess_and_fairy_stockfish_write_them,
           variant_names_cutechess_sends_are_accepted, bad_input_is_answered_and_survived, option_names_ignore_case_and_spacing,
           detection_hint_before_uci, end_of_input_exits])
