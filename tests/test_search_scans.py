"""The candidates' scan stopping early (`candidates.scan`, `scans.scan_pairs`) against the same scan run in full.

A node needs of its scan only what decides it: a word that is no answer splitting the pool into singletons
(the first in candidate order settles it), or no candidate's bound below beta (the node is cut), or with two
guesses left no candidate splitting it into singletons (lost). Random blocks of feedback codes, small chunks
so that a scan has many: whenever the stopped scan says less than the full one, the node's verdict must be the
same, and a cut's bound must still reach beta without passing the true least bound.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_cli.model.game import Game
from wordle_cli.trees import search
from wordle_cli.trees.builder import Problem
from wordle_cli.trees.search.candidates import LOST, SETTLED, scan, survey
from wordle_cli.trees.search.shared import INF

WORDS = ["aab", "abb", "abc", "bca", "cab", "ccc"]  # any game of 3 letters: its context's win code is 26


def context(stops: bool, chunk: int) -> search.Context:
    """A uniform search's context whose pools of up to 26 answers are scanned pairwise."""
    game = Game("test", WORDS, WORDS)
    problem = Problem(game, thresholds=search.Thresholds(scan_chunk=chunk, scan_stops=stops))
    return problem.context()._replace(max_patterns=27)


@st.composite
def nodes(draw):
    """(codes, answer columns, beta, depth): a pool of n answers x m candidates, some of them the answers."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    n = draw(st.integers(3, 12))
    m = draw(st.integers(1, 40))
    symbols = draw(st.integers(2, 26))  # few symbols: many classes shared; many: singleton splits
    codes = rng.integers(0, symbols, size=(n, m)).astype(np.uint8)
    answers = rng.permutation(m)[: min(n, draw(st.integers(0, m)))]  # column answers[j] is answer j's word
    for j, t in enumerate(answers):
        codes[:, t] = np.where(codes[:, t] == 26, 0, codes[:, t])
        codes[j, t] = 26
    depth = draw(st.sampled_from([2, 3, 4, search.UNLIMITED]))
    beta = draw(st.integers(2 * n, 3 * n + 2)) if draw(st.booleans()) else INF
    return codes, beta, depth


@settings(max_examples=300, deadline=None)
@given(nodes(), st.sampled_from([1, 2, 3, 8]))
def test_a_scan_stopped_early_decides_the_node_as_the_full_scan(node, chunk):
    codes, beta, depth = node
    n, m = codes.shape
    rows = np.arange(n, dtype=np.int32)
    pool = np.arange(n, dtype=np.int32)
    cands = np.arange(m, dtype=np.int32)
    weight = (n, 1, 1)
    full_ctx, stop_ctx = context(False, chunk), context(True, chunk)
    full, decided = scan(full_ctx, codes, rows, pool, cands, weight, beta, depth)
    assert decided == -1 and not full.partial  # scanned in full: the survey decides
    verdict, value, guess, lowest, _ = survey(full_ctx, full, cands, n, depth, weight)
    stopped, decided = scan(stop_ctx, codes, rows, pool, cands, weight, beta, depth)
    if decided == INF:  # lost: with two guesses left, no word splits the pool into singletons
        assert depth <= 2 and verdict == LOST
    elif decided >= 0:  # cut: no candidate's bound below beta; the scan's bound is one, and reaches beta too
        assert depth > 2
        least = value if verdict == SETTLED else lowest
        assert beta <= decided <= least
        assert verdict != SETTLED or full.classes[guess] < n or full.flags[guess] != 0  # not a singleton split
    elif stopped.partial:  # stopped after a word that is no answer splits the pool into singletons: the same
        assert (verdict, value) == (SETTLED, 2 * n) and full.classes[guess] == n and full.flags[guess] == 0
        assert survey(stop_ctx, stopped, cands, n, depth, weight)[:3] == (SETTLED, value, guess)
    else:
        assert (stopped.classes == full.classes).all() and (stopped.flags == full.flags).all()
        assert (stopped.bounds == full.bounds).all()
        assert survey(stop_ctx, stopped, cands, n, depth, weight)[:4] == (verdict, value, guess, lowest)
