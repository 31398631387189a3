"""The default strategy under the day's prior, played on the last days of the shipped history (issue 40).

For each of the last `--days` days of the shipped history, the nyt prior of
that day (fitted on the days before it only, as a player would have it that
morning) and the day's answer played in process through the API, as
`wordle solve --date D ANSWER` plays it, three ways:

- default: the default strategy under the prior (`optimal` within
  `api.MOVE_BUDGET` units of search work a move, the opener `api.opener_for`'s);
- uniform: `--prior uniform` (the default there, `expected`);
- optimal: `--strategy optimal --prior nyt` searched until every move is
  proven (no time limit): the figure the default must equal or beat.

Per way: mean guesses with a 95% bootstrap interval (days resampled), games
over 6, the worst game, CPU seconds per game (median, worst; the solver's
set-up for the day's prior included, the process warm), and for the default
its moves not proven in their time. Then the paired difference default -
optimal and default - uniform with their intervals. A day whose answer is not
in today's answer list is left out and counted (none in the last 180).

    python benchmarks/bench_play_prior.py [--days 180] [--move-budget 5] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wordle_cli import api, history  # noqa: E402
from wordle_cli.model.game import ROWS, load_lists  # noqa: E402

#: Bootstrap resamples of the days.
RESAMPLES = 4000


def days_to_play(n: int) -> tuple[list[history.Day], list[history.Day]]:
    """(the last `n` days of the shipped history, one row per number; those whose answer today's list lacks)."""
    by_number: dict[int, history.Day] = {}
    for day in history.shipped_days():
        by_number.setdefault(day.number, day)
    answers = set(load_lists("nyt")[0].words)
    last = sorted(by_number.values(), key=lambda d: d.number)[-n:]
    return [d for d in last if d.answer in answers], [d for d in last if d.answer not in answers]


def interval(values: list[float], rng: random.Random) -> tuple[float, float]:
    """95% percentile bootstrap interval of the mean of `values`."""
    n = len(values)
    means = sorted(sum(values[rng.randrange(n)] for _ in range(n)) / n for _ in range(RESAMPLES))
    return means[int(0.025 * RESAMPLES)], means[int(0.975 * RESAMPLES) - 1]


def play(day: history.Day, way: str, answers: list[str], move_budget: float) -> tuple[int, float, int]:
    """(guesses, CPU seconds, moves not proven within their budget) of the day's answer played `way`."""
    started = time.process_time()
    if way == "uniform":
        game = api.solve(day.answer, game="nyt", backend="cpu")
    else:
        prior = api.answer_weights("nyt", answers, day.date)
        if way == "default":
            game = api.solve(day.answer, game="nyt", backend="cpu", weights=prior, move_budget=move_budget)
        else:
            game = api.solve(day.answer, game="nyt", backend="cpu", weights=prior, strategy="optimal", move_budget=0)
    seconds = time.process_time() - started
    return len(game.turns), seconds, sum(turn.unproven is not None for turn in game.turns)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--days", type=int, default=180, help="the last N days of the shipped history (default 180)")
    parser.add_argument("--move-budget", type=float, default=api.MOVE_BUDGET,
                        help=f"the default's units of search work a move (default {api.MOVE_BUDGET:g})")
    parser.add_argument("--seed", type=int, default=0, help="the bootstrap's seed")
    args = parser.parse_args()

    days, skipped = days_to_play(args.days)
    answers = load_lists("nyt")[0].words
    ways = ("default", "uniform", "optimal")
    for way in ways:  # warm: numba's kernels loaded, the lists read
        play(days[0], way, answers, args.move_budget)
    results: dict[str, list[tuple[int, float, int]]] = {way: [] for way in ways}
    print(f"{len(days)} days: #{days[0].number} ({days[0].date}) to #{days[-1].number} ({days[-1].date}); "
          f"{len(skipped)} left out (answer not in today's list); default: {args.move_budget:g} units a move", flush=True)
    for i, day in enumerate(days, start=1):
        row = []
        for way in ways:
            results[way].append(play(day, way, answers, args.move_budget))
            row.append(f"{way} {results[way][-1][0]} ({results[way][-1][1]:.1f} s)")
        print(f"  {i:>3}/{len(days)}  #{day.number} {day.answer}: " + ", ".join(row), flush=True)

    rng = random.Random(args.seed)
    print()
    print("| way | mean guesses | 95% interval | over 6 | worst | CPU s/game median | CPU s/game worst | unproven moves |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    names = {"default": "default (nyt prior)", "uniform": "--prior uniform", "optimal": "--strategy optimal --prior nyt, proven"}
    for way in ways:
        guesses = [g for g, _, _ in results[way]]
        cpu = [s for _, s, _ in results[way]]
        low, high = interval(guesses, rng)
        unproven = sum(u for _, _, u in results[way])
        print(
            f"| {names[way]} | {statistics.mean(guesses):.3f} | {low:.3f}-{high:.3f} | {sum(g > ROWS for g in guesses)} | "
            f"{max(guesses)} | {statistics.median(cpu):.2f} | {max(cpu):.2f} | {unproven if way == 'default' else '-'} |"
        )
    print()
    for other in ("optimal", "uniform"):
        diff = [a[0] - b[0] for a, b in zip(results["default"], results[other])]
        low, high = interval(diff, rng)
        better, worse = sum(d < 0 for d in diff), sum(d > 0 for d in diff)
        print(f"default - {other}: {statistics.mean(diff):+.3f} (95% {low:+.3f} to {high:+.3f}); {better} days better, {worse} worse")


if __name__ == "__main__":
    main()
