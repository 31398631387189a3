"""CPU backend: numba kernels, parallel over guesses.

The strict kernel computes feedback codes column-wise: for one guess and a
chunk of answers it runs a handful of simple loops over byte arrays (one per
position or distinct letter of the guess), which LLVM vectorises; a scalar
pass then histograms the codes. Only per-guess histograms exist, never a
guesses x answers matrix.

The loose kernel avoids the original's brute force (every answer against every
(guess, answer) pair): a word's fate under any feedback depends only on
M(w), the positions where it matches the guess, and k(w), how many copies of
each of the guess's letters it holds. Words are grouped by (M, k) once per
guess, and each distinct feedback is checked against the groups.

Parallel work runs on Python threads, each calling a compiled (nogil) kernel
on its share (guesses first, first + step, ...: `_in_threads`), rather than
in numba's `prange` loops (`compiled.side_by_side` says why).

Compiled functions are cached on disk (numba `cache=True`) next to this file,
or in numba's user cache dir when that is not writable, or else in a private
temporary folder (`backends.choose_numba_cache`), so only the first run pays
for compilation.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from numba import get_num_threads, set_num_threads

from wordle_cli import compiled as _compiled  # noqa: F401 - its listener says when numba compiles for the first time
from wordle_cli import config
from wordle_cli.codes import encode
from wordle_cli.compiled import compiled, side_by_side
from wordle_cli.encoding import clog2c_table, powers_of_three, table_dtype
from wordle_cli.hashing import slot
from wordle_cli.stats import ScoreSums

EXACT, CONTAINED, ABSENT = 2, 1, 0
UNBOUNDED = 127  # an upper bound no letter count reaches (L <= 8)


# ---------------------------------------------------------------- shared pieces


@compiled
def _letter_plan(guess, pos_letter, letters):
    """Number the guess's distinct letters in first-occurrence order.

    Fills letters[c] (symbol of distinct letter c) and pos_letter[i] (which
    distinct letter stands at position i); returns how many there are.
    """
    d = 0
    for i in range(guess.shape[0]):
        found = -1
        for c in range(d):
            if letters[c] == guess[i]:
                found = c
                break
        if found < 0:
            letters[d] = guess[i]
            found = d
            d += 1
        pos_letter[i] = found
    return d


@compiled
def _feedback_chunk(guess, pos_letter, letters, d, cols, counts, start, n, pow3, green, avail, code):
    """Feedback codes of `guess` against answers start..start+n, into code[:n].

    Wordle's rule, one vectorisable loop at a time: green[i] marks exact
    positions; for each distinct letter c, avail counts the answer's copies of
    c not used by an exact tile, and the guess's non-exact positions holding c
    take them left to right as contained tiles.
    """
    # Rows are sliced first so every index below starts at 0: numba then knows
    # it is non-negative, skips the wraparound check and LLVM vectorises.
    length = guess.shape[0]
    for a in range(n):
        code[a] = 0
    for i in range(length):
        gi = guess[i]
        col = cols[i, start : start + n]
        gr = green[i]
        for a in range(n):
            gr[a] = col[a] == gi
    for c in range(d):
        row = counts[letters[c], start : start + n]
        for a in range(n):
            avail[a] = row[a]
        for k in range(length):
            if pos_letter[k] == c:
                gk = green[k]
                for a in range(n):
                    avail[a] -= gk[a]
        for i in range(length):
            if pos_letter[i] == c:
                w = pow3[i]
                gi_row = green[i]
                for a in range(n):
                    g = gi_row[a]
                    y = (avail[a] != 0) & (g == 0)
                    avail[a] -= y
                    code[a] += w * (2 * g + y)


def _columns_and_counts(answers: np.ndarray, n_symbols: int):
    """Column-major copy of the answers and their per-symbol letter counts."""
    cols = np.ascontiguousarray(answers.T)
    counts = np.zeros((n_symbols + 1, answers.shape[0]), dtype=np.uint8)
    index = np.arange(answers.shape[0])
    for i in range(answers.shape[1]):
        np.add.at(counts, (answers[:, i], index), 1)
    return cols, counts


def _symbol_count(*arrays: np.ndarray) -> int:
    return int(max((int(a.max()) if a.size else 0) for a in arrays))


# ---------------------------------------------------------------- strict score


@compiled
def _buffers(length, chunk, n_codes):
    """One thread's scratch space: masks and codes for `chunk` answers, a histogram."""
    green = np.empty((length, chunk), dtype=np.uint8)
    avail = np.empty(chunk, dtype=np.uint8)
    code = np.empty(chunk, dtype=np.uint16)
    hist = np.zeros(n_codes, dtype=np.int64)
    pos_letter = np.empty(length, dtype=np.int64)
    letters = np.empty(length, dtype=np.uint8)
    return green, avail, code, hist, pos_letter, letters


@compiled
def _histogram(guess, pos_letter, letters, d, cols, counts, pow3, green, avail, code, hist):
    """Add the guess's feedback code against every answer to hist, a chunk (len(code)) at a time.

    With one chunk covering all answers, `green` keeps every answer's exact
    positions afterwards (the loose kernel groups words by them).
    """
    chunk = code.shape[0]
    n_answers = cols.shape[1]
    for start in range(0, n_answers, chunk):
        n = min(chunk, n_answers - start)
        _feedback_chunk(guess, pos_letter, letters, d, cols, counts, start, n, pow3, green, avail, code)
        for a in range(n):
            hist[code[a]] += 1


@compiled
def _score_strict(guesses, cols, counts, pow3, weights, clog, n_codes, chunk, first, step, sum_n, sum_n2, max_n, max_w, ent):
    """Guesses first, first + step, ... (one thread's share: `_in_threads`): their sums over the answers' classes.

    `weights` None: each answer counts once, and per class of c answers the sums add c^2, c^3 and `clog`[c]
    (`stats.ScoreSums`; `max_w` None); numba compiles the weighted branches away. Integer `weights`: per class
    its count c and weight m, adding m c, m c^2 and m log2 m, and the heaviest class to `max_w` (`model.class_sums`).
    """
    n_guesses, length = guesses.shape
    n_answers = cols.shape[1]
    green, avail, code, hist, pos_letter, letters = _buffers(length, chunk, n_codes)
    mass = np.zeros(n_codes, dtype=np.int64)
    for gi in range(first, n_guesses, step):
        guess = guesses[gi]
        d = _letter_plan(guess, pos_letter, letters)
        for start in range(0, n_answers, chunk):
            n = min(chunk, n_answers - start)
            _feedback_chunk(guess, pos_letter, letters, d, cols, counts, start, n, pow3, green, avail, code)
            for a in range(n):
                hist[code[a]] += 1
                if weights is not None:
                    mass[code[a]] += weights[start + a]
        s1 = 0
        s2 = 0
        mx = 0
        mw = 0
        e = 0.0
        for b in range(n_codes):
            c = hist[b]
            if c != 0:
                if weights is None:
                    s1 += c * c
                    s2 += c * c * c
                    e += clog[c]
                else:
                    m = mass[b]
                    s1 += m * c
                    s2 += m * c * c
                    mw = max(mw, m)
                    if m > 0:
                        e += m * np.log2(m)
                    mass[b] = 0
                mx = max(mx, c)
                hist[b] = 0
        sum_n[gi], sum_n2[gi], max_n[gi], ent[gi] = s1, s2, mx, e
        if weights is not None:
            max_w[gi] = mw


# ---------------------------------------------------------------- loose score


@compiled
def _group_words(green, counts, letters, d, length, n, table, slot_of, g_mask, g_digits, g_count):
    """Group words by (M, k): exact-match mask and counts of the guess's letters.

    Open-addressing hash on the packed key; returns the number of groups.
    `table` must hold -1 everywhere on entry (see `_clear_table`).
    """
    size = table.shape[0]
    base = length + 1
    n_groups = 0
    for a in range(n):
        mask = 0
        for i in range(length):
            mask |= np.int64(green[i, a]) << i
        key = mask
        for c in range(d):
            key = key * base + counts[letters[c], a]
        h = slot(key, size)
        while table[h] != -1 and table[h] != key:
            h = (h + 1) & (size - 1)
        if table[h] == -1:
            table[h] = key
            slot_of[h] = n_groups
            g_mask[n_groups] = mask
            for c in range(d):
                g_digits[n_groups, c] = counts[letters[c], a]
            g_count[n_groups] = 1
            n_groups += 1
        else:
            g_count[slot_of[h]] += 1
    return n_groups


@compiled
def _clear_table(table):
    for h in range(table.shape[0]):
        table[h] = -1


@compiled
def _loose_bounds(r, length, pos_letter, d, lower, upper):
    """Exact-position mask of feedback code r, and per-letter bounds on k(w).

    Bounds are on a word's total count of each guess letter: the original's
    bounds on the non-exact positions, shifted by the exact tiles of that
    letter (a word passing the mask holds those copies at those positions).
    """
    lo = np.zeros(length, dtype=np.int64)
    shift = np.zeros(length, dtype=np.int64)
    has_absent = np.zeros(length, dtype=np.bool_)
    non_exact = np.zeros(length, dtype=np.bool_)
    exact_mask = 0
    for i in range(length - 1, -1, -1):
        t = r % 3
        r //= 3
        c = pos_letter[i]
        if t == EXACT:
            exact_mask |= 1 << i
            shift[c] += 1
        else:
            non_exact[c] = True
            if t == CONTAINED:
                lo[c] += 1
            else:
                has_absent[c] = True
    for c in range(d):
        if non_exact[c]:
            lower[c] = lo[c] + shift[c]
            upper[c] = lo[c] + shift[c] if has_absent[c] else UNBOUNDED
        else:
            lower[c] = 0
            upper[c] = UNBOUNDED
    return exact_mask


@compiled
def _score_loose(guesses, cols, counts, pow3, clog, n_codes, first, step, sum_n, sum_n2, max_n, ent):
    """Guesses first, first + step, ... (one thread's share: `_in_threads`): their sums under the loose rule."""
    n_guesses, length = guesses.shape
    n_answers = cols.shape[1]
    size = 1
    while size < 2 * n_answers:
        size *= 2
    green, avail, code, hist, pos_letter, letters = _buffers(length, n_answers, n_codes)
    table = np.full(size, -1, dtype=np.int64)
    slot_of = np.empty(size, dtype=np.int64)
    g_mask = np.empty(n_answers, dtype=np.int64)
    g_digits = np.empty((n_answers, length), dtype=np.int64)
    g_count = np.empty(n_answers, dtype=np.int64)
    lower = np.empty(length, dtype=np.int64)
    upper = np.empty(length, dtype=np.int64)
    for gi in range(first, n_guesses, step):
        guess = guesses[gi]
        d = _letter_plan(guess, pos_letter, letters)
        _histogram(guess, pos_letter, letters, d, cols, counts, pow3, green, avail, code, hist)
        n_groups = _group_words(green, counts, letters, d, length, n_answers, table, slot_of, g_mask, g_digits, g_count)
        _clear_table(table)
        s1 = 0
        s2 = 0
        mx = 0
        e = 0.0
        for r in range(n_codes):
            h = hist[r]
            if h == 0:
                continue
            hist[r] = 0
            need = _loose_bounds(r, length, pos_letter, d, lower, upper)
            m = 0
            for u in range(n_groups):
                if g_mask[u] & need != need:
                    continue
                ok = True
                for c in range(d):
                    k = g_digits[u, c]
                    if k < lower[c] or k > upper[c]:
                        ok = False
                        break
                if ok:
                    m += g_count[u]
            s1 += h * m
            s2 += h * m * m
            mx = max(mx, m)
            e += clog[h]
        sum_n[gi] = s1
        sum_n2[gi] = s2
        max_n[gi] = mx
        ent[gi] = e


# ---------------------------------------------------------------- public interface


def score(guesses: np.ndarray, answers: np.ndarray, rule: str) -> ScoreSums:
    """Per-guess sums of n(g, a) over the answers (see `wordle_cli.stats`)."""
    length = guesses.shape[1]
    n_guesses, n_answers = guesses.shape[0], answers.shape[0]
    cols, counts = _columns_and_counts(answers, _symbol_count(guesses, answers))
    guesses = np.ascontiguousarray(guesses)
    pow3 = powers_of_three(length)
    clog = clog2c_table(n_answers)
    out = ScoreSums(
        sum_n=np.zeros(n_guesses, dtype=np.int64),
        sum_n2=np.zeros(n_guesses, dtype=np.int64),
        max_n=np.zeros(n_guesses, dtype=np.int64),
        sum_clog2c=np.zeros(n_guesses, dtype=np.float64),
    )
    if n_guesses == 0:
        return out
    n_codes = 3**length
    # A small job runs on one thread: waking the others (a time slice when the
    # cores are busy) would cost more than it saves. The results are the same.
    small = n_guesses * n_answers < config.CPU_PARALLEL_MIN_PAIRS
    threads = get_num_threads()
    if small and threads > 1:
        set_num_threads(1)
    try:
        _score_with(guesses, cols, counts, pow3, clog, n_codes, n_answers, rule, out)
    finally:
        if small and threads > 1:
            set_num_threads(threads)
    return out


def score_weighted(guesses: np.ndarray, answers: np.ndarray, weights: np.ndarray):
    """Per-guess sums over answers of int64 `weights` (strict rule), as (sum_n, sum_n2, max_n, max_w, sum_clog2c)
    of `model.class_sums.WeightedSums`."""
    length = guesses.shape[1]
    n_guesses, n_answers = guesses.shape[0], answers.shape[0]
    out = tuple(np.zeros(n_guesses, dtype=np.int64) for _ in range(4)) + (np.zeros(n_guesses, dtype=np.float64),)
    if n_guesses == 0 or n_answers == 0:
        return out
    cols, counts = _columns_and_counts(answers, _symbol_count(guesses, answers))
    chunk = max(1, min(config.CPU_ANSWER_CHUNK, n_answers))
    guesses, pow3, weights = np.ascontiguousarray(guesses), powers_of_three(length), np.ascontiguousarray(weights, dtype=np.int64)
    clog = clog2c_table(0)  # the uniform sums' table: not read under weights
    _in_threads(n_guesses, lambda first, step: _score_strict(guesses, cols, counts, pow3, weights, clog, 3**length, chunk, first, step, *out))
    return out


def _in_threads(n_items: int, share) -> None:
    """`share(first, step)` for first = 0, 1, ..., step - 1, each on a thread of its own (step: numba's number of
    threads, at most one per item; `compiled.side_by_side`): each share owns its scratch buffers and writes only
    its own items' results."""
    step = max(1, min(n_items, get_num_threads()))
    side_by_side([partial(share, first, step) for first in range(step)], step)


def _score_with(guesses, cols, counts, pow3, clog, n_codes, n_answers, rule, out) -> None:
    n_guesses = guesses.shape[0]
    sums = (out.sum_n, out.sum_n2, out.max_n, out.sum_clog2c)  # the threads interleave the guesses: balanced loads
    if rule == "strict":
        chunk = max(1, min(config.CPU_ANSWER_CHUNK, n_answers))
        strict = (out.sum_n, out.sum_n2, out.max_n, None, out.sum_clog2c)  # uniform: no heaviest class
        _in_threads(n_guesses, lambda first, step: _score_strict(guesses, cols, counts, pow3, None, clog, n_codes, chunk, first, step, *strict))
    elif rule == "loose":
        _in_threads(n_guesses, lambda first, step: _score_loose(guesses, cols, counts, pow3, clog, n_codes, first, step, *sums))
    else:
        raise ValueError(f"unknown rule {rule!r}")


@compiled
def _feedback_all(guess, cols, counts, pow3):
    n = cols.shape[1]
    green, avail, code, _, pos_letter, letters = _buffers(guess.shape[0], n, 1)
    d = _letter_plan(guess, pos_letter, letters)
    _feedback_chunk(guess, pos_letter, letters, d, cols, counts, 0, n, pow3, green, avail, code)
    return code.astype(np.int32)


def feedback_codes(guess: np.ndarray, words: np.ndarray) -> np.ndarray:
    """Feedback code of `guess` against every word, as int32[N]."""
    cols, counts = _columns_and_counts(words, _symbol_count(guess[None, :], words))
    return _feedback_all(np.ascontiguousarray(guess), cols, counts, powers_of_three(guess.shape[0]))


@compiled
def _feedback_rows(guesses, cols, counts, pow3, first, step, table):
    """Rows first, first + step, ... of the feedback table."""
    n_guesses, length = guesses.shape
    n = cols.shape[1]
    green, avail, code, _, pos_letter, letters = _buffers(length, n, 1)
    for gi in range(first, n_guesses, step):
        guess = guesses[gi]
        d = _letter_plan(guess, pos_letter, letters)
        _feedback_chunk(guess, pos_letter, letters, d, cols, counts, 0, n, pow3, green, avail, code)
        row = table[gi]
        for a in range(n):
            row[a] = code[a]


def feedback_table(guesses: np.ndarray, words: np.ndarray) -> np.ndarray:
    """Feedback code of every guess against every word, (G, N): uint8 when 3^L <= 256, else uint16."""
    length = guesses.shape[1]
    table = np.empty((guesses.shape[0], words.shape[0]), dtype=table_dtype(length))
    if table.size == 0:
        return table
    cols, counts = _columns_and_counts(words, _symbol_count(guesses, words))
    guesses = np.ascontiguousarray(guesses)
    pow3 = powers_of_three(length)
    if table.size < config.CPU_PARALLEL_MIN_PAIRS or get_num_threads() == 1:  # starting the threads would cost more
        _feedback_rows(guesses, cols, counts, pow3, 0, 1, table)
    else:
        _in_threads(guesses.shape[0], lambda first, step: _feedback_rows(guesses, cols, counts, pow3, first, step, table))
    return table


@compiled
def _count_codes(table, rows, chunk, first, step, out):
    """Blocks first, first + step, ... of `chunk` columns (one thread's share: `_in_threads`)."""
    n_words = table.shape[1]
    for blk in range(first, (n_words + chunk - 1) // chunk, step):
        # Each block owns its words' rows of `out`: no shared counters, no reduction.
        start = blk * chunk
        stop = min(start + chunk, n_words)
        for r in rows:
            line = table[r]
            for w in range(start, stop):
                out[w, line[w]] += 1


def count_codes(table: np.ndarray, n_codes: int, rows: np.ndarray | None = None) -> np.ndarray:
    """For every word (column) of a feedback table, how many of its rows give each code: int32[N, n_codes].

    A host-side histogram of any backend's `feedback_table` (`wordle infer`
    counts how many guesses produce each feedback against each candidate);
    `rows` picks the guesses counted (default: all). Parallel over blocks of
    columns, each reading its stretch of every row.
    """
    out = np.zeros((table.shape[1], n_codes), dtype=np.int32)
    rows = np.arange(table.shape[0]) if rows is None else np.asarray(rows, dtype=np.int64)
    if out.size == 0 or len(rows) == 0:
        return out
    chunk = max(1, min(config.CPU_ANSWER_CHUNK, -(-table.shape[1] // (2 * get_num_threads()))))
    table, rows = np.ascontiguousarray(table), rows.astype(np.int64)
    _in_threads(-(-table.shape[1] // chunk), lambda first, step: _count_codes(table, rows, chunk, first, step, out))
    return out


@compiled
def _consistent_loose(guess, tiles, words, out):
    length = guess.shape[0]
    pos_letter = np.empty(length, dtype=np.int64)
    letters = np.empty(length, dtype=np.uint8)
    d = _letter_plan(guess, pos_letter, letters)
    r = 0
    for i in range(length):
        r = r * 3 + tiles[i]
    lower = np.empty(length, dtype=np.int64)
    upper = np.empty(length, dtype=np.int64)
    need = _loose_bounds(r, length, pos_letter, d, lower, upper)
    for w in range(words.shape[0]):
        ok = True
        for i in range(length):
            if (need >> i) & 1 and words[w, i] != guess[i]:
                ok = False
        for c in range(d):
            k = 0
            for i in range(length):
                k += words[w, i] == letters[c]
            if k < lower[c] or k > upper[c]:
                ok = False
        out[w] = ok


def consistent(guess: np.ndarray, tiles: np.ndarray, words: np.ndarray, rule: str) -> np.ndarray:
    """Which words are still possible after `guess` got `tiles`, as bool[N]."""
    if rule == "strict":
        target = encode([int(t) for t in tiles])
        return feedback_codes(guess, words) == target
    if rule == "loose":
        out = np.empty(words.shape[0], dtype=np.bool_)
        _consistent_loose(np.ascontiguousarray(guess), np.asarray(tiles, dtype=np.int64), np.ascontiguousarray(words), out)
        return out
    raise ValueError(f"unknown rule {rule!r}")
