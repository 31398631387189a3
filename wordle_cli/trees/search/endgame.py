"""The endgame: a family of answers alike but in one position (_atch: batch, catch, hatch, latch, match, ...)
needs a guess per few of its members, so a pool holding a big one may be lost, or close to lost, whatever
the other answers are. Made once per problem by `prepare.families`; read at every node with a guess limit."""

from __future__ import annotations

import numpy as np

from wordle_cli.compiled import compiled
from wordle_cli.trees.search.scans import scan_counts, scan_pairs

ENDGAME_NONE, ENDGAME_LOST, ENDGAME_CLOSE = range(3)


@compiled
def _biggest_family(ctx, pool):
    """(family, answers of it in the pool) for the pool's biggest family; (-1, 0) when it has none."""
    n = pool.shape[0]
    biggest = -1
    most = 0
    for j in range(n):
        a = pool[j]
        for q in range(ctx.answer_family_start[a], ctx.answer_family_start[a + 1]):
            f = ctx.answer_families[q]
            ctx.family_count[f] += 1
            if ctx.family_count[f] > most:
                most = ctx.family_count[f]
                biggest = f
    for j in range(n):
        a = pool[j]
        for q in range(ctx.answer_family_start[a], ctx.answer_family_start[a + 1]):
            ctx.family_count[ctx.answer_families[q]] = 0
    return biggest, most


@compiled
def endgame(ctx, pool, cands, base, rows, depth):
    """(verdict, family answers, their rows): what the pool's biggest family says.

    Every guess tells apart at most (its distinct feedbacks on the family - 1) more of them, and the answer
    must be told apart from the rest of its family with a guess to spare: when the depth - 1 best guesses
    together cannot, the pool cannot be solved in time (ENDGAME_LOST). When it is close (ENDGAME_CLOSE),
    the caller solves the family alone first. ENDGAME_NONE otherwise.
    """
    n = pool.shape[0]
    biggest, most = _biggest_family(ctx, pool)
    none = np.empty(0, dtype=np.int32)
    if biggest < 0 or most <= depth:
        return ENDGAME_NONE, none, none
    # The family's answers in the pool (its rows of `base`), and how many feedbacks each guess shows them.
    live = np.empty(most, dtype=np.int32)
    live_rows = np.empty(most, dtype=np.int32)
    k = 0
    lo, hi = ctx.family_start[biggest], ctx.family_start[biggest + 1]
    for j in range(n):  # both sorted: a merge
        while lo < hi and ctx.family_answers[lo] < pool[j]:
            lo += 1
        if lo < hi and ctx.family_answers[lo] == pool[j]:
            live[k] = pool[j]
            live_rows[k] = rows[j]
            k += 1
    m = cands.shape[0]
    classes = np.empty(m, dtype=np.uint16)
    flags = np.empty(m, dtype=np.uint8)
    if most <= ctx.pair_scan_max and most <= ctx.max_patterns:
        left = np.zeros((m + ctx.scan_chunk - 1) // ctx.scan_chunk, dtype=np.bool_)
        scan_pairs(base, live_rows, None, ctx.win, ctx.scan_chunk, classes, flags, None, 0, left)
    else:
        excess = np.zeros(m, dtype=np.int64)
        squares = np.empty(m, dtype=np.int64)
        hashes = np.empty(m, dtype=np.uint32)
        scan_counts(base, live_rows, None, ctx.win, ctx.max_patterns, classes, flags, excess, squares, hashes, None)
    told = np.zeros(most + 1, dtype=np.int64)  # told[d]: guesses showing the family d feedbacks
    for t in range(m):
        told[classes[t]] += 1
    reach = 0  # the most the depth - 1 best guesses can tell apart
    left = depth - 1
    for d in range(most, 1, -1):
        use = min(left, told[d])
        reach += use * (d - 1)
        left -= use
        if left == 0:
            break
    if most - 1 > reach:
        return ENDGAME_LOST, none, none
    if (depth - 1) - (reach - (most - 1)) > 0 and most < n:
        return ENDGAME_CLOSE, live, live_rows
    return ENDGAME_NONE, none, none
