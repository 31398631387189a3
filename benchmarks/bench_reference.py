"""wordle-cli's exact search side by side with the reference C++ solver (issues 19, 26, 27).

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

The tail, opener by opener (`--sample N --seed S`, or `--openers W,W,...`):
N random openers of the allowed list (seeded) after the 20 most played ones,
each proven once by both programs, A/B (the order flips every opener), totals
checked equal; `--lists nyt` for today's lists (3158 answers, 14855 guesses:
the reference's own default), `--hard` for hard mode. Prints one row per
opener (CPU, peak RSS, ratio), then the sample's summed ratio, p50/p90/max,
and the extrapolation to every opener on 16 cores.

    python benchmarks/bench_reference.py --reference DIR --sample 20 --seed 0
    python benchmarks/bench_reference.py --reference DIR --lists nyt --openers tarse --hard
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import pin_game, wordle_cmd

ROOT = Path(__file__).resolve().parent.parent
#: Openers people play most (WordleBot's and players' reports); every one is proven in `--sample` runs.
POPULAR = ("salet", "crane", "slate", "raise", "adieu", "audio", "stare", "roate", "trace", "arise", "crate",
           "irate", "soare", "arose", "least", "train", "heart", "house", "tears", "later")
#: The reference's word lists for each list set (its files: -a, -h) and ours (--allowed, --answers).
LISTS = {"orig": ("wordlist_orig_all", "wordlist_orig_hidden"), "nyt": ("wordlist_all", "wordlist_hidden")}
#: The reference's value of an opener that cannot win within the guesses.
REF_INFINITY = 1_000_000_000
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


def opener_total(run: Run, ours: bool) -> float:
    """The proven total of one opener (math.inf: cannot win in the guesses), from either program's output."""
    if ours:
        match = re.search(r"^total\s+(\d+)", run.outputs[0], re.MULTILINE)
        if match is None:
            raise ValueError(run.outputs[0][-500:])
        return int(match.group(1))
    value = next(iter(ref_totals(run.outputs).values()))
    return math.inf if value >= REF_INFINITY else value


def run_ours_opener(wordle: list[str], word: str, hard: bool, lists: tuple[Path, Path]) -> Run:
    """`tree build --first WORD`; an opener that cannot win in 6 ends with exit 1 and a `no strategy` line."""
    allowed, answers = lists
    cmd = wordle + ["tree", "build", "-q", "--first", word, "--allowed", str(allowed), "--answers", str(answers)]
    cmd += ["--hard"] if hard else []
    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    start = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=out, stderr=err)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    out.seek(0)
    err.seek(0)
    text, problem = out.read().decode(errors="replace"), err.read().decode(errors="replace")
    code = os.waitstatus_to_exitcode(status)
    if code == 1 and "no strategy solves" in problem:
        text = f"total {10**12}\n"  # cannot win: the reference says infinity
    elif code != 0:
        sys.exit(f"{' '.join(cmd)} failed ({code}):\n{problem[-2000:]}")
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024, [text])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def tail(args, source: Path, ref: Path, wordle: list[str]) -> None:
    """Every opener of the sample proven by both programs, A/B; one row each, then the summary."""
    ref_all, ref_hidden = LISTS[args.lists]
    lists = (source / ref_all, source / ref_hidden)
    allowed = [w.split()[0] for w in lists[0].read_text(encoding="utf-8").splitlines() if w.strip()]
    if args.openers:
        openers = [w.strip().lower() for w in args.openers.split(",") if w.strip()]
    else:
        rng = random.Random(args.seed)
        rest = [w for w in allowed if w not in POPULAR]
        openers = list(POPULAR) + rng.sample(rest, args.sample)
    unknown = [w for w in openers if w not in allowed]
    if unknown:
        sys.exit(f"not allowed guesses on these lists: {', '.join(unknown)}")
    ref_cmd = [str(ref), "-a", str(lists[0]), "-h", str(lists[1]), "-g6"] + (["-H"] if args.hard else [])
    run_ours_opener(wordle, openers[0], args.hard, lists)  # warm-up: numba's cache
    mode = "hard" if args.hard else "normal"
    print(f"# the tail: {len(openers)} openers, {args.lists} lists, {mode} mode, A/B per opener, "
          f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}\n")
    print("| opener | total | wordle-cli CPU s | reference CPU s | ratio | peak RSS ours / reference MiB |")
    print("|---|---:|---:|---:|---:|---|")
    rows = []
    for i, word in enumerate(openers):
        sides = [("ours", lambda w=word: run_ours_opener(wordle, w, args.hard, lists)),
                 ("ref", lambda w=word: run_all([ref_cmd + ["-w", w]], cwd=ref.parent))]
        if i % 2:
            sides.reverse()
        runs = {name: side() for name, side in sides}
        mine, theirs = opener_total(runs["ours"], True), opener_total(runs["ref"], False)
        mine = math.inf if mine >= 10**12 else mine
        if mine != theirs:
            sys.exit(f"{word}: wordle-cli proves {mine}, the reference {theirs}")
        ratio = runs["ours"].cpu / runs["ref"].cpu
        rows.append((word, mine, runs["ours"], runs["ref"], ratio))
        shown = "cannot win in 6" if mine == math.inf else str(mine)
        print(f"| {word} | {shown} | {runs['ours'].cpu:.1f} | {runs['ref'].cpu:.1f} | {ratio:.2f}× | "
              f"{runs['ours'].rss:.0f} / {runs['ref'].rss:.0f} |", flush=True)
    ours_cpu = [r[2].cpu for r in rows]
    ref_cpu = [r[3].cpu for r in rows]
    ratios = [r[4] for r in rows]
    print(f"\n**{len(rows)} openers: {sum(ours_cpu):.0f} s against {sum(ref_cpu):.0f} s, "
          f"{sum(ours_cpu) / sum(ref_cpu):.2f}×** (summed CPU); openers above 1.0×: "
          f"{sum(r > 1.0 for r in ratios)}; peak RSS at most {max(r[2].rss for r in rows):.0f} MiB\n")
    print("| | wordle-cli CPU s | reference CPU s | ratio |")
    print("|---|---:|---:|---:|")
    for name, q in (("p50", 0.5), ("p90", 0.9), ("max", 1.0)):
        print(f"| {name} | {percentile(ours_cpu, q):.1f} | {percentile(ref_cpu, q):.1f} | {percentile(ratios, q):.2f}× |")
    random_rows = [r for r in rows if args.openers or r[0] not in POPULAR]
    if random_rows:
        mean = statistics.mean(r[2].cpu for r in random_rows)
        ref_mean = statistics.mean(r[3].cpu for r in random_rows)
        hours = len(allowed) * mean / 16 / 3600
        print(f"\nExtrapolated from the {len(random_rows)} {'given' if args.openers else 'random'} openers' mean "
              f"({mean:.1f} s; the reference {ref_mean:.1f} s), one process per opener: all {len(allowed)} openers "
              f"on 16 cores in {hours:.2f} h (the reference: {len(allowed) * ref_mean / 16 / 3600:.2f} h).")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, help="a source checkout of alex1770/wordle (holds wordle.cpp)")
    parser.add_argument("--rounds", type=int, default=3, help="A/B rounds (at least 3) [default: 3]")
    parser.add_argument("--only", action="append", default=[], help="run only the jobs whose label holds this text")
    parser.add_argument("--sample", type=int, default=None, metavar="N",
                        help="the tail: the 20 most played openers and N random ones, each proven by both")
    parser.add_argument("--seed", type=int, default=0, help="the random openers' seed [default: 0]")
    parser.add_argument("--openers", default=None, metavar="W,W,...", help="the tail on these openers instead")
    parser.add_argument("--lists", choices=sorted(LISTS), default="orig",
                        help="orig: 2315 answers, 12972 guesses; nyt: 3158, 14855 [default: orig]")
    parser.add_argument("--hard", action="store_true", help="the tail in hard mode")
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
    settings = pin_game("wordle")  # the jobs below check the published figures of the 2022 lists (salet 7920), uniform
    if args.sample is not None or args.openers:
        print(settings)
        tail(args, source, ref, wordle)  # both programs get the lists' files
        return
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
          f"load average {load[0]:.1f} at the end, {time.strftime('%Y-%m-%d')}\n{settings}\n")
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
