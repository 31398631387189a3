"""Speed of `score` and `prune` on the CPU, as users run them (make bench).

Correctness first (known top rows), then medians of --runs end-to-end runs
of the installed `wordle` command (numba's cache warm), each next to a
baseline measured in the same run:

- kernel: the real CPU kernel vs benchmarks/baseline_numba.py (same inputs);
- prune: vs `python -c "import click"` (prune must not import numba);
- memory: peak RSS of 40000 x 40000 synthetic 6-letter words;
- the games: `score --game nyt --prior uniform` (today's lists, 14855 x
  3158) vs `score --game wordle --prior uniform` (2022's, 12972 x 2315), the
  same work on more pairs, runs interleaved; the pairs grow 1.56x
  (`--games-only` runs just this).

Every command runs on the 2022 lists (or the files it names) under the
uniform prior (`common.pin_game`), printed above the table.

Prints a Markdown table (paste it into the README).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import pin_game, wordle_cmd

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = ROOT / "wordlists" / "wordle-allowed.txt"
ANSWERS = ROOT / "wordlists" / "wordle-answers.txt"
sys.path.insert(0, str(ROOT / "benchmarks"))


def median_seconds(cmd: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def peak_rss_mib(cmd: list[str]) -> float:
    """Peak RSS of one child run (ru_maxrss of the largest child so far)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(after, before) / 1024


def check_correct(tmp: Path) -> None:
    out = tmp / "check.csv"
    subprocess.run(wordle_cmd() + ["score", "-q", str(ALLOWED), str(ANSWERS), str(out)], check=True)
    rows = out.read_text().splitlines()[1:3]
    expected = ["roate,false,60.4246,2662.86,195", "raise,true,61.0009,2249.53,168"]
    if rows != expected:
        sys.exit(f"wrong result, not timing: {rows} != {expected}")


def kernel_ratio(runs: int, n_answers_list: str) -> tuple[float, float]:
    """Median seconds of (real kernel, naive baseline) on allowed x list, in-process."""
    import numpy as np
    from baseline_numba import score_strict_naive

    from wordle_cli.backends import cpu
    from wordle_cli.encoding import Alphabet
    from wordle_cli.wordlist import read_word_list

    allowed = read_word_list(str(ALLOWED)).words
    answers = read_word_list(str(ROOT / "wordlists" / n_answers_list)).words
    alphabet = Alphabet.of(allowed, answers)
    g, a = alphabet.encode(allowed, 5), alphabet.encode(answers, 5)
    fast = cpu.score(g, a, "strict")  # warm (compile or load cache)
    slow = score_strict_naive(g, a, alphabet.size)
    assert np.array_equal(fast.sum_n, slow[0]) and np.array_equal(fast.max_n, slow[1])

    def timed(fn):
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    return timed(lambda: cpu.score(g, a, "strict")), timed(lambda: score_strict_naive(g, a, alphabet.size))


def games_ratio(w: list[str], runs: int) -> dict[str, tuple[float, float]]:
    """`score --game wordle` and `score --game nyt` to stdout under the uniform prior, end to end, runs interleaved: game ->
    median (wall, CPU) seconds."""
    times: dict[str, list[tuple[float, float]]] = {"wordle": [], "nyt": []}
    for name in times:  # warm-up: numba's cache, the lists in the page cache
        subprocess.run(w + ["score", "-q", "--game", name, "--prior", "uniform"], check=True, stdout=subprocess.DEVNULL)
    for _ in range(runs):
        for name, seconds in times.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(w + ["score", "-q", "--game", name, "--prior", "uniform"], check=True, stdout=subprocess.DEVNULL)
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            seconds.append((wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime))
    return {name: (statistics.median(t[0] for t in runs_), statistics.median(t[1] for t in runs_)) for name, runs_ in times.items()}


def synthetic_list(path: Path, n: int, length: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    words: set[str] = set()
    while len(words) < n:
        words.add("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(length)))
    path.write_text("\n".join(sorted(words)) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--skip-memory", action="store_true", help="skip the 40000 x 40000 run")
    parser.add_argument("--games-only", action="store_true", help="only score --game nyt vs --game wordle")
    args = parser.parse_args()
    settings = pin_game("wordle", "uniform")
    w = wordle_cmd()
    rows: list[tuple[str, str, str]] = []
    medians = games_ratio(w, args.runs)
    (new, new_cpu), (old, old_cpu) = medians["nyt"], medians["wordle"]
    rows.append(("score --game nyt (14855 x 3158) vs --game wordle (12972 x 2315), both --prior uniform",
                 f"{new:.3f} s vs {old:.3f} s wall; {new_cpu:.3f} s vs {old_cpu:.3f} s CPU",
                 f"{new / old:.2f}x the wall time, {new_cpu / old_cpu:.2f}x the CPU time, for 1.56x the pairs"))
    if args.games_only:
        print(f"\n{os.cpu_count()} cores, medians of {args.runs} runs, end to end (interleaved)\n{settings}\n")
        print("| what | time | note |\n|---|---|---|\n| " + " | ".join(rows[0]) + " |")
        return
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        check_correct(tmp)
        out = str(tmp / "out.csv")
        for label, answers, extra in [
            ("score 12972 x 12972 strict", ALLOWED, []),
            ("score 12972 x 2315 strict", ANSWERS, []),
            ("score 12972 x 2315 --rule loose", ANSWERS, ["--rule", "loose"]),
        ]:
            t = median_seconds(w + ["score", "-q", *extra, str(ALLOWED), str(answers), out], args.runs)
            rows.append((label, f"{t:.3f} s", "end to end"))
        for list_name, label in [("wordle-allowed.txt", "12972 x 12972"), ("wordle-answers.txt", "12972 x 2315")]:
            fast, slow = kernel_ratio(args.runs, list_name)
            rows.append((f"kernel {label} vs naive numba", f"{fast:.3f} s vs {slow:.3f} s", f"{slow / fast:.1f}x faster"))
        prune = median_seconds(w + ["prune", "-q", "reais", "ACAAC", str(ALLOWED), out], args.runs)
        click = median_seconds([sys.executable, "-c", "import click"], args.runs)
        rows.append(("prune 12972 words vs `import click`", f"{prune:.3f} s vs {click:.3f} s", f"{prune / click:.2f}x"))
        if not args.skip_memory:
            big = tmp / "big6.txt"
            synthetic_list(big, 40000, 6)
            start = time.perf_counter()
            rss = peak_rss_mib(w + ["score", "-q", str(big), str(big), out])
            rows.append(("score 40000 x 40000 (6 letters)", f"{time.perf_counter() - start:.1f} s", f"peak RSS {rss:.0f} MiB"))
    print(f"\nwordle-cli CPU benchmarks: {os.cpu_count()} cores, medians of {args.runs} runs\n{settings}\n")
    print("| what | time | note |\n|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
