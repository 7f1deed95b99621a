"""conversation.py — talk to the real chimera binary through pipes.

Protocol tests send lines and wait for answers matching a regular
expression, with a time limit, as a GUI would. Everything the engine said is
kept so a failure shows the whole conversation.
"""
import queue
import re
import subprocess
import sys
import threading
import time


class Conversation:
    def __init__(self, binary, *args, **popen_options):
        self.process = subprocess.Popen(
            [binary, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, bufsize=1, **popen_options)
        self.lines = queue.Queue()
        self.transcript = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.transcript.append("> " + line)
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def expect(self, pattern, timeout=5.0, forbid=None):
        """Returns the first line matching pattern (a regex searched in the
        line); fails on timeout, on end of output, or on a line matching
        forbid before it."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self.fail("timed out waiting for /%s/" % pattern)
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                self.fail("engine closed its output waiting for /%s/" % pattern)
            self.transcript.append("< " + line)
            if forbid and re.search(forbid, line):
                self.fail("unexpected line %r waiting for /%s/" % (line, pattern))
            match = re.search(pattern, line)
            if match:
                return match

    def collect_until(self, pattern, timeout=5.0):
        """Returns every line up to and including the first matching one."""
        seen = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self.fail("timed out waiting for /%s/" % pattern)
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                self.fail("engine closed its output waiting for /%s/" % pattern)
            self.transcript.append("< " + line)
            seen.append(line)
            if re.search(pattern, line):
                return seen

    def quiet(self, seconds=0.3, forbid=None):
        """Collects what arrives within seconds; fails if a line matches forbid."""
        end = time.monotonic() + seconds
        seen = []
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                break
            self.transcript.append("< " + line)
            if forbid and re.search(forbid, line):
                self.fail("unexpected line %r" % line)
            seen.append(line)
        return seen

    def finish(self, quit_command="quit", timeout=5.0):
        """Sends quit and checks the engine exits with status 0."""
        self.send(quit_command)
        try:
            status = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.fail("engine did not exit after %s" % quit_command)
        if status != 0:
            self.fail("engine exited with status %d" % status)

    def fail(self, message):
        if self.process.poll() is None:
            self.process.kill()
        sys.stderr.write("FAIL: %s\n--- conversation ---\n%s\n" %
                         (message, "\n".join(self.transcript[-80:])))
        sys.exit(1)


def run_tests(tests):
    """Runs each test(binary) in turn; argv[1] is the chimera binary."""
    binary = sys.argv[1]
    only = sys.argv[2:]
    for test in tests:
        if only and test.__name__ not in only:
            continue
        test(binary)
        print("ok", test.__name__)
