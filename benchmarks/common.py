"""Helpers shared by the benchmark scripts."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path


def pin_game(game: str = "wordle") -> None:
    """Run this benchmark's commands on `game`'s lists (WORDLE_GAME for it and its children).

    The benchmarks that check or report the published figures of the 2022
    lists (salet 7920, Absurdle's 4, the docs' tables) call this, so that the
    default game (today's lists, `nyt`) does not change what they measure.
    """
    os.environ["WORDLE_GAME"] = game


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


def run(cmd: list[str], stdin: str | None = None, env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the child and its children, stdout); a failed command ends the benchmark."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, input=stdin, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stderr}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout
