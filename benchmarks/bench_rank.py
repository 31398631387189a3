"""Speed of `wordle tree rank` (issue 10) on the 2022 lists, normal mode, --cutoff 7951; --exact against a published table.

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
the mean. --check-against FILE (or --check) compares every total with a
published table made for the same lists (--game, or --answers/--allowed) and
mode (--hard): lines `opener [average] total`, as the reference solver's
results_{easy,hard}_* files, where an average `Infinity` (total 1000000000)
marks an opener that cannot win every game within 6 guesses (the rank's
`infeasible`). Every opener must then be in the table and agree; the exit
status is 1 otherwise. `--openers W1,W2` replaces the random sample.

    python benchmarks/bench_rank.py [--sample 200] [--workers N] [--seed 0]
    python benchmarks/bench_rank.py --exact --sample 300 --seed 0 [--budget 3600] [--check TABLE]
    python benchmarks/bench_rank.py --exact --game nyt [--hard] --sample 20 --budget 0 --check-against results_easy_nyt20230701
    python benchmarks/bench_rank.py --resume    # a complete 12972-line checkpoint read back

The reference's tables are not part of this project: give their paths
(`make bench-rank-nyt REFERENCE=DIR`, DIR a checkout of alex1770/wordle).
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

from common import pin_game, run, wordle_cmd

ROOT = Path(__file__).resolve().parent.parent
KNOWN = {"salet": 7920, "reast": 7923, "crate": 7926, "trace": 7926, "slate": 7928, "crane": 7930, "carle": 7937,
         "slane": 7943, "carte": 7949, "torse": 7950}
OTHERS = ["adieu", "roate", "raise", "audio", "qajaq"]
CUTOFF = 7951

#: A published table's total for an opener that cannot win every game within the limit (its average: Infinity).
PUBLISHED_INFINITE = 1_000_000_000


def published_table(path: str) -> dict[str, int | None]:
    """opener -> published total (None: cannot win within the limit) from `opener [average] total` lines."""
    table: dict[str, int | None] = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        fields = line.split()
        if len(fields) < 2:
            continue
        total = int(fields[-1])
        table[fields[0]] = None if total >= PUBLISHED_INFINITE or fields[1].lower() == "infinity" else total
    return table


def compare(rows: list[dict], published: dict[str, int | None]) -> list[tuple[str, int | None, int | None]]:
    """(opener, our total, the published one) for each `tree rank --exact` CSV row; None: infeasible / Infinity."""
    return [(row["opener"], None if row["total"] == "infeasible" else int(row["total"]), published.get(row["opener"], -1)) for row in rows]


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
    lists = ["--answers", args.answers, "--allowed", args.allowed] + (["--hard"] if args.hard else [])
    allowed = Path(args.allowed).read_text(encoding="utf-8").split()
    if args.openers:
        sample = [w.strip() for w in args.openers.split(",") if w.strip()]
        drawn = f"openers {', '.join(sample)}"
    else:
        sample = random.Random(args.seed).sample(allowed, args.sample)
        drawn = f"sample of {args.sample} (seed {args.seed})"
    published = published_table(args.check) if args.check else {}
    missing = [w for w in sample if published and w not in published]
    if missing:
        sys.exit(f"{args.check} has no total for {', '.join(missing)}: not a table of these lists")
    chunk = args.chunk or 4 * args.workers
    rows, cpu, wall = [], 0.0, 0.0
    budget = f"budget {args.budget:.0f} s" if args.budget > 0 else "no budget"
    print(f"# wordle tree rank --exact{' --hard' if args.hard else ''} on {Path(args.answers).name} x {Path(args.allowed).name}: "
          f"{args.workers} workers on {os.cpu_count()} cores; {drawn}, chunks of {chunk}, {budget}\n")
    for start in range(0, len(sample), chunk):
        if 0 < args.budget <= wall:
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
            if row["proven"] != "true" or not (row["total"].isdigit() or row["total"] == "infeasible"):
                sys.exit(f"{row['opener']}: {row['total']} {row['proven']}: --exact must prove every total")
        rows += got
        print(f"{len(rows)} openers: {cpu:.0f} CPU s, {wall:.0f} s wall", flush=True)
    per = cpu / len(rows)
    seconds = sorted(float(row["seconds"]) for row in rows)
    print(f"\n{len(rows)} of {len(sample)} openers proven in {wall:.0f} s wall, {cpu:.0f} CPU s")
    print(f"CPU s per opener (start-up included): mean {per:.1f}; worker seconds per opener: median "
          f"{statistics.median(seconds):.1f}, max {seconds[-1]:.1f}")
    for cores in (2, 16):
        print(f"all {len(allowed)} openers on {cores} cores: ~{per * len(allowed) / cores / 3600:.1f} h (CPU mean / cores)")
    print("\nslowest:\n| opener | total | worker seconds |\n|---|---|---|")
    for row in sorted(rows, key=lambda r: -float(r["seconds"]))[:20]:
        print(f"| {row['opener']} | {row['total']} | {row['seconds']} |")
    if published:
        checked = compare(rows, published)
        wrong = [c for c in checked if c[1] != c[2]]
        print(f"\nagainst {args.check}: {len(checked) - len(wrong)} of {len(checked)} totals agree "
              f"({sum(c[2] is None for c in checked)} of them infeasible within 6 guesses)")
        print("| opener | ours | published |\n|---|---:|---:|")
        for opener, ours, theirs in checked:
            print(f"| {opener} | {'infeasible' if ours is None else ours} | {'Infinity' if theirs is None else theirs} |"
                  f"{'  <- differs' if ours != theirs else ''}")
        if wrong or len(rows) < len(sample):
            sys.exit(1 if wrong else f"only {len(rows)} of {len(sample)} openers within the budget: not a complete check")


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
    parser.add_argument("--check", "--check-against", dest="check", metavar="TABLE",
                        help="--exact: compare with a published table of totals (`opener [average] total`; Infinity: infeasible)")
    parser.add_argument("--openers", metavar="W1,W2,...", help="--exact: these openers instead of a random sample")
    parser.add_argument("--hard", action="store_true", help="--exact: hard mode")
    parser.add_argument("--resume", action="store_true", help="time a resume from a complete checkpoint")
    parser.add_argument("--game", choices=("wordle", "nyt"), default="wordle",
                        help="the shipped lists to rank on: wordle (2022's, default: the cutoff mode's published values) or nyt (today's)")
    parser.add_argument("--answers", help="the answers file [default: the game's]")
    parser.add_argument("--allowed", help="the allowed guesses file [default: the game's]")
    args = parser.parse_args()
    args.answers = args.answers or str(ROOT / "wordlists" / f"{args.game}-answers.txt")
    args.allowed = args.allowed or str(ROOT / "wordlists" / f"{args.game}-allowed.txt")
    if not args.exact and (args.game != "wordle" or args.hard or args.openers):
        parser.error("--game nyt, --hard and --openers go with --exact (the cutoff mode checks 2022's published values)")
    print(pin_game(args.game, "uniform"))  # the published values are the uniform prior's (the cutoff mode: --game wordle)
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
