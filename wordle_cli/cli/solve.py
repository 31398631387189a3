"""`wordle solve`: play one game against TARGET (or N boards against N targets) and print the turns as a table."""

from __future__ import annotations

import click

from wordle_cli.cli.options import (
    Reporter,
    boards_option,
    game_limit,
    max_guesses_option,
    open_boards,
    open_solver,
    solver_options,
    tiles_option,
)
from wordle_cli.errors import quote


@click.command()
@click.argument("targets", nargs=-1, required=True, metavar="TARGET...")
@boards_option
@max_guesses_option
@solver_options
@tiles_option
def solve(targets, boards, max_guesses, game, answers, allowed, strategy, hard, pool_only, first, backend, threads, quiet, tiles):
    """Play one game against TARGET automatically, one table row per turn.

    \b
    Columns: the guess, the feedback it got, how many answers were possible
    before it, the expected number left after it, and the entropy of its
    feedback in bits. TARGET must be one of the answers.
      wordle solve cigar
      wordle solve --game primel --pool-only 31337

    \b
    With --boards N, give N distinct targets (one per board): each row shows
    every unsolved board's feedback and pool (answers possible before the guess).
      wordle solve --boards 4 cigar rebut sissy humph
    """
    report = Reporter(quiet)
    if boards > 1:
        from wordle_cli.cli.boards import solve_boards

        solver, first = open_boards(report, game, answers, allowed, strategy, hard, pool_only, backend, threads, boards, first)
        solve_boards(report, solver, targets, first, tiles, game_limit(boards, max_guesses))
        return
    from wordle_cli.solver.report import solve_rows
    from wordle_cli.wordlist import normalise

    if len(targets) != 1:
        raise click.UsageError(f"give one TARGET (or --boards N and N targets), got {len(targets)}")
    if max_guesses is not None:
        raise click.UsageError("--max-guesses goes with --boards in solve")
    solver, first = open_solver(report, game, answers, allowed, strategy, hard, pool_only, backend, threads, first)
    target = normalise(targets[0].strip())
    if target not in solver.game.answer_index:
        raise click.BadParameter(f"{quote(target)} is not one of the {len(solver.game.answers)} answers", param_hint="'TARGET'")
    path = solver.play(solver.root(first), target)
    for line in solve_rows(solver, path, target, tiles):
        click.echo(line)
    report.info(f"solved {quote(target)} in {len(path)} guess{'es' if len(path) != 1 else ''} ({report.elapsed():.2f} s)")
