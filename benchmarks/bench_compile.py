"""What the first run costs: each command timed in a fresh process with numba's cache empty, then warm.

numba compiles a kernel the first time a process on a machine calls it, and
caches the machine code on disk. A new user, a CI run on a fresh clone and a
change to a kernel all pay that compile before the command does anything.
This runs each command below in a fresh process with an empty
`NUMBA_CACHE_DIR` of its own (cold), then once more with that cache (warm),
and prints one Markdown row per command: wall and CPU seconds cold and warm,
how many functions it compiled and their CPU seconds. Then the compiled
functions, largest first, from `WORDLE_COMPILE_TIMES` (wordle_cli/compiled.py's
timer): a function's own CPU seconds of compiling (the kernels it calls
compiled inside it not counted), the largest over the commands that compiled
it, and how many did. On a busy machine wall times swell with the load; the
CPU seconds much less so.

    python benchmarks/bench_compile.py                 # every command
    python benchmarks/bench_compile.py --only review,tree
    python benchmarks/bench_compile.py --checkout DIR  # another checkout's (no function table before the timer)

The review's output is also compared cold against warm: a first run must give
the same exact values (`same` in the table), whatever the compile cost.
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


def run(checkout: Path, args: list[str], stdin: str | None, env: dict[str, str], cwd: str) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, stdout) of one `python -m wordle_cli ARGS` from `checkout`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "wordle_cli", *args], input=stdin, capture_output=True, text=True,
                          env={**env, "PYTHONPATH": str(checkout)}, cwd=cwd)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"wordle {' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def compiles(log: Path) -> list[dict]:
    """The records `WORDLE_COMPILE_TIMES` wrote (none for a checkout without the timer)."""
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the checkout to time [default: this one]")
    parser.add_argument("--only", default="", metavar="WORD,...", help="only the commands whose name holds one of these")
    parser.add_argument("--top", type=int, default=25, help="rows of the function table [default: 25]")
    parser.add_argument("--logs", type=Path, help="keep each command's compile log (JSON lines) in this folder")
    args = parser.parse_args()
    wanted = [w for w in args.only.split(",") if w]
    cases = [case for case in CASES if not wanted or any(w in case[0] for w in wanted)]
    base = {k: v for k, v in os.environ.items() if not k.startswith(("WORDLE_", "NUMBA_"))}
    per_function: dict[str, list[float]] = defaultdict(list)
    signatures: dict[str, set[str]] = defaultdict(set)
    users: dict[str, set[str]] = defaultdict(set)
    print(f"{os.cpu_count()} cores, numba cache empty for each command ({args.checkout}); the puzzle of {DATE}, "
          "each command's game, prior and strategy in its name\n")
    print("| command | cold wall s | cold CPU s | warm wall s | warm CPU s | compiled functions | their compile CPU s | same output warm |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as folder:
        for number, (name, wordle_args, stdin) in enumerate(cases):
            work = Path(folder, str(number))
            for sub in ("numba", "cache", "data", "run"):
                (work / sub).mkdir(parents=True)
            log = work / "compiles.jsonl"
            env = {**base, "NUMBA_CACHE_DIR": str(work / "numba"), "WORDLE_CACHE_DIR": str(work / "cache"),
                   "WORDLE_DATA_DIR": str(work / "data"), "WORDLE_DATE": DATE, "WORDLE_BACKEND": "cpu",
                   "WORDLE_COMPILE_TIMES": str(log)}
            cold_wall, cold_cpu, cold_out = run(args.checkout, wordle_args, stdin, env, str(work / "run"))
            records = compiles(log)
            if args.logs is not None and log.exists():
                args.logs.mkdir(parents=True, exist_ok=True)
                (args.logs / f"{number}.jsonl").write_text(log.read_text())
            if "review" in wordle_args:  # the repeat must prove, not read the first run's cache
                env["WORDLE_CACHE_DIR"] = str(work / "cache2")
            warm_wall, warm_cpu, warm_out = run(args.checkout, wordle_args, stdin, {**env, "WORDLE_COMPILE_TIMES": ""},
                                         str(work / "run"))
            for record in records:
                per_function[record["function"]].append(record["seconds"])
                signatures[record["function"]].add(record["signature"])
                users[record["function"]].add(name)
            total = sum(r["seconds"] for r in records)
            shown = f"{len(records)}" if records else "–"
            seconds = f"{total:.1f}" if records else "–"
            same = "yes" if cold_out == warm_out else "**no**"
            print(f"| `{name}` | {cold_wall:.1f} | {cold_cpu:.1f} | {warm_wall:.1f} | {warm_cpu:.1f} | {shown} | {seconds} | {same} |",
                  flush=True)
            if cold_out != warm_out:
                print(f"\ncold:\n{cold_out}\nwarm:\n{warm_out}\n", file=sys.stderr)
    if not per_function:
        return
    ranked = sorted(per_function.items(), key=lambda item: -max(item[1]))
    print(f"\n{len(ranked)} functions compiled, {sum(max(v) for v in per_function.values()):.1f} s in all "
          "(each at its largest over the commands)\n")
    print("| function | own compile CPU s | signatures | commands that compile it |")
    print("|---|---:|---:|---:|")
    for function, seconds in ranked[: args.top]:
        print(f"| `{function.removeprefix('wordle_cli.')}` | {max(seconds):.2f} | {len(signatures[function])} | {len(users[function])} |")


if __name__ == "__main__":
    main()
