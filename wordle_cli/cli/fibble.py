"""`wordle fibble solve`: the fewest guesses that win Fibble against every lie, proven."""

from __future__ import annotations

import click

from wordle_cli.cli.hints import NoArguments, first_word_option, opener_hint
from wordle_cli.cli.load import checked_word, lies_text
from wordle_cli.cli.options import any_word_option, compute_options, count_option, game_options, max_guesses_option, quiet_option, tiles_option
from wordle_cli.cli.report import Reporter
from wordle_cli.cli.types import Seconds
from wordle_cli.model.game import open_game


@click.group("fibble")
def fibble_group() -> None:
    """Fibble: every row's feedback lies in one tile (a guess that is the answer wins, all green).

    \b
    `wordle solve`, `simulate`, `play`, `prune` and `score` play it with
    --lies 1; `fibble solve` proves how few guesses win against every lie.
      wordle fibble solve --answers small.txt
    """


@fibble_group.command("solve", cls=NoArguments, hint=opener_hint("fibble solve"))
@first_word_option
@any_word_option
@max_guesses_option("Search strategies of at most N guesses in all (default: unlimited, until one wins).", unlimited=True)
@count_option("--lies", least=0, default=1, help="Lies in every row (Fibble: 1; 0 is Wordle against a host choosing the answer).")
@click.option(
    "--time-limit",
    type=Seconds(zero=True),
    default=0,
    metavar="SECONDS",
    help="Stop after SECONDS in all: the proof stops at three quarters of them, then the best strategy found is played "
    "out against every row (an upper bound) in the rest; prints what is proven and what was found, labelled. "
    "0 (the default): prove to the end, however long it takes.",
)
@game_options
@tiles_option
@compute_options
@quiet_option
def solve(first, any_word, max_guesses, lies, time_limit, game, answers, allowed, tiles, backend, threads, quiet):
    """Find the fewest guesses that win against every lie, and prove it is the minimum.

    \b
    The host chooses both the answer and each row's lie against you: after a
    guess it may show any row that an answer still possible could be shown
    as, and the answers left are those consistent with every row so far.
    Prints the line where the host does its worst against the strategy found
    (a row per guess: the row shown, the pool before the guess, how many rows
    the host could show, the answers left), the minimum, and on the last line
    the guesses of that line:
      wordle fibble solve --first salet --answers small.txt | tail -1
    The minimum is proven: no strategy of one guess fewer wins. On large
    lists the proof may take long: --time-limit SECONDS stops the command
    within about that long and prints what is proven (a lower bound) and
    the best strategy found (an upper bound, checked against every row, if
    that play-out finishes in the last quarter of the time), each labelled.
    """
    from wordle_cli import backends, interrupts
    from wordle_cli.games.fibble import Fibble, OutOfTime, Search
    from wordle_cli.games.report import fibble_rows, plural
    from wordle_cli.model.lies import Lies
    from wordle_cli.trees.budget import PROOF_SHARE, Deadline, limit_seconds

    report = Reporter(quiet)
    the_game, answers_name = open_game(report, game, answers, allowed)
    rule = Lies(lies, the_game.length)
    if first is not None:
        first = checked_word(first, the_game, "--first", report, any_word)
    chosen = backends.resolve_with_threads(backend, len(the_game.candidates) * len(the_game.answers), threads)
    report.info(
        f"{game}: {len(the_game.answers)} answers from {answers_name}, {len(the_game.candidates)} guess candidates{lies_text(lies)}; "
        f"{chosen} backend"
    )
    time_limit = limit_seconds(time_limit)  # None: no limit
    whole = Deadline(time_limit)
    proof = Deadline(None if time_limit is None else PROOF_SHARE * time_limit)  # the rest: the strategy's play-out
    search = Search(Fibble(the_game, rule, chosen), proof, report.info)
    start = f", first guess {first}" if first is not None else ""
    goal = "to win against every lie" if lies else "to win against a host choosing the answer"
    try:
        solution = interrupts.in_worker(search.solve, first, max_guesses)  # so that a signal stops it at once
    except OutOfTime:
        nodes = search.nodes
        report.info(f"proof stopped after {proof.seconds:g} s, having searched {nodes} pools; playing out the strategy found")
        bounds = interrupts.in_worker(search.bounds, first, whole)
        report.info(f"the strategy played out on {search.nodes - nodes} pools; {report.elapsed():.2f} s in all")
        for row in fibble_rows(bounds.line, the_game.length, len(the_game.answers), tiles) if bounds.line else ():
            click.echo(row)
        proof = f"no strategy of {plural(bounds.lower - 1, 'guess')} wins" if bounds.lower > 1 else "one guess at least"
        if bounds.upper is None:
            click.echo(f"not proven within {time_limit:g} s: the minimum {goal}{start} is at least {bounds.lower} guesses")
            click.echo(f"lower bound {plural(bounds.lower, 'guess')} (proven: {proof})")
            click.echo("upper bound not established: the best strategy found was not played out against every row in time")
            return
        click.echo(f"not proven within {time_limit:g} s: the minimum {goal}{start} is {bounds.lower} to {bounds.upper} guesses")
        click.echo(f"lower bound {plural(bounds.lower, 'guess')} (proven: {proof})")
        click.echo(
            f"upper bound {plural(bounds.upper, 'guess')} (the best strategy found, opening {bounds.first}: "
            "played against every row, it always wins within that many; not proven the fewest)"
        )
        click.echo(" ".join(step.guess for step in bounds.line))
        return
    report.info(f"searched {search.nodes} pools in {report.elapsed():.2f} s")
    for row in fibble_rows(solution.line, the_game.length, len(the_game.answers), tiles):
        click.echo(row)
    proof = f"no strategy of {plural(solution.minimum - 1, 'guess')} wins" if solution.minimum > 1 else "one guess"
    click.echo(f"minimum {plural(solution.minimum, 'guess')} {goal}{start} (proven: {proof})")
    click.echo(" ".join(step.guess for step in solution.line))
