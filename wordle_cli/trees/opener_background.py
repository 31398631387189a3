"""The best opener for the day after the user's history, proven once in the background (issue 48, item 2).

wordle-cli ships the proven opener for the day after the shipped history.
After `wordle history update` the user's history goes further, and every
command under the nyt prior of today plays a prior the table does not
hold. `wordle tree opener` then starts the proof for the day after the
user's history in a process of its own (`nice`d, its output in a log in the
cache folder), once: not while one runs (its pid file), not when the cache
holds the day's proven entry. That process is `wordle tree opener --date D
-q` itself, so it checkpoints, resumes and caches as the command does;
asking for that day in the foreground is the same proof.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
from pathlib import Path

from wordle_cli import tables

#: Niceness of the background proof: it yields to whatever the user runs.
NICE = 10


def user_day(game) -> dt.date | None:
    """The day after the user's history when it goes past the shipped one (and `game` is the nyt game's own lists)."""
    from wordle_cli import history
    from wordle_cli.model.game import load_lists

    if game.name != "nyt":
        return None
    try:
        known = history.known_days()
    except Exception:  # noqa: BLE001 - a damaged history is the commands' to report, not this optional step's
        return None
    day = history.last(known).date + dt.timedelta(days=1)
    if day <= history.last(history.shipped_days()).date + dt.timedelta(days=1):
        return None
    _, allowed = load_lists("nyt", None, None, day)
    return day if tables.digest(game.candidates) == tables.digest(allowed.words) else None


def marker(cache_root: Path, day: dt.date, hard: bool, max_guesses: int | None) -> Path:
    """The pid file of the background proof for `day` in this mode."""
    return Path(cache_root) / f"opener-background-{day.isoformat()}-{'hard' if hard else 'normal'}-{max_guesses}.pid"


def running(path: Path) -> bool:
    """Whether the pid file names a process still alive."""
    try:
        pid = int(path.read_text(encoding="ascii").split()[0])
        os.kill(pid, 0)
        return True
    except (OSError, ValueError, IndexError):
        return False


def proven_already(cache_root: Path, game, day: dt.date, hard: bool, max_guesses: int | None) -> bool:
    from wordle_cli.trees.opener_store import OpenerCache

    want = {"candidates": tables.digest(game.candidates), "hard": bool(hard), "max_guesses": max_guesses}
    return any(
        entry["date"] == day.isoformat() and all(entry["lists"].get(k) == v for k, v in want.items())
        for entry in OpenerCache(cache_root).dated()
    )


def command(day: dt.date, hard: bool, max_guesses: int | None) -> list[str]:
    """The background proof's command line: this very program, niced where `nice` exists."""
    args = [sys.executable, "-m", "wordle_cli", "tree", "opener", "--date", day.isoformat(), "--prior", "nyt", "-q",
            "--max-guesses", "unlimited" if max_guesses is None else str(max_guesses)]
    if hard:
        args.append("--hard")
    nice = shutil.which("nice")
    return [nice, "-n", str(NICE), *args] if nice else args


def spawn(args: list[str], log: Path) -> int:
    """Start `args` detached (its own session, no terminal, output to `log`); its pid."""
    env = {k: v for k, v in os.environ.items() if k not in ("WORDLE_DATE", "WORDLE_GAME")}
    with open(log, "ab") as out:
        process = subprocess.Popen(
            args, stdin=subprocess.DEVNULL, stdout=out, stderr=out, start_new_session=True, env=env, close_fds=True,
        )
    return process.pid


def start_if_missing(game, *, hard: bool, max_guesses: int | None, cache_root: Path) -> tuple[dt.date, Path] | None:
    """Start the background proof for the day after the user's history unless it is not needed, done or running;
    (day, log) when started. Never raises: an optional step."""
    try:
        day = user_day(game)
        if day is None or proven_already(cache_root, game, day, hard, max_guesses):
            return None
        pid_file = marker(cache_root, day, hard, max_guesses)
        if running(pid_file):
            return None
        Path(cache_root).mkdir(parents=True, exist_ok=True)
        log = pid_file.with_suffix(".log")
        pid = spawn(command(day, hard, max_guesses), log)
        pid_file.write_text(f"{pid}\n", encoding="ascii")
        return day, log
    except OSError:
        return None
