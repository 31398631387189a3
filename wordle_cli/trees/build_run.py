"""`tree build`'s run: the game's search problem, the position after the turns played, the search within its limit.

The command parses its options and writes the tree; everything between is `build`, which says what it does
through a report (`output.Report`) and shows the search's progress through the bar a caller hands it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from wordle_cli.errors import WordleError
from wordle_cli.output import Report


def build(
    setup, *, report: Report, history: Sequence[tuple[str, tuple]] = (), first: str | None = None, max_guesses: int | None = 6,
    top_k: int = 0, budget: float | None = None, time_limit: float | None = None, progress: Callable | None = None,
):
    """The best tree of a `setup.Setup`'s game under its prior (its hard mode, pool-only, backend and threads) after
    `history` (guess, tiles) turns, opening with `first` (None: the best of all), as `trees.builder.Problem.build`
    finds it: proven, else (`top_k` > 0) an upper bound, else, past `budget` units of search work or `time_limit`
    seconds of wall clock (None or 0: no such limit), the best found with its proven gap. `progress(total, label,
    budget)` makes the bar told the answers settled (closed when the search ends). Returns (the result, the
    `trees.budget.Budget` it ran under); a WordleError when no tree was found within the limit for every class.
    """
    from wordle_cli import backends
    from wordle_cli.trees.budget import Budget
    from wordle_cli.trees.builder import Problem
    from wordle_cli.trees.report import stopped_by
    from wordle_cli.trees.search import INF

    # The search runs on the CPU, so `auto` makes its one table there too (issue 42): a GPU's context would cost the
    # proof hundreds of MiB of memory for a table the CPU makes in a fraction of a second.
    game, backend, threads = setup.game, setup.backend, setup.threads
    chosen = backends.resolve_with_threads("cpu" if backend == "auto" else backend, len(game.candidates) * len(game.answers), threads)
    started = time.perf_counter()
    problem = Problem(
        game, hard=setup.hard, pool_only=setup.pool_only, max_guesses=max_guesses, top_k=top_k, backend=chosen,
        weights=setup.prior.solver_weights(),
    )
    report.info(
        f"{game.name}: {len(game.answers)} answers from {setup.answers_name}, {len(game.candidates)} guesses; "
        f"feedback table on {chosen} in {time.perf_counter() - started:.2f} s"
    )
    position = problem.start()
    for guess, tiles in history:
        position = problem.after(position, guess, tiles)
    if history:
        left = len(position.pool)
        report.info(f"after {len(history)} turn{'s' if len(history) != 1 else ''}: {left} possible answer{'s' if left != 1 else ''}")
    if first is None and len(position.pool) > 100 and top_k == 0:
        report.warn(f"no --first: searching every opener for {len(position.pool)} answers; on full lists this takes hours")
    limits = Budget(budget, time_limit)
    bar = progress(len(position.pool), "searching", limits) if progress is not None else None
    try:
        result = problem.build(position, first, threads=search_threads(threads), progress=bar, budget=limits)
    finally:
        if bar is not None:
            bar.close()
    if result.total >= INF:
        raise WordleError(
            f"no tree was found {stopped_by(limits)} for every class (at least {result.lower} guesses in all); give it more"
        )
    counters = ", ".join(f"{v} {k}" for k, v in result.counters.items() if v)
    report.info(f"searched in {result.seconds:.2f} s ({counters})")
    return result, limits


def search_threads(threads: int | None) -> int:
    """Search threads: `threads`, else numba's (the machine's cores)."""
    if threads is not None:
        return threads
    from wordle_cli.backends import numba_module

    return numba_module().get_num_threads()
