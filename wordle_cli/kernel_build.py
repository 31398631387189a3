"""Compiling, ahead of any command, every kernel that the commands' default paths call: `wordle kernels build`.

The install runs it (the build backend, `wordle_cli/install_backend.py`),
so that a first command loads its kernels from numba's cache instead of
waiting a minute for the compiler; the test suite runs it when the sources
changed (tests/conftest.py), and `make bench-compile` times it.

It compiles by running small commands (`QUEUES`), each in a fresh
process, two queues side by side, rather than by listing signatures: a command
calls its kernels with exactly the types it passes them, and numba compiles
with a kernel everything it calls, so any kernel that a command reaches is
built without naming it. A new kernel that no command below reaches (a new
command's, a new mode's) needs a line in `WORKLOADS`; tests/test_kernel_build.py
checks that after a build the default commands compile nothing.

When every command ran, `kernel_cache.MANIFEST` records what the kernels
were built for (`kernel_cache.package_stamp`: the sources, numba, numpy,
Python, the CPU) and how many functions compiling each top kernel took (the
count a run that compiles shows; `compiled.Notice`).
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from wordle_cli import kernel_cache
from wordle_cli.shipped import WORDLE_ALLOWED, shipped_list

#: Tiny lists the commands below read, written into their working folder.
FILES = {
    "ten.txt": "cigar rebut sissy humph awake blush focal evade naval serve".split(),
    "six.txt": "abacus banana cabana canals casaba salsas".split(),
    "ten.prior": ["cigar,5", "rebut,1", "sissy,2", "humph,1", "awake,3", "blush,1", "focal,1", "evade,2", "naval,1", "serve,4"],
}


@dataclass(frozen=True)
class Workload:
    """One command (wordle's arguments) and what it builds; `stdin` its standard input."""

    args: tuple[str, ...]
    builds: str
    stdin: str = ""


def _queues() -> tuple[list[Workload], list[Workload]]:
    allowed = shipped_list(WORDLE_ALLOWED)
    crowd = ["Wordle 1,000 3/6", "", "⬛🟨⬛⬛⬛", "🟩🟨⬛⬛⬛", "🟩🟩🟩🟩🟩"]
    search = [  # one after another: the first compiles the exact search (most of the build), the rest load it
        Workload(("solve", "-q", "cigar"), "the default solve: the exact search under the nyt prior, today's lists"),
        Workload(("review", "--answer", "nimby", "raise", "poynt", "kiddy", "nimby"), "review's default"),
        Workload(("review", "-q", "--answers", "ten.txt", "--max-guesses", "2", "--answer", "cigar", "rebut", "cigar"),
                 "review where no guess is sure to win: the best chance to win (trees.chance)"),
        Workload(("play", "--batch"), "play's first suggestion"),
        Workload(("simulate", "-q", "--sample", "10"), "simulate's default"),
        Workload(("solve", "-q", "--prior", "uniform", "cigar"), "solve under the uniform prior"),
        Workload(("tree", "build", "-q", "--answers", "ten.txt"), "the exact search under the uniform prior, its tree"),
        Workload(("tree", "build", "-q", "--answers", "ten.txt", "--prior", "ten.prior", "--first", "cigar"),
                 "tree build under a prior, a forced opener"),
        Workload(("tree", "build", "-q", "--answers", "ten.txt", "--hard"), "the exact search in hard mode"),
    ]
    others = [  # beside them: kernels of their own, and the search's for other types (saving an index takes its lock)
        Workload(("score", "-q", "--top", "2"), "the scoring kernels on today's lists (the feedback tables)"),
        Workload(("score", "-q", "--rule", "loose", allowed, "ten.txt", "-"), "the loose rule's scoring"),
        Workload(("score", "-q", "six.txt", "six.txt", "-"), "six-letter words' scoring"),
        Workload(("infer", "-q", "-"), "wordle infer's kernel", "\n".join(crowd) + "\n"),
        Workload(("absurdle", "solve", "-q", "--first", "salet"), "Absurdle's proof"),
        Workload(("fibble", "solve", "-q", "--answers", "ten.txt"), "Fibble's proof"),
        Workload(("simulate", "-q", "--boards", "2", "--sample", "20"), "multi-board games"),
        Workload(("simulate", "-q", "--boards", "2", "--sample", "20", "--strategy", "entropy"), "multi-board games, entropy"),
        Workload(("simulate", "-q", "--answers", "ten.txt"), "simulate on a list"),
        Workload(("simulate", "-q", "--answers", "ten.txt", "--lies", "1", "--strategy", "entropy"), "Fibble's lies, entropy"),
        # Last: by then the default solve has saved the kernels whose types the word length does not change.
        Workload(("tree", "build", "-q", "--answers", "six.txt", "--allowed", "six.txt"),
                 "the exact search on six-letter words (uint16 feedback codes: the search's kernels again)"),
    ]
    return search, others


#: The commands of the build, in two queues run side by side (one after the other with one job), about as long as
#: each other: each queue's commands compile kernels, or signatures, the other's do not, so that two processes
#: never compile the same one at once: two processes compiling one kernel together can leave a cache that crashes
#: the next process to load it (numba issues 4807 and 10128), so a command that reaches the exact search belongs
#: in the first queue.
QUEUES = _queues()
WORKLOADS = [*QUEUES[0], *QUEUES[1]]


@dataclass
class Report:
    """What a build did: the functions it compiled, their compile CPU seconds, the whole build's CPU and wall."""

    compiled: int = 0
    compile_seconds: float = 0.0
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)
    failed: list[str] = field(default_factory=list)
    #: (the command's arguments, functions it compiled, their compile CPU seconds), in the order of the queues.
    commands: list[tuple[tuple[str, ...], int, float]] = field(default_factory=list)


def built() -> bool:
    """Whether the last build's manifest is for these sources, this numba, numpy, Python and CPU, and these commands."""
    return out_of_date() is None


def out_of_date() -> str | None:
    """Why the last build is not for what is here now (None: it is)."""
    manifest = kernel_cache.read_manifest()
    if not manifest:
        return "not built"
    now = kernel_cache.versions()
    changed = [f"{name} {manifest.get(name)} (now {now[name]})" for name in now if manifest.get(name) != now[name]]
    if changed:
        return f"built for {', '.join(changed)}"
    if manifest.get("stamp") != kernel_cache.package_stamp():
        return "built for other sources or another CPU"
    if manifest.get("commands") != _commands_digest():
        return "built by other commands than the build's today"
    return None


def _commands_digest() -> str:
    """The build's commands, a shipped list named by its file name (its folder depends on the install)."""
    commands = [[os.path.basename(arg) if os.path.isabs(arg) else arg for arg in workload.args] for workload in WORKLOADS]
    return hashlib.sha256(repr(commands).encode()).hexdigest()


def environment(work: str) -> dict[str, str]:
    """The commands' environment: this package, the CPU backend, numba's cache next to the package, nothing of the user's."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("WORDLE_") and k != "NUMBA_CACHE_DIR"}
    env.update(PYTHONPATH=os.pathsep.join(filter(None, [kernel_cache.ROOT, os.environ.get("PYTHONPATH")])),
               WORDLE_BACKEND="cpu", WORDLE_DATE="2026-06-01", WORDLE_COMPILE_NOTICE="0",
               WORDLE_CACHE_DIR=os.path.join(work, "cache"), WORDLE_DATA_DIR=os.path.join(work, "data"))
    return env


def _run(workload: Workload, work: str, log: str) -> str | None:
    """Run one workload; None, or what went wrong."""
    env = {**environment(work), "WORDLE_COMPILE_TIMES": log}
    try:
        done = subprocess.run([sys.executable, "-m", "wordle_cli", *workload.args], cwd=work, env=env, input=workload.stdin,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=1800, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"wordle {' '.join(workload.args)}: {exc}"
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
        return f"wordle {' '.join(workload.args)} failed ({done.returncode}): {last}"
    return None


def build(jobs: int | None = None, queues: tuple[list[Workload], ...] = QUEUES) -> Report:
    """Run the queues side by side (`jobs` at a time, default the cores, at most one per queue), each queue's commands
    one after another; then write the manifest if every command ran."""
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(queues)))
    queues = list(queues) if jobs > 1 else [[workload for queue in queues for workload in queue]]
    workloads = [workload for queue in queues for workload in queue]
    started, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    report = Report()
    with tempfile.TemporaryDirectory(prefix="wordle-kernels-") as work:
        for name, words in FILES.items():
            Path(work, name).write_text("\n".join(words) + "\n", encoding="utf-8")
        logs = {workload: os.path.join(work, f"{number}.jsonl") for number, workload in enumerate(workloads)}

        def run_queue(queue: list[Workload]) -> list[str]:
            return [failure for failure in (_run(workload, work, logs[workload]) for workload in queue) if failure]

        with ThreadPoolExecutor(len(queues)) as pool:
            report.failed = [failure for failures in pool.map(run_queue, queues) for failure in failures]
        for workload, log in logs.items():
            _count(workload, log, report)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    report.cpu_seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    report.wall_seconds = time.perf_counter() - started
    if not report.failed:
        _write_manifest(report)
    return report


def _count(workload: Workload, log: str, report: Report) -> None:
    try:
        records = [json.loads(line) for line in Path(log).read_text(encoding="utf-8").splitlines() if line.strip()]
    except OSError:
        records = []
    report.commands.append((workload.args, sum(1 for r in records if r.get("kernel")), sum(r.get("seconds", 0.0) for r in records)))
    for record in records:
        if record.get("kernel"):
            report.compiled += 1
        report.compile_seconds += record.get("seconds", 0.0)
        if record.get("kernel") and record.get("top"):
            report.counts[record["function"]] = max(report.counts.get(record["function"], 0), int(record.get("kernels", 1)))


def _write_manifest(report: Report) -> None:
    """The manifest: what the kernels were built for; each top kernel's count, the largest seen by this build or the last."""
    counts = dict(kernel_cache.read_manifest().get("counts", {}))
    for function, count in report.counts.items():
        counts[function] = max(count, counts.get(function, 0))
    manifest = {"stamp": kernel_cache.package_stamp(), "commands": _commands_digest(), **kernel_cache.versions(), "counts": counts,
                "compiled": report.compiled, "cpu_seconds": round(report.cpu_seconds, 1), "when": time.strftime("%Y-%m-%d %H:%M:%S")}
    try:
        kernel_cache.MANIFEST.parent.mkdir(exist_ok=True)
        temporary = kernel_cache.MANIFEST.with_suffix(f".tmp{os.getpid()}")
        temporary.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(temporary, kernel_cache.MANIFEST)
    except OSError:
        pass  # a package its user cannot write to: the kernels went to numba's user-wide cache, unrecorded
