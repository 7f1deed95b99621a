"""test_xboard.py — XBoard (protocol 2) conversations with the real binary."""
from conversation import Conversation, run_tests

REQUIRED_FEATURES = ["setboard=1", "usermove=1", "ping=1", "memory=1", "smp=1", "sigint=0",
                     "san=0", "colors=0", "analyze=1", "exclude=1", "variants="]


def started(binary):
    """A Conversation past the protocol 2 handshake."""
    c = Conversation(binary)
    c.send("xboard")
    c.send("protover 2")
    c.expect(r"^feature done=1$", timeout=30)
    return c


def features(binary):
    c = Conversation(binary)
    c.send("xboard")
    c.send("protover 2")
    lines = c.collect_until(r"^feature done=1$", timeout=30)
    text = " ".join(lines)
    for feature in REQUIRED_FEATURES:
        if feature not in text:
            c.fail("feature %s not sent" % feature)
    for option in ["MultiPV -spin", "Move Overhead -spin", "Clear Hash -button"]:
        if 'option="%s' % option not in text:
            c.fail("option %s not mirrored" % option)
    c.send("ping 7")
    c.expect(r"^pong 7$")
    c.finish()


def ping_on_move_is_answered_after_the_move(binary):
    # Protocol 2: a ping that arrives while the engine is on move is answered
    # after the move. Once the pong came first.
    c = started(binary)
    c.send("new")
    c.send("sd 4")
    c.send("go")
    c.send("ping 11")
    c.expect(r"^move [a-h]", timeout=30, forbid=r"^pong")
    c.expect(r"^pong 11$", timeout=10)
    # moved on demand ('?'), then two pings in order
    c.send("st 100")
    c.send("usermove e7e5")
    c.send("?")
    c.send("ping 12")
    c.send("ping 13")
    c.expect(r"^move [a-h]", timeout=30, forbid=r"^pong")
    c.expect(r"^pong 12$", timeout=10)
    c.expect(r"^pong 13$", timeout=10)
    # a search given up (force) answers its pings too
    c.send("usermove d7d6")
    c.send("ping 14")
    c.send("force")
    c.expect(r"^pong 14$", timeout=30)
    c.send("ping 15")
    c.expect(r"^pong 15$", timeout=10)
    c.finish()


def illegal_move_reason_quotes_the_guis_text(binary):
    # XBoard numbers xiangqi's ranks from 0; the reason once quoted the move
    # as read on Chimera's board ('h2g4' for the h1g3 typed).
    c = started(binary)
    c.send("new")
    c.send("variant xiangqi")
    c.send("force")
    c.send("usermove h0g2")
    c.send("usermove h1g3")
    c.expect(r"^Illegal move \(illegal or unknown move 'h1g3'\): h1g3$", timeout=10)
    c.finish()


def bad_input_is_answered_and_survived(binary):
    c = started(binary)
    c.send("frobnicate")
    c.expect(r"^Error \(unknown command\): frobnicate$")
    c.send("level forty")
    c.expect(r"^Error \(expected level MPS BASE INC\): level forty$")
    c.send("st soon")
    c.expect(r"^Error \(expected seconds\): st soon$")
    c.send("sd -3")
    c.expect(r"^Error \(expected a depth\): sd -3$")
    c.send("memory huge")
    c.expect(r"^Error \(Hash takes a whole number .*\): memory huge$")
    c.send("option NoSuchOption=3")
    c.expect(r"^Error \(unknown option 'NoSuchOption'\): option NoSuchOption$")
    c.send("variant no-such-variant")
    c.expect(r"^Error \(unknown variant 'no-such-variant'\): variant no-such-variant$")
    c.send("level 40 0:30 0.5")
    c.send("st 2")
    c.send("sd 4")
    c.send("time 3000")
    c.send("otim 3000")
    c.send("memory 32")
    c.send("cores 1")
    c.send("ping 1")
    c.expect(r"^pong 1$", forbid=r"^Error")
    c.finish()


def bad_fen_is_reported_and_position_kept(binary):
    fen = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"
    c = started(binary)
    c.send("variant cambodian")
    c.send("setboard " + fen)
    c.send("setboard %s junk" % fen)
    c.expect(r"^Error \(bad FEN: unexpected extra field near 'junk'\): setboard ")
    c.send("setboard " + fen.replace(" w ", " x "))
    c.expect(r"^Error \(bad FEN: side to move must be w or b")
    c.send("perft 1")
    c.expect(r"^Nodes searched: 25$")
    c.send("ping 2")
    c.expect(r"^pong 2$")
    c.finish()


def cutechess_variant_names_are_listed_and_accepted(binary):
    c = Conversation(binary)
    c.send("xboard")
    c.send("protover 2")
    lines = c.collect_until(r"^feature done=1$", timeout=30)
    listed = " ".join(lines).split('variants="')[1].split('"')[0].split(",")
    # cutechess's names beside XBoard's (Fairy-Max's) spellings and ours.
    for name in ["kingofthehill", "king-of-the-hill", "losalamos", "los-alamos", "courier",
                 "chimera-courier", "normal", "fischerandom", "shogi"]:
        if name not in listed:
            c.fail("variant %s not listed" % name)
    if len(listed) != len(set(listed)):
        c.fail("a variant is listed twice")
    for name in ["kingofthehill", "losalamos", "courier"]:
        c.send("new")
        c.send("variant " + name)
        c.send("ping 1")
        c.expect(r"^pong 1$", forbid=r"^Error")
    c.finish()


def chu_is_xboards_native_chu_shogi(binary):
    # XBoard (and HaChu) know chu: listed, played without setup (XBoard
    # uses its own pieces and start, the same as ours), promotions with '+'.
    c = Conversation(binary)
    c.send("xboard")
    c.send("protover 2")
    lines = c.collect_until(r"^feature done=1$", timeout=30)
    listed = " ".join(lines).split('variants="')[1].split('"')[0].split(",")
    if "chu" not in listed:
        c.fail("chu not listed")
    c.send("new")
    c.send("variant chu")
    c.send("force")
    c.send("usermove a4a5")
    c.send("usermove a9a8")
    c.send("ping 1")
    c.expect(r"^pong 1$", forbid=r"^(setup|piece|Error|Illegal)")
    c.send("sd 2")
    c.send("go")
    c.expect(r"^move [a-l]\d+[a-l]\d+", timeout=20)
    # A lion's double capture in XBoard's comma form takes both pieces (it
    # was once read as the plain jump, and HaChu's next moves were forfeits).
    c.send("force")
    c.send("setboard 12/12/12/12/12/12/12/1p10/1p10/2N9/12/K10k w - - 0 1")
    c.send("usermove c3b4,b4b5")
    c.send("perft 1")
    c.expect(r"^Nodes searched: 3$", forbid=r"^(Illegal|Error)")
    # HaChu passes with XBoard's null move: the lion steps out and back.
    c.send("setboard 12/12/12/12/12/12/12/1p10/1p10/2N9/12/K10k w - - 0 1")
    c.send("usermove @@@@")
    c.send("perft 1")  # Black to move, nothing captured: b4b3, b4b3+ and 3 king moves
    c.expect(r"^Nodes searched: 5$", forbid=r"^(Illegal|Error)")
    c.finish()


def refused_variant_or_position_is_never_played(binary):
    c = started(binary)
    c.send("new")
    c.send("variant no-such-game")
    c.expect(r"^Error \(unknown variant")
    c.send("st 1")
    c.send("go")
    c.expect(r"^Error \(no search: the last variant was refused", forbid=r"^move ")
    c.send("new")
    c.send("setboard 8/8/8/8/8/8/8/8 w junk")
    c.expect(r"^Error \(.*\): setboard")
    c.send("go")
    c.expect(r"^Error \(no search", forbid=r"^move ")
    c.send("new")
    c.send("go")
    c.expect(r"^move ", timeout=10)
    c.finish()


def fen_without_a_royal_is_refused(binary):
    # Chess without a white king is no position its rules define: refused
    # in XBoard's error form, and never searched.
    c = started(binary)
    c.send("new")
    c.send("setboard 4k3/8/8/8/8/8/8/4R3 w - - 0 1")
    c.expect(r"^Error \(bad FEN: White has no royal piece.*\): setboard ")
    c.send("go")
    c.expect(r"^Error \(no search", forbid=r"^move ")
    c.finish()


def started_with_variant(binary, folder, name, setup, pieces):
    """An XBoard conversation past protover 2, with variant [name] of one
    8x8 file loaded (royal K)."""
    import os
    path = os.path.join(folder, name + ".var")
    with open(path, "w") as f:
        f.write("[%s]\nboard  = 8x8\nsetup  = %s\npieces = %s\nrules  = royal{K}\n"
                % (name, setup, pieces))
    c = Conversation(binary, "--load", path)
    c.send("xboard")
    c.send("protover 2")
    c.expect(r"^feature done=1$", timeout=30)
    return c


def pieces_xboard_cannot_name_are_refused(binary):
    # MBN's compound letters (:BM:) and '-' pieces (-Q) have no one-letter
    # name for XBoard: its setup FEN would be read as another position.
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        c = started_with_variant(binary, folder, "compound", "7k/8/8/8/3:BM:4/8/8/K7 w - - 0 1",
                                 "K :BM:=N")
        c.send("variant compound")
        c.expect(r"^Error \(compound has a piece named :BM:, which XBoard cannot name with one "
                 r"letter\): variant compound$", forbid=r"^setup")
        c.send("go")
        c.expect(r"^Error \(no search", forbid=r"^move ")
        c.finish()
    # Side-movers ('P) have no one-letter name either, and a promotion to the
    # other side's piece (+P==q) XBoard would give to the mover: refused.
    with tempfile.TemporaryDirectory() as folder:
        c = started_with_variant(binary, folder, "sidemover", "4k3/8/8/8/8/8/'P7/4K3 w - - 0 1",
                                 "K Q R B N P 'P")
        c.send("variant sidemover")
        c.expect(r"^Error \(sidemover has a piece named 'P, which XBoard cannot name with one "
                 r"letter\): variant sidemover$", forbid=r"^setup")
        c.finish()
    with tempfile.TemporaryDirectory() as folder:
        c = started_with_variant(binary, folder, "turncoat", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
                                 "K Q R B N P +P==q")
        c.send("variant turncoat")
        c.expect(r"^Error \(turncoat has a piece P that promotes to the other side's piece, "
                 r"which XBoard does not play\): variant turncoat$", forbid=r"^setup")
        c.send("go")
        c.expect(r"^Error \(no search", forbid=r"^move ")
        c.finish()


def piece_lines_say_what_each_colour_plays(binary):
    # A piece that moves differently left and right: MBN reflects Black's
    # moves top to bottom, XBoard turns them by 180 degrees, so one "X&" line
    # would have XBoard check Black's moves as the mirror image of ours.
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        c = started_with_variant(binary, folder, "chiral", "4k3/8/8/3x4/3X4/8/8/4K3 w - - 0 1",
                                 "K X=rW+lF")
        c.send("variant chiral")
        c.expect(r"^setup \(")
        c.expect(r"^# piece X: Black's moves are not White's turned around")
        c.expect(r"^piece X rWlF$", forbid=r"^piece X&")
        c.expect(r"^piece x lWrF$")
        # Doublearmy's pawns double-step from rank 2 only; XBoard's i would
        # also let the unmoved ones on rank 4 go: said in a comment.
        c.send("variant doublearmy")
        c.expect(r"^# piece P: XBoard will allow more than this piece can")
        c.expect(r"^piece P& fmWfceFifmnD$")
        # Orda: only White's pawns double-step. One line for both colours
        # (separate lines made XBoard 4.9 refuse legal Black moves), with a
        # comment saying XBoard allows Black's unmoved pawns the step too.
        c.send("variant orda")
        c.expect(r"^# piece P: first-move steps that only one side has")
        c.expect(r"^piece P& fmWfceFifmnD$", forbid=r"^piece p ")
        # A 3D board cannot be shown flat: refused, and never played.
        c.send("variant raumschach")
        c.expect(r"^Error \(raumschach has a 5x5x5 board; XBoard shows flat boards only\): "
                 r"variant raumschach$", forbid=r"^setup")
        c.send("go")
        c.expect(r"^Error \(no search", forbid=r"^move ")
        c.finish()


def atomic_variants_name_xboards_atomic_as_parent(binary):
    # XBoard blows pieces up on its own board only under its atomic rules
    # (parent variant atomic); a variant whose blasts differ from them would
    # leave XBoard's board different from the game's: not announced, refused.
    c = Conversation(binary)
    c.send("xboard")
    c.send("protover 2")
    lines = c.collect_until(r"^feature done=1$", timeout=30)
    listed = " ".join(lines).split('variants="')[1].split('"')[0].split(",")
    if "6x6atom" not in listed:
        c.fail("6x6atom not listed")
    for name in ["atomar", "atomiczh", "allexplodeatomic"]:
        if name in listed:
            c.fail("%s listed, though XBoard's atomic blasts other pieces" % name)
    c.send("new")
    c.send("variant 6x6atom")
    c.expect(r"^setup \(\S+\) 6x6\+0_atomic rbqkbr/pppppp/6/6/PPPPPP/RBQKBR w - - 0 1$")
    c.send("new")
    c.send("variant allexplodeatomic")
    c.expect(r"^Error \(allexplodeatomic's captures explode otherwise than XBoard's atomic",
             forbid=r"^setup")
    c.finish()


def wall_moves_in_xboards_comma_form(binary):
    # Duck chess in XBoard: the wall after a comma, a promotion suffix after
    # the wall (Fairy-Stockfish's XBoard form: a7a8,a8h3q).
    c = started(binary)
    c.send("new")
    c.send("variant duck")
    c.send("force")
    c.send("setboard 4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    c.send("usermove a7a8,a8h3q")
    c.send("ping 1")
    c.expect(r"^pong 1$", forbid=r"^(Illegal|Error)")
    # Black: 5 king moves, 60 squares for the duck (h3 taken)
    c.send("perft 1")
    c.expect(r"^Nodes searched: 300$", forbid=r"^(Illegal|Error)")
    c.send("sd 2")
    c.send("go")
    c.expect(r"^move [a-h][1-8][a-h][1-8],[a-h][1-8][a-h][1-8]$", timeout=30)
    c.finish()


run_tests([wall_moves_in_xboards_comma_form, features, ping_on_move_is_answered_after_the_move,
           illegal_move_reason_quotes_the_guis_text, piece_lines_say_what_each_colour_plays, pieces_xboard_cannot_name_are_refused, bad_input_is_answered_and_survived, bad_fen_is_reported_and_position_kept,
           cutechess_variant_names_are_listed_and_accepted,
           refused_variant_or_position_is_never_played, fen_without_a_royal_is_refused,
           chu_is_xboards_native_chu_shogi, atomic_variants_name_xboards_atomic_as_parent])
