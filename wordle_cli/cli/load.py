"""From the options a command parsed to what it plays: the setup, the solver, a word typed on the command line.

The commands' "load" step: each builds its `setup.Setup` here (`open_solver`, `open_boards`, `open_player` for
the solver's commands; `open_weighed_game` for those that play no solver), with options that do not go together
shown as click's usage errors (`usage_errors`).
"""

from __future__ import annotations

import contextlib
from typing import NamedTuple

import click

from wordle_cli.cli.report import Reporter
from wordle_cli.errors import quote


@contextlib.contextmanager
def usage_errors():
    """Options that do not go together (`errors.ModeConflict`) shown as click's usage errors, with the usage line."""
    from wordle_cli.errors import ModeConflict

    try:
        yield
    except ModeConflict as exc:
        raise click.UsageError(str(exc)) from None


def checked_word(word: str, game, option: str, report: Reporter | None = None, any_word: bool = False) -> str:
    """A word typed on the command line, normalised; BadParameter if its length or a symbol is not the game's.

    `report`: the word is played as a guess, so one in neither list is refused (`Game.guess_problem`), or with
    `any_word` played after a warning.
    """
    from wordle_cli.wordlist import normalise

    word = normalise(word.strip())
    if len(word) != game.length:
        raise click.BadParameter(
            f"{quote(word)} has length {len(word)}, but the words of the game have length {game.length}", param_hint=f"'{option}'"
        )
    problem = game.spelling_problem(word)
    if problem is not None:
        raise click.BadParameter(problem, param_hint=f"'{option}'")
    if report is not None and word not in game.candidate_index:
        if not any_word:
            raise click.BadParameter(game.guess_problem(word), param_hint=f"'{option}'")
        report.warn(f"{option} {quote(word)} is in neither word list; playing it anyway")
    return word


def lists_label(game: str, n_answers: int, answers: str | None = None, allowed: str | None = None) -> str:
    """The lists an output depends on, for a chart's title or a page: `nyt: 3158 answers`, naming a list given as a file."""
    from pathlib import Path

    from wordle_cli.wordlist import display_name

    given = "".join(
        f", {what} {Path(display_name(path)).name}" for what, path in (("answers", answers), ("allowed", allowed)) if path is not None
    )
    return f"{game}{given}: {n_answers} answers"


class SolverChoice(NamedTuple):
    """What the command line chose for a solver (`solve`, `simulate`, `play`): the game and its lists, the strategy
    and its rules, where to compute. Made by keyword, so that no two of its flags can trade places."""

    game: str
    answers: str | None
    allowed: str | None
    strategy: str | None  # None: the default (`strategy.default_strategy`, by the prior)
    hard: bool
    pool_only: bool
    backend: str
    threads: int | None
    prior: str | None = None  # --prior: uniform, nyt or a FILE (None: the default rule)
    date: object = None  # the puzzle's date (datetime.date) whose nyt prior is played (None: today's)
    day: int | None = None  # the puzzle played (solve --day N without TARGET): its answer joins the pool
    any_word: bool = False  # --allow-any-word: a guess in neither list is played
    move_budget: float | None = None  # --move-budget (units of work; None: by `solver.strategy.limits_of_move`; 0: no work limit)
    move_time: float | None = None  # --move-time (seconds of wall clock; None: none unless alone; 0: none)
    spoil: bool = False  # --spoil: the pool and the prior may hold today's answer and later ones


def open_solver(report: Reporter, chosen: SolverChoice, *, first=None, lies: int = 0, plays: str | None = None):
    """The game's `setup.Setup` (lists, prior, date, modes) and its solver (with `lies` lies in every row).

    `plays` says what makes the moves when the strategy does not (a tree's moves), for the opening line.
    Returns (solver, first) with `first` normalised and checked (or None);
    the solver's `prior` is the `AnswerWeights` it plays under.
    """
    from wordle_cli import setup

    with usage_errors():
        made = setup.open_setup(
            report=report, game=chosen.game, answers_file=chosen.answers, allowed_file=chosen.allowed, prior=chosen.prior,
            date=chosen.date, strategy=chosen.strategy, move_budget=chosen.move_budget, move_time=chosen.move_time, hard=chosen.hard,
            pool_only=chosen.pool_only, lies=lies, backend=chosen.backend, threads=chosen.threads, day=chosen.day, spoil=chosen.spoil,
        )
    the_game, weights = made.game, made.prior
    if first is not None:
        first = checked_word(first, the_game, "--first", report, chosen.any_word)
    elif made.strategy == "optimal" and not weights.is_uniform:
        _prior_opener_note(report, the_game, weights, made.pool_only, made.hard)
    solver, where = setup.solver_of(made)
    n_candidates = len(the_game.answers) if made.pool_only else len(the_game.candidates)
    timed = ""
    if made.strategy == "optimal" and plays is None:
        units, seconds = made.move_budget, made.move_time
        if units is not None:
            timed = f" ({units:g} unit{'' if units == 1 else 's'} of search work{f' or {seconds:g} s' if seconds else ''} a move)"
        elif seconds is not None:
            timed = f" ({seconds:g} s a move)"
    named = f"; prior: {weights.label}" if weights.is_uniform else ""  # any other prior is named once, where the numbers are
    report.info(
        f"{made.game.name}: {len(the_game.answers)} answers from {made.answers_name}, "
        f"{n_candidates} guess candidates{' (--pool-only)' if made.pool_only else ''}; "
        f"{plays.replace('{strategy}', made.strategy) if plays else f'{made.strategy} strategy{timed}'}"
        f"{', hard mode' if made.hard else ''}{lies_text(lies)}; {where} backend{named}"
    )
    return solver, first


def _prior_opener_note(report: Reporter, the_game, weights, pool_only: bool, hard: bool) -> None:
    """The optimal strategy under a prior with no --first: what is known of its opener (`trees.opener_store.opener_for`)."""
    from wordle_cli.cache_folder import cache_dir
    from wordle_cli.trees.opener_store import opener_for

    note = opener_for(the_game, weights, pool_only=pool_only, hard=hard, cache_root=cache_dir()).note
    if note is not None:
        report.info(f"{note}; --first WORD chooses another")


def open_weighed_game(report: Reporter, game: str, answers: str | None, allowed: str | None, prior: str | None, date, **modes):
    """The `setup.Setup` of a command that plays no solver (review, tree build, verify, rank): its lists, with the
    answers the prior leaves out taken out, and its prior (`modes`: `open_setup`'s, e.g. hard, greedy_review)."""
    from wordle_cli import setup

    with usage_errors():
        return setup.open_setup(report=report, game=game, answers_file=answers, allowed_file=allowed, prior=prior, date=date, **modes)


def lies_text(lies: int) -> str:
    """`, 1 lie per row` for the informational line (nothing without lies)."""
    return f", {lies} lie{'s' if lies != 1 else ''} per row" if lies else ""


def check_lies(lies: int, strategy: str | None = None, hard: bool = False, boards: int = 1, tree_file=None) -> None:
    """--lies N > 0 goes with one board, the scored strategies, no hard mode and no --tree (`setup.check_modes`)."""
    if not lies:
        return
    from wordle_cli import setup

    with usage_errors():
        setup.check_modes(lies=lies, strategy=strategy, hard=hard, boards=boards, tree=tree_file is not None)


def open_boards(report: Reporter, chosen: SolverChoice, *, boards, first=None, tree_file=None):
    """`open_solver` for --boards N > 1: the game's `setup.Setup` (the modes checked), then the `MultiSolver`.

    Returns (solver, first) with `first` normalised and checked (or None).
    """
    from wordle_cli import backends, setup
    from wordle_cli.games import board_game_name
    from wordle_cli.games.multiboard import MultiSolver

    with usage_errors():
        made = setup.open_setup(
            report=report, game=chosen.game, answers_file=chosen.answers, allowed_file=chosen.allowed, prior=chosen.prior,
            date=chosen.date, strategy=chosen.strategy, hard=chosen.hard, pool_only=chosen.pool_only, boards=boards,
            backend=chosen.backend, threads=chosen.threads, tree=tree_file is not None, day=chosen.day, spoil=chosen.spoil,
        )
    the_game = made.game
    if first is not None:
        first = checked_word(first, the_game, "--first", report, chosen.any_word)
    where = backends.resolve_with_threads(made.backend, len(the_game.candidates) * len(the_game.answers), made.threads)
    n_candidates = "the pools' words" if made.pool_only else f"{len(the_game.candidates)} guess candidates"
    named = board_game_name(boards)
    report.info(
        f"{the_game.name}: {boards} boards{f' ({named})' if named else ''}, {len(the_game.answers)} answers from {made.answers_name}, "
        f"{n_candidates}; {made.strategy} strategy; {where} backend; prior: uniform"
    )
    return MultiSolver(the_game, boards, made.strategy, pool_only=made.pool_only, backend=where), first


def open_player(
    report: Reporter, chosen: SolverChoice, *, command: str, boards, max_guesses, share, first, tree_file=None, lies: int = 0
):
    """The solver that `solve` and `play` use: `open_boards` with --boards N > 1, else `open_solver`, after the
    modes' checks (`setup.check_modes`). Returns (solver, first, limit): the `limit` of turns is `game_limit`'s.
    """
    from wordle_cli import setup

    with usage_errors():
        setup.check_modes(lies=lies, boards=boards, tree=tree_file is not None, share=share, max_guesses=max_guesses, command=command)
    if boards > 1:
        solver, first = open_boards(report, chosen, boards=boards, first=first, tree_file=tree_file)
    else:
        plays = f"the moves of {tree_file} (off the tree: the {{strategy}} strategy)" if tree_file is not None else None
        solver, first = open_solver(report, chosen, first=first, lies=lies, plays=plays)
    return solver, first, setup.game_limit(boards, max_guesses, lies)
