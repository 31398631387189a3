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

With --exact (`tree rank --exact`: every opener's own optimum, issue 19):
the random sample is ranked in chunks (--chunk, default 4 x workers openers), in sample
order, until --budget seconds have passed (a prefix of a random sample is a
random sample). Reported: CPU seconds per opener (the runs' user + sys,
workers included, start-up included: an upper bound of the search's own),
the slowest openers, and all 12972 openers on 16 cores extrapolated from
the mean. --check FILE compares every total with a published table (lines
`opener [average] total`) made for the same lists (--answers, --allowed).

    python benchmarks/bench_rank.py [--sample 200] [--workers N] [--seed 0]
    python benchmarks/bench_rank.py --exact --sample 300 --seed 0 [--budget 3600] [--check TABLE]
    python benchmarks/bench_rank.py --resume    # a complete 12972-line checkpoint read back
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

from common import run, wordle_cmd

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


def bench_exact(wordle: list[str], args, tmp: Path) -> None:
    """`tree rank --exact` on a random sample, chunk by chunk within the budget; CPU per opener, extrapolated."""
    lists = ["--answers", args.answers, "--allowed", args.allowed]
    allowed = Path(args.allowed).read_text(encoding="utf-8").split()
    sample = random.Random(args.seed).sample(allowed, args.sample)
    published = {}
    if args.check:
        for line in Path(args.check).read_text(encoding="utf-8").splitlines():
            fields = line.split()
            if len(fields) >= 2:
                published[fields[0]] = int(fields[-1])
    chunk = args.chunk or 4 * args.workers
    rows, cpu, wall = [], 0.0, 0.0
    print(f"# wordle tree rank --exact: {args.workers} workers on {os.cpu_count()} cores; sample of {args.sample} "
          f"(seed {args.seed}), chunks of {chunk}, budget {args.budget:.0f} s\n")
    for start in range(0, len(sample), chunk):
        if wall >= args.budget:
            break
        words = tmp / "chunk.txt"
        words.write_text("".join(w + "\n" for w in sample[start : start + chunk]), encoding="utf-8")
        out = tmp / "chunk.csv"
        w, c, _ = run(wordle + ["tree", "rank", "-q", "--exact", *lists, "--openers", str(words), "--workers", str(args.workers),
                                "-o", str(out), "--checkpoint", str(tmp / "exact.ckpt")])
        wall, cpu = wall + w, cpu + c
        with open(out, newline="", encoding="utf-8") as f:
            got = list(csv.DictReader(f))
        for row in got:
            if row["proven"] != "true" or not row["total"].isdigit():
                sys.exit(f"{row['opener']}: {row['total']} {row['proven']}: --exact must prove every total")
        rows += got
        print(f"{len(rows)} openers: {cpu:.0f} CPU s, {wall:.0f} s wall", flush=True)
    per = cpu / len(rows)
    seconds = sorted(float(row["seconds"]) for row in rows)
    print(f"\n{len(rows)} of {args.sample} openers proven in {wall:.0f} s wall, {cpu:.0f} CPU s")
    print(f"CPU s per opener (start-up included): mean {per:.1f}; worker seconds per opener: median "
          f"{statistics.median(seconds):.1f}, max {seconds[-1]:.1f}")
    for cores in (2, 16):
        print(f"all {len(allowed)} openers on {cores} cores: ~{per * len(allowed) / cores / 3600:.1f} h (CPU mean / cores)")
    print("\nslowest:\n| opener | total | worker seconds |\n|---|---|---|")
    for row in sorted(rows, key=lambda r: -float(r["seconds"]))[:20]:
        print(f"| {row['opener']} | {row['total']} | {row['seconds']} |")
    if published:
        checked = [(row["opener"], int(row["total"]), published[row["opener"]]) for row in rows if row["opener"] in published]
        wrong = [c for c in checked if c[1] != c[2]]
        print(f"\nagainst {args.check}: {len(checked) - len(wrong)} of {len(checked)} totals agree")
        for opener, ours, theirs in wrong:
            print(f"  {opener}: {ours}, published {theirs}")
        if wrong:
            sys.exit(1)


def bench_resume(wordle: list[str], args, tmp: Path) -> None:
    """Issue 23.13: `tree rank` given a complete checkpoint of every opener (nothing left to search)."""
    sys.path.insert(0, str(ROOT))
    from wordle_cli.trees import rank as ranking

    answers = Path(args.answers).read_text(encoding="utf-8").split()
    allowed = Path(args.allowed).read_text(encoding="utf-8").split()
    key = ranking.digest(answers, allowed, ranking.RankOptions(max_guesses=6))
    checkpoint = tmp / "complete.ckpt"
    rng = random.Random(args.seed)
    with open(checkpoint, "w", encoding="utf-8") as f:
        f.write(f"# wordle tree rank checkpoint v{ranking.CHECKPOINT_VERSION} key={key}\n")
        for word in allowed:
            f.write(f"{word},exact,{rng.randint(8000, 9000)},6,{rng.random() * 100:.3f}\n")
    inputs = ranking.RankInputs(answers, allowed, ranking.RankOptions(max_guesses=6), None, key)
    loads = []
    for _ in range(3):
        start = time.process_time()
        with ranking.Checkpoint(str(checkpoint), key, ranking.outcome_check(inputs)) as saved:
            assert len(saved.load()) == len(allowed)
        loads.append(time.process_time() - start)
    runs = [run(wordle + ["tree", "rank", "-q", "--answers", args.answers, "--allowed", args.allowed, "--checkpoint",
                         str(checkpoint), "-o", str(tmp / "resumed.csv")]) for _ in range(3)]
    print(f"resume from a complete checkpoint of {len(allowed)} openers: load {statistics.median(loads):.3f} CPU s; "
          f"the whole command {statistics.median(r[1] for r in runs):.2f} CPU s, {statistics.median(r[0] for r in runs):.2f} s wall "
          "(medians of 3)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=200)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--exact", action="store_true", help="tree rank --exact on the sample, within --budget")
    parser.add_argument("--budget", type=float, default=3600, help="--exact: seconds of wall time to spend")
    parser.add_argument("--chunk", type=int, default=0, help="--exact: openers per run [default: 4 x workers]")
    parser.add_argument("--check", metavar="TABLE", help="--exact: compare with a published table of totals")
    parser.add_argument("--resume", action="store_true", help="time a resume from a complete checkpoint")
    parser.add_argument("--answers", default=str(ROOT / "wordlists" / "wordle-answers.txt"))
    parser.add_argument("--allowed", default=str(ROOT / "wordlists" / "wordle-allowed.txt"))
    args = parser.parse_args()
    wordle = wordle_cmd()
    tmp = Path(tempfile.mkdtemp())
    if args.resume:
        bench_resume(wordle, args, tmp)
        return
    if args.exact:
        bench_exact(wordle, args, tmp)
        return
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
        print(f"all 12972 openers at {workers} workers: ~{mean * 12972 / workers / 3600:.1f} h (from the mean)")
    print(f"all 12972 openers at {args.workers} workers, from this run's wall time: ~{wall / len(rows) * 12972 / 3600:.1f} h")


if __name__ == "__main__":
    main()
