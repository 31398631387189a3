"""Grading a played game turn by turn (the definitions are in docs/review.md).

For a position with pool P (|P| = n answers equally likely) and a guess g:

- E(g) = (n + the values of g's feedback classes) / n: the expected number
  of guesses from here to the end, playing g now and the best afterwards;
  best = min over guesses of E(g); cost = E(played) - best;
- answers left: the size of the outcome's class (1 on a win), beside the
  guess's expected answers left, sum of squared class sizes / n (under a
  prior: sum over classes of class weight x class size / the pool's weight);
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
from wordle_cli.model.game import ROWS, Game
from wordle_cli.model.hardmode import Constraints
from wordle_cli.model.rules import strict_predicate
from wordle_cli.reviewer import repeat
from wordle_cli.reviewer.classes import expected_left, outcome_codes
from wordle_cli.reviewer.exact import INF
from wordle_cli.reviewer.interval import Interval, exact, hi, lo, minus, span


@dataclass
class TurnReview:
    """One turn of the review; expected values are in guesses, from this turn to the end."""

    turn: int
    guess: str
    tiles: tuple[int, ...] | None  # None: the last guess, its feedback not given
    before: int  # answers possible before the guess
    after: int | None  # answers possible after its feedback (1 on a win)
    expected_left: Fraction  # the guess's expected answers left: sum of squared class sizes / before (under a prior: weighted)
    # Each value below: an exact Fraction, or an `Interval` where the search stopped at the time limit.
    expected: Fraction | Interval  # E(guess played), optimal (or the strategy's) play afterwards
    best: Fraction | Interval | None  # E(best guess); None where out of reach (see Review.notes)
    best_guess: str | None  # with an interval: the best guess known (the strategy giving its upper bound)
    ties: int | None  # guesses as good as the best (None: not counted)
    cost: Fraction | Interval | None  # expected - best (0: an optimal move)
    luck: Fraction | Interval | None  # expected - (1 + best expected from the outcome); None without feedback
    hard_violation: str | None = None  # hard mode: why the guess broke the rules
    limit: int | None = 6  # the guess limit this turn's values are under
    # The chance to win within the limit (1: sure; None: not known), with the guess played and with the best one, and
    # how much of it the outcome added (+) or took (-): where it is below 1 it comes first, the expected guesses
    # (a loss counted as the limit + 1) second.
    win: Fraction | None = Fraction(1)
    best_win: Fraction | None = Fraction(1)
    luck_win: Fraction | None = None

    @property
    def cost_win(self) -> Fraction | None:
        """The chance to win the guess played gave up against the best one (0: none; None: not known)."""
        if self.win is None or self.best_win is None:
            return None
        return self.best_win - self.win

    @property
    def chance(self) -> bool:
        """Whether a chance to win below 1 is part of this turn's values."""
        return any(x is not None and x != 1 for x in (self.win, self.best_win)) or bool(self.luck_win)

    @property
    def luck_words(self) -> str | None:
        """lucky (luck > 0: the outcome left less to do than the guess's average), unlucky (< 0), average (0);
        for a range: the words it allows (`lucky or average`), `either` when it holds both signs. A chance to win
        the outcome changed decides first."""
        if self.luck_win:
            return "lucky" if self.luck_win > 0 else "unlucky"
        if self.luck is None:
            return None
        low, high = lo(self.luck), hi(self.luck)
        if low > 0:
            return "lucky"
        if high is not None and high < 0:
            return "unlucky"
        if low == 0:
            return "average" if high == 0 else "lucky or average"
        return "unlucky or average" if high == 0 else "either"

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
            "max_guesses": self.limit,
        }

    def chance_dict(self) -> dict:
        """The chances to win, for a review where one is below 1 (JSON)."""
        return {"win": _number(self.win), "best_win": _number(self.best_win), "cost_win": _number(self.cost_win),
                "luck_win": _number(self.luck_win)}


@dataclass
class Review:
    """A reviewed game: its turns and the summary line."""

    turns: list[TurnReview]
    solved: bool
    strategy: str  # "optimal" (proven) or the greedy strategy reviewed against
    proven: bool
    hard: bool
    max_guesses: int | None  # the guess limit the values respect (None: none)
    remaining: Fraction | Interval | None = None  # unsolved: best expected guesses still to come
    notes: list[str] = field(default_factory=list)
    exact: bool = True  # False: some values are intervals (a search stopped at its budget)
    time_limit: float | None = None  # the wall-clock seconds the search was given (None: none)
    budget: float | None = None  # the units of search work the search was given (None: none; `trees.budget`)
    clocked: bool = False  # the wall clock stopped some search: the ranges may differ from run to run
    cut: bool = False  # the budget of work stopped some search (else a range is one shipped or stored: the opener's)
    lost: bool = False  # every row used, unsolved
    remaining_win: Fraction | None = None  # unsolved: the chance to win still, with the best play (1: sure)
    prior: str | None = None  # the name of the prior the values are expectations under (None: uniform)
    reference: str | None = None  # turn 1's best is this reference opener's value, not the proven best (`ExactValues`)
    beaten: tuple | None = None  # (the reference opener, its expected guesses) where the opener played beats it

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
        """best(turn 1) + sum of costs - sum of luck: the guesses used (+ `remaining` when unsolved; a lost game:
        the limit + 1); None unless every value is exact."""
        if not exact(self.expected_best) or any(not exact(t.cost) or not exact(t.luck) for t in self.turns):
            return None
        return self.expected_best + sum(t.cost for t in self.turns) - sum(t.luck for t in self.turns)

    @property
    def chance(self) -> bool:
        """Whether a chance to win below 1 is part of the review (a turn's, or the game's: lost, or not sure)."""
        return self.lost or (self.remaining_win is not None and self.remaining_win != 1) or any(t.chance for t in self.turns)

    def check_win(self) -> Fraction | None:
        """The best opener's chance to win - the chances the moves gave up + the chances the outcomes added: 1 for a
        won game, 0 for a lost one (`remaining_win` when unfinished); None unless every one is known."""
        first = self.turns[0].best_win
        if first is None or any(t.cost_win is None or t.luck_win is None for t in self.turns):
            return None
        return first - sum(t.cost_win for t in self.turns) + sum(t.luck_win for t in self.turns)

    def as_dict(self) -> dict:
        return {
            "strategy": self.strategy,
            "proven": self.proven,
            "hard": self.hard,
            "max_guesses": self.max_guesses,
            "exact": self.exact,
            "time_limit": self.time_limit,
            "budget": self.budget,
            "clocked": self.clocked,
            "cut": self.cut,
            "solved": self.solved,
            "guesses": self.guesses,
            "expected_first": _number(self.expected_first),
            "expected_best": _number(self.expected_best),
            "remaining": _number(self.remaining),
            "turns": [t.as_dict() for t in self.turns],
            "notes": list(self.notes),
            **({"prior": self.prior} if self.prior is not None else {}),  # absent when uniform: today's JSON
            **({"reference": self.reference} if self.reference is not None else {}),
            **({"beaten": {"guess": self.beaten[0], "expected": _number(self.beaten[1])}} if self.beaten is not None else {}),
            **self._chance_dict(),
        }

    def _chance_dict(self) -> dict:
        """The chances to win, where one is below 1 (absent otherwise: a sure game's JSON as it always was)."""
        if not self.chance:
            return {}
        return {"lost": self.lost, "remaining_win": _number(self.remaining_win), "turns_win": [t.chance_dict() for t in self.turns]}


def too_long(guesses: int, max_guesses: int) -> str:
    """Why a game of more guesses than its rows is refused (one line, naming the limit)."""
    return (
        f"the game has {guesses} guesses, more than its {max_guesses} rows (--max-guesses {max_guesses}); "
        "give --max-guesses unlimited to review it with no limit"
    )


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


def review_game(
    make, game: Game, guesses: list[str], tiles: list, hard: bool, strategy: str, max_guesses: int | None, keep_limit: bool = False
) -> Review:
    """Review the turns with the values `make(limit)` gives (`ExactValues`, `GreedyValues`) for the guess limit.

    Each turn is graded under the guesses left at that turn. Where no
    strategy is sure to win in them (or the guess played is not), the chance
    to win within them comes first: the best guess is the one with the best
    chance, then the fewest expected guesses, a loss counted as the limit + 1
    (`ExactValues.chance_best`, `chance_played`); cost and luck are then in
    chance to win (`TurnReview.win`, `best_win`, `luck_win`) where it differs,
    in guesses where it does not. `keep_limit` changes nothing since (every
    game is graded under its own limit) and is kept for callers.
    """
    if not guesses:
        raise UsageProblem("no guesses to review")
    beaten = None  # (turn 1's reference opener, its expected guesses) where the opener played beats it
    values = make(max_guesses)
    position = values.start()
    constraints = Constraints.none(game.length)
    turns = []
    for number, (guess, got) in enumerate(zip(guesses, tiles), start=1):
        violation = constraints.violation(guess) if hard else None
        pool = values.pool(position)
        n = len(pool)
        weight = values.weight(position)  # what the totals are divided by: the pool's weight under the prior (n when uniform)
        played_lower, played_upper = values.played(position, guess, legal=violation is None)
        played_lost = 0  # weight lost; None: not known within the budget; -1: a sure win's bounds, no strategy found
        if played_lower >= INF:  # the guess cannot be sure to win in the guesses left: its chance to win comes first
            found = values.chance_played(position, guess)
            played_lost, played_lower, played_upper = found if found is not None else (None, INF, INF)
        elif played_upper >= INF:
            played_lost = -1  # stopped with no strategy found: whether it can be sure to win is not known (as before)
        best_lower, best_upper, best_guess = values.best(position)
        best_lost = 0
        if best_lower is not None and best_lower >= INF:  # no strategy is sure to win: the best chance
            found = values.chance_best(position)
            best_lost, best_lower, best_guess = found if found is not None else (None, None, None)
            best_upper = best_lower
        elif best_upper is not None and best_upper >= INF:
            best_lost = -1
        left_sum, left_weight = expected_left(outcome_codes(game, pool, guess), values.answer_weights(position))
        expected = None if played_lost is None else span(played_lower, played_upper, weight)
        best = None
        if number == 1 and getattr(values, "reference", None) and best_lower is not None and played_lost == best_lost == 0 \
                and played_upper < best_lower:  # the opener played beats the reference (not proven best): the best known
            beaten = (best_guess, span(best_lower, best_upper, weight))
            best_lower = played_lower
        if best_lower is not None:
            if played_lost == best_lost and played_upper < best_upper:  # the guess played is a strategy too
                best_upper, best_guess = played_upper, guess
            best = span(best_lower, best_upper, weight)
        ties = values.ties(position, best_lower) if best_lost == 0 and best_lower is not None and best_lower == best_upper else None
        cost = None
        if best is not None and expected is not None:
            if played_lost <= 0 and best_lost <= 0:  # both sure to win (or so bounded, -1): in guesses, as always
                cost = minus(expected, best, floor=Fraction(0))
            elif played_lost >= 0 and best_lost >= 0:  # in guesses; below 0 only where the chance to win is less
                cost = minus(expected, best, floor=Fraction(0) if played_lost == best_lost else None)
        after = None
        if got is not None:
            if got == (2,) * game.length:
                after = 1
            else:
                position = values.after(position, guess, got)
                after = len(values.pool(position))
            constraints = constraints.after(guess, got)
        turns.append(
            TurnReview(
                turn=number, guess=guess, tiles=got, before=n, after=after, expected_left=Fraction(left_sum, left_weight),
                expected=expected, best=best, best_guess=best_guess, ties=ties, cost=cost, luck=None,
                hard_violation=violation, limit=max_guesses,
                win=_win(played_lost, weight), best_win=None if best is None else _win(best_lost, weight),
            )
        )
    solved = tiles[-1] == (2,) * game.length
    review = Review(turns=turns, solved=solved, strategy=strategy, proven=values.proven, hard=hard, max_guesses=max_guesses)
    if not solved and tiles[-1] is not None:
        review.lost = max_guesses is not None and len(turns) >= max_guesses
        review.remaining, review.remaining_win = _remaining(values, position)
    _add_luck(review, game.length)
    review.exact = all(exact(x) for t in turns for x in (t.expected, t.best, t.cost, t.luck) if x is not None)
    review.time_limit = values.time_limit
    spent = getattr(values, "budget", None)  # the exact values' `trees.budget.Budget` (greedy values have none)
    if spent is not None:
        review.budget, review.clocked, review.cut = spent.units, spent.clocked, spent.cut
    _add_notes(review, values, guesses, beaten)
    return review


def _add_notes(review: Review, values, guesses: list[str], beaten) -> None:
    """The review's notes: what the budget left unsettled, turn 1's reference opener (and whether the opener played
    beats it), an unproven opener's value, the cache's problems."""
    if getattr(values, "chance_unknown", False):
        review.exact = False
        review.notes.append(
            "whether the win is sure, or its best chance, was not settled within the budget on some turns (no chance to "
            "win shown there; --budget 0 searches to the end)"
        )
    if getattr(values, "reference_note", None):  # turn 1 graded against a reference opener: named, the weak bound a footnote
        review.reference, review.beaten = values.reference, beaten
        review.notes.append(values.reference_note)
        if beaten is not None:
            review.notes.append(
                f"turn 1: {guesses[0]} beats {beaten[0]} under this prior ({_shown(review.turns[0].expected)} against "
                f"{_shown(beaten[1])} expected guesses): it is the best opener known here, at no cost"
            )
    if values.unproven_root:
        review.notes.append(
            "the best opener's value is not known for these lists (`wordle tree opener` proves it); not compared"
        )
    if values.cache is not None and values.cache.problems:
        review.notes.extend(dict.fromkeys(values.cache.problems))


def _remaining(values, position) -> tuple[Fraction | Interval | None, Fraction | None]:
    """(the expected guesses still to go with the best play, the chance to win still) of an unsolved game's last
    position; (None, None) where not known within the budget."""
    low, high, _ = values.best(position)
    lost = 0
    if low >= INF:  # not sure to win from here (no guess left at all: lost, each answer counted one guess more)
        found = values.chance_best(position)
        lost, low, high = (found[0], found[1], found[1]) if found is not None else (None, None, None)
    elif high >= INF:
        lost = -1
    if low is None:
        return None, None
    weight = values.weight(position)
    return span(low, high, weight), _win(lost, weight)


def _add_luck(review: Review, length: int) -> None:
    """Each turn's luck: E(played) - 1 - the best expected from the outcome, as the next turn grades it (so the sums
    add up); and the chance to win the outcome left less the guess's."""
    turns = review.turns
    for i, t in enumerate(turns):
        if t.tiles is None:
            continue
        if t.tiles == (2,) * length:
            after_best, after_win = Fraction(0), Fraction(1)
        elif i + 1 < len(turns):
            after_best, after_win = turns[i + 1].best, turns[i + 1].best_win
        else:
            after_best, after_win = review.remaining, review.remaining_win
        t.luck = None if after_best is None or t.expected is None else minus(minus(t.expected, Fraction(1)), after_best)
        t.luck_win = None if after_win is None or t.win is None else after_win - t.win


def _win(lost: int | None, weight: int) -> Fraction | None:
    """The chance to win, from the weight lost (None, or -1: a sure win's bound whose chance is not known: None)."""
    return None if lost is None or lost < 0 else 1 - Fraction(lost, weight)


def run(
    game: Game,
    guesses: list[str],
    tiles: list,
    *,
    hard: bool = False,
    strategy: str = "optimal",
    max_guesses: int | None = ROWS,
    backend: str = "cpu",
    threads: int = 1,
    cache: bool = True,
    progress=None,
    time_limit: float | None = None,
    budget: float | None = None,
    keep_limit: bool = False,
    weights=None,
    prior_date=None,
) -> Review:
    """The review of a game (see the module docstring and `review_game`).

    A game of more guesses than `max_guesses` is refused; every other is
    graded under `max_guesses`, the chance to win first where it is not sure
    (`keep_limit` is kept for callers and changes nothing). `weights`: a prior,
    an int64 weight per answer (None: uniform), for the optimal strategy only:
    every expected value is then under it (weighted totals / the pool's weight). `budget`: the units of search
    work the review's proofs may do in all (`trees.budget.Budget`: the same values on any machine), `time_limit`
    the seconds of wall-clock time (which vary with the machine and its load); None: no such limit.
    `prior_date`: the day of a dated prior, whose nearest proven opener turn 1 is graded against when this
    prior's own is not known (`ExactValues.reference`).
    """
    if max_guesses is not None and len(guesses) > max_guesses:
        raise UsageProblem(too_long(len(guesses), max_guesses))
    if strategy != "optimal":
        from wordle_cli.model.weights import checked
        from wordle_cli.reviewer.greedy import GreedyValues

        if checked(weights, len(game.answers)).solver_weights() is not None:
            raise UsageProblem(f"the {strategy} strategy's review is under the uniform prior only; review under a prior with the optimal strategy")

        return review_game(lambda limit: GreedyValues(game, strategy, hard=hard, backend=backend), game, guesses, tiles, hard,
                           strategy, None)
    from wordle_cli.reviewer.exact import ExactValues
    from wordle_cli.trees.budget import PROOF_SHARE, Budget, limit_seconds

    made: dict[int | None, ExactValues] = {}
    seconds = limit_seconds(time_limit)  # the proofs get a share of a wall-clock limit; the rest: the quick bounds
    shared = {"budget": Budget(budget, None if seconds is None else PROOF_SHARE * seconds)}  # one for the whole review
    if prior_date is not None:
        shared["prior_date"] = prior_date

    def make(limit):
        if limit not in made:
            made[limit] = ExactValues(
                game, hard=hard, max_guesses=limit, backend=backend, threads=threads, cache=cache, progress=progress,
                weights=weights, **shared,
            )
            shared["like"] = made[limit].problem  # the feedback table and the rest, built once
        return made[limit]

    kept = _kept(game, guesses, tiles, hard, max_guesses, keep_limit, shared["budget"], weights, prior_date) if cache and seconds is None else None
    if kept is not None and (review := repeat.load(kept[0], kept[1], Review, TurnReview)) is not None:
        review.notes.extend(dict.fromkeys(kept[0].problems))
        return review
    review = review_game(make, game, guesses, tiles, hard, strategy, max_guesses, keep_limit)
    if kept is not None:
        if not review.clocked and not shared["budget"].interrupted:
            problems = set(kept[0].problems).union(*(values.cache.problems for values in made.values() if values.cache is not None))
            repeat.save(kept[0], kept[1], review, [note for note in review.notes if note not in problems])
        review.notes.extend(note for note in dict.fromkeys(kept[0].problems) if note not in review.notes)
    return review


def _kept(game: Game, guesses, tiles, hard, max_guesses, keep_limit, budget, weights, prior_date=None):
    """(the cache, the key) a whole review is kept under (`repeat`): the review's own game, rules and budget."""
    from wordle_cli.reviewer.exact import cache_for
    from wordle_cli.trees import opener_store

    cache = cache_for(game, weights, hard, max_guesses)
    opener = reference = None
    if weights is not None:  # the best opener known under the prior: one proven later changes turn 1's best
        opener = opener_store.stored(game, weights, hard=hard, max_guesses=max_guesses, cache_root=cache.folder.parent)
        if opener is None:  # ... else the reference turn 1 is graded against: one proven for a nearer day changes it
            reference = opener_store.reference(game, hard=hard, max_guesses=max_guesses, date=prior_date, cache_root=cache.folder.parent)
    return cache, repeat.key(
        guesses, tiles, strategy="optimal", keep_limit=keep_limit, budget=budget.units, opener=opener, reference=reference
    )


def _number(x) -> float | dict | None:
    """A value for JSON: exact fractions become floats, intervals {"lower", "upper"}, missing ones null."""
    if isinstance(x, Interval):
        return x.as_json()
    return None if x is None else float(x)


def _follow(n: int) -> str:
    """`1 guess follows it`, `2 guesses follow it`."""
    return "1 guess follows it" if n == 1 else f"{n} guesses follow it"


def _shown(x) -> str:
    """An expected number of guesses for a note: `3.09778`, or a range `3.098–3.102`."""
    from wordle_cli.stats import format_g

    if isinstance(x, Interval):
        return "?" if x.upper is None else f"{float(x.lower):.3f}–{float(x.upper):.3f}"
    return format_g(x)
