"""The straightforward numba implementation the README's speed ratios compare to.

One (guess, answer) pair at a time: count the answer's unmatched letters in a
small array, hand out yellows left to right, bump the guess's histogram.
Parallel over guesses like the real kernel, so the ratio measures the
algorithm (column-wise, vectorised passes), not the thread count.
"""

import numpy as np
from numba import njit, prange


@njit(parallel=True, cache=True)
def score_strict_naive(guesses, answers, n_symbols):
    n_guesses, length = guesses.shape
    n_answers = answers.shape[0]
    n_codes = 3**length
    sum_n = np.zeros(n_guesses, dtype=np.int64)
    max_n = np.zeros(n_guesses, dtype=np.int64)
    for gi in prange(n_guesses):
        hist = np.zeros(n_codes, dtype=np.int64)
        unmatched = np.zeros(n_symbols + 1, dtype=np.int64)
        for ai in range(n_answers):
            code = 0
            for i in range(length):
                if guesses[gi, i] != answers[ai, i]:
                    unmatched[answers[ai, i]] += 1
            for i in range(length):
                code *= 3
                g = guesses[gi, i]
                if g == answers[ai, i]:
                    code += 2
                elif unmatched[g] > 0:
                    unmatched[g] -= 1
                    code += 1
            for i in range(length):
                unmatched[answers[ai, i]] = 0
            hist[code] += 1
        s = 0
        m = 0
        for c in range(n_codes):
            s += hist[c] * hist[c]
            m = max(m, hist[c])
        sum_n[gi] = s
        max_n[gi] = m
    return sum_n, max_n
