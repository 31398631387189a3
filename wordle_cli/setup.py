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

Messages go through a `Report` (the CLI's writes to stderr; the API's,
`QUIET`, says nothing): the lower layers are handed it, never import it.
"""

from __future__ import annotations

import datetime as dt
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, NamedTuple, Protocol

from wordle_cli.errors import UsageProblem, WordleError, quote

if TYPE_CHECKING:
    from wordle_cli.model.game import Game
    from wordle_cli.model.weights import AnswerWeights


class Report(Protocol):
    """Where a setup's informational lines and warnings go (the CLI's `Reporter`)."""

    def info(self, message: str) -> None: ...

    def warn(self, message: str) -> None: ...


class _Quiet:
    """The API's report: nothing printed (the API returns data; `AnswerWeights.unlisted` says what a prior left out)."""

    def info(self, message: str) -> None:
        pass

    def warn(self, message: str) -> None:
        pass


QUIET: Report = _Quiet()


class ModeConflict(UsageProblem):
    """Two options (or arguments) that do not go together: the CLI shows it as a usage error."""


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


def lies_text(lies: int) -> str:
    """`, 1 lie per row` for the informational line (nothing without lies)."""
    return f", {lies} lie{'s' if lies != 1 else ''} per row" if lies else ""


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


# ---------------------------------------------------------------- the game's lists


class PoolDate(NamedTuple):
    """The puzzle date in play for the nyt game's pool (`model.game.load_lists`), and whether that day's answer joins it."""

    date: dt.date
    through_day: bool = False


def pool_date(
    prior: str | None, puzzle_date, game: str, answers_file: str | None, unsupported: str | None = None, day: int | None = None,
    spoil: bool = False,
) -> PoolDate | None:
    """The date whose past answers join the nyt game's pool: the puzzle a command plays (`day`, through it), else
    the nyt prior's (--date, else $WORDLE_DATE, else today) when that prior is played; None: no date in play (the
    shipped list as it is, which the proven openers and the review's opening book are made for).

    Without `spoil`, a date after today adds only the answers before today (`unspoiled_pool`)."""
    from wordle_cli import dates, history
    from wordle_cli.model.weights import resolve_prior

    if day is not None:  # a day that is today or later is played only with --spoil (`puzzle_rows`)
        return PoolDate(history.date_of(day), True)
    if resolve_prior(prior, game, answers_file is not None, unsupported) == "nyt":
        return unspoiled_pool(PoolDate(dates.puzzle_date(puzzle_date) or history.today()), spoil)
    return None


def unspoiled_pool(pool: PoolDate, spoil: bool = False) -> PoolDate:
    """`pool`, its date moved back to today when it is later and `spoil` is not given: the answers of today's
    puzzle and later ones are spoilers, and a pool that holds them lists them (the pool line, `play`'s `list`)."""
    from wordle_cli import history

    today = history.today()
    if spoil or pool.date < today or (pool.date == today and not pool.through_day):
        return pool
    return PoolDate(today)


def open_lists(report: Report, game: str, answers: str | None, allowed: str | None, pool: PoolDate | None = None):
    """A game's (answers, allowed) word lists, either replaced by a file, warning about duplicates; nothing encoded.

    `pool`: the puzzle date in play (`pool_date`), whose past answers join the nyt game's pool (`load_lists`).
    """
    from wordle_cli.model.game import load_lists

    date, through_day = pool if pool is not None else (None, False)
    if pool is not None and answers is None:
        say_set_aside(report)
    answer_list, allowed_list = load_lists(game, answers, allowed, date, through_day)
    for word_list in (answer_list, allowed_list):
        if word_list.duplicates:
            s = "s" if word_list.duplicates != 1 else ""
            report.warn(f"{word_list.name}: dropped {word_list.duplicates} duplicate word{s} (kept first occurrences)")
    return answer_list, allowed_list


def open_game(report: Report, game: str, answers: str | None, allowed: str | None, pool: PoolDate | None = None):
    """(a game's lists, either replaced by a file, as a `Game`; the answers' name), warning about duplicates;
    `pool`: the puzzle date in play (`pool_date`)."""
    from wordle_cli.model.game import Game

    answer_list, allowed_list = open_lists(report, game, answers, allowed, pool)
    return Game(game, answer_list.words, allowed_list.words), answer_list.name


def game_of_words(game: str | None, answers, allowed) -> Game:
    """The game's lists (either replaced by a list of words: the API's) as a `Game`; game None: `resolve_game`'s."""
    from wordle_cli.model.game import GAMES, Game, load_lists, resolve_game

    if game is not None and game not in GAMES:
        raise UsageProblem(f"unknown game {quote(game)}; choose one of {', '.join(GAMES)}")
    game = resolve_game(game)
    if answers is None or allowed is None:
        default_answers, default_allowed = load_lists(game)
        answers = default_answers.words if answers is None else words_of(answers, "answers")
        allowed = default_allowed.words if allowed is None else words_of(allowed, "allowed")
    else:
        answers, allowed = words_of(answers, "answers"), words_of(allowed, "allowed")
    if len(answers[0]) != len(allowed[0]):
        raise UsageProblem(f"answers have length {len(answers[0])}, allowed words have length {len(allowed[0])}")
    return Game(game, answers, allowed)


def words_of(words, what: str = "words") -> list[str]:
    """Normalised, distinct words of one length (1 to 8), in their order; UsageProblem if not."""
    from wordle_cli.config import MAX_WORD_LENGTH
    from wordle_cli.wordlist import normalise

    if isinstance(words, str):
        raise UsageProblem(f"{what} must be a list of words, not one string (read a file with wordle_cli.lists.read_word_list)")
    seen: dict[str, None] = {}
    for word in words:
        if not isinstance(word, str):
            raise UsageProblem(f"{what} must hold strings, not {type(word).__name__}")
        word = normalise(word.strip())
        if word:
            seen.setdefault(word, None)
    result = list(seen)
    if not result:
        raise UsageProblem(f"{what} holds no word")
    length = len(result[0])
    if length > MAX_WORD_LENGTH:
        raise UsageProblem(f"{what}: {quote(result[0])} has length {length}; words must have 1 to {MAX_WORD_LENGTH} symbols")
    for word in result:
        if len(word) != length:
            raise UsageProblem(f"{what}: {quote(word)} has length {len(word)}, expected {length}")
    return result


# ---------------------------------------------------------------- the prior


def answer_weights(spec: str, answers: Sequence[str], date=None, what: str = "answer", spoil: bool = False) -> AnswerWeights:
    """The prior over `answers` as `AnswerWeights` (integer weights aligned with `answers`, and a label).

    `spec`: "uniform", "nyt" (the model of the NYT's picks for the puzzle of
    `date`, a `datetime.date` from puzzle #0's on, default $WORDLE_DATE, else
    today in the user's time zone, fitted on the days before it, and before
    today unless `spoil`: a later day's answer is a spoiler) or the path
    of a `word,weight` file (`what` names the words in its messages:
    "answer", "candidate"). Which spec a command uses when none is given is
    `model.weights.resolve_prior`'s rule.
    """
    import os

    from wordle_cli import dates
    from wordle_cli.model import weights

    answers = list(answers)
    if spec == "uniform":
        return weights.uniform(len(answers))
    if spec == "nyt":
        from wordle_cli import history
        from wordle_cli.prior import nyt_probabilities

        date = dates.puzzle_date_or_today(date)  # puzzle #0's date or later
        days = history.unspoiled(history.known_days(), spoil)
        return weights.from_probabilities(nyt_probabilities(date, answers, days), f"nyt prior for {date.isoformat()}")
    if spec != "-" and not os.path.exists(spec):
        raise UsageProblem(f"prior {quote(spec)} is neither uniform, nyt nor a file of word,weight lines")
    return weights.from_file(spec, answers, what)


def open_prior(
    report: Report, prior: str | None, date, game: str, own_answers: bool, answers, unsupported: str | None = None,
    what: str = "answer", spoil: bool = False,
) -> AnswerWeights:
    """The prior over `answers` by `resolve_prior`'s rule, warning about the words a FILE leaves out or adds.

    `own_answers`: the answers (or candidates) are the user's, not the game's: the nyt default is for the NYT's
    own lists only. `what` names the words. Under the nyt prior, one line (`stale_note`) when the history it is
    fitted on ends long before its date; that history stops before today unless `spoil`. A $WORDLE_PRIOR that a
    mode cannot play (`unsupported`) is one warning; any error of the prior it names names the variable.
    """
    from wordle_cli import dates, history
    from wordle_cli.model.weights import PRIOR_ENV, env_prior, resolve_prior

    spec = resolve_prior(prior, game, own_answers, unsupported)
    from_env = env_prior() if prior is None else None
    if unsupported and from_env not in (None, "uniform"):  # set once for every command: not an error, but said, even with -q
        report.warn(f"${PRIOR_ENV}={quote(from_env, 200)} is not used {unsupported}; the uniform prior is played")
    date = dates.puzzle_date(date)  # $WORDLE_DATE checked whatever the prior
    if spec == "nyt":
        say_set_aside(report)
    try:
        weights = answer_weights(spec, answers, date, what, spoil=spoil)
    except WordleError as exc:
        if spec == from_env:  # the variable chose it: its every fault names it, as $WORDLE_DATE's do
            exc.args = (f"${PRIOR_ENV}: {exc}",)
        raise
    if spec == "nyt":
        note = stale_note(date, history.unspoiled(history.known_days(), spoil))
        if note is not None:
            report.warn(note)
    if weights.unlisted:
        report.warn(f"{weights.label} gives no weight to {weights.unlisted} of the {len(answers)} {what}s: they are left out")
    if weights.unknown:
        report.warn(f"{weights.label}: {weights.unknown} listed words are not {what}s (ignored)")
    return weights


#: The days the history may end before a puzzle's date without a word said (a week: a weekly update is enough).
STALE_DAYS = 7


def stale_note(date=None, days=None) -> str | None:
    """One line when the history the nyt prior of `date` (None: today) is fitted on ends more than STALE_DAYS
    before it: the last day known, the days missing and the command that fetches them; None when it does not."""
    from wordle_cli import history

    date = history.today() if date is None else date
    days = history.known_days() if days is None else days
    known = [day for day in days if day.date < date]
    if not known:
        return None
    last = max(known, key=lambda day: day.number)
    if (date - last.date).days <= STALE_DAYS:
        return None
    missing = (date - last.date).days - 1
    return (
        f"the nyt prior for {date} knows the history to #{last.number} ({last.date}) only: {missing} days are missing; "
        "`wordle history update` fetches them"
    )


def weighed_game(the_game: Game, weights: AnswerWeights) -> tuple[Game, AnswerWeights]:
    """(game, weights) with the answers a prior leaves out (weight 0) taken out of the pool."""
    if not weights.unlisted:
        return the_game, weights
    from wordle_cli.model.game import Game

    kept, kept_weights = weights.kept(the_game.answers)
    # The candidates stay as they were (a word left out of the pool is still a guess), in their order.
    return Game(the_game.name, kept, the_game.candidates), replace(weights, weights=kept_weights, unlisted=0)


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
    from wordle_cli.model.game import GAMES, resolve_game
    from wordle_cli.model.weights import checked, resolve_prior
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
        move_time=move_time, hard=hard,
        pool_only=pool_only, lies=lies, boards=boards, backend=backend, threads=threads, left_out=left_out,
    )


# ---------------------------------------------------------------- the solver a setup plays


#: Units of search work (`trees.budget.WORK_PER_UNIT`: about a CPU second of a 2-core machine) the optimal strategy
#: spends on one move by default before it plays the best guess found (its bounds said). Work, not time: the same
#: move on any machine, at any load.
MOVE_BUDGET = 5.0


def limits_of_move(units: float | None, seconds: float | None) -> tuple[float | None, float | None]:
    """(units of work, seconds of wall clock) a move may take, as the solver takes them (None: no such limit).

    Neither given: `MOVE_BUDGET` units. `seconds` alone keeps its old meaning, the only limit (0: until proven);
    `units` 0: no work limit. Both: whichever comes first.
    """
    for name, value, what in (("move_budget", units, "units of search work"), ("move_time", seconds, "seconds")):
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < float("inf")):
            raise UsageProblem(f"{name} must be a number of {what} >= 0, not {value!r}")
    if units is None and seconds is None:
        return MOVE_BUDGET, None
    return (float(units) or None) if units is not None else None, (float(seconds) or None) if seconds is not None else None


def new_solver(
    lists, strategy: str, *, hard: bool, pool_only: bool, backend: str, threads: int | None = None, lies=None, weights=None,
    move_budget: float | None = None, move_time: float | None = None,
):
    """(the `Solver`, its concrete backend): the one way the API and the CLI build a solver, after their own checks.

    The backend is resolved for the job's size (the candidates x the answers), the CPU's threads limited, and
    the `optimal` strategy handed the exact search (and under a prior its opener, `opener_for`); `lies`: the
    game's `Lies` rule (None: none); `weights`: the prior (`AnswerWeights` or integers >= 1 per answer; None or
    all equal: uniform); `move_budget`, `move_time`: the units of work and the seconds the optimal strategy may
    search each move (None: no such limit; both None: to the proof).
    """
    from wordle_cli import backends
    from wordle_cli.model.weights import checked
    from wordle_cli.solver.tree import Solver

    n_candidates = len(lists.answers) if pool_only else len(lists.candidates)
    chosen = backends.resolve_with_threads(backend, n_candidates * len(lists.answers), threads)
    prior = checked(weights, len(lists.answers), "weights")
    refuse_weights(prior, prior_excluded(lies=0 if lies is None else lies.n))
    opener = None
    if not prior.is_uniform and strategy == "optimal":
        opener = opener_for(lists, prior, pool_only=pool_only, hard=hard).word
    solver = Solver(
        lists, strategy, hard=hard, pool_only=pool_only, backend=chosen, exact=exact_search(strategy), lies=lies,
        weights=prior.solver_weights(), prior_label="uniform" if prior.is_uniform else prior.label, opener=opener,
        move_budget=move_budget if strategy == "optimal" else None, move_time=move_time if strategy == "optimal" else None,
    )
    return solver, chosen


def solver_of(setup: Setup):
    """(the `Solver` of a one-board setup, its concrete backend)."""
    solver, chosen = new_solver(
        setup.game, setup.strategy, hard=setup.hard, pool_only=setup.pool_only, backend=setup.backend,
        threads=setup.threads, lies=setup.lies_rule, weights=setup.prior, move_budget=setup.move_budget, move_time=setup.move_time,
    )
    solver.left_out = setup.left_out
    return solver, chosen


class Opener(NamedTuple):
    """The first guess of the optimal strategy under a prior, and what is known of it (`note`: None when proven)."""

    word: str | None
    note: str | None


def opener_for(lists, prior, *, pool_only: bool = False, hard: bool = False) -> Opener:
    """The first guess the optimal strategy plays under `prior` (an `AnswerWeights`, not uniform).

    The one place the opener under a prior is chosen (`play`, `solve`, `simulate` and their note): the best
    opener under this very prior where one is known, shipped or proven earlier by `wordle tree opener` (kept
    in the cache folder: `trees.opener_store`), said to be proven or bounded; else the uniform opening book's
    opener, said to be unproven under the prior; word None where neither is known (the search then proves
    the opener itself: hours on full lists). Nothing is searched here: a game starts at once.
    """
    known = None if pool_only else stored_opener(lists, prior, hard)
    if known is not None:
        note = None if known.proven else f"the opener {known.opener} is the {known.proof_text()}"
        return Opener(known.opener, note)
    opener = book_opener(lists, "optimal", pool_only, hard, extended=True)  # a pool grown by past answers: its list's
    if opener is None:
        return Opener(None, "no opener is known under this prior: the optimal strategy searches every opener first (hours on full lists)")
    return Opener(
        opener, f"the opener is the uniform optimum {opener} (the best under this prior is not proven: `wordle tree opener` "
        "searches it); every later guess is optimal under the prior"
    )


def stored_opener(lists, prior, hard: bool = False):
    """The best opener under `prior` shipped or kept in the cache (`trees.opener.OpenerResult`), or None: no search."""
    from wordle_cli.model.game import ROWS
    from wordle_cli.reviewer.cache import cache_dir
    from wordle_cli.trees import opener_store

    return opener_store.stored(lists, prior.weights, hard=hard, max_guesses=ROWS, cache_root=cache_dir())


def book_opener(lists, strategy: str, pool_only: bool = False, hard: bool = False, extended: bool = False) -> str | None:
    """The opening book's first guess for these lists and rules (proven optimal for the uniform prior), or None.

    `extended`: also the opener of a tabled list that these answers extend by a few words (`openings.lookup`).
    """
    from wordle_cli.solver import openings

    return openings.lookup(lists, strategy, pool_only, hard, extended)


def exact_search(strategy: str):
    """The exact search's chooser for the `optimal` strategy (None for the greedy ones)."""
    if strategy != "optimal":
        return None
    from wordle_cli.trees.optimal import OptimalChooser

    return OptimalChooser


# ---------------------------------------------------------------- a puzzle of the NYT's history


#: The reports that have said the user's history is set aside (`say_set_aside`): once a command is enough.
_SAID_SET_ASIDE: weakref.WeakSet = weakref.WeakSet()


def say_set_aside(report: Report) -> None:
    """One warning, once per report, when the user's history is set aside (empty, or without its header:
    `history.set_aside`) and the shipped history is used alone; wherever the history is read for a command."""
    from wordle_cli import history

    try:
        if report in _SAID_SET_ASIDE:
            return
    except TypeError:  # a report that takes no weak reference: it hears it each time
        pass
    note = history.set_aside()
    if note is not None:
        report.warn(note)
        try:
            _SAID_SET_ASIDE.add(report)
        except TypeError:
            pass


def history_days(report: Report, warn_stale: bool = True):
    """The known days (`history.known_days`), saying (with `warn_stale`) when an answer is missing from the shipped lists."""
    from wordle_cli import history

    say_set_aside(report)
    days = history.known_days()
    stale = history.unlisted(days) if warn_stale else []
    if stale:
        numbers = ", ".join(f"#{d.number}" for d in stale[:5]) + (", ..." if len(stale) > 5 else "")
        report.warn(
            f"the lists are out of date: the answer of {numbers} is not in {history.ANSWER_LIST} "
            "(a newer wordle-cli may ship newer lists)"
        )
    return days


def puzzle_rows(report: Report, number: int, spoil: bool, days=None):
    """Puzzle `number`'s rows of the history (two on a doubled day of 2022): a WordleError when the history does
    not have it (naming `wordle history update`, with --spoil for a later day), else refused for today and later
    without `spoil` (ModeConflict). `days()` gives the known days (default: `history_days`)."""
    from wordle_cli import history

    date, today = history.date_of(number), history.today()
    known = days() if days is not None else history_days(report)
    rows = history.on_number(known, number)
    if not rows:  # said first: --spoil would not help
        last = history.last(known)
        if date <= today:
            fetch = "`wordle history update` fetches the days since" + ("" if spoil or date < today else ", and --spoil then uses today's")
        else:
            fetch = f"a day after today ({today}) is there once published and fetched by `wordle history update --spoil`"
        raise WordleError(f"#{number} ({date}) is not in the history, which ends at #{last.number} ({last.date}): {fetch}")
    if date > today and not spoil:
        raise ModeConflict(f"#{number} falls on {date}, after today ({today}): its answer is a spoiler; add --spoil to use it")
    if date == today and not spoil:
        raise ModeConflict(f"#{number} is today's puzzle ({date}): its answer is a spoiler; add --spoil to use it")
    return rows


def puzzle_answer(report: Report, number: int, spoil: bool, days=None) -> str:
    """Puzzle `number`'s answer from the history (`puzzle_rows`); on a doubled day of 2022 a warning says which
    word is used and why."""
    from wordle_cli import history

    answer, note = history.answer_of(puzzle_rows(report, number, spoil, days))
    if note:
        report.warn(note)
    return answer
