"""The default strategy under the day's prior, played on the last days of the shipped history (issue 40).

For each of the last `--days` days of the shipped history, the day's answer
played in process through the API as `wordle solve --game nyt --date D
ANSWER` plays it (the nyt prior of that day is fitted on the days before it
only, as a player would have it that morning), three ways, each passing
every setting it means (`WAYS`: game, date, prior, strategy, move budget)
rather than a default that may change (issue 51), and each printed with its
settings:

- default: `--prior nyt --strategy optimal --move-budget 5` (`wordle solve`'s
  default today: the optimum within `api.MOVE_BUDGET` units of search work
  a move), the
  opener the tool's own (`api.opener_for`);
- uniform: `--prior uniform --strategy expected`;
- optimal: `--prior nyt --strategy optimal --move-budget 0`, searched until
  every move is proven: the figure the default must equal or beat.

Per way: mean guesses with a 95% bootstrap interval (days resampled), games
over 6, the worst game, CPU seconds per game (median, worst; the solver's
set-up for the day's prior included, the process warm), and for the default
its moves not proven in their time. Then the paired difference default -
optimal and default - uniform with their intervals. A day whose answer is not
in today's answer list is left out and counted (none in the last 180).
`tests/test_bench_play_prior.py` checks on 3 days that the uniform row plays
what `wordle solve --prior uniform --date D ANSWER` plays.

    python benchmarks/bench_play_prior.py [--days 180] [--move-budget 5] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass
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


#: Each way's settings, passed whole to `api.solve` (with the game and the day's date) and printed with its row.
#: A move budget of None is the run's --move-budget.
WAYS: dict[str, dict] = {
    "default": {"prior": "nyt", "strategy": "optimal", "move_budget": None},
    "uniform": {"prior": "uniform", "strategy": "expected"},
    "optimal": {"prior": "nyt", "strategy": "optimal", "move_budget": 0},
}
#: How each way is named in the table.
NAMES = {"default": "default (nyt prior: optimal, {t:g} units of search work a move)",
         "uniform": "--prior uniform (expected)", "optimal": "--strategy optimal --prior nyt, every move proven"}


@dataclass
class Played:
    guesses: list[str]
    seconds: float  # CPU, the solver's set-up for the day included
    unproven: int  # moves played without a proof in their time


def settings(way: str, day: history.Day, move_budget: float) -> dict:
    """The keyword arguments of `api.solve` that play `way` on `day`: game, date, prior, strategy, move budget, backend."""
    chosen = dict(WAYS[way])
    if "move_budget" in chosen and chosen["move_budget"] is None:
        chosen["move_budget"] = move_budget
    return {"game": "nyt", "date": day.date, "backend": "cpu", **chosen}


def options(way: str, move_budget: float) -> str:
    """`way`'s settings as `wordle solve`'s options (the game and the date are every row's: `--game nyt --date D`)."""
    chosen = WAYS[way]
    shown = [f"--prior {chosen['prior']}", f"--strategy {chosen['strategy']}"]
    if "move_budget" in chosen:
        shown.append(f"--move-budget {move_budget if chosen['move_budget'] is None else chosen['move_budget']:g}")
    return " ".join(shown)


def play(day: history.Day, way: str, move_budget: float = api.MOVE_BUDGET) -> Played:
    """The day's answer played `way`, as `wordle solve --game nyt --date D ANSWER` with `options(way)` plays it."""
    started = time.process_time()
    game = api.solve(day.answer, **settings(way, day, move_budget))
    seconds = time.process_time() - started
    return Played(game.guesses, seconds, sum(turn.unproven is not None for turn in game.turns))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--days", type=int, default=180, help="the last N days of the shipped history (default 180)")
    parser.add_argument("--move-budget", type=float, default=api.MOVE_BUDGET,
                        help=f"the default's units of search work a move (default {api.MOVE_BUDGET:g})")
    parser.add_argument("--seed", type=int, default=0, help="the bootstrap's seed")
    args = parser.parse_args()

    days, skipped = days_to_play(args.days)
    ways = tuple(WAYS)
    for way in ways:  # warm: numba's kernels loaded, the lists read
        play(days[0], way, args.move_budget)
    results: dict[str, list[Played]] = {way: [] for way in ways}
    print(f"{len(days)} days: #{days[0].number} ({days[0].date}) to #{days[-1].number} ({days[-1].date}); "
          f"{len(skipped)} left out (answer not in today's list); each game `wordle solve --game nyt --date D ANSWER --backend cpu` "
          "(no --first: the tool's opener) with:")
    for way in ways:
        print(f"  {way}: {options(way, args.move_budget)}", flush=True)
    for i, day in enumerate(days, start=1):
        row = []
        for way in ways:
            results[way].append(play(day, way, args.move_budget))
            row.append(f"{way} {len(results[way][-1].guesses)} ({results[way][-1].seconds:.1f} s)")
        print(f"  {i:>3}/{len(days)}  #{day.number} {day.answer}: " + ", ".join(row), flush=True)

    rng = random.Random(args.seed)
    print()
    print("| way | mean guesses | 95% interval | over 6 | worst | CPU s/game median | CPU s/game worst | unproven moves |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for way in ways:
        guesses = [len(p.guesses) for p in results[way]]
        cpu = [p.seconds for p in results[way]]
        low, high = interval(guesses, rng)
        unproven = sum(p.unproven for p in results[way])
        print(
            f"| {NAMES[way].format(t=args.move_budget)} | {statistics.mean(guesses):.3f} | {low:.3f}-{high:.3f} | "
            f"{sum(g > ROWS for g in guesses)} | {max(guesses)} | {statistics.median(cpu):.2f} | {max(cpu):.2f} | "
            f"{unproven if way == 'default' else '-'} |"
        )
    print()
    for other in ("optimal", "uniform"):
        diff = [len(a.guesses) - len(b.guesses) for a, b in zip(results["default"], results[other])]
        low, high = interval(diff, rng)
        better, worse = sum(d < 0 for d in diff), sum(d > 0 for d in diff)
        print(f"default - {other}: {statistics.mean(diff):+.3f} (95% {low:+.3f} to {high:+.3f}); {better} days better, {worse} worse")


if __name__ == "__main__":
    main()
