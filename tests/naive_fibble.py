"""Slow, obviously-correct references for Fibble (issue 28): every answer, every lie, by brute force.

Independent of `wordle_cli`: the feedback rule comes from `naive`; the lies
a host may tell are enumerated from the rule's wording (choose the lying
tiles, then a wrong colour for each); consistency, averages, the worst lie
and the minimax value of a pool are computed from those lists with exact
fractions and plain recursion.

The rule, as docs/games.md states it: every row lies in exactly N tiles,
each showing a colour it does not have; a guess that is the answer shows
all exact, truly; a row that is not the answer's is never shown all exact.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from itertools import combinations, product

import naive

ALL_EXACT = naive.EXACT


def code(tiles) -> int:
    return naive.code(tiles)


@cache  # a pure function of its arguments: computed once, so the brute force below stays fast enough
def lies_of(truth: tuple, n: int) -> tuple[tuple, ...]:
    """Every row the host may show when the true feedback is `truth` (each lie once), in code order."""
    length = len(truth)
    if all(t == ALL_EXACT for t in truth):
        return (truth,)
    rows = set()
    for where in combinations(range(length), n):
        for colours in product((0, 1, 2), repeat=n):
            if any(colours[k] == truth[i] for k, i in enumerate(where)):
                continue  # a lie shows a colour the tile does not have
            row = list(truth)
            for k, i in enumerate(where):
                row[i] = colours[k]
            if all(t == ALL_EXACT for t in row):
                continue  # never a false win
            rows.add(tuple(row))
    return tuple(sorted(rows, key=code))


@cache
def feedback(guess: str, answer: str) -> tuple:
    return naive.feedback(guess, answer)


def consistent(guess: str, word: str, shown: tuple, n: int) -> bool:
    """Whether `word` as the answer could have made the host show `shown` for `guess`."""
    return tuple(shown) in lies_of(feedback(guess, word), n)


def prune(guess: str, shown: tuple, words: list[str], n: int) -> list[str]:
    return [w for w in words if consistent(guess, w, shown, n)]


def spread(guess: str, pool: list[str], n: int) -> tuple[Fraction, int, int]:
    """(average answers left, worst, rows the host may show): each answer equally likely, each of its lies equally likely."""
    total = Fraction(0)
    worst = 0
    rows = set()
    for answer in pool:
        lies = lies_of(feedback(guess, answer), n)
        for shown in lies:
            left = len(prune(guess, shown, pool, n))
            total += Fraction(left, len(pool) * len(lies))
            worst = max(worst, left)
            rows.add(shown)
    return total, worst, len(rows)


def information(guess: str, pool: list[str], n: int) -> float:
    """I(answer; row shown) in bits: H(row) - H(row | answer), from the probabilities of each (answer, lie)."""
    p_row: dict[tuple, float] = {}
    conditional = 0.0
    for answer in pool:
        lies = lies_of(feedback(guess, answer), n)
        conditional += math.log2(len(lies)) / len(pool)
        for shown in lies:
            p_row[shown] = p_row.get(shown, 0.0) + 1 / (len(pool) * len(lies))
    return -math.fsum(p * math.log2(p) for p in p_row.values()) - conditional


def worst_lie(guess: str, answer: str, pool: list[str], n: int) -> tuple:
    """The lie leaving the most of `pool` consistent; ties: the smallest code."""
    lies = lies_of(feedback(guess, answer), n)
    return max(lies, key=lambda shown: (len(prune(guess, shown, pool, n)), -code(shown)))


# ---------------------------------------------------------------- the strategies, and a game against the worst liar

INFO_TIE = 1e-9


def best(strategy: str, pool: list[str], candidates: list[str], n: int) -> str:
    """The strategy's guess: best key among guesses no row answers with the whole pool; then a pool word; then list order."""
    useful = []
    for guess in candidates:
        average, worst, _ = spread(guess, pool, n)
        if worst < len(pool) or len(pool) == 1:
            useful.append((guess, average, worst))
    if strategy == "expected":
        keys = {g: a for g, a, _ in useful}
    elif strategy == "minimax":
        keys = {g: (w, a) for g, a, w in useful}
    else:
        keys = {g: -information(g, pool, n) for g, _, _ in useful}
    low = min(keys.values())
    if strategy == "entropy":
        tied = [g for g, _, _ in useful if keys[g] <= low + INFO_TIE]
    else:
        tied = [g for g, _, _ in useful if keys[g] == low]
    preferred = [g for g in tied if g in pool]
    return (preferred or tied)[0]


def play_worst(target: str, answers: list[str], candidates: list[str], strategy: str, n: int, first: str | None = None) -> list[str]:
    """The guesses of a game against `target` where the host always tells `worst_lie`."""
    pool = list(answers)
    guesses: list[str] = []
    while True:
        guess = first if first is not None and not guesses else best(strategy, pool, candidates, n)
        guesses.append(guess)
        if guess == target:
            return guesses
        shown = worst_lie(guess, target, pool, n)
        pool = prune(guess, shown, pool, n)
        assert target in pool and len(guesses) <= 2 * len(answers) + 2


# ---------------------------------------------------------------- the minimax value, exhaustively


def rows_left(guess: str, pool: list[str], n: int) -> list[tuple[tuple, list[str]]]:
    """(row, answers consistent with it) for every row some answer of `pool` may be shown as."""
    rows = {shown for answer in pool for shown in lies_of(feedback(guess, answer), n)}
    return [(shown, prune(guess, shown, pool, n)) for shown in sorted(rows, key=code)]


def value(pool: list[str], candidates: list[str], n: int, memo: dict | None = None) -> int:
    """The fewest guesses that win from `pool` whatever row the host shows (answer and lie both its choice).

    1 for a single word; otherwise 1 + the least over guesses of the most over
    the rows of the guesses still needed (none after the win row). Guesses
    after which some row leaves the whole pool are never useful.
    """
    memo = {} if memo is None else memo
    key = tuple(pool)
    if key in memo:
        return memo[key]
    if len(pool) == 1:
        return 1
    best_value = None
    for guess in candidates:
        rows = rows_left(guess, pool, n)
        if any(len(left) == len(pool) for _, left in rows):
            continue
        worst = 0
        for shown, left in rows:
            need = 0 if all(t == ALL_EXACT for t in shown) else value(left, candidates, n, memo)
            worst = max(worst, need)
        if best_value is None or 1 + worst < best_value:
            best_value = 1 + worst
    memo[key] = best_value
    return best_value

