"""A run that compiles says so (issue 47, item 2): one line on stderr before the wait, terminal or not, with the
reason; on a terminal a second line counts the functions compiled, erased when done; nothing once they are cached."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

from wordle_cli.compiled import COMPILING

ROOT = Path(__file__).resolve().parent.parent

KERNELS = """
from wordle_cli.compiled import compiled

@compiled
def f(x):
    return x + 1

@compiled
def g(x):
    return f(x) * 2

print(f(1), g(2.0))
"""

#: The notice, whatever the reason: this test's kernels are not the package's, so no build covers them.
NOTICE = re.escape(COMPILING).replace(re.escape("{why}"), "[^)]+")


def script(tmp_path: Path) -> tuple[Path, dict]:
    path = tmp_path / "kernels.py"
    path.write_text(KERNELS, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "WORDLE_COMPILE_NOTICE"}
    env.update(NUMBA_CACHE_DIR=str(tmp_path / "numba"), PYTHONPATH=str(ROOT))
    return path, env


def run_on_a_terminal(script: Path, env: dict) -> tuple[str, str]:
    """(stdout, what the script wrote to its stderr, a terminal: a pseudo-terminal here)."""
    main, other = pty.openpty()
    try:
        done = subprocess.run([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=other, env=env, check=True, timeout=300)
        os.close(other)
        other = None
        seen = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the terminal's other end is closed: all read
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(main)
        if other is not None:
            os.close(other)
    return done.stdout.decode(), seen.decode().replace("\r\n", "\n")


def test_a_first_run_on_a_terminal_says_so_then_counts_the_functions_and_erases_the_count(tmp_path):
    path, env = script(tmp_path)
    out, err = run_on_a_terminal(path, env)
    assert out == "2 6.0\n"
    line, _, rest = err.partition("\n")
    assert re.fullmatch(NOTICE, line), line
    # g compiles f for floats inside it: the count shows 2 of 2 functions, then the line is erased.
    assert re.fullmatch(r"\r\x1b\[Kwordle: compiled 2 of about 2 functions, \d+ s\r\x1b\[K", rest), rest
    assert run_on_a_terminal(path, env) == ("2 6.0\n", "")  # cached: nothing to say


def test_a_first_run_without_a_terminal_says_so_in_one_line(tmp_path):
    path, env = script(tmp_path)
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, env=env, check=True, timeout=300)
    assert done.stdout == "2 6.0\n"
    assert re.fullmatch(NOTICE + "\n", done.stderr), done.stderr
    again = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, env=env, check=True, timeout=300)
    assert (again.stdout, again.stderr) == ("2 6.0\n", "")


def test_the_notice_can_be_turned_off(tmp_path):
    """WORDLE_COMPILE_NOTICE=0 (the test suite's commands): a compile says nothing."""
    path, env = script(tmp_path)
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, env={**env, "WORDLE_COMPILE_NOTICE": "0"},
                          check=True, timeout=300)
    assert (done.stdout, done.stderr) == ("2 6.0\n", "")


def test_a_command_waiting_for_a_compile_begun_in_the_background_says_so(monkeypatch, capsys):
    """`play` compiles the exact search in the background, silently (no one waits yet); a command that then needs
    a kernel waits for numba's lock, and says why before it does."""
    from wordle_cli import compiled

    @compiled.compiled(cache=False)
    def h(x):
        return x * 3

    monkeypatch.setenv("WORDLE_COMPILE_NOTICE", "1")
    monkeypatch.setattr(compiled.Notice, "said", False)
    monkeypatch.setattr(compiled.Notice, "background", 1)  # a compile under way on a thread in_background
    assert h(2) == 6
    assert capsys.readouterr().err == COMPILING.format(why="begun in the background while you read") + "\n"


def test_a_compile_in_the_background_says_nothing(monkeypatch, capsys):
    from wordle_cli import compiled

    @compiled.compiled(cache=False)
    def k(x):
        return x - 1

    monkeypatch.setenv("WORDLE_COMPILE_NOTICE", "1")
    monkeypatch.setattr(compiled.Notice, "said", False)
    with compiled.in_background():
        assert k(2) == 1
    assert capsys.readouterr().err == "" and compiled.Notice.background == 0
