"""A node's candidates: scanned, surveyed, deduplicated, ordered best first.

1. `scan`: every candidate's partition, told by counts (`scans`).
2. `survey`: what the counts settle at once (a non-answer splitting the pool
   into singletons; no useful guess; a guess meeting the least bound
   exactly) and the least bound of any guess.
3. `keep`: the useful candidates, each with its bound and search order;
   in normal mode only the first of those giving this pool the very same
   feedbacks (a sub-pool sees them alike too, so only the first can ever
   be chosen).
4. `pass_down`: after dominance, the candidates the classes below receive.
5. `order`: the heap of the candidates to try, best first (an exact search
   never tries one whose bound reaches beta).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from wordle_cli.compiled import compiled
from wordle_cli.trees.search import profile as prof
from wordle_cli.trees.search.bounds import candidate_bound, weighted_candidate_bound
from wordle_cli.trees.search.heap import heap_key, heapify
from wordle_cli.trees.search.scans import by_weight, order_pairs, same_column, scan_counts, scan_pairs
from wordle_cli.trees.search.shared import INF, KEPT, SCANNED

# `survey`'s verdicts.
GO_ON, SETTLED, LOST = range(3)


class Scan(NamedTuple):
    """Every candidate's partition of the pool, by counts (arrays indexed by column of `base`)."""

    classes: np.ndarray  # uint16: how many classes
    flags: np.ndarray  # uint8: bit 0, some class has 3 or more answers; bit 1, the win is one of them
    squares: np.ndarray  # int64: sum of squared class sizes (filled by `keep` for small pools)
    hashes: np.ndarray  # uint32: a hash of its column (likewise)
    by_pairs: bool  # scanned pairwise (squares and hashes not made yet)
    maxima: np.ndarray  # int64: weighted, the sum of its classes' heaviest weights (uniform: empty)
    rows: np.ndarray  # int32: the rows in the order scanned (weighted: heaviest first)
    row_w: np.ndarray  # int64: their weights (uniform: empty)
    bounds: np.ndarray  # int64: the pool's total's lower bound with it first (`candidate_bound`, or weighted)
    partial: bool  # the scan stopped early: some candidates' counts are bounds (`scan`), only a singleton split settles


class Kept(NamedTuple):
    """The candidates kept at a node, by slot: their column, bound and place in the search order."""

    columns: np.ndarray  # int32: column of `base`
    bounds: np.ndarray  # int64: lower bound of the pool's total with this guess first
    order: np.ndarray  # int64: heap key
    slot_of_column: np.ndarray  # int32: the kept slot standing for each column (dedup only; else one -1)
    size: int
    dedup: bool


@compiled
def _counts_only(k, n, depth):
    """A candidate that tells nothing (one class; n >= 3 so it is never the win), or with two guesses left does
    not split the pool into singletons."""
    return k == 1 or (depth < 3 and k < n)


@compiled
def scan(ctx, base, rows, pool, cands, weight, beta, depth):
    """Every candidate's partition of the pool `rows` (`Scan`); `weight`: the pool's (total, heaviest, lightest).

    (found, value): value -1 when the survey of the counts decides the node. Uniform, a small pool's scan
    stops as soon as the node's verdict is sure (`_pairs_uniform`), and may decide it alone: lost (INF), or
    cut (a lower bound of its least bound, itself at least beta); the counts are then not all made."""
    n, m = rows.shape[0], base.shape[1]
    classes = np.empty(m, dtype=np.uint16)
    flags = np.empty(m, dtype=np.uint8)
    squares = np.empty(m, dtype=np.int64)  # made by the scan of a big pool, else only when needed
    hashes = np.empty(m, dtype=np.uint32)
    by_pairs = n <= ctx.pair_scan_max and n <= ctx.max_patterns
    excess = np.zeros(0 if by_pairs else m, dtype=np.int64)  # a pairwise scan's pools have none
    value, partial = -1, False
    if ctx.weighted:
        maxima = np.empty(m, dtype=np.int64)
        rows, row_w = by_weight(ctx, pool, rows)
        if by_pairs:
            scan_pairs(base, rows, row_w, ctx.win, ctx.scan_chunk, classes, flags, maxima, 0, np.zeros(_chunks(ctx, m), dtype=np.bool_))
        else:
            scan_counts(base, rows, row_w, ctx.win, ctx.max_patterns, classes, flags, excess, squares, hashes, maxima)
    else:  # the same kernels with no weights: numba compiles their weighted branches away
        maxima = excess[:0]  # a view: nothing allocated
        row_w = maxima
        if by_pairs:
            value, partial = _pairs_uniform(ctx, base, rows, classes, flags, beta, depth)
        else:
            scan_counts(base, rows, None, ctx.win, ctx.max_patterns, classes, flags, excess, squares, hashes, None)
    ctx.stats[SCANNED] += m
    bounds = _bounds(ctx, cands, n, weight, classes, flags, excess, maxima) if value < 0 else excess[:0]
    return Scan(classes, flags, squares, hashes, by_pairs, maxima, rows, row_w, bounds, partial), value


@compiled
def _chunks(ctx, m):
    """How many chunks a pairwise scan of m candidates makes."""
    return (m + ctx.scan_chunk - 1) // ctx.scan_chunk


@compiled
def _pairs_uniform(ctx, base, rows, classes, flags, beta, depth):
    """The uniform pairwise scan, stopped as soon as the node's verdict is sure (`scan_pairs`): after a word that
    is no answer splits the pool into singletons (the survey settles on the first); with two guesses left, once
    none can (lost); once every candidate's bound reaches beta (cut). (value, partial): value INF (lost), or
    the cut's bound (the least of its candidates' bounds as far as counted: at least beta), or -1 (survey the
    counts: `partial` when they are not all made, and only a singleton split settles)."""
    n = rows.shape[0]
    left = np.zeros(_chunks(ctx, base.shape[1]), dtype=np.bool_)
    least = _least_shared(n, beta, depth) if ctx.scan_stops else 0
    n_left, split, fewest_left, fewest_done, work = scan_pairs(base, rows, None, ctx.win, ctx.scan_chunk, classes, flags, None, least, left)
    value = -1
    if least > 0 and not split:
        if depth <= 2:  # no word splits it into singletons
            value = INF
        elif n_left > 0 and 2 * n + fewest_done < beta:  # a candidate below beta: the search goes on, with every count
            n_left, _, _, _, more = scan_pairs(base, rows, None, ctx.win, ctx.scan_chunk, classes, flags, None, -1, left)
            work += more
            prof.note(ctx, depth, prof.REDONE_SCANS, 1)
        elif n_left > 0:  # a chunk left is at 2n + fewest_left - 1 or more (a win counted), a chunk done at 2n + fewest_done
            value = 2 * n + min(fewest_left - 1, fewest_done)
    prof.note(ctx, depth, prof.PAIR_WORK, work)
    partial = n_left > 0 or split
    if partial:
        prof.note(ctx, depth, prof.STOPPED_SCANS, 1)
    return value, partial


@compiled
def _least_shared(n, beta, depth):
    """For `scan_pairs`: the answers sharing a feedback with an earlier one past which a candidate's bound
    (3n - classes - 1 at most, a win included) reaches beta; with two guesses left, 1 (only singletons
    help); 0 when no candidate can have so many (the scan then never stops early)."""
    if depth <= 2:
        return 1
    least = beta - 2 * n + 1
    return least if least < n - 1 else 0


@compiled
def _bounds(ctx, cands, n, weight, classes, flags, excess, maxima):
    """Each candidate's lower bound of the pool's total with it first (`candidate_bound`, or weighted)."""
    m = classes.shape[0]
    bounds = np.empty(m, dtype=np.int64)
    if ctx.weighted:
        total, _, lightest = weight
        for t in range(m):
            won = ctx.cand_weight[cands[t]] if (flags[t] >> 1) & 1 else 0
            bounds[t] = weighted_candidate_bound(total, maxima[t], won, excess[t] if excess.shape[0] > 0 else 0, lightest)
    else:
        for t in range(m):
            bounds[t] = candidate_bound(n, np.int64(classes[t]), (flags[t] >> 1) & 1, excess[t] if excess.shape[0] > 0 else 0)
    return bounds


@compiled
def survey(ctx, found, cands, n, depth, weight):
    """(verdict, value, guess, least bound, useful candidates) from the counts alone.

    SETTLED: `value` is exact, played by `guess` (singletons from a word that is not an answer: 2n, the best
    left; or a guess whose classes all have 1 or 2 answers meeting the least bound). LOST: no guess helps
    (INF). GO_ON: search, no guess can do better than the least bound. Weighted, the singletons of a word
    that is not an answer (2W) settle only a pool of equal weights (else an answer may do better: 2W - h + l);
    they meet their bound exactly, so they are found as the least bound met.
    """
    total, heaviest, lightest = weight
    lowest = INF  # the least lower bound of any candidate
    sure = INF  # the least bound met exactly (all classes of size <= 2)
    sure_c = -1
    useful_cands = 0
    for t in range(cands.shape[0]):
        k = found.classes[t]
        if _counts_only(k, n, depth):
            continue
        w = (found.flags[t] >> 1) & 1
        if k == n and w == 0 and heaviest == lightest:
            return SETTLED, 2 * total, cands[t], 2 * total, useful_cands
        useful_cands += 1
        bound = found.bounds[t]
        if bound < lowest:
            lowest = bound
        if (found.flags[t] & 1) == 0 and bound < sure:
            sure = bound
            sure_c = cands[t]
    if useful_cands == 0 or (depth <= 2 and not ctx.weighted):  # uniform: a singleton split was settled already
        return LOST, INF, -1, INF, useful_cands
    if sure == lowest and not found.partial:
        return SETTLED, lowest, sure_c, lowest, useful_cands
    return GO_ON, INF, -1, lowest, useful_cands


@compiled
def keep(ctx, base, rows, found, n, depth, useful_cands):
    """The useful candidates with their bounds and order (`Kept`); in normal mode, twins dropped from pools of
    `dedup_min_pool` answers on (or `dominance_min_pool`, when smaller)."""
    m = base.shape[1]
    if found.by_pairs and ctx.weighted:
        order_pairs(base, found.rows, found.row_w, ctx.scan_chunk, found.squares, found.hashes)
    elif found.by_pairs:
        order_pairs(base, rows, None, ctx.scan_chunk, found.squares, found.hashes)
    columns = np.empty(useful_cands, dtype=np.int32)
    bounds = np.empty(useful_cands, dtype=np.int64)
    order = np.empty(useful_cands, dtype=np.int64)
    n_kept = 0
    dedup = not ctx.hard and not ctx.pool_only and n >= min(ctx.dedup_min_pool, ctx.dominance_min_pool)
    mask = 1
    while mask < 2 * useful_cands:
        mask <<= 1
    slot_of = np.full(mask if dedup else 1, -1, dtype=np.int32)  # open addressing by column hash
    mask -= 1
    slot_of_column = np.full(m if dedup else 1, -1, dtype=np.int32)
    for t in range(m):
        k = found.classes[t]
        if _counts_only(k, n, depth):
            continue
        if dedup:
            hv = np.int64(found.hashes[t])
            at = (hv ^ (hv >> 13)) & mask
            twin = False
            while slot_of[at] >= 0:
                u = columns[slot_of[at]]
                if found.hashes[u] == found.hashes[t] and same_column(base, rows, t, u):
                    twin = True
                    break
                at = (at + 1) & mask
            if twin:
                slot_of_column[t] = slot_of[at]
                continue
            slot_of[at] = n_kept
            slot_of_column[t] = n_kept
        bound = found.bounds[t]
        columns[n_kept] = t
        bounds[n_kept] = bound
        order[n_kept] = heap_key(2 * found.squares[t] + n * bound, n_kept)
        n_kept += 1
    ctx.stats[KEPT] += n_kept
    return Kept(columns, bounds, order, slot_of_column, n_kept, dedup)


@compiled
def pass_down(cands, kept, not_passed):
    """(slots, candidates): the kept candidates the classes below receive, in candidate order."""
    n_below = 0
    for u in range(kept.size):
        n_below += not not_passed[u]
    passed = np.empty(n_below, dtype=np.int32)  # columns of `base`
    below = np.empty(n_below, dtype=np.int32)
    q = 0
    for u in range(kept.size):
        if not not_passed[u]:
            passed[q] = kept.columns[u]
            below[q] = cands[kept.columns[u]]
            q += 1
    return passed, below


@compiled
def order(kept, not_tried, beta, top_k):
    """(heap, its size, least bound left out): the candidates to try, best first. An exact search leaves out
    those whose bound reaches beta (they only lower what is returned: the least of their bounds)."""
    best = INF
    heap = np.empty(kept.size, dtype=np.int64)
    n_heap = 0
    for r in range(kept.size):
        if not_tried[r]:
            continue
        if top_k <= 0 and kept.bounds[r] >= beta:
            best = min(best, kept.bounds[r])
        else:
            heap[n_heap] = kept.order[r]
            n_heap += 1
    heapify(heap, n_heap)
    return heap, n_heap, best
