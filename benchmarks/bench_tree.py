"""Speed and peak memory of the tree commands (issue 9), end to end on the shipped lists.

Each job is the installed `wordle` command run as a subprocess; its wall
time and its own peak resident memory (os.wait4's ru_maxrss, so one job's
peak is not mixed with another's) are taken over --runs runs after one
untimed warm-up (numba's cache). Correctness is checked on every run: the
proven totals must be the published ones (salet: 7920 normal, 8122 hard),
the top-k run must reach 7920, the verifier must accept the tree.

Baseline measured in the same run: the greedy `simulate --first salet
--strategy entropy` (7946 guesses), the best the project could do before.

    python benchmarks/bench_tree.py [--runs 3]

Prints a Markdown table (median, min, max seconds; peak RSS in MiB).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import pin_game, wordle_cmd

SETTINGS = pin_game()  # the 2022 lists, uniform: the figures these check and the docs quote


def run(cmd: list[str]) -> tuple[float, float, str]:
    """(wall seconds, peak RSS in MiB of this child, stdout)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(cmd, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if child.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed ({child.returncode}):\n{err.read().decode()}")
        return wall, usage.ru_maxrss / 1024, out.read().decode()


def total(out: str) -> int:
    match = re.search(r"^total\s+(\d+)", out, re.MULTILINE)
    if match is None:  # simulate prints the mean over 2315 games
        mean = re.search(r"^mean\s+([\d.]+)", out, re.MULTILINE)
        return round(float(mean.group(1)) * 2315)
    return int(match.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    wordle = wordle_cmd()
    tree_path = Path(tempfile.mkdtemp()) / "salet.tree"
    jobs = [
        ("greedy baseline: simulate --first salet --strategy entropy", ["simulate", "-q", "--first", "salet", "--strategy", "entropy"], 7946),
        ("prove salet, normal: tree build --first salet", ["tree", "build", "-q", "--first", "salet", "-o", str(tree_path)], 7920),
        ("prove salet, hard: tree build --first salet --hard", ["tree", "build", "-q", "--first", "salet", "--hard"], 8122),
        ("semi-exhaustive: tree build --first salet --top-k 10", ["tree", "build", "-q", "--first", "salet", "--top-k", "10"], 7920),
        ("tree verify (2315 answers)", ["tree", "verify", "-q", str(tree_path)], 7920),
        ("best next guess: tree build --from salet:BBYBB (99 answers)", ["tree", "build", "-q", "--from", "salet:BBYBB"], None),
    ]
    print(f"# wordle tree benchmarks: {args.runs} runs each after a warm-up, {os.cpu_count()} cores")
    print(f"{SETTINGS}\n")
    print("| job | total | median s | min s | max s | peak RSS MiB | × baseline |")
    print("|---|---|---|---|---|---|---|")
    baseline = None
    for label, job, expected in jobs:
        cmd = wordle + job
        _, _, out = run(cmd)  # warm-up, and the tree file for verify
        got = total(out)
        if expected is not None and got != expected:
            sys.exit(f"{label}: total {got}, expected {expected}; not timing")
        walls, peaks = [], []
        for _ in range(args.runs):
            wall, peak, out = run(cmd)
            if total(out) != got:
                sys.exit(f"{label}: total changed between runs")
            walls.append(wall)
            peaks.append(peak)
        median = statistics.median(walls)
        if baseline is None:
            baseline = median
        print(
            f"| {label} | {got} | {median:.2f} | {min(walls):.2f} | {max(walls):.2f} | {max(peaks):.0f} | {median / baseline:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
