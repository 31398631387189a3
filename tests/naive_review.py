"""Slow, obviously-correct reference for `wordle review` (issues 20, 35, 49), by brute force.

Independent of `wordle_cli`: feedback from `naive`, every value from
`naive_chance`'s enumeration of all decision trees. For each turn with pool
P (n answers) and guess g, graded under the guesses left at that turn
(`max_guesses` counting down; None: more than any tree needs): a value is
the pair (lost, total), the least weight lost, then the least total, a lost
answer counted as the limit + 1 (lost is 0 wherever some tree wins every
answer: the total is then the least of those trees'). E(g) = total with g
played / n; best = least total / n; cost = E(g) - best; luck = E(g) - 1 -
E_after, E_after being the next turn's best (0 when the guess won; after the
last guess, the best from the position it left: a lost game's is 1, the
counted guess). The chances to win: win = 1 - lost / n with g played,
best_win the same with the best guess, luck_win = the next turn's best_win
(1 after a win, 0 after a lost game's last guess) - win. Ties (where the win
is sure): the guesses, hard mode's allowed ones, reaching the best.

Under a prior (`weights`, one per answer) every count n is the pool's weight
and every total weighted (weight x guesses): E(g) = weighted best total over
trees opening with g / the pool's weight; the expected answers left is the
sum over g's classes of class weight x class size / the pool's weight.
"""

from __future__ import annotations

from fractions import Fraction

import naive
import naive_chance
import naive_tree
from naive_solver import hard_mode_allows


def review(answers, allowed, guesses, answer, max_guesses=6, weights=None, hard=False):
    """Per turn: dict(before, after, expected, best, cost, luck, expected_left, ties, limit, win, best_win, luck_win)
    as Fractions/ints (`weights`: a prior, one weight per answer; None: uniform; `hard`: hard mode, the guesses
    played graded as played, whatever the rules)."""
    weight_of = dict(zip(answers, weights if weights is not None else [1] * len(answers)))
    pool = list(answers)
    turns = []
    value, played = naive_chance.game(answers, allowed, hard=hard, weights=weights)
    everyone = list(dict.fromkeys(list(allowed) + list(answers)))
    history = []

    def guesses_left(turn):
        return len(answers) + 1 if max_guesses is None else max_guesses - turn  # no limit: more than any tree needs

    for turn, guess in enumerate(guesses):
        left = guesses_left(turn)
        n = len(pool)
        mass = sum(weight_of[w] for w in pool)
        played_lost, played_total = played(guess, pool, left, history)
        least_lost, least = value(pool, left, history)
        ties = None
        if least_lost == 0:
            ties = sum(played(g, pool, left, history) == (0, least) for g in everyone if not hard or hard_mode_allows(history, g))
        tiles = naive.feedback(guess, answer)
        classes = {}
        for word in pool:
            classes.setdefault(naive.feedback(guess, word), []).append(word)
        pool = [w for w in pool if naive.feedback(guess, w) == tiles]
        history.append((guess, tiles))
        left_sum = sum(len(part) * sum(weight_of[w] for w in part) for part in classes.values())
        turns.append(
            dict(
                before=n, after=len(pool), expected=Fraction(played_total, mass), best=Fraction(least, mass),
                cost=Fraction(played_total - least, mass), expected_left=Fraction(left_sum, mass), ties=ties, limit=max_guesses,
                won=guess == answer, win=1 - Fraction(played_lost, mass), best_win=1 - Fraction(least_lost, mass),
            )
        )
    after = None
    if guesses[-1] != answer:  # unfinished (or lost): the best from the position the last feedback left
        lost, total = value(pool, guesses_left(len(guesses)), history)
        mass = sum(weight_of[w] for w in pool)
        after = (Fraction(total, mass), 1 - Fraction(lost, mass))
    for i, t in enumerate(turns):
        if t.pop("won"):
            after_best, after_win = Fraction(0), Fraction(1)
        elif i + 1 < len(turns):
            after_best, after_win = turns[i + 1]["best"], turns[i + 1]["best_win"]
        else:
            after_best, after_win = after
        t["luck"] = t["expected"] - 1 - after_best
        t["luck_win"] = after_win - t["win"]
    return turns


def _total(pool, allowed, left, first=None):
    value = naive_tree.best_total(pool, allowed, max_guesses=left, first=first)
    if value == naive_tree.INF:
        raise OverflowError
    return value
