"""The best chance of winning within the guess limit, where winning every game is out of reach.

Where no strategy can find every possible answer in the guesses left, the
best move is the one with the greatest chance of winning in them (the answer
drawn from the prior in play), and among those the one with the fewest
expected guesses, a lost game counted as one guess past the limit (7 of 6).
A position's value is the pair (lost, total), compared lost first:

- `lost`: the least weight of its answers that some must lose (their number
  under the uniform prior; 0: a sure win, the exact search's own case);
- `total`: the least sum of weight x guesses, counted from the next guess,
  of a strategy losing only that much, each lost answer counted as the
  guesses left + 1.

Counting a lost answer as any other fixed number would choose the same
moves: among the strategies that lose the least weight, the weight lost is
the same, so the total orders them as the expected guesses of the games won
do. And the pairs add up over a guess's feedback classes as totals do, so a
review's costs and luck still sum to the game played.

The search (`ChanceSearch`, its compiled parts in `chance_kernels`) is
exact and tries every allowed guess: a pool that can be won whatever the
answer gets the exact tree search's value (`search.solve`); with one guess
left its heaviest answer is guessed; with two, every guess's value is read
at once from its classes (each then wins its heaviest answer); deeper,
every guess is bounded first by its classes (exactly where they can be won
outright or have two guesses left), then tried in the order of those
bounds, its other classes searched within what the best so far leaves them
(a window, as the exact search's beta), until no guess left can do better.
Values are remembered. It counts its work as the exact search does and
stops within a work budget (`trees.budget.Budget`: positions with two
guesses left or fewer are always settled, a moment's work). It is meant for
the positions where the limit binds: small pools, few guesses left (its
costs: docs/review.md).
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import NamedTuple

import numpy as np

from wordle_cli import compiled, interrupts
from wordle_cli.model.feedback import decode
from wordle_cli.trees import chance_kernels as kernels
from wordle_cli.trees import search
from wordle_cli.trees.budget import Budget
from wordle_cli.trees.builder import Position, Problem


class Chance(NamedTuple):
    """A position's (or a guess's) value under the limit: weight lost, then weight x guesses (see the module)."""

    lost: int
    total: int
    guess: int  # the best guess's candidate index (-1: none, no guess left; a played guess: its own, or -1 off the lists)


class ChanceSearch:
    """The exact search for the best chance of winning within the guesses left, on one `Problem` (its tables,
    rules and weights); one memo for every position it is asked about."""

    def __init__(self, problem: Problem):
        self.problem = problem
        self.ctx = problem.context()  # the exact search's memo, for the classes that can be won outright
        self.weights = problem.weights
        self._memo: dict[tuple, tuple[int, int, int, bool]] = {}
        self._no_memo = kernels.new_memo(0, 0, 0)  # `guess_classes` called from here keeps nothing
        self.positions = 0  # positions whose guesses were searched one by one (for benchmarks and tests)
        self._budget = Budget()  # `within`'s (none: no limit)
        self._partial: Chance | None = None  # the best guess found so far at `within`'s position

    # ------------------------------------------------------------ the public calls

    def value(self, position: Position) -> Chance:
        """The position's best (lost, total) and a guess reaching it."""
        found, _ = self.within(position, Budget())
        return found

    def within(self, position: Position, budget: Budget) -> tuple[Chance | None, bool]:
        """`value`, searched within `budget` (its work charged; two guesses left or fewer: always to the end, a
        moment's work): (the value, True), or once stopped (the best guess found with its own value, or None;
        False)."""
        self._budget, self._partial = budget, None
        if budget.clock.limited and len(position.pool) > 1:  # compiled before a wall clock starts, as `Problem.ready`
            weights = np.ascontiguousarray(self.weights[position.pool])
            compiled.ready(kernels.position, self.ctx, position.pool, weights, position.cands, position.depth, position.greens,
                           position.mins)
        try:
            lost, total, guess, _ = self._in_worker(
                self._value, position.pool, position.cands, position.depth, position.greens, position.mins, None, True
            )
            return Chance(lost, total, guess), True
        except _Stopped:
            return self._partial, False
        finally:
            self._budget = Budget()

    def played(self, position: Position, guess: str, budget: Budget | None = None) -> Chance | None:
        """(lost, total) with `guess` (any word of the game's length) played now and the best play after it; None
        when `budget` stopped the search first."""
        self._budget = budget or Budget()
        try:
            return self._in_worker(self._played, position, guess)
        except _Stopped:
            return None
        finally:
            self._budget = Budget()

    @staticmethod
    def _in_worker(function, *args):
        """From the main thread in a worker of its own, so that Ctrl-C stops a long search at once (as `Problem.value`)."""
        if threading.current_thread() is threading.main_thread():
            return interrupts.in_worker(function, *args)
        return function(*args)

    # ------------------------------------------------------------ positions

    def _played(self, position: Position, guess: str) -> Chance:
        problem = self.problem
        if position.depth <= 0:
            weight = problem.weight(position)
            return Chance(weight, weight, -1)
        lost, total = 0, problem.weight(position)
        for code, part in problem._parts(position, guess, problem._row(guess)):
            if code == problem.win:
                continue
            got = self._value(part.pool, part.cands, part.depth, part.greens, part.mins)
            lost += got[0]
            total += got[1]
        return Chance(lost, total, problem.game.candidate_index.get(guess, -1))

    def _value(self, pool, cands, depth, greens, mins, limit=None, root=False) -> tuple[int, int, int, bool]:
        """(lost, total, best guess, exact): exact when below `limit` (lost first; None: no limit), else maybe only a
        lower bound at or above it (then the guess is -1), as the exact search's beta. Remembered. `root`: the
        position `within` was asked (its best so far is kept, should the budget stop the search)."""
        key = (pool.tobytes(), int(depth), greens.tobytes(), mins.tobytes()) if self.problem.hard else (pool.tobytes(), int(depth))
        found = self._memo.get(key)
        if found is not None and (found[3] or (limit is not None and found[:2] >= limit)):
            return found
        found = self._memo[key] = self._solve(pool, cands, depth, greens, mins, limit, root)
        return found

    def _solve(self, pool, cands, depth, greens, mins, limit, root=False) -> tuple[int, int, int, bool]:
        problem = self.problem
        weights = np.ascontiguousarray(self.weights[pool])
        weight = int(weights.sum())
        if depth <= 0 or len(pool) == 0:
            return weight, weight, -1, True
        if len(pool) == 1:
            return 0, weight, int(problem.answer_cand[pool[0]]), True
        with self._armed(depth):
            kind, lost, total, guess, cands, base, bound_lost, bound_total, exact = kernels.position(
                self.ctx, pool, weights, cands, min(depth, search.UNLIMITED), greens, mins
            )
        if kind == kernels.SETTLED:
            return int(lost), int(total), int(guess), True
        self.positions += 1
        return self._deeper(pool, weights, cands, base, bound_lost, bound_total + weight, exact, depth, greens,
                            mins, limit, root)

    def _deeper(self, pool, weights, cands, base, lost, total, exact, depth, greens, mins, limit, root) -> tuple[int, int, int, bool]:
        """Three guesses or more left, no sure win: the guesses `cands` (their codes `base`, a row per answer) tried
        in the order of their bounds (`lost`, `total`: exact where `exact`), the classes that cannot be won
        outright searched (each within what the best so far leaves it), until the next guess's bound cannot beat
        the best (or `limit`)."""
        problem = self.problem
        m = len(cands)
        in_pool = (base == problem.win).any(axis=0)
        order = np.lexsort((np.arange(m), ~in_pool, total, lost))
        n = len(pool)
        code, size, part_lost, part_total = (np.empty(n, dtype=np.int64) for _ in range(4))
        part_exact = np.empty(n, dtype=np.bool_)
        best: tuple[int, int, int, int] | None = None  # (lost, total, not a possible answer, column): the least wins
        for i in order.tolist():
            rank = (0 if in_pool[i] else 1, i)
            at_least = [int(lost[i]), int(total[i])]
            cap = self._cap(best, rank, limit)
            if cap is not None and tuple(at_least) >= cap:  # in order of the bounds: no guess left can do better
                break
            if not exact[i]:
                with self._armed(depth):
                    k = kernels.guess_classes(self.ctx, pool, weights, cands, base, i, depth, greens, mins, code, size,
                                              part_lost, part_total, part_exact, self._no_memo)
                guess = int(cands[i])
                for c in np.argsort(-size[:k], kind="stable").tolist():  # the open classes, biggest first
                    if part_exact[c]:
                        continue
                    at_least = [at_least[0] - int(part_lost[c]), at_least[1] - int(part_total[c])]
                    part = pool[base[:, i] == code[c]]
                    part_greens, part_mins, part_cands = greens, mins, cands
                    if problem.hard:
                        part_greens, part_mins = self._hints(guess, int(code[c]), greens, mins)
                        part_cands = self._allowed(cands, part_greens, part_mins)
                    window = None if cap is None else (cap[0] - at_least[0], cap[1] - at_least[1])
                    got = self._value(part, part_cands, depth - 1, part_greens, part_mins, window)
                    at_least = [at_least[0] + got[0], at_least[1] + got[1]]
                    if cap is not None and tuple(at_least) >= cap:
                        break
            found = (at_least[0], at_least[1], *rank)
            if (cap is None or tuple(at_least) < cap) and (best is None or found < best):
                best = found
                if root:
                    self._partial = Chance(best[0], best[1], int(cands[i]))
        if best is None or (limit is not None and best[:2] >= limit):  # nothing below the limit: a bound
            floor = best[:2] if best is not None else limit
            return floor[0], floor[1], -1, False
        return best[0], best[1], int(cands[best[3]]), True

    def _hints(self, guess: int, code: int, greens, mins):
        """Hard mode's hints once candidate `guess` got feedback `code` (`search.hints_after`, from Python)."""
        tiles = decode(code, self.problem.game.length)
        symbols = self.problem.cand_codes[guess]
        greens, marked = greens.copy(), np.zeros_like(mins)
        for i, (symbol, tile) in enumerate(zip(symbols.tolist(), tiles)):
            if tile == 2:
                greens[i] = symbol
            if tile != 0:
                marked[symbol] += 1
        return greens, np.maximum(mins, marked)

    def _allowed(self, cands, greens, mins):
        """The candidates `cands` that hard mode's hints allow (`search.allowed`, from Python)."""
        where, symbols = np.flatnonzero(greens), np.flatnonzero(mins)
        ok = (self.problem.cand_codes[cands][:, where] == greens[where]).all(axis=1)
        ok &= (self.problem.cand_counts[cands][:, symbols] >= mins[symbols]).all(axis=1)
        return cands[ok]

    @staticmethod
    def _cap(best, rank, limit) -> tuple[int, int] | None:
        """What a guess of tie rank `rank` must stay below to matter: the best so far (or equal it, with a better
        rank), and `limit`."""
        cap = None
        if best is not None:
            cap = (best[0], best[1] + 1) if rank < best[2:] else (best[0], best[1])
        if limit is not None and (cap is None or limit < cap):
            cap = limit
        return cap

    @contextmanager
    def _armed(self, depth: int):
        """A compiled call within the budget, for a position of `depth` guesses left: three or more (two or fewer
        are searched to the end: a moment's work), its work charged either way; an abandoned run (Ctrl-C in `play`)
        stops it. On the way out: Ctrl-C raised, the budget's stop unwound to `within`."""
        budget = self._budget if depth >= 3 else Budget()
        start = int(self.ctx.stats[search.WORK])
        try:
            with budget.armed([self.ctx]):
                yield
        finally:
            self._budget.charge(int(self.ctx.stats[search.WORK]) - start)
        self._check_stop(budget)

    def _check_stop(self, budget: Budget | None = None) -> None:
        """Ctrl-C (or a command gone) while searching: stop now; the budget: unwind to `within`."""
        stopped = interrupts.abandoned()
        if stopped or self.ctx.stop[0]:
            self.ctx.stop[0] = 0
            if stopped or budget is None or not (budget.cut or budget.clocked):
                raise interrupts.Interrupted(stopped or signal.SIGINT)
            raise _Stopped


class _Stopped(Exception):
    """The chance search reached the end of its budget."""
