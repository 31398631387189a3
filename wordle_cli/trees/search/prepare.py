"""Tables made once per problem, before any search: the answer-major table, the most feedbacks one guess
shows, the word families of the endgame and the one-letter neighbours of dominance."""

from __future__ import annotations

import numpy as np
from numba import types
from numba.typed import List

from wordle_cli.compiled import compiled


@compiled
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


@compiled
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


@compiled
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


@compiled
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


@compiled
def families(codes, family_min):
    """(family_start, family_answers, answer_family_start, answer_families): the groups of `family_min` or more
    answers alike in every position but one (answers ascending in each), and each answer's groups."""
    n, length = codes.shape
    fam_a = List.empty_list(types.int32)  # (family, answer) pairs, family by family
    fam_of = List.empty_list(types.int32)
    n_fam = 0
    for i in range(length):
        order, ends = _alike_but_one(codes, i)
        start = 0
        for end in ends:
            if end - start >= family_min:
                for a in np.sort(order[start:end]):
                    fam_a.append(np.int32(a))
                    fam_of.append(np.int32(n_fam))
                n_fam += 1
            start = end
    family_start, family_answers = _csr(fam_of, fam_a, n_fam)
    answer_family_start, answer_families = _csr(fam_a, fam_of, n)
    return family_start, family_answers, answer_family_start, answer_families


@compiled
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
