"""The scans: every candidate's partition of a pool, told by counts only (no class is built).

A node first learns, for each candidate, how many classes it makes of the
pool, whether one of them is the win, whether any has 3 or more answers,
and (for the search order and the twins) the sum of its squared class
sizes and a hash of its column. Two ways, the same answers:

- `scan_pairs` for pools up to `Context.pair_scan_max`: every pair of
  answers compared for a chunk of candidates at once (O(n^2) byte compares
  that the compiler turns into vector instructions); `order_pairs` adds
  the squares and hashes only where the search goes on past the scan;
- `scan_counts` for larger pools: a histogram per candidate, which also
  gives the classes' sizes beyond `max_patterns` that the bound charges.

The block `base[rows[j], t]` is the pool x candidates part of the
answer-major table: row j is pool[j]'s feedback for candidate t.

Weighted, the rows come heaviest first (`by_weight`), so that the first
answer of each class is its heaviest: the scans then also sum the classes'
heaviest weights (`maxima`, for the bound), and the order's "squares" become
the sum of w x (2r + 1) over the answers, r the answers of its class before
it (all ones: the sum of squared class sizes).
"""

from __future__ import annotations

import numpy as np

from wordle_cli.compiled import compiled


@compiled
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


@compiled
def block(codes, rows, cols):
    """codes[rows][:, cols] (C-contiguous)."""
    out = np.empty((rows.shape[0], cols.shape[0]), dtype=codes.dtype)
    for r in range(rows.shape[0]):
        src = codes[rows[r]]
        dst = out[r]
        for u in range(cols.shape[0]):
            dst[u] = src[cols[u]]
    return out


@compiled
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


@compiled(boundscheck=False)
def scan_pairs(base, rows, row_w, win, chunk, classes, flags, maxima, least, left):
    """Every candidate's classes (column t of `base[rows]`) and flags: bit 0, some class has 3 or more
    answers; bit 1, the candidate is one of the answers (a win code). For pools of at most 256 answers
    (the counters are bytes: `Thresholds.check`). Weighted (`row_w`, the rows' weights, heaviest first:
    `by_weight`), also each candidate's classes' heaviest weights summed into `maxima`; uniform, both are
    None and numba compiles their branches away.

    `least` > 0 (uniform only) lets the scan stop early, for a search that needs no more: a chunk of
    candidates is left part way once each of them has `least` answers sharing a feedback with an earlier
    one (`_pairs_chunk`; left[c] is then set for chunk c, its classes are an upper bound and its flags
    promise nothing: 3), and the scan ends after the first chunk holding a word that is no answer and
    splits the pool into singletons. `least` < 0 scans again, in full, only the chunks `left` marks.

    Returns (chunks left part way; whether it ended at a singleton split, the chunks after it not written;
    the fewest shared answers of a candidate in the chunks left; the fewest shared answers less its win in
    the chunks scanned in full, so that 2n plus it is their least bound; answer pairs x candidates compared,
    the work done)."""
    n, m = rows.shape[0], base.shape[1]
    dup = np.empty(chunk, dtype=np.uint8)
    flag = np.empty(chunk, dtype=np.uint8)
    cnt = np.empty(chunk, dtype=np.uint8)
    top = np.empty(chunk if row_w is not None else 0, dtype=np.int64)
    n_left = 0
    fewest_left = n
    fewest_done = n
    work = 0
    for t0 in range(0, m, chunk):
        c = t0 // chunk
        if least < 0 and not left[c]:
            continue
        w = min(chunk, m - t0)
        seen = _pairs_chunk(base, rows, row_w, win, t0, w, dup, flag, cnt, top, max(least, 0))
        work += seen * (seen - 1) // 2 * w
        left[c] = seen < n
        out_classes = classes[t0 : t0 + w]
        out_flags = flags[t0 : t0 + w]
        if left[c]:
            n_left += 1
            for t in range(w):
                fewest_left = min(fewest_left, np.int64(dup[t]))
                out_classes[t] = n - dup[t]
                out_flags[t] = 3
            continue
        split = False
        for t in range(w):
            out_classes[t] = n - dup[t]
            out_flags[t] = flag[t]
            split |= (dup[t] == 0) & (flag[t] == 0)
            fewest_done = min(fewest_done, np.int64(dup[t]) - ((flag[t] >> 1) & 1))
        if maxima is not None:
            out_maxima = maxima[t0 : t0 + w]
            for t in range(w):
                out_maxima[t] = top[t]
        if least > 0 and split:
            return n_left, True, fewest_left, fewest_done, work
    return n_left, False, fewest_left, fewest_done, work


@compiled(boundscheck=False)
def _pairs_chunk(base, rows, row_w, win, t0, w, dup, flag, cnt, top, least):
    """`scan_pairs` on candidates t0..t0 + w: dup[t], the answers sharing a feedback with an earlier one;
    flag[t], the flags; top[t], weighted, the classes' heaviest weights summed. Returns the rows seen: fewer
    than all when it stopped part way, `least` > 0 and every candidate already had `least` such answers (dup
    counts only the rows seen)."""
    n = rows.shape[0]
    r0 = base[rows[0], t0 : t0 + w]
    for t in range(w):
        dup[t] = 0
        flag[t] = (r0[t] == win) << 1
    if row_w is not None:
        for t in range(w):
            top[t] = row_w[0]
    for j in range(1, n):
        bj = base[rows[j], t0 : t0 + w]
        for t in range(w):
            cnt[t] = 0
        for i in range(j):
            bi = base[rows[i], t0 : t0 + w]
            for t in range(w):
                cnt[t] += bi[t] == bj[t]
        if row_w is not None:
            wj = row_w[j]
            for t in range(w):
                x = cnt[t]
                dup[t] += x > 0
                flag[t] |= (x > 1) | ((bj[t] == win) << 1)
                top[t] += wj * (x == 0)
        else:
            for t in range(w):
                x = cnt[t]
                dup[t] += x > 0
                flag[t] |= (x > 1) | ((bj[t] == win) << 1)
        if least > 0 and j >= least and j < n - 1:
            fewest = dup[0]
            for t in range(1, w):
                fewest = min(fewest, dup[t])
            if fewest >= least:
                return j + 1
    return n


@compiled(boundscheck=False)
def order_pairs(base, rows, row_w, chunk, squares, hashes):
    """Every candidate's sum of squared class sizes (the search order) and a hash of its column, as
    `scan_pairs` compares (the pair count fits 16 bits: n(n - 1)/2 <= 32640 for n <= 256). Weighted
    (`row_w`: rows heaviest first), the weighted "squares" (see the module); uniform, `row_w` is None."""
    n, m = rows.shape[0], base.shape[1]
    pairs = np.empty(chunk, dtype=np.uint16)
    if row_w is not None:
        sq = np.empty(chunk, dtype=np.int64)
    h = np.empty(chunk, dtype=np.uint32)
    cnt = np.empty(chunk, dtype=np.uint8)
    for t0 in range(0, m, chunk):
        w = min(chunk, m - t0)
        r0 = base[rows[0], t0 : t0 + w]
        for t in range(w):
            pairs[t] = 0
            h[t] = r0[t]
        if row_w is not None:
            for t in range(w):
                sq[t] = row_w[0]
        for j in range(1, n):
            bj = base[rows[j], t0 : t0 + w]
            for t in range(w):
                cnt[t] = 0
            for i in range(j):
                bi = base[rows[i], t0 : t0 + w]
                for t in range(w):
                    cnt[t] += bi[t] == bj[t]
            if row_w is not None:
                wj = row_w[j]
                for t in range(w):
                    sq[t] += wj * (2 * np.int64(cnt[t]) + 1)
                    h[t] = h[t] * np.uint32(0x01000193) + bj[t]
            else:
                for t in range(w):
                    pairs[t] += cnt[t]
                    h[t] = h[t] * np.uint32(0x01000193) + bj[t]
        out_squares = squares[t0 : t0 + w]
        out_hashes = hashes[t0 : t0 + w]
        if row_w is not None:
            for t in range(w):
                out_squares[t] = sq[t]
                out_hashes[t] = h[t]
        else:
            for t in range(w):
                out_squares[t] = n + 2 * np.int64(pairs[t])
                out_hashes[t] = h[t]


@compiled(boundscheck=False)
def scan_counts(base, rows, row_w, win, max_patterns, classes, flags, excess, squares, hashes, maxima):
    """All that `scan_pairs` and `order_pairs` give, by a histogram per candidate (big pools); also each
    candidate's classes' sizes beyond `max_patterns` (summed), which the class bound charges. Weighted
    (`row_w`, `maxima`), the weighted squares and the classes' heaviest weights; uniform, both None."""
    n, m = rows.shape[0], base.shape[1]
    count = np.zeros(win + 1, dtype=np.int32)
    seen = np.empty(n, dtype=np.int64)
    for t in range(m):
        k = 0
        sq = 0
        top = 0
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
            if row_w is not None:
                top += row_w[j] * (v == 0)
                sq += row_w[j] * (2 * v + 1)
            else:
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
        if maxima is not None:
            maxima[t] = top


@compiled
def same_column(base, rows, t, u):
    """Do candidates t and u (columns of `base`) give every answer of the pool (`rows`) the same feedback?"""
    for j in range(rows.shape[0]):
        r = rows[j]
        if base[r, t] != base[r, u]:
            return False
    return True


@compiled
def by_weight(ctx, pool, rows):
    """(rows, their weights): the pool's rows heaviest first, ties in pool order."""
    w = ctx.weights[pool]
    order = np.argsort(-w, kind="mergesort")
    return rows[order], w[order]
