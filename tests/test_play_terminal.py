"""`wordle play` at a real (pseudo-)terminal: line editing, history, wrapping, colour, Ctrl-C (issue 11)."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]")
LEFT = "\x1b[D"
UP = "\x1b[A"

pytest.importorskip("readline")
SIGINT_AT_START = signal.getsignal(signal.SIGINT)  # the runner's own (ignored under pytest-xdist)


def _controlling_terminal() -> None:
    """Run in the child: the pseudo-terminal becomes its controlling terminal, with SIGINT as a shell gives it.

    A test runner may ignore SIGINT (pytest-xdist's workers do), and an ignored
    signal stays ignored across exec, where `wordle` rightly keeps it so.
    """
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """`python -m wordle_cli ARGS` with stdin, stdout and stderr on one pseudo-terminal of `columns` columns."""

    def __init__(self, args, columns: int = 80, env_extra=None):
        self.leader, follower = pty.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES")}
        env.update({"PYTHONPATH": str(ROOT), "TERM": "xterm", "INPUTRC": "/dev/null"}, **(env_extra or {}))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "wordle_cli", *args], stdin=follower,
            stdout=follower,
            stderr=follower,
            env=env,
            start_new_session=True,
            preexec_fn=_controlling_terminal,  # so that Ctrl-C typed there sends SIGINT, as in a real terminal
        )
        os.close(follower)
        self.seen = b""
        self.pos = 0  # where the next read_until starts looking

    def read_until(self, pattern: str, timeout: float = 60) -> str:
        """Wait for `pattern` after the previous match; the text from there to the end of this match."""
        deadline = time.monotonic() + timeout
        start = self.pos
        while pattern.encode() not in self.seen[start:]:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {pattern!r} in {self.text()!r}")
            ready, _, _ = select.select([self.leader], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.leader, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"ended before {pattern!r}: {self.text()!r}")
                self.seen += chunk
        self.pos = self.seen.index(pattern.encode(), start) + len(pattern.encode())
        return self.seen[start : self.pos].decode("utf-8", "replace").replace("\r\n", "\n")

    def type(self, keys: str) -> None:
        os.write(self.leader, keys.encode())

    def text(self) -> str:
        return self.seen.decode("utf-8", "replace").replace("\r\n", "\n")

    def finish(self, timeout: float = 60) -> int:
        try:
            while select.select([self.leader], [], [], 0.2)[0]:
                chunk = os.read(self.leader, 4096)
                if not chunk:
                    break
                self.seen += chunk
        except OSError:
            pass
        try:
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            threads = _threads(self.proc.pid)
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"still running after {timeout} s; threads {threads}; transcript {self.text()!r}") from None
        finally:
            os.close(self.leader)
        return code


def _threads(pid: int) -> list[str]:
    """`name state` of each thread of `pid` (Linux), to say where a process hangs."""
    found = []
    for task in sorted(Path(f"/proc/{pid}/task").glob("*")):
        try:
            name = (task / "comm").read_text().strip()
            state = (task / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        found.append(f"{name} {state}")
    try:
        status = Path(f"/proc/{pid}/status").read_text().splitlines()
        found += [line for line in status if line.startswith(("SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt"))]
    except OSError:
        pass
    return found


def plain(text: str) -> str:
    return ANSI.sub("", text)


def test_arrow_keys_edit_the_line_and_up_recalls_history():
    term = Terminal(["play", "-q"])
    term.read_until("feedback> ")
    term.type("CAA" + LEFT + LEFT + "CA\r")  # C|AA after two lefts; inserting CA makes CCAAA
    out = term.read_until("possible answer", timeout=60)
    assert "cannot read" not in out and "\\x1b" not in out
    # what was entered: C + CA + AA = CCAAA, the feedback for roate
    assert "roate" in plain(out) and "🟨🟨⬛⬛⬛" in out
    term.read_until("suggestion: ")
    term.read_until("feedback> ")
    term.type("undo\r")
    term.read_until("suggestion: roate")
    term.read_until("feedback> ")
    term.type(UP + UP + "\r")  # history: undo, then CCAAA
    assert "roate  🟨🟨⬛⬛⬛" in plain(term.read_until("🟨🟨⬛⬛⬛"))
    term.read_until("feedback> ")
    term.type("\x04")  # Ctrl-D: end of input
    assert term.finish() == 0


def test_ctrl_c_at_the_prompt_exits_130():
    term = Terminal(["play", "-q"])
    term.read_until("feedback> ")
    # A person's Ctrl-C, not one within microseconds of the prompt: CPython's readline
    # misses a signal that lands between printing the prompt and waiting for a key.
    time.sleep(0.5)
    term.type("\x03")
    assert term.finish() == 130
    assert "interrupted" in term.text() and "Traceback" not in term.text()


def test_text_wraps_at_word_boundaries_to_the_terminal_width():
    term = Terminal(["play", "-q", "--show", "100"], columns=40)
    term.read_until("feedback> ")
    term.type("ACAAA\r")
    term.read_until("feedback> ")
    term.type("list\r")
    term.read_until("feedback> ")
    term.type("quit\r")
    assert term.finish() == 0
    out = plain(term.text())
    lines = [line.split("feedback> ")[-1] for line in out.split("\n")]
    assert all(len(line) <= 40 for line in lines), [line for line in lines if len(line) > 40]
    words = [w for line in lines if line.startswith("  ") and "🟨" not in line for w in line.split()]
    assert len(words) > 20 and all(len(w) == 5 for w in words)  # the list, no word split at the edge
    intro = " ".join(line.strip() for line in out.split("possible answer")[0].split("\n"))
    assert "If you played another word, type WORD FEEDBACK. 'undo' takes back a turn" in intro


def test_colour_at_a_terminal_and_not_with_no_color():
    term = Terminal(["play", "-q", "--tiles", "letters"])
    term.read_until("feedback> ")
    term.type("CACAA\r")
    out = term.read_until("suggestion: carrs")
    term.type("quit\r")
    term.finish()
    assert "\x1b[1;30;43mr\x1b[0m" in out  # r of roate on yellow
    quiet = Terminal(["play", "-q", "--tiles", "letters"], env_extra={"NO_COLOR": "1"})
    quiet.read_until("feedback> ")
    quiet.type("CACAA\r")
    out = quiet.read_until("suggestion: carrs")
    quiet.type("quit\r")
    quiet.finish()
    assert "  roate  CACAA" in out and "\x1b[1;" not in out


def test_share_command_and_option():
    term = Terminal(["play", "-q", "--share", "--no-review"])  # the game's end prints the grid at once, no review first
    term.read_until("feedback> ")
    term.type("CACAA\r")
    term.read_until("feedback> ")
    term.type("share\r")
    out = term.read_until("Wordle, 1 row so far")  # mid-game: the grid so far, no score yet
    term.type("ECCAA\r")
    term.read_until("feedback> ")
    term.type("EEEEE\r")
    assert term.finish() == 0
    out = term.text()
    assert "Wordle 3/6\n\n🟨⬛🟨⬛⬛\n🟩🟨🟨⬛⬛\n🟩🟩🟩🟩🟩" in out


def test_no_signal_left_behind():
    assert signal.getsignal(signal.SIGINT) is SIGINT_AT_START


def test_ctrl_c_at_reviews_bar_leaves_a_clean_prompt():
    """Issue 44 item 8: after Ctrl-C at `review` the proof's bar was left drawn over the `feedback>` prompt (and the
    abandoned proof redrew it there). The line is erased before the game goes on, and nothing draws on it after."""
    term = Terminal(["play", "--game", "nyt", "--prior", "nyt"])
    term.read_until("feedback> ")
    term.type("raise BBBBB\r")
    term.read_until("feedback> ")
    term.type("review\r")  # the opener under the prior: a proof on 3158 answers, with a bar, for many seconds
    term.read_until("proving raise", timeout=120)
    time.sleep(0.3)
    term.type("\x03")
    shown = term.read_until("review cancelled")
    last_bar = shown.rindex("proving raise")
    assert "\x1b[K" in shown[last_bar:]  # the bar's line erased before the message
    term.read_until("feedback> ")
    time.sleep(1.5)  # the abandoned proof's worker would draw again meanwhile
    term.type("list\r")
    after = term.read_until("possible answer")
    assert "proving" not in after and "%" not in after
    term.read_until("feedback> ")
    term.type("\x04")
    assert term.finish() == 0
    assert "Traceback" not in term.text()
