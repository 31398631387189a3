"""`wordle tree opener`: the best first guess under a prior, proven over every allowed guess, and kept."""

from __future__ import annotations

import click

from wordle_cli.cli.load import open_weighed_game
from wordle_cli.cli.options import (
    backend_option,
    count_option,
    game_options,
    hard_option,
    max_guesses_option,
    prior_options,
    quiet_option,
    time_limit_option,
)
from wordle_cli.cli.report import Progress, Reporter
from wordle_cli.model.game import ROWS


@click.command("opener")
@hard_option
@max_guesses_option("Every answer must be found within N guesses (the game's 6 rows); unlimited: no limit.", default=ROWS, unlimited=True)
@time_limit_option(
    0,
    "the best opener found so far is given with the least expected guesses any opener not yet cut can have (labelled: "
    "not proven). ",
)
@click.option(
    "--no-cache", is_flag=True,
    help="Prove it now: neither the shipped table nor the user's cache folder is read or written (nor a checkpoint kept).",
)
@count_option("--workers", help="Worker processes of the local Dask cluster [default: the machine's cores on full lists].")
@click.option("--cluster", "address", metavar="ADDRESS", default=None, help="Use a running Dask scheduler, e.g. tcp://10.0.0.5:8786.")
@game_options
@prior_options
@backend_option
@quiet_option
def opener(hard, max_guesses, time_limit, no_cache, workers, address, game, answers, allowed, prior, puzzle_date, backend, quiet):
    """The best first guess under the prior, proven over every allowed guess.

    Every guess gets a cheap lower bound; the most promising openers are
    proven exactly; every other one is cut as soon as its bound, raised step
    by step (its classes' best second guesses, then the exact search), reaches
    the best total, on every core (`tree rank`'s workers). The result names
    the runner-up, and is kept in the user's cache folder, keyed by the
    prior's digest and the mode; a run stopped resumes from its checkpoint
    there. Normal mode's under the nyt prior of the day after the shipped
    history comes with wordle-cli; another day's is a proof of minutes
    (hard mode's, of hours: docs/speed.md).

    \b
      wordle tree opener --date 2026-06-01       # today's lists, the nyt prior of that day (shipped)
      wordle tree opener --prior uniform         # tarse, the published proof
      wordle tree opener --game wordle --prior uniform  # salet on 2022's lists
    """
    from wordle_cli import backends
    from wordle_cli.cache_folder import cache_dir
    from wordle_cli.stats import format_g
    from wordle_cli.trees import opener_store

    if address is not None:
        from wordle_cli.trees import cluster

        cluster.check_address(address)
        cluster.check_environment()
    reporter = Reporter(quiet)
    made = open_weighed_game(reporter, game, answers, allowed, prior, puzzle_date, hard=hard)
    the_game, weights, answers_name = made.game, made.prior, made.answers_name
    chosen = backends.resolve(backend, pairs=len(the_game.candidates) * len(the_game.answers))
    reporter.info(f"{the_game.name}: {len(the_game.answers)} answers from {answers_name}, {len(the_game.candidates)} guesses")
    problems: list[str] = []
    bar = OpenerProgress(len(the_game.candidates), weights.total, quiet)
    try:
        result = opener_store.find(
            the_game, weights.weights, hard=hard, max_guesses=max_guesses, time_limit=time_limit or None,
            cache_root=None if no_cache else cache_dir(), backend=chosen, problems=problems, fresh=no_cache,
            date=weights.date, workers=workers, address=address, quiet=quiet, progress=bar, log=bar.saying(reporter),
            proving=lambda: reporter.info(
                f"proving the best of {len(the_game.candidates)} openers under {weights.label}"
                + (f" (at most {time_limit:g} s)" if time_limit else "")
            ),
        )
    finally:
        bar.close()
    for problem in problems:
        reporter.warn(problem)
    unit = "guesses under the prior" if not weights.is_uniform else "guesses per answer"
    click.echo(f"opener     {result.opener}")
    click.echo(f"expected   {format_g(result.expected)} {unit} (weighted total {result.total} / {result.weight})")
    click.echo(f"proof      {result.proof_text()} ({where(result)})")
    if not no_cache and result.source != "computed":
        _background(reporter, made, hard, max_guesses)
    reporter.info(f"prior: {weights.label}")


def where(result) -> str:
    """Where the result comes from, and for one made now how long it took (a stored one's time is its proof's)."""
    if result.source == "shipped":
        return "shipped with wordle-cli"
    if result.source == "cache":
        return f"from the cache; the proof took {result.seconds:.1f} s"
    return f"proven now in {result.seconds:.1f} s" if result.proven else f"searched now for {result.seconds:.1f} s"


def _background(reporter: Reporter, made, hard: bool, max_guesses) -> None:
    """After a stored answer: prove in the background the opener for the day after the user's history, once."""
    from wordle_cli.cache_folder import cache_dir
    from wordle_cli.trees import opener_background

    started = opener_background.start_if_missing(made.game, hard=hard, max_guesses=max_guesses, cache_root=cache_dir())
    if started is not None:
        day, log = started
        reporter.info(
            f"proving the best opener for {day} (the day after your history) in the background, once; "
            f"`wordle tree opener --date {day}` shows it when done (log: {log})"
        )


class OpenerProgress(Progress):
    """The proof's bar: openers settled of all, the best so far and the least bound of those left."""

    def __init__(self, total: int, weight: int, quiet: bool):
        super().__init__(total, "proving", quiet)
        self.weight = weight

    def saying(self, reporter: Reporter):
        """`reporter.info` for the proof's steps, each on a line of its own above the bar."""
        import sys

        def say(line: str) -> None:
            if self._bar is not None and self.enabled:
                sys.stderr.write("\r\x1b[K")
            reporter.info(line)
            if self._bar is not None and self.enabled:
                self._bar.render_progress()

        return say

    def __call__(self, state) -> None:  # noqa: D102 - see class
        from fractions import Fraction

        from wordle_cli.stats import format_g
        from wordle_cli.trees.opener import INF

        parts = [state.stage]
        if state.best is not None:
            parts.append(f"best {state.best} {format_g(Fraction(state.best_total, self.weight))}")
        if state.lowest < INF:
            parts.append(f"{state.total - state.done} left >= {format_g(Fraction(state.lowest, self.weight))}")
        self.label = ", ".join(parts)
        if self._bar is not None:
            self._bar.label = self.label
        super().__call__(state.done)
