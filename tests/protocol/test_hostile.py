"""test_hostile.py — hostile or extreme protocol input (issue #14).

Each case once crashed under the sanitizers, hung, or failed silently: huge
numbers, a perft that blocked the reader, an undo that half happened, control
bytes echoed raw, and resource settings the machine cannot give.
"""
import resource
import subprocess
import sys
import time

from conversation import Conversation, run_tests


def uci(binary, *args, **kwargs):
    c = Conversation(binary, *args, **kwargs)
    c.send("uci")
    c.expect(r"^uciok$", timeout=30)
    return c


def xboard(binary):
    c = Conversation(binary)
    c.send("xboard")
    c.send("protover 2")
    c.expect(r"^feature done=1$", timeout=30)
    return c


def huge_mate_distance_is_searched_and_stopped(binary):
    c = uci(binary)
    c.send("position startpos")
    c.send("go mate 2147483647")
    time.sleep(0.3)
    c.send("stop")
    c.expect(r"^bestmove [a-h]", timeout=10)
    c.send("go depth 9223372036854775807 movetime 200")
    c.expect(r"^bestmove [a-h]", timeout=10)
    c.finish()


def go_limits_below_one_still_move(binary):
    # Once each searched until stopped: a clock below zero dropped the clock,
    # and 0 read as "no limit".
    c = uci(binary)
    c.send("position startpos")
    c.send("go wtime -1000 btime -1000")
    c.expect(r"^bestmove [a-h]", timeout=10, forbid=r"^info string")
    for limit in ["movetime 0", "nodes 0", "depth 0", "mate 0", "depth -3"]:
        c.send("go " + limit)
        c.expect(r"^info string go: %s searches the least \(depth 1\)$" % limit, timeout=10)
        c.expect(r"^bestmove [a-h]", timeout=10)
    c.send("go wtime abc")
    c.expect(r"^info string go: 'wtime' needs a number, not 'abc'; ignored$", timeout=10)
    c.send("stop")
    c.expect(r"^bestmove [a-h]", timeout=10)
    c.finish()


def missing_or_stray_position_words_are_refused(binary):
    # Each was once accepted without a word: an empty FEN as an empty board,
    # "startpos e2e4" as the start, and a mated side's go answered bare.
    c = uci(binary)
    c.send("position startpos moves e2e4")
    c.send("position fen")
    c.expect(r"^info string no FEN given; go answers bestmove \(none\)", timeout=10)
    c.send("go depth 1")
    c.expect(r"^bestmove \(none\)$", timeout=10)
    c.send("position startpos e2e4")
    c.expect(r"^info string position: 'e2e4' after startpos is not 'moves'", timeout=10)
    c.send("go depth 1")
    c.expect(r"^bestmove \(none\)$", timeout=10)
    c.send("position fen 7k/5QQ1/8/8/8/8/8/K7 b - - 0 1")
    c.send("go depth 3")
    c.expect(r"^info string no move: the game is over \(White mates\)$", timeout=10)
    c.expect(r"^bestmove \(none\)$", timeout=10)
    c.send("position startpos")
    c.send("go depth 1")
    c.expect(r"^bestmove [a-h]", timeout=10, forbid=r"^info string")
    c.finish()
    x = xboard(binary)
    x.send("new")
    x.send("setboard")
    x.expect(r"^Error \(no FEN given\): setboard", timeout=10)
    x.finish()


def capture_only_games_finish_a_shallow_search(binary):
    # Every move of clobber captures, so quiescence was the whole game tree:
    # "go depth 1" in clobber10 (180 captures a node) never answered.
    c = uci(binary)
    for variant in ["clobber", "clobber10"]:
        c.send("setoption name UCI_Variant value " + variant)
        c.send("position startpos")
        c.send("go depth 2")
        c.expect(r"^info depth 2 ", timeout=60)
        c.expect(r"^bestmove [a-j]", timeout=10)
    c.finish()


def hash_rounding_is_said_and_not_popped_up(binary):
    # The table holds a power of two of megabytes: Hash 24 gave 16 MB without
    # a word. For XBoard's memory, a ceiling, the remark is no pop-up.
    c = uci(binary)
    c.send("setoption name Hash value 24")
    c.expect(r"^info string Hash 24 MB: the table's size is a power of two megabytes; "
             r"using 16 MB$", timeout=30)
    c.send("setoption name Hash value 32")
    c.send("isready")
    c.expect(r"^readyok$", timeout=30, forbid=r"^info string Hash")
    c.finish()
    x = xboard(binary)
    x.send("memory 24")
    x.expect(r"^# Hash 24 MB: the table's size is a power of two megabytes; using 16 MB$",
             timeout=30, forbid=r"^telluser")
    x.finish()


def huge_xboard_clock_still_moves(binary):
    c = xboard(binary)
    c.send("new")
    c.send("time 9223372036854775807")
    c.send("otim 9223372036854775807")
    c.send("st 1")
    c.send("usermove e2e4")
    c.expect(r"^move ", timeout=15)
    c.finish()


def absurd_level_is_refused_and_the_engine_moves(binary):
    c = xboard(binary)
    c.send("new")
    # too long, said so (once "expected level MPS BASE INC" for all)
    for level in ["0 1e300 0", "0 inf 0", "40 5 1e300", "40 99999999 0"]:
        c.send("level " + level)
        c.expect(r"^Error \(a time of at most 2147483 seconds, about 24 days\): level "
                 + level + "$")
    c.send("level 0 nan 0")
    c.expect(r"^Error \(expected level MPS BASE INC\): level 0 nan 0$")
    c.send("st 99999999")
    c.expect(r"^Error \(a time of at most 2147483 seconds, about 24 days\): st 99999999$")
    c.send("st abc")
    c.expect(r"^Error \(expected seconds\): st abc$")
    c.send("level 0 0:02 0")
    c.send("usermove e2e4")
    c.expect(r"^move ", timeout=15)
    c.finish()


def uci_perft_answers_isready_stop_and_quit(binary):
    c = uci(binary)
    c.send("position startpos")
    c.send("go perft 9")
    c.send("isready")
    c.expect(r"^readyok$", timeout=2)
    c.send("go depth 1")
    c.expect(r"^info string go ignored: a search is running", timeout=2)
    c.send("stop")
    c.expect(r"^info string perft: stopped$", timeout=2)
    c.send("go perft 2")
    c.expect(r"^Nodes searched: 400$", timeout=10)
    c.send("go perft 9")
    started = time.monotonic()
    c.finish(timeout=3)
    if time.monotonic() - started > 3:
        c.fail("quit waited for perft")


def piped_perft_finishes_at_end_of_input(binary):
    # Not on quit, but at the end of piped input the count is still printed.
    done = subprocess.run([binary], input="uci\ngo perft 3\n", capture_output=True, text=True,
                          timeout=30)
    if "Nodes searched: 8902" not in done.stdout:
        sys.stderr.write("FAIL: piped go perft 3 printed no total:\n" + done.stdout[-500:])
        sys.exit(1)


def remove_without_two_plies_changes_nothing(binary):
    c = xboard(binary)
    c.send("new")
    c.send("force")
    c.send("usermove e2e4")
    c.send("remove")
    c.expect(r"^Error \(no move to undo\): remove$")
    # e2e4 is still on the board: Black is to move.
    c.send("usermove e7e5")
    c.send("ping 1")
    c.expect(r"^pong 1$", forbid=r"^(Illegal|Error)")
    c.finish()


def control_bytes_are_never_echoed_raw(binary):
    c = uci(binary)
    c.send("frob\x01\x1b[31mnicate")
    line = c.expect(r"^info string unknown command").string
    if any(ord(ch) < 0x20 or ord(ch) == 0x7f for ch in line):
        c.fail("raw control byte in %r" % line)
    if "frob\\x01\\x1b[31mnicate" not in line:
        c.fail("control bytes not shown as \\xNN: %r" % line)
    c.send("position fen rnbqkbnr/pppp\x07ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    line = c.expect(r"^info string").string
    if any(ord(ch) < 0x20 for ch in line):
        c.fail("raw control byte in %r" % line)
    # A NUL byte once ended the line silently: e7e5 was dropped unread.
    c.send("position startpos moves e2e4\x00 e7e5")
    c.expect(r"^info string illegal move 'e2e4\\x00'", timeout=10)
    c.send("posi\x00tion startpos")
    c.expect(r"^info string unknown command 'posi\\x00tion'$", timeout=10)
    c.finish()


def threads_beyond_the_search_limit_are_refused(binary):
    c = Conversation(binary)
    c.send("uci")
    lines = c.collect_until(r"^uciok$", timeout=30)
    threads = [line for line in lines if line.startswith("option name Threads ")]
    if not threads or not threads[0].endswith(" max 256"):
        c.fail("Threads must advertise the search's limit, 256: %r" % threads)
    c.send("setoption name Threads value 512")
    c.expect(r"^info string Threads takes a whole number from 1 to 256")
    c.finish()


def sanitized(binary):
    """The ASan build reserves terabytes of address space: no memory limit."""
    with open(binary, "rb") as f:
        return b"__asan_init" in f.read()


def limited_memory(megabytes):
    def apply():
        limit = megabytes << 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    return apply


def memory_and_threads_the_machine_refuses_are_reported(binary):
    if sanitized(binary):
        print("skipped memory_and_threads_the_machine_refuses_are_reported: sanitizer build")
        return
    # 400 MB of address space: no 64 GB table, and no 64 threads of 8 MB stacks.
    c = Conversation(binary, preexec_fn=limited_memory(400))
    c.send("uci")
    c.expect(r"^uciok$", timeout=30)
    c.send("setoption name Hash value 65536")
    match = c.expect(r"^info string Hash 65536 MB cannot be allocated on this machine; "
                     r"using (\d+) MB$", timeout=60)
    if not 1 <= int(match.group(1)) <= 400:
        c.fail("hash in effect %s MB" % match.group(1))
    c.send("setoption name Threads value 64")
    c.expect(r"^info string Threads 64: only \d+ search thread\(s\) could be started")
    c.send("position startpos")
    c.send("go movetime 300")
    c.expect(r"^bestmove [a-h]", timeout=10, forbid=r"^bestmove \(none\)")
    c.send("go movetime 300")
    c.expect(r"^bestmove [a-h]", timeout=10, forbid=r"^bestmove \(none\)")
    c.finish()


run_tests([missing_or_stray_position_words_are_refused, huge_mate_distance_is_searched_and_stopped,
           go_limits_below_one_still_move, capture_only_games_finish_a_shallow_search,
           hash_rounding_is_said_and_not_popped_up,
           huge_xboard_clock_still_moves,
           absurd_level_is_refused_and_the_engine_moves, uci_perft_answers_isready_stop_and_quit,
           piped_perft_finishes_at_end_of_input,
           remove_without_two_plies_changes_nothing, control_bytes_are_never_echoed_raw,
           threads_beyond_the_search_limit_are_refused,
           memory_and_threads_the_machine_refuses_are_reported])
