"""wordle-cli's exact search side by side with the reference C++ solver (issue 19).

The reference is alex1770/wordle (C++, MIT), the exact solver behind the
published optimal totals. It is not part of this repository: fetch a source
checkout yourself and pass its folder; this script compiles it into a temporary
folder (g++ -O3 -march=native) and never writes into the checkout.

    git clone https://github.com/alex1770/wordle /tmp/alex1770-wordle
    python benchmarks/bench_reference.py --reference /tmp/alex1770-wordle [--rounds 3]

Jobs (both programs on the original lists: 2315 answers, 12972 guesses, 6 rows):

- prove salet, normal mode (7920) and hard mode (8122);
- rank the ten best openers with cutoff 7951 on one worker, and on two workers
  (wordle-cli: `tree rank --workers 2`; the reference has no workers: two
  processes, each given every other opener).

Each round runs every job once for each program, A/B interleaved (the order
flips every round), after one untimed warm-up of ours (numba's compiled
cache). Every run's totals are checked. CPU is user + sys of the job's process
tree (os.wait4, so the Dask workers count too); peak RSS is the largest single
process's. Prints a Markdown table: min / median / max of CPU and wall seconds,
peak RSS, and the ratio of the medians (ours / reference; < 1: ours is faster).
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import wordle_cmd

ROOT = Path(__file__).resolve().parent.parent
TOP10 = {"salet": 7920, "reast": 7923, "crate": 7926, "trace": 7926, "slate": 7928, "crane": 7930, "carle": 7937,
         "slane": 7943, "carte": 7949, "torse": 7950}
CUTOFF = 7951

HOW_TO = """no --reference given: nothing to compare with.
Fetch a source checkout of the reference solver (it is not shipped here), then run:

    git clone https://github.com/alex1770/wordle /tmp/alex1770-wordle
    python benchmarks/bench_reference.py --reference /tmp/alex1770-wordle
    # or: make bench-reference REFERENCE=/tmp/alex1770-wordle
"""


class Run:
    """One finished job: CPU and wall seconds, peak RSS (MiB), stdout of each process."""

    def __init__(self, cpu: float, wall: float, rss: float, outputs: list[str]):
        self.cpu, self.wall, self.rss, self.outputs = cpu, wall, rss, outputs


def run_all(commands: list[list[str]], cwd: Path | None = None) -> Run:
    """Start every command at once, wait for all: summed CPU, overall wall, largest peak RSS."""
    files, children = [], []
    start = time.perf_counter()
    for cmd in commands:
        out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
        files.append((out, err))
        children.append(subprocess.Popen(cmd, stdout=out, stderr=err, cwd=cwd))
    cpu, rss = 0.0, 0.0
    for child, (_out, err) in zip(children, files):
        _, status, usage = os.wait4(child.pid, 0)
        cpu += usage.ru_utime + usage.ru_stime
        rss = max(rss, usage.ru_maxrss / 1024)
        if os.waitstatus_to_exitcode(status) != 0:
            err.seek(0)
            sys.exit(f"{' '.join(child.args)} failed:\n{err.read().decode(errors='replace')[-2000:]}")
    wall = time.perf_counter() - start
    outputs = []
    for out, err in files:
        out.seek(0)
        outputs.append(out.read().decode(errors="replace"))
        out.close()
        err.close()
    return Run(cpu, wall, rss, outputs)


def build_reference(source: Path, into: Path) -> Path:
    exe = into / "wordle"
    cmd = ["g++", "-std=c++17", "-O3", "-march=native", "-DCOMMITDESC=\"bench\"", "-o", str(exe),
           str(source / "wordle.cpp"), "-lpthread"]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"building the reference failed ({' '.join(cmd)}):\n{done.stderr[-2000:]}")
    return exe


def ref_totals(outputs: list[str]) -> dict[str, int]:
    """The reference's `First guess WORD = TOTAL` lines (a total above the cutoff shows as >= it)."""
    found = {}
    for out in outputs:
        for word, value in re.findall(r"^First guess (\w+)\s+=\s+(\d+)", out, re.MULTILINE):
            found[word] = int(value)
    return found


class Job:
    def __init__(self, label: str, ours, reference, check_ours, check_ref):
        self.label, self.ours, self.reference = label, ours, reference
        self.check_ours, self.check_ref = check_ours, check_ref


def jobs(wordle: list[str], ref: Path, source: Path, tmp: Path) -> list[Job]:
    lists = ["-a", str(source / "wordlist_orig_all"), "-h", str(source / "wordlist_orig_hidden"), "-g6"]
    openers = tmp / "top10.txt"
    openers.write_text("".join(w + "\n" for w in TOP10), encoding="utf-8")
    halves = []
    for half in (0, 1):
        path = tmp / f"top10-{half}.txt"
        path.write_text("".join(w + "\n" for w in list(TOP10)[half::2]), encoding="utf-8")
        halves.append(path)
    counter = iter(range(1 << 30))

    def rank(workers: int):
        def commands():
            out = tmp / f"rank{next(counter)}.csv"  # a fresh file: no checkpoint to resume from
            return [wordle + ["tree", "rank", "-q", "--openers", str(openers), "--cutoff", str(CUTOFF),
                              "--workers", str(workers), "-o", str(out)]], out
        return commands

    def proof_total(expected: int):
        def check(run: Run, _out) -> bool:
            match = re.search(r"^total\s+(\d+)", run.outputs[0], re.MULTILINE)
            return match is not None and int(match.group(1)) == expected
        return check

    def ref_total(expected: dict[str, int]):
        return lambda run, _out: ref_totals(run.outputs) == expected

    def rank_rows(run: Run, out: Path) -> bool:
        with open(out, newline="", encoding="utf-8") as f:
            return {row["opener"]: int(row["total"]) for row in csv.DictReader(f)} == TOP10

    return [
        Job("prove salet, normal (7920)", lambda: ([wordle + ["tree", "build", "-q", "--first", "salet"]], None),
            lambda: [[str(ref)] + lists + ["-w", "salet"]], proof_total(7920), ref_total({"salet": 7920})),
        Job("prove salet, hard (8122)", lambda: ([wordle + ["tree", "build", "-q", "--first", "salet", "--hard"]], None),
            lambda: [[str(ref)] + lists + ["-H", "-w", "salet"]], proof_total(8122), ref_total({"salet": 8122})),
        Job("rank 10 openers, cutoff 7951, one worker", rank(1),
            lambda: [[str(ref)] + lists + ["-s", f"-b{CUTOFF}", "-t", str(openers)]], rank_rows, ref_total(TOP10)),
        Job("rank the same, two workers", rank(2),
            lambda: [[str(ref)] + lists + ["-s", f"-b{CUTOFF}", "-t", str(h)] for h in halves], rank_rows,
            ref_total(TOP10)),
    ]


def spread(values: list[float], digits: int = 2) -> str:
    return f"{min(values):.{digits}f} / {statistics.median(values):.{digits}f} / {max(values):.{digits}f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, help="a source checkout of alex1770/wordle (holds wordle.cpp)")
    parser.add_argument("--rounds", type=int, default=3, help="A/B rounds (at least 3) [default: 3]")
    parser.add_argument("--only", action="append", default=[], help="run only the jobs whose label holds this text")
    args = parser.parse_args()
    if args.reference is None:
        print(HOW_TO, end="")
        return
    source = args.reference.resolve()
    if not (source / "wordle.cpp").is_file() or not (source / "wordlist_orig_all").is_file():
        sys.exit(f"{source}: not a checkout of alex1770/wordle (no wordle.cpp or wordlist_orig_all)")
    rounds = max(3, args.rounds)
    tmp = Path(tempfile.mkdtemp(prefix="bench-reference-"))
    ref = build_reference(source, tmp)
    wordle = wordle_cmd()
    selected = [j for j in jobs(wordle, ref, source, tmp) if not args.only or any(o in j.label for o in args.only)]

    def ours(job: Job) -> Run:
        commands, out = job.ours()
        run = run_all(commands)
        if not job.check_ours(run, out):
            sys.exit(f"{job.label}: wordle-cli's totals are not the published ones:\n{run.outputs[0][-2000:]}")
        return run

    def theirs(job: Job) -> Run:
        run = run_all(job.reference(), cwd=tmp)
        if not job.check_ref(run, None):
            sys.exit(f"{job.label}: the reference's totals are not the published ones:\n{run.outputs[0][-2000:]}")
        return run

    for job in selected:  # warm-up: numba's cache compiled and loaded once, totals checked
        ours(job)
    results: dict[str, tuple[list[Run], list[Run]]] = {job.label: ([], []) for job in selected}
    for r in range(rounds):
        for job in selected:
            pair = (ours, theirs) if r % 2 == 0 else (theirs, ours)
            for side in pair:
                results[job.label][0 if side is ours else 1].append(side(job))
            print(f"round {r + 1}/{rounds}: {job.label} done", file=sys.stderr, flush=True)

    load = os.getloadavg()
    print(f"# wordle-cli vs alex1770/wordle: {rounds} rounds A/B interleaved, {os.cpu_count()} cores, "
          f"load average {load[0]:.1f} at the end, {time.strftime('%Y-%m-%d')}\n")
    print("| job | program | CPU s min / median / max | wall s min / median / max | peak RSS MiB | CPU ratio | wall ratio |")
    print("|---|---|---|---|---|---|---|")
    for job in selected:
        mine, ref_runs = results[job.label]
        cpu_ratio = statistics.median(r.cpu for r in mine) / statistics.median(r.cpu for r in ref_runs)
        wall_ratio = statistics.median(r.wall for r in mine) / statistics.median(r.wall for r in ref_runs)
        for name, runs in (("wordle-cli", mine), ("reference", ref_runs)):
            ratios = f"{cpu_ratio:.2f}× | {wall_ratio:.2f}×" if name == "wordle-cli" else " | "
            print(f"| {job.label} | {name} | {spread([r.cpu for r in runs])} | {spread([r.wall for r in runs])} | "
                  f"{max(r.rss for r in runs):.0f} | {ratios} |", flush=True)
    one, two = (next((results[j.label] for j in selected if j.label.startswith(p)), None) for p in ("rank 10", "rank the"))
    if one and two:
        for name, side in (("wordle-cli", 0), ("reference", 1)):
            speedup = statistics.median(r.wall for r in one[side]) / statistics.median(r.wall for r in two[side])
            print(f"\n{name}: two workers rank {speedup:.2f}× faster in wall time than one", end="")
        print()


if __name__ == "__main__":
    main()
