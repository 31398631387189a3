"""`wordle solve`: play one game against TARGET and print the turns as a table."""

from __future__ import annotations

import click

from wordle_cli.cli.options import Reporter, color_option, colour_wanted, open_solver, solver_options, tiles_option


@click.command()
@click.argument("target")
@solver_options
@tiles_option
@color_option
@click.option("--share", is_flag=True, help="Also print the result grid players post (Wordle 3/6 and the emoji rows).")
def solve(target, game, answers, allowed, strategy, hard, pool_only, first, backend, threads, quiet, tiles, color, share):
    """Play one game against TARGET automatically, one table row per turn.

    \b
    Columns: the guess, the feedback it got, how many answers were possible
    before it, the expected number left after it, and the entropy of its
    feedback in bits. TARGET is any allowed word: one that is not among the
    answers is added to the pool (a line on stderr says so).
      wordle solve cigar
      wordle solve --game primel --pool-only 31337
    """
    from wordle_cli.cli.options import checked_word
    from wordle_cli.solver.record import play_game, with_target
    from wordle_cli.solver.report import solve_rows

    report = Reporter(quiet)
    solver, first = open_solver(report, game, answers, allowed, strategy, hard, pool_only, backend, threads, first)
    target = checked_word(target, solver.game, "TARGET")
    if target not in solver.game.candidate_index:
        raise click.BadParameter(f"{target!r} is neither one of the {len(solver.game.answers)} answers nor an allowed guess", param_hint="'TARGET'")
    solver, added = with_target(solver, target)
    if added:
        click.echo(f"note: {target!r} is not among the answers; added it to the pool ({len(solver.game.answers)} answers)", err=True)
    record = play_game(solver, target, first, added)
    colour = colour_wanted(color)
    for line in solve_rows(record, tiles, colour, len(str(len(solver.game.answers)))):
        click.echo(line, color=colour)  # click strips colour codes from non-terminals unless told
    if share:
        click.echo()
        click.echo(record.share())
    n = len(record.turns)
    report.info(f"solved {target!r} in {n} guess{'es' if n != 1 else ''} ({report.elapsed():.2f} s)")
