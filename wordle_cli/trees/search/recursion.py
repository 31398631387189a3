"""The recursion: `solve`, a depth-first branch and bound over a pool's candidates and their classes.

`solve` is the order of a node's steps; each step is a kernel of its own,
named as docs/spec.md §8 walks them: the pools that need no
search (`_tiny`), the memo (`memo_key`, `_known`), the endgame
(`_endgame`), the candidates' scan (`_scanned`), the candidates kept and
ordered (`_ordered`), then best first each candidate's quick pass
(`_next`, `_quick`), its class loop (in `solve` itself: the one place
that recurses, with `_class` for what a class is given), the cut
(`_cut`) and the result kept (`_settle`). `stopping` is the one check
that unwinds a search.
"""

from __future__ import annotations

import numpy as np

from wordle_cli.compiled import compiled
from wordle_cli.trees.search import profile as prof
from wordle_cli.trees.search.bounds import answer_split, pool_weight
from wordle_cli.trees.search.candidates import GO_ON, LOST, SETTLED, keep, order, pass_down, scan, survey
from wordle_cli.trees.search.classes import new_classes, partition, quick_pass
from wordle_cli.trees.search.dominance import dominated
from wordle_cli.trees.search.endgame import ENDGAME_CLOSE, ENDGAME_LOST, ENDGAME_NONE, endgame
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
    started = _entered(ctx, n, depth)
    key = memo_key(ctx, pool, depth, greens, mins)
    count = np.zeros(ctx.win + 1, dtype=np.int32)
    value = _known(ctx, pool, depth, beta, key, count, best_out)
    if value >= 0:
        return value
    cands, base, rows = _codes(ctx, pool, cands, base, rows)
    verdict, live, live_rows = _endgame(ctx, key, pool, cands, base, rows, depth)
    if verdict == ENDGAME_LOST:
        return INF
    if verdict == ENDGAME_CLOSE:  # the family alone first: the pool costs at least as much as any part of it
        value = solve(ctx, live, cands, base, live_rows, beta, depth, greens, mins, best_out)
        best_out[0] = -1
        if value >= beta:
            remember(ctx, key, value, INF if value >= INF else -1, -1)
            return value
    found, lowest, useful_cands, value = _scanned(ctx, key, base, rows, pool, cands, weight, beta, depth, best_out)
    if value >= 0:
        return value
    kept, heap, n_heap, best, passed, below, tried = _ordered(ctx, base, rows, cands, found, n, depth, useful_cands, beta)

    # Best first: each candidate's quick pass, then its class loop: its classes solved smallest first, each in
    # what the others leave of the window; the candidate stops as soon as its sum reaches the best total so far.
    child_depth = depth - 1 if depth < UNLIMITED else depth
    best_c, best_rank, popped = -1, -1, 0
    sub_best = np.empty(1, dtype=np.int64)
    cls = new_classes(n, ctx.weighted)
    below_base = np.empty((0, 0), dtype=base.dtype)  # the pool x `below` codes, made when first needed
    in_heap = n_heap  # the heap is heap[:in_heap]
    for _ in range(tried):
        if in_heap == 0:
            break
        if stopping(ctx):
            return _floor(kept, heap, in_heap, best, lowest)
        r, in_heap, best = _next(ctx, kept, heap, in_heap, beta, best, depth)
        popped += 1
        if r < 0:
            continue
        window = min(beta, best)
        c = cands[kept.columns[r]]
        n_cls, total = _quick(ctx, base, rows, pool, kept.columns[r], count, cls, window, c, child_depth, greens, mins, depth)
        quick_cut = total >= window
        by_size = by_size_of(cls, n_cls, n) if not quick_cut else np.empty(0, dtype=np.int64)
        for kk in range(by_size.shape[0]):
            if total >= window or stopping(ctx):
                break
            k = by_size[kk]
            if cls.done[k]:
                continue
            if below_base.shape[0] == 0:
                below_base = block(base, rows, passed)
            part, part_cands, part_base, part_rows, part_greens, part_mins = _class(ctx, cls, k, c, below, below_base, greens, mins)
            size_w = cls.weight[k] if ctx.weighted else np.int64(cls.size[k])  # what this guess costs the class
            total -= cls.bound[k]
            child_started = prof.cycles(ctx)
            v = solve(ctx, part, part_cands, part_base, part_rows, window - total - size_w, child_depth, part_greens, part_mins, sub_best)
            prof.since(ctx, child_depth, prof.CLASS_CYCLES, child_started)
            prof.note(ctx, child_depth, prof.CLASSES, 1)
            total += max(size_w + v, cls.bound[k])  # a search cut early may return less than the memo knew
        best, best_c, best_rank, in_heap = _cut(ctx, kept, heap, in_heap, total, window, quick_cut, best, best_c, best_rank, c, popped,
                                                depth, started)
        if best <= lowest:
            break
    if stopping(ctx):  # a value below may be only a bound: not exact, not remembered
        return _floor(kept, heap, n_heap - tried, best, lowest)
    return _settle(ctx, key, best, beta, best_c, best_rank, popped, best_out, depth, started)


@compiled
def _entered(ctx, n, depth):
    """A node past the tiny cases: counted (the profile's counters too); its start in cycles (0 unless profiling:
    `profile`, where every note is then one untaken branch)."""
    ctx.stats[NODES] += 1
    prof.note(ctx, depth, prof.NODES, 1)
    prof.note(ctx, depth, prof.POOL_SUM, n)
    prof.note_max(ctx, depth, prof.POOL_MAX, n)
    return prof.cycles(ctx)


@compiled
def memo_key(ctx, pool, depth, greens, mins):
    """The pool's key in the memo; empty for pools smaller than `cache_min_pool` (solved again rather than looked
    up: the memo then records nothing)."""
    if pool.shape[0] >= ctx.cache_min_pool:
        return key_of(ctx, pool, depth, greens, mins)
    return np.empty(0, dtype=np.int32)


@compiled
def _codes(ctx, pool, cands, base, rows):
    """(cands, base, rows) of the node: --pool-only's candidates are the pool's own words; codes not given by the
    caller are gathered from the table."""
    n = pool.shape[0]
    if ctx.pool_only:
        cands = ctx.answer_cand[pool]
    if ctx.pool_only or rows.shape[0] != n:
        base = gather(ctx.table, pool, cands)
        rows = np.arange(n).astype(np.int32)
    return cands, base, rows


@compiled
def _endgame(ctx, key, pool, cands, base, rows, depth):
    """The endgame: a family of answers that cannot be told apart in time (ENDGAME_LOST, remembered), or only just
    (ENDGAME_CLOSE, with the family's answers and rows: the caller solves them alone first)."""
    if depth >= UNLIMITED or ctx.pool_only:
        none = np.empty(0, dtype=np.int32)
        return ENDGAME_NONE, none, none
    verdict, live, live_rows = endgame(ctx, pool, cands, base, rows, depth)
    if verdict == ENDGAME_LOST:
        remember(ctx, key, INF, INF, -1)
    return verdict, live, live_rows


@compiled
def _scanned(ctx, key, base, rows, pool, cands, weight, beta, depth, best_out):
    """The candidates' scan: every candidate's partition by counts, and what that settles.

    (found, least bound, useful candidates, value): value >= 0 when the scan ends the node, remembered: exact
    (a guess the counts settle), lost, or cut (no candidate's bound below beta); -1 when the search goes on.
    """
    n = pool.shape[0]
    started = prof.cycles(ctx)
    found, value = scan(ctx, base, rows, pool, cands, weight, beta, depth)
    ctx.stats[WORK] += NODE_WORK + n * cands.shape[0] * (PAIR_CELL_WORK if found.by_pairs else COUNT_CELL_WORK)
    prof.note(ctx, depth, prof.SCAN_WORK, n * cands.shape[0])
    if value >= 0:  # the scan stopped early, sure of the verdict: lost, or cut (its bound reaches beta)
        prof.since(ctx, depth, prof.SCAN_CYCLES, started)
        prof.note(ctx, depth, prof.COUNTED if value >= INF else prof.CUT_BEFORE, 1)
        remember(ctx, key, value, INF if value >= INF else -1, -1)
        return found, value, 0, value
    verdict, value, c, lowest, useful_cands = survey(ctx, found, cands, n, depth, weight)
    prof.since(ctx, depth, prof.SCAN_CYCLES, started)
    if verdict != GO_ON:
        prof.note(ctx, depth, prof.COUNTED, 1)
    elif lowest >= beta:
        prof.note(ctx, depth, prof.CUT_BEFORE, 1)
    if verdict == SETTLED:
        best_out[0] = c
        remember(ctx, key, value, value, c)
    elif verdict == LOST:
        value = INF
        remember(ctx, key, INF, INF, -1)
    elif lowest >= beta:
        value = lowest
        remember(ctx, key, lowest, -1, -1)
    else:
        value = -1
    return found, lowest, useful_cands, value


@compiled
def _ordered(ctx, base, rows, cands, found, n, depth, useful_cands, beta):
    """The candidates kept (twins dropped), those a neighbour dominates marked, the rest passed down, and the heap
    of those to try, best first: (kept, heap, its size, least bound left out, passed columns, passed candidates,
    how many to try)."""
    started = prof.cycles(ctx)
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
    prof.note(ctx, depth, prof.ORDERED, n_heap)
    prof.since(ctx, depth, prof.KEEP_CYCLES, started)
    return kept, heap, n_heap, best, passed, below, tried


@compiled
def _next(ctx, kept, heap, in_heap, beta, best, depth):
    """The next candidate, popped best first: (its slot, or -1 when its bound reaches the window: skipped; the
    heap's size; the best total, lowered to a skipped candidate's bound when that is less)."""
    r = heap_slot(pop(heap, in_heap))
    if kept.bounds[r] >= min(beta, best):
        prof.note(ctx, depth, prof.SKIPPED, 1)
        return -1, in_heap - 1, min(best, kept.bounds[r])
    return r, in_heap - 1, best


@compiled
def _quick(ctx, base, rows, pool, t, count, cls, window, guess, child_depth, greens, mins, depth):
    """The quick pass of candidate column t: its classes (`cls`), their bounds lifted by the memo and answer
    splits; (classes, the sum of their bounds), a sum at the window refuting the candidate with no search."""
    ctx.stats[EVALUATED] += 1
    ctx.stats[WORK] += EVAL_WORK * pool.shape[0]
    started = prof.cycles(ctx)
    n_cls, total = partition(ctx, base, rows, pool, t, count, cls)
    total = quick_pass(ctx, cls, n_cls, total, window, guess, child_depth, greens, mins, count)
    prof.since(ctx, depth, prof.EVAL_CYCLES, started)
    prof.note(ctx, depth, prof.EVALUATED, 1)
    if total >= window:
        prof.note(ctx, depth, prof.QUICK_CUT, 1)
    return n_cls, total


@compiled
def by_size_of(cls, n_cls, n):
    """The class loop's order: smallest first, ties in the order the classes first appear in the pool."""
    return np.argsort(cls.size[:n_cls].astype(np.int64) * n + np.arange(n_cls))


@compiled
def _class(ctx, cls, k, guess, below, below_base, greens, mins):
    """What the class loop gives class k to solve: (its answers, candidates, codes, rows of the codes, hints). Hard
    mode: only the candidates its hints allow, their codes gathered."""
    size = cls.size[k]
    part = cls.sub[cls.start[k] : cls.start[k] + size].copy()
    part_rows = cls.sub_row[cls.start[k] : cls.start[k] + size].copy()
    if ctx.hard:
        part_greens, part_mins = hints_after(ctx, guess, cls.code[k], greens, mins)
        allow = allowed_at(ctx, below, part_greens, part_mins)
        ctx.stats[WORK] += HARD_WORK * below.shape[0]
        return part, below[allow], block(below_base, part_rows, allow), np.arange(size).astype(np.int32), part_greens, part_mins
    return part, below, below_base, part_rows, greens, mins


@compiled
def _cut(ctx, kept, heap, in_heap, total, window, quick_cut, best, best_c, best_rank, guess, popped, depth, started):
    """A candidate's total against the window: refuted when it reaches it; else the new best, and the candidates
    whose bound reaches it cut from the heap (`_below`). (best, best guess, its rank, the heap's size)."""
    if total >= window and not quick_cut:
        prof.note(ctx, depth, prof.MID_CUT, 1)
    if total < window:
        if best_c < 0:
            prof.note(ctx, depth, prof.UB_NODES, 1)
            prof.since(ctx, depth, prof.FIRST_UB_CYCLES, started)
        best_c = guess
        best_rank = popped - 1
        prof.note(ctx, depth, prof.IMPROVED, 1)
        if ctx.top_k <= 0:  # the candidates bounded at the new best would only be popped and skipped
            in_heap = _below(kept, heap, in_heap, total)
    return min(best, total), best_c, best_rank, in_heap


@compiled
def _settle(ctx, key, best, beta, best_c, best_rank, popped, best_out, depth, started):
    """The node's result, remembered: exact below beta (with its best guess), else a lower bound; returned."""
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
    """The memo: the pool's value (or a bound reaching beta) when the memo knows it or one of its answers splits it
    into singletons (and a pair), recorded in the memo; -1 otherwise. `key` is empty for pools not memoised."""
    if key.shape[0] > 0:
        slot, entry = find(ctx, key)
        if slot >= 0 and entry.exact >= 0:
            ctx.stats[HITS] += 1
            best_out[0] = entry.best
            prof.note(ctx, depth, prof.KNOWN, 1)
            return entry.exact
        if slot >= 0 and entry.lower >= beta:
            ctx.stats[HITS] += 1
            prof.note(ctx, depth, prof.KNOWN, 1)
            return entry.lower
    value, c = answer_split(ctx, pool, depth, count)
    if c < 0:
        if ctx.weighted and value >= beta:  # weighted, `value` bounds the pool
            remember(ctx, key, value, -1, -1)
            prof.note(ctx, depth, prof.KNOWN, 1)
            return value
        return -1
    best_out[0] = c
    remember(ctx, key, value, value, c)
    prof.note(ctx, depth, prof.KNOWN, 1)
    return value
