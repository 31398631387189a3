"""Slow, obviously-correct reference for the tree search (issue 9), by brute force.

Independent of `wordle_cli`: the feedback rule comes from `naive`. The best
total over all decision trees is the minimum, over every allowed guess that
splits the pool (or is its only answer), of the pool's size plus the best
totals of the feedback classes other than the all-exact one. A guess that
leaves the pool as it is cannot be part of an optimal tree (it costs a
guess per answer and leaves the same problem), and excluding it is what
makes the recursion finite. Hard mode follows the game's check against
every previous row (`naive_solver.hard_mode_allows`). With `weights` (a
weight per answer) each answer's guesses count weight times: a class costs
its weight for the guess that made it.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache

import naive
from naive_solver import hard_mode_allows

INF = float("inf")


def game_lists(answers, guesses, weights=None):
    """(answers as a tuple, each answer's weight (None: all ones), the candidates: the guesses then the answers,
    each once, the all-green tiles)."""
    answers = tuple(answers)
    weight = dict(zip(answers, weights if weights is not None else [1] * len(answers)))
    return answers, weight, tuple(dict.fromkeys(list(guesses) + list(answers))), tuple([naive.EXACT] * len(answers[0]))


def classes(guess, pool):
    """`pool` split by the tiles `guess` gets: {tiles: [answers]}."""
    parts = defaultdict(list)
    for word in pool:
        parts[naive.feedback(guess, word)].append(word)
    return parts


def best_total(
    answers, guesses, *, hard: bool = False, max_guesses: int | None = None, first: str | None = None, pool_only: bool = False,
    weights=None,
):
    """The least total guesses over `answers` of any tree (INF when none fits in max_guesses).

    With `pool_only` every guess is one of the answers still possible; `weights`: the answers' weights, in
    their order (None: all ones).
    """
    answers, weight, candidates, win = game_lists(answers, guesses, weights)

    @cache
    def total(pool, left, history):
        if left == 0:
            return INF
        best = INF
        for guess in pool if pool_only else candidates:
            if hard and not hard_mode_allows(list(history), guess):
                continue
            best = min(best, via(guess, pool, left, history))
        return best

    def via(guess, pool, left, history, forced=False):
        parts = classes(guess, pool)
        if len(parts) == 1 and win not in parts and not forced:
            return INF  # no progress (a forced first guess is played anyway)
        cost = 0
        for tiles, part in parts.items():
            if tiles == win:
                cost += weight[guess]
            else:
                cost += sum(weight[a] for a in part) + total(tuple(part), left - 1, history + ((guess, tiles),) if hard else ())
        return cost

    left = max_guesses if max_guesses is not None else len(answers) + 1
    if first is not None:
        return via(first, answers, left, (), forced=True)
    return total(answers, left, ())
