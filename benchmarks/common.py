"""Helpers shared by the benchmark scripts."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

#: The puzzle the benchmarks play unless a row names another: the day after the shipped history (the docs' too).
DATE = "2026-06-01"


def pin_game(game: str = "wordle", prior: str = "uniform", date: str = DATE) -> str:
    """Run this benchmark's commands on `game`'s lists under `prior` for the puzzle of `date`; the line saying so.

    Set through the variables every command reads when no option names them
    (WORDLE_GAME, WORDLE_PRIOR, WORDLE_DATE, for this process and its
    children), so that neither a default that changes (today's lists, the
    nyt prior on them, today's date) nor the user's own variables change
    what a benchmark measures. A row that means another setting names its
    option (`--prior nyt`, `--strategy optimal`), which wins over these. The
    benchmarks that check or report the published figures of the 2022 lists
    (salet 7920, Absurdle's 4, the docs' tables) pin those, uniform.
    """
    os.environ.update(WORDLE_GAME=game, WORDLE_PRIOR=prior, WORDLE_DATE=date)
    return settings_line(game, prior, date)


def settings_line(game: str, prior: str, date: str, strategy: str | None = None) -> str:
    """What every row below runs with, unless the row names its own: printed before a benchmark's table."""
    chosen = f" --strategy {strategy}" if strategy else ""
    return f"settings: --game {game} --prior {prior} --date {date}{chosen} (each row's own options win)"


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
