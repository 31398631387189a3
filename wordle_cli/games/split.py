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
any cache.) Two ways to count:

- histograms: candidates in blocks of `config.SPLIT_BLOCK_CANDIDATES`, each
  with its own histograms; one pass counts the pool's codes, a second reads
  each class once and clears it. Any statistic, any subset of candidates.
- pairs, for the sum of squared class sizes over every candidate: it is
  n + 2 x (pairs of pool words with equal codes), and comparing two rows is
  a vector loop over all candidates at once. For pools of a few dozen words
  that is several times faster than histograms (`PAIRS_MAX_POOL`).

A small job runs as one part on the caller's thread: threads cost more to
start than a small pool takes to split. Larger ones deal blocks of
candidates to parts run side by side (one histogram each, each writing only
its own candidates' outputs). The histograms live in a scratch array kept all zero
between calls, so one `SplitTable` serves one thread at a time.

`cols` are candidate indices (table columns); a pool is an array of answer
indices (table rows), ascending.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import get_num_threads

from wordle_cli import backends, config
from wordle_cli.compiled import compiled, side_by_side
from wordle_cli.encoding import clog2c_table

#: Parts per thread that the blocks are dealt to (an even load when blocks cost unevenly).
PARTS_PER_THREAD = 4

#: Bytes of histogram one block may use (width x 3^L counts): the width shrinks for long words.
HISTOGRAM_BYTES = 1 << 18

#: Pools up to this size get their sum of squared class sizes by comparing pairs of rows.
PAIRS_MAX_POOL = 64

#: Candidates per chunk of the pair kernel (its counters stay in L1).
PAIRS_CHUNK = 4096


class BoardSums(NamedTuple):
    """Per (board, candidate): sum of squared class sizes, and sum of c*log2(c) over the classes."""

    sum_n: np.ndarray  # int64[B, R]
    sum_clog2c: np.ndarray  # float64[B, R]


class HostSplit(NamedTuple):
    """Per candidate: the largest class, the number of classes, and the code of the class the host keeps."""

    max_n: np.ndarray  # int64[R]
    classes: np.ndarray  # int64[R]
    kept_code: np.ndarray  # int64[R]


class TableHost:
    """A host over a game's lists and their feedback table (Absurdle's, Fibble's): the pool it starts from, and the
    feedback codes of any word against a pool."""

    def __init__(self, game, backend: str = "cpu"):
        self.game = game
        module = backends.load(backend)
        self.table = SplitTable(module.feedback_table(game.candidate_codes, game.answer_codes), game.length)
        self.win_code = self.table.win_code
        self._backend = module

    def start(self) -> np.ndarray:
        return np.arange(len(self.game.answers), dtype=np.int64)

    def codes(self, word: str, pool: np.ndarray) -> np.ndarray:
        """Feedback codes of `word` (any word of the game's length) for each word of `pool`."""
        index = self.game.candidate_index.get(word)
        if index is not None:
            return self.table.column(index)[pool].astype(np.int64)
        return self._backend.feedback_codes(self.game.encode_word(word), self.game.answer_codes[pool]).astype(np.int64)


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
        self._scratch = np.zeros((PARTS_PER_THREAD * _max_threads(), self.width, self.n_codes), dtype=np.int32)

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
        starts = _starts(sizes)
        flat = np.concatenate(pools).astype(np.int64) if pools else np.zeros(0, np.int64)
        out = BoardSums(np.zeros((len(pools), len(cols)), np.int64), np.zeros((len(pools), len(cols)), np.float64))
        if len(cols) and len(flat):
            clog = clog2c_table(max(sizes))
            self._run_parts(len(cols), len(cols) * len(flat), lambda hist, part, n_parts: _board_sums_part(
                self.codes, cols, flat, starts, clog, hist, part, n_parts, out.sum_n, out.sum_clog2c))
        return out

    def sum_n_all(self, pools: list[np.ndarray]) -> np.ndarray:
        """Sum of squared class sizes of every candidate on each pool, int64[B, C], by pairs (see the module docstring)."""
        sizes = [len(p) for p in pools]
        out = np.zeros((len(pools), self.n_candidates), np.int64)
        if pools:
            flat = np.concatenate(pools).astype(np.int64)
            pairs = sum(n * n for n in sizes) * self.n_candidates // 32  # vector compares: much cheaper than a histogram step
            starts = _starts(sizes)
            n_parts = 1 if pairs < config.CPU_PARALLEL_MIN_PAIRS else min(-(-self.n_candidates // PAIRS_CHUNK), get_num_threads())
            side_by_side([lambda part=part: _pair_sums_part(self.codes, flat, starts, PAIRS_CHUNK, part, n_parts, out)
                          for part in range(n_parts)], n_parts)
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
            pool = _indices(pool)
            self._run_parts(n, n * len(pool), lambda hist, part, n_parts: _host_split_part(
                self.codes, cols, pool, rank, hist, part, n_parts, out.max_n, out.classes, out.kept_code))
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
            pool = _indices(pool)
            self._run_parts(len(cols), len(cols) * min(len(pool), 16), lambda seen, part, n_parts: _perfect_part(
                self.codes, cols, pool, rank, keep, seen, part, n_parts, out))
        return out

    def scratch(self) -> np.ndarray:
        """The histograms' scratch (parts x width x 3^L, all zero between calls), for kernels elsewhere."""
        return self._scratch

    def _run_parts(self, n_cols: int, work: int, part) -> None:
        """`part(histogram, part, n_parts)` for each part of the blocks of candidates: one part for a small job,
        else several per thread, each with a histogram of its own, run side by side on numba's number of threads."""
        if work < config.CPU_PARALLEL_MIN_PAIRS or get_num_threads() == 1:
            part(self._scratch[0], 0, 1)
            return
        n_parts = max(1, min(-(-n_cols // self.width), PARTS_PER_THREAD * get_num_threads(), len(self._scratch)))
        side_by_side([lambda i=i: part(self._scratch[i], i, n_parts) for i in range(n_parts)], get_num_threads())


def _max_threads() -> int:
    """The most threads numba may run (its pool, not the current setting)."""
    from numba import config as numba_config

    return int(numba_config.NUMBA_NUM_THREADS)


def _indices(values) -> np.ndarray:
    return np.ascontiguousarray(values, dtype=np.int64)


def _starts(sizes: list[int]) -> np.ndarray:
    starts = np.zeros(len(sizes) + 1, dtype=np.int64)
    starts[1:] = np.cumsum(sizes)
    return starts


# ---------------------------------------------------------------- kernels: one part's work (`_run_parts` runs the parts)


@compiled
def _board_sums_part(codes, cols, pools, starts, clog, hist, part, n_parts, sum_n, sum_clog2c):
    n_boards = starts.shape[0] - 1
    width = hist.shape[0]
    for c0 in range(part * width, cols.shape[0], n_parts * width):  # blocks part, part + n_parts, ... of the candidates
        block = cols[c0 : c0 + width]
        w = block.shape[0]
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
                    sum_n[b, c0 + k] += h * h  # branch-free: h is 0 after a class's first word
                    sum_clog2c[b, c0 + k] += clog[h]
                    hist[k, c] = 0


@compiled
def _pair_sums_chunk(codes, pools, starts, c0, w, acc, sum_n):
    for b in range(starts.shape[0] - 1):
        acc[:w] = 0
        for i in range(starts[b], starts[b + 1]):
            ri = codes[pools[i], c0 : c0 + w]
            for j in range(starts[b], i):
                rj = codes[pools[j], c0 : c0 + w]
                for k in range(w):  # a vector loop: one byte compare per candidate
                    acc[k] += ri[k] == rj[k]
        n = starts[b + 1] - starts[b]
        for k in range(w):
            sum_n[b, c0 + k] = n + 2 * acc[k]


@compiled
def _pair_sums_part(codes, pools, starts, chunk, part, n_parts, sum_n):
    """Chunks part, part + n_parts, ... of `chunk` candidates."""
    acc = np.empty(chunk, dtype=np.int32)
    n_cols = codes.shape[1]
    for c0 in range(part * chunk, n_cols, n_parts * chunk):
        _pair_sums_chunk(codes, pools, starts, c0, min(chunk, n_cols - c0), acc, sum_n)


@compiled
def _host_split_part(codes, cols, pool, rank, hist, part, n_parts, max_n, classes, kept_code):
    """Blocks part, part + n_parts, ... of the candidates, each by `_host_split_block`."""
    width = hist.shape[0]
    best_rank = np.empty(width, dtype=np.int64)
    for c0 in range(part * width, cols.shape[0], n_parts * width):
        _host_split_block(codes, cols[c0 : c0 + width], pool, rank, hist, best_rank, max_n[c0:], classes[c0:], kept_code[c0:])


@compiled
def _host_split_block(codes, block, pool, rank, hist, best_rank, max_n, classes, kept_code):
    """One block's largest class (`max_n`), classes, and the code the host keeps (the largest class's, by `rank`)."""
    best_rank[:] = rank.shape[0]
    for j in range(pool.shape[0]):
        row = codes[pool[j]]
        for k in range(block.shape[0]):
            c = row[block[k]]
            h = hist[k, c] + 1
            hist[k, c] = h
            if h > max_n[k]:
                max_n[k] = h
    for j in range(pool.shape[0]):
        row = codes[pool[j]]
        for k in range(block.shape[0]):
            c = row[block[k]]
            h = hist[k, c]
            if h != 0:
                classes[k] += 1
                if h == max_n[k] and rank[c] < best_rank[k]:
                    best_rank[k] = rank[c]
                    kept_code[k] = c
                hist[k, c] = 0


@compiled
def _perfect_part(codes, cols, pool, rank, keep, seen, part, n_parts, out):
    """Blocks part, part + n_parts, ... of the candidates, each by `_perfect_block`."""
    width = seen.shape[0]
    for c0 in range(part * width, cols.shape[0], n_parts * width):
        _perfect_block(codes, cols[c0 : c0 + width], pool, rank, keep, seen, out[c0:])


@compiled
def _perfect_block(codes, block, pool, rank, keep, seen, alive):
    """Which candidates of one block split the pool into single words (and, with `keep` >= 0, keep that word)."""
    w = block.shape[0]
    alive[:w] = True
    read = 0
    for j in range(pool.shape[0]):
        row = codes[pool[j]]
        any_alive = False
        for k in range(w):
            if alive[k]:
                c = row[block[k]]
                if seen[k, c] != 0:
                    alive[k] = False
                else:
                    seen[k, c] = 1
                    any_alive = True
        read = j + 1
        if not any_alive:
            break
    for j in range(read):  # leave the scratch all zero
        row = codes[pool[j]]
        for k in range(w):
            seen[k, row[block[k]]] = 0
    if keep >= 0:
        kept_row = codes[pool[keep]]
        for k in range(w):
            if alive[k]:
                kept = rank[kept_row[block[k]]]
                for j in range(pool.shape[0]):
                    if rank[codes[pool[j], block[k]]] < kept:
                        alive[k] = False
                        break
