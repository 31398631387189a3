"""The `optimal` strategy: the exact search's best guess for the pool in hand.

Used by `solve`, `simulate` and `play --strategy optimal`. The guess minimises
the total number of guesses still needed over the pool's answers (weighted by
a prior when given) while
winning within the game's rows where that is possible (where it is not, the
limit is dropped). One search memo serves a whole session, so later turns
and replayed games reuse what earlier ones proved. A pool is solved in
seconds once it is small; the first guess of a full game is the expensive
case (see `openings.PROVEN_OPTIMAL`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from wordle_cli.model.game import Game
from wordle_cli.model.hardmode import Constraints
from wordle_cli.trees import search
from wordle_cli.trees.builder import Position, Problem


class Choice(NamedTuple):
    """A guess of `best_within`: proven optimal, or the best found within the budget with the bounds of the
    position's total (weight x expected guesses from this guess on, over `weight`, the pool's weight); `clocked`:
    the wall clock, not the work budget, stopped the search (so another run may find otherwise)."""

    guess: str
    proven: bool
    lower: int
    upper: int
    weight: int
    clocked: bool = False


class OptimalChooser:
    def __init__(self, game: Game, *, hard: bool, pool_only: bool, backend: str, weights: np.ndarray | None = None):
        """`weights`: a prior, one int64 weight per answer of `game` (None: uniform); the guess then minimises
        the expected number of guesses under it."""
        self.problem = Problem(game, hard=hard, pool_only=pool_only, backend=backend, weights=weights)
        self.ctx = self.problem.context()
        self.start = self.problem.start()

    def best(self, pool, constraints: Constraints | None, rows_left: int | None) -> str:
        """The guess for `pool` (ascending answer indices) with `rows_left` guesses (None: no limit)."""
        start = self.start
        greens, mins, cands = start.greens, start.mins, start.cands
        if constraints is not None:
            greens, mins = self._hints(constraints)
            cands = search.allowed(self.ctx, cands, greens, mins)
        for depth in (rows_left, None) if rows_left is not None else (None,):
            position = Position(
                np.asarray(pool, dtype=np.int32), cands, depth if depth is not None else search.UNLIMITED, greens, mins
            )
            value, best = self.problem.value(self.ctx, position)
            if value < search.INF:
                return self.problem.game.candidates[best]
        raise AssertionError("a pool is always solvable without a limit on guesses")

    def best_within(self, pool, constraints: Constraints | None, rows_left: int | None, units: float | None,
                    seconds: float | None = None) -> Choice:
        """`best` searched within `units` of work (`trees.budget.Budget`; None: no limit) and, if given, `seconds` of
        wall-clock time, each of the two tries below afresh: the proven guess, or else the quick search's
        (`Problem.quick`) with the proven lower bound and its own strategy's total as the upper bound.

        As in `best`, the guess wins within `rows_left` guesses where some strategy can; a stopped search
        cannot tell whether one can, so its guess is the quick search's within the rows if it finds one.
        """
        from wordle_cli.trees.budget import Budget

        cands, greens, mins = self._cands(constraints)
        positions = [
            Position(np.asarray(pool, dtype=np.int32), cands, depth if depth is not None else search.UNLIMITED, greens, mins)
            for depth in ((rows_left, None) if rows_left is not None else (None,))
        ]
        weight = int(self.problem.weights[np.asarray(pool)].sum())
        lower = None
        clocked = False
        for position in positions:
            budget = Budget(units, seconds)
            value, best, exact = self.problem.bounded_value(self.ctx, position, budget)
            clocked = clocked or budget.clocked
            if exact and value < search.INF:
                return Choice(self.problem.game.candidates[best], True, value, value, weight)
            if exact:
                continue  # proven: no strategy wins within the rows left
            upper, tree = self.problem.quick(position)
            if tree is not None:
                return Choice(tree.guess, False, value if lower is None else min(lower, value), upper, weight, clocked)
            lower = value if lower is None else min(lower, value)
        raise AssertionError("the quick search finds a tree for every pool without a limit on guesses")

    def _cands(self, constraints: Constraints | None):
        """(candidates, greens, mins) allowed under hard mode's `constraints` (None: every candidate, no hints)."""
        start = self.start
        if constraints is None:
            return start.cands, start.greens, start.mins
        greens, mins = self._hints(constraints)
        return search.allowed(self.ctx, start.cands, greens, mins), greens, mins

    def _hints(self, constraints: Constraints) -> tuple[np.ndarray, np.ndarray]:
        """Hard mode's hints as the search holds them: symbol codes per position, least copies per symbol."""
        code = self.problem.game.alphabet.code
        greens = np.array([code.get(g, 0) if g is not None else 0 for g in constraints.greens], dtype=np.int32)
        mins = np.zeros_like(self.start.mins)
        for symbol, least in constraints.at_least:
            mins[code[symbol]] = least
        return greens, mins
