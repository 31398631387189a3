"""The tree the search proved best, read back from the memo in one compiled call."""

from __future__ import annotations

import numpy as np
from numba.typed import List

from wordle_cli.compiled import compiled
from wordle_cli.trees.search.bounds import answer_split
from wordle_cli.trees.search.hardmode import allowed, hints_after
from wordle_cli.trees.search.memo import find, key_of
from wordle_cli.trees.search.scans import useful
from wordle_cli.trees.search.shared import INF, UNLIMITED


@compiled
def _best_guess(ctx, part, depth, greens, mins, count):
    """What `solve` would answer for `part` without searching: -1 when neither the memo nor its answers settle it.
    (Not `solve` itself: numba's cache cannot load a function that calls it.)"""
    n = part.shape[0]
    if n == 2 and ctx.weights[part[1]] > ctx.weights[part[0]]:
        return ctx.answer_cand[part[1]]  # the heavier first
    if n <= 2:
        return ctx.answer_cand[part[0]]
    if n >= ctx.cache_min_pool:
        slot, entry = find(ctx, key_of(ctx, part, depth, greens, mins))
        if slot >= 0 and entry.exact >= 0 and entry.exact < INF:
            return entry.best
    _, g = answer_split(ctx, part, depth, count)
    return g


@compiled
def extract(ctx, pool, cands, depth, greens, mins, guess_out, parent_out, code_out, win_out):
    """The tree the search proves best for `pool`, in compiled code (one call, not one per node).

    Its nodes in depth-first order, children by ascending feedback code:
    node i plays candidate guess_out[i], is reached from node parent_out[i]
    (-1: the root) by feedback code_out[i], and has a win branch when
    win_out[i]. The arrays need room for 2·len(pool) nodes. Returns the
    number of nodes, or -2 when a pool on the way is neither in the memo nor
    settled by its answers (call `solve` on each node instead).
    """
    count = np.zeros(ctx.win + 1, dtype=np.int32)
    stack = List()
    stack.append((pool, cands, np.int64(depth), greens, mins, np.int64(-1), np.int64(-1)))
    n_nodes = 0
    while len(stack) > 0:
        part, part_cands, part_depth, part_greens, part_mins, parent, code = stack.pop()
        g = _best_guess(ctx, part, part_depth, part_greens, part_mins, count)
        if g < 0:
            return -2  # not in the memo: the caller solves this tree node by node
        node = n_nodes
        n_nodes += 1
        guess_out[node] = g
        parent_out[node] = parent
        code_out[node] = code
        win_out[node] = False
        # The classes, pushed by descending code so that they come off the stack ascending.
        for j in range(part.shape[0]):
            count[ctx.table[part[j], g]] += 1
        below = useful(ctx, part, part_cands)
        child_depth = part_depth - 1 if part_depth < UNLIMITED else part_depth
        for x in range(ctx.win, -1, -1):
            size = count[x]
            if size == 0:
                continue
            count[x] = 0
            if x == ctx.win:
                win_out[node] = True
                continue
            sub = np.empty(size, dtype=np.int32)
            p = 0
            for j in range(part.shape[0]):
                if ctx.table[part[j], g] == x:
                    sub[p] = part[j]
                    p += 1
            if ctx.hard:
                child_greens, child_mins = hints_after(ctx, g, x, part_greens, part_mins)
                stack.append((sub, allowed(ctx, below, child_greens, child_mins), child_depth, child_greens, child_mins,
                              np.int64(node), np.int64(x)))
            else:
                stack.append((sub, below, child_depth, part_greens, part_mins, np.int64(node), np.int64(x)))
    return n_nodes
