"""Which answer do the grids point to: consistency and a likelihood for every candidate.

Every row of a grid is the feedback some guess got against the day's answer,
but the guesses are not shown. For a candidate answer c and a feedback code
r, two counts are made once per word list on the backend
(`feedback_counts`, one pass over guesses x candidates):

- ``NG[c, r]``: how many allowed guesses get r against c (G guesses: the
  allowed list, then the answers and candidates not in it);
- ``NA[c, r]``: how many words of the answers list (the likely words, A of
  them) get r against c.

**Consistency.** A grid fits c when every one of its rows has NG[c, r] > 0:
some allowed guess produces it. Hard mode changes nothing here; rows are
judged one by one.

**Likelihood.** Each row is a draw from a mixture of two players' guesses:

- a *random* guess, uniform over the G allowed guesses:
  ``NG[c, r] / G``;
- an *informed* guess, uniform over the likely words whose feedback against c
  is compatible with the grid's earlier rows: its exact tiles include every
  position exact in an earlier row, and it marks at least as many tiles
  exact-or-contained as the best earlier row. A player who guesses only
  words that could still be the answer (or plays hard mode) always meets
  both conditions, since such a word holds every letter revealed so far.
  Writing ``s`` for that state (exact positions so far, most tiles marked)
  and ``D[c, s]`` for the number of likely words compatible with it, the
  probability is ``[r compatible with s] * NA[c, r] / D[c, s]``. For a first
  row s is empty, D = A: a random likely word.

With weights ``w1`` (first rows) and ``w`` (later rows) for the random part,

    P(row r | c, s) = w * NG[c, r] / G + (1 - w) * [r compat. s] * NA[c, r] / D[c, s]

and a candidate's log-likelihood is the sum of ln P over every row of every
grid, winning rows included (under the informed part, the chance of hitting
c exactly is 1 / D[c, s]: candidates with many near neighbours are harder to
guess). Rows are treated as independent given their states. The score adds
the log of the prior weight (uniform by default); the posterior is the
softmax of the scores over the candidates that fit every grid.

When no candidate fits every grid (a mistyped row, another day's grid),
candidates are ranked by how many grids they fit, then by the score of the
grids they fit, and the posterior is taken over those fitting the most.

`benchmarks/bench_infer.py` measures this model against simpler ones (first
rows only; every row a random allowed guess) on simulated crowds; the README
has the figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from wordle_cli.feedback import ABSENT, EXACT, encode
from wordle_cli.infer.posts import Grid

#: Weight of the random-guess part for first rows and for later rows (see the module docstring).
FIRST_ROW_RANDOM = 0.5
LATER_ROW_RANDOM = 0.5

#: Candidates whose per-grid log-likelihoods are summed at a time (bounds the scratch memory).
CANDIDATE_BLOCK = 512


@dataclass(frozen=True)
class Model:
    """The mixture weights of the random-guess part (1.0 everywhere: rows are random allowed guesses)."""

    first_random: float = FIRST_ROW_RANDOM
    later_random: float = LATER_ROW_RANDOM
    first_rows_only: bool = False  # later rows only rule out (the simple baseline the benchmark compares)

    def __post_init__(self):
        for name in ("first_random", "later_random"):
            if not 0.0 < getattr(self, name) <= 1.0:
                raise ValueError(f"{name} must be in (0, 1], got {getattr(self, name)}")


@dataclass
class Tables:
    """The per-candidate counts every inference needs (see the module docstring)."""

    guesses: np.ndarray  # NG: int32 (C, 3^L)
    likely: np.ndarray  # NA: int32 (C, 3^L)
    n_guesses: int  # G
    n_likely: int  # A
    length: int


def count_tables(candidates: np.ndarray, guesses: np.ndarray, likely: np.ndarray, backend) -> Tables:
    """NG and NA for the encoded candidate answers, on `backend` (a module of `wordle_cli.backends`)."""
    return Tables(
        guesses=backend.feedback_counts(guesses, candidates),
        likely=backend.feedback_counts(likely, candidates),
        n_guesses=len(guesses),
        n_likely=len(likely),
        length=candidates.shape[1],
    )


@dataclass
class Rows:
    """Every row of every grid, flattened, with the state its grid was in before it."""

    grid: np.ndarray  # int64[R]: index of the row's grid
    code: np.ndarray  # int64[R]: feedback code
    greens: np.ndarray  # int64[R]: bit i set when position i was exact in an earlier row
    marked: np.ndarray  # int64[R]: most tiles exact or contained in one earlier row
    first: np.ndarray  # bool[R]: the grid's first row
    starts: np.ndarray  # int64[J]: index of each grid's first row


def flatten(grids: Sequence[Grid]) -> Rows:
    grid, code, greens, marked, first, starts = [], [], [], [], [], []
    for j, g in enumerate(grids):
        starts.append(len(code))
        seen_greens, seen_marked = 0, 0
        for i, tiles in enumerate(g.rows):
            grid.append(j)
            code.append(encode(tiles))
            greens.append(seen_greens)
            marked.append(seen_marked)
            first.append(i == 0)
            seen_greens |= _green_mask(tiles)
            seen_marked = max(seen_marked, sum(1 for t in tiles if t != ABSENT))
    as_int = lambda xs: np.array(xs, dtype=np.int64)  # noqa: E731
    return Rows(as_int(grid), as_int(code), as_int(greens), as_int(marked), np.array(first, dtype=bool), as_int(starts))


def _green_mask(tiles) -> int:
    return sum(1 << i for i, t in enumerate(tiles) if t == EXACT)


@dataclass
class Inference:
    """For every candidate: how many grids it fits, its score, its posterior, and which grids rule it out."""

    fits: np.ndarray  # bool (C, J): candidate c fits grid j
    n_fit: np.ndarray  # int64[C]
    loglik: np.ndarray  # float64[C]: over the grids the candidate fits
    score: np.ndarray  # float64[C]: loglik + ln prior (-inf: the prior excludes it)
    posterior: np.ndarray  # float64[C]: 0 outside the best-fitting set
    order: np.ndarray  # int64[C]: candidates best first
    n_grids: int

    @property
    def best_fit(self) -> int:
        """Most grids any candidate (the prior allows) fits."""
        return int(self.n_fit[self.order[0]]) if len(self.order) else 0

    def contenders(self) -> np.ndarray:
        """Candidates that carry posterior mass, best first."""
        return self.order[self.posterior[self.order] > 0]


def infer(grids: Sequence[Grid], tables: Tables, log_prior: np.ndarray | None = None, model: Model = Model()) -> Inference:
    """Consistency, scores and posterior of every candidate of `tables` given the grids."""
    n_candidates = tables.guesses.shape[0]
    rows = flatten(grids)
    log_p, pair_of_row = row_log_probabilities(rows, tables, model)
    per_grid = _per_grid_sums(log_p, pair_of_row, rows.starts, n_candidates)
    fits = np.isfinite(per_grid)
    n_fit = fits.sum(axis=1)
    loglik = np.where(fits, per_grid, 0.0).sum(axis=1)
    prior = np.zeros(n_candidates) if log_prior is None else np.asarray(log_prior, dtype=np.float64)
    score = loglik + prior
    allowed = np.isfinite(prior)
    # Best first: most grids fitted, then score, then list order (a stable sort keeps it).
    key_fit = np.where(allowed, n_fit, -1)
    order = np.lexsort((-np.where(allowed, score, -np.inf), -key_fit))
    posterior = np.zeros(n_candidates)
    if n_candidates and allowed.any():
        top = allowed & (n_fit == key_fit.max())
        s = score[top]
        weights = np.exp(s - s.max())
        posterior[top] = weights / weights.sum()
    return Inference(fits, n_fit, loglik, score, posterior, order, len(grids))


def row_log_probabilities(rows: Rows, tables: Tables, model: Model) -> tuple[np.ndarray, np.ndarray]:
    """ln P(row | candidate, state) for each distinct (code, state, first) of the rows: (C, P) and the pair of each row."""
    keys = np.stack([rows.code, rows.greens, rows.marked, rows.first.astype(np.int64)], axis=1)
    if len(keys) == 0:
        return np.zeros((tables.guesses.shape[0], 0)), np.zeros(0, dtype=np.int64)
    pairs, pair_of_row = np.unique(keys, axis=0, return_inverse=True)
    code, greens, marked, first = pairs.T
    weight = np.where(first == 1, model.first_random, model.later_random)
    random_part = tables.guesses[:, code] / tables.n_guesses
    compatible = compatible_counts(tables, greens, marked)  # D[c, s]
    code_greens = np.array([_green_mask_of_code(int(r), tables.length) for r in code], dtype=np.int64)
    code_marked = np.array([_marked_of_code(int(r), tables.length) for r in code], dtype=np.int64)
    follows = ((code_greens & greens) == greens) & (code_marked >= marked)
    likely = tables.likely[:, code] * follows
    with np.errstate(divide="ignore", invalid="ignore"):
        informed = np.where(compatible > 0, likely / compatible, 0.0)
        log_p = np.log(weight * random_part + (1.0 - weight) * informed)
    if model.first_rows_only:  # later rows still rule candidates out, but score nothing
        later = first == 0
        log_p[:, later] = np.where(random_part[:, later] > 0, 0.0, -np.inf)
    return log_p, pair_of_row.reshape(-1)


def compatible_counts(tables: Tables, greens: np.ndarray, marked: np.ndarray) -> np.ndarray:
    """D[c, s]: likely words whose feedback against c has every exact position of `greens` and marks >= `marked`.

    The likely words' counts are bucketed by (exact-position mask, marked
    tiles), summed over masks that contain each mask (a superset-sum over the
    L bits) and over higher marks (a suffix sum), then looked up per state.
    """
    length = tables.length
    n_codes = 3**length
    masks = np.array([_green_mask_of_code(r, length) for r in range(n_codes)], dtype=np.int64)
    marks = np.array([_marked_of_code(r, length) for r in range(n_codes)], dtype=np.int64)
    bucket = masks * (length + 1) + marks
    n_candidates = tables.likely.shape[0]
    by_bucket = np.zeros((n_candidates, (1 << length) * (length + 1)))
    order = np.argsort(bucket, kind="stable")
    present, starts = np.unique(bucket[order], return_index=True)
    by_bucket[:, present] = np.add.reduceat(tables.likely[:, order].astype(np.float64), starts, axis=1)
    cube = by_bucket.reshape(n_candidates, 1 << length, length + 1)
    cube = np.flip(np.cumsum(np.flip(cube, axis=2), axis=2), axis=2)  # marks >= m
    for bit in range(length):  # masks containing the mask
        step = 1 << bit
        view = cube.reshape(n_candidates, -1, 2 * step, length + 1)
        view[:, :, :step, :] += view[:, :, step:, :]
    return cube[:, greens, marked]


def _green_mask_of_code(code: int, length: int) -> int:
    mask = 0
    for i in range(length - 1, -1, -1):
        code, t = divmod(code, 3)
        if t == EXACT:
            mask |= 1 << i
    return mask


def _marked_of_code(code: int, length: int) -> int:
    marked = 0
    for _ in range(length):
        code, t = divmod(code, 3)
        marked += t != ABSENT
    return marked


def _per_grid_sums(log_p: np.ndarray, pair_of_row: np.ndarray, starts: np.ndarray, n_candidates: int) -> np.ndarray:
    """(C, J): the sum of ln P over each grid's rows (-inf where a row is impossible)."""
    n_grids = len(starts)
    out = np.zeros((n_candidates, n_grids))
    if n_grids == 0 or len(pair_of_row) == 0:
        return out
    for lo in range(0, n_candidates, CANDIDATE_BLOCK):
        block = log_p[lo : lo + CANDIDATE_BLOCK][:, pair_of_row]
        out[lo : lo + CANDIDATE_BLOCK] = np.add.reduceat(block, starts, axis=1)
    return out
