"""How guesses split a pool of weighted answers: per-guess sums over the feedback classes.

For a guess, class c (the answers giving one feedback) has n_c answers of
total weight W_c (`model.weights`: the prior as integers). From a feedback
table (guesses x pool, any backend's `feedback_table`) this gives, per guess,
`stats.ScoreSums`' sums with each answer counted by its weight:

- sum_n  = sum_c W_c n_c    (W x the expected number of answers left, the answer drawn from the prior)
- sum_n2 = sum_c W_c n_c^2  (for the weighted variance of that number)
- max_n  = max_c n_c        (the worst case, in answers)
- sum_clog2c = sum_c W_c log2 W_c, classes in ascending code order
  (the entropy of the feedback under the prior is log2 W - sum_clog2c / W)

and one more, max_w = max_c W_c (the heaviest class: weighted minimax).
With all weights 1 these are the uniform numbers (max_w is then max_n).
Integer sums are exact: the total weight is
within the prior's one ceiling (`weights.max_total`, checked where the weights
are made); the uniform commands never come here, they keep the backends' own
kernels.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wordle_cli.stats import ScoreSums

#: Guesses whose classes are counted at once (memory: this x the codes, twice).
CHUNK = 1024


@dataclass
class WeightedSums(ScoreSums):
    """`ScoreSums` over the classes of a weighted pool (module docstring), and the heaviest class of each guess."""

    max_w: np.ndarray  # int64[G]

    def score_sums(self) -> ScoreSums:
        """As `solver.strategy` ranks them: expected (sum_n), minimax (max_w, then sum_n), entropy (sum_clog2c)."""
        return ScoreSums(self.sum_n, self.sum_n2, self.max_w, self.sum_clog2c)


def weighted_sums(table: np.ndarray, weights: np.ndarray, n_codes: int) -> WeightedSums:
    """The sums of every guess (row of `table`, codes < n_codes) over the pool (its columns) of int64 `weights`."""
    table = np.asarray(table)
    weights = np.asarray(weights, dtype=np.int64)
    n_guesses, n = table.shape
    _check_exact(weights, n)
    out = _zeros(n_guesses)
    as_float = weights.astype(np.float64)  # exact: every class's total < 2^53
    for start in range(0, n_guesses, CHUNK):
        part = table[start : start + CHUNK].astype(np.int64)
        rows = len(part)
        flat = (part + (np.arange(rows, dtype=np.int64) * n_codes)[:, None]).ravel()
        counts = np.bincount(flat, minlength=rows * n_codes).reshape(rows, n_codes).astype(np.int64)
        mass = np.bincount(flat, weights=np.tile(as_float, rows), minlength=rows * n_codes).reshape(rows, n_codes)
        mass = np.rint(mass).astype(np.int64)
        stop = start + rows
        out.sum_n[start:stop] = (mass * counts).sum(axis=1)
        out.sum_n2[start:stop] = (mass * counts * counts).sum(axis=1)
        out.max_n[start:stop] = counts.max(axis=1)
        out.max_w[start:stop] = mass.max(axis=1)
        positive = np.where(mass > 0, mass, 1).astype(np.float64)
        out.sum_clog2c[start:stop] = (mass * np.log2(positive)).sum(axis=1)
    return out


def _zeros(n_guesses: int) -> WeightedSums:
    ints = [np.zeros(n_guesses, np.int64) for _ in range(4)]
    return WeightedSums(sum_n=ints[0], sum_n2=ints[1], max_n=ints[2], sum_clog2c=np.zeros(n_guesses, np.float64), max_w=ints[3])


def backend_sums(module, guesses: np.ndarray, answers: np.ndarray, weights: np.ndarray) -> WeightedSums:
    """The sums of encoded `guesses` over encoded `answers` of `weights` on a backend module: its own weighted
    kernel where it has one (cpu), else from its feedback table (a chunk of guesses at a time)."""
    weights = np.asarray(weights, dtype=np.int64)
    n = len(answers)
    _check_exact(weights, n)
    if hasattr(module, "score_weighted"):
        sum_n, sum_n2, max_n, max_w, sum_clog2c = module.score_weighted(guesses, answers, weights)
        return WeightedSums(sum_n=sum_n, sum_n2=sum_n2, max_n=max_n, sum_clog2c=sum_clog2c, max_w=max_w)
    n_codes = 3 ** guesses.shape[1]
    step = max(1, (1 << 24) // max(n, 1))
    parts = [weighted_sums(module.feedback_table(guesses[s : s + step], answers), weights, n_codes) for s in range(0, len(guesses), step)]
    if not parts:
        return weighted_sums(np.zeros((0, n), np.uint8), weights, n_codes)
    fields = ("sum_n", "sum_n2", "max_n", "sum_clog2c", "max_w")
    return WeightedSums(**{f: np.concatenate([getattr(p, f) for p in parts]) for f in fields})


def _check_exact(weights: np.ndarray, n: int) -> None:
    """The prior's one ceiling (`weights.max_total`), which the makers of weights check: a guard, never the first check."""
    from wordle_cli.model.weights import max_total

    if n and int(weights.sum()) > max_total(n):
        raise ValueError(f"the weights total past {max_total(n)} over {n} answers, the prior's ceiling")


def codes_sums(codes: np.ndarray, weights: np.ndarray) -> WeightedSums:
    """`weighted_sums` of one guess from its feedback codes against the pool."""
    codes = np.asarray(codes, dtype=np.int64)
    return weighted_sums(codes[None, :], weights, int(codes.max()) + 1 if len(codes) else 1)
