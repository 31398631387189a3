"""`wordle simulate`: play every answer (or a sample), chart the guesses per game."""

from __future__ import annotations

import click

from wordle_cli.cli.options import (
    Progress,
    Reporter,
    SolverChoice,
    Whole,
    boards_solver_options,
    check_lies,
    check_plot,
    count_option,
    date_option,
    game_limit,
    liar_option,
    open_boards,
    open_solver,
    plot_option,
    tree_option,
)
from wordle_cli.output import AtomicOutput, check_distinct, reader_may_go


@click.command()
@count_option("--sample", help="Play N random answers instead of all (with --boards: N random games, default 1000).")
@click.option("--seed", type=Whole(), default=0, show_default=True, metavar="S", help="Random seed of --sample, and of the random liar (--lies).")
@click.option(
    "--output",
    "-o",
    metavar="FILE",
    default=None,
    help="Also write one CSV row per game: target,guesses,path (path: the guesses, space-separated; with --boards: "
    "targets,turns,path, the targets space-separated too); '-' for stdout.",
)
@plot_option("the histogram of guesses (turns), with the mean and the failure rate")
@tree_option
@liar_option
@boards_solver_options
@date_option
def simulate(
    sample, seed, output, plot, tree_file, liar, boards, max_guesses, lies, game, answers, allowed, strategy, move_budget, move_time, hard,
    pool_only, first, any_word, backend, threads, quiet, prior, puzzle_date,
):
    """Play every answer and chart how many guesses each game took.

    Prints a histogram of the number of guesses, their mean, population
    standard deviation, the worst case and how many games took more than
    six guesses (--max-guesses N to change). Games share one decision tree, so each distinct position
    is searched once. --sample N plays N answers drawn with --seed, listed
    (and written) in answers-list order. --tree FILE plays the moves of a
    decision tree instead of a strategy (the tree is checked first: every
    answer reached, each feedback true, hard mode kept with --hard).

    With --boards N, each game is N boards with distinct random targets
    (--sample games, default 1000, drawn with --seed); the chart counts turns
    and the failure rate is against the game's limit (N + 5 turns, or
    --max-guesses).

    With --lies N (Fibble: --lies 1), every game is played against a host
    that lies in N tiles of every row: --liar random draws each lie
    uniformly (the draws depend on --seed and the target only), --liar worst
    tells the lie that leaves the most answers possible (ties: the smallest
    feedback code). The limit is nine guesses, and the failed games are named.

    The strategy plays under --prior (the summary names it); every answer is
    played once, and `prior mean` weighs each game by its answer's prior
    weight: the expected guesses when the answer is drawn from the prior.
    --sample draws its answers uniformly (the same answers whatever the
    prior), and `prior mean` is then weighted over the sample.

    --plot FILE also draws the histogram as a chart (.svg, .png or .pdf).
    """
    report = Reporter(quiet)
    check_plot(plot)
    check_lies(lies, strategy, hard, boards, tree_file)
    check_distinct({"--output": output, "--plot": plot})
    limit = game_limit(boards, max_guesses, lies)
    from wordle_cli.solver.report import GAMES_CSV_HEADER, games_csv, simulate_lines

    chosen = SolverChoice(
        game=game, answers=answers, allowed=allowed, strategy=strategy, hard=hard, pool_only=pool_only, backend=backend, threads=threads,
        prior=prior, date=puzzle_date, any_word=any_word, move_budget=move_budget, move_time=move_time,
    )
    if boards > 1:
        from wordle_cli.cli.boards import simulate_boards
        from wordle_cli.games.report import BOARDS_CSV_HEADER

        solver, first = open_boards(report, chosen, boards=boards, first=first, tree_file=tree_file)
        result = simulate_boards(report, solver, sample, seed, first, quiet)
        unit, what, csv_header = "turns", f"{boards} boards", BOARDS_CSV_HEADER
    else:
        plays = f"the moves of {tree_file}" if tree_file is not None else None
        solver, first = open_solver(report, chosen, first=first, lies=lies, plays=plays)
        result = _simulate_one(report, solver, sample=sample, seed=seed, first=first, tree_file=tree_file, hard=hard, quiet=quiet, liar=liar)
        from wordle_cli.solver.tree import unproven_note

        if (note := unproven_note(solver)) is not None:
            report.warn(note)
        unit, what, csv_header = "guesses", first or "", GAMES_CSV_HEADER
    if output is not None:
        with reader_may_go(), AtomicOutput(output) as out:
            out.write("".join(line + "\n" for line in games_csv(result, csv_header)))
    # With --output -, the CSV owns stdout and the chart goes to stderr.
    to_stderr = output == "-"
    if not (to_stderr and quiet):
        with reader_may_go():
            for line in simulate_lines(result, limit, unit=unit, name_failures=bool(lies)):
                click.echo(line, err=to_stderr)
    if plot is not None:
        from wordle_cli.cli.options import lists_label
        from wordle_cli.pictures.charts import simulation_chart

        simulation_chart(plot, result, limit, unit=unit, what=what, lists=lists_label(game, len(solver.game.answers), answers, allowed))


def _simulate_one(
    report: Reporter, solver, *, sample: int | None, seed: int, first: str | None, tree_file: str | None, hard: bool, quiet: bool, liar: str
):
    """Play the answers (or a sample) on one board, by the strategy or a tree's moves (with lies, against `liar`); return the simulation."""
    from wordle_cli.solver.tree import simulate as play_all

    targets = _targets(solver.game.answers, sample, seed)
    if tree_file is not None:
        from wordle_cli.solver.tree import Simulation
        from wordle_cli.trees.follow import open_tree, tree_paths

        tree = open_tree(tree_file, solver.game, hard=hard, first=first)
        weights = None if solver.weights is None else [int(solver.weights[solver.game.answer_index[t]]) for t in targets]
        result = Simulation(targets, tree_paths(tree, targets), weights=weights, prior_label=solver.prior_label)
    else:
        host = None
        if solver.lies is not None:
            from wordle_cli.model.lies import Liar

            host = Liar(solver.lies, liar, seed)
        with Progress(len(targets), "simulating", quiet) as progress:
            result = play_all(solver, targets, first, progress, host)
    report.info(f"played {len(targets)} games in {report.elapsed():.2f} s")
    return result

def _targets(answers: list[str], sample: int | None, seed: int) -> list[str]:
    if sample is None or sample >= len(answers):
        return list(answers)
    import random

    chosen = sorted(random.Random(seed).sample(range(len(answers)), sample))
    return [answers[i] for i in chosen]
