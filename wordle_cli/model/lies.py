"""Fibble's rule: every row's feedback lies in exactly N tiles (`--lies N`; Fibble is 1, Wordle 0).

The host works out the true feedback t of the guess and shows a row s that
differs from t in exactly N tiles, each of those tiles showing one of the two
colours it does not have. Two rows are told truly:

- a guess that is the answer wins: its row is all exact, with no lie;
- the host never shows an all-exact row for a guess that is not the answer
  (it would read as a win), so for a true feedback with exactly N tiles not
  exact, the one lie that would make it all exact is never told.

So the rows the host may show for t are

    shown(t) = {win}                                if t is all exact (win)
             = {s : d(s, t) = N, s not all exact}   otherwise

with d the number of tiles where two feedbacks differ (the Hamming distance
of their base-3 codes, digit by digit). There are C(L, N) * 2^N of them (10
for Fibble's five tiles), one fewer when t has exactly N tiles not exact, and
with N = 0 shown(t) = {t}: Wordle.

**Consistency.** An answer a stays possible after guess g showed s exactly
when s is in shown(feedback(g, a)). An all-exact row therefore means the
guess is the answer (`decide`: it is the only row that is never a lie). The
relation is symmetric, s in shown(t) iff t in shown(s) (the distance is
symmetric and both sides leave out the all-exact row alike, which only
ever pairs with itself), so the answers consistent with s are those whose
true feedback is in shown(s): one table of neighbours serves both ways.

**The host's choice.** Which of shown(t) the host tells is not part of the
rule: `random_lie` picks one uniformly (seeded), `worst_lie` the one that
leaves the most answers consistent (ties: the smallest code, tiles as a
base-3 number with the first tile most significant). Both are here so that
every command plays against the same hosts.

Pure Python (so `prune` stays fast); `lie_split` holds the numpy and numba
side: the neighbour tables as arrays and how a guess spreads a pool over the
rows the host may show.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from typing import Callable

from wordle_cli.codes import decode, encode
from wordle_cli.errors import UsageProblem
from wordle_cli.model.feedback import feedback

#: Fibble's rows: nine, against Wordle's six.
FIBBLE_ROWS = 9

#: The hosts a game can be played against (`simulate --liar`, `solve --liar`).
LIARS = ("random", "worst")


@dataclass(frozen=True)
class Lies:
    """N lies in every row of a game of words of `length` symbols."""

    n: int
    length: int

    def __post_init__(self) -> None:
        if not 0 <= self.n <= self.length:
            raise UsageProblem(f"--lies must be between 0 and the word length {self.length}, got {self.n}")

    @property
    def win(self) -> int:
        """The all-exact code."""
        return 3**self.length - 1

    @property
    def most(self) -> int:
        """How many rows a true feedback can be shown as: C(L, N) * 2^N (1 with no lies)."""
        return math.comb(self.length, self.n) * 2**self.n

    @property
    def scale(self) -> int:
        """The least common multiple of every `count`: expected sizes are whole numbers over pool x scale."""
        if self.n == 0:
            return 1
        return math.lcm(self.most, self.most - 1)

    def shown(self, code: int) -> tuple[int, ...]:
        """The rows (codes, ascending) the host may show when the true feedback is `code`."""
        return _shown(self.n, self.length, code)

    def count(self, code: int) -> int:
        """How many rows the host may show for the true feedback `code`."""
        return len(self.shown(code))

    def consistent(self, true_code: int, shown_code: int) -> bool:
        """Whether an answer whose true feedback is `true_code` may have been shown `shown_code`."""
        return shown_code in self.shown(true_code)

    def predicate(self, guess: str, tiles: Sequence[int]) -> Callable[[str], bool]:
        """The words that stay possible after `guess` showed `tiles` (for `prune`): true feedback in shown(tiles)."""
        allowed = frozenset(self.shown(encode(tuple(tiles))))  # by symmetry, the true feedbacks that can show it
        return lambda word: encode(feedback(guess, word)) in allowed

    def lie_tiles(self, true_code: int, shown_code: int) -> tuple[int, ...]:
        """The positions (from 0) where a shown row differs from the truth: the lies told."""
        truth, shown = decode(true_code, self.length), decode(shown_code, self.length)
        return tuple(i for i, (t, s) in enumerate(zip(truth, shown)) if t != s)


@cache
def _shown(n: int, length: int, code: int) -> tuple[int, ...]:
    win = 3**length - 1
    if code == win or n == 0:
        return (code,)
    tiles = decode(code, length)
    found = []
    for where in combinations(range(length), n):
        for colours in product((1, 2), repeat=n):  # each lying tile moves 1 or 2 colours along, mod 3
            lied = list(tiles)
            for i, step in zip(where, colours):
                lied[i] = (lied[i] + step) % 3
            shown = encode(lied)
            if shown != win:
                found.append(shown)
    return tuple(sorted(found))


def decide(lies: Lies, guess: str, answer: str, shown_code: int) -> bool:
    """Whether `answer` stays possible after `guess` showed `shown_code` (the rule, word by word)."""
    return lies.consistent(encode(feedback(guess, answer)), shown_code)


# ---------------------------------------------------------------- the hosts


def random_lie(lies: Lies, true_code: int, rng) -> int:
    """A row drawn uniformly from shown(true_code) with `rng` (a `random.Random`); the win is told truly."""
    options = lies.shown(true_code)
    return options[rng.randrange(len(options))] if len(options) > 1 else options[0]


def worst_lie(lies: Lies, true_code: int, pool_codes: Sequence[int]) -> int:
    """The row of shown(true_code) that leaves the most of the pool consistent; ties: the smallest code.

    `pool_codes`: the guess's true feedback for every answer still possible.
    """
    options = lies.shown(true_code)
    if len(options) == 1:
        return options[0]
    counts: dict[int, int] = {}
    for code in pool_codes:
        counts[int(code)] = counts.get(int(code), 0) + 1
    best, best_left = options[0], -1
    for shown in options:  # ascending, so the first of the largest is the smallest code
        left = sum(counts.get(t, 0) for t in lies.shown(shown))
        if left > best_left:
            best, best_left = shown, left
    return best


class Liar:
    """A host that lies: `kind` "random" (seeded per game) or "worst"; `start(target)` before each game."""

    def __init__(self, lies: Lies, kind: str = "random", seed: int = 0):
        if kind not in LIARS:
            raise UsageProblem(f"unknown liar {kind!r}; choose one of {', '.join(LIARS)}")
        self.lies = lies
        self.kind = kind
        self.seed = seed
        self._rng = None

    def start(self, target: str) -> None:
        """A new game against `target`: the random host's draws depend only on the seed and the target,
        so a game's lies are the same whatever other games are played."""
        import random

        self._rng = random.Random(f"{self.seed}:{target}")

    def lie(self, true_code: int, pool_codes) -> int:
        """The row shown for a guess whose true feedback is `true_code` (`pool_codes`: its codes over the pool)."""
        if self.kind == "worst":
            return worst_lie(self.lies, true_code, pool_codes)
        if self._rng is None:
            self.start("")
        return random_lie(self.lies, true_code, self._rng)


# ---------------------------------------------------------------- a lower bound for the proof


def least_guesses(lies: Lies, n: int) -> int:
    """A lower bound on the guesses that win from any pool of `n` answers against every lie.

    One answer takes one guess. Otherwise, after any guess g the answers
    other than g (at least n - 1) each stay consistent with every row their
    true feedback may be shown as, at least `most` - 1 rows for a true
    feedback that is not a win (`most` with no lies), and the host can show
    at most 3^L - 1 rows that are not all exact. So some row leaves at least
    ceil((n - 1) * (most - 1) / (3^L - 1)) answers (with no lies: ceil((n -
    1) / (3^L - 1))), and a pool of two or more needs at least 1 + that
    many's bound, and at least 2.
    """
    if n <= 1:
        return n
    per_answer = max(lies.most - 1, 1) if lies.n else 1
    rows = 3**lies.length - 1
    left = -(-(n - 1) * per_answer // rows)
    return 1 + max(1, least_guesses(lies, left))


def most_answers(lies: Lies, guesses: int) -> int:
    """The largest pool `least_guesses` allows to be won within `guesses` (0 for none)."""
    if guesses <= 0:
        return 0
    if guesses == 1:
        return 1
    per_answer = max(lies.most - 1, 1) if lies.n else 1
    rows = 3**lies.length - 1
    # n is allowed iff ceil((n-1) * per_answer / rows) <= most_answers(guesses - 1)
    return 1 + (most_answers(lies, guesses - 1) * rows) // per_answer
