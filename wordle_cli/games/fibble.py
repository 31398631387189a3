"""Fibble proven: the fewest guesses that win against every lie (`wordle fibble solve`).

The game. Every row lies in exactly N tiles (`wordle_cli.model.lies`; Fibble:
N = 1), except the all-exact row of a guess that is the answer. Here both the
answer and the lies are the host's to choose against the player: after a
guess the host may show any row s that some answer still possible could be
shown as, and the pool becomes B(s), every answer consistent with s. (A host
that fixes the answer first and then lies can be no worse for the player: it
shows the same rows.) The pool after several rows is the answers consistent
with every row so far.

The value. f(P), the fewest guesses that win from pool P whatever the host
does, is 1 for a single word (guess it) and otherwise

    f(P) = 1 + min over guesses g of max over rows s the host may show of f(B(s))

where the row of a guess that is the answer is the win (nothing more to
guess) and B(s), for any other row, never holds the guess. A guess after
which some row leaves the whole pool is never useful (the host could show
it forever) and is skipped. "P is won within d" is the AND-OR question: some
guess whose every row leaves a pool won within d - 1.

The search. Iterative deepening, d = 1, 2, ... (the first d that wins is the
minimum, every smaller one having failed for every guess), as in
`games.absurdle` but over every row instead of one kept bucket, with

- a memo on the pool (the answers left): the least d it may still be won in,
  and the guess found to win it and within how many;
- an admissible bound (`model.lies.least_guesses`): after any guess the n - 1
  answers other than the guess each stay possible under at least
  C(L, N) 2^N - 1 rows and the host has at most 3^L - 1 rows that are not
  all exact, so some row leaves at least ceil((n - 1)(C(L, N) 2^N - 1) /
  (3^L - 1)) answers, recursively. So a pool larger than
  `most_answers(d)` is never won within d, and guesses whose worst row
  leaves more than `most_answers(d - 1)` are skipped;
- guesses tried in order of their worst row, then the expected pool left
  (`model.lie_split`), then list order; guesses with the same true feedback
  for every word of a small pool tried once; a guess's rows tried largest
  pool first (the likeliest to fail), each distinct pool once;
- at depth 2 a single pass: P is won within 2 iff some guess leaves at most
  one answer under every row.

With a time limit the search stops where it is: the depths searched to the
end are a proven lower bound, and `Search.greedy` gives an upper bound, the
most guesses a simple strategy (the minimax strategy over the rows, exact
search for small pools) needs against every lie, found by playing it out
against every row.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from wordle_cli.errors import WordleError
from wordle_cli.games.split import TableHost
from wordle_cli.model import lie_split
from wordle_cli.model.game import Game
from wordle_cli.model.lies import Lies, least_guesses, most_answers
from wordle_cli.trees.budget import NO_LIMIT, Deadline

#: Pools up to this size not won in 2 are played word by word inside `Search.greedy` (the upper bound's
#: strategy): that takes the pool's size, exactly the minimum for 3 words.
GREEDY_EXACT_MAX_POOL = 3

#: How many of the best guesses `Search.greedy` tries for a win in 3 before it plays the best one.
GREEDY_TRIES = 8

#: Pools up to this size have their candidates grouped by their true feedback over the pool (each group tried once).
DEDUPE_MAX_POOL = 256


class OutOfTime(Exception):
    """The search reached its deadline."""


class Fibble(TableHost):
    """The lying host over a game's lists: the feedback table its searches read, and the rule."""

    def __init__(self, game: Game, lies: Lies, backend: str = "cpu"):
        super().__init__(game, backend)  # `codes`: the true feedback
        self.lies = lies
        self.shown = lie_split.tables(lies).shown
        self.all_cols = np.arange(len(game.candidates), dtype=np.int64)

    def spread(self, pool: np.ndarray, cols: np.ndarray | None = None) -> lie_split.Spread:
        """Every candidate's (or those of `cols`) spread over the rows the host may show (`lie_split`; no key)."""
        return lie_split.spread_cols(self.lies, self.table.codes, self.all_cols if cols is None else cols, pool, keyed=False)


@dataclass(frozen=True)
class Step:
    """One guess of the worst-case line: the row the host showed, the pool before it, the rows it could show, the answers left."""

    guess: str
    code: int
    pool: int
    rows: int
    left: int

    @property
    def won(self) -> bool:
        return self.left == 1 and self.code == 3 ** len(self.guess) - 1


@dataclass
class Solution:
    """A strategy that wins within `minimum` guesses against every lie, and no strategy wins within `minimum - 1`."""

    minimum: int
    first: str  # the first guess of the strategy found
    given_first: bool  # --first fixed it
    line: list[Step]  # the worst case: each row the host's best against the strategy


@dataclass
class Bounds:
    """What a search stopped by its deadline proved: `lower` <= minimum <= `upper` (the strategy found)."""

    lower: int
    upper: int | None  # None: the strategy's play-out did not finish in time
    first: str  # the strategy's first guess ("" when upper is None)
    line: list[Step]  # its worst case


class Search:
    """The fewest guesses that win against every lie, from a fresh game or after a given first guess."""

    def __init__(self, fibble: Fibble, deadline: Deadline = NO_LIMIT, log=None):
        """`deadline`: when the proof stops (`trees.budget.Deadline`); `log(message)`, when given, is told each depth
        proven (with the seconds since the start)."""
        self.fibble = fibble
        self.log = log
        self.started = time.monotonic()
        self.game = fibble.game
        self.lies = fibble.lies
        self.deadline = deadline
        self.lower: dict[bytes, int] = {}  # pool -> fewest guesses it may still be won in (exhaustive searches only)
        self.wins: dict[bytes, tuple[int, int]] = {}  # pool -> (guesses, candidate) of a win found
        self._greedy: dict[bytes, tuple[int, int]] = {}  # pool -> (guesses, candidate) of the upper bound's strategy
        self.nodes = 0  # pools searched, for reports
        self.proven = 0  # the largest d for which "no win within d - 1" is proven (at the root, or after --first)

    # ------------------------------------------------------------ the minimum

    def solve(self, first: str | None = None, max_guesses: int | None = None) -> Solution:
        """The minimum (with `first` as the first guess when given), proven, and a worst-case line.

        WordleError when no strategy wins within `max_guesses`; `OutOfTime`
        at the deadline (`bounds` then says what is proven).
        """
        pool = self.fibble.start()
        if first is None:
            limit = len(pool) if max_guesses is None else max_guesses  # guessing the pool's words one by one wins within len(pool)
            depth = least_guesses(self.lies, len(pool))
            self.proven = depth
            while depth <= limit:
                if self.wins_within(pool, depth) is not None:
                    return self._solution(pool, depth, None)
                self.proven = depth + 1
                self._told(f"no strategy of {depth} guesses wins (proven)")
                depth += 1
            raise WordleError(f"no strategy wins within {max_guesses} guesses against every lie (proven); raise --max-guesses")
        need = self.after_first(first, max_guesses)
        return self._solution(pool, need, first)

    def after_first(self, first: str, max_guesses: int | None = None) -> int:
        """The fewest guesses in all that win when the first guess is `first`: 1 + the hardest row's minimum."""
        pool = self.fibble.start()
        rows = self._left(first, pool)
        if not rows:  # the only answer
            return 1
        worst = 1 + least_guesses(self.lies, len(rows[0][1]))  # the largest row first
        self.proven = worst
        for _, left in rows:
            depth = max(worst - 1, least_guesses(self.lies, len(left)), 1)
            while self.wins_within(left, depth) is None:
                depth += 1
                self.proven = max(self.proven, 1 + depth)
                self._told(f"a row after the first guess needs more than {depth - 1} more guesses (proven)")
                if max_guesses is not None and 1 + depth > max_guesses:
                    raise WordleError(
                        f"no strategy wins within {max_guesses} guesses against every lie (proven); raise --max-guesses"
                    )
            worst = max(worst, 1 + depth)
        return worst

    def _told(self, message: str) -> None:
        if self.log is not None:
            self.log(f"{message}, {time.monotonic() - self.started:.1f} s")

    def minimum(self, pool: np.ndarray, at_least: int = 0, limit: int | None = None) -> int:
        """f(pool) by iterative deepening from max(`at_least`, the bound); WordleError past `limit`."""
        depth = max(at_least, least_guesses(self.lies, len(pool)), 1)
        while limit is None or depth <= limit:
            if self.wins_within(pool, depth) is not None:
                return depth
            depth += 1
        raise WordleError(f"no strategy wins within {limit + 1} guesses against every lie (proven); raise --max-guesses")

    def wins_within(self, pool: np.ndarray, depth: int) -> int | None:
        """A guess (candidate index) after which every row leaves a pool won within `depth` - 1, or None.

        For a single word, that word (won within 1).
        """
        n = len(pool)
        if n == 1:
            return int(self.game.cand_of_answer[pool[0]]) if depth >= 1 else None
        if depth < least_guesses(self.lies, n):
            return None
        if n <= depth:  # each pool word either wins or leaves a smaller pool without itself
            return int(np.min(self.game.cand_of_answer[pool]))
        key = _key(pool)
        known = self.wins.get(key)
        if known is not None and known[0] <= depth:
            return known[1]
        if self.lower.get(key, 2) > depth:
            return None
        if self.deadline.passed():
            raise OutOfTime
        self.nodes += 1
        guess = self._two(pool) if depth == 2 else self._deeper(pool, depth)
        if guess is not None:
            self.wins[key] = (depth, guess)
        else:
            self.lower[key] = depth + 1
        return guess

    def _order(self, pool: np.ndarray, cap: int) -> np.ndarray:
        """The candidates worth trying on `pool` (worst row <= `cap` and smaller than the pool), best first."""
        spread = self.fibble.spread(pool)
        useful = np.flatnonzero((spread.worst < len(pool)) & (spread.worst <= cap))
        if len(useful) == 0:
            return useful
        if len(pool) <= DEDUPE_MAX_POOL:  # one guess per distinct true feedback over the pool
            rows = self.fibble.table.codes[np.ix_(pool, useful)].T
            _, first = np.unique(rows, axis=0, return_index=True)
            useful = useful[np.sort(first)]
        in_pool = self.game.answer_of_cand[useful] >= 0
        order = np.lexsort((~in_pool, spread.total[useful], spread.worst[useful]))
        return useful[order]

    def _two(self, pool: np.ndarray) -> int | None:
        """A guess after which every row leaves at most one answer (a pool word first), or None."""
        hits = np.flatnonzero(lie_split.perfect_cols(self.lies, self.fibble.table.codes, self.fibble.all_cols, pool))
        if len(hits) == 0:
            return None
        words = hits[self.game.answer_of_cand[hits] >= 0]
        in_pool = words[np.isin(self.game.answer_of_cand[words], pool)]
        return int(in_pool[0] if len(in_pool) else hits[0])

    def _deeper(self, pool: np.ndarray, depth: int) -> int | None:
        for guess in self._order(pool, most_answers(self.lies, depth - 1)).tolist():
            if self._every_row_within(guess, pool, depth - 1):
                return guess
        return None

    def _every_row_within(self, guess: int, pool: np.ndarray, depth: int) -> bool:
        rows, starts, positions, _ = lie_split.row_pools(self.lies, self.fibble.table.column(guess)[pool])
        if len(rows) and starts[1] == len(pool):  # the largest leaves the whole pool
            return False
        for k in range(len(rows)):  # each pool made only when reached: most guesses fail on the first
            if self.wins_within(pool[positions[starts[k] : starts[k + 1]]], depth) is None:
                return False
        return True

    def _left(self, guess: str, pool: np.ndarray) -> list[tuple[int, np.ndarray]]:
        """(row, pool) for the distinct pools left to play after `guess` on `pool`, largest first (`lie_split.row_pools`)."""
        return self._rows(guess, pool)[0]

    def _rows(self, guess: str, pool: np.ndarray) -> tuple[list[tuple[int, np.ndarray]], int]:
        """`_left`, and how many rows the host may show (the win included)."""
        rows, starts, positions, count = lie_split.row_pools(self.lies, self.fibble.codes(guess, pool))
        return [(int(rows[k]), pool[positions[starts[k] : starts[k + 1]]]) for k in range(len(rows))], count

    # ------------------------------------------------------------ what is printed

    def _solution(self, pool: np.ndarray, minimum: int, first: str | None) -> Solution:
        guess = first if first is not None else self.game.candidates[self.wins_within(pool, minimum)]
        return Solution(minimum, guess, first is not None, self.worst_line(pool, guess, self.minimum, self.wins_within))

    def worst_line(self, pool: np.ndarray, guess: str, value, move) -> list[Step]:
        """The line where the host shows, after each guess, the row whose pool needs the most guesses by `value`
        (ties: the largest pool, then the smallest row); the strategy's guess on a pool is `move(pool, value(pool))`."""
        steps = []
        while True:
            playing, rows = self._rows(guess, pool)
            if not playing:
                steps.append(Step(guess, self.fibble.win_code, len(pool), rows, 1))
                return steps
            need, _, code, left = max(((value(left), len(left), -code, left) for code, left in playing), key=lambda item: item[:3])
            steps.append(Step(guess, -code, len(pool), rows, len(left)))
            pool = left
            guess = self.game.answers[int(pool[0])] if len(pool) == 1 else self.game.candidates[move(pool, need)]

    # ------------------------------------------------------------ bounds, when the proof stops

    def bounds(self, first: str | None = None, deadline: Deadline = NO_LIMIT) -> Bounds:
        """After the deadline: the proven lower bound, and the most guesses the strategy of `greedy` needs
        (with `first` as its first guess if given): an upper bound on the minimum.

        The play-out stops at `deadline` too (it meets every row the host may
        show: on the full lists that can take longer than the proof); the
        upper bound is then None and the line empty.
        """
        pool = self.fibble.start()
        lower = max(self.proven, least_guesses(self.lies, len(pool)))
        self.deadline = deadline
        try:
            if first is None:
                upper = self.greedy(pool)
                guess = self.game.candidates[self._greedy[_key(pool)][1]]
            else:
                guess = first
                upper = 1 + max([0, *(self.greedy(left) for _, left in self._left(first, pool))])
        except OutOfTime:
            return Bounds(lower=lower, upper=None, first=first or "", line=[])
        return Bounds(lower=lower, upper=upper, first=guess, line=self.worst_line(pool, guess, self.greedy, self._greedy_move))

    def greedy(self, pool: np.ndarray) -> int:
        """The most guesses a strategy needs from `pool` against every row: an upper bound on f(pool).

        The strategy: a guess that leaves at most one answer under every row
        when there is one (the pool is won in 2); else, on a pool of at most
        `GREEDY_EXACT_MAX_POOL` words, a pool word (won within the pool's
        size); else one of the `GREEDY_TRIES` best guesses by `_order` whose
        every row is won in 2, if any (won in 3); else the guess with the
        smallest worst row, then the smallest expected pool left, then a pool
        word, then list order (the minimax strategy of `wordle solve --lies`). Played out against every row the
        host may show, each pool once (memoised), until `self.deadline` (then `OutOfTime`).
        """
        n = len(pool)
        if n == 1:
            return 1
        key = _key(pool)
        known = self._greedy.get(key)
        if known is not None:
            return known[0]
        if self.deadline.passed():
            raise OutOfTime
        two = self.wins_within(pool, 2) if n <= most_answers(self.lies, 2) else None
        if two is not None:
            need, guess = 2, two
        elif n <= GREEDY_EXACT_MAX_POOL:
            need, guess = n, self.wins_within(pool, n)
        else:
            order = self._order(pool, n - 1)
            three = [g for g in order[:GREEDY_TRIES].tolist() if self._every_row_within(g, pool, 2)][:1]
            if three:
                need, guess = 3, three[0]
            else:
                guess = int(order[0])
                need = 1 + max([0, *(self.greedy(left) for _, left in self._left(self.game.candidates[guess], pool))])
        self._greedy[key] = (need, guess)
        self.nodes += 1
        return need

    def _greedy_move(self, pool: np.ndarray, need: int) -> int:
        self.greedy(pool)
        return self._greedy[_key(pool)][1]


def _key(pool: np.ndarray) -> bytes:
    return pool.astype(np.uint16 if len(pool) and pool[-1] < 65536 else np.int64).tobytes()
