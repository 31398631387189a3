"""One candidate at a node: its feedback classes, and a quick pass over them before any deep work.

`partition` lays the pool out class by class (each a run of `sub`,
ascending as the pool) with each class's lower bound. `quick_pass` then
lifts those bounds cheaply: to what the memo knows of a class, or to its
exact value when one of its answers splits it into singletons (and a
pair); a class with no such answer costs at least 3 per answer (the best
left is a non-answer splitting it). A candidate whose bounds already reach
the window is dropped before any class is searched.

Weighted, a class also carries its weight W (what this guess costs its
answers), its heaviest h and lightest l: its bound is
`weighted_class_bound`, and with no answer splitting it, 3W - h + l.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from wordle_cli.compiled import compiled
from wordle_cli.trees.search.bounds import answer_split, class_bound, weighted_class_bound
from wordle_cli.trees.search.hardmode import hints_after
from wordle_cli.trees.search.memo import find, key_of, remember
from wordle_cli.trees.search.shared import INF


class Classes(NamedTuple):
    """A candidate's classes of the pool (scratch of a node, reused from candidate to candidate)."""

    code: np.ndarray  # int32: the feedback of class k
    size: np.ndarray  # int32: its answers
    bound: np.ndarray  # int64: a lower bound of its cost, this guess included (exact once done)
    start: np.ndarray  # int64: where its answers start in `sub`
    done: np.ndarray  # bool: its bound is its exact cost
    sub: np.ndarray  # int32: the pool's answers, class by class
    sub_row: np.ndarray  # int32: their rows of `base`
    weight: np.ndarray  # int64: its answers' weight (weighted only: uniform, its size)
    heaviest: np.ndarray  # int64: its heaviest answer's weight (weighted only)
    lightest: np.ndarray  # int64: its lightest answer's weight (weighted only)


@compiled
def new_classes(n, weighted):
    """Room for the classes of a pool of n answers (their weights only when `weighted`)."""
    weighed = np.empty(3 * n if weighted else 0, dtype=np.int64)
    return Classes(
        np.empty(n, dtype=np.int32), np.empty(n, dtype=np.int32), np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64),
        np.empty(n, dtype=np.bool_), np.empty(n, dtype=np.int32), np.empty(n, dtype=np.int32), weighed[:n], weighed[n : 2 * n],
        weighed[2 * n :],
    )


@compiled
def partition(ctx, base, rows, pool, t, count, cls):
    """(number of classes, sum of their bounds) of candidate column t; fills `cls`. `count` is zero on entry
    and on return."""
    n = pool.shape[0]
    n_cls = 0
    for j in range(n):
        x = base[rows[j], t]
        if count[x] == 0:
            cls.code[n_cls] = x
            n_cls += 1
        count[x] += 1
    total = 0
    at = 0
    for k in range(n_cls):
        x = cls.code[k]
        cls.size[k] = count[x]
        cls.start[k] = at
        count[x] = at
        at += cls.size[k]
        cls.bound[k] = 1 if x == ctx.win else class_bound(cls.size[k], ctx.max_patterns)
        total += cls.bound[k]
    for j in range(n):
        x = base[rows[j], t]
        cls.sub[count[x]] = pool[j]
        cls.sub_row[count[x]] = j
        count[x] += 1
    for k in range(n_cls):
        count[cls.code[k]] = 0
    if ctx.weighted:
        total = _weigh(ctx, cls, n_cls)
    return n_cls, total


@compiled
def _weigh(ctx, cls, n_cls):
    """The classes' weights and weighted bounds; their sum."""
    total = 0
    for k in range(n_cls):
        weight = 0
        heaviest = 0
        lightest = ctx.weights[cls.sub[cls.start[k]]]
        for q in range(cls.start[k], cls.start[k] + cls.size[k]):
            w = ctx.weights[cls.sub[q]]
            weight += w
            heaviest = max(heaviest, w)
            lightest = min(lightest, w)
        cls.weight[k] = weight
        cls.heaviest[k] = heaviest
        cls.lightest[k] = lightest
        if cls.code[k] == ctx.win:
            cls.bound[k] = weight
        else:
            cls.bound[k] = weighted_class_bound(weight, heaviest, lightest, cls.size[k], ctx.max_patterns)
        total += cls.bound[k]
    return total


@compiled
def class_key(ctx, guess, code, part, child_depth, greens, mins):
    """The memo key of the class `part` that candidate `guess` leaves with feedback `code`."""
    if ctx.hard:
        child_greens, child_mins = hints_after(ctx, guess, code, greens, mins)
        return key_of(ctx, part, child_depth, child_greens, child_mins)
    return key_of(ctx, part, child_depth, greens, mins)


@compiled
def quick_pass(ctx, cls, n_cls, total, window, guess, child_depth, greens, mins, count):
    """The sum of the classes' bounds once lifted by the memo and by answer splits (stops lifting once it
    reaches `window`); marks the classes whose cost is then exact."""
    for k in range(n_cls):
        size = cls.size[k]
        cls.done[k] = size < 3 or cls.code[k] == ctx.win  # exact already: 1, 2 (size + 1) or 5 (size + 3)
        weight = cls.weight[k] if ctx.weighted else size
        if total >= window or cls.done[k]:
            continue
        part = cls.sub[cls.start[k] : cls.start[k] + size]
        known = cls.bound[k]
        if child_depth <= 1:
            known = INF
            cls.done[k] = True
        elif size >= ctx.cache_min_pool:
            found, entry = find(ctx, class_key(ctx, guess, cls.code[k], part, child_depth, greens, mins))
            if found >= 0:
                known = max(known, weight + (entry.exact if entry.exact >= 0 else entry.lower))
                cls.done[k] = entry.exact >= 0
        unsplit = 3 * weight - cls.heaviest[k] + cls.lightest[k] if ctx.weighted else 3 * size  # no answer splits it
        if not cls.done[k] and known < unsplit:
            v, g = answer_split(ctx, part, child_depth, count)
            if g >= 0:
                known = weight + v
                cls.done[k] = True
                if size >= ctx.cache_min_pool:
                    remember(ctx, class_key(ctx, guess, cls.code[k], part, child_depth, greens, mins), v, v, g)
            else:
                known = max(unsplit, weight + v) if ctx.weighted else unsplit  # weighted: v bounds the class
        if known > cls.bound[k]:
            total += known - cls.bound[k]
            cls.bound[k] = known
    return total
