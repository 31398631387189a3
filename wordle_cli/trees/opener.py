"""The best first guess under a prior, proven over every allowed guess (issue 40, item 2).

The proof is the ranking of `tree rank` done by the exact search itself:

1. the few most promising openers (the uniform prior's proven best, when
   known, and those with the least weighted sum of squares of their
   classes' weights) are proven exactly, the first in full and the
   others each only as far as it could still beat the best so far; the best
   of them is the incumbent, with its own proven total T;
2. the search then solves the opening position over **every** allowed
   guess with the window T (`search.solve(..., beta=T)`): each other opener
   is cut as soon as its classes' lower bounds reach T, and a guess whose
   partition a neighbour's refines is never tried (a proof too). An exact
   value below T names a better opener (proven); a value >= T proves that
   no opener beats the incumbent (one may tie it: the incumbent stays).

Under a time limit, step 2 may stop first: the result is then the
incumbent, its total proven for itself, and the least total any opener can
have (the stopped search's lower bound), labelled as only bounded. Step 1's
first opener is always proven in full (seconds on today's lists).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from wordle_cli.trees import search
from wordle_cli.trees.budget import NO_LIMIT, Deadline

#: How many of the most promising openers step 1 proves before the search over every guess.
LEADERS = 3


@dataclass(frozen=True)
class OpenerResult:
    """The best opener found, with what is proven about it.

    `total` is the opener's own proven weighted total (sum of weight x
    guesses over the answers, every answer within `max_guesses`); `weight`
    the prior's total weight, so `expected` = total / weight guesses. No
    opener of the `guesses` allowed has a total below `lower`: when `lower`
    equals `total` the opener is proven best over all of them.
    """

    opener: str
    total: int
    weight: int
    lower: int
    guesses: int
    hard: bool
    max_guesses: int | None
    seconds: float  # the time the proof took when it was made (a cached or shipped one's, not this lookup's)
    time_limit: float | None = None  # the budget of a run that stopped before the proof was complete
    source: str = "computed"  # "computed", "cache" or "shipped"

    @property
    def proven(self) -> bool:
        """No allowed guess opens better (ties may exist: this one is the first found)."""
        return self.lower >= self.total

    @property
    def expected(self) -> Fraction:
        """The expected number of guesses under the prior, exactly."""
        return Fraction(self.total, self.weight)

    @property
    def expected_lower(self) -> Fraction:
        """No opener's expected guesses are below this."""
        return Fraction(self.lower, self.weight)

    def proof_text(self) -> str:
        """One phrase saying what is proven: `proven best over all N guesses`, or the bound that is not closed."""
        from wordle_cli.stats import format_g

        mode = " in hard mode" if self.hard else ""
        if self.proven:
            return f"proven best over all {self.guesses} guesses{mode}"
        limit = f" in the {self.time_limit:g} s given" if self.time_limit else ""
        return (
            f"best found{limit}, not proven best{mode}: every opener of the {self.guesses} guesses needs at least "
            f"{format_g(self.expected_lower)} expected guesses (weighted total >= {self.lower})"
        )


def leaders(problem, count: int = LEADERS) -> list[str]:
    """The `count` openers with the least sum over their classes of the squared class weight (ties: candidate order).

    The same order as `tree rank`'s `promising_first`, with each class weighed by the prior.
    """
    weights = problem.weights.astype(np.float64)
    n_codes = problem.win + 1
    by_answer = problem.by_answer  # (A, C)
    n_cands = by_answer.shape[1]
    squares = np.empty(n_cands, dtype=np.float64)
    step = 512
    for start in range(0, n_cands, step):
        chunk = np.ascontiguousarray(by_answer[:, start : start + step].T).astype(np.int64)  # (c, A)
        rows = chunk.shape[0]
        flat = (np.arange(rows)[:, None] * n_codes + chunk).ravel()
        sums = np.bincount(flat, weights=np.tile(weights, rows), minlength=rows * n_codes).reshape(rows, n_codes)
        squares[start : start + rows] = (sums * sums).sum(axis=1)
    allowed = problem.start().cands
    order = allowed[np.argsort(squares[allowed], kind="stable")]
    return [problem.game.candidates[c] for c in order[:count].tolist()]


def prove_opener(
    problem, deadline: Deadline = NO_LIMIT, count: int = LEADERS, first: Sequence[str] = (), log: Callable[[str], None] | None = None
) -> OpenerResult:
    """The best opener of `problem`'s game (a `trees.builder.Problem`, weighted or not) over every allowed guess.

    See the module's docstring for the method; `deadline` bounds step 2 (and
    the leaders after the first). `first`: openers to prove before the
    heuristic's `count` (the uniform prior's best, a good incumbent under any
    prior near it); those the game does not allow are skipped. `log(line)`
    hears each step's result and time.
    """
    started = time.perf_counter()
    ctx = problem.context()
    start = problem.start()
    weight = problem.weight(start)
    best, best_total = None, search.INF
    allowed = {problem.game.candidates[c] for c in start.cands.tolist()}
    tried = list(dict.fromkeys([w for w in first if w in allowed] + leaders(problem, count)))
    for i, opener in enumerate(tried):
        if i and deadline.passed():
            break
        with (deadline if i else NO_LIMIT).armed([ctx]):
            value, exact = problem.opener_value(ctx, start, opener, best_total)
        stopped = bool(ctx.stop[0])
        ctx.stop[0] = 0
        if exact and not stopped and value < best_total:
            best, best_total = opener, value
        _say(log, started, f"leader {opener}: {value if exact and not stopped else f'>= {value}'}")
    if best is None:  # every leader fails within the guess limit: the search over every guess finds one if any can
        with deadline.armed([ctx]):
            value, c = problem.value(ctx, start)
        stopped = bool(ctx.stop[0])
        ctx.stop[0] = 0
        if stopped:
            raise _no_opener(problem, f"no opener was proven within the time limit (at least {value} in all)")
        if value >= search.INF:
            raise _no_opener(problem, "no opener wins every game within the guesses")
        best, best_total, lower = problem.game.candidates[c], value, value
    else:
        with deadline.armed([ctx]):
            value, c = problem.value(ctx, start, best_total)
        stopped = bool(ctx.stop[0])
        ctx.stop[0] = 0
        _say(log, started, f"every guess against {best} {best_total}: {'stopped at ' if stopped else ''}{value}")
        if stopped:
            lower = min(value, best_total)
        elif value < best_total:  # an opener the leaders missed, exact
            best, best_total, lower = problem.game.candidates[c], value, value
        else:
            lower = best_total
    return OpenerResult(
        opener=best, total=int(best_total), weight=int(weight), lower=int(lower), guesses=len(start.cands), hard=problem.hard,
        max_guesses=problem.max_guesses, seconds=round(time.perf_counter() - started, 3),
        time_limit=deadline.seconds if lower < best_total else None,
    )


def _say(log, started: float, line: str) -> None:
    if log is not None:
        log(f"{time.perf_counter() - started:8.1f} s  {line}")


def _no_opener(problem, why: str):
    from wordle_cli.errors import WordleError

    limit = f" within {problem.max_guesses} guesses" if problem.max_guesses is not None else ""
    return WordleError(f"{why}{limit}")


def as_source(result: OpenerResult, source: str) -> OpenerResult:
    return replace(result, source=source)
