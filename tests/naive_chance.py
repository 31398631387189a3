"""Slow, obviously-correct reference for the best chance of winning within a guess limit (issue 49), by brute force.

Independent of `wordle_cli`: the lists and feedback classes from `naive_tree`, hard mode's check from
`naive_solver`. Every decision tree within the limit is enumerated (as in
`naive_tree`), and a position's value is the least pair (lost, total),
compared lost first: `lost` the weight of the answers the tree does not find
within the guesses left, `total` the sum of weight x guesses, a lost answer
counted as the guesses left + 1. With no guess left every answer is lost,
counted as one guess more: (W, W). A guess that leaves the pool as it is
(and wins nothing) is never part of a best tree (it wastes a guess).
"""

from __future__ import annotations

from functools import cache

import naive_tree
from naive_solver import hard_mode_allows


def game(answers, guesses, *, hard: bool = False, weights=None, pool_only: bool = False):
    """(value, played) for a game: value(pool, left, history) and played(guess, pool, left, history) give (lost,
    total); `history` is the turns played so far ((guess, tiles) pairs; only hard mode reads it); `pool_only`: every
    guess one of the answers still possible."""
    answers, weight, candidates, win = naive_tree.game_lists(answers, guesses, weights)
    classes = naive_tree.classes

    @cache
    def value(pool, left, history=()):
        mass = sum(weight[a] for a in pool)
        if left == 0:
            return (mass, mass)
        best = None
        for guess in pool if pool_only else candidates:
            if hard and not hard_mode_allows(list(history), guess):
                continue
            got = via(guess, pool, left, history)
            if got is not None and (best is None or got < best):
                best = got
        return best

    def via(guess, pool, left, history=(), forced=True):
        """(lost, total) with `guess` played now (None, unless `forced`, when it leaves the pool as it is)."""
        parts = classes(guess, pool)
        if len(parts) == 1 and win not in parts and not forced:
            return None
        lost, total = 0, 0
        for tiles, part in parts.items():
            if tiles == win:
                total += weight[guess]
                continue
            if left - 1 == 0:
                part_lost = part_total = sum(weight[a] for a in part)
            else:
                part_lost, part_total = value(tuple(part), left - 1, history + ((guess, tiles),) if hard else ())
            lost += part_lost
            total += sum(weight[a] for a in part) + part_total
        return (lost, total)

    def played(guess, pool, left, history=()):
        if left == 0:
            return value(tuple(pool), 0)
        return via(guess, tuple(pool), left, tuple(history) if hard else ())

    return lambda pool, left, history=(): value(tuple(pool), left, tuple(history) if hard else ()), played


def best(answers, guesses, pool, left, *, hard=False, weights=None, history=(), pool_only=False):
    """The best (lost, total) of `pool` with `left` guesses, and every guess reaching it."""
    value, played = game(answers, guesses, hard=hard, weights=weights, pool_only=pool_only)
    target = value(pool, left, history)
    candidates = dict.fromkeys(pool if pool_only else list(guesses) + list(answers))
    reaching = [
        g for g in candidates
        if (not hard or hard_mode_allows(list(history), g)) and left > 0 and played(g, pool, left, history) == target
    ]
    return target, reaching
