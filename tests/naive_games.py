"""Slow, obviously-correct references for multi-board play and Absurdle (issue #12), by brute force.

Independent of `wordle_cli`: feedback from `naive`, every choice made by
computing each candidate's partition of each pool in pure Python, exact
fractions for expected sizes, the Absurdle minimum by exhaustive search over
every candidate at every step (no pruning, no memo of bounds).
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import permutations

import naive
import naive_solver

ENTROPY_TIE = 1e-9
ALL_EXACT = naive.EXACT


def candidates_of(answers: list[str], allowed: list[str]) -> list[str]:
    return naive_solver.candidates_of(answers, allowed)


# ---------------------------------------------------------------- multi-board


def board_key(strategy: str, guess: str, pools: list[list[str]]):
    """Sum over boards of the expected pool left (a Fraction), or minus the summed entropy."""
    if strategy == "expected":
        return sum((Fraction(sum(c * c for c in naive_solver.partition_sizes(guess, p)), len(p)) for p in pools), Fraction(0))
    total = 0.0
    for p in pools:
        sizes = naive_solver.partition_sizes(guess, p)
        total += math.log2(len(p)) - math.fsum(c * math.log2(c) for c in sizes) / len(p)
    return -total


def boards_best(strategy: str, pools: list[list[str]], answers: list[str], allowed: list[str], pool_only: bool = False) -> str:
    """The multi-board strategy's guess for the unsolved boards' pools, with the free-solve rule and the tie rule."""
    singles = [p[0] for p in pools if len(p) == 1]
    in_some_pool = {w for p in pools for w in p}
    if pool_only:
        order = [w for w in answers if w in in_some_pool]
    else:
        order = candidates_of(answers, allowed)
    if singles:  # free solve: the best of the single words
        order = [w for w in order if w in set(singles)]
    keys = {w: board_key(strategy, w, pools) for w in order}
    low = min(keys.values())
    if strategy == "expected":
        tied = [w for w in order if keys[w] == low]
    else:
        tied = [w for w in order if keys[w] <= low + ENTROPY_TIE]
    preferred = [w for w in tied if w in in_some_pool]
    return (preferred or tied)[0]


def boards_play(targets, answers, allowed, strategy, pool_only=False, first=None) -> list[str]:
    """The guesses of a multi-board game: until every board's target has been guessed."""
    pools = [list(answers) for _ in targets]
    solved = [False] * len(targets)
    guesses: list[str] = []
    while not all(solved):
        active = [p for p, s in zip(pools, solved) if not s]
        guess = first if first is not None and not guesses else boards_best(strategy, active, answers, allowed, pool_only)
        guesses.append(guess)
        for b, target in enumerate(targets):
            if solved[b]:
                continue
            tiles = naive.feedback(guess, target)
            pools[b] = [w for w in pools[b] if naive.feedback(guess, w) == tiles]
            solved[b] = guess == target
        assert len(guesses) <= 4 * len(answers) + 5, "no progress"
    return guesses


def all_target_tuples(answers: list[str], boards: int):
    """Every tuple of distinct targets, in order."""
    return list(permutations(answers, boards))


# ---------------------------------------------------------------- Absurdle


def code(tiles) -> int:
    value = 0
    for t in tiles:
        value = 3 * value + t
    return value


def host(pool: list[str], guess: str) -> tuple[tuple, list[str]]:
    """(feedback, kept bucket): the largest; ties to fewest exact, fewest contained, smallest code."""
    buckets: dict[tuple, list[str]] = {}
    for word in pool:
        buckets.setdefault(naive.feedback(guess, word), []).append(word)
    tiles = min(buckets, key=lambda t: (-len(buckets[t]), t.count(naive.EXACT), t.count(naive.CONTAINED), code(t)))
    return tiles, buckets[tiles]


def won(pool: list[str], guess: str) -> bool:
    return pool == [guess]


def replay(guesses: list[str], answers: list[str]) -> list[list[str]]:
    """The pools before each guess, and the last one after."""
    pools = [list(answers)]
    for guess in guesses:
        pools.append(host(pools[-1], guess)[1])
    return pools


def wins_within(pool: list[str], depth: int, candidates: list[str], target: str | None = None) -> bool:
    """Whether some line of at most `depth` guesses wins from `pool` (keeping `target` possible), by exhaustion."""
    if target is not None and target not in pool:
        return False
    if len(pool) == 1:
        return depth >= 1 and (target is None or pool == [target])
    if depth <= 1:
        return False
    for guess in candidates:
        _, kept = host(pool, guess)
        if len(kept) < len(pool) and wins_within(kept, depth - 1, candidates, target):
            return True
    return False


def minimum(answers: list[str], allowed: list[str], first: str | None = None, target: str | None = None) -> int | None:
    """Fewest guesses that win (starting with `first` if given); None when no line ever does."""
    candidates = candidates_of(answers, allowed)
    pool = list(answers)
    offset = 0
    if first is not None:
        if pool == [first]:
            return 1
        pool = host(pool, first)[1]
        offset = 1
    for depth in range(1, len(pool) + 1):
        if wins_within(pool, depth, candidates, target):
            return depth + offset
    return None


def all_lines(pool: list[str], depth: int, candidates: list[str], target: str | None = None) -> list[list[str]]:
    """Every line of exactly `depth` guesses winning from `pool`, where no shorter line wins; in candidate order."""
    if target is not None and target not in pool:
        return []
    if depth == 1:
        return [[pool[0]]] if len(pool) == 1 and (target is None or pool == [target]) else []
    lines = []
    for guess in candidates:
        _, kept = host(pool, guess)
        if len(kept) < len(pool):
            lines += [[guess, *rest] for rest in all_lines(kept, depth - 1, candidates, target)]
    return lines
