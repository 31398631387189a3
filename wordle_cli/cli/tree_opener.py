"""`wordle tree opener`: the best first guess under a prior, proven over every allowed guess, and kept."""

from __future__ import annotations

import click

from wordle_cli.cli.load import open_weighed_game
from wordle_cli.cli.options import backend_option, game_options, hard_option, max_guesses_option, prior_options, quiet_option, time_limit_option
from wordle_cli.cli.report import Reporter
from wordle_cli.model.game import ROWS

_WHERE = {"shipped": "shipped with wordle-cli", "cache": "from the cache", "computed": "proven now"}


@click.command("opener")
@hard_option
@max_guesses_option("Every answer must be found within N guesses (the game's 6 rows); unlimited: no limit.", default=ROWS, unlimited=True)
@time_limit_option(
    0,
    "the best opener found so far is given with the least expected guesses any opener can have (labelled: not proven). ",
)
@click.option(
    "--no-cache", is_flag=True, help="Prove it now: neither the shipped table nor the user's cache folder is read or written."
)
@game_options
@prior_options
@backend_option
@quiet_option
def opener(hard, max_guesses, time_limit, no_cache, game, answers, allowed, prior, puzzle_date, backend, quiet):
    """The best first guess under the prior, proven over every allowed guess.

    The few most promising openers are proven exactly, then the exact search
    over every allowed guess proves that none beats the best of them (or
    finds the one that does). The result is kept in the user's cache folder,
    keyed by the prior's digest (its weights and the lists) and the mode, and
    the nyt prior of the day after the shipped history comes with wordle-cli.
    Another day's prior is a proof of minutes or more (--time-limit bounds it).

    \b
      wordle tree opener --date 2026-06-01       # today's lists, the nyt prior of that day (shipped)
      wordle tree opener --prior uniform         # tarse, the published proof
      wordle tree opener --game wordle --prior uniform  # salet on 2022's lists
    """
    from wordle_cli import backends
    from wordle_cli.reviewer.cache import cache_dir
    from wordle_cli.stats import format_g
    from wordle_cli.trees import opener_store

    reporter = Reporter(quiet)
    made = open_weighed_game(reporter, game, answers, allowed, prior, puzzle_date, hard=hard)
    the_game, weights, answers_name = made.game, made.prior, made.answers_name
    chosen = backends.resolve(backend, pairs=len(the_game.candidates) * len(the_game.answers))
    reporter.info(f"{the_game.name}: {len(the_game.answers)} answers from {answers_name}, {len(the_game.candidates)} guesses")
    problems: list[str] = []
    result = opener_store.find(
        the_game, weights.weights, hard=hard, max_guesses=max_guesses, time_limit=time_limit or None,
        cache_root=None if no_cache else cache_dir(), backend=chosen, problems=problems, fresh=no_cache,
        proving=lambda: reporter.info(
            f"proving the best of {len(the_game.candidates)} openers under {weights.label}: minutes or more on full lists"
            + (f" (at most {time_limit:g} s for the search over every guess)" if time_limit else "")
        ),
    )
    for problem in problems:
        reporter.warn(problem)
    unit = "guesses under the prior" if not weights.is_uniform else "guesses per answer"
    click.echo(f"opener     {result.opener}")
    click.echo(f"expected   {format_g(result.expected)} {unit} (weighted total {result.total} / {result.weight})")
    click.echo(f"proof      {result.proof_text()} ({_WHERE[result.source]}{_took(result)})")
    reporter.info(f"prior: {weights.label}")


def _took(result) -> str:
    return "" if result.source == "shipped" else f" in {result.seconds:.1f} s"
