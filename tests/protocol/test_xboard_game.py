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


run_tests([normal_is_announced, engine_moves_after_usermove_and_go, illegal_moves_are_refused,
           undo_and_remove_take_moves_back, setboard_and_a_game_end, analyze_and_exclude,
           pondering_hit_and_miss, clocks_are_obeyed, multileg_moves_in_comma_form])
