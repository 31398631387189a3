"""The recursion: `solve`, a depth-first branch and bound over a pool's candidates and their classes."""

from __future__ import annotations

import numpy as np

from wordle_cli.compiled import compiled
from wordle_cli.trees.search import profile as prof
from wordle_cli.trees.search.bounds import answer_split, pool_weight
from wordle_cli.trees.search.candidates import GO_ON, LOST, SETTLED, keep, order, pass_down, scan, survey
from wordle_cli.trees.search.classes import new_classes, partition, quick_pass
from wordle_cli.trees.search.dominance import dominated
from wordle_cli.trees.search.endgame import ENDGAME_CLOSE, ENDGAME_LOST, endgame
from wordle_cli.trees.search.hardmode import allowed_at, hints_after
from wordle_cli.trees.search.heap import heap_slot, heapify, pop
from wordle_cli.trees.search.memo import find, key_of, remember
from wordle_cli.trees.search.scans import block, gather
from wordle_cli.trees.search.shared import (
    COUNT_CELL_WORK,
    EVAL_WORK,
    EVALUATED,
    HARD_WORK,
    HITS,
    INF,
    KEPT_WORK,
    NODE_WORK,
    NODES,
    PAIR_CELL_WORK,
    UNLIMITED,
    WORK,
)


@compiled
def solve(ctx, pool, cands, base, rows, beta, depth, greens, mins, best_out):
    """Minimum total guesses for `pool` (exact if < beta, else a lower bound >= beta).

    pool: int32 answer indices, ascending; cands: int32 candidate indices
    (a superset of the pool's useful guesses, in candidate order; hard mode:
    those the hints allow); base[rows[j], t]: the feedback code of cands[t]
    for pool[j] (an empty `rows`: gathered here from the table); depth:
    guesses left (UNLIMITED for no limit); greens/mins: hard mode's hints.
    best_out[0] receives the best candidate when the value is exact (-1
    otherwise).

    Once `ctx.stop[0]` is set (by another thread, or by the work budget
    `ctx.stop[1]`) every node unwinds at its next candidate, returning a
    lower bound (not stored as exact; best_out -1): the caller reads the
    flag after the call to know that the value is only a lower bound.
    """
    n = pool.shape[0]
    best_out[0] = -1
    weight = pool_weight(ctx, pool)  # (total, heaviest, lightest); uniform: (n, 1, 1)
    value = _tiny(ctx, pool, depth, beta, weight, best_out)
    if value >= 0:
        return value
    ctx.stats[NODES] += 1
    started = prof.cycles(ctx)  # 0 unless profiling (`profile`: every note below is then one untaken branch)
    prof.note(ctx, depth, prof.NODES, 1)
    prof.note(ctx, depth, prof.POOL_SUM, n)
    prof.note_max(ctx, depth, prof.POOL_MAX, n)
    memoised = n >= ctx.cache_min_pool  # smaller pools are solved again rather than looked up: an empty key
    key = key_of(ctx, pool, depth, greens, mins) if memoised else np.empty(0, dtype=np.int32)
    count = np.zeros(ctx.win + 1, dtype=np.int32)
    value = _known(ctx, pool, depth, beta, key, count, best_out)
    if value >= 0:
        prof.note(ctx, depth, prof.KNOWN, 1)
        return value
    if ctx.pool_only:
        cands = ctx.answer_cand[pool]
    if ctx.pool_only or rows.shape[0] != n:
        base = gather(ctx.table, pool, cands)
        rows = np.arange(n).astype(np.int32)

    # The endgame: a family of answers that cannot be told apart in time, or only just.
    if depth < UNLIMITED and not ctx.pool_only:
        verdict, live, live_rows = endgame(ctx, pool, cands, base, rows, depth)
        if verdict == ENDGAME_LOST:
            remember(ctx, key, INF, INF, -1)
            return INF
        if verdict == ENDGAME_CLOSE:  # the family alone first: the pool costs at least as much as any part of it
            value = solve(ctx, live, cands, base, live_rows, beta, depth, greens, mins, best_out)
            best_out[0] = -1
            if value >= beta:
                remember(ctx, key, value, INF if value >= INF else -1, -1)
                return value

    # Every candidate's partition by counts; what that settles; the candidates kept, passed down and tried.
    scan_started = prof.cycles(ctx)
    found = scan(ctx, base, rows, pool, cands, weight)
    ctx.stats[WORK] += NODE_WORK + n * cands.shape[0] * (PAIR_CELL_WORK if found.by_pairs else COUNT_CELL_WORK)
    verdict, value, c, lowest, useful_cands = survey(ctx, found, cands, n, depth, weight)
    prof.since(ctx, depth, prof.SCAN_CYCLES, scan_started)
    prof.note(ctx, depth, prof.SCAN_WORK, n * cands.shape[0])
    if verdict != GO_ON:
        prof.note(ctx, depth, prof.COUNTED, 1)
    elif lowest >= beta:
        prof.note(ctx, depth, prof.CUT_BEFORE, 1)
    if verdict == SETTLED:
        best_out[0] = c
        remember(ctx, key, value, value, c)
        return value
    if verdict == LOST:
        remember(ctx, key, INF, INF, -1)
        return INF
    if lowest >= beta:
        remember(ctx, key, lowest, -1, -1)
        return lowest
    keep_started = prof.cycles(ctx)
    kept = keep(ctx, base, rows, found, n, depth, useful_cands)
    ctx.stats[WORK] += KEPT_WORK * kept.size
    not_tried = np.zeros(kept.size, dtype=np.bool_)
    not_passed = np.zeros(kept.size, dtype=np.bool_)
    if kept.dedup and n >= ctx.dominance_min_pool:
        dominated(ctx, base, rows, cands, kept.columns[: kept.size], found.classes, found.flags, kept.slot_of_column, not_tried, not_passed)
    passed, below = pass_down(cands, kept, not_passed)
    heap, n_heap, best = order(kept, not_tried, beta, ctx.top_k)
    tried = n_heap if ctx.top_k <= 0 else min(ctx.top_k, n_heap)
    prof.note(ctx, depth, prof.KEPT, kept.size)
    prof.since(ctx, depth, prof.KEEP_CYCLES, keep_started)
    best_rank = -1
    popped = 0

    # Best first: each candidate's classes bounded cheaply, then solved smallest first in what is left of the
    # window; a candidate stops as soon as its sum reaches the best total so far.
    child_depth = depth - 1 if depth < UNLIMITED else depth
    best_c = -1
    sub_best = np.empty(1, dtype=np.int64)
    cls = new_classes(n, ctx.weighted)
    below_base = np.empty((0, 0), dtype=base.dtype)  # the pool x `below` codes, made when first needed
    in_heap = n_heap  # the heap is heap[:in_heap]
    for _ in range(tried):
        if in_heap == 0:
            break
        if stopping(ctx):
            return _floor(kept, heap, in_heap, best, lowest)
        r = heap_slot(pop(heap, in_heap))
        in_heap -= 1
        popped += 1
        window = min(beta, best)
        if kept.bounds[r] >= window:
            best = min(best, kept.bounds[r])
            prof.note(ctx, depth, prof.SKIPPED, 1)
            continue
        t = kept.columns[r]
        c = cands[t]
        ctx.stats[EVALUATED] += 1
        ctx.stats[WORK] += EVAL_WORK * n
        eval_started = prof.cycles(ctx)
        n_cls, total = partition(ctx, base, rows, pool, t, count, cls)
        total = quick_pass(ctx, cls, n_cls, total, window, c, child_depth, greens, mins, count)
        prof.since(ctx, depth, prof.EVAL_CYCLES, eval_started)
        prof.note(ctx, depth, prof.EVALUATED, 1)
        quick_cut = total >= window
        if quick_cut:
            prof.note(ctx, depth, prof.QUICK_CUT, 1)
        by_size = np.argsort(cls.size[:n_cls].astype(np.int64) * n + np.arange(n_cls))
        for kk in range(n_cls):
            if total >= window or stopping(ctx):
                break
            k = by_size[kk]
            if cls.done[k]:
                continue
            if below_base.shape[0] == 0:
                below_base = block(base, rows, passed)
            size = np.int64(cls.size[k])
            size_w = cls.weight[k] if ctx.weighted else size  # what this guess costs the class
            part = cls.sub[cls.start[k] : cls.start[k] + size].copy()
            part_rows = cls.sub_row[cls.start[k] : cls.start[k] + size].copy()
            total -= cls.bound[k]
            child_started = prof.cycles(ctx)
            if ctx.hard:
                child_greens, child_mins = hints_after(ctx, c, cls.code[k], greens, mins)
                allow = allowed_at(ctx, below, child_greens, child_mins)
                ctx.stats[WORK] += HARD_WORK * below.shape[0]
                v = solve(ctx, part, below[allow], block(below_base, part_rows, allow), np.arange(size).astype(np.int32),
                          window - total - size_w, child_depth, child_greens, child_mins, sub_best)
            else:
                v = solve(ctx, part, below, below_base, part_rows, window - total - size_w, child_depth, greens, mins, sub_best)
            prof.note(ctx, child_depth, prof.CLASSES, 1)
            prof.since(ctx, child_depth, prof.CLASS_CYCLES, child_started)
            total += max(size_w + v, cls.bound[k])  # a search cut early may return less than the memo knew
        if total >= window and not quick_cut:
            prof.note(ctx, depth, prof.MID_CUT, 1)
        if total < window:
            if best_c < 0:
                prof.note(ctx, depth, prof.UB_NODES, 1)
                prof.since(ctx, depth, prof.FIRST_UB_CYCLES, started)
            best_c = c
            best_rank = popped - 1
            prof.note(ctx, depth, prof.IMPROVED, 1)
            if ctx.top_k <= 0:  # the candidates bounded at the new best would only be popped and skipped
                in_heap = _below(kept, heap, in_heap, total)
        if total < best:
            best = total
        if best <= lowest:
            break
    if stopping(ctx):  # a value below may be only a bound: not exact, not remembered
        return _floor(kept, heap, n_heap - tried, best, lowest)
    prof.note(ctx, depth, prof.TRIED, popped)
    if best < beta:
        best_out[0] = best_c
        remember(ctx, key, best, best, best_c)
        prof.note(ctx, depth, prof.EXACT, 1)
        prof.note(ctx, depth, prof.BEST_RANK, best_rank)
    else:
        remember(ctx, key, best, -1, -1)
        prof.note(ctx, depth, prof.FAILED_HIGH, 1)
    if best_rank >= 0:
        prof.since(ctx, depth, prof.NODE_CYCLES, started)
    return best


@compiled
def stopping(ctx):
    """Whether the search must unwind now: the stop flag, set from outside or once the work budget is spent (its
    work, `ctx.stats[WORK]`, has reached `ctx.stop[1]`: a point fixed by the search alone, never by a clock)."""
    if ctx.stop[0] == 0 and ctx.stop[1] > 0 and ctx.stats[WORK] >= ctx.stop[1]:
        ctx.stop[0] = 1
    return ctx.stop[0] != 0


@compiled
def _below(kept, heap, size, best):
    """heap[:size] without the candidates whose bound reaches `best` (a new best total: they can only tie it, and
    ties go to the earlier guess), a heap again; its new size. The order of the others is their keys', unchanged."""
    q = 0
    for i in range(size):
        if kept.bounds[heap_slot(heap[i])] < best:
            heap[q] = heap[i]
            q += 1
    if q < size:
        heapify(heap, q)
    return q


@compiled
def _floor(kept, heap, n_left, best, lowest):
    """A stopped node's lower bound: the least of its candidates' bounds (those tried: their sums so far, each a
    bound; those left in the heap: their own), and never below the node's least bound."""
    floor = best
    for i in range(n_left):
        floor = min(floor, kept.bounds[heap_slot(heap[i])])
    return max(floor, lowest)


@compiled
def _tiny(ctx, pool, depth, beta, weight, best_out):
    """The value of a pool of 1 or 2 answers, or of one with no guess left; 2n - 1 when that reaches beta (no
    pool does better); -1 for any other pool. Weighted: w; the heavier first (W + the lighter); 2W - h."""
    n = pool.shape[0]
    total, heaviest, lightest = weight
    if depth <= 0:
        return INF
    if n == 1:
        best_out[0] = ctx.answer_cand[pool[0]]
        return total
    if depth == 1:
        return INF
    if n == 2:
        first = 1 if ctx.weights[pool[1]] > ctx.weights[pool[0]] else 0
        best_out[0] = ctx.answer_cand[pool[first]]
        return total + lightest
    if 2 * total - heaviest >= beta:
        return 2 * total - heaviest
    return -1


@compiled
def _known(ctx, pool, depth, beta, key, count, best_out):
    """The pool's value (or a bound reaching beta) when the memo knows it or one of its answers splits it into
    singletons (and a pair), recorded in the memo; -1 otherwise. `key` is empty for pools not memoised."""
    if key.shape[0] > 0:
        slot, entry = find(ctx, key)
        if slot >= 0 and entry.exact >= 0:
            ctx.stats[HITS] += 1
            best_out[0] = entry.best
            return entry.exact
        if slot >= 0 and entry.lower >= beta:
            ctx.stats[HITS] += 1
            return entry.lower
    value, c = answer_split(ctx, pool, depth, count)
    if c < 0:
        if ctx.weighted and value >= beta:  # weighted, `value` bounds the pool
            remember(ctx, key, value, -1, -1)
            return value
        return -1
    best_out[0] = c
    remember(ctx, key, value, value, c)
    return value
