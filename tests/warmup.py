"""Fill numba's on-disk cache once, before the test workers start.

On a fresh checkout every process that first calls a kernel compiles it: the
two xdist workers each, and every subprocess of the fault and doc tests
(some run a dozen commands at once), the same kernels over and over. These
few commands compile the kernels the suite uses (a tiny game for each path,
the shipped lists where only their size reaches a path: Absurdle's compiled
depth 3), two at a time, so that everything after them loads the cache.
(No kernel has a parallel variant any more: `compiled.side_by_side` runs a
plain one on threads.) conftest.py runs them once per change of the
sources (a stamp file), and not at all with WORDLE_TEST_WARMUP=0.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "wordle_cli"
STAMP = PACKAGE / "__pycache__" / "tests-warmup.stamp"
ALLOWED = str(ROOT / "wordlists" / "wordle-allowed.txt")
TEN = "cigar rebut sissy humph awake blush focal evade naval serve".split()
SIX = "abacus banana cabana canals casaba salsas".split()

# Two queues run side by side; each command compiles kernels the other queue's do not.
QUEUES = [
    [
        ["score", "-q", ALLOWED, "ten.txt", "-"],
        ["score", "-q", "--rule", "loose", ALLOWED, "ten.txt", "-"],
        ["score", "-q", "six.txt", "six.txt", "-"],
        ["infer", "-q", str(ROOT / "examples" / "crowd.txt")],
        ["simulate", "-q", "--answers", "ten.txt"],
        ["absurdle", "solve", "-q", "--first", "salet"],
        ["fibble", "solve", "-q", "--answers", "ten.txt"],
        ["simulate", "-q", "--boards", "2", "--sample", "20"],
    ],
    [
        ["tree", "build", "-q", "--answers", "ten.txt"],
        ["tree", "build", "-q", "--answers", "six.txt", "--allowed", "six.txt"],
        ["simulate", "-q", "--boards", "2", "--sample", "20", "--strategy", "entropy"],
        ["simulate", "-q", "--answers", "ten.txt", "--lies", "1", "--strategy", "entropy"],
        ["review", "-q", "--answers", "ten.txt", "--max-guesses", "2", "--answer", "cigar", "rebut", "cigar"],  # `trees.chance`
    ],
]


def stamp() -> str:
    """What the cache's validity depends on: the sources, numba, Python, where the cache lives."""
    digest = hashlib.sha256()
    for name in ("numba", "numpy"):
        digest.update(f"{name} {metadata.version(name)}\n".encode())
    digest.update(f"{sys.version} {os.environ.get('NUMBA_CACHE_DIR', '')}\n".encode())
    for path in sorted(PACKAGE.rglob("*.py")):
        info = path.stat()
        digest.update(f"{path.relative_to(PACKAGE)} {info.st_mtime_ns} {info.st_size}\n".encode())
    return digest.hexdigest()


def _run_queue(queue: list[list[str]], cwd: str, env: dict[str, str]) -> None:
    for args in queue:
        subprocess.run([sys.executable, "-m", "wordle_cli", *args], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600, check=False)


#: What the suite says before it compiles (one line): what, why, and for how long.
SAYS = ("warm-up: compiling the package's numba kernels once for the test workers ({n} small commands, two at a time; "
        "about 1-2 min on 2 idle cores, only after a change to the sources; WORDLE_TEST_WARMUP=0 skips it)")


def warm(say=None) -> bool:
    """Run the commands unless the stamp says the cache is already warm; True if they ran.
    `say(line)`: told what is being done before it starts, and how long it took after."""
    if os.environ.get("WORDLE_TEST_WARMUP") == "0":
        return False
    current = stamp()
    try:
        if STAMP.read_text() == current:
            return False
    except OSError:
        pass
    if say is not None:
        say(SAYS.format(n=sum(len(queue) for queue in QUEUES)))
    started = time.monotonic()
    env = {k: v for k, v in os.environ.items() if k != "WORDLE_BACKEND"}
    env.update(PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])), WORDLE_BACKEND="cpu")
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "ten.txt").write_text("\n".join(TEN) + "\n")
        Path(folder, "six.txt").write_text("\n".join(SIX) + "\n")
        with ThreadPoolExecutor(len(QUEUES)) as pool:
            list(pool.map(lambda queue: _run_queue(queue, folder, env), QUEUES))
    if say is not None:
        say(f"warm-up: done in {time.monotonic() - started:.0f} s")
    try:
        STAMP.parent.mkdir(exist_ok=True)
        STAMP.write_text(current)
    except OSError:
        pass  # a read-only checkout: warm again next time
    return True


if __name__ == "__main__":
    print("warmed" if warm(print) else "already warm")
