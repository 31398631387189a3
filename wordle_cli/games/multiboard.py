"""Multi-board games: Dordle (2 boards), Quordle (4), Octordle (8), up to 32.

Rules. Each of N boards has its own target (N distinct answers). Each turn
one guess is scored against every unsolved board; a board is solved when it
is guessed exactly; the game ends when every board is. The game's limit is
N + 5 turns (Dordle 7, Quordle 9, Octordle 13); games are played to the end
and the ones over the limit count as failures.

Strategies, over the boards' pools (the answers still possible on each):

- ``expected``: minimise the sum over boards of the expected pool left,
  sum_b (sum over classes of c^2) / n_b, compared exactly (integers over
  the least common multiple of the pool sizes);
- ``entropy``: maximise the sum of the boards' feedback entropies, i.e.
  minimise sum_b sum_clog2c_b / n_b; sums within 1e-12 relative count as
  tied, as for one board;
- the free-solve rule: when some board's pool is down to one word, that word
  is guessed (a "free" solve), unless the strategy's best guess is such a
  word already. With several such words, the one the strategy scores best.
  (The two cases are one rule: the strategy's best, if it is such a word, is
  also the best of them.)

Candidates: every allowed word (the game's candidates), or with --pool-only
the words of any unsolved board's pool. Ties: a word still possible on some
board, then the earliest in list order (as for one board). On the first turn
every pool is the whole answer list, so the key is N times one board's: the
opening is the single-board strategy's (memoised for the shipped lists in
`wordle_cli.solver.openings`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from wordle_cli import backends
from wordle_cli.errors import UsageProblem, WordleError, quote
from wordle_cli.games import MAX_BOARDS, split
from wordle_cli.model.game import Game
from wordle_cli.solver import openings
from wordle_cli.solver.strategy import ENTROPY_RTOL
from wordle_cli.solver.tree import Simulation

#: The strategies that make sense over several boards (see the module docstring).
STRATEGIES = ("expected", "entropy")

#: Turns a game of this many boards allows beyond the number of boards.
EXTRA_TURNS = 5


#: Games `simulate --boards` plays without --sample.
DEFAULT_SAMPLE = 1000

#: Pools at least this large keep their sums over every candidate (`MultiSolver._sums`) ...
CACHE_MIN_POOL = 16
#: ... up to this many pools (about 200 KB each for the Wordle lists).
CACHE_ENTRIES = 256


def turn_limit(boards: int) -> int:
    """The game's limit: 7 turns for Dordle, 9 for Quordle, 13 for Octordle."""
    return boards + EXTRA_TURNS


@dataclass(frozen=True)
class Turn:
    """One guess and what it did on every board."""

    guess: str
    codes: tuple  # per board: the feedback code, or None for a board solved before this turn
    pools: tuple  # per board: answers possible before the guess (0 for a board solved before)


#: A position: per board, its pool (ascending answer indices), or None once solved.
Pools = list


class MultiSolver:
    """A strategy for N boards of one game, on the game's feedback table."""

    def __init__(self, game: Game, boards: int, strategy: str = "expected", pool_only: bool = False, backend: str = "cpu"):
        if strategy not in STRATEGIES:
            raise UsageProblem(f"--strategy {strategy} is not defined over several boards; choose {' or '.join(STRATEGIES)}")
        if not 1 <= boards <= MAX_BOARDS:
            raise UsageProblem(f"--boards must be between 1 and {MAX_BOARDS}, got {boards}")
        if boards > len(game.answers):
            raise UsageProblem(f"--boards {boards} needs at least {boards} answers; the game has {len(game.answers)}")
        self.game = game
        self.boards = boards
        self.strategy = strategy
        self.pool_only = pool_only
        self.backend = backends.load(backend)
        self.table = split.SplitTable(self.backend.feedback_table(game.candidate_codes, game.answer_codes), game.length)
        self.all_rows = np.arange(len(game.candidates), dtype=np.int64)
        self._opening: str | None = None
        self._cache: dict[bytes, tuple[np.ndarray, np.ndarray]] = {}
        self._no_entropy = np.zeros(len(game.candidates))  # sum_clog2c where only sum_n was counted

    # ------------------------------------------------------------ positions

    def start(self) -> Pools:
        """Every board's pool is every answer."""
        full = np.arange(len(self.game.answers), dtype=np.int64)
        return [full] * self.boards

    def row(self, word: str) -> np.ndarray:
        """Feedback codes of `word` (any word of the game's length) against every answer."""
        index = self.game.candidate_index.get(word)
        if index is not None:
            return self.table.column(index)
        return self.backend.feedback_codes(self.game.encode_word(word), self.game.answer_codes)

    def after(self, pools: Pools, guess: str, codes: Sequence[int | None]) -> Pools:
        """The pools once `guess` got `codes` (one per board; None for a solved board).

        WordleError when a board's feedback is one no answer in its pool gives.
        """
        row = self.row(guess)
        following = []
        for board, (pool, code) in enumerate(zip(pools, codes)):
            if pool is None:
                following.append(None)
                continue
            if len(pool) == 1:  # most pools late in a game of many boards: no array to build
                left = pool if row[pool[0]] == code else pool[:0]
            else:
                left = pool[row[pool] == code]
            if len(left) == 0:
                raise WordleError(f"board {board + 1}: no possible answer gives that feedback for {quote(guess)}")
            following.append(None if code == self.game.win_code else left)
        return following

    def play(self, targets: Sequence[str], first: str | None = None) -> list[Turn]:
        """The turns of the game against `targets` (answers, one per board) until every board is solved."""
        index = [self.game.answer_index[t] for t in targets]
        pools = self.start()
        turns: list[Turn] = []
        while any(p is not None for p in pools):
            guess = first if first is not None and not turns else self.best(pools)
            row = self.row(guess)
            codes = tuple(None if p is None else int(row[a]) for p, a in zip(pools, index))
            turns.append(Turn(guess, codes, tuple(0 if p is None else len(p) for p in pools)))
            following = self.after(pools, guess, codes)
            if first is None or len(turns) > 1:
                _check_progress(pools, following, guess)
            pools = following
        return turns

    # ------------------------------------------------------------ choosing a guess

    def best(self, pools: Pools) -> str:
        """The strategy's guess for the unsolved boards' pools (see the module docstring)."""
        active = [p for p in pools if p is not None]
        if not active:
            raise ValueError("every board is solved")
        game = self.game
        singles = sorted({int(p[0]) for p in active if len(p) == 1})
        if singles:  # free solves: choose among them only
            rows = np.sort(game.cand_of_answer[singles]) if not self.pool_only else game.cand_of_answer[singles]
            if all(len(p) == 1 for p in active):  # every board's answer known: every guess leaves 1 on each, so all tie
                return game.candidates[int(rows[0])]
            return game.candidates[int(self._choose(rows, active, np.ones(len(rows), dtype=bool)))]
        if all(len(p) == len(game.answers) for p in active):
            return self.opening()
        union = np.unique(np.concatenate(active))
        if self.pool_only:  # the pools' words, in answers order
            rows = game.cand_of_answer[union]
            return game.candidates[int(self._choose(rows, active, np.ones(len(rows), dtype=bool)))]
        return game.candidates[self._choose_all(active, np.sort(game.cand_of_answer[union]))]

    def opening(self) -> str:
        """The first guess: one board's opening (every board's pool is the same)."""
        if self._opening is None:
            known = openings.lookup(self.game, self.strategy, self.pool_only)
            if known is None:
                full = np.arange(len(self.game.answers), dtype=np.int64)
                rows = self.game.cand_of_answer if self.pool_only else self.all_rows
                in_pool = np.ones(len(rows), dtype=bool) if self.pool_only else self.game.answer_of_cand >= 0
                known = self.game.candidates[int(self._choose(rows, [full], in_pool))]
            self._opening = known
        return self._opening

    def _choose(self, rows: np.ndarray, active: list[np.ndarray], in_pool: np.ndarray) -> int:
        """The row (candidate index) of the best guess among `rows`: key, then in a pool, then first."""
        tied = self._tied(self._sums(rows, active), [len(p) for p in active])
        preferred = tied & in_pool
        return int(rows[int(np.argmax(preferred if preferred.any() else tied))])

    def _tied(self, sums: list[tuple[np.ndarray, np.ndarray]], sizes: list[int]) -> np.ndarray:
        """Mask of the best keys (the strategy's comparison: exact for expected, 1e-12 relative for entropy)."""
        if self.strategy == "expected":
            return least_expected([s for s, _ in sums], sizes)
        key = _terms(sums[0], sizes[0], "entropy")
        for board_sums, size in zip(sums[1:], sizes[1:]):
            key = key + _terms(board_sums, size, "entropy")
        low = float(key.min())
        return key <= low + ENTROPY_RTOL * max(abs(low), 1.0)

    def _choose_all(self, active: list[np.ndarray], pool_rows: np.ndarray) -> int:
        """`_choose` over every candidate (`pool_rows`: the pools' words, for the tie rule)."""
        sizes = [len(p) for p in active]
        if self.strategy == "expected":  # by pairs every candidate is cheap: no need to prune
            rows, sums = self.all_rows, self._sums(self.all_rows, active, full=True)
        else:
            rows, sums = self._survivors(active, pool_rows)
        tied = self._tied(sums, sizes)
        in_pool = np.zeros(len(self.all_rows), dtype=bool)
        in_pool[pool_rows] = True
        preferred = tied & in_pool[rows]
        return int(rows[int(np.argmax(preferred if preferred.any() else tied))])

    def _survivors(self, active: list[np.ndarray], pool_rows: np.ndarray) -> tuple[np.ndarray, list]:
        """The candidates that may be best, and their sums per board: work skipped on the others.

        A candidate's key is a sum of one term per board, minimised (here
        sum c*log2(c) / n, at least 0: the entropy is log2 n minus it). Large
        pools come scored over every candidate (kept from earlier games); the
        pools' own words are scored on the rest, and the best of their keys
        bounds the best key. Then the other boards are added largest first,
        and a candidate whose partial key already exceeds that bound (by more
        than rounding could explain) is dropped: it can be neither best nor
        tied with the best, so the choice is the same as over every candidate.
        """
        sizes = [len(p) for p in active]
        kept = [b for b in range(len(active)) if sizes[b] >= CACHE_MIN_POOL]
        rest = sorted((b for b in range(len(active)) if sizes[b] < CACHE_MIN_POOL), key=lambda b: -sizes[b])
        every = dict(zip(kept, self._sums(self.all_rows, [active[b] for b in kept], full=True)))
        partial = np.zeros(len(self.all_rows))
        for board in kept:
            partial += _terms(every[board], sizes[board], self.strategy)
        pool_key = partial[pool_rows]
        for board_sums, board in zip(self._sums(pool_rows, [active[b] for b in rest]), rest):
            pool_key = pool_key + _terms(board_sums, sizes[board], self.strategy)
        bound = float(pool_key.min())
        limit = bound + 1e-9 * max(1.0, abs(bound))
        alive = self.all_rows[partial <= limit]
        partial = partial[alive]
        found = {}  # board -> (the candidates it was scored on, their sums)
        for board in rest:
            fresh = self.table.board_sums(alive, [active[board]])
            found[board] = (alive, (fresh.sum_n[0], fresh.sum_clog2c[0]))
            partial += _terms(found[board][1], sizes[board], self.strategy)
            keep = partial <= limit
            alive, partial = alive[keep], partial[keep]
        sums = []
        for board in range(len(active)):
            if board in every:
                sum_n, sum_clog2c = every[board]
                sums.append((sum_n[alive], sum_clog2c[alive]))
            else:
                scored, (sum_n, sum_clog2c) = found[board]
                at = np.searchsorted(scored, alive)
                sums.append((sum_n[at], sum_clog2c[at]))
        return alive, sums

    def _sums(self, rows: np.ndarray, active: list[np.ndarray], full: bool = False) -> list[tuple[np.ndarray, np.ndarray]]:
        """Per board, (sum_n, sum_clog2c) over `rows` (`board_sums`).

        With `full`, pools are scored over every candidate instead (their
        arrays then cover every candidate; for `expected` small ones by pairs,
        `SplitTable.sum_n_all`, with sum_clog2c left 0), and large ones are
        kept: simulated games share their opening, so the pools of the second
        turn recur (one per feedback class of the opening); smaller pools are
        cheaper to score again than to keep.
        """
        found: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        by_pairs, by_histogram = [], []
        for board, pool in enumerate(active):
            hit = self._cache.get(pool.tobytes()) if full and len(pool) >= CACHE_MIN_POOL else None
            if hit is not None:
                found[board] = hit
            elif full and self.strategy == "expected" and len(pool) <= split.PAIRS_MAX_POOL:
                by_pairs.append(board)
            else:
                by_histogram.append(board)
        if by_pairs:
            sum_n = self.table.sum_n_all([active[b] for b in by_pairs])
            for i, board in enumerate(by_pairs):
                found[board] = (sum_n[i], self._no_entropy)
        if by_histogram:
            fresh = self.table.board_sums(self.all_rows if full else rows, [active[b] for b in by_histogram])
            for i, board in enumerate(by_histogram):
                found[board] = (fresh.sum_n[i], fresh.sum_clog2c[i])
        if full:
            for board in by_pairs + by_histogram:
                pool = active[board]
                if len(pool) >= CACHE_MIN_POOL and len(self._cache) < CACHE_ENTRIES:
                    self._cache[pool.tobytes()] = found[board]
        return [found[b] for b in range(len(active))]


def _terms(board_sums: tuple[np.ndarray, np.ndarray], size: int, strategy: str) -> np.ndarray:
    """One board's term of the key, to minimise: expected pool left, or sum c*log2(c) / n."""
    sum_n, sum_clog2c = board_sums
    return (sum_n if strategy == "expected" else sum_clog2c) / size


def least_expected(sum_n: Sequence[np.ndarray], sizes: Sequence[int]) -> np.ndarray:
    """Mask of the columns minimising sum_b sum_n[b] / sizes[b] (a row per board), compared exactly.

    Each board's term is scaled to the least common multiple of the pool
    sizes, so the comparison is of integers; when that could overflow int64
    (many boards with large, coprime pools) the floats pick the near-best and
    exact fractions decide among them.
    """
    sizes = [int(s) for s in sizes]
    common = math.lcm(*sizes)
    if common * sum(sizes) < 2**62:  # sum_n[b] <= sizes[b]^2, so every total fits
        totals = sum_n[0] * (common // sizes[0])
        for row, size in zip(sum_n[1:], sizes[1:]):
            totals = totals + row * (common // size)
        return totals == totals.min()
    key = sum(row / size for row, size in zip(sum_n, sizes))
    near = np.flatnonzero(key <= key.min() * (1 + 1e-9))
    exact = [sum(Fraction(int(row[i]), size) for row, size in zip(sum_n, sizes)) for i in near]
    low = min(exact)
    mask = np.zeros(len(sum_n[0]), dtype=bool)
    mask[near[[e == low for e in exact]]] = True
    return mask


def _check_progress(before: Pools, after: Pools, guess: str) -> None:
    same = all((a is None) == (b is None) and (a is None or len(a) == len(b)) for a, b in zip(before, after))
    if same:
        raise RuntimeError(f"the guess {guess!r} made no progress on any board")


# ---------------------------------------------------------------- simulation


def draw_targets(n_answers: int, boards: int, games: int, seed: int) -> list[tuple[int, ...]]:
    """`games` tuples of `boards` distinct answer indices, drawn with `seed` (board order as drawn)."""
    import random

    rng = random.Random(seed)
    return [tuple(rng.sample(range(n_answers), boards)) for _ in range(games)]


def simulate(
    solver: MultiSolver,
    games: Sequence[Sequence[str]],
    first: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """Play every tuple of targets; targets are listed space-separated, paths are the guesses.

    A game takes at least as many turns as it has boards (each turn solves one board at most): the chart starts there.
    """
    paths = []
    for done, targets in enumerate(games, start=1):
        paths.append([turn.guess for turn in solver.play(targets, first)])
        if progress is not None:
            progress(done)
    return Simulation([" ".join(t) for t in games], paths, fewest=solver.boards)
