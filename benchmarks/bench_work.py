"""Search work per CPU second: what sizes a unit of the budgets (`trees.budget.WORK_PER_UNIT`).

A budget counts the search's work (`Context.stats[WORK]`, the cost model in
`trees/search/shared.py`), never its time. This runs a mix of searches in
process, one thread, each on a fresh context as a review's are (numba's
cache warm, the kernels compiled first), and prints each one's work, CPU
seconds and work per CPU second, then the rate over them all. The mix: the
kinds of search the budgets stop (normal and hard mode, uniform and under
the nyt prior of 2026-06-01, whole openers' classes and single positions,
weak openers' big classes capped at a fixed work so the run stays short).

    python benchmarks/bench_work.py              # the mix below
    python benchmarks/bench_work.py nyt:uniform:after=tarse/00101:normal

A case is GAME:PRIOR:WHAT:MODE; WHAT is an opener (its classes, one after
another), or `after=GUESS/TILES[,GUESS/TILES...]` (one position), with
`@WORK` to stop its search there. Run it alone on the machine to size the
unit; under load the CPU seconds swell (docs/speed.md says by how much).
"""

from __future__ import annotations

import argparse
import datetime
import os
import time

#: The mix: what each budget stops, on today's lists and 2022's.
CASES = [
    "wordle:uniform:crane:normal",
    "wordle:uniform:thirl:hard",
    "nyt:uniform:after=tarse/00101:normal",  # `solve --prior uniform wreck`'s second move
    "nyt:nyt:tarse:normal",
    "nyt:uniform:after=tarse/00101:hard",
    "nyt:nyt:after=fuzzy/00000@8e9:normal",  # a weak opener's big class, as `review` meets it
    "nyt:nyt:after=jumpy/00000@8e9:normal",
    "nyt:nyt:tarse:hard",
    "nyt:uniform:after=salet/00000@4e9:hard",
]


def positions(problem, what: str):
    """The positions a case searches: one position, or each class of an opener."""
    if what.startswith("after="):
        position = problem.start()
        for step in what[len("after="):].split(","):
            guess, tiles = step.split("/")
            position = problem.after(position, guess, tuple(int(t) for t in tiles))
        return [position]
    return [part for code, part in problem._parts(problem.start(), what, problem._row(what)) if code != problem.win]


def measure(case: str) -> tuple[int, float]:
    """(work, CPU seconds) of one case's searches."""
    from wordle_cli import setup
    from wordle_cli.trees import search
    from wordle_cli.trees.builder import Problem

    game, prior, what, mode = case.split(":")
    cap = None
    if "@" in what:
        what, at = what.split("@")
        cap = int(float(at))
    made = setup.open_setup(game=game, prior=prior, date=datetime.date(2026, 6, 1))
    problem = Problem(made.game, hard=mode == "hard", max_guesses=6, weights=made.prior.solver_weights())
    problem.ready(problem.context(), problem.start())  # compiled (or loaded) before the clock
    work, started = 0, time.process_time()
    for position in positions(problem, what):
        ctx = problem.context()
        if cap:
            ctx.stop[1] = cap
        problem._value(ctx, position, search.INF)
        work += int(ctx.stats[search.WORK])
    return work, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cases", nargs="*", default=CASES, help="GAME:PRIOR:WHAT:MODE (default: the mix)")
    args = parser.parse_args()
    from wordle_cli.trees.budget import WORK_PER_UNIT

    print("| case | work (10^9) | CPU s | work per CPU s (10^9) | load |")
    print("|---|---:|---:|---:|---:|")
    total_work = total_cpu = 0.0
    for case in args.cases:
        work, cpu = measure(case)
        total_work, total_cpu = total_work + work, total_cpu + cpu
        print(f"| {case} | {work / 1e9:.2f} | {cpu:.2f} | {work / cpu / 1e9:.2f} | {os.getloadavg()[0]:.1f} |", flush=True)
    rate = total_work / total_cpu
    print(f"\nall: {total_work / 1e9:.1f} x 10^9 work in {total_cpu:.1f} CPU s: {rate / 1e9:.2f} x 10^9 a CPU second; "
          f"a unit (WORK_PER_UNIT) is {WORK_PER_UNIT / 1e9:g} x 10^9, {WORK_PER_UNIT / rate:.2f} CPU s here")


if __name__ == "__main__":
    main()
