"""test_xboard_game.py — XBoard games through pipes: the engine moves by
itself, refuses illegal moves, undoes, analyses, ponders and ends games."""
from conversation import Conversation, run_tests

MOVE = r"^move ([a-z]+\d+[a-z]+\d+[a-z+]?|O-O(-O)?)$"


def start(binary):
    c = Conversation(binary)
    c.send("xboard")
    c.send("protover 2")
    c.expect(r"^feature done=1$", timeout=30)
    c.send("new")
    c.send("st 1")
    c.send("post")
    return c


def normal_is_announced(binary):
    c = Conversation(binary)
    c.send("xboard")
    c.send("protover 2")
    line = c.expect(r'variants="([^"]*)"').group(1).split(",")
    if "normal" not in line or "chess" in line or line.count("normal") != 1:
        c.fail("variants list: %r" % line)
    c.finish()


def engine_moves_after_usermove_and_go(binary):
    c = start(binary)
    c.send("usermove e2e4")
    c.expect(r"^\d+ -?\d+ \d+ \d+ \S")  # thinking output
    reply = c.expect(MOVE, timeout=10).group(1)
    c.send("force")
    c.send("usermove g1f3")
    c.send("go")
    c.expect(MOVE, timeout=10)
    c.send("ping 5")
    c.expect(r"^pong 5$")
    c.finish()


def illegal_moves_are_refused(binary):
    c = start(binary)
    c.send("force")
    c.send("usermove e2e5")
    c.expect(r"^Illegal move \(.*\): e2e5$")
    c.send("e2e4")  # usermove=1: a bare move is an unknown command
    c.expect(r"^Error \(unknown command\): e2e4$")
    c.send("setboard 8/8/8 w")
    c.expect(r"^Error \(.*\): setboard 8/8/8 w$")
    c.send("undo")
    c.expect(r"^Error \(no move to undo\): undo$")
    c.send("usermove e2e4")
    c.send("usermove e7e5")
    c.send("remove")
    c.send("usermove e2e4")
    c.send("perft 1")
    c.expect(r"^Nodes searched: 20$", forbid=r"^Illegal|^Error")
    c.finish()


def undo_and_remove_take_moves_back(binary):
    c = start(binary)
    c.send("force")
    c.send("usermove e2e4")
    c.send("usermove e7e5")
    c.send("remove")
    c.send("usermove d2d4")  # white to move again at the start
    c.send("undo")
    c.send("usermove e2e4")
    c.send("perft 1")
    c.expect(r"^Nodes searched: 20$", forbid=r"^Illegal|^Error")
    c.finish()


def setboard_and_a_game_end(binary):
    c = start(binary)
    c.send("force")
    c.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    c.send("go")
    c.expect(r"^move a1a8$", timeout=10)
    c.expect(r"^1-0 \{White mates\}$", timeout=5)
    c.finish()


def analyze_and_exclude(binary):
    c = start(binary)
    c.send("force")
    c.send("analyze")
    c.expect(r"^\d+ -?\d+ \d+ \d+ \S", timeout=5)
    c.send("exclude all")
    c.send("include e2e4")
    c.send("ping 9")
    c.expect(r"^pong 9$")
    c.quiet(0.5)
    seen = c.quiet(0.5)
    pvs = [l.split()[4] for l in seen if len(l.split()) > 4 and l[0].isdigit()]
    if pvs and any(pv != "e2e4" for pv in pvs):
        c.fail("exclude ignored: %r" % pvs)
    c.send("exit")
    c.send("ping 10")
    c.expect(r"^pong 10$")
    c.quiet(0.3, forbid=r"^move ")
    c.finish()


def pondering_hit_and_miss(binary):
    c = start(binary)
    c.send("hard")
    c.send("level 0 1 0")
    c.send("time 6000")
    c.send("otim 6000")
    c.send("usermove e2e4")
    lines = c.collect_until(MOVE, timeout=10)
    # The engine now ponders on the reply its last PV expects: play exactly that.
    pvs = [l.split()[4:] for l in lines if l[:1].isdigit() and len(l.split()) > 5]
    expected = pvs[-1][1] if pvs else None
    c.send("time 5000")
    c.send("otim 5000")
    if expected:
        c.send("usermove %s" % expected)  # ponder hit
        c.expect(MOVE, timeout=10, forbid=r"^Illegal|^Error")
    # A reply it did not expect (a miss) must still give a move.
    c.send("usermove a2a3" if expected != "a2a3" else "usermove h2h3")
    c.expect(MOVE + r"|^Illegal move", timeout=10)
    c.send("easy")
    c.send("force")
    c.send("ping 3")
    c.expect(r"^pong 3$")
    c.finish()


def clocks_are_obeyed(binary):
    c = start(binary)
    c.send("level 40 0:02 0")
    c.send("time 150")
    c.send("otim 150")
    c.send("usermove e2e4")
    c.expect(MOVE, timeout=2)
    c.finish()


def multileg_moves_in_comma_form(binary):
    import os
    lion = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lion.var")
    c = Conversation(binary, "--load", lion)
    c.send("xboard")
    c.send("protover 2")
    c.expect(r"variants=\"[^\"]*lionchess")
    c.expect(r"^feature done=1$", timeout=30)
    c.send("variant lionchess")
    c.expect(r"^setup \(")
    c.send("force")
    c.send("setboard 7k/8/8/3q4/3p4/3L4/8/K7 w - - 0 1")
    c.send("sd 3")
    c.send("go")
    c.expect(r"^move d3d4,d4d5$", timeout=10)
    c.send("force")
    c.send("setboard 7k/8/8/3q4/3p4/3L4/8/K7 w - - 0 1")
    c.send("usermove d3d4,d4d5")
    c.send("perft 1")  # both black pieces gone: three king moves
    c.expect(r"^Nodes searched: 3$", forbid=r"^Illegal|^Error")
    c.send("usermove a1a2,a2a3")
    c.expect(r"^Illegal move \(.*\): a1a2,a2a3$")
    c.finish()


def shogi_promotion_suffixes(binary):
    # XBoard writes a deliberate non-promotion as "g6g7=" and a promotion as
    # "g6g7+"; the engine's own moves use + and the plain move likewise.
    c = start(binary)
    c.send("variant shogi")
    c.send("force")
    c.send("setboard lnsgkgsnl/1r5b1/pppppp1pp/6P2/9/9/PPPPPP1PP/1B5R1/LNSGKGSNL[] w - - 0 1")
    c.send("perft 1")
    lines = c.collect_until(r"^Nodes searched:", timeout=10)
    if not {"g6g7 1", "g6g7+ 1"} <= set(lines):
        c.fail("perft should list g6g7 and g6g7+: %r" % lines)
    c.send("usermove g6g7=")
    c.send("setboard lnsgkgsnl/1r5b1/pppppp1pp/6P2/9/9/PPPPPP1PP/1B5R1/LNSGKGSNL[] w - - 0 1")
    c.send("usermove g6g7+")
    c.send("undo")
    c.send("usermove g6g7=")
    c.send("undo")
    c.send("usermove g6g7")
    c.send("ping 1")
    c.expect(r"^pong 1$", forbid=r"^Illegal|^Error")
    # Bad suffixes are still refused, and the position is kept.
    c.send("undo")
    c.send("usermove g6g7q")
    c.expect(r"^Illegal move \(.*\): g6g7q$")
    c.send("usermove g6g7=+")
    c.expect(r"^Illegal move \(.*\): g6g7=\+$")
    c.send("usermove g6g7+")
    c.send("ping 2")
    c.expect(r"^pong 2$", forbid=r"^Illegal|^Error")
    c.finish()


def ten_rank_boards_count_ranks_from_zero(binary):
    # XBoard numbers a 10-rank board's ranks 0-9 (xiangqi h0g2); other
    # heights keep ours (rank 12 on 12x12).
    c = start(binary)
    c.send("variant xiangqi")
    c.send("force")
    c.send("perft 1")
    lines = c.collect_until(r"^Nodes searched: 44$", timeout=10)
    if "h0g2 1" not in lines or any(line.startswith("h1g3") for line in lines):
        c.fail("xiangqi moves not in XBoard's ranks: %r" % lines)
    c.send("usermove h0g2")
    c.send("usermove h9g7")
    c.send("ping 1")
    c.expect(r"^pong 1$", forbid=r"^Illegal|^Error")
    c.send("usermove h10g8")
    c.expect(r"^Illegal move \(.*\): h10g8$")
    c.send("exclude b0c2")
    c.send("sd 2")
    c.send("go")
    move = c.expect(r"^move ([a-i][0-9][a-i][0-9])$", timeout=20).group(1)
    c.send("force")
    c.send("undo")
    c.send("usermove " + move)  # our own move, read back, is legal again
    c.send("ping 2")
    c.expect(r"^pong 2$", forbid=r"^Illegal|^Error")
    c.send("variant chushogi")
    c.send("force")
    c.send("usermove a4a5")
    c.send("perft 1")
    lines = c.collect_until(r"^Nodes searched:", timeout=10)
    if "a9a8 1" not in lines:
        c.fail("12-rank moves should keep ranks from 1: %r" % lines)
    c.finish()


def own_start_positions_get_own_names(binary):
    # Our courier starts from Fairy-Stockfish's position, XBoard's courier
    # from the traditional one: it is announced as chimera-courier (with
    # setup). cutechess's courier is ours and cutechess sends "courier", so
    # that name is listed and accepted too (with setup). Same starts keep
    # XBoard's names.
    c = Conversation(binary)
    c.send("xboard")
    c.send("protover 2")
    names = c.expect(r'variants="([^"]*)"').group(1).split(",")
    c.expect(r"^feature done=1$", timeout=30)
    if "chimera-courier" not in names or "courier" not in names:
        c.fail("courier should be announced as chimera-courier and courier: %r" % names)
    for known in ["normal", "capablanca", "shatranj", "xiangqi", "shogi", "makruk", "knightmate"]:
        if known not in names:
            c.fail("%s should keep its name: %r" % (known, names))
    c.send("variant courier")
    c.expect(r"^setup \(.*\) 12x8\+0_fairy rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/", forbid=r"^Error")
    c.send("variant chimera-courier")
    c.expect(r"^setup \(.*\) 12x8\+0_fairy rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/")
    c.send("force")
    c.send("usermove l1l3")  # legal only in our set-up (l2 is empty)
    c.send("ping 1")
    c.expect(r"^pong 1$", forbid=r"^Illegal|^Error")
    c.send("variant shatranj")
    c.send("ping 2")
    c.expect(r"^pong 2$", forbid=r"^setup|^Error")
    c.finish()


run_tests([own_start_positions_get_own_names, shogi_promotion_suffixes, ten_rank_boards_count_ranks_from_zero, normal_is_announced, engine_moves_after_usermove_and_go, illegal_moves_are_refused,
           undo_and_remove_take_moves_back, setboard_and_a_game_end, analyze_and_exclude,
           pondering_hit_and_miss, clocks_are_obeyed, multileg_moves_in_comma_form])
