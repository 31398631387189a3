"""Helpers shared by the benchmark scripts."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path


def wordle_cmd() -> list[str]:
    """The installed entry point beside this interpreter, started like `python -c`.

    Not a PATH lookup: a version manager's shim (pyenv's is a shell script)
    adds its own start-up, ~0.1 s, to every run but not to the baselines.
    """
    beside = Path(sys.executable).with_name("wordle")
    if beside.exists():
        return [str(beside)]
    exe = shutil.which("wordle")
    return [exe] if exe else [sys.executable, "-m", "wordle_cli"]
