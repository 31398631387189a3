"""Choosing a guess from per-guess sums (`ScoreSums`), with a fixed tie rule.

Strategies, over a pool of N equally likely answers:

- ``expected``: minimise the expected number of answers left,
  sum_n / N (exact integers);
- ``entropy``: maximise the Shannon entropy of the feedback,
  log2 N - sum_clog2c / N, i.e. minimise sum_clog2c. Two guesses whose
  sum_clog2c differ by at most 1e-12 relative count as tied, so the
  summation order of the float terms can never decide;
- ``minimax``: minimise the worst case max_n; among those, minimise the
  expected size (sum_n);
- ``optimal``: the exact tree search's guess (fewest guesses in total over
  the pool, winning within the game's rows where possible); not scored here.

Ties (after the above) are broken deterministically: prefer a guess that is
still a possible answer, then the earliest in list order (the order of the
candidates passed in: the allowed list, then the answers not in it; with
``--pool-only`` the answers list).
"""

from __future__ import annotations

from dataclasses import dataclass

from wordle_cli.stats import entropy_bits

#: Strategies that pick from the candidates' scores (`choose`).
SCORED_STRATEGIES = ("expected", "entropy", "minimax")

#: All strategies: `optimal` asks the exact tree search instead (`wordle_cli.trees.optimal`).
STRATEGIES = (*SCORED_STRATEGIES, "optimal")

#: Relative tolerance under which two entropies count as equal.
ENTROPY_RTOL = 1e-12


def tied_best(sums, strategy: str):
    """Boolean mask of the candidates that are best by `strategy` (before the tie rule)."""
    import numpy as np

    if strategy == "expected":
        key = sums.sum_n
        return key == key.min()
    if strategy == "minimax":
        worst = sums.max_n == sums.max_n.min()
        expected = np.where(worst, sums.sum_n, np.iinfo(np.int64).max)
        return worst & (expected == expected.min())
    if strategy == "entropy":
        key = sums.sum_clog2c
        m = float(key.min())
        return key <= m + ENTROPY_RTOL * max(abs(m), 1.0)
    raise ValueError(f"unknown strategy {strategy!r}")


def choose(sums, strategy: str, in_pool) -> int:
    """Index of the chosen candidate: best by `strategy`, then in the pool, then earliest."""
    import numpy as np

    tied = tied_best(sums, strategy)
    preferred = tied & np.asarray(in_pool, dtype=bool)
    return int(np.argmax(preferred if preferred.any() else tied))


@dataclass(frozen=True)
class GuessStats:
    """How one guess splits a pool: what `solve` and `play` show."""

    pool: int  # N, answers possible before the guess
    sum_n: int
    max_n: int
    sum_clog2c: float
    classes: int  # distinct feedbacks

    @property
    def expected(self) -> float:
        """Expected number of answers left after the guess."""
        return self.sum_n / self.pool

    @property
    def entropy(self) -> float:
        """Entropy of the feedback in bits."""
        return entropy_bits(self.sum_clog2c, self.pool)


def stats_from_codes(codes) -> GuessStats:
    """GuessStats of a guess from its feedback codes against the pool.

    Class terms are summed in ascending feedback-code order from the same
    c*log2(c) table as the kernels, so the entropy matches `score`'s.
    """
    import numpy as np

    from wordle_cli.encoding import clog2c_table

    n = len(codes)
    counts = np.bincount(codes)
    counts = counts[counts > 0]
    table = clog2c_table(n)
    s = 0.0
    for c in counts.tolist():
        s += float(table[c])
    return GuessStats(n, int((counts * counts).sum()), int(counts.max()), s, len(counts))
