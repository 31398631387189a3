"""How guesses split a pool of weighted answers: per-guess sums over the feedback classes.

For a guess, class c (the answers giving one feedback) has n_c answers of
total weight W_c (`model.weights`: the prior as integers). From a feedback
table (guesses x pool, any backend's `feedback_table`) this gives, per guess:

- sum_wn  = sum_c W_c n_c    (W x the expected number of answers left, the answer drawn from the prior)
- sum_wn2 = sum_c W_c n_c^2  (for the weighted variance of that number)
- max_n   = max_c n_c        (the worst case, in answers)
- max_w   = max_c W_c        (the heaviest class: weighted minimax)
- sum_wlogw = sum_c W_c log2 W_c, classes in ascending code order
  (the entropy of the feedback under the prior is log2 W - sum_wlogw / W).

With all weights 1 these are `stats.ScoreSums`' sum_n, sum_n2, max_n, max_n,
sum_clog2c: the uniform numbers. Integer sums are exact: the total weight is
within the prior's one ceiling (`weights.max_total`, checked where the weights
are made); the uniform commands never come here, they keep the backends' own
kernels.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: Guesses whose classes are counted at once (memory: this x the codes, twice).
CHUNK = 1024


@dataclass
class WeightedSums:
    """Per-guess sums over the classes of a weighted pool (module docstring), in the order of the guesses."""

    sum_wn: np.ndarray  # int64[G]
    sum_wn2: np.ndarray  # int64[G]
    max_n: np.ndarray  # int64[G]
    max_w: np.ndarray  # int64[G]
    sum_wlogw: np.ndarray  # float64[G]

    def score_sums(self):
        """As `stats.ScoreSums` for `solver.strategy`: expected (sum_wn), minimax (max_w, then sum_wn), entropy (sum_wlogw)."""
        from wordle_cli.stats import ScoreSums

        return ScoreSums(self.sum_wn, self.sum_wn2, self.max_w, self.sum_wlogw)


def weighted_sums(table: np.ndarray, weights: np.ndarray, n_codes: int) -> WeightedSums:
    """The sums of every guess (row of `table`, codes < n_codes) over the pool (its columns) of int64 `weights`."""
    table = np.asarray(table)
    weights = np.asarray(weights, dtype=np.int64)
    n_guesses, n = table.shape
    _check_exact(weights, n)
    out = WeightedSums(*(np.zeros(n_guesses, np.int64) for _ in range(4)), np.zeros(n_guesses, np.float64))
    as_float = weights.astype(np.float64)  # exact: every class's total < 2^53
    for start in range(0, n_guesses, CHUNK):
        part = table[start : start + CHUNK].astype(np.int64)
        rows = len(part)
        flat = (part + (np.arange(rows, dtype=np.int64) * n_codes)[:, None]).ravel()
        counts = np.bincount(flat, minlength=rows * n_codes).reshape(rows, n_codes).astype(np.int64)
        mass = np.bincount(flat, weights=np.tile(as_float, rows), minlength=rows * n_codes).reshape(rows, n_codes)
        mass = np.rint(mass).astype(np.int64)
        stop = start + rows
        out.sum_wn[start:stop] = (mass * counts).sum(axis=1)
        out.sum_wn2[start:stop] = (mass * counts * counts).sum(axis=1)
        out.max_n[start:stop] = counts.max(axis=1)
        out.max_w[start:stop] = mass.max(axis=1)
        positive = np.where(mass > 0, mass, 1).astype(np.float64)
        out.sum_wlogw[start:stop] = (mass * np.log2(positive)).sum(axis=1)
    return out


def backend_sums(module, guesses: np.ndarray, answers: np.ndarray, weights: np.ndarray) -> WeightedSums:
    """The sums of encoded `guesses` over encoded `answers` of `weights` on a backend module: its own weighted
    kernel where it has one (cpu), else from its feedback table (a chunk of guesses at a time)."""
    weights = np.asarray(weights, dtype=np.int64)
    n = len(answers)
    _check_exact(weights, n)
    if hasattr(module, "score_weighted"):
        return WeightedSums(*module.score_weighted(guesses, answers, weights))
    n_codes = 3 ** guesses.shape[1]
    step = max(1, (1 << 24) // max(n, 1))
    parts = [weighted_sums(module.feedback_table(guesses[s : s + step], answers), weights, n_codes) for s in range(0, len(guesses), step)]
    if not parts:
        return weighted_sums(np.zeros((0, n), np.uint8), weights, n_codes)
    return WeightedSums(*(np.concatenate([getattr(p, f) for p in parts]) for f in ("sum_wn", "sum_wn2", "max_n", "max_w", "sum_wlogw")))


def _check_exact(weights: np.ndarray, n: int) -> None:
    """The prior's one ceiling (`weights.max_total`), which the makers of weights check: a guard, never the first check."""
    from wordle_cli.model.weights import max_total

    if n and int(weights.sum()) > max_total(n):
        raise ValueError(f"the weights total past {max_total(n)} over {n} answers, the prior's ceiling")


def codes_sums(codes: np.ndarray, weights: np.ndarray) -> WeightedSums:
    """`weighted_sums` of one guess from its feedback codes against the pool."""
    codes = np.asarray(codes, dtype=np.int64)
    return weighted_sums(codes[None, :], weights, int(codes.max()) + 1 if len(codes) else 1)
