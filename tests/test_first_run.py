"""A first run says it is compiling (issue 35): one line on stderr when numba compiles a kernel its cache never
held, once per run however many kernels; nothing once they are cached."""

from __future__ import annotations

import os
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


def test_compiling_is_said_once_on_a_first_run_only(tmp_path):
    script = tmp_path / "kernels.py"
    script.write_text(KERNELS, encoding="utf-8")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba"), "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    first = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, check=True, timeout=300)
    assert first.stderr == COMPILING + "\n" and first.stdout == "2 6.0\n"
    again = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, check=True, timeout=300)
    assert again.stderr == "" and again.stdout == "2 6.0\n"
