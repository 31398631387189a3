"""How a guess spreads a pool over the rows a lying host may show (numpy and numba).

In Wordle a guess partitions the pool: each answer gives one feedback. With
lies (`wordle_cli.model.lies`) an answer whose true feedback is t may be
shown as any of shown(t), so the classes overlap: the answers consistent
with a shown row s are B(s) = {a : t(a) in shown(s)}, and one answer is in
every B(s) with s in shown(t(a)). What a guess does to a pool is therefore
a *distribution over shown rows*: with the answers equally likely and the
host picking its lie uniformly, row s is shown with probability

    P(s) = sum over answers a with s in shown(t(a)) of 1 / (n * k(t(a)))
         = Q(s) / (n * M),   Q(s) = sum over t in shown(s) of h[t] * M / k(t)

(h: the histogram of the true feedbacks over the pool, k(t) = |shown(t)|,
M the least common multiple of the k, so Q is a whole number), and leaves
|B(s)| = sum over t in shown(s) of h[t] answers. From it, for every guess:

- `total` = sum over s of Q(s) * |B(s)|: the expected number of answers left
  is total / (n * M), exactly;
- `worst` = the largest |B(s)| over the rows that can be shown (a host
  choosing the lie, and the answer, against the player);
- `key` = n * (log2 n - I), with I = H(shown) - H(shown | answer) the
  information the row gives about the answer (the mutual information;
  `stats.entropy_bits(key, n)` is I). With no lies this is the sum of
  c log2 c over the classes, the solver's entropy key;
- `rows` = how many rows can be shown.

The kernels read a table of true feedback codes (a backend's
`feedback_table`, candidate-major, or `SplitTable.codes`, answer-major) and
touch only the rows reachable from the codes that occur, so a guess costs
the pool plus (distinct codes) x C(L, N) 2^N.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numba import get_num_threads

from wordle_cli import config
from wordle_cli.compiled import compiled, side_by_side
from wordle_cli.hashing import hash_array
from wordle_cli.model.lies import Lies


@dataclass(frozen=True)
class LieTables:
    """The rule as arrays: `shown[t]` (codes, padded with the pad code 3^L), `weight[t]` = M / k(t), log2 k(t)."""

    lies: Lies
    shown: np.ndarray  # int64[3^L, C(L,N) 2^N]
    weight: np.ndarray  # int64[3^L + 1] (the pad code's weight is 0)
    log_count: np.ndarray  # float64[3^L + 1]

    @property
    def pad(self) -> int:
        return self.shown.shape[0]

    @property
    def scale(self) -> int:
        return self.lies.scale


@lru_cache(maxsize=16)
def tables(lies: Lies) -> LieTables:
    """The arrays of `lies` (made once per rule)."""
    n_codes = 3**lies.length
    shown = np.full((n_codes, lies.most), n_codes, dtype=np.int64)
    weight = np.zeros(n_codes + 1, dtype=np.int64)
    log_count = np.zeros(n_codes + 1, dtype=np.float64)
    for code in range(n_codes):
        rows = lies.shown(code)
        shown[code, : len(rows)] = rows
        weight[code] = lies.scale // len(rows)
        log_count[code] = math.log2(len(rows))
    return LieTables(lies, shown, weight, log_count)


def consistent_mask(lies: Lies, codes: np.ndarray, shown_code: int) -> np.ndarray:
    """Which true feedback codes (of a guess over a pool) are consistent with the shown row: bool per code."""
    return np.isin(codes, np.array(lies.shown(shown_code), dtype=np.int64))


class Spread:
    """Per guess (candidate): total, worst, key and rows, as the module docstring defines them."""

    def __init__(self, n: int) -> None:
        self.total = np.zeros(n, dtype=np.int64)
        self.worst = np.zeros(n, dtype=np.int64)
        self.key = np.zeros(n, dtype=np.float64)
        self.rows = np.zeros(n, dtype=np.int64)


def spread_rows(lies: Lies, table: np.ndarray) -> Spread:
    """The spread of each guess whose true codes over the pool are a row of `table` (guesses x pool)."""
    t = tables(lies)
    out = Spread(table.shape[0])
    if table.shape[0] == 0 or table.shape[1] == 0:
        return out
    table = np.ascontiguousarray(table)
    args = (table, t.shown, t.weight, t.log_count, float(t.scale), True, out.total, out.worst, out.key, out.rows)
    step = 1 if table.size < config.CPU_PARALLEL_MIN_PAIRS else max(1, min(table.shape[0], get_num_threads()))
    side_by_side([lambda first=first: _rows(*args, first, step) for first in range(step)], step)
    return out


def spread_cols(lies: Lies, codes: np.ndarray, cols: np.ndarray, pool: np.ndarray, keyed: bool = True) -> Spread:
    """The spread of each candidate in `cols` over `pool`, read from an answer-major table (`SplitTable.codes`).

    Without `keyed` the key is left 0 (it costs a logarithm per row).
    """
    t = tables(lies)
    cols = np.ascontiguousarray(cols, dtype=np.int64)
    pool = np.ascontiguousarray(pool, dtype=np.int64)
    out = Spread(len(cols))
    if len(cols) == 0 or len(pool) == 0:
        return out
    args = (codes, cols, pool, t.shown, t.weight, t.log_count, float(t.scale), keyed, out.total, out.worst, out.key, out.rows)
    n_blocks = -(-len(cols) // BLOCK)
    step = 1 if len(cols) * len(pool) < config.CPU_PARALLEL_MIN_PAIRS else max(1, min(n_blocks, get_num_threads()))
    side_by_side([lambda first=first: _cols(*args, first, step) for first in range(step)], step)
    return out


# ---------------------------------------------------------------- kernels


@compiled
def _spread_one(row, n, shown, weight, log_count, scale, keyed, scratch, found, occupied):
    """(total, worst, key, rows) of one guess whose true codes over the pool are row[:n].

    `scratch` (3 x (3^L + 1): the histogram of true codes, then per shown
    row its answers left and its Q) is all zero on entry and left so;
    `found` and `occupied` are scratch for the reachable rows and the codes met.
    """
    hist, left, q = scratch[0], scratch[1], scratch[2]
    pad = shown.shape[0]
    width = shown.shape[1]
    d = 0
    for j in range(n):
        t = row[j]
        if hist[t] == 0:
            occupied[d] = t
            d += 1
        hist[t] += 1
    m = 0
    for i in range(d):  # each true code adds its answers to every row it may be shown as
        t = occupied[i]
        h = hist[t]
        hw = h * weight[t]
        for k in range(width):
            s = shown[t, k]
            if s == pad:
                break
            if left[s] == 0:
                found[m] = s
                m += 1
            left[s] += h
            q[s] += hw
    total = 0
    worst = 0
    qlogq = 0.0
    for i in range(m):
        s = found[i]
        a = left[s]
        b = q[s]
        total += a * b
        if a > worst:
            worst = a
        if keyed:
            qlogq += b * math.log2(b)
        left[s] = 0
        q[s] = 0
    conditional = 0.0
    for i in range(d):
        t = occupied[i]
        conditional += hist[t] * log_count[t]
        hist[t] = 0
    key = qlogq / scale + conditional - n * math.log2(scale) if keyed else 0.0
    return total, worst, key, m


@compiled
def _scratch(n_codes):
    return np.zeros((3, n_codes + 1), dtype=np.int64), np.empty(n_codes, dtype=np.int64), np.empty(n_codes, dtype=np.int64)


@compiled
def _rows(table, shown, weight, log_count, scale, keyed, total, worst, key, rows, first, step):
    """Guesses first, first + step, ... (one thread's share: `compiled.side_by_side`)."""
    scratch, found, occupied = _scratch(shown.shape[0])
    n = table.shape[1]
    for g in range(first, table.shape[0], step):
        total[g], worst[g], key[g], rows[g] = _spread_one(table[g], n, shown, weight, log_count, scale, keyed, scratch, found, occupied)


#: Candidates gathered at once from an answer-major table (each pool row read once per block).
BLOCK = 32


@compiled
def _cols_block(codes, cols, pool, c0, shown, weight, log_count, scale, keyed, buf, scratch, found, occupied, total, worst, key, rows):
    w = min(buf.shape[0], cols.shape[0] - c0)
    n = pool.shape[0]
    for j in range(n):
        line = codes[pool[j]]
        for k in range(w):
            buf[k, j] = line[cols[c0 + k]]
    for k in range(w):
        total[c0 + k], worst[c0 + k], key[c0 + k], rows[c0 + k] = _spread_one(
            buf[k], n, shown, weight, log_count, scale, keyed, scratch, found, occupied
        )


@compiled
def _cols(codes, cols, pool, shown, weight, log_count, scale, keyed, total, worst, key, rows, first, step):
    """Blocks first, first + step, ... of BLOCK candidates (one thread's share: `compiled.side_by_side`)."""
    scratch, found, occupied = _scratch(shown.shape[0])
    buf = np.empty((BLOCK, pool.shape[0]), dtype=np.int64)
    for c0 in range(first * BLOCK, cols.shape[0], step * BLOCK):
        _cols_block(codes, cols, pool, c0, shown, weight, log_count, scale, keyed, buf, scratch, found, occupied, total, worst, key, rows)


def perfect_cols(lies: Lies, codes: np.ndarray, cols: np.ndarray, pool: np.ndarray) -> np.ndarray:
    """Which candidates of `cols` leave at most one answer of `pool` under every row the host may show (bool each).

    The same as `spread_cols(...).worst <= 1`: no two answers (other than the
    guess itself, whose only row is the win) may share a row, i.e. their true
    feedbacks must have disjoint shown sets (`overlaps`). A candidate is
    dropped at the first two answers that share one, so most read a few words.
    """
    cols = np.ascontiguousarray(cols, dtype=np.int64)
    pool = np.ascontiguousarray(pool, dtype=np.int64)
    out = np.zeros(len(cols), dtype=np.bool_)
    if len(cols) and len(pool):
        _perfect(codes, cols, pool, overlaps(lies), lies.win, out)
    return out


@lru_cache(maxsize=16)
def overlaps(lies: Lies) -> np.ndarray:
    """overlaps[t, u]: whether true feedbacks t and u (neither the win) share a row the host may show them as."""
    shown = tables(lies).shown
    n_codes = shown.shape[0]
    padded = np.vstack([shown, np.full((1, shown.shape[1]), n_codes, dtype=shown.dtype)])  # the pad code's rows: none
    out = np.zeros((n_codes, n_codes + 1), dtype=np.bool_)
    out[np.arange(n_codes)[:, None, None], padded[shown]] = True  # t -> each row s it may show -> each u shown as s
    return np.ascontiguousarray(out[:, :n_codes])


@compiled
def _perfect(codes, cols, pool, overlap, win, out):
    n = pool.shape[0]
    seen = np.empty(n, dtype=np.int64)
    for k in range(cols.shape[0]):
        c = cols[k]
        m = 0
        ok = True
        for j in range(n):
            t = codes[pool[j], c]
            if t == win:  # the guess itself: its only row is the win
                continue
            for i in range(m):
                if overlap[t, seen[i]]:
                    ok = False
                    break
            if not ok:
                break
            seen[m] = t
            m += 1
        out[k] = ok


def row_pools(lies: Lies, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """The distinct pools the rows of a guess leave to play, for a pool whose true feedbacks are `codes`.

    Returns (row, starts, positions, rows): distinct pool k is
    positions[starts[k]:starts[k + 1]] (ascending positions in the pool),
    left by row[k] (the smallest of the rows leaving it); largest first,
    then the smallest row. The win row (the guess is the answer) leaves
    nothing to play and is not listed; `rows` counts every row the host may
    show, the win included.
    """
    t = tables(lies)
    return _row_pools(np.ascontiguousarray(codes, dtype=np.int64), t.shown, lies.win)


@compiled
def _row_pools(codes, shown, win):
    n = codes.shape[0]
    pad = shown.shape[0]
    width = shown.shape[1]
    counts = np.zeros(pad, dtype=np.int64)
    has_win = False
    for j in range(n):
        t = codes[j]
        if t == win:
            has_win = True
            continue
        for i in range(width):
            s = shown[t, i]
            if s == pad:
                break
            counts[s] += 1
    reach = np.flatnonzero(counts)
    r = reach.shape[0]
    offset = np.zeros(pad, dtype=np.int64)
    total = 0
    for k in range(r):
        offset[reach[k]] = total
        total += counts[reach[k]]
    members = np.empty(total, dtype=np.int64)
    fill = offset.copy()
    for j in range(n):
        t = codes[j]
        if t == win:
            continue
        for i in range(width):
            s = shown[t, i]
            if s == pad:
                break
            members[fill[s]] = j
            fill[s] += 1
    # largest first, then the smallest row; equal pools once
    key = np.empty(r, dtype=np.int64)
    hashes = np.empty(r, dtype=np.int64)
    for k in range(r):
        s = reach[k]
        key[k] = -counts[s] * pad + s
        hashes[k] = hash_array(members[offset[s] : offset[s] + counts[s]])
    order = np.argsort(key, kind="mergesort")
    out_rows = np.empty(r, dtype=np.int64)
    out_starts = np.zeros(r + 1, dtype=np.int64)
    out_members = np.empty(total, dtype=np.int64)
    kept = 0
    used = 0
    for idx in range(r):
        k = order[idx]
        s = reach[k]
        size = counts[s]
        duplicate = False
        for q in range(kept - 1, -1, -1):  # pools of the same size are the last ones kept
            if out_starts[q + 1] - out_starts[q] != size:
                break
            if hashes[k] != hashes[np.searchsorted(reach, out_rows[q])]:
                continue
            same = True
            base = out_starts[q]
            for m in range(size):
                if out_members[base + m] != members[offset[s] + m]:
                    same = False
                    break
            if same:
                duplicate = True
                break
        if duplicate:
            continue
        out_rows[kept] = s
        for m in range(size):
            out_members[used + m] = members[offset[s] + m]
        used += size
        kept += 1
        out_starts[kept] = used
    return out_rows[:kept], out_starts[: kept + 1], out_members[:used], r + (1 if has_win else 0)

