"""Speed of `wordle tree rank` (issue 10) on the shipped lists, normal mode, --cutoff 7951.

1. The ten best openers (Selby's proven values) and five others: every
   value is checked against the published one, the others must be `>=7951`.
2. A random sample of openers (fixed seed): the median and mean seconds per
   opener (the CSV's `seconds` column, one worker's time on one opener),
   and the extrapolated wall time for all 12972 openers at 2, 16 and 64
   workers (mean seconds x 12972 / workers: the openers are independent,
   so this ignores only the tail of the last few slow ones).

Both run the installed `wordle tree rank` end to end on a local Dask
cluster (--workers, default: the machine's cores).

    python benchmarks/bench_rank.py [--sample 200] [--workers N] [--seed 0]
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import wordle_cmd

ROOT = Path(__file__).resolve().parent.parent
KNOWN = {"salet": 7920, "reast": 7923, "crate": 7926, "trace": 7926, "slate": 7928, "crane": 7930, "carle": 7937,
         "slane": 7943, "carte": 7949, "torse": 7950}
OTHERS = ["adieu", "roate", "raise", "audio", "qajaq"]
CUTOFF = 7951


def rank(wordle: list[str], openers: list[str], workers: int, tmp: Path, name: str) -> tuple[float, list[dict]]:
    words = tmp / f"{name}.txt"
    words.write_text("".join(w + "\n" for w in openers), encoding="utf-8")
    out = tmp / f"{name}.csv"
    start = time.perf_counter()
    subprocess.run(
        wordle + ["tree", "rank", "-q", "--openers", str(words), "--cutoff", str(CUTOFF), "--workers", str(workers),
                  "-o", str(out), "--checkpoint", str(tmp / f"{name}.ckpt")],
        check=True,
    )
    wall = time.perf_counter() - start
    with open(out, newline="", encoding="utf-8") as f:
        return wall, list(csv.DictReader(f))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=200)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    wordle = wordle_cmd()
    tmp = Path(tempfile.mkdtemp())
    print(f"# wordle tree rank --cutoff {CUTOFF}: {args.workers} workers on {os.cpu_count()} cores\n")

    wall, rows = rank(wordle, list(KNOWN) + OTHERS, args.workers, tmp, "known")
    for row in rows:
        expected = str(KNOWN[row["opener"]]) if row["opener"] in KNOWN else f">={CUTOFF}"
        if row["total"] != expected:
            sys.exit(f"{row['opener']}: {row['total']}, expected {expected}")
    print(f"ten best openers + {len(OTHERS)} others: all values as published; {wall:.0f} s wall")
    print("| opener | total | seconds |\n|---|---|---|")
    for row in rows:
        print(f"| {row['opener']} | {row['total']} | {row['seconds']} |")

    allowed = (ROOT / "wordlists" / "wordle-allowed.txt").read_text(encoding="utf-8").split()
    sample = random.Random(args.seed).sample(allowed, args.sample)
    wall, rows = rank(wordle, sample, args.workers, tmp, "sample")
    seconds = [float(row["seconds"]) for row in rows]
    mean = statistics.mean(seconds)
    exact = sum(row["proven"] == "true" for row in rows)
    print(f"\nrandom sample of {len(rows)} openers (seed {args.seed}): {wall:.0f} s wall; {exact} below the cutoff")
    print(f"seconds per opener: median {statistics.median(seconds):.2f}, mean {mean:.2f}, max {max(seconds):.1f}")
    for workers in (2, 16, 64):
        print(f"all 12972 openers at {workers} workers: ~{mean * 12972 / workers / 3600:.1f} h")


if __name__ == "__main__":
    main()
