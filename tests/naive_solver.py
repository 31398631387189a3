"""Slow, obviously-correct reference for the solver (issue #4), by brute force.

Independent of `wordle_cli`: the feedback rule comes from `naive`, and every
choice is made by computing each candidate's partition of the pool in pure
Python and taking the minimum of a plain key. Hard mode follows the game's
own check against each previous row.
"""

from __future__ import annotations

import math
from collections import Counter

import naive

EXACT, ABSENT = naive.EXACT, naive.ABSENT
ENTROPY_TIE = 1e-9  # class-size sums c*log2(c) closer than this are equal


def partition_sizes(guess: str, pool: list[str]) -> list[int]:
    return list(Counter(naive.feedback(guess, w) for w in pool).values())


def key(strategy: str, guess: str, pool: list[str], weight: dict | None = None):
    """The strategy's key (smaller is better); under a prior `weight` (word -> int), weighted_key's."""
    if weight is not None:
        return weighted_key(strategy, guess, pool, weight)
    sizes = partition_sizes(guess, pool)
    sum_n = sum(c * c for c in sizes)  # N * expected remaining
    if strategy == "expected":
        return sum_n
    if strategy == "minimax":
        return (max(sizes), sum_n)
    if strategy == "entropy":  # maximising entropy = minimising sum of c*log2(c)
        return math.fsum(c * math.log2(c) for c in sizes)
    raise ValueError(strategy)


def weighted_key(strategy: str, guess: str, pool: list[str], weight: dict):
    """Classes of n words weighing W, a guess that wins now (it is in the pool, weighing w) credited:
    expected sum W*n over the classes but the win, minimax (the heaviest class but the win, that sum),
    entropy sum W*log2(W) over every class, less w (a win counted as one more bit of the pool's weight)."""
    classes: dict = {}
    for w in pool:
        classes.setdefault(naive.feedback(guess, w), []).append(weight[w])
    win = tuple([EXACT] * len(guess))
    pairs = [(len(ws), sum(ws)) for tiles, ws in classes.items() if tiles != win]
    won = sum(classes.get(win, []))
    expected = sum(n * mass for n, mass in pairs)
    if strategy == "expected":
        return expected
    if strategy == "minimax":
        return (max((mass for _, mass in pairs), default=0), expected)
    if strategy == "entropy":
        return math.fsum([*(mass * math.log2(mass) for mass in (sum(ws) for ws in classes.values())), -won])
    raise ValueError(strategy)


def hard_mode_allows(history: list[tuple[str, tuple]], word: str) -> bool:
    """Wordle's hard mode, checked against every previous row."""
    for guess, tiles in history:
        for i, t in enumerate(tiles):
            if t == EXACT and word[i] != guess[i]:
                return False
        marked = Counter(g for g, t in zip(guess, tiles) if t != ABSENT)
        for letter, count in marked.items():
            if word.count(letter) < count:
                return False
    return True


def candidates_of(answers: list[str], allowed: list[str]) -> list[str]:
    return list(allowed) + [w for w in answers if w not in set(allowed)]


_memo: dict = {}


def best(strategy, pool, answers, allowed, pool_only=False, hard=False, history=(), weight=None) -> str:
    """The strategy's guess: best key, then a pool word, then the earliest in list order.

    Memoised on all its arguments (history only counts in hard mode), so
    replaying many games does not recompute shared positions.
    """
    weights = None if weight is None else tuple(sorted(weight.items()))
    memo_key = (strategy, tuple(pool), tuple(answers), tuple(allowed), pool_only, hard, tuple(history) if hard else (), weights)
    if memo_key not in _memo:
        _memo[memo_key] = _best(strategy, pool, answers, allowed, pool_only, hard, history, weight)
    return _memo[memo_key]


def _best(strategy, pool, answers, allowed, pool_only, hard, history, weight=None) -> str:
    if pool_only:
        cands = list(pool)  # answers order
    else:
        cands = [c for c in candidates_of(answers, allowed) if not hard or hard_mode_allows(list(history), c)]
    keys = {c: key(strategy, c, pool, weight) for c in cands}
    if strategy == "entropy":
        m = min(keys.values())
        tied = [c for c in cands if keys[c] <= m + ENTROPY_TIE]
    else:
        m = min(keys.values())
        tied = [c for c in cands if keys[c] == m]
    in_pool = [c for c in tied if c in set(pool)]
    return (in_pool or tied)[0]


def play(target, answers, allowed, strategy, pool_only=False, hard=False, first=None, weight=None) -> list[str]:
    """The guesses of one game against `target`."""
    pool = list(answers)
    history: list[tuple[str, tuple]] = []
    path = []
    while True:
        guess = first if (first is not None and not path) else best(strategy, pool, answers, allowed, pool_only, hard, history, weight)
        path.append(guess)
        tiles = naive.feedback(guess, target)
        if all(t == EXACT for t in tiles):
            return path
        pool = [w for w in pool if naive.feedback(guess, w) == tiles]
        history.append((guess, tiles))
        assert len(path) < 50, "no progress"
