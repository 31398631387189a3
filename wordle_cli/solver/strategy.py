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
  the pool, winning within the game's rows where possible, else the best
  chance to win within them first); not scored here.

With lies (`wordle_cli.model.lies`, Fibble) the same three keys are read
from the spread of the guess over the rows the host may show
(`wordle_cli.model.lie_split`): sum_n is the expected pool left times N x M
(M: the rule's `scale`), max_n the worst row, sum_clog2c minus N times the
information the row gives about the answer (plus N log2 N), so `entropy`
maximises that information. A guess that some row answers with the whole
pool (it could waste the row) is never chosen; a pool word never is one.

Under a prior (`wordle_cli.model.weights`: integer weights w(a), class c
of n_c answers weighing W_c, pool weight W) the same keys are read from
`model.class_sums`'s sums, crediting a guess that may be the answer
(`credit_win`: with probability p_g = w_g / W it wins now, and then nothing
is left): ``expected`` minimises sum_c W_c n_c - w_g (W x the expected
number of answers left, none after a win), ``entropy`` maximises the bits of
the weighted partition plus p_g (a guess saved counted as one bit: minimises
sum_c W_c log2 W_c - w_g), ``minimax`` minimises the heaviest class other
than the win, then the expected number left. The uniform prior never comes
here (the solver keeps the unweighted kernels, and their keys are as they
always were).

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


def default_strategy(weighted: bool) -> str:
    """The strategy played when none is named: the exact optimum under a prior other than uniform, where
    its gain is large; `expected` under the uniform prior (docs/prior.md says why)."""
    return "optimal" if weighted else "expected"


def tied_best(sums, strategy: str, among=None):
    """Boolean mask of the candidates that are best by `strategy` (before the tie rule), of those in `among` (default all)."""
    import numpy as np

    if among is not None and np.any(among) and not np.all(among):
        from wordle_cli.stats import ScoreSums

        big = np.iinfo(np.int64).max
        sums = ScoreSums(
            np.where(among, sums.sum_n, big), sums.sum_n2, np.where(among, sums.max_n, big), np.where(among, sums.sum_clog2c, np.inf)
        )
        return tied_best(sums, strategy) & among
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


def credit_win(sums, win_weight, heaviest_other=None):
    """Weighted `ScoreSums` (`model.class_sums.WeightedSums.score_sums`) with each guess credited for winning now.

    `win_weight`: int64 per guess, its weight as a pool answer (0 when it is
    not one): the weight of its all-exact class. That class leaves nothing
    to find, so it leaves the expected key (sum_n: one answer left times
    w_g) and the entropy key (a win counted as one bit more: sum_clog2c - w_g),
    and the minimax key becomes the heaviest other class: `heaviest_other(rows)`
    gives it for the guesses `rows` whose own class may be the heaviest (None:
    the heaviest stays as it is).
    """
    import numpy as np

    from wordle_cli.stats import ScoreSums

    win = np.asarray(win_weight, dtype=np.int64)
    heaviest = sums.max_n
    ambiguous = np.flatnonzero((win > 0) & (heaviest == win))
    if heaviest_other is not None and ambiguous.size:
        heaviest = heaviest.copy()
        heaviest[ambiguous] = heaviest_other(ambiguous)
    return ScoreSums(sums.sum_n - win, sums.sum_n2 - win, heaviest, sums.sum_clog2c - win)


def choose(sums, strategy: str, in_pool, among=None) -> int:
    """Index of the chosen candidate: best by `strategy` (of those in `among`, default all), then in the pool, then earliest."""
    import numpy as np

    tied = tied_best(sums, strategy, among)
    preferred = tied & np.asarray(in_pool, dtype=bool)
    return int(np.argmax(preferred if preferred.any() else tied))


@dataclass(frozen=True)
class GuessStats:
    """How one guess splits a pool: what `solve` and `play` show."""

    pool: int  # N, answers possible before the guess
    sum_n: int
    max_n: int
    sum_clog2c: float
    classes: int  # distinct feedbacks (with lies: rows the host may show)
    scale: int = 1  # with lies: sum_n is N x M times the expected pool left (M: the rule's scale)
    weight: int | None = None  # under a prior: the pool's weight W; sum_n, sum_clog2c are then sum W_c n_c, sum W_c log2 W_c

    @property
    def mass(self) -> int:
        """What the sums are over: the pool's weight under a prior, else its size."""
        return self.pool if self.weight is None else self.weight

    @property
    def expected(self) -> float:
        """Expected number of answers left after the guess (the answer drawn from the prior)."""
        return self.sum_n / (self.mass * self.scale)

    @property
    def exact_expected(self):
        """`expected` as an exact Fraction."""
        from fractions import Fraction

        return Fraction(self.sum_n, self.mass * self.scale)

    @property
    def entropy(self) -> float:
        """Entropy of the feedback in bits (under the prior)."""
        return entropy_bits(self.sum_clog2c, self.mass)


def stats_from_codes(codes, lies=None, weights=None) -> GuessStats:
    """GuessStats of a guess from its (true) feedback codes against the pool, with `lies` (a `Lies`) if any,
    under the pool's int64 `weights` (None: uniform).

    Class terms are summed in ascending feedback-code order from the same
    c*log2(c) table as the kernels, so the entropy matches `score`'s. With
    lies, by the same kernel as the solver's choices (`lie_split`).
    """
    import numpy as np

    if lies is not None and lies.n:
        from wordle_cli.model.lie_split import spread_rows

        spread = spread_rows(lies, np.asarray(codes, dtype=np.int64)[None, :])
        return GuessStats(
            len(codes), int(spread.total[0]), int(spread.worst[0]), float(spread.key[0]), int(spread.rows[0]), lies.scale
        )

    if weights is not None:
        from wordle_cli.model.class_sums import codes_sums

        sums = codes_sums(codes, weights)
        n_classes = len(np.unique(np.asarray(codes)))
        return GuessStats(
            len(codes), int(sums.sum_wn[0]), int(sums.max_n[0]), float(sums.sum_wlogw[0]), n_classes, weight=int(np.sum(weights))
        )

    from wordle_cli.encoding import clog2c_table

    n = len(codes)
    counts = np.bincount(codes)
    counts = counts[counts > 0]
    table = clog2c_table(n)
    s = 0.0
    for c in counts.tolist():
        s += float(table[c])
    return GuessStats(n, int((counts * counts).sum()), int(counts.max()), s, len(counts))
