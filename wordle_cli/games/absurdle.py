"""Absurdle: a host that never commits to an answer, and the fewest guesses that corner it.

The host. It keeps every answer consistent with the feedback so far (the
pool). After each guess it splits the pool by the feedback each answer would
give and keeps the largest bucket. Ties go to the bucket whose feedback has
the fewest exact tiles, then the fewest contained tiles, then the smallest
feedback code (tiles read as a base-3 number, first tile most significant,
absent 0, contained 1, exact 2). Implementations of the game differ here:
qntm's original breaks ties its own way, so a sequence proven here can need a
different ending there. The game is won when the guess is the only word left
(all tiles exact). A pool of two or more is never won at once: the all-exact
bucket has one word and the worst tie rank, so the host keeps another.

The search. f(pool), the fewest guesses that force a win, is 1 for a single
word and otherwise 1 + min over guesses g of f(kept bucket of g): a bucket
of n words needs at least one more guess, and exactly one only when n == 1
and the guess is that word. So a pool is won in 2 iff some guess splits it
into single words, and in d iff some guess leaves a bucket won in d - 1. It
is iterative deepening (d = 1, 2, ...: the first d that wins is the minimum,
every smaller one having failed for every guess), with

- a memo on the pool (the remaining answer set): the least d it may still
  be won in, and the winning line found;
- a size cap: a bucket won in 2 has at most as many words as the most classes
  any guess splits its parent into (a subset never splits into more), so
  guesses leaving a larger bucket are skipped, and for that last step only the
  guesses splitting the parent into at least that many classes are tried;
- guesses that leave the pool whole are skipped (they only waste a turn);
- guesses tried smallest kept bucket first (then list order), each distinct
  bucket once; buckets and splits come from the feedback table
  (`wordle_cli.games.split`).

The line printed is the first found in that order, so the same lists always
give the same line. The challenge variant (`target`) is qntm's: the host is
unchanged, and the player must corner it on one given word, which therefore
must stay in the kept bucket after every guess.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
from numba import types
from numba.typed import Dict

from wordle_cli.compiled import compiled
from wordle_cli.errors import UsageProblem, WordleError, quote
from wordle_cli.games.split import TableHost, _perfect_part
from wordle_cli.hashing import hash_array
from wordle_cli.model.feedback import CONTAINED, EXACT, decode
from wordle_cli.model.game import Game

#: `lower` of a pool that no number of guesses wins (a challenge target that cannot be kept).
NEVER = 1 << 30


def host_rank(length: int) -> np.ndarray:
    """rank[code]: the host's preference among equally large buckets (lower is kept first)."""
    codes = range(3**length)
    key = [(tiles.count(EXACT), tiles.count(CONTAINED), code) for code, tiles in ((c, decode(c, length)) for c in codes)]
    order = sorted(range(3**length), key=lambda c: key[c])
    rank = np.empty(3**length, dtype=np.int64)
    rank[order] = np.arange(3**length)
    return rank


@dataclass(frozen=True)
class Step:
    """One guess against the host: the feedback it gave, the buckets the pool split into, the words left."""

    guess: str
    code: int
    pool: int  # words possible before the guess
    buckets: int
    left: int  # words in the bucket kept

    @property
    def won(self) -> bool:
        return self.pool == 1 and self.left == 1 and self.buckets == 1 and self.code == 3 ** len(self.guess) - 1


class Absurdle(TableHost):
    """The host over a game's lists, with the feedback table its searches read."""

    def __init__(self, game: Game, backend: str = "cpu"):
        super().__init__(game, backend)
        self.rank = host_rank(game.length)

    def respond(self, pool: np.ndarray, guess: str) -> tuple[Step, np.ndarray]:
        """The host's answer to `guess`: the step, and the pool it keeps."""
        codes = self.codes(guess, pool)
        counts = np.bincount(codes, minlength=len(self.rank))
        largest = counts.max()
        tied = np.flatnonzero(counts == largest)
        code = int(tied[np.argmin(self.rank[tied])])
        kept = pool[codes == code]
        return Step(guess, code, len(pool), int((counts > 0).sum()), len(kept)), kept

    def replay(self, guesses: list[str], pool: np.ndarray | None = None) -> tuple[list[Step], np.ndarray]:
        """The steps of `guesses` against the host from `pool` (a fresh game by default), and the pool left."""
        pool = self.start() if pool is None else pool
        steps = []
        for guess in guesses:
            step, pool = self.respond(pool, guess)
            steps.append(step)
        return steps, pool


@dataclass
class Solution:
    """A shortest win, proven: no line of `minimum - 1` guesses wins (with the first guess given, if any)."""

    guesses: list[str]
    steps: list[Step]
    first: str | None
    target: str | None

    @property
    def minimum(self) -> int:
        return len(self.guesses)


class Search:
    """The fewest guesses that force a win, from a fresh game or after a given first guess."""

    #: Depth 3 in compiled code (`_three`); the tests compare it with the plain loop (`_moves`).
    compiled = True

    def __init__(self, absurdle: Absurdle, target: str | None = None):
        self.absurdle = absurdle
        self.game = absurdle.game
        self.table = absurdle.table
        self.rank = absurdle.rank
        self.all_cols = np.arange(len(self.game.candidates), dtype=np.int64)
        self.target = None
        self.target_cand = -1
        if target is not None:
            if target not in self.game.answer_index:
                raise UsageProblem(f"--target {quote(target)} is not one of the {len(self.game.answers)} answers")
            self.target = self.game.answer_index[target]
            self.target_cand = int(self.game.cand_of_answer[self.target])
        self.lower: dict[bytes, int] = {}  # pool -> fewest guesses it may still be won in
        self.wins: dict[bytes, list[int]] = {}  # pool -> a winning line found (candidate indices)
        self.nodes = 0  # pools searched, for reports

    # ------------------------------------------------------------ the minimum

    def root(self, first: str | None) -> np.ndarray:
        """The pool the search starts from: every answer, or what the host keeps after `first`."""
        pool = self.absurdle.start()
        if first is None:
            return pool
        step, pool = self.absurdle.respond(pool, first)
        if step.won:
            return pool
        if self.target is not None and self.target not in set(pool.tolist()):
            raise WordleError(f"after {quote(first)} the host keeps {len(pool)} words without the target; no line from there corners it")
        return pool

    def solve(self, first: str | None = None, max_guesses: int | None = None) -> Solution:
        """A shortest winning line (with `first` as its first guess when given), its minimum proven.

        WordleError when none exists within `max_guesses` guesses in all, or
        at all (a challenge target that cannot be kept to the end).
        """
        offset = 1 if first is not None else 0
        pool = self.root(first)
        if first is not None and len(pool) == 1 and self.game.answers[int(pool[0])] == first:
            return self._solution([first], first)
        # Every useful guess shrinks the pool, so a win needs at most len(pool) guesses.
        limit = len(pool) if max_guesses is None else min(len(pool), max_guesses - offset)
        for depth in range(1, limit + 1):
            line = self.wins_within(pool, depth)
            if line is not None:
                words = [self.game.candidates[c] for c in line]
                return self._solution(([first] if first is not None else []) + words, first)
        if limit < len(pool):
            raise WordleError(f"no win within {max_guesses} guess{'' if max_guesses == 1 else 'es'} (proven); raise --max-guesses")
        after = f" after {quote(first)}" if first is not None else ""
        raise WordleError(f"no line of guesses{after} corners the host on {quote(self.game.answers[self.target])} (proven)")

    def _solution(self, guesses: list[str], first: str | None) -> Solution:
        steps, _ = self.absurdle.replay(guesses)
        target = self.game.answers[self.target] if self.target is not None else None
        return Solution(guesses, steps, first, target)

    def wins_within(self, pool: np.ndarray, depth: int, cols: np.ndarray | None = None) -> list[int] | None:
        """A line of at most `depth` guesses (candidate indices) that wins from `pool`, or None.

        `cols`, for depth 2 only: the candidates that may split `pool` into
        single words (a superset of those that do, in candidate order).
        """
        n = len(pool)
        if n == 1:
            return [int(self.game.cand_of_answer[pool[0]])] if depth >= 1 else None
        if depth <= 1:
            return None
        key = pool.tobytes()
        known = self.wins.get(key)
        if known is not None and len(known) <= depth:
            return known
        if self.lower.get(key, 2) > depth:
            return None
        self.nodes += 1
        line = self._two(pool, cols) if depth == 2 else self._deeper(pool, depth)
        if line is not None:
            self.wins[key] = line
        else:  # no line of n or more guesses wins where none of n - 1 does (see `solve`)
            self.lower[key] = NEVER if depth >= n else depth + 1
        return line

    def _keep(self, pool: np.ndarray) -> int:
        """Position of the target in `pool` (-1 without one)."""
        return int(np.searchsorted(pool, self.target)) if self.target is not None else -1

    def _two(self, pool: np.ndarray, cols: np.ndarray | None) -> list[int] | None:
        """A guess splitting `pool` into single words (and keeping the target), then the word kept."""
        cols = self.all_cols if cols is None else cols
        ok = self.table.perfect(cols, pool, self.rank, self._keep(pool))
        hits = np.flatnonzero(ok)
        if len(hits) == 0:
            return None
        guess = int(cols[hits[0]])
        codes = self.table.column(guess)[pool]
        kept = int(pool[int(np.argmin(self.rank[codes]))])
        return [guess, int(self.game.cand_of_answer[kept])]

    def _three(self, pool: np.ndarray, count: bool = False):
        """`_deeper` at depth 3, the bulk of every search, in compiled code (`_win_in_three`).

        The same guesses in the same order as `_moves`, each bucket once; the
        finishing guess is the first in list order, as `_two` picks it. With
        `count`, instead the number of 3-guess lines from `pool` (`count`).
        """
        split = self.table.host_split(self.all_cols, pool, self.rank)
        useful = (split.max_n < len(pool)) & (split.max_n <= split.classes.max())
        target = -1
        if self.target is not None:
            useful &= split.kept_code == self.table.codes[pool[self._keep(pool)]]
            useful[self.target_cand] = False
            target = self.target
        order = np.flatnonzero(useful)
        order = order[np.argsort(split.max_n[order], kind="stable")]
        finishers = np.argsort(-split.classes, kind="stable")
        guess, finish, last, lines = _win_in_three(
            self.table.codes, self.table.by_candidate, np.ascontiguousarray(pool, dtype=np.int64), order, split.kept_code,
            finishers, np.ascontiguousarray(split.classes[finishers]), self.rank, target, self.table.scratch(), count,
        )
        if count:
            return int(lines)
        if guess < 0:
            return None
        last_cand = int(self.game.cand_of_answer[last])
        return [int(guess), last_cand] if finish < 0 else [int(guess), int(finish), last_cand]

    def _moves(self, pool: np.ndarray, depth: int) -> Iterator[tuple[int, np.ndarray, np.ndarray | None]]:
        """(guess, kept bucket, candidates for a 2-guess finish) for every guess worth trying, best first, each bucket once."""
        split = self.table.host_split(self.all_cols, pool, self.rank)
        most = int(split.classes.max())
        cap = most ** (depth - 2) if depth - 2 < 8 else len(pool)
        useful = (split.max_n < len(pool)) & (split.max_n <= cap)
        if self.target is not None:
            t = self._keep(pool)
            target_codes = self.table.codes[pool[t]]
            useful &= split.kept_code == target_codes
            useful[self.target_cand] = False
        order = np.flatnonzero(useful)
        order = order[np.argsort(split.max_n[order], kind="stable")]
        finishers = None
        if depth == 3:  # candidates by classes, most first: a bucket of k words needs k classes
            finishers = np.argsort(-split.classes, kind="stable")
            finisher_classes = split.classes[finishers]
        seen: set[bytes] = set()
        for guess in order.tolist():
            kept = pool[self.table.column(guess)[pool] == split.kept_code[guess]]
            key = kept.tobytes()
            if key in seen:
                continue
            seen.add(key)
            cols = None
            if finishers is not None:
                enough = int(np.searchsorted(-finisher_classes, -len(kept), side="right"))
                cols = np.sort(finishers[:enough])
            yield guess, kept, cols

    def _deeper(self, pool: np.ndarray, depth: int) -> list[int] | None:
        if depth == 3 and self.compiled:
            return self._three(pool)
        for guess, kept, cols in self._moves(pool, depth):
            rest = self.wins_within(kept, depth - 1, cols)
            if rest is not None:
                return [guess, *rest]
        return None

    # ------------------------------------------------------------ every shortest line

    def lines(self, pool: np.ndarray, depth: int) -> Iterator[list[int]]:
        """Every winning line of exactly `depth` guesses from `pool`, where `depth` is its minimum; in list order."""
        if depth == 1:
            yield [int(self.game.cand_of_answer[pool[0]])]
            return
        if depth == 2:
            ok = self.table.perfect(self.all_cols, pool, self.rank, self._keep(pool))
            for guess in np.flatnonzero(ok).tolist():
                codes = self.table.column(guess)[pool]
                kept = int(pool[int(np.argmin(self.rank[codes]))])
                yield [guess, int(self.game.cand_of_answer[kept])]
            return
        for guess, kept in self._winning_moves(pool, depth):
            for rest in self.lines(kept, depth - 1):
                yield [guess, *rest]

    def count(self, pool: np.ndarray, depth: int, memo: dict | None = None) -> int:
        """How many lines `lines(pool, depth)` yields, counted with a memo on the buckets.

        `depth` is the pool's minimum, so a bucket left by any guess needs at
        least `depth` - 1 more: counting its lines of exactly that many gives
        0 where it needs more, so no bucket needs to be searched first (and
        the ones the search that found `depth` refuted are skipped).
        """
        memo = {} if memo is None else memo
        if depth == 1:
            return 1
        key = pool.tobytes()
        if key in memo:
            return memo[key]
        if self.lower.get(key, 2) > depth:  # proven by an earlier search to need more
            return 0
        if depth == 2:
            total = int(self.table.perfect(self.all_cols, pool, self.rank, self._keep(pool)).sum())
        elif depth == 3 and self.compiled:
            total = self._three(pool, count=True)
        else:
            total = sum(self.count(kept, depth - 1, memo) for _, kept in self._buckets(pool))
        memo[key] = total
        return total

    def _buckets(self, pool: np.ndarray) -> Iterator[tuple[int, np.ndarray]]:
        """Every guess (in list order) that shrinks `pool` (and keeps the target), with the bucket it leaves."""
        split = self.table.host_split(self.all_cols, pool, self.rank)
        useful = split.max_n < len(pool)
        if self.target is not None:
            useful &= split.kept_code == self.table.codes[pool[self._keep(pool)]]
            useful[self.target_cand] = False
        for guess in np.flatnonzero(useful).tolist():
            yield guess, pool[self.table.column(guess)[pool] == split.kept_code[guess]]

    def _winning_moves(self, pool: np.ndarray, depth: int) -> Iterator[tuple[int, np.ndarray]]:
        """Every guess (in list order) whose kept bucket is won in `depth` - 1, with that bucket."""
        won: dict[bytes, bool] = {}
        for guess, kept in self._buckets(pool):
            key = kept.tobytes()
            if key not in won:
                won[key] = self.wins_within(kept, depth - 1) is not None
            if won[key]:
                yield guess, kept


# ---------------------------------------------------------------- depth 3, compiled


@compiled
def _win_in_three(codes, by_cand, pool, order, kept_code, finishers, finisher_classes, rank, target, scratch, count_all):
    """(guess, finishing guess, last word, lines) of the first guess in `order` whose kept bucket is won in 2 more.

    The finishing guess is -1 when the bucket is the last word already; the
    first three are -1 when no guess in `order` wins in 3. A bucket of k
    words is only tried with the `finishers` that split `pool` into at least
    k classes (a subset never splits into more); each distinct bucket once
    (bit masks over `pool`, hashed, compared on a hash hit). With `target` >=
    0 the finishing guess must leave the host keeping that answer. With
    `count_all`, every guess in `order` is taken and `lines` counts the
    3-guess lines (guess, finisher, last word); `pool` needs 3 guesses at
    least then, so no bucket is a single word.
    """
    n = pool.shape[0]
    words = (n + 63) // 64
    bucket = np.empty(n, dtype=np.int64)
    masks = np.zeros((order.shape[0], words), dtype=np.uint64)
    finishes = np.zeros(order.shape[0], dtype=np.int64)  # per distinct bucket: its finishing guesses
    seen = Dict.empty(types.int64, types.int64)
    hits = np.empty(finishers.shape[0], dtype=np.bool_)
    lines = 0
    for idx in range(order.shape[0]):
        guess = order[idx]
        row = by_cand[guess]
        code = kept_code[guess]
        mask = masks[idx]
        m = 0
        for j in range(n):
            if row[pool[j]] == code:
                bucket[m] = pool[j]
                mask[j >> 6] |= np.uint64(1) << np.uint64(j & 63)
                m += 1
        if m == 1:
            if count_all:
                continue
            return guess, -1, bucket[0], 0
        h = hash_array(mask)
        duplicate = -1
        while h in seen:  # probe on: a different bucket may share the hash
            other = masks[seen[h]]
            same = True
            for w in range(words):
                if other[w] != mask[w]:
                    same = False
                    break
            if same:
                duplicate = seen[h]
                break
            h += 1
        if duplicate >= 0:
            lines += finishes[duplicate]
            continue
        seen[h] = idx
        lo, hi = 0, finisher_classes.shape[0]  # finishers with at least m classes: a prefix
        while lo < hi:
            mid = (lo + hi) // 2
            if finisher_classes[mid] >= m:
                lo = mid + 1
            else:
                hi = mid
        if lo == 0:
            continue
        keep = -1
        if target >= 0:
            for j in range(m):
                if bucket[j] == target:
                    keep = j
        _perfect_part(codes, finishers[:lo], bucket[:m], rank, keep, scratch[0], 0, 1, hits[:lo])
        best = -1
        for i in range(lo):
            if hits[i]:
                finishes[idx] += 1
                if best < 0 or finishers[i] < best:
                    best = finishers[i]
        lines += finishes[idx]
        if best >= 0 and not count_all:
            finish_row = by_cand[best]
            last = bucket[0]
            for j in range(1, m):
                if rank[finish_row[bucket[j]]] < rank[finish_row[last]]:
                    last = bucket[j]
            return guess, best, last, 0
    return -1, -1, -1, lines
