"""A setup made once: the game's lists, the prior, the puzzle's date, the mode rules and where to compute.

The commands and the API build one `Setup` by keyword (`open_setup`) from
their options or arguments, by the same rules, so that `wordle solve cigar`
and `wordle_cli.solve("cigar")` play the same game: the game by
`model.game.resolve_game`, the prior by `model.weights.resolve_prior` (nyt
for the NYT's own lists, else uniform; $WORDLE_PRIOR first), the puzzle's
date by `dates.puzzle_date` ($WORDLE_DATE, else today), and the cross-rules
between the modes (boards, lies, hard mode, a tree, a share grid, the prior)
declared once in `check_modes` and `prior_excluded`. Nothing below a
`Setup` re-decides any of these.

This module is the record and its builder; each job it asks for has its
owner: the lists `model.game` (`open_game`, `game_of_words`, `pool_date`),
the prior `model.weights` (`open_prior`), the solver `solver.tree.new_solver`
(handed the exact search and the opener by `solver_of`), the opener under a
prior `trees.opener_store.opener_for`, a puzzle of the history `history`.
Messages go through an `output.Report` (the CLI's writes to stderr; the
API's, `QUIET`, says nothing): the lower layers are handed it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wordle_cli.errors import ModeConflict, UsageProblem, quote
from wordle_cli.output import QUIET, Report

if TYPE_CHECKING:
    from wordle_cli.model.game import Game
    from wordle_cli.model.weights import AnswerWeights


# ---------------------------------------------------------------- the mode rules, declared once


def check_modes(
    *, lies: int = 0, boards: int = 1, hard: bool = False, strategy: str | None = None, tree: bool = False,
    share: bool = False, max_guesses: int | None = None, command: str | None = None, review: bool = False,
) -> None:
    """The cross-rules between the modes of a game: ModeConflict naming the first pair that does not go together.

    Lies (Fibble) play one board, no hard mode, no tree and a scored strategy; boards play no hard mode, no
    tree, expected or entropy, and have no share grid; `max_guesses` (given by the user to `command`) goes
    with boards or lies; a `review` of the game played (solve --review) goes with one board of true feedback.
    Which modes play only the uniform prior is `prior_excluded`.
    """
    if review and boards > 1:
        raise ModeConflict("--review goes with a one-board game")
    if review and lies:
        raise ModeConflict("--review grades a game of true feedback; it cannot be combined with --lies")
    if lies:
        from wordle_cli.solver.strategy import SCORED_STRATEGIES

        if boards > 1:
            raise ModeConflict("--lies plays one board; it cannot be combined with --boards")
        if hard:
            raise ModeConflict("--hard is not part of a game whose rows lie")
        if tree:
            raise ModeConflict("--tree follows a tree of true feedback; it cannot be combined with --lies")
        if strategy is not None and strategy not in SCORED_STRATEGIES:
            raise ModeConflict(
                f"--strategy {strategy} is not defined with --lies; choose {', '.join(SCORED_STRATEGIES)} "
                "(the proof over every lie is `wordle fibble solve`)"
            )
    if boards > 1:
        from wordle_cli.games.multiboard import STRATEGIES

        if share:
            raise ModeConflict(f"--{SHARE_ONE_BOARD}")
        if hard:
            raise ModeConflict("--hard is not part of multi-board games")
        if tree:
            raise ModeConflict("--tree plays one board; it cannot be combined with --boards")
        if strategy is not None and strategy not in STRATEGIES:
            raise ModeConflict(f"--strategy {strategy} is for one board; with --boards choose {' or '.join(STRATEGIES)}")
    elif command is not None and max_guesses is not None and not lies:
        raise ModeConflict(f"--max-guesses goes with --boards or --lies in {command}")


#: Why `share` (and --share) is refused with --boards: the grid players post is a one-board game's.
SHARE_ONE_BOARD = "share goes with a one-board game; a game with --boards has no share grid"


def prior_excluded(*, lies: int = 0, boards: int = 1, rule: str = "strict", greedy_review: str | None = None) -> str | None:
    """Why a mode plays only the uniform prior (`resolve_prior`'s `unsupported`), None where any prior goes."""
    if boards > 1:
        return "with --boards"
    if lies:
        return "with --lies"
    if rule == "loose":
        return "with --rule loose"
    if greedy_review is not None:
        return f"with review --strategy {greedy_review} (a greedy strategy plays the uniform prior)"
    return None


def refuse_weights(prior: AnswerWeights, excluded: str | None) -> None:
    """UsageProblem when a prior that is not uniform meets a mode that plays only the uniform one (`prior_excluded`)."""
    if excluded is not None and not prior.is_uniform:
        raise UsageProblem(f"weights are not yet supported {excluded}")


def lies_rule(lies: int, length: int):
    """The rule (`Lies`) for `lies` lies a row over words of `length`; None without lies."""
    if not lies:
        return None
    from wordle_cli.model.lies import Lies

    return Lies(lies, length)  # UsageProblem past the word length


def game_limit(boards: int, max_guesses: int | None, lies: int = 0) -> int:
    """The turns a game may take: `max_guesses`, else 6 for one board, N + 5 for N boards, 9 with lies (Fibble)."""
    from wordle_cli.games.multiboard import turn_limit
    from wordle_cli.model.game import ROWS
    from wordle_cli.model.lies import FIBBLE_ROWS

    if max_guesses is not None:
        return max_guesses
    if lies:
        return FIBBLE_ROWS
    return ROWS if boards == 1 else turn_limit(boards)


# ---------------------------------------------------------------- the setup


@dataclass(frozen=True)
class Setup:
    """What a game is played under, decided once: built by `open_setup`, read by the API and the commands."""

    game: Game  # the lists; the answers the prior leaves out are out of the pool
    answers_name: str  # where the answers came from, for the informational line
    prior: AnswerWeights  # over game.answers: `is_uniform`, `solver_weights()`, `label`
    date: dt.date | None  # the puzzle's date (`dates.puzzle_date`; None: today)
    strategy: str = "expected"  # resolved: "optimal" under a prior other than uniform unless asked (`default_strategy`)
    move_budget: float | None = None  # units of search work the optimal strategy spends on a move (None: no limit)
    move_time: float | None = None  # seconds of wall-clock time it may take (None: no limit); both None: until proven
    hard: bool = False
    pool_only: bool = False
    lies: int = 0  # lies a row (Fibble), 0 for Wordle
    boards: int = 1
    backend: str = "auto"  # as asked: `new_solver` resolves it for the job's size
    threads: int | None = None
    left_out: frozenset[str] = frozenset()  # answers of the lists the prior weighs 0 (out of the pool)

    @property
    def lies_rule(self):
        """The game's `Lies` rule, None without lies."""
        return lies_rule(self.lies, self.game.length)


def open_setup(
    *, report: Report = QUIET, game: str | None = None, answers=None, allowed=None, answers_file: str | None = None,
    allowed_file: str | None = None, prior: str | None = None, weights=None, date: dt.date | None = None,
    strategy: str | None = None, move_budget: float | None = None, move_time: float | None = None, hard: bool = False,
    pool_only: bool = False, lies: int = 0,
    boards: int = 1, backend: str = "auto", threads: int | None = None, tree: bool = False, greedy_review: str | None = None,
    day: int | None = None, spoil: bool = False,
) -> Setup:
    """The `Setup` of a game, every argument by keyword, by the rules every command and the API share.

    The lists: the game's (`game` None: `resolve_game`'s), either replaced by
    a FILE (`answers_file`, `allowed_file`: the CLI's) or a list of words
    (`answers`, `allowed`: the API's). The prior: `weights` if given (an
    `AnswerWeights` or integers >= 1 per answer), else `prior` ("uniform",
    "nyt", a FILE; None: `resolve_prior`'s default) for the puzzle of `date`.
    The modes are checked against each other first (`check_modes`).
    `greedy_review` (review's greedy strategy) plays only the uniform prior.
    The nyt game's pool grows by the history's past answers of the date in
    play (`pool_date`: `day`, the puzzle played, else the nyt prior's date);
    without `spoil`, neither the pool nor the prior holds today's answer or a later one.
    One standard input feeds one input: '-' for two of the FILEs and the prior is a UsageProblem.
    `strategy` None: the best one, `optimal` under a prior other than uniform
    (its budget a move: `limits_of_move`), else `expected`.
    """
    from wordle_cli import dates
    from wordle_cli.model.game import GAMES, game_of_words, open_game, pool_date, resolve_game, weighed_game
    from wordle_cli.model.weights import checked, open_prior, resolve_prior
    from wordle_cli.solver.strategy import limits_of_move
    from wordle_cli.wordlist import check_one_stdin

    if game is not None and game not in GAMES:
        raise UsageProblem(f"unknown game {quote(game)}; choose one of {', '.join(GAMES)}")
    check_modes(lies=lies, boards=boards, hard=hard, strategy=strategy, tree=tree)
    date = dates.puzzle_date(date)  # --date, else $WORDLE_DATE (checked), else None: today
    excluded = prior_excluded(lies=lies, boards=boards, greedy_review=greedy_review)
    if answers_file is not None or allowed_file is not None or (answers is None and allowed is None):
        name = resolve_game(game)
        spec = None if weights is not None else resolve_prior(prior, name, answers_file is not None, excluded)
        check_one_stdin(answers_file, allowed_file, spec, names=("--answers", "--allowed", "--prior" if prior is not None else "$WORDLE_PRIOR"))
        pool = pool_date(prior if weights is None else "uniform", date, name, answers_file, excluded, day=day, spoil=spoil)
        the_game, answers_name = open_game(report, name, answers_file, allowed_file, pool)
        own = answers_file is not None
    else:
        the_game, answers_name, own = game_of_words(game, answers, allowed), "the answers given", answers is not None
    if weights is not None:
        the_prior = checked(weights, len(the_game.answers))
        refuse_weights(the_prior, excluded)
    else:
        the_prior = open_prior(report, prior, date, the_game.name, own, the_game.answers, excluded, spoil=spoil)
    listed = the_game.answers
    the_game, the_prior = weighed_game(the_game, the_prior)
    left_out = frozenset(listed) - frozenset(the_game.answers) if len(listed) != len(the_game.answers) else frozenset()
    if strategy is None:
        from wordle_cli.solver.strategy import default_strategy

        strategy = default_strategy(not the_prior.is_uniform)
    move_budget, move_time = limits_of_move(move_budget, move_time) if strategy == "optimal" else (None, None)
    return Setup(
        game=the_game, answers_name=answers_name, prior=the_prior, date=date, strategy=strategy, move_budget=move_budget,
        move_time=move_time, hard=hard, pool_only=pool_only, lies=lies, boards=boards, backend=backend, threads=threads,
        left_out=left_out,
    )


# ---------------------------------------------------------------- the solver a setup plays


def solver_of(setup: Setup):
    """(the `Solver` of a one-board setup, its concrete backend): `solver.tree.new_solver` handed the exact search
    for the `optimal` strategy (`exact_search`: the solver never imports trees) and, under a prior, the opener
    `opener_for` chooses."""
    from wordle_cli.cache_folder import cache_dir
    from wordle_cli.solver.tree import new_solver
    from wordle_cli.trees.opener_store import opener_for

    exact = exact_search(setup.strategy)
    opener = None
    if exact is not None and not setup.prior.is_uniform:
        opener = opener_for(setup.game, setup.prior, pool_only=setup.pool_only, hard=setup.hard, cache_root=cache_dir()).word
    solver, chosen = new_solver(
        setup.game, setup.strategy, hard=setup.hard, pool_only=setup.pool_only, backend=setup.backend, threads=setup.threads,
        lies=setup.lies_rule, weights=setup.prior, move_budget=setup.move_budget, move_time=setup.move_time, exact=exact,
        opener=opener,
    )
    solver.left_out = setup.left_out
    return solver, chosen


def exact_search(strategy: str):
    """The exact search's chooser for the `optimal` strategy (None for the greedy ones)."""
    if strategy != "optimal":
        return None
    from wordle_cli.trees.optimal import OptimalChooser

    return OptimalChooser
