"""Slow, obviously-correct reference for `wordle review` (issue 20), by brute force.

Independent of `wordle_cli`: feedback from `naive`, the best totals from
`naive_tree.best_total`. For each turn with pool P (n answers) and guess g:
E(g) = best total over trees opening with g / n; best = least total / n;
cost = E(g) - best; luck = E(g) - 1 - E_after, E_after being the best
total of the outcome's pool over its size (0 when the guess won). The
guess limit counts down from `max_guesses`; where some value is infinite
under it, the whole review is redone with no limit (as the tool does),
unless the first guess itself cannot finish within it: then `OpenerOutOfRows`
(the tool refuses in one line).
"""

from __future__ import annotations

from fractions import Fraction

import naive
import naive_tree


class OpenerOutOfRows(Exception):
    """The first guess cannot be sure to finish within the guess limit."""


def review(answers, allowed, guesses, answer, max_guesses=6):
    """Per turn: dict(before, after, expected, best, cost, luck, expected_left) as Fractions/ints."""
    if max_guesses is not None and naive_tree.best_total(list(answers), allowed, max_guesses=max_guesses, first=guesses[0]) == naive_tree.INF:
        raise OpenerOutOfRows
    try:
        return _review(answers, allowed, guesses, answer, max_guesses)
    except OverflowError:
        return _review(answers, allowed, guesses, answer, None)


def _total(pool, allowed, left, first=None):
    value = naive_tree.best_total(pool, allowed, max_guesses=left, first=first)
    if value == naive_tree.INF:
        raise OverflowError
    return value


def _review(answers, allowed, guesses, answer, max_guesses):
    pool = list(answers)
    turns = []
    for turn, guess in enumerate(guesses):
        left = None if max_guesses is None else max_guesses - turn
        if left is not None and left <= 0:
            raise OverflowError
        n = len(pool)
        played = Fraction(_total(pool, allowed, left, first=guess), n)
        best = Fraction(_total(pool, allowed, left), n)
        tiles = naive.feedback(guess, answer)
        sizes = {}
        for word in pool:
            sizes[naive.feedback(guess, word)] = sizes.get(naive.feedback(guess, word), 0) + 1
        pool = [w for w in pool if naive.feedback(guess, w) == tiles]
        if guess == answer:
            after_best = Fraction(0)
        else:
            after_best = Fraction(_total(pool, allowed, None if left is None else left - 1), len(pool))
        turns.append(
            dict(
                before=n, after=len(pool), expected=played, best=best, cost=played - best,
                luck=played - 1 - after_best, expected_left=Fraction(sum(s * s for s in sizes.values()), n),
            )
        )
    return turns
