"""Slow, obviously-correct reference for `wordle review` (issues 20, 35), by brute force.

Independent of `wordle_cli`: feedback from `naive`, the best totals from
`naive_tree.best_total`. For each turn with pool P (n answers) and guess g:
E(g) = best total over trees opening with g / n; best = least total / n;
cost = E(g) - best; luck = E(g) - 1 - E_after, E_after being the next
turn's best (0 when the guess won). Each turn is graded under the guesses
left at that turn (`max_guesses` counting down); where g cannot be sure to
win in them, that turn and the later ones are graded under the least
larger limit where it can (one more at a time, up to 4 more; beyond that,
no limit): the turns before are untouched.

Under a prior (`weights`, one per answer) every count n is the pool's weight
and every total weighted (weight x guesses): E(g) = weighted best total over
trees opening with g / the pool's weight; the expected answers left is the
sum over g's classes of class weight x class size / the pool's weight.
"""

from __future__ import annotations

from fractions import Fraction

import naive
import naive_tree

#: A limit is raised up to this many above the one asked for; beyond, no limit.
MOST_RAISED = 4


def review(answers, allowed, guesses, answer, max_guesses=6, weights=None):
    """Per turn: dict(before, after, expected, best, cost, luck, expected_left, ties, limit) as Fractions/ints
    (`weights`: a prior, one weight per answer; None: uniform)."""
    weight_of = dict(zip(answers, weights if weights is not None else [1] * len(answers)))
    pool = list(answers)
    turns = []
    limit = max_guesses

    def best_total(pool, left, first=None):
        return naive_tree.best_total(pool, allowed, max_guesses=left, first=first, weights=[weight_of[w] for w in pool])

    for turn, guess in enumerate(guesses):
        while True:
            left = None if limit is None else limit - turn
            played = naive_tree.INF if left is not None and left <= 0 else best_total(pool, left, guess)
            if played != naive_tree.INF:
                break
            limit = limit + 1 if limit + 1 <= max_guesses + MOST_RAISED else None
        n = len(pool)
        mass = sum(weight_of[w] for w in pool)
        least = best_total(pool, left)
        if least == naive_tree.INF:
            raise OverflowError
        best = Fraction(least, mass)
        everyone = dict.fromkeys(list(allowed) + list(answers))
        ties = sum(best_total(pool, left, g) == least for g in everyone)
        tiles = naive.feedback(guess, answer)
        classes = {}
        for word in pool:
            classes.setdefault(naive.feedback(guess, word), []).append(word)
        pool = [w for w in pool if naive.feedback(guess, w) == tiles]
        left_sum = sum(len(part) * sum(weight_of[w] for w in part) for part in classes.values())
        turns.append(
            dict(
                before=n, after=len(pool), expected=Fraction(played, mass), best=best, cost=Fraction(played, mass) - best,
                expected_left=Fraction(left_sum, mass), ties=ties, limit=limit, won=guess == answer,
            )
        )
    for i, t in enumerate(turns):
        after_best = Fraction(0) if t.pop("won") else turns[i + 1]["best"]
        t["luck"] = t["expected"] - 1 - after_best
    return turns


def _total(pool, allowed, left, first=None):
    value = naive_tree.best_total(pool, allowed, max_guesses=left, first=first)
    if value == naive_tree.INF:
        raise OverflowError
    return value
