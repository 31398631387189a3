"""The `optimal` strategy: the exact search's best guess for the pool in hand.

Used by `solve`, `simulate` and `play --strategy optimal`. The guess minimises
the total number of guesses still needed over the pool's answers (weighted by
a prior when given) while
winning within the game's rows where that is possible; where it is not, the
guess has the best chance to win within them, then the fewest expected
guesses, a loss counted as one guess past the rows (`trees.chance`); past the
rows (a game already lost, played on) the limit is dropped. One search memo
serves a whole session, so later turns
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
    position's total (weight x expected guesses from this guess on, over `weight`, the pool's weight; None: the best
    chance to win found where no strategy is sure to win, no bounds in guesses); `clocked`: the wall clock, not the
    work budget, stopped the search (so another run may find otherwise)."""

    guess: str
    proven: bool
    lower: int | None
    upper: int | None
    weight: int
    clocked: bool = False


class OptimalChooser:
    def __init__(self, game: Game, *, hard: bool, pool_only: bool, backend: str, weights: np.ndarray | None = None):
        """`weights`: a prior, one int64 weight per answer of `game` (None: uniform); the guess then minimises
        the expected number of guesses under it."""
        self.problem = Problem(game, hard=hard, pool_only=pool_only, backend=backend, weights=weights)
        self.ctx = self.problem.context()
        self.start = self.problem.start()
        self._chances = None

    def best(self, pool, constraints: Constraints | None, rows_left: int | None) -> str:
        """The guess for `pool` (ascending answer indices) with `rows_left` guesses (None: no limit)."""
        start = self.start
        greens, mins, cands = start.greens, start.mins, start.cands
        if constraints is not None:
            greens, mins = self._hints(constraints)
            cands = search.allowed(self.ctx, cands, greens, mins)
        depth = rows_left if rows_left is not None else search.UNLIMITED
        position = Position(np.asarray(pool, dtype=np.int32), cands, depth, greens, mins)
        value, best = self.problem.value(self.ctx, position)
        if value < search.INF:
            return self.problem.game.candidates[best]
        return self.problem.game.candidates[self._chance().value(position).guess]  # not sure to win: the best chance

    def best_within(self, pool, constraints: Constraints | None, rows_left: int | None, units: float | None,
                    seconds: float | None = None) -> Choice:
        """`best` searched within `units` of work (`trees.budget.Budget`; None: no limit) and, if given, `seconds` of
        wall-clock time, each of the two tries below afresh: the proven guess, or else the quick search's
        (`Problem.quick`) with the proven lower bound and its own strategy's total as the upper bound.

        As in `best`, the guess wins within `rows_left` guesses where some strategy can, and has the best chance to
        where none can (searched within the same budget, afresh: past it, the best guess found, with no bounds in
        guesses, else the quick search's with no limit); a stopped search cannot tell whether one can, so its guess
        is the quick search's within the rows if it finds one.
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
            if exact and position.depth < search.UNLIMITED:  # proven: no strategy wins within the rows left
                budget = Budget(units, seconds)
                found, proven = self._chance().within(position, budget)
                clocked = clocked or budget.clocked
                if proven:
                    return Choice(self.problem.game.candidates[found.guess], True, found.total, found.total, weight)
                if found is not None:  # the best chance found within the budget: no bounds in guesses to say
                    return Choice(self.problem.game.candidates[found.guess], False, None, None, weight, clocked)
                continue
            upper, tree = self.problem.quick(position)
            if tree is not None:
                return Choice(tree.guess, False, value if lower is None else min(lower, value), upper, weight, clocked)
            lower = value if lower is None else min(lower, value)
        raise AssertionError("the quick search finds a tree for every pool without a limit on guesses")

    def _chance(self):
        """The search for the best chance to win where no strategy is sure to (made once, its memo kept)."""
        if self._chances is None:
            from wordle_cli.trees.chance import ChanceSearch

            self._chances = ChanceSearch(self.problem)
        return self._chances

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
