"""A first run says it is compiling (issue 35): one line on stderr (a terminal) when numba compiles a kernel its
cache never held, once per run however many kernels; nothing once they are cached, nothing on a pipe."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

from wordle_cli.compiled import COMPILING

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


def test_compiling_is_said_once_on_a_first_run_only(tmp_path):
    script = tmp_path / "kernels.py"
    script.write_text(KERNELS, encoding="utf-8")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba"), "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    assert run_on_a_terminal(script, env) == ("2 6.0\n", COMPILING + "\n")
    assert run_on_a_terminal(script, env) == ("2 6.0\n", "")


def test_a_script_s_stderr_stays_clean(tmp_path):
    """Piped or captured (a script, a test), the first compile says nothing: stderr is not a terminal."""
    script = tmp_path / "kernels.py"
    script.write_text(KERNELS, encoding="utf-8")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba"), "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, check=True, timeout=300)
    assert (done.stdout, done.stderr) == ("2 6.0\n", "")
