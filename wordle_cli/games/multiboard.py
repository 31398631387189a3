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
from wordle_cli.errors import UsageProblem, WordleError
from wordle_cli.feedback import EXACT
from wordle_cli.games import MAX_BOARDS, split
from wordle_cli.solver import openings
from wordle_cli.solver.games import Game
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
CACHE_ENTRIES = 512


def turn_limit(boards: int) -> int:
    """The game's limit: 7 turns for Dordle, 9 for Quordle, 13 for Octordle."""
    return boards + EXTRA_TURNS


@dataclass(frozen=True)
class Turn:
    """One guess and what it did on every board."""

    guess: str
    codes: tuple  # per board: the feedback code, or None for a board solved before this turn
    pools: tuple  # per board: answers possible before the guess (0 for a board solved before)

    def solved(self, win_code: int) -> tuple[bool, ...]:
        """Which boards this guess solved."""
        return tuple(c == win_code for c in self.codes)


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
            left = pool[row[pool] == code]
            if len(left) == 0:
                raise WordleError(f"board {board + 1}: no possible answer gives that feedback for {guess!r}")
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
            return game.candidates[int(self._choose(rows, active, np.ones(len(rows), dtype=bool)))]
        if all(len(p) == len(game.answers) for p in active):
            return self.opening()
        union = np.unique(np.concatenate(active))
        if self.pool_only:  # the pools' words, in answers order
            rows = game.cand_of_answer[union]
            return game.candidates[int(self._choose(rows, active, np.ones(len(rows), dtype=bool)))]
        in_pool = np.zeros(len(game.candidates), dtype=bool)
        in_pool[game.cand_of_answer[union]] = True
        return game.candidates[int(self._choose(self.all_rows, active, in_pool))]

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
        sums = self._sums(rows, active)
        sizes = np.array([len(p) for p in active], dtype=np.int64)
        if self.strategy == "expected":
            tied = least_expected(sums.sum_n, sizes)
        else:
            key = (sums.sum_clog2c / sizes[:, None]).sum(axis=0)
            low = float(key.min())
            tied = key <= low + ENTROPY_RTOL * max(abs(low), 1.0)
        preferred = tied & in_pool
        return int(rows[int(np.argmax(preferred if preferred.any() else tied))])


    def _sums(self, rows: np.ndarray, active: list[np.ndarray]) -> split.BoardSums:
        """`board_sums`, with the sums of large pools over every candidate kept for later games.

        Simulated games share their opening, so the pools of the second turn
        recur (one per feedback class of the opening) and are worth keeping;
        smaller ones are cheaper to recompute than to look up.
        """
        if rows is not self.all_rows:
            return self.table.board_sums(rows, active)
        found: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        missing = []
        for board, pool in enumerate(active):
            hit = self._cache.get(pool.tobytes()) if len(pool) >= CACHE_MIN_POOL else None
            if hit is None:
                missing.append(board)
            else:
                found[board] = hit
        if missing:
            fresh = self.table.board_sums(rows, [active[b] for b in missing])
            for i, board in enumerate(missing):
                found[board] = (fresh.sum_n[i], fresh.sum_clog2c[i])
                pool = active[board]
                if len(pool) >= CACHE_MIN_POOL and len(self._cache) < CACHE_ENTRIES:
                    self._cache[pool.tobytes()] = found[board]
        return split.BoardSums(
            np.stack([found[b][0] for b in range(len(active))]), np.stack([found[b][1] for b in range(len(active))])
        )


def least_expected(sum_n: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """Mask of the columns minimising sum_b sum_n[b] / sizes[b], compared exactly.

    Each board's term is scaled to the least common multiple of the pool
    sizes, so the comparison is of integers; when that could overflow int64
    (many boards with large, coprime pools) the floats pick the near-best and
    exact fractions decide among them.
    """
    common = math.lcm(*(int(s) for s in sizes))
    if common * int(sizes.sum()) < 2**62:  # sum_n[b] <= sizes[b]^2, so every total fits
        totals = (sum_n * (common // sizes)[:, None]).sum(axis=0)
        return totals == totals.min()
    key = (sum_n / sizes[:, None]).sum(axis=0)
    near = np.flatnonzero(key <= key.min() * (1 + 1e-9))
    exact = [sum(Fraction(int(sum_n[b, i]), int(sizes[b])) for b in range(len(sizes))) for i in near]
    low = min(exact)
    mask = np.zeros(sum_n.shape[1], dtype=bool)
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
    """Play every tuple of targets; targets are listed space-separated, paths are the guesses."""
    paths = []
    for done, targets in enumerate(games, start=1):
        paths.append([turn.guess for turn in solver.play(targets, first)])
        if progress is not None:
            progress(done)
    return Simulation([" ".join(t) for t in games], paths)


def all_exact(tiles: Sequence[int]) -> bool:
    return all(t == EXACT for t in tiles)
