"""Grading a played game turn by turn (the definitions are in docs/review.md).

For a position with pool P (|P| = n answers equally likely) and a guess g:

- E(g) = (n + the values of g's feedback classes) / n: the expected number
  of guesses from here to the end, playing g now and the best afterwards;
  best = min over guesses of E(g); cost = E(played) - best;
- answers left: the size of the outcome's class (1 on a win), beside the
  guess's expected answers left, sum of squared class sizes / n;
- luck = E(played) - (1 + E_after), E_after being the best expected number
  of guesses from the outcome's position (0 on a win): in guesses, the part
  of E(played) the outcome saved (positive: lucky) or added (negative:
  unlucky; 0: average).

So for a game won at turn T: T = best(turn 1) + sum of costs - sum of luck,
exactly (`Review.check`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from wordle_cli.errors import UsageProblem, WordleError, quote
from wordle_cli.model.feedback import feedback as tiles_for
from wordle_cli.model.feedback import show
from wordle_cli.model.game import Game
from wordle_cli.model.hardmode import Constraints
from wordle_cli.model.rules import strict_predicate
from wordle_cli.reviewer.classes import expected_left, outcome_codes
from wordle_cli.reviewer.exact import INF


@dataclass
class TurnReview:
    """One turn of the review; expected values are in guesses, from this turn to the end."""

    turn: int
    guess: str
    tiles: tuple[int, ...] | None  # None: the last guess, its feedback not given
    before: int  # answers possible before the guess
    after: int | None  # answers possible after its feedback (1 on a win)
    expected_left: Fraction  # the guess's expected answers left: sum of squared class sizes / before
    expected: Fraction  # E(guess played), optimal (or the strategy's) play afterwards
    best: Fraction | None  # E(best guess); None where out of reach (see Review.notes)
    best_guess: str | None
    ties: int | None  # guesses as good as the best (None: not counted)
    cost: Fraction | None  # expected - best (0: an optimal move)
    luck: Fraction | None  # expected - (1 + best expected from the outcome); None without feedback
    hard_violation: str | None = None  # hard mode: why the guess broke the rules

    @property
    def luck_words(self) -> str | None:
        """lucky (luck > 0: the outcome left less to do than the guess's average), unlucky (< 0), average (0)."""
        if self.luck is None:
            return None
        return "lucky" if self.luck > 0 else "unlucky" if self.luck < 0 else "average"

    def as_dict(self) -> dict:
        return {
            "turn": self.turn,
            "guess": self.guess,
            "feedback": None if self.tiles is None else "".join("BYG"[t] for t in self.tiles),
            "before": self.before,
            "after": self.after,
            "expected_left": _number(self.expected_left),
            "expected": _number(self.expected),
            "best": _number(self.best),
            "best_guess": self.best_guess,
            "ties": self.ties,
            "cost": _number(self.cost),
            "luck": _number(self.luck),
            "luck_words": self.luck_words,
            "hard_violation": self.hard_violation,
        }


@dataclass
class Review:
    """A reviewed game: its turns and the summary line."""

    turns: list[TurnReview]
    solved: bool
    strategy: str  # "optimal" (proven) or the greedy strategy reviewed against
    proven: bool
    hard: bool
    max_guesses: int | None  # the guess limit the values respect (None: none)
    remaining: Fraction | None = None  # unsolved: best expected guesses still to come
    notes: list[str] = field(default_factory=list)

    @property
    def guesses(self) -> int:
        return len(self.turns)

    @property
    def expected_first(self) -> Fraction:
        """Expected guesses with the first guess played and the best play after it."""
        return self.turns[0].expected

    @property
    def expected_best(self) -> Fraction | None:
        """Expected guesses with the best opener and the best play after it."""
        return self.turns[0].best

    def check(self) -> Fraction | None:
        """best(turn 1) + sum of costs - sum of luck: the guesses used (+ `remaining` when unsolved)."""
        if self.expected_best is None or any(t.cost is None or t.luck is None for t in self.turns):
            return None
        return self.expected_best + sum(t.cost for t in self.turns) - sum(t.luck for t in self.turns)

    def as_dict(self) -> dict:
        return {
            "strategy": self.strategy,
            "proven": self.proven,
            "hard": self.hard,
            "max_guesses": self.max_guesses,
            "solved": self.solved,
            "guesses": self.guesses,
            "expected_first": _number(self.expected_first),
            "expected_best": _number(self.expected_best),
            "remaining": _number(self.remaining),
            "turns": [t.as_dict() for t in self.turns],
            "notes": list(self.notes),
        }


class OutOfRows(Exception):
    """A value was infinite: the game cannot be finished within the guess limit from there."""


class OpenerOutOfRows(OutOfRows):
    """The first guess itself cannot be sure to finish within the guess limit (not redone without one)."""


def game_tiles(game: Game, guesses: list[str], answer: str | None, feedback: list | None) -> list:
    """Each guess's tiles (None for an unfinished last guess), from `answer` or the given feedback."""
    if answer is not None:
        if answer not in game.answer_index:
            raise UsageProblem(f"the answer {quote(answer)} is not one of the {len(game.answers)} answers")
        tiles = [tiles_for(g, answer) for g in guesses]
    else:
        tiles = list(feedback or [])
        if len(tiles) not in (len(guesses), len(guesses) - 1):
            raise UsageProblem(f"{len(guesses)} guesses need {len(guesses)} feedbacks (or one fewer: an unfinished last guess), got {len(tiles)}")
        tiles += [None] * (len(guesses) - len(tiles))
    win = (2,) * game.length
    for i, t in enumerate(tiles[:-1]):
        if t == win:
            raise UsageProblem(f"the game was won at turn {i + 1} ({quote(guesses[i])}); {_follow(len(guesses) - i - 1)}")
    check_consistent(game, guesses, tiles)
    return tiles


#: The most answers an impossible game's message names (the turns before the impossible one left them).
SHOWN_LEFT = 5


def check_consistent(game: Game, guesses: list[str], tiles: list) -> None:
    """Refuse a game no answer can produce, before any value is computed.

    Every row with feedback, the final all-green one included, must leave
    some answer of the game (by the model's feedback rule, as `prune` keeps
    them): a WordleError names the first row that leaves none, and what the
    rows before it left.
    """
    pool = game.answers
    for number, (guess, got) in enumerate(zip(guesses, tiles), start=1):
        if got is None:
            break
        keep = strict_predicate(guess, tuple(got))
        left = [word for word in pool if keep(word)]
        if not left:
            message = f"turn {number}: no possible answer gives {show(tuple(got), 'byg')} for {quote(guess)}"
            if number > 1:
                shown = ", ".join(pool[:SHOWN_LEFT])
                more = f", ... ({len(pool)} answers)" if len(pool) > SHOWN_LEFT else ""
                message += f"; the turns before it left {shown}{more}"
            raise WordleError(message)
        pool = left


def review_game(values, game: Game, guesses: list[str], tiles: list, hard: bool, strategy: str, max_guesses: int | None) -> Review:
    """Review the turns with `values` (`ExactValues` or `GreedyValues`); OutOfRows when a value is infinite."""
    if not guesses:
        raise UsageProblem("no guesses to review")
    position = values.start()
    constraints = Constraints.none(game.length)
    turns = []
    for number, (guess, got) in enumerate(zip(guesses, tiles), start=1):
        violation = constraints.violation(guess) if hard else None
        pool = values.pool(position)
        n = len(pool)
        best_total, best_guess = values.best(position)
        played = values.played(position, guess, legal=violation is None)
        if played >= INF and number == 1:
            raise OpenerOutOfRows
        if played >= INF or (best_total is not None and best_total >= INF):
            raise OutOfRows
        squares, _ = expected_left(outcome_codes(game, pool, guess))
        best = None if best_total is None else Fraction(best_total, n)
        expected = Fraction(played, n)
        ties = values.ties(position, best_total) if best_total is not None else None
        after = luck = None
        if got is not None:
            if got == (2,) * game.length:
                after, after_best = 1, Fraction(0)
            else:
                position = values.after(position, guess, got)
                after = len(values.pool(position))
                total, _ = values.best(position)
                if total >= INF:
                    raise OutOfRows
                after_best = Fraction(total, after)
            luck = expected - 1 - after_best
            constraints = constraints.after(guess, got)
        turns.append(
            TurnReview(
                number, guess, got, n, after, Fraction(squares, n), expected, best, best_guess, ties,
                None if best is None else expected - best, luck, violation,
            )
        )
    solved = tiles[-1] == (2,) * game.length
    review = Review(turns, solved, strategy, values.proven, hard, max_guesses)
    if not solved and tiles[-1] is not None:
        total, _ = values.best(position)
        if total >= INF:
            raise OutOfRows
        review.remaining = Fraction(total, len(values.pool(position)))
    if values.unproven_root:
        review.notes.append(
            "the best opener's value is not known for these lists (proving it is `wordle tree rank`'s long job); not compared"
        )
    if getattr(values, "cache", None) is not None and values.cache.problems:
        review.notes.extend(dict.fromkeys(values.cache.problems))
    return review


def run(
    game: Game,
    guesses: list[str],
    tiles: list,
    *,
    hard: bool = False,
    strategy: str = "optimal",
    max_guesses: int | None = 6,
    backend: str = "cpu",
    threads: int = 1,
    cache: bool = True,
    progress=None,
) -> Review:
    """The review of a game (see the module docstring); without the guess limit if it cannot be kept."""
    if strategy == "optimal":
        from wordle_cli.reviewer.exact import ExactValues

        def make(limit):
            return ExactValues(game, hard=hard, max_guesses=limit, backend=backend, threads=threads, cache=cache, progress=progress)
    else:
        from wordle_cli.reviewer.greedy import GreedyValues

        def make(limit):
            return GreedyValues(game, strategy, hard=hard, backend=backend)

        max_guesses = None
    try:
        return review_game(make(max_guesses), game, guesses, tiles, hard, strategy, max_guesses)
    except OutOfRows as exc:
        if max_guesses is None:
            raise WordleError("the game cannot be finished from here") from None
        if isinstance(exc, OpenerOutOfRows):
            # Redoing a whole game without a limit is a long proof on full lists: say so, and let the user choose.
            raise WordleError(
                f"{guesses[0]} cannot win every game within {max_guesses} guesses{' in hard mode' if hard else ''} on these lists: "
                f"review with --max-guesses {max_guesses + 1} (or 0: no limit)"
            ) from None
    review = review_game(make(None), game, guesses, tiles, hard, strategy, None)
    review.notes.insert(0, f"the game cannot be sure to finish within {max_guesses} guesses from some turn; reviewed with no limit")
    return review


def _number(x) -> float | None:
    """A value for JSON: exact fractions become floats, missing ones null."""
    return None if x is None else float(x)


def _follow(n: int) -> str:
    """`1 guess follows it`, `2 guesses follow it`."""
    return "1 guess follows it" if n == 1 else f"{n} guesses follow it"
