"""Speed of the multi-board, Absurdle and Fibble commands (issues 12, 28), end to end on the shipped lists.

Targets from the issue: `simulate --boards 4 --sample 1000` <= 20 s, and
proving the Absurdle minimum of 4 for a given first word <= 60 s.

Each job is the installed `wordle` command run as a subprocess, --runs times
after one untimed warm-up (numba's cache); median, min and max wall seconds
and the median CPU seconds (both cores count). Correctness first, on every
run: each simulation reports the games it was asked for; every Absurdle line
printed is replayed against a host written here from the rules (pure Python,
`wordle_cli.feedback` for the tiles only) and must win in the number of
guesses claimed; salet's minimum must be 4. Fibble (`--lies 1`): every
simulation plays every answer. With --fibble-time-limit S, also the two
full proofs on the 2022 lists (`fibble solve`, and with `--first salet`),
each with `--time-limit S`, once each without a warm-up (they may take
that long): each must print a proven minimum, or a lower and an upper
bound with the lower at most the upper, and a line ending on an answer.

Baselines, in the same run and in process:

- multi-board: the same strategy with every board's pool scored by the
  backend's `score` kernel (the single-board solver's way: a full 3^L
  histogram per guess) instead of the feedback table; its games must be the
  same; timed on --baseline-games games, per game next to ours;
- Absurdle: the same search with depth 3 in the plain Python loop over the
  table kernels (`Search.compiled = False`), proving salet's 4 (a win is
  found among the first guesses tried) and roate's 5 (every 4-guess line
  is searched and refuted first).

    python benchmarks/bench_games.py [--runs 3] [--baseline-games 100] [--only TEXT] [--fibble-time-limit S]

--only TEXT times only the jobs whose label holds TEXT (`--only ordle:`:
the multi-board ones; `--only Fibble`), without the baselines.

Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from pathlib import Path

from common import pin_game, run, wordle_cmd

SETTINGS = pin_game()  # the 2022 lists, uniform: the figures these check and the docs quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def host_keeps(pool: list[str], guess: str) -> list[str]:
    """Absurdle's host from the rules: the largest bucket; ties: fewest exact, fewest contained, smallest code."""
    from wordle_cli.model.feedback import feedback

    buckets: dict[tuple, list[str]] = {}
    for word in pool:
        buckets.setdefault(feedback(guess, word), []).append(word)

    def code(tiles):
        value = 0
        for t in tiles:
            value = 3 * value + t
        return value

    best = min(buckets, key=lambda t: (-len(buckets[t]), t.count(2), t.count(1), code(t)))
    return buckets[best]


def check_absurdle(out: str, answers: list[str], minimum: int | None) -> str:
    guesses = out.splitlines()[-1].split()
    claimed = int(re.search(r"^minimum (\d+) guess", out, re.MULTILINE).group(1))
    pool = list(answers)
    for guess in guesses[:-1]:
        if pool == [guess]:
            sys.exit(f"{' '.join(guesses)} wins before its last guess")
        pool = host_keeps(pool, guess)
    if pool != [guesses[-1]] or len(guesses) != claimed or (minimum is not None and claimed != minimum):
        sys.exit(f"absurdle line {' '.join(guesses)} does not win in {minimum or claimed}")
    return " ".join(guesses)


def check_fibble(out: str, answers: list[str]) -> str:
    """'minimum N' of a finished proof, or 'L to U guesses (bounds)' of one stopped by its time limit."""
    if re.search(r"^upper bound not established", out, re.MULTILINE):
        lower = int(re.search(r"^lower bound (\d+) guess", out, re.MULTILINE).group(1))
        return f"at least {lower} guesses (lower bound proven; the strategy's play-out did not finish: no upper bound)"
    line = out.splitlines()[-1].split()
    if not line or line[-1] not in answers:
        sys.exit(f"fibble line {' '.join(line)} does not end on an answer")
    found = re.search(r"^minimum (\d+) guess", out, re.MULTILINE)
    if found:
        return f"minimum {found.group(1)} (proven), line {' '.join(line)}"
    lower = int(re.search(r"^lower bound (\d+) guess", out, re.MULTILINE).group(1))
    upper = int(re.search(r"^upper bound (\d+) guess", out, re.MULTILINE).group(1))
    if not lower <= upper:
        sys.exit(f"fibble bounds {lower} > {upper}")
    return f"{lower} to {upper} guesses (lower bound proven, upper bound: a strategy), line {' '.join(line)}"


def check_games(out: str, games: int) -> str:
    played = int(re.search(r"^games\s+(\d+)", out, re.MULTILINE).group(1))
    if played != games:
        sys.exit(f"simulate played {played} games, not {games}")
    mean = re.search(r"^mean\s+(\S+)", out, re.MULTILINE).group(1)
    failed = re.search(r"^failure rate\s+(\S+)", out, re.MULTILINE)
    if failed is None:  # with --lies: the games over the limit, by count ("more than 9  0")
        over = re.search(r"^more than (\d+)\s+(\d+)", out, re.MULTILINE)
        return f"mean {mean}, {over.group(2)} over {over.group(1)}"
    return f"mean {mean}, {failed.group(1)} failed"


def baseline_multiboard(n_games: int, strategy: str) -> tuple[float, float]:
    """(seconds per game with the table, seconds per game with `score` per board), same games, in process."""
    import numpy as np

    from wordle_cli import backends
    from wordle_cli.games.multiboard import MultiSolver, draw_targets
    from wordle_cli.model.game import Game, load_lists

    answers, allowed = load_lists("wordle")
    game = Game("wordle", answers.words, allowed.words)
    cpu = backends.load("cpu")

    class ScoredPerBoard(MultiSolver):
        """Every board's pool scored by the backend's `score` kernel (the single-board way)."""

        def _sums(self, rows, active, full=False):
            out = []
            for pool in active:
                sums = cpu.score(game.candidate_codes[rows], game.answer_codes[pool], "strict")
                out.append((sums.sum_n, sums.sum_clog2c))
            return out

        def _choose_all(self, active, pool_rows):
            in_pool = np.zeros(len(self.all_rows), dtype=bool)
            in_pool[pool_rows] = True
            return self._choose(self.all_rows, active, in_pool)

    games = [tuple(game.answers[i] for i in t) for t in draw_targets(len(game.answers), 4, n_games, 12345)]
    seconds = []
    paths = []
    for solver_class in (MultiSolver, ScoredPerBoard):
        solver = solver_class(game, 4, strategy)
        solver.play(games[0])  # compile and warm
        start = time.perf_counter()
        paths.append([[t.guess for t in solver.play(g)] for g in games])
        seconds.append((time.perf_counter() - start) / n_games)
    if paths[0] != paths[1]:
        sys.exit("the baseline played different games")
    return seconds[0], seconds[1]


def baseline_absurdle(first: str, minimum: int) -> tuple[float, float]:
    """(seconds compiled, seconds plain loop) proving `first`'s minimum, in process (the table built before timing)."""
    from wordle_cli.games.absurdle import Absurdle, Search
    from wordle_cli.model.game import Game, load_lists

    answers, allowed = load_lists("wordle")
    absurdle = Absurdle(Game("wordle", answers.words, allowed.words))
    Search(absurdle).solve("crane")  # compile and warm
    seconds = []
    for compiled in (True, False):
        Search.compiled = compiled
        start = time.perf_counter()
        if Search(absurdle).solve(first).minimum != minimum:
            sys.exit(f"{first}'s minimum is not {minimum}")
        seconds.append(time.perf_counter() - start)
    Search.compiled = True
    return seconds[0], seconds[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline-games", type=int, default=100)
    parser.add_argument("--only", metavar="TEXT", default=None, help="only the jobs whose label holds TEXT, no baselines")
    parser.add_argument("--fibble-time-limit", type=float, default=None, metavar="S", help="also the full Fibble proofs, --time-limit S")
    args = parser.parse_args()
    from wordle_cli.model.game import load_lists

    answers = load_lists("wordle")[0].words
    wordle = wordle_cmd()
    quordle = ["simulate", "-q", "--boards", "4", "--sample", "1000"]
    jobs = [
        ("Quordle: simulate --boards 4 --sample 1000 --strategy expected", [*quordle, "--strategy", "expected"], lambda o: check_games(o, 1000)),
        ("Quordle: simulate --boards 4 --sample 1000 --strategy entropy", [*quordle, "--strategy", "entropy"], lambda o: check_games(o, 1000)),
        ("Dordle: simulate --boards 2 --sample 1000", ["simulate", "-q", "--boards", "2", "--sample", "1000", "--strategy", "expected"],
         lambda o: check_games(o, 1000)),
        ("Octordle: simulate --boards 8 --sample 1000", ["simulate", "-q", "--boards", "8", "--sample", "1000", "--strategy", "expected"],
         lambda o: check_games(o, 1000)),
        (
            "Sedecordle: simulate --boards 16 --sample 1000",
            ["simulate", "-q", "--game", "wordle", "--boards", "16", "--sample", "1000", "--strategy", "expected"],
            lambda o: check_games(o, 1000),
        ),
        (
            "Duotrigordle: simulate --boards 32 --sample 1000",
            ["simulate", "-q", "--game", "wordle", "--boards", "32", "--sample", "1000", "--strategy", "expected"],
            lambda o: check_games(o, 1000),
        ),
        (
            "Absurdle: prove salet's minimum (absurdle solve --first salet)",
            ["absurdle", "solve", "-q", "--first", "salet"],
            lambda o: check_absurdle(o, answers, 4),
        ),
        ("Absurdle: every first word (absurdle solve)", ["absurdle", "solve", "-q"], lambda o: check_absurdle(o, answers, 4)),
        (
            "Absurdle: a first word whose minimum is 5 (--first roate)",
            ["absurdle", "solve", "-q", "--first", "roate"],
            lambda o: check_absurdle(o, answers, 5),
        ),
        (
            "Fibble: simulate --lies 1 (random liar, every answer)",
            ["simulate", "-q", "--game", "wordle", "--lies", "1", "--strategy", "expected"],
            lambda o: check_games(o, len(answers)),
        ),
        (
            "Fibble: simulate --lies 1 --liar worst (every answer)",
            ["simulate", "-q", "--game", "wordle", "--lies", "1", "--liar", "worst", "--strategy", "expected"],
            lambda o: check_games(o, len(answers)),
        ),
    ]
    limit = f"{args.fibble_time_limit or 0:g}"
    proofs = [
        (
            f"Fibble: prove the fewest guesses against every lie (fibble solve --time-limit {limit})",
            ["fibble", "solve", "-q", "--game", "wordle", "--time-limit", limit],
            lambda o: check_fibble(o, answers),
        ),
        (
            f"Fibble: the same for salet (fibble solve --first salet --time-limit {limit})",
            ["fibble", "solve", "-q", "--game", "wordle", "--first", "salet", "--time-limit", limit],
            lambda o: check_fibble(o, answers),
        ),
    ]
    if args.fibble_time_limit is not None:
        jobs += [(label, job, check, True) for label, job, check in proofs]
    if args.only is not None:
        jobs = [job for job in jobs if args.only in job[0]]
    print(f"# wordle multi-board, Absurdle and Fibble benchmarks: {args.runs} runs each after a warm-up, {os.cpu_count()} cores")
    print(f"{SETTINGS}\n")
    print("| job | result | median s | min s | max s | CPU s |")
    print("|---|---|---|---|---|---|")
    for label, job, check, *single in jobs:
        cmd = wordle + job
        walls, cpus = [], []
        if single:  # one timed run, no warm-up: a proof of up to --fibble-time-limit
            wall, cpu, out = run(cmd)
            result = check(out)
            walls.append(wall)
            cpus.append(cpu)
        else:
            _, _, out = run(cmd)
            result = check(out)
        for _ in range(0 if single else args.runs):
            wall, cpu, out = run(cmd)
            if check(out) != result:
                sys.exit(f"{label}: result changed between runs")
            walls.append(wall)
            cpus.append(cpu)
        figures = f"{statistics.median(walls):.2f} | {min(walls):.2f} | {max(walls):.2f} | {statistics.median(cpus):.2f}"
        print(f"| {label} | {result} | {figures} |", flush=True)
    if args.only is not None:
        return
    print("\nBaselines in process, same run:\n")
    for strategy in ("expected", "entropy"):
        ours, theirs = baseline_multiboard(args.baseline_games, strategy)
        print(
            f"- Quordle {strategy}, {args.baseline_games} games: {1000 * ours:.1f} ms per game with the table, "
            f"{1000 * theirs:.1f} ms with `score` per board (same games): {theirs / ours:.1f}x faster",
            flush=True,
        )
    for first, minimum in (("salet", 4), ("roate", 5)):
        compiled, plain = baseline_absurdle(first, minimum)
        print(
            f"- Absurdle, proving {first}'s {minimum} (table built): {compiled:.3f} s with depth 3 compiled, "
            f"{plain:.3f} s with the plain loop: {plain / compiled:.1f}x faster",
            flush=True,
        )


if __name__ == "__main__":
    main()
