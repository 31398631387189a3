"""`wordle solve`: play one game against TARGET (or N boards against N targets) and print the turns as a table."""

from __future__ import annotations

import click

from wordle_cli.cli.options import (
    Reporter,
    SolverChoice,
    Whole,
    boards_solver_options,
    checked_word,
    colour_wanted,
    layout_option,
    liar_option,
    look_options,
    open_player,
    puzzle_answer,
    puzzle_number,
    puzzle_options,
    usage_errors,
)
from wordle_cli.errors import quote
from wordle_cli.setup import check_modes


@click.command()
@click.argument("targets", nargs=-1, metavar="[TARGET...]")
@boards_solver_options
@layout_option
@look_options
@click.option("--share", is_flag=True, help="Also print the result grid players post (Wordle 3/6 and the emoji rows).")
@puzzle_options(
    "Play puzzle N of the NYT's Wordle: its answer from the history (`wordle history`) is the target; "
    "with TARGET given, puzzle N is only the game's day, as --date's: its prior, and --share's number (Wordle N 3/6)."
)
@click.option("--review", "with_review", is_flag=True, help="Also grade each move against the proven optimum (as `wordle review`).")
@liar_option
@click.option("--seed", type=Whole(), default=0, show_default=True, metavar="S", help="Random seed of the random liar (--lies).")
def solve(
    targets, boards, max_guesses, lies, game, answers, allowed, strategy, move_budget, move_time, hard, pool_only, first, any_word, backend,
    threads, quiet,
    layout, tiles, color, share, day, puzzle_date, spoil, with_review, liar, seed, prior,
):
    """Play one game against TARGET automatically, one table row per turn.

    \b
    Columns: the guess, the feedback it got, how many answers were possible
    before it, the expected number left after it, and the entropy of its
    feedback in bits. TARGET is any allowed word: one that is not among the
    answers is added to the pool (a line on stderr says so).
      wordle solve cigar --date 2026-06-01    # under the nyt prior of that day's puzzle
      wordle solve --game primel --pool-only 31337

    \b
    With --boards N, give N distinct targets (one per board): each row shows
    every unsolved board's feedback and pool (answers possible before the guess).
      wordle solve --boards 4 cigar rebut sissy humph

    \b
    With --lies N (Fibble: --lies 1), the host lies in N tiles of every row
    (--liar random, drawn with --seed, or worst): the feedback column is the
    row shown, a `lie` column names the tiles that lied, `expected` is the
    answers left on average over the answers and the host's random lies, and
    `entropy` the bits the row tells about the answer.
      wordle solve --lies 1 cigar

    \b
    --day N or --date YYYY-MM-DD plays that day's NYT puzzle (today's and later
    ones only with --spoil) under its prior; with TARGET, either only picks the
    day: its prior, and the number of --share's grid:
      wordle solve --day 0 --share
    """
    from wordle_cli import history

    report = Reporter(quiet)
    day = puzzle_number(day, puzzle_date)
    played = None  # the puzzle whose answer is the target: its answer joins the nyt game's pool
    if not targets:
        if day is None:
            raise click.UsageError("give a TARGET, or --day N / --date YYYY-MM-DD for a day of the NYT's puzzle")
        if boards > 1:
            raise click.UsageError("--day and --date name one answer; with --boards N give N targets")
        targets, played = (puzzle_answer(report, day, spoil),), day
    if boards == 1 and len(targets) != 1:
        raise click.UsageError(f"give one TARGET (or --boards N and N targets), got {len(targets)}")
    with usage_errors():
        check_modes(boards=boards, lies=lies, review=with_review)
    chosen = SolverChoice(
        game=game, answers=answers, allowed=allowed, strategy=strategy, hard=hard, pool_only=pool_only, backend=backend, threads=threads,
        prior=prior, date=puzzle_date if puzzle_date is not None or day is None else history.date_of(day), day=played,
        any_word=any_word, move_budget=move_budget, move_time=move_time, spoil=spoil,
    )
    solver, first, limit = open_player(
        report, chosen, command="solve", boards=boards, max_guesses=max_guesses, share=share, first=first, lies=lies
    )
    if boards > 1:
        from wordle_cli.cli.boards import solve_boards

        solve_boards(report, solver, targets, first, tiles, limit, layout)
        return
    from wordle_cli.solver.record import play_game, with_target
    from wordle_cli.solver.report import solve_rows

    target = checked_word(targets[0], solver.game, "TARGET")
    if target not in solver.game.candidate_index:
        raise click.BadParameter(
            f"{quote(target)} is neither one of the {len(solver.game.answers)} answers nor an allowed guess", param_hint="'TARGET'"
        )
    weighed_out = target in solver.left_out
    solver, added = with_target(solver, target)
    if added:
        why = f"is an answer of weight 0 under the {solver.prior_label}" if weighed_out else "is not among the answers"
        click.echo(f"note: {quote(target)} {why}; added it to the pool ({len(solver.game.answers)} answers)", err=True)
    the_liar = None
    if solver.lies is not None:
        from wordle_cli.model.lies import Liar

        the_liar = Liar(solver.lies, liar, seed)
    record = play_game(solver, target, first, added, the_liar, limit)
    colour = colour_wanted(color)
    if solver.weights is not None:  # the expected and entropy columns are under it (uniform: the table as it always was)
        click.echo(f"prior: {solver.prior_label}")
    for line in solve_rows(record, tiles, colour, len(str(len(solver.game.answers)))):
        click.echo(line, color=colour)  # click strips colour codes from non-terminals unless told
    for number, turn in enumerate(record.turns, start=1):
        if turn.unproven is not None:  # the best guess found in --move-time: labelled, wherever -q leaves the rest
            click.echo(f"note: turn {number}'s {turn.guess} is the best guess found, {turn.unproven.text()}", err=True)
    if share:
        click.echo()
        click.echo(record.share(day))
    if with_review:
        from wordle_cli.cli.review import print_review, review_of

        result = review_of(
            report, solver.game, record.guesses, target, hard=hard, backend=solver.backend_name, threads=threads,
            weights=solver.weights, prior=solver.prior_label,
        )
        click.echo()
        print_review(result, tiles, colour)
    n = len(record.turns)
    over = f", over the limit of {limit}" if n > limit else ""
    report.info(f"solved {quote(target)} in {n} guess{'es' if n != 1 else ''}{over} ({report.elapsed():.2f} s)")
