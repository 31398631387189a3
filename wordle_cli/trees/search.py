"""The exact tree search: the fewest total guesses over all answers, with proof.

`solve` returns, for a pool of possible answers, the minimum over decision
trees of the total number of guesses summed over the pool's answers (the
final all-exact guess counts; an answer found at turn k costs k). It is a
depth-first branch and bound in one self-recursive numba function:

- exact costs of tiny pools (1 answer: 1; 2 answers: 3), and of pools some
  guess splits into singletons (2n - 1 with a possible answer, else 2n) or a
  possible answer splits into singletons and one pair (2n);
- an admissible lower bound for every candidate from its partition alone:
  n + sum over its non-winning classes of (1, 3, or 2s - 1 + max(0, s - P)
  for s >= 3, P being the most feedback patterns one guess can show);
- candidates tried best-first by 2·sum(c²) + n·bound, each class solved
  smallest first with the bound window that is left (beta), stopping a
  candidate as soon as its partial sum reaches the best total so far;
- a guess that does not split a pool never helps, there or below: the pool's
  useful guesses are the only candidates passed down to its classes (in the
  original order, so what is chosen never depends on the path);
- in normal mode, guesses giving a pool the very same feedbacks are one
  guess there and in every sub-pool: only the first (candidate order) is
  tried and passed down, so the tree is the one the full list gives (hard
  mode keeps them all: their hints differ);
- before any class of a guess is searched, a quick pass lifts each class's
  bound to what the memo knows of it, so a guess can be cut before deep work;
- the feedback table is read answer-major (`Context.table[a, c]`): a scan
  over the candidates streams through the pool's rows instead of missing the
  cache on every candidate's row;
- a memo of pool -> (lower bound, exact value, best guess), exact on its key
  (the pool itself, the guesses left, and hard mode's constraints), cleared
  when it holds `cache_limit` entries.

`solve(..., beta)` returns the exact minimum when it is below beta, else a
lower bound of it that is at least beta. Ties go to the first guess in a
fixed order: a possible answer splitting the pool into singletons (pool
order), then a possible answer leaving singletons and one pair, then any
word splitting the pool into singletons (candidate order), then a guess
whose classes all have 1 or 2 answers and that meets the least lower bound
(candidate order), then the best-first order above (ties in it: candidate
order). The same inputs always give the same tree.

With `top_k` > 0 only the first k candidates of that order are tried at
each node: a fast upper bound (the "semi-exhaustive" search), not a proof.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, types
from numba.typed import Dict, List

#: Cost of what cannot be done (a pool that cannot be solved within the guesses left).
INF = 1 << 40

#: `depth` meaning "no limit on the number of guesses".
UNLIMITED = 1 << 20

#: Pools smaller than this are not memoised (solving them is cheaper than the memo).
CACHE_MIN_POOL = 4

# Counters in `Context.stats`.
NODES, HITS, EVALUATED, STORED, EVICTED, SCANNED, KEPT, MEMO_BYTES = range(8)
STAT_NAMES = (
    "nodes", "memo hits", "guesses evaluated", "memo entries written", "memo evictions", "candidates scanned", "candidates kept", "memo bytes"
)

_NOT_FOUND = (np.int64(0), np.int64(-1), np.int64(-1), np.int64(-1))


class Context(NamedTuple):
    """Everything the search reads, fixed for a run (a numba-friendly tuple)."""

    table: np.ndarray  # (A, C) uint8/uint16, C-contiguous: feedback code of candidate c against answer a at [a, c]
    answer_cand: np.ndarray  # int32[A]: the candidate index of each answer
    win: int  # the all-exact code, 3^L - 1
    max_patterns: int  # most distinct feedbacks one guess can show
    top_k: int  # 0: exact; k: only the k most promising candidates per node
    pool_only: bool  # candidates are the pool's own words
    hard: bool  # hard mode: candidates must respect the revealed hints
    cand_codes: np.ndarray  # (C, L) uint8 symbol codes (hard mode)
    cand_counts: np.ndarray  # (C, S + 1) uint8 copies of each symbol (hard mode)
    memo: Dict  # key hash -> (lower bound, exact value or -1, best candidate, key slot)
    keys: List  # key arrays, to check a hash hit is the same key
    stats: np.ndarray  # int64 counters (see STAT_NAMES)
    cache_limit: int  # bytes the memo may take (about); past them its small pools are dropped
    neighbour_start: np.ndarray  # int32[C + 1]: candidate c's neighbours are neighbours[neighbour_start[c]:neighbour_start[c + 1]]
    neighbours: np.ndarray  # int32: the candidates differing from c in exactly one position
    slot: np.ndarray  # int32[C], all -1 between uses: scratch for a node's candidate -> kept slot
    dominance_min_pool: int  # pools from this size on drop the guesses a neighbour refines
    family_start: np.ndarray  # int32[F + 1]: family f's answers are family_answers[family_start[f]:family_start[f + 1]]
    family_answers: np.ndarray  # int32: answers alike in every position but one (4 or more of them)
    answer_family_start: np.ndarray  # int32[A + 1]: answer a's families are answer_families[...[a]:...[a + 1]]
    answer_families: np.ndarray  # int32
    family_count: np.ndarray  # int32[F], all 0 between uses: scratch


_ENTRY = types.UniTuple(types.int64, 4)
_KEY = types.int32[::1]


@njit(cache=True)
def new_memo():
    """An empty memo: (hash -> entry, list of keys). Made in compiled code, which numba caches:
    `Dict.empty` called from Python compiles its constructor again in every process (~0.4 s)."""
    return Dict.empty(types.int64, _ENTRY), List.empty_list(_KEY)


# ---------------------------------------------------------------- the memo


@njit(cache=True, nogil=True)
def _hash(key):
    h = np.uint64(0xCBF29CE484222325)
    for i in range(key.shape[0]):
        h ^= np.uint64(key[i]) + np.uint64(0x9E3779B97F4A7C15) + (h << np.uint64(6)) + (h >> np.uint64(2))
    h ^= h >> np.uint64(33)
    h *= np.uint64(0xFF51AFD7ED558CCD)
    h ^= h >> np.uint64(33)
    return np.int64(h & np.uint64(0x3FFFFFFFFFFFFFFF))


@njit(cache=True, nogil=True)
def _same(a, b):
    if a.shape[0] != b.shape[0]:
        return False
    for i in range(a.shape[0]):
        if a[i] != b[i]:
            return False
    return True


@njit(cache=True, nogil=True)
def _find(ctx, key):
    """(slot, entry): slot >= 0 where `key` is stored; else -1 - (a free slot); -1 - 2^62 when none is free."""
    h = _hash(key)
    for probe in range(4):  # a different key on the same hash moves one slot on
        k = h + probe
        if k in ctx.memo:
            entry = ctx.memo[k]
            if _same(ctx.keys[entry[3]], key):
                return k, entry
        else:
            return -1 - k, _NOT_FOUND
    return -1 - (np.int64(1) << 62), _NOT_FOUND


@njit(cache=True, nogil=True)
def _remember(ctx, key, lower, exact, best):
    """Record a lower bound, or an exact value (with its best candidate); -1 means unknown."""
    if ctx.stats[MEMO_BYTES] >= ctx.cache_limit:
        _evict(ctx)
    slot, entry = _find(ctx, key)
    if slot >= 0:
        if exact >= 0:
            ctx.memo[slot] = (exact, exact, best, entry[3])
        elif entry[1] < 0 and lower > entry[0]:
            ctx.memo[slot] = (lower, entry[1], entry[2], entry[3])
    elif slot != -1 - (np.int64(1) << 62):
        ctx.keys.append(key.copy())
        lo = exact if exact >= 0 else lower
        ctx.memo[-1 - slot] = (lo, exact, best, np.int64(len(ctx.keys) - 1))
        ctx.stats[STORED] += 1
        ctx.stats[MEMO_BYTES] += _entry_bytes(key.shape[0])


@njit(cache=True, nogil=True)
def _entry_bytes(key_length):
    """About what one memo entry costs: the dictionary slot, the key array's object and its data."""
    return 160 + 4 * key_length


@njit(cache=True, nogil=True)
def _evict(ctx):
    """Make room: keep the entries of the biggest pools (the costliest to prove again) in half the budget, drop
    the others (a small pool is proven again in a moment). Never clears the memo whole."""
    longest = 0
    for q in range(len(ctx.keys)):
        longest = max(longest, ctx.keys[q].shape[0])
    spent = np.zeros(longest + 1, dtype=np.int64)  # bytes of the entries by key length
    for q in range(len(ctx.keys)):
        length = ctx.keys[q].shape[0]
        spent[length] += _entry_bytes(length)
    keep_from = longest + 1
    kept = 0
    while keep_from > 0 and kept + spent[keep_from - 1] <= ctx.cache_limit // 2:
        keep_from -= 1
        kept += spent[keep_from]
    keep_from = min(keep_from, longest)  # the biggest pools stay, whatever the budget
    survivors = List.empty_list(_KEY)
    entries = List()
    for _, entry in ctx.memo.items():
        key = ctx.keys[entry[3]]
        if key.shape[0] >= keep_from:
            survivors.append(key)
            entries.append(entry)
    ctx.memo.clear()
    ctx.keys.clear()
    ctx.stats[MEMO_BYTES] = 0
    for q in range(len(survivors)):
        key = survivors[q]
        slot, _ = _find(ctx, key)
        if slot < 0 and slot != -1 - (np.int64(1) << 62):
            ctx.keys.append(key)
            entry = entries[q]
            ctx.memo[-1 - slot] = (entry[0], entry[1], entry[2], np.int64(len(ctx.keys) - 1))
            ctx.stats[MEMO_BYTES] += _entry_bytes(key.shape[0])
    ctx.stats[EVICTED] += 1


@njit(cache=True, nogil=True)
def _key(ctx, pool, depth, greens, mins):
    """What a pool's cost depends on: the pool, the guesses left and (hard mode) the hints."""
    extra = greens.shape[0] + mins.shape[0] if ctx.hard else 0
    key = np.empty(1 + extra + pool.shape[0], dtype=np.int32)
    key[0] = min(depth, UNLIMITED)
    at = 1
    if ctx.hard:
        for i in range(greens.shape[0]):
            key[at] = greens[i]
            at += 1
        for i in range(mins.shape[0]):
            key[at] = mins[i]
            at += 1
    for i in range(pool.shape[0]):
        key[at + i] = pool[i]
    return key


# ---------------------------------------------------------------- hard mode


@njit(cache=True, nogil=True)
def _hints_after(ctx, guess, code, greens, mins):
    """Hard mode's hints once candidate `guess` got feedback `code`: (greens, mins) copies."""
    length = greens.shape[0]
    new_greens = greens.copy()
    new_mins = mins.copy()
    marked = np.zeros(mins.shape[0], dtype=np.int32)
    for i in range(length - 1, -1, -1):
        tile = code % 3
        code //= 3
        symbol = ctx.cand_codes[guess, i]
        if tile == 2:
            new_greens[i] = symbol
        if tile != 0:
            marked[symbol] += 1
    for s in range(mins.shape[0]):
        if marked[s] > new_mins[s]:
            new_mins[s] = marked[s]
    return new_greens, new_mins


@njit(cache=True, nogil=True)
def allowed(ctx, cands, greens, mins):
    """The candidates that respect the hints (greens in place, revealed letters reused)."""
    return cands[allowed_at(ctx, cands, greens, mins)]


@njit(cache=True, nogil=True)
def allowed_at(ctx, cands, greens, mins):
    """The positions in `cands` of the candidates that respect the hints."""
    # Only the hints revealed so far are checked: a handful, not every position and symbol.
    where = np.nonzero(greens)[0]
    symbols = np.nonzero(mins)[0]
    n_greens = where.shape[0]
    n_mins = symbols.shape[0]
    out = np.empty(cands.shape[0], dtype=np.int32)
    n = 0
    for t in range(cands.shape[0]):
        c = cands[t]
        ok = True
        for k in range(n_greens):
            i = where[k]
            if ctx.cand_codes[c, i] != greens[i]:
                ok = False
                break
        if ok:
            for k in range(n_mins):
                s = symbols[k]
                if ctx.cand_counts[c, s] < mins[s]:
                    ok = False
                    break
        if ok:
            out[n] = t
            n += 1
    return out[:n].copy()


# ---------------------------------------------------------------- the search


@njit(cache=True, nogil=True)
def class_bound(size, max_patterns):
    """Lower bound on the guesses a class of `size` answers costs, this guess included."""
    if size == 1:
        return 2
    if size == 2:
        return 5
    return size + 2 * size - 1 + max(0, size - max_patterns)


@njit(cache=True, nogil=True)
def max_patterns(table, n_codes):
    """The most distinct feedbacks any one candidate shows over all answers (an upper bound for any pool)."""
    seen = np.zeros(n_codes, dtype=np.int64)
    most = 1
    for c in range(table.shape[0]):
        row = table[c]
        distinct = 0
        for a in range(row.shape[0]):
            if seen[row[a]] != c + 1:
                seen[row[a]] = c + 1
                distinct += 1
        most = max(most, distinct)
    return most


@njit(cache=True, nogil=True)
def transposed(table):
    """A C-contiguous copy of `table`'s transpose (blocked: both sides stay in cache)."""
    rows, cols = table.shape
    out = np.empty((cols, rows), dtype=table.dtype)
    for r0 in range(0, rows, 64):
        r1 = min(r0 + 64, rows)
        for c0 in range(0, cols, 64):
            c1 = min(c0 + 64, cols)
            for r in range(r0, r1):
                for c in range(c0, c1):
                    out[c, r] = table[r, c]
    return out


@njit(cache=True, nogil=True)
def useful(ctx, pool, cands):
    """The candidates that split `pool` (in their order); others can never help below it."""
    n = pool.shape[0]
    out = np.empty(cands.shape[0], dtype=np.int32)
    m = 0
    for t in range(cands.shape[0]):
        c = cands[t]
        first = ctx.table[pool[0], c]
        for j in range(1, n):
            if ctx.table[pool[j], c] != first:
                out[m] = cands[t]
                m += 1
                break
        else:
            if first == ctx.win:  # a pool of one, guessed
                out[m] = cands[t]
                m += 1
    return out[:m].copy()


@njit(cache=True, nogil=True)
def _answer_split(ctx, pool, depth, count):
    """(2n - 1, c): possible answer c splits the pool into singletons; (2n, c): into singletons and one pair
    (first in pool order); (0, -1): neither. `count` is zero on entry and on return."""
    n = pool.shape[0]
    pair = -1
    for i in range(n):
        c = ctx.answer_cand[pool[i]]
        collisions = 0
        for j in range(n):
            x = ctx.table[pool[j], c]
            count[x] += 1
            if count[x] > 1:
                collisions += 1
        for j in range(n):
            count[ctx.table[pool[j], c]] = 0
        if collisions == 0:
            return 2 * n - 1, c
        if collisions == 1 and pair < 0:
            pair = c
    if pair >= 0 and depth >= 3:
        return 2 * n, pair
    return 0, -1


#: Pools up to this size are scanned by comparing answers pairwise, many candidates at once
#: (the compiler vectorises it); larger pools by a histogram per candidate.
PAIR_SCAN_MAX = 128

#: Pools from this size on drop the guesses giving them the very feedbacks of an earlier one (on smaller pools
#: the search below them is too short to repay it: the twins, tried after their first, cost only memo look-ups).
DEDUP_MIN_POOL = 40

#: Pools from this size on look for guesses another one refines (cheaper to try every guess below it).
DOMINANCE_MIN_POOL = 120

#: Candidates scanned together by the pairwise scan (their rows stay in the first-level cache).
SCAN_CHUNK = 512


@njit(cache=True, nogil=True)
def gather(table, pool, cands):
    """The (pool x candidates) block of the answer-major feedback table: row j is pool[j]'s codes."""
    n, m = pool.shape[0], cands.shape[0]
    out = np.empty((n, m), dtype=table.dtype)
    for j in range(n):
        row = table[pool[j]]
        dst = out[j]
        for t in range(m):
            dst[t] = row[cands[t]]
    return out


@njit(cache=True, nogil=True, boundscheck=False)
def _scan_pairs(base, rows, win, classes, flags):
    """Every candidate's classes (column t of `base[rows]`) and flags: bit 0, some class has 3 or more
    answers; bit 1, the candidate is one of the answers (a win code).

    Compares every pair of answers for all candidates of a chunk at once: O(n^2) byte compares that the
    compiler turns into vector instructions, for pools small enough (n <= PAIR_SCAN_MAX).
    """
    n, m = rows.shape[0], base.shape[1]
    dup = np.empty(SCAN_CHUNK, dtype=np.uint8)
    flag = np.empty(SCAN_CHUNK, dtype=np.uint8)
    cnt = np.empty(SCAN_CHUNK, dtype=np.uint8)
    for t0 in range(0, m, SCAN_CHUNK):
        w = min(SCAN_CHUNK, m - t0)
        r0 = base[rows[0], t0 : t0 + w]
        for t in range(w):
            dup[t] = 0
            flag[t] = (r0[t] == win) << 1
        for j in range(1, n):
            bj = base[rows[j], t0 : t0 + w]
            for t in range(w):
                cnt[t] = 0
            for i in range(j):
                bi = base[rows[i], t0 : t0 + w]
                for t in range(w):
                    cnt[t] += bi[t] == bj[t]
            for t in range(w):
                x = cnt[t]
                dup[t] += x > 0
                flag[t] |= (x > 1) | ((bj[t] == win) << 1)
        out_classes = classes[t0 : t0 + w]
        out_flags = flags[t0 : t0 + w]
        for t in range(w):
            out_classes[t] = n - dup[t]
            out_flags[t] = flag[t]


@njit(cache=True, nogil=True, boundscheck=False)
def _order_pairs(base, rows, squares, hashes):
    """Every candidate's sum of squared class sizes (the search order) and a hash of its column, as
    `_scan_pairs` compares (only where the search goes on past the scan)."""
    n, m = rows.shape[0], base.shape[1]
    pairs = np.empty(SCAN_CHUNK, dtype=np.uint16)
    h = np.empty(SCAN_CHUNK, dtype=np.uint32)
    cnt = np.empty(SCAN_CHUNK, dtype=np.uint8)
    for t0 in range(0, m, SCAN_CHUNK):
        w = min(SCAN_CHUNK, m - t0)
        r0 = base[rows[0], t0 : t0 + w]
        for t in range(w):
            pairs[t] = 0
            h[t] = r0[t]
        for j in range(1, n):
            bj = base[rows[j], t0 : t0 + w]
            for t in range(w):
                cnt[t] = 0
            for i in range(j):
                bi = base[rows[i], t0 : t0 + w]
                for t in range(w):
                    cnt[t] += bi[t] == bj[t]
            for t in range(w):
                pairs[t] += cnt[t]
                h[t] = h[t] * np.uint32(0x01000193) + bj[t]
        out_squares = squares[t0 : t0 + w]
        out_hashes = hashes[t0 : t0 + w]
        for t in range(w):
            out_squares[t] = n + 2 * np.int64(pairs[t])
            out_hashes[t] = h[t]


@njit(cache=True, nogil=True, boundscheck=False)
def _scan_counts(base, rows, win, max_patterns, classes, flags, excess, squares, hashes):
    """All that `_scan_pairs` and `_order_pairs` give, by a histogram per candidate (big pools); also each
    candidate's classes' sizes beyond `max_patterns` (summed), which the class bound charges."""
    n, m = rows.shape[0], base.shape[1]
    count = np.zeros(win + 1, dtype=np.int32)
    seen = np.empty(n, dtype=np.int64)
    for t in range(m):
        k = 0
        sq = 0
        h = np.uint32(0)
        big = 0
        won = 0
        for j in range(n):
            x = np.int64(base[rows[j], t])
            if x == win:
                won = 2
            v = count[x]
            seen[k] = x
            k += v == 0
            sq += 2 * v + 1
            count[x] = v + 1
            h = h * np.uint32(0x01000193) + np.uint32(x)
        extra = 0
        for q in range(k):
            s = count[seen[q]]
            if s > 2:
                big = 1
            if s > max_patterns and seen[q] != win:
                extra += s - max_patterns
            count[seen[q]] = 0
        classes[t] = k
        flags[t] = big | won
        excess[t] = extra
        squares[t] = sq
        hashes[t] = h


@njit(cache=True, nogil=True)
def _refines(base, rows, fine, coarse, image):
    """Does column `fine` split the pool at least as finely as column `coarse` (each of its codes always meets
    the same code of `coarse`)? `image` is all -1 on entry and on return."""
    ok = True
    j = 0
    for j in range(rows.shape[0]):
        r = rows[j]
        x = base[r, fine]
        y = np.int32(base[r, coarse])
        if image[x] < 0:
            image[x] = y
        elif image[x] != y:
            ok = False
            break
    for i in range(j + 1):
        image[base[rows[i], fine]] = -1
    return ok


@njit(cache=True, nogil=True)
def _dominated(ctx, base, rows, cands, kept, classes, flags, slot_of_column, not_tried, not_passed):
    """Mark the kept guesses a neighbour (a word one letter away) refines: never tried here when it splits
    the pool more finely or comes first; never passed down when it comes first (so the tie rule's choice
    never changes). A guess that is one of the pool's answers is never marked."""
    m = cands.shape[0]
    for t in range(m):
        if slot_of_column[t] >= 0:
            ctx.slot[cands[t]] = slot_of_column[t]
    image = np.full(ctx.win + 1, -1, dtype=np.int32)
    for u in range(kept.shape[0]):
        t = kept[u]
        if flags[t] & 2:
            continue
        c = cands[t]
        for q in range(ctx.neighbour_start[c], ctx.neighbour_start[c + 1]):
            s = ctx.slot[ctx.neighbours[q]]
            if s < 0 or s == u:
                continue
            t2 = kept[s]
            earlier = cands[t2] < c  # the first of its twins, in candidate order
            if classes[t2] <= classes[t] and not earlier:
                continue
            if _refines(base, rows, t2, t, image):
                not_tried[u] = True
                if earlier:
                    not_passed[u] = True
                    break
    for t in range(m):
        ctx.slot[cands[t]] = -1


@njit(cache=True, nogil=True)
def _endgame(ctx, pool, cands, base, rows, depth):
    """(verdict, family answers, their rows): what the pool's biggest family (answers alike but in one
    position, like _atch) says.

    Every guess tells apart at most (its distinct feedbacks on the family - 1) more of them, and the answer
    must be told apart from the rest of its family with a guess to spare: when the depth - 1 best guesses
    together cannot, the pool cannot be solved in time (ENDGAME_LOST). When it is close (ENDGAME_CLOSE),
    the caller solves the family alone first. ENDGAME_NONE otherwise.
    """
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
    if most <= PAIR_SCAN_MAX and most <= ctx.max_patterns:
        _scan_pairs(base, live_rows, ctx.win, classes, flags)
    else:
        excess = np.zeros(m, dtype=np.int64)
        squares = np.empty(m, dtype=np.int64)
        hashes = np.empty(m, dtype=np.uint32)
        _scan_counts(base, live_rows, ctx.win, ctx.max_patterns, classes, flags, excess, squares, hashes)
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


#: The least answers alike but in one position that make a family for the endgame bound.
FAMILY_MIN = 4

ENDGAME_NONE, ENDGAME_LOST, ENDGAME_CLOSE = range(3)


@njit(cache=True, nogil=True)
def _alike_but_one(codes, i):
    """(order, ends): the words sorted so that those alike in every position but `i` are adjacent, and where
    each such group ends in `order`."""
    n, length = codes.shape
    keys = np.empty(n, dtype=np.int64)
    for w in range(n):
        k = np.int64(0)
        for p in range(length):
            k = k * 256 + (0 if p == i else np.int64(codes[w, p]))
        keys[w] = k
    order = np.argsort(keys, kind="mergesort")
    ends = np.empty(n, dtype=np.int64)
    n_groups = 0
    start = 0
    while start < n:
        end = start + 1
        while end < n and keys[order[end]] == keys[order[start]]:
            end += 1
        ends[n_groups] = end
        n_groups += 1
        start = end
    return order, ends[:n_groups]


@njit(cache=True, nogil=True)
def _csr(owners, items, n):
    """(start, flat) as int32 CSR arrays: the items of each owner 0..n-1, in the order they are given."""
    start = np.zeros(n + 1, dtype=np.int32)
    for q in range(len(owners)):
        start[owners[q] + 1] += 1
    for w in range(n):
        start[w + 1] += start[w]
    flat = np.empty(len(owners), dtype=np.int32)
    fill = start[:n].copy()
    for q in range(len(owners)):
        flat[fill[owners[q]]] = items[q]
        fill[owners[q]] += 1
    return start, flat


@njit(cache=True, nogil=True)
def families(codes):
    """(family_start, family_answers, answer_family_start, answer_families): the groups of FAMILY_MIN or more
    answers alike in every position but one (answers ascending in each), and each answer's groups."""
    n, length = codes.shape
    fam_a = List.empty_list(types.int32)  # (family, answer) pairs, family by family
    fam_of = List.empty_list(types.int32)
    n_fam = 0
    for i in range(length):
        order, ends = _alike_but_one(codes, i)
        start = 0
        for end in ends:
            if end - start >= FAMILY_MIN:
                for a in np.sort(order[start:end]):
                    fam_a.append(np.int32(a))
                    fam_of.append(np.int32(n_fam))
                n_fam += 1
            start = end
    family_start, family_answers = _csr(fam_of, fam_a, n_fam)
    answer_family_start, answer_families = _csr(fam_a, fam_of, n)
    return family_start, family_answers, answer_family_start, answer_families


@njit(cache=True, nogil=True)
def neighbour_lists(codes):
    """(start, flat): the candidates differing from each candidate in exactly one position, as CSR arrays."""
    n, length = codes.shape
    pairs_a = List.empty_list(types.int32)
    pairs_b = List.empty_list(types.int32)
    for i in range(length):
        order, ends = _alike_but_one(codes, i)
        start = 0
        for end in ends:
            for a in range(start, end):
                for b in range(start, end):
                    if a != b:
                        pairs_a.append(np.int32(order[a]))
                        pairs_b.append(np.int32(order[b]))
            start = end
    return _csr(pairs_a, pairs_b, n)


@njit(cache=True, nogil=True)
def _same_column(base, rows, t, u):
    """Do candidates t and u (columns of `base`) give every answer of the pool (`rows`) the same feedback?"""
    for j in range(rows.shape[0]):
        r = rows[j]
        if base[r, t] != base[r, u]:
            return False
    return True


@njit(cache=True, nogil=True)
def solve(ctx, pool, cands, base, rows, beta, depth, greens, mins, best_out):
    """Minimum total guesses for `pool` (exact if < beta, else a lower bound >= beta).

    pool: int32 answer indices, ascending; cands: int32 candidate indices
    (a superset of the pool's useful guesses, in candidate order; hard mode:
    those the hints allow); base[rows[j], t]: the feedback code of cands[t]
    for pool[j] (an empty `rows`: gathered here from the table); depth:
    guesses left (UNLIMITED for no limit); greens/mins: hard mode's hints.
    best_out[0] receives the best candidate when the value is exact (-1
    otherwise).
    """
    n = pool.shape[0]
    best_out[0] = -1
    if depth <= 0:
        return INF
    if n == 1:
        best_out[0] = ctx.answer_cand[pool[0]]
        return 1
    if depth == 1:
        return INF
    if n == 2:
        best_out[0] = ctx.answer_cand[pool[0]]
        return 3
    if 2 * n - 1 >= beta:
        return 2 * n - 1
    ctx.stats[NODES] += 1
    win = ctx.win
    memoised = n >= CACHE_MIN_POOL
    key = _key(ctx, pool, depth, greens, mins) if memoised else np.empty(0, dtype=np.int32)
    if memoised:
        slot, entry = _find(ctx, key)
        if slot >= 0:
            if entry[1] >= 0:
                ctx.stats[HITS] += 1
                best_out[0] = entry[2]
                return entry[1]
            if entry[0] >= beta:
                ctx.stats[HITS] += 1
                return entry[0]

    count = np.zeros(win + 1, dtype=np.int32)

    value, c = _answer_split(ctx, pool, depth, count)
    if c >= 0:
        best_out[0] = c
        if memoised:
            _remember(ctx, key, value, value, c)
        return value

    if ctx.pool_only:
        cands = np.empty(n, dtype=np.int32)
        for i in range(n):
            cands[i] = ctx.answer_cand[pool[i]]
    if ctx.pool_only or rows.shape[0] != n:
        base = gather(ctx.table, pool, cands)
        rows = np.arange(n).astype(np.int32)
    m = cands.shape[0]

    if depth < UNLIMITED and not ctx.pool_only:
        verdict, live, live_rows = _endgame(ctx, pool, cands, base, rows, depth)
        if verdict == ENDGAME_LOST:
            if memoised:
                _remember(ctx, key, INF, INF, -1)
            return INF
        if verdict == ENDGAME_CLOSE:  # the family alone first: the pool costs at least as much as any part of it
            value = solve(ctx, live, cands, base, live_rows, beta, depth, greens, mins, best_out)
            best_out[0] = -1
            if value >= beta:
                if memoised:
                    _remember(ctx, key, value, INF if value >= INF else -1, -1)
                return value

    # Every candidate's partition in one scan: its classes, whether it wins, its lower bound.
    classes = np.empty(m, dtype=np.uint16)
    flags = np.empty(m, dtype=np.uint8)
    excess = np.zeros(m, dtype=np.int64)
    squares = np.empty(m, dtype=np.int64)  # made by the scan of a big pool, else only when needed
    hashes = np.empty(m, dtype=np.uint32)
    by_pairs = n <= PAIR_SCAN_MAX and n <= ctx.max_patterns
    if by_pairs:
        _scan_pairs(base, rows, win, classes, flags)
    else:
        _scan_counts(base, rows, win, ctx.max_patterns, classes, flags, excess, squares, hashes)
    ctx.stats[SCANNED] += m

    lowest = INF  # the least lower bound of any candidate
    sure = INF  # the least bound met exactly (all classes of size <= 2)
    sure_c = -1
    useful_cands = 0
    for t in range(m):
        k = classes[t]
        if k == 1 or (depth < 3 and k < n):
            continue  # tells nothing (n >= 3: one class is never the win); or, with two guesses left, not all singletons
        w = (flags[t] >> 1) & 1
        if k == n and w == 0:
            best_out[0] = cands[t]  # singletons from a word that is not an answer: 2n, the best left
            if memoised:
                _remember(ctx, key, 2 * n, 2 * n, cands[t])
            return 2 * n
        useful_cands += 1
        bound = 3 * n - k - w + excess[t]
        if bound < lowest:
            lowest = bound
        if (flags[t] & 1) == 0 and bound < sure:
            sure = bound
            sure_c = cands[t]
    if useful_cands == 0 or depth <= 2:
        if memoised:
            _remember(ctx, key, INF, INF, -1)
        return INF
    if sure == lowest:
        best_out[0] = sure_c
        if memoised:
            _remember(ctx, key, lowest, lowest, sure_c)
        return lowest
    if lowest >= beta:
        if memoised:
            _remember(ctx, key, lowest, -1, -1)
        return lowest

    # The candidates passed down: the useful ones, and in normal mode only the first of those giving this
    # pool the very same feedbacks (a sub-pool sees them alike too, so only the first can ever be chosen).
    if by_pairs:
        _order_pairs(base, rows, squares, hashes)
    kept = np.empty(useful_cands, dtype=np.int32)  # columns of `base`
    bounds = np.empty(useful_cands, dtype=np.int64)
    order_key = np.empty(useful_cands, dtype=np.int64)
    n_kept = 0
    dedup = not ctx.hard and not ctx.pool_only and n >= min(DEDUP_MIN_POOL, ctx.dominance_min_pool)
    mask = 1
    while mask < 2 * useful_cands:
        mask <<= 1
    slot_of = np.full(mask if dedup else 1, -1, dtype=np.int32)
    mask -= 1
    slot_of_column = np.full(m if dedup else 1, -1, dtype=np.int32)  # the kept slot standing for each useful column
    for t in range(m):
        k = classes[t]
        if k == 1 or (depth < 3 and k < n):
            continue
        if dedup:
            hv = np.int64(hashes[t])
            at = (hv ^ (hv >> 13)) & mask
            twin = False
            while slot_of[at] >= 0:
                u = kept[slot_of[at]]
                if hashes[u] == hashes[t] and _same_column(base, rows, t, u):
                    twin = True
                    break
                at = (at + 1) & mask
            if twin:
                slot_of_column[t] = slot_of[at]
                continue
            slot_of[at] = n_kept
            slot_of_column[t] = n_kept
        bound = 3 * n - k - ((flags[t] >> 1) & 1) + excess[t]
        kept[n_kept] = t
        bounds[n_kept] = bound
        order_key[n_kept] = ((2 * squares[t] + n * bound) << 20) + n_kept
        n_kept += 1
    ctx.stats[KEPT] += n_kept

    # Normal mode: a guess whose partition another one refines is never chosen (a merged class costs at least
    # its parts solved apart); not even below when the finer one comes first in candidate order.
    not_tried = np.zeros(n_kept, dtype=np.bool_)
    not_passed = np.zeros(n_kept, dtype=np.bool_)
    if dedup and n >= ctx.dominance_min_pool:
        _dominated(ctx, base, rows, cands, kept[:n_kept], classes, flags, slot_of_column, not_tried, not_passed)
    n_below = 0
    for u in range(n_kept):
        n_below += not not_passed[u]
    passed = np.empty(n_below, dtype=np.int32)  # the kept slots passed down
    below = np.empty(n_below, dtype=np.int32)
    q = 0
    for u in range(n_kept):
        if not not_passed[u]:
            passed[q] = kept[u]
            below[q] = cands[kept[u]]
            q += 1
    below_base = np.empty((0, 0), dtype=base.dtype)  # the pool x `below` codes, made when first needed
    # The candidates in best-first order, taken one at a time from a heap: most nodes try only a few.
    # An exact search never tries one whose bound reaches beta (it only lowers what is returned).
    best = INF  # the least value (exact) or lower bound found
    heap = np.empty(n_kept, dtype=np.int64)
    n_heap = 0
    for r in range(n_kept):
        if not_tried[r]:
            continue
        if ctx.top_k <= 0 and bounds[r] >= beta:
            best = min(best, bounds[r])
        else:
            heap[n_heap] = order_key[r]
            n_heap += 1
    _heapify(heap, n_heap)
    tried = n_heap if ctx.top_k <= 0 else min(ctx.top_k, n_heap)
    child_depth = depth - 1 if depth < UNLIMITED else depth
    best_c = -1
    sub_best = np.empty(1, dtype=np.int64)
    sub = np.empty(n, dtype=np.int32)
    sub_row = np.empty(n, dtype=np.int32)
    cls_code = np.empty(n, dtype=np.int32)
    cls_size = np.empty(n, dtype=np.int32)
    cls_bound = np.empty(n, dtype=np.int64)
    cls_start = np.empty(n, dtype=np.int64)
    cls_done = np.empty(n, dtype=np.bool_)
    for rank in range(tried):
        r = _pop(heap, n_heap - rank) & 0xFFFFF
        window = min(beta, best)
        if bounds[r] >= window:
            best = min(best, bounds[r])
            continue
        t = kept[r]
        c = cands[t]
        ctx.stats[EVALUATED] += 1
        n_cls = 0
        for j in range(n):
            x = base[rows[j], t]
            if count[x] == 0:
                cls_code[n_cls] = x
                n_cls += 1
            count[x] += 1
        # The classes, each a run of `sub` (ascending, as the pool), and their lower bounds.
        total = 0
        at = 0
        for k in range(n_cls):
            x = cls_code[k]
            cls_size[k] = count[x]
            cls_start[k] = at
            count[x] = at
            at += cls_size[k]
            cls_bound[k] = 1 if x == win else class_bound(cls_size[k], ctx.max_patterns)
            total += cls_bound[k]
        for j in range(n):
            x = base[rows[j], t]
            sub[count[x]] = pool[j]
            sub_row[count[x]] = j
            count[x] += 1
        for k in range(n_cls):
            count[cls_code[k]] = 0
        # A quick pass first, before any deep work, may end this guess: a class's bound is lifted to what
        # the memo knows of it, or settled when one of its answers splits it into singletons (and a pair);
        # a class with no such answer costs at least 3 per answer (the best left is a non-answer splitting it).
        for k in range(n_cls):
            size = cls_size[k]
            cls_done[k] = size < 3 or cls_code[k] == win  # exact already: 1, 2 (size + 1) or 5 (size + 3)
            if total >= window or cls_done[k]:
                continue
            part = sub[cls_start[k] : cls_start[k] + size]
            known = cls_bound[k]
            if child_depth <= 1:
                known = INF
                cls_done[k] = True
            elif size >= CACHE_MIN_POOL:
                if ctx.hard:
                    child_greens, child_mins = _hints_after(ctx, c, cls_code[k], greens, mins)
                    found, entry = _find(ctx, _key(ctx, part, child_depth, child_greens, child_mins))
                else:
                    found, entry = _find(ctx, _key(ctx, part, child_depth, greens, mins))
                if found >= 0:
                    known = max(known, size + (entry[1] if entry[1] >= 0 else entry[0]))
                    cls_done[k] = entry[1] >= 0
            if not cls_done[k] and known < 3 * size:
                v, g = _answer_split(ctx, part, child_depth, count)
                if g >= 0:
                    known = size + v
                    cls_done[k] = True
                    if size >= CACHE_MIN_POOL:
                        if ctx.hard:
                            child_greens, child_mins = _hints_after(ctx, c, cls_code[k], greens, mins)
                            _remember(ctx, _key(ctx, part, child_depth, child_greens, child_mins), v, v, g)
                        else:
                            _remember(ctx, _key(ctx, part, child_depth, greens, mins), v, v, g)
                else:
                    known = 3 * size
            if known > cls_bound[k]:
                total += known - cls_bound[k]
                cls_bound[k] = known
        # Solve the classes of 3 or more, smallest first, in what is left of the window.
        by_size = np.argsort(cls_size[:n_cls].astype(np.int64) * n + np.arange(n_cls))
        for kk in range(n_cls):
            if total >= window:
                break
            k = by_size[kk]
            size = cls_size[k]
            if cls_done[k]:
                continue
            if below_base.shape[0] == 0:
                below_base = _block(base, rows, passed)
            x = cls_code[k]
            start = cls_start[k]
            part = sub[start : start + size].copy()
            part_rows = sub_row[start : start + size].copy()
            total -= cls_bound[k]
            if ctx.hard:
                child_greens, child_mins = _hints_after(ctx, c, x, greens, mins)
                keep = allowed_at(ctx, below, child_greens, child_mins)
                v = solve(ctx, part, below[keep], _block(below_base, part_rows, keep), np.arange(size).astype(np.int32),
                          window - total - size, child_depth, child_greens, child_mins, sub_best)
            else:
                v = solve(ctx, part, below, below_base, part_rows, window - total - size, child_depth, greens, mins, sub_best)
            total += max(size + v, cls_bound[k])  # a search cut early may return less than the memo knew
        if total < window:
            best_c = c
        if total < best:
            best = total
        if best <= lowest:
            break
    if best < beta:
        best_out[0] = best_c
        if memoised:
            _remember(ctx, key, best, best, best_c)
    elif memoised:
        _remember(ctx, key, best, -1, -1)
    return best


@njit(cache=True, nogil=True)
def _sift_down(heap, i, size):
    """Restore the min-heap property below heap[i] (heap[:size])."""
    x = heap[i]
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] < heap[child]:
            child += 1
        if heap[child] >= x:
            break
        heap[i] = heap[child]
        i = child
    heap[i] = x


@njit(cache=True, nogil=True)
def _heapify(heap, size):
    for i in range(size // 2 - 1, -1, -1):
        _sift_down(heap, i, size)


@njit(cache=True, nogil=True)
def _pop(heap, size):
    """The least key of heap[:size], removed (the heap is then heap[:size - 1])."""
    top = heap[0]
    heap[0] = heap[size - 1]
    _sift_down(heap, 0, size - 1)
    return top


@njit(cache=True, nogil=True)
def _block(codes, rows, cols):
    """codes[rows][:, cols] (C-contiguous)."""
    out = np.empty((rows.shape[0], cols.shape[0]), dtype=codes.dtype)
    for r in range(rows.shape[0]):
        src = codes[rows[r]]
        dst = out[r]
        for u in range(cols.shape[0]):
            dst[u] = src[cols[u]]
    return out


# ---------------------------------------------------------------- the tree


@njit(cache=True, nogil=True)
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
        # What `solve` would answer (not called here: numba's cache cannot load a function calling it).
        g = -1
        n = part.shape[0]
        if n <= 2:
            g = ctx.answer_cand[part[0]]
        else:
            if n >= CACHE_MIN_POOL:
                slot, entry = _find(ctx, _key(ctx, part, part_depth, part_greens, part_mins))
                if slot >= 0 and entry[1] >= 0 and entry[1] < INF:
                    g = entry[2]
            if g < 0:
                _, g = _answer_split(ctx, part, part_depth, count)
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
                child_greens, child_mins = _hints_after(ctx, g, x, part_greens, part_mins)
                stack.append((sub, allowed(ctx, below, child_greens, child_mins), child_depth, child_greens, child_mins,
                              np.int64(node), np.int64(x)))
            else:
                stack.append((sub, below, child_depth, part_greens, part_mins, np.int64(node), np.int64(x)))
    return n_nodes

