"""How candidate guesses split pools, read from the feedback table (numba).

Multi-board play and Absurdle ask the same question thousands of times:
how does every candidate split this small pool (a few words to a few
hundred)? `backend.score` answers it in about a microsecond per candidate
whatever the pool, since it scans a full histogram of 3^L codes per guess.
Here the backend's `feedback_table` (built once) is read instead, and only
the codes that occur are touched: the cost is candidates x pool.

The table is kept answer-major, `codes[a, c]`: a pool's rows are a few
contiguous runs of bytes, read in order. (Candidate-major, a tiny pool costs
one cache miss per candidate and word: 30 MB of Wordle table does not fit in
any cache.) Kernels take blocks of `config.SPLIT_BLOCK_CANDIDATES`
candidates, each block with its own histograms, run in parallel over blocks
(each writes only its own candidates' outputs); a small job runs on one
thread, as the CPU backend's `score` does (`threads_for`).

`cols` are candidate indices (table columns); a pool is an array of answer
indices (table rows), ascending.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import get_num_threads, njit, prange

from wordle_cli import config
from wordle_cli.backends.cpu import threads_for
from wordle_cli.encoding import clog2c_table

#: Parts per thread that the blocks are dealt to (an even load when blocks cost unevenly).
PARTS_PER_THREAD = 4

#: Bytes of histogram one block may use (width x 3^L counts): the width shrinks for long words.
HISTOGRAM_BYTES = 1 << 18


class BoardSums(NamedTuple):
    """Per (board, candidate): sum of squared class sizes, and sum of c*log2(c) over the classes."""

    sum_n: np.ndarray  # int64[B, R]
    sum_clog2c: np.ndarray  # float64[B, R]


class HostSplit(NamedTuple):
    """Per candidate: the largest class, the number of classes, and the code of the class the host keeps."""

    max_n: np.ndarray  # int64[R]
    classes: np.ndarray  # int64[R]
    kept_code: np.ndarray  # int64[R]


class SplitTable:
    """A game's feedback table, answer-major: codes[a, c] is candidate c's feedback for answer a.

    The candidate-major original is kept too (`column` reads a candidate's
    codes from it: a strided column of `codes` would be a cache miss a word).
    """

    def __init__(self, table: np.ndarray, length: int):
        """`table`: a backend's `feedback_table` (candidates x answers)."""
        self.by_candidate = table
        self.codes = np.ascontiguousarray(table.T)
        self.n_codes = 3**length
        self.win_code = self.n_codes - 1
        self.width = int(max(1, min(config.SPLIT_BLOCK_CANDIDATES, HISTOGRAM_BYTES // (4 * self.n_codes))))

    @property
    def n_candidates(self) -> int:
        return self.codes.shape[1]

    def column(self, cand: int) -> np.ndarray:
        """Candidate `cand`'s code for every answer."""
        return self.by_candidate[cand]

    def board_sums(self, cols, pools: list[np.ndarray]) -> BoardSums:
        """How each candidate splits each pool (the statistics of `wordle_cli.stats`, per board)."""
        cols = _indices(cols)
        sizes = [len(p) for p in pools]
        starts = np.zeros(len(pools) + 1, dtype=np.int64)
        starts[1:] = np.cumsum(sizes)
        flat = np.concatenate(pools).astype(np.int64) if pools else np.zeros(0, np.int64)
        out = BoardSums(np.zeros((len(pools), len(cols)), np.int64), np.zeros((len(pools), len(cols)), np.float64))
        if len(cols) and len(flat):
            clog = clog2c_table(max(sizes))
            with threads_for(len(cols) * len(flat)):
                parts = _parts(len(cols), self.width)
                _board_sums(self.codes, cols, flat, starts, clog, self.n_codes, self.width, parts, out.sum_n, out.sum_clog2c)
        return out

    def host_split(self, cols, pool: np.ndarray, rank: np.ndarray) -> HostSplit:
        """How each candidate splits `pool`, and which class a host keeping the largest keeps.

        Among the largest classes the host keeps the one whose code has the
        lowest `rank` (see `wordle_cli.games.absurdle.host_rank`).
        """
        cols = _indices(cols)
        n = len(cols)
        out = HostSplit(np.zeros(n, np.int64), np.zeros(n, np.int64), np.full(n, -1, np.int64))
        if n and len(pool):
            with threads_for(n * len(pool)):
                _host_split(self.codes, cols, _indices(pool), rank, self.width, _parts(n, self.width), out.max_n, out.classes, out.kept_code)
        return out

    def perfect(self, cols, pool: np.ndarray, rank: np.ndarray, keep: int = -1) -> np.ndarray:
        """Which candidates split `pool` into single words (bool per candidate).

        With keep >= 0 (a position in `pool`), also that the host keeps the
        word there: its code has the lowest rank of the pool's codes. A block
        of candidates stops reading the pool once every one of them has shown
        a repeated code, so most blocks read a few words.
        """
        cols = _indices(cols)
        out = np.zeros(len(cols), dtype=np.bool_)
        if len(cols) and len(pool):
            with threads_for(len(cols) * min(len(pool), 16)):
                _perfect(self.codes, cols, _indices(pool), rank, keep, self.width, _parts(len(cols), self.width), out)
        return out


def _indices(values) -> np.ndarray:
    return np.ascontiguousarray(values, dtype=np.int64)


def _parts(n_cols: int, width: int) -> int:
    """Parts the blocks of `width` candidates are dealt to (part p takes blocks p, p + parts, ...; one histogram each)."""
    return max(1, min(-(-n_cols // width), PARTS_PER_THREAD * get_num_threads()))


@njit(parallel=True, cache=True, nogil=True)
def _board_sums(codes, cols, pools, starts, clog, n_codes, width, n_parts, sum_n, sum_clog2c):
    n_cols = cols.shape[0]
    n_boards = starts.shape[0] - 1
    n_blocks = (n_cols + width - 1) // width
    for part in prange(n_parts):
        hist = np.zeros((width, n_codes), dtype=np.int32)  # all zero again after each board
        for blk in range(part, n_blocks, n_parts):
            c0 = blk * width
            w = min(width, n_cols - c0)
            block = cols[c0 : c0 + w]
            for b in range(n_boards):
                for j in range(starts[b], starts[b + 1]):
                    row = codes[pools[j]]
                    for k in range(w):
                        hist[k, row[block[k]]] += 1
                for j in range(starts[b], starts[b + 1]):  # each class once: its count is zeroed when met
                    row = codes[pools[j]]
                    for k in range(w):
                        c = row[block[k]]
                        h = hist[k, c]
                        if h != 0:
                            sum_n[b, c0 + k] += h * h
                            sum_clog2c[b, c0 + k] += clog[h]
                            hist[k, c] = 0


@njit(parallel=True, cache=True, nogil=True)
def _host_split(codes, cols, pool, rank, width, n_parts, max_n, classes, kept_code):
    n_cols = cols.shape[0]
    n = pool.shape[0]
    n_blocks = (n_cols + width - 1) // width
    worst = rank.shape[0]
    for part in prange(n_parts):
        hist = np.zeros((width, rank.shape[0]), dtype=np.int32)
        best_rank = np.empty(width, dtype=np.int64)
        for blk in range(part, n_blocks, n_parts):
            c0 = blk * width
            w = min(width, n_cols - c0)
            block = cols[c0 : c0 + w]
            best_rank[:] = worst
            for j in range(n):
                row = codes[pool[j]]
                for k in range(w):
                    c = row[block[k]]
                    h = hist[k, c] + 1
                    hist[k, c] = h
                    if h > max_n[c0 + k]:
                        max_n[c0 + k] = h
            for j in range(n):
                row = codes[pool[j]]
                for k in range(w):
                    c = row[block[k]]
                    h = hist[k, c]
                    if h != 0:
                        classes[c0 + k] += 1
                        if h == max_n[c0 + k] and rank[c] < best_rank[k]:
                            best_rank[k] = rank[c]
                            kept_code[c0 + k] = c
                        hist[k, c] = 0


@njit(parallel=True, cache=True, nogil=True)
def _perfect(codes, cols, pool, rank, keep, width, n_parts, out):
    n_cols = cols.shape[0]
    n = pool.shape[0]
    n_blocks = (n_cols + width - 1) // width
    for part in prange(n_parts):
        seen = np.zeros((width, rank.shape[0]), dtype=np.bool_)  # cleared after each block
        alive = np.empty(width, dtype=np.bool_)
        for blk in range(part, n_blocks, n_parts):
            c0 = blk * width
            w = min(width, n_cols - c0)
            block = cols[c0 : c0 + w]
            alive[:] = True
            read = 0
            for j in range(n):
                row = codes[pool[j]]
                any_alive = False
                for k in range(w):
                    if alive[k]:
                        c = row[block[k]]
                        if seen[k, c]:
                            alive[k] = False
                        else:
                            seen[k, c] = True
                            any_alive = True
                read = j + 1
                if not any_alive:
                    break
            for j in range(read):
                row = codes[pool[j]]
                for k in range(w):
                    seen[k, row[block[k]]] = False
            if keep >= 0:
                kept_row = codes[pool[keep]]
                for k in range(w):
                    if alive[k]:
                        kept = rank[kept_row[block[k]]]
                        for j in range(n):
                            if rank[codes[pool[j], block[k]]] < kept:
                                alive[k] = False
                                break
            for k in range(w):
                out[c0 + k] = alive[k]
