"""What a new user waits for: the install (which compiles the kernels), then each command's first run and a repeat.

This follows the README on a fresh copy: a `git clone` of the checkout (its
committed files) into a temporary folder, a new virtual environment, and the
README's install, `python -m pip install -e .`, timed (wall, and CPU
of every process it ran: pip, the build environment's, `wordle kernels
build`'s commands). Then each command below runs twice from that install:
its first run (cold: numba's cache as the install left it) and again
(warm), each in a fresh process, and one Markdown row per command gives CPU
and wall seconds of both, their ratio, what the first run compiled
(`WORDLE_COMPILE_TIMES`, wordle_cli/compiled.py's timer) and whether both
printed the same.

With `--jit`, each command also runs from a second clone whose kernels were
never built (`WORDLE_BUILD_KERNELS=0` in effect: numba compiles on first
use, as on an install whose build failed), and a second table lists the
functions compiled, largest first: what the install's build saves.

    python benchmarks/bench_compile.py                  # the install, then every command cold and warm
    python benchmarks/bench_compile.py --only solve,review --jit
    python benchmarks/bench_compile.py --checkout DIR   # another checkout (its commits)

On a busy machine wall times swell with the load; the CPU seconds much less.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from common import DATE  # the puzzle every command plays

ROOT = Path(__file__).resolve().parent.parent

#: (name, wordle's arguments, standard input): today's lists, the puzzle of 2026-06-01 (WORDLE_DATE, below); each
#: command names its game, prior and strategy rather than take a default that may change.
CASES = [
    ("score, nyt prior", ["score", "-q", "--top", "2", "--game", "nyt", "--prior", "nyt"], None),
    ("prune", ["prune", "roate", "CACAA", "--game", "nyt"], None),
    ("play: first suggestion, nyt prior, optimal", ["play", "--batch", "--game", "nyt", "--prior", "nyt", "--strategy", "optimal"], ""),
    ("solve, uniform, expected", ["solve", "-q", "--game", "nyt", "--prior", "uniform", "--strategy", "expected", "cigar"], None),
    ("solve, nyt prior, expected", ["solve", "-q", "--game", "nyt", "--prior", "nyt", "--strategy", "expected", "cigar"], None),
    ("solve, uniform, optimal", ["solve", "-q", "--game", "nyt", "--prior", "uniform", "--strategy", "optimal", "cigar"], None),
    ("solve, nyt prior, optimal", ["solve", "-q", "--game", "nyt", "--prior", "nyt", "--strategy", "optimal", "cigar"], None),
    ("review, 4 turns, nyt prior", ["review", "--game", "nyt", "--prior", "nyt", "--answer", "nimby", "raise", "poynt", "kiddy", "nimby"], None),
    ("tree build --first tarse, nyt prior",
     ["tree", "build", "-q", "--game", "nyt", "--prior", "nyt", "--first", "tarse", "-o", "tarse.tree"], None),
    ("simulate --sample 10, nyt prior, optimal",
     ["simulate", "-q", "--game", "nyt", "--prior", "nyt", "--strategy", "optimal", "--sample", "10"], None),
]


def timed(command: list[str], env: dict[str, str], cwd: str, stdin: str | None = None) -> tuple[float, float, subprocess.CompletedProcess]:
    """(wall seconds, CPU seconds of it and its children, the process) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, env=env, cwd=cwd)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done


def compiles(log: Path) -> list[dict]:
    """The records `WORDLE_COMPILE_TIMES` wrote: one per function compiled."""
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]


def clone(checkout: Path, into: Path) -> None:
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(checkout), str(into)], check=True)


def install(source: Path, venv: Path, base: dict[str, str]) -> tuple[float, float, Path]:
    """The README's install (its first line's) into a new venv: (wall, CPU, its python)."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    wall, cpu, done = timed([str(python), "-m", "pip", "install", "-q", "-e", "."], base, str(source))
    if done.returncode != 0:
        sys.exit(f"pip install failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return wall, cpu, python


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the checkout to clone [default: this one]")
    parser.add_argument("--only", default="", metavar="WORD,...", help="only the commands whose name holds one of these")
    parser.add_argument("--jit", action="store_true", help="also each command's first run with no kernels built (numba's JIT)")
    parser.add_argument("--top", type=int, default=20, help="rows of the --jit function table [default: 20]")
    args = parser.parse_args()
    wanted = [w for w in args.only.split(",") if w]
    cases = [case for case in CASES if not wanted or any(w in case[0] for w in wanted)]
    base = {k: v for k, v in os.environ.items() if not k.startswith(("WORDLE_", "NUMBA_", "PYTHON", "VIRTUAL_ENV"))}
    with tempfile.TemporaryDirectory(prefix="bench-compile-") as folder:
        work = Path(folder)
        clone(args.checkout, work / "src")
        install_wall, install_cpu, python = install(work / "src", work / "venv", base)
        manifest = json.loads((work / "src" / "wordle_cli" / "__pycache__" / "kernels.json").read_text())
        print(f"{os.cpu_count()} cores; {args.checkout} (commit {git_head(args.checkout)}), numba {manifest['numba']}\n")
        print(f"install (`pip install -e .` in a new venv): **{install_wall:.0f} s wall**, {install_cpu:.0f} s CPU; "
              f"of which the kernels' build: {manifest['cpu_seconds']:.0f} s CPU, {manifest['compiled']} functions compiled\n")
        if args.jit:
            clone(args.checkout, work / "unbuilt")
        head = ("| command | first run CPU s | first run wall s | repeat CPU s | repeat wall s | first / repeat (CPU) "
                "| compiled on first run | same output |")
        rule = "|---|---:|---:|---:|---:|---:|---:|---|"
        if args.jit:
            head += " no kernels built: first run CPU s | its compiled functions | their compile CPU s |"
            rule += "---:|---:|---:|"
        print(head + "\n" + rule)
        per_function: dict[str, list[float]] = defaultdict(list)
        for number, (name, wordle_args, stdin) in enumerate(cases):
            run = work / f"run{number}"
            row = measure(python, wordle_args, stdin, base, run)
            cells = [f"`{name}`", f"{row['cold_cpu']:.1f}", f"{row['cold_wall']:.1f}", f"{row['warm_cpu']:.1f}", f"{row['warm_wall']:.1f}",
                     f"{row['cold_cpu'] / max(row['warm_cpu'], 1e-9):.2f}", str(len(row["compiled"])), "yes" if row["same"] else "**no**"]
            if args.jit:
                jit = measure(python, wordle_args, stdin, {**base, "PYTHONPATH": str(work / "unbuilt")}, work / f"jit{number}", repeat=False)
                records = jit["compiled"]
                cells += [f"{jit['cold_cpu']:.1f}", str(len(records)), f"{sum(r['seconds'] for r in records):.1f}"]
                for record in records:
                    per_function[record["function"]].append(record["seconds"])
            print("| " + " | ".join(cells) + " |", flush=True)
    if per_function:
        ranked = sorted(per_function.items(), key=lambda item: -max(item[1]))
        print(f"\nwithout the build: {len(ranked)} functions compiled, {sum(max(v) for v in per_function.values()):.1f} s in all\n")
        print("| function | own compile CPU s | commands that compile it |")
        print("|---|---:|---:|")
        for function, seconds in ranked[: args.top]:
            print(f"| `{function.removeprefix('wordle_cli.')}` | {max(seconds):.2f} | {len(seconds)} |")


def measure(python: Path, wordle_args: list[str], stdin: str | None, base: dict[str, str], run: Path, repeat: bool = True) -> dict:
    """One command's first run (and repeat) in fresh processes, with its own caches and data folders."""
    for sub in ("cache", "cache2", "data", "numba"):
        (run / sub).mkdir(parents=True)
    log = run / "compiles.jsonl"
    env = {**base, "WORDLE_CACHE_DIR": str(run / "cache"), "WORDLE_DATA_DIR": str(run / "data"), "WORDLE_DATE": DATE,
           "WORDLE_BACKEND": "cpu", "NUMBA_CACHE_DIR": str(run / "numba"), "WORDLE_COMPILE_TIMES": str(log)}
    command = [str(python), "-m", "wordle_cli", *wordle_args]
    cold_wall, cold_cpu, cold = timed(command, env, str(run), stdin)
    if cold.returncode != 0:
        sys.exit(f"wordle {' '.join(wordle_args)} failed ({cold.returncode}):\n{cold.stderr}")
    row = {"cold_wall": cold_wall, "cold_cpu": cold_cpu, "compiled": [r for r in compiles(log) if r.get("kernel")]}
    if repeat:  # a fresh review cache: the repeat proves again rather than reading the first run's values
        env.update(WORDLE_CACHE_DIR=str(run / "cache2"), WORDLE_COMPILE_TIMES="")
        row["warm_wall"], row["warm_cpu"], warm = timed(command, env, str(run), stdin)
        row["same"] = warm.stdout == cold.stdout
        if not row["same"]:
            print(f"\ncold:\n{cold.stdout}\nwarm:\n{warm.stdout}\n", file=sys.stderr)
    return row


def git_head(checkout: Path) -> str:
    done = subprocess.run(["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() or "?"


if __name__ == "__main__":
    main()
