"""Which answer do the grids point to: consistency and a likelihood for every candidate.

Every row of a grid is the feedback some guess got against the day's answer,
but the guesses are not shown. For a candidate answer c and a feedback code
r, two counts are made once per run from the backend's feedback table
(every allowed guess against every candidate, `count_tables`):

- ``NG[c, r]``: how many allowed guesses get r against c (G guesses: the
  allowed list, then the answers and candidates not in it);
- ``NA[c, r]``: how many words of the answers list (the likely words, A of
  them) get r against c.

**Consistency.** A grid fits c when every one of its rows has NG[c, r] > 0:
some allowed guess produces it. Hard mode changes nothing here; rows are
judged one by one.

**Later rows: the state.** A player who guesses only words that could still
be the answer (or plays hard mode) picks, after some rows, a word w that
meets two conditions checkable from the rows alone, without the hidden
guesses: feedback(w, c) is exact at every position that was exact in an
earlier row (w repeats the earlier guess's letter there, which is c's), and
it marks (exact or contained) at least as many tiles as the best earlier row
(w holds every letter an earlier row marked, and those are c's letters).
Call that state ``s`` (exact positions so far, most tiles marked), and let
``D[c, s]`` and ``DG[c, s]`` count the likely words and the allowed guesses
whose feedback against c meets it (``[r meets s]`` for a code).

**Likelihood.** Each grid comes from one of two kinds of player, a share
``pi`` of the first and ``1 - pi`` of the second:

- a *random-opener* player opens with any allowed guess, ``NG[c, r] / G``;
  each later row is, with weight ``w``, again a guess from the allowed
  list (``NG[c, r] / G``; in a hard-mode grid, ``*`` in its header, one that
  meets s: ``[r meets s] NG[c, r] / DG[c, s]``), and otherwise an informed
  guess as below;
- a *possible-answers* player guesses likely words that could still be the
  answer: first ``NA[c, r] / A``, then ``[r meets s] NA[c, r] / D[c, s]``.

So for a grid of rows r_1..r_n,

    P(grid | c) = pi * prod_i P_random(r_i | c, s_i) + (1 - pi) * prod_i P_answers(r_i | c, s_i)

and a candidate's log-likelihood is the sum of ln P(grid | c) over the grids
it fits. Winning rows count too: a possible-answers player hits c with
chance 1 / D[c, s], so answers with many near neighbours are harder to
guess. The score adds the log of the prior weight (uniform by default); the
posterior is the softmax of the scores over the candidates that fit every
grid. When no candidate fits every grid (a mistyped row, another day's
grid), candidates are ranked by how many grids they fit, then by the score
of the grids they fit, and the posterior is taken over those fitting the
most.

Why a mixture per grid rather than per row: a player keeps one way of
playing through a game, and a grid whose later rows break the state (a
good player's probing guess) then tells nothing against the
possible-answers explanation of the other grids. The weights (pi = 0.5,
w = 0.2) and the hard-mode rule were chosen on the benchmark's tuning days
(`benchmarks/bench_infer.py --split tune`), which the reported figures never
see; the README has the comparison with simpler models (first rows only;
every row a random allowed guess).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numba import get_num_threads

from wordle_cli.compiled import side_by_side
from wordle_cli.encoding import powers_of_three
from wordle_cli.infer.kernel import FIRST, LATER, LATER_HARD, score_candidates
from wordle_cli.infer.posts import Grid
from wordle_cli.model.feedback import encode

#: Share of grids from random-opener players (pi), and the random part of their later rows (w).
RANDOM_SHARE = 0.5
LATER_RANDOM = 0.2

#: Candidates whose feedback table is made at a time (bounds the table's memory: guesses x this many bytes).
CANDIDATE_SLAB = 4096


@dataclass(frozen=True)
class Model:
    """The likelihood's knobs (see the module docstring), and the simpler variants the benchmark compares."""

    random_share: float = RANDOM_SHARE  # pi; 1.0: every grid from a random-opener player
    later_random: float = LATER_RANDOM  # w
    hard_rows: bool = True  # later rows of hard-mode grids: random guesses restricted to those meeting the state
    first_rows_only: bool = False  # later rows only rule out (the simplest baseline)

    def __post_init__(self):
        for name in ("random_share", "later_random"):
            if not 0.0 < getattr(self, name) <= 1.0:
                raise ValueError(f"{name} must be in (0, 1], got {getattr(self, name)}")


# ---------------------------------------------------------------- the counts


@dataclass
class Tables:
    """The per-candidate counts every inference needs (see the module docstring), candidate-major."""

    guesses: np.ndarray  # NG: int32 (C, 3^L)
    likely: np.ndarray  # NA: int32 (C, 3^L)
    guesses_meeting: np.ndarray  # DG: float64 (C, S): allowed guesses meeting each state
    likely_meeting: np.ndarray  # D: float64 (C, S): likely words meeting each state
    n_guesses: int  # G
    n_likely: int  # A
    length: int

    @property
    def n_candidates(self) -> int:
        return self.guesses.shape[0]


def count_tables(candidates: np.ndarray, guesses: np.ndarray, likely_rows: np.ndarray, backend) -> Tables:
    """NG, NA and the per-state sums for the encoded candidate answers.

    `guesses` (G, L) are every allowed guess, `likely_rows` the indices of the
    likely words among them; `backend` (a module of `wordle_cli.backends`)
    makes the feedback table, slab by slab of candidates, and the CPU
    backend's `count_codes` histograms it.
    """
    from wordle_cli.backends import cpu

    length = guesses.shape[1]
    n_codes = 3**length
    n_candidates = candidates.shape[0]
    ng = np.zeros((n_candidates, n_codes), dtype=np.int32)
    na = np.zeros((n_candidates, n_codes), dtype=np.int32)
    for lo in range(0, n_candidates, CANDIDATE_SLAB):
        table = backend.feedback_table(guesses, candidates[lo : lo + CANDIDATE_SLAB])
        ng[lo : lo + CANDIDATE_SLAB] = cpu.count_codes(table, n_codes)
        na[lo : lo + CANDIDATE_SLAB] = cpu.count_codes(table, n_codes, likely_rows)
    return Tables(ng, na, meeting_counts(ng, length), meeting_counts(na, length), len(guesses), len(likely_rows), length)


def code_features(length: int) -> tuple[np.ndarray, np.ndarray]:
    """For every feedback code: (mask of its exact positions, bit i for position i; number of tiles marked)."""
    codes = np.arange(3**length, dtype=np.int64)
    tiles = (codes[:, None] // powers_of_three(length)[None, :]) % 3  # first position first
    bits = 1 << np.arange(length, dtype=np.int64)
    return ((tiles == 2) * bits).sum(axis=1), (tiles != 0).sum(axis=1)


def state_index(greens, marked, length: int):
    """The column of a state (exact-position mask, most tiles marked) in the per-state tables."""
    return greens * (length + 1) + marked


def meeting_counts(counts: np.ndarray, length: int) -> np.ndarray:
    """(C, S): for each state, how many words' feedback against each candidate meets it.

    `counts` (C, 3^L) are per-code word counts (NA or NG). A code meets the
    state (mask, m) when its exact positions contain the mask and it marks at
    least m tiles: so the counts are bucketed by the code's (exact mask,
    marks), then summed over higher marks (a suffix sum) and over masks that
    contain each mask (a superset sum over the L bits).
    """
    masks, marks = code_features(length)
    bucket = state_index(masks, marks, length)
    order = np.argsort(bucket, kind="stable")
    present, starts = np.unique(bucket[order], return_index=True)
    cube = np.zeros((len(counts), (1 << length) * (length + 1)))
    cube[:, present] = np.add.reduceat(counts[:, order].astype(np.float64), starts, axis=1)
    cube = cube.reshape(len(counts), 1 << length, length + 1)
    cube = np.flip(np.cumsum(np.flip(cube, axis=2), axis=2), axis=2)  # marks >= m
    for bit in range(length):  # masks containing the mask
        step = 1 << bit
        view = cube.reshape(len(counts), -1, 2, step, length + 1)
        view[:, :, 0] += view[:, :, 1]
    return cube.reshape(len(counts), -1)


# ---------------------------------------------------------------- the rows and their states


@dataclass
class Rows:
    """Every grid's rows as a (J, W) array padded with -1, with the state the grid was in before each row."""

    code: np.ndarray  # int64 (J, W): feedback code, -1 past the grid's last row
    greens: np.ndarray  # int64 (J, W): bit i set when position i was exact in an earlier row
    marked: np.ndarray  # int64 (J, W): most tiles exact or contained in one earlier row
    kind: np.ndarray  # int64 (J, W): FIRST, LATER or LATER_HARD


def grid_rows(grids: Sequence[Grid], length: int) -> Rows:
    """The rows of `grids` with their states (exact positions and most marks seen before each row)."""
    width = max((len(g.rows) for g in grids), default=0)
    code = np.full((len(grids), width), -1, dtype=np.int64)
    for j, grid in enumerate(grids):
        code[j, : len(grid.rows)] = [encode(tiles) for tiles in grid.rows]
    masks, marks = code_features(length)
    present = code >= 0
    seen_greens = np.bitwise_or.accumulate(np.where(present, masks[code], 0), axis=1)
    seen_marked = np.maximum.accumulate(np.where(present, marks[code], 0), axis=1)
    before = lambda seen: np.pad(seen[:, :-1], ((0, 0), (1, 0)))  # noqa: E731  the state before each row
    hard = np.array([g.hard for g in grids], dtype=bool)[:, None]
    kind = np.where(np.arange(width)[None, :] == 0, FIRST, np.where(hard, LATER_HARD, LATER))
    return Rows(code, before(seen_greens), before(seen_marked), kind)


@dataclass
class Pairs:
    """The distinct (code, state, kind) of the rows, which the likelihood is evaluated on."""

    code: np.ndarray  # int64[P]
    state: np.ndarray  # int64[P]: column of the per-state tables
    kind: np.ndarray  # int64[P]
    meets: np.ndarray  # bool[P]: the code meets the state
    of_row: np.ndarray  # int64 (J, W): the pair of each row, -1 past the grid's last row


def distinct_pairs(rows: Rows, length: int) -> Pairs:
    n_states = (1 << length) * (length + 1)
    present = rows.code >= 0
    state = state_index(rows.greens, rows.marked, length)
    keys = (rows.kind * 3**length + rows.code) * n_states + state
    distinct, inverse = np.unique(keys[present], return_inverse=True)
    of_row = np.full(rows.code.shape, -1, dtype=np.int64)
    of_row[present] = inverse.reshape(-1)
    code, state, kind = (distinct // n_states) % 3**length, distinct % n_states, distinct // (n_states * 3**length)
    masks, marks = code_features(length)
    greens, marked = state // (length + 1), state % (length + 1)
    meets = ((masks[code] & greens) == greens) & (marks[code] >= marked)
    return Pairs(code, state, kind, meets, of_row)


# ---------------------------------------------------------------- the inference


@dataclass
class Inference:
    """For every candidate: which grids it fits, its score, its posterior, and the ranking."""

    fits: np.ndarray  # bool (C, J): candidate c fits grid j
    n_fit: np.ndarray  # int64[C]
    loglik: np.ndarray  # float64[C]: over the grids the candidate fits
    score: np.ndarray  # float64[C]: loglik + ln prior (-inf: the prior excludes it)
    posterior: np.ndarray  # float64[C]: 0 outside the best-fitting set
    order: np.ndarray  # int64[C]: candidates best first
    n_grids: int

    @property
    def best_fit(self) -> int:
        """Most grids any candidate the prior allows fits."""
        allowed = np.isfinite(self.score)
        return int(self.n_fit[allowed].max()) if allowed.any() else 0

    def fitting_all(self) -> np.ndarray:
        """Candidates (the prior allows) that fit every grid, best first."""
        return self.order[(self.n_fit[self.order] == self.n_grids) & np.isfinite(self.score[self.order])]


def infer(grids: Sequence[Grid], tables: Tables, log_prior: np.ndarray | None = None, model: Model = Model()) -> Inference:
    """Consistency, scores and posterior of every candidate of `tables` given the grids."""
    n_candidates = tables.n_candidates
    pairs = distinct_pairs(grid_rows(grids, tables.length), tables.length)
    fits = np.empty((n_candidates, len(grids)), dtype=np.bool_)
    loglik = np.empty(n_candidates)
    args = (
        pairs.code, pairs.state, pairs.kind, pairs.meets, pairs.of_row,
        tables.guesses, tables.likely, tables.guesses_meeting, tables.likely_meeting,
        float(tables.n_guesses), float(tables.n_likely), model.later_random, model.random_share, model.hard_rows, model.first_rows_only, fits, loglik,
    )  # fmt: skip
    step = max(1, min(n_candidates, get_num_threads()))
    side_by_side([lambda first=first: score_candidates(*args, first, step) for first in range(step)], step)
    n_fit = fits.sum(axis=1)
    prior = np.zeros(n_candidates) if log_prior is None else np.asarray(log_prior, dtype=np.float64)
    score = loglik + prior
    allowed = np.isfinite(score)
    # Best first: most grids fitted, then score, then list order (lexsort is stable).
    order = np.lexsort((-np.where(allowed, score, -np.inf), -np.where(allowed, n_fit, -1)))
    posterior = np.zeros(n_candidates)
    if allowed.any():
        top = allowed & (n_fit == n_fit[allowed].max())
        weights = np.exp(score[top] - score[top].max())
        posterior[top] = weights / weights.sum()
    return Inference(fits, n_fit, loglik, score, posterior, order, len(grids))
