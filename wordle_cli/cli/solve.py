"""`wordle solve`: play one game against TARGET and print the turns as a table."""

from __future__ import annotations

import click

from wordle_cli.cli.options import Reporter, open_solver, solver_options, tiles_option
from wordle_cli.errors import quote


@click.command()
@click.argument("target")
@solver_options
@tiles_option
def solve(target, game, answers, allowed, strategy, hard, pool_only, first, backend, threads, quiet, tiles):
    """Play one game against TARGET automatically, one table row per turn.

    \b
    Columns: the guess, the feedback it got, how many answers were possible
    before it, the expected number left after it, and the entropy of its
    feedback in bits. TARGET must be one of the answers.
      wordle solve cigar
      wordle solve --game primel --pool-only 31337
    """
    from wordle_cli.solver.report import solve_rows
    from wordle_cli.wordlist import normalise

    report = Reporter(quiet)
    solver, first = open_solver(report, game, answers, allowed, strategy, hard, pool_only, backend, threads, first)
    target = normalise(target.strip())
    if target not in solver.game.answer_index:
        raise click.BadParameter(f"{quote(target)} is not one of the {len(solver.game.answers)} answers", param_hint="'TARGET'")
    path = solver.play(solver.root(first), target)
    for line in solve_rows(solver, path, target, tiles):
        click.echo(line)
    report.info(f"solved {quote(target)} in {len(path)} guess{'es' if len(path) != 1 else ''} ({report.elapsed():.2f} s)")
