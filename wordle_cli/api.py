"""The public Python API: the commands' work as functions that return data.

Everything here is also available at the package top level
(`wordle_cli.feedback`, `wordle_cli.score`, ...). The commands call these
same functions, so a result from Python equals what the CLI prints. Errors
raise `wordle_cli.errors.WordleError` (bad data, environment) or its
subclass `UsageProblem` (a bad argument); nothing here prints.

>>> import wordle_cli as w
>>> w.feedback("sheer", "super")
'EAAEE'
>>> w.prune("roate", "CACAA", ["cigar", "rebut", "sugar", "humph"])
['cigar', 'sugar']
>>> best = w.score(["roate", "cigar", "zzzzz"], ["cigar", "rebut", "robin", "awake"])[0]
>>> best.guess, best.average_num_allowed, best.max_wordlist_len
('cigar', Fraction(1, 1), 1)
>>> game = w.solve("cigar", prior="uniform")
>>> game.guesses
['roate', 'carrs', 'cigar']
>>> print(game.share())
Wordle 3/6
<BLANKLINE>
🟨⬛🟨⬛⬛
🟩🟨🟨⬛⬛
🟩🟩🟩🟩🟩
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from wordle_cli.backends import RULES
from wordle_cli.config import MAX_WORD_LENGTH
from wordle_cli.errors import UsageProblem, WordleError, quote
from wordle_cli.model import feedback as _feedback
from wordle_cli.model.game import ROWS
from wordle_cli.setup import MOVE_BUDGET as MOVE_BUDGET
from wordle_cli.setup import Opener as Opener
from wordle_cli.setup import answer_weights as answer_weights  # re-exported: the API's names since before `setup`
from wordle_cli.setup import book_opener as book_opener
from wordle_cli.setup import exact_search as exact_search
from wordle_cli.setup import game_of_words as _lists
from wordle_cli.setup import new_solver as new_solver
from wordle_cli.setup import opener_for as opener_for
from wordle_cli.setup import words_of
from wordle_cli.wordlist import normalise

if TYPE_CHECKING:  # the solver's modules load only when solve/simulate run, so `prune` stays fast
    from wordle_cli.reviewer.review import Review
    from wordle_cli.solver.record import PlayedGame
    from wordle_cli.solver.tree import Simulation

__all__ = [
    "feedback", "score", "prune", "solve", "simulate", "review", "GuessScore", "LieScore", "Ranking", "WordleError", "UsageProblem",
]


# ---------------------------------------------------------------- words and tiles


def _word(word: str, what: str, length: int | None = None) -> str:
    if not isinstance(word, str):
        raise UsageProblem(f"{what} must be a string, not {type(word).__name__}")
    word = normalise(word.strip())
    if not word:
        raise UsageProblem(f"{what} is empty")
    if len(word) > MAX_WORD_LENGTH:
        raise UsageProblem(f"{what} {quote(word)} has length {len(word)}; words must have 1 to {MAX_WORD_LENGTH} symbols")
    if length is not None and len(word) != length:
        raise UsageProblem(f"{what} {quote(word)} has length {len(word)}, expected {length}")
    return word


def _tiles(result: str | Sequence[int], length: int) -> tuple[int, ...]:
    """Feedback in any spelling (`ACAAC`, `byyby`, `01001`, emoji, spaces allowed) or a tuple of 0/1/2."""
    if isinstance(result, str):
        try:
            return _feedback.parse(result, length)
        except ValueError as exc:
            raise UsageProblem(str(exc)) from None
    tiles = tuple(result)
    if len(tiles) != length or any(t not in (0, 1, 2) for t in tiles):
        raise UsageProblem(f"result {quote(repr(tiles))} must be {length} tiles, each 0 (absent), 1 (contained) or 2 (exact)")
    return tiles


def feedback(guess: str, answer: str) -> str:
    """The tiles `guess` gets when the answer is `answer`, as `ACE` letters.

    A absent, C contained, E exact; Wordle's rule for repeated letters (exact
    positions first, then each other letter is contained while the answer
    has an unmatched copy). `wordle feedback GUESS ANSWER` prints the same.

    >>> feedback("sheer", "super")
    'EAAEE'
    >>> feedback("speed", "abide")
    'AACAC'
    """
    answer = _word(answer, "answer")
    guess = _word(guess, "guess", len(answer))
    return _feedback.show(_feedback.feedback(guess, answer))


# ---------------------------------------------------------------- prune


def prune(
    guess: str, result: str | Sequence[int], words: Iterable[str], *, rule: str = "strict", backend: str = "cpu", lies: int = 0
) -> list[str]:
    """The words (in their order) still possible after `guess` got `result`.

    `result` is the feedback in any spelling `wordle prune` reads (`ACAAC`,
    `byyby`, `01001`, pasted emoji; spaces between tiles ignored) or a
    sequence of tiles 0/1/2. `rule` "strict" keeps a word iff it gives the
    same feedback; "loose" is the original program's letter-bounds check.
    `lies` (Fibble: 1): the row lies in exactly that many tiles, so a word is
    kept iff its true feedback differs from `result` in exactly that many
    tiles (an all-exact `result` keeps only the guess: it is never a lie).
    `backend` "cpu" filters in pure Python; "cuda" (or "auto") may use a GPU.

    >>> prune("roate", "🟨⬛🟨⬛⬛", ["cigar", "rebut", "sugar", "humph"])
    ['cigar', 'sugar']
    >>> prune("roate", [1, 0, 1, 0, 0], ["cigar", "rebut", "sugar"])
    ['cigar', 'sugar']
    >>> prune("roate", "🟨⬛🟨⬛🟩", ["cigar", "rebut", "sugar", "humph"], lies=1)
    ['cigar', 'sugar']
    """
    from wordle_cli import backends

    if rule not in RULES:
        raise UsageProblem(f"unknown rule {quote(rule)}; choose one of {', '.join(RULES)}")
    words = words_of(words)
    length = len(words[0])
    guess = _word(guess, "guess", length)
    tiles = _tiles(result, length)
    rule_of_lies = _lies(lies, length, rule)
    chosen = backends.resolve(backend, pairs=len(words))
    if chosen == "cpu":
        from wordle_cli.model.rules import predicate

        keep = rule_of_lies.predicate(guess, tiles) if rule_of_lies is not None else predicate(rule, guess, tiles)
        return [w for w in words if keep(w)]
    import numpy as np

    from wordle_cli.encoding import Alphabet

    alphabet = Alphabet.of([guess], words)
    module = backends.load(chosen)
    if rule_of_lies is not None:
        from wordle_cli.model.lie_split import consistent_mask

        codes = module.feedback_codes(alphabet.encode_word(guess), alphabet.encode(words, length))
        mask = consistent_mask(rule_of_lies, codes, _feedback.encode(tiles))
    else:
        mask = module.consistent(alphabet.encode_word(guess), np.array(tiles, dtype=np.uint8), alphabet.encode(words, length), rule)
    return [w for w, k in zip(words, mask.tolist()) if k]


def _lies(lies: int, length: int, rule: str = "strict"):
    """The rule of `lies` lies per row (`Lies`), None for 0; UsageProblem for a bad count or the loose rule."""
    if not isinstance(lies, int) or isinstance(lies, bool):
        raise UsageProblem(f"lies must be a whole number, not {type(lies).__name__}")
    if lies == 0:
        return None
    if rule != "strict":
        raise UsageProblem("--lies goes with the strict rule, not --rule loose")
    from wordle_cli.model.lies import Lies

    return Lies(lies, length)


# ---------------------------------------------------------------- score


class GuessScore(NamedTuple):
    """One row of `wordle score`'s CSV, with exact numbers.

    `average_num_allowed`: answers left on average after this guess's
    feedback; `num_allowed_variance`: their sample variance (both exact
    `Fraction`s, computed from integer sums on access); `max_wordlist_len`:
    the worst case.
    """

    guess: str
    is_potential_answer: bool
    max_wordlist_len: int
    answers: int  # how many answers were scored against (under a prior: their total weight)
    total: int  # sum over the answers of the answers left (N x average)
    total_squares: int  # sum of their squares

    @property
    def average_num_allowed(self) -> Fraction:
        return Fraction(self.total, self.answers)

    @property
    def num_allowed_variance(self) -> Fraction:
        from wordle_cli.stats import variance

        return variance(self.total, self.total_squares, self.answers)


class LieScore(NamedTuple):
    """One row of `wordle score --lies N`'s CSV, with exact numbers.

    `average_num_allowed`: answers left on average over the answers (equally
    likely) and the host's lie (uniform over the tiles and their wrong
    colours), an exact `Fraction`; `max_wordlist_len`: the worst case over
    both (a host choosing the answer and the lie).
    """

    guess: str
    is_potential_answer: bool
    max_wordlist_len: int
    answers: int
    total: int  # answers x scale x average
    scale: int  # the lie rule's `scale`

    @property
    def average_num_allowed(self) -> Fraction:
        return Fraction(self.total, self.answers * self.scale)


class Ranking(list):
    """`score`'s result: `GuessScore`s, best first, and the CSV they came from."""

    def __init__(self, rows: Iterable[GuessScore], scores) -> None:
        super().__init__(rows)
        self._scores = scores

    def csv(self, precision: int = 6) -> Iterator[str]:
        """The lines of `wordle score`'s CSV (header first), numbers exactly rounded to `precision` digits."""
        from wordle_cli.scoring import csv_rows

        return csv_rows(self._scores, precision)


def score(
    allowed: Iterable[str], answers: Iterable[str], *, rule: str = "strict", backend: str = "auto", lies: int = 0, weights=None
) -> Ranking:
    """Rank every allowed guess by how many answers it leaves, best first.

    Each answer equally likely; the order is (average, max, variance, answers
    before non-answers, guess), as in `wordle score`. Returns a list of
    `GuessScore`; its `.csv(precision)` gives the command's CSV lines.
    `backend`: "auto" (CUDA for large jobs when a GPU is usable), "cpu", "cuda".
    With `lies` (Fibble: 1) the rows are `LieScore`s: the average over the
    answers and the host's uniformly random lie, the worst case over both,
    ordered by (average, max, answers first, guess).
    `weights` (an `AnswerWeights`, or integers >= 1, one per distinct answer
    in order): the answer is drawn from that prior; the average is the
    expected number of answers left, the variance the sample variance with
    the weights as frequencies, and a row's `answers` is the total weight
    (strict rule, no lies). None, or all weights equal: uniform.

    >>> [(s.guess, s.average_num_allowed) for s in score(["abc", "bcd", "xyz"], ["abc", "abd", "bcd"])]
    [('abc', Fraction(1, 1)), ('bcd', Fraction(1, 1)), ('xyz', Fraction(3, 1))]
    """
    from wordle_cli import backends, scoring

    if rule not in RULES:
        raise UsageProblem(f"unknown rule {quote(rule)}; choose one of {', '.join(RULES)}")
    allowed, answers = words_of(allowed, "allowed"), words_of(answers, "answers")
    if len(allowed[0]) != len(answers[0]):
        raise UsageProblem(f"allowed words have length {len(allowed[0])}, answers have length {len(answers[0])}")
    chosen = backends.resolve(backend, pairs=len(allowed) * len(answers))
    rule_of_lies = _lies(lies, len(answers[0]), rule)
    if weights is not None:
        from wordle_cli.model.weights import checked
        from wordle_cli.setup import prior_excluded, refuse_weights

        prior = checked(weights, len(answers))
        refuse_weights(prior, prior_excluded(lies=lies, rule=rule))
        weights = prior.solver_weights()
    if weights is not None:
        scores = scoring.compute_weighted(allowed, answers, weights, chosen)
        s1, s2, mx = (a.tolist() for a in (scores.sums.sum_wn, scores.sums.sum_wn2, scores.sums.max_n))
        rows = (
            GuessScore(guess=allowed[i], is_potential_answer=scores.is_answer[i], max_wordlist_len=mx[i], answers=scores.total,
                       total=s1[i], total_squares=s2[i])
            for i in scoring.ranking(scores)
        )
        return Ranking(rows, scores)
    scores = scoring.compute(allowed, answers, rule, chosen, rule_of_lies)
    if rule_of_lies is not None:
        total, worst = scores.total.tolist(), scores.worst.tolist()
        scale = rule_of_lies.scale
        lie_rows = (
            LieScore(guess=allowed[i], is_potential_answer=scores.is_answer[i], max_wordlist_len=worst[i], answers=len(answers),
                     total=total[i], scale=scale)
            for i in scoring.ranking(scores)
        )
        return Ranking(lie_rows, scores)
    s1, s2, mx = (a.tolist() for a in (scores.sums.sum_n, scores.sums.sum_n2, scores.sums.max_n))
    n = scores.n_answers
    rows = (
        GuessScore(guess=allowed[i], is_potential_answer=scores.is_answer[i], max_wordlist_len=mx[i], answers=n, total=s1[i],
                   total_squares=s2[i])
        for i in scoring.ranking(scores)
    )
    return Ranking(rows, scores)


# ---------------------------------------------------------------- the prior


def best_opener(
    game=None,
    weights=None,
    *,
    hard: bool = False,
    time_limit: float | None = None,
    max_guesses: int | None = ROWS,
    answers: Iterable[str] | None = None,
    allowed: Iterable[str] | None = None,
    cache: bool = True,
    backend: str = "auto",
    problems: list[str] | None = None,
):
    """The best first guess under a prior, proven over every allowed guess: a `trees.opener.OpenerResult`.

    `game`: a game's name (None: the default game), or its lists (a
    `model.game.Game`); `weights`: an `AnswerWeights` (`answer_weights`) or
    integers >= 0, one per answer (None: uniform; answers of weight 0 leave
    the pool). Looked up in the shipped table (the nyt prior of the day after
    the shipped history, and the uniform prior's published openers), then in
    the user's cache folder (`cache`), else proven now and cached: seconds
    to minutes on today's lists. `time_limit` (seconds; None: to the end)
    bounds the search over every guess; a result not proven by then says
    so (`.proven` False, `.lower` the least total any opener can have).
    `.opener`, `.total` (weighted), `.expected` (guesses), `.proof_text()`.
    Cache problems (a damaged entry, a full disk) go to `problems`.

    >>> r = best_opener(None, [3, 1, 1], answers=["cigar", "rebut", "sissy"], allowed=["crane"], cache=False)
    >>> r.opener, r.total, str(r.expected), r.proven
    ('cigar', 7, '7/5', True)
    """
    import numpy as np

    from wordle_cli import backends
    from wordle_cli.model.game import Game as Lists
    from wordle_cli.trees import opener_store

    lists = game if isinstance(game, Lists) else _lists(game, answers, allowed)
    raw = np.asarray(getattr(weights, "weights", weights if weights is not None else np.ones(len(lists.answers))), dtype=np.int64)
    if raw.shape != (len(lists.answers),) or (raw.size and raw.min() < 0) or not raw.any():
        raise UsageProblem(f"weights must be {len(lists.answers)} integers >= 0, one per answer of the game, not all 0")
    if raw.min() == 0:  # answers of weight 0 leave the pool, as every command's `weighed_game` does
        keep = np.flatnonzero(raw)
        lists = Lists(lists.name, [lists.answers[i] for i in keep.tolist()], lists.candidates)
        raw = raw[keep]
    if max_guesses is not None and max_guesses < 1:
        raise UsageProblem(f"max_guesses must be at least 1 (or None), got {max_guesses}")
    root = None
    if cache:
        from wordle_cli.reviewer.cache import cache_dir

        root = cache_dir()
    chosen = backends.resolve(backend, pairs=len(lists.candidates) * len(lists.answers))
    return opener_store.find(
        lists, raw, hard=hard, max_guesses=max_guesses, time_limit=time_limit, cache_root=root, backend=chosen, problems=problems,
    )


# ---------------------------------------------------------------- solve and simulate

def _solver(game: str | None, answers, allowed, strategy: str | None, hard: bool, pool_only: bool, backend: str, lies: int = 0,
            weights=None, prior: str | None = None, date=None, move_budget: float | None = None, move_time: float | None = None):
    """The solver of `open_setup`'s game: the command's rules for the game, the prior, the date and the strategy
    (None: the best, `optimal` under a prior other than uniform, its budget a move by `setup.limits_of_move`)."""
    from wordle_cli.setup import open_setup, solver_of
    from wordle_cli.solver.strategy import STRATEGIES

    if strategy is not None and strategy not in STRATEGIES:
        raise UsageProblem(f"unknown strategy {quote(strategy)}; choose one of {', '.join(STRATEGIES)}")
    if not isinstance(lies, int) or isinstance(lies, bool):
        raise UsageProblem(f"lies must be a whole number, not {type(lies).__name__}")
    made = open_setup(
        game=game, answers=answers, allowed=allowed, prior=prior, weights=weights, date=date, strategy=strategy,
        move_budget=move_budget, move_time=move_time, hard=hard, pool_only=pool_only, lies=lies, backend=backend,
    )
    return solver_of(made)[0]


def _liar(solver, liar: str, seed: int):
    """The host that lies (`Liar`) for a solver of a game with lies; None without."""
    if solver.lies is None:
        return None
    from wordle_cli.model.lies import Liar

    return Liar(solver.lies, liar, seed)


def solve(
    target: str,
    *,
    strategy: str | None = None,
    hard: bool = False,
    first: str | None = None,
    pool_only: bool = False,
    game: str | None = None,
    answers: Iterable[str] | None = None,
    allowed: Iterable[str] | None = None,
    backend: str = "auto",
    lies: int = 0,
    liar: str = "random",
    seed: int = 0,
    weights=None,
    prior: str | None = None,
    date=None,
    move_budget: float | None = None,
    move_time: float | None = None,
) -> PlayedGame:
    """Play one game against `target` as `wordle solve` does; return its `PlayedGame` record.

    `target` may be any allowed word: one that is not among the answers is
    added to the pool (`game.added_to_pool`). `strategy`: "expected",
    "entropy", "minimax" or "optimal" (None: the default, `optimal` under a
    prior other than uniform, else `expected`); `hard`: hard mode; `first`: force the
    opener; `pool_only`: guess only possible answers; `game`: "nyt" (today's
    lists), "wordle" (2022's) or "primel", by default $WORDLE_GAME, else
    "nyt" (as every command); `answers` / `allowed` (lists of words) replace
    its lists. `lies` (Fibble: 1): every row lies in that many tiles, told
    by a host that lies at random (`liar` "random", drawn with `seed`) or
    against you ("worst"); each turn's `tiles` are then the row shown and
    `lied` the positions that lied; the game has nine rows. `move_budget`:
    the units of search work the optimal strategy may spend on a move before
    it plays the best guess found (`trees.budget.WORK_PER_UNIT`, about a CPU
    second of a 2-core machine; counted, so the same move on any machine),
    `move_time` the seconds of wall-clock time it may take (which varies with
    the machine): neither given, `MOVE_BUDGET` units; `move_time` alone, that
    limit alone (0: until proven); `move_budget` 0: no work limit.

    The prior follows `wordle solve`'s rule: `weights` if given (an
    `AnswerWeights`, `answer_weights(...)`, or integers >= 1 per answer of
    the game), else `prior` ("uniform", "nyt" or a FILE of word,weight
    lines), else $WORDLE_PRIOR, else "nyt" for the NYT's game on its own
    lists (no `answers` given) and "uniform" otherwise. The nyt prior is the
    puzzle's of `date` (a `datetime.date`), else $WORDLE_DATE's, else
    today's: like the command, the default game's play moves with the
    calendar; `prior="uniform"` does not. `strategy` None is the command's
    default: "optimal" (the exact optimum under the prior) under a prior
    other than uniform, else "expected".

    >>> [(t.guess, t.feedback, t.pool) for t in solve("cigar", game="nyt", prior="uniform").turns]
    [('roate', 'CACAA', 3158), ('carrs', 'ECCAA', 48), ('cigar', 'EEEEE', 1)]
    >>> [(t.guess, t.feedback, t.pool) for t in solve("cigar", game="wordle").turns]
    [('roate', 'CACAA', 2315), ('carrs', 'ECCAA', 35), ('cigar', 'EEEEE', 1)]
    >>> import datetime
    >>> solve("cigar", prior="nyt", date=datetime.date(2026, 6, 1)).guesses
    ['tarse', 'crowd', 'charm', 'cigar']
    """
    from wordle_cli.model.lies import FIBBLE_ROWS
    from wordle_cli.solver.record import play_game, with_target

    solver = _solver(game, answers, allowed, strategy, hard, pool_only, backend, lies, weights, prior, date, move_budget, move_time)
    lists = solver.game
    target = _word(target, "target", lists.length)
    if first is not None:
        first = _word(first, "first", lists.length)
    if target not in lists.answer_index and target not in lists.candidate_index:
        raise UsageProblem(f"target {quote(target)} is neither an answer nor an allowed guess")
    solver, added = with_target(solver, target)
    return play_game(solver, target, first, added, _liar(solver, liar, seed), FIBBLE_ROWS if lies else ROWS)


def simulate(
    targets: Iterable[str] | None = None,
    *,
    strategy: str | None = None,
    hard: bool = False,
    first: str | None = None,
    pool_only: bool = False,
    game: str | None = None,
    answers: Iterable[str] | None = None,
    allowed: Iterable[str] | None = None,
    backend: str = "auto",
    lies: int = 0,
    liar: str = "random",
    seed: int = 0,
    weights=None,
    prior: str | None = None,
    date=None,
    move_budget: float | None = None,
    move_time: float | None = None,
) -> Simulation:
    """Play every answer (or the answers in `targets`) as `wordle simulate` does.

    Returns a `Simulation`: `.targets`, `.paths` (the guesses of each game),
    `.counts`, `.histogram()`, `.mean()`, `.std()`, `.worst()`, `.failures()`.
    Options as for `solve`, the prior by its rule (with lies, `.failures(9)`
    counts Fibble's); under a prior, `.prior_mean()` weighs each game by its
    target's weight.

    >>> result = simulate(["cigar", "rebut", "sissy"], prior="uniform")
    >>> result.paths[0], result.counts
    (['roate', 'carrs', 'cigar'], [3, 3, 4])
    """
    from wordle_cli.solver.tree import simulate as play_all

    solver = _solver(game, answers, allowed, strategy, hard, pool_only, backend, lies, weights, prior, date, move_budget, move_time)
    lists = solver.game
    if first is not None:
        first = _word(first, "first", lists.length)
    if targets is None:
        chosen = list(lists.answers)
    else:
        chosen = words_of(targets, "targets")
        unknown = [t for t in chosen if t not in lists.answer_index]
        if unknown:
            raise UsageProblem(f"targets must be answers of the game; {quote(unknown[0])} is not")
    return play_all(solver, chosen, first, liar=_liar(solver, liar, seed))


# ---------------------------------------------------------------- review

#: What `review` grades against: the exact search, or a greedy strategy (fast, not proven).
REVIEW_STRATEGIES = ("optimal", "expected", "entropy")


def review(
    guesses: Iterable[str],
    answer: str | None = None,
    feedback: Iterable[str | Sequence[int]] | None = None,
    *,
    hard: bool = False,
    strategy: str = "optimal",
    max_guesses: int | None = ROWS,
    game: str | None = None,
    answers: Iterable[str] | None = None,
    allowed: Iterable[str] | None = None,
    backend: str = "auto",
    threads: int | None = None,
    cache: bool = True,
    progress=None,
    keep_limit: bool = False,
    time_limit: float | None = None,
    weights=None,
    budget: float | None = None,
) -> Review:
    """Grade a played game turn by turn, as `wordle review` does (docs/review.md).

    Give the `answer` (each turn's feedback is then computed) or the
    `feedback` of each guess (any spelling, or tiles 0/1/2; the last guess
    may lack one). Returns a `Review`: `.turns` (one `TurnReview` per guess:
    expected guesses with the guess played and with the best one, cost,
    luck), `.expected_first`, `.expected_best`, `.as_dict()`. `strategy`
    "optimal" proves every value with the exact search (values kept in the
    user's cache folder unless `cache=False`); "expected" or "entropy"
    reviews against that greedy strategy instead (not proven). Values keep
    every answer within `max_guesses` (None: no limit) where possible, and
    elsewhere the best chance to win within it comes first (`TurnReview.win`,
    `best_win`, `cost_win`, `luck_win`; a loss counted as `max_guesses` + 1
    guesses); a game of more guesses is refused (`keep_limit` changes
    nothing since: a game is always graded under its own limit).
    `progress(total, label)` may return a callable told the answers settled
    while an opener is proven (a factory that also takes `budget=` gets
    the `trees.budget.Budget` of the proofs, to show the work done). `budget`
    (units of search work, `trees.budget.WORK_PER_UNIT` each: about a CPU
    second of a 2-core machine; counted, so the same values on any machine)
    and `time_limit` (seconds of wall-clock time, which is not) stop the
    search, whichever comes first (None or 0: no such limit; neither: prove
    to the end): a value not proven by then is an `Interval` (a proven lower
    bound, a real strategy's value above), `.exact` False.
    `weights` (an `AnswerWeights` or integers >= 1, one per answer; None: uniform): the prior every
    expected value is under (the optimal strategy only).

    >>> r = review(["crane", "tough"], answer="tough", answers=["tough", "cough", "dough"], allowed=["crane", "tough"], cache=False)
    >>> [(t.guess, str(t.expected), str(t.best), str(t.cost), str(t.luck)) for t in r.turns]
    [('crane', '7/3', '2', '1/3', '-1/6'), ('tough', '3/2', '3/2', '0', '1/2')]
    """
    from wordle_cli import backends
    from wordle_cli.reviewer.review import game_tiles, run

    if strategy not in REVIEW_STRATEGIES:
        raise UsageProblem(f"unknown strategy {quote(strategy)}; choose one of {', '.join(REVIEW_STRATEGIES)}")
    if answer is not None and feedback is not None:
        raise UsageProblem("give the answer or the feedback, not both")
    if answer is None and feedback is None:
        raise UsageProblem("give the answer or each guess's feedback")
    if max_guesses is not None and max_guesses < 1:
        raise UsageProblem(f"max_guesses must be at least 1 (or None), got {max_guesses}")
    lists = _lists(game, answers, allowed)
    if isinstance(guesses, str):
        raise UsageProblem("guesses must be a list of words, not one string")
    played = [_word(g, "guess", lists.length) for g in guesses]
    if answer is not None:
        answer = _word(answer, "answer", lists.length)
    tiles = None if feedback is None else [_tiles(f, lists.length) for f in feedback]
    chosen = backends.resolve_with_threads(backend, len(lists.candidates) * len(lists.answers), threads)
    if threads is None:
        threads = backends.numba_module().get_num_threads()
    from wordle_cli.model.weights import checked

    prior = checked(weights, len(lists.answers))
    weighed = prior.solver_weights()
    result = run(
        lists, played, game_tiles(lists, played, answer, tiles), hard=hard, strategy=strategy, max_guesses=max_guesses,
        backend=chosen, threads=threads, cache=cache, progress=progress, keep_limit=keep_limit, time_limit=time_limit,
        budget=budget, weights=weighed,
    )
    if weighed is not None:
        result.prior = prior.label
    return result
