"""Every path of the exact search on tiny games: each `Thresholds` field shrunk (or grown) so that the
switches between methods happen on pools of a few answers, against brute force (tests/naive_tree.py), and
the tree the same whatever the thresholds (they change how the search gets there, never where)."""

from __future__ import annotations

import io
import random

import naive
import naive_tree
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordle_cli.errors import WordleError
from wordle_cli.model.game import Game
from wordle_cli.trees import formats, search
from wordle_cli.trees.builder import Problem

#: Each threshold at values that send tiny pools down every path it guards.
SHRUNK = {
    "cache_min_pool": [3, 4, 6],
    "pair_scan_max": [1, 2, 5, 256],  # 1: every pool by histogram; 256: every pool pairwise (up to max_patterns)
    "scan_chunk": [1, 2, 3, 512],  # several chunks per scan
    "dedup_min_pool": [0, 3, 40],
    "dominance_min_pool": [0, 3, 120],
    "family_min": [2, 3, 4],
    "memo_probes": [0, 1, 4],  # 0: nothing is ever stored
    "scan_stops": [False, True],  # False: every pairwise scan in full
}


def thresholds():
    return st.fixed_dictionaries({name: st.sampled_from(values) for name, values in SHRUNK.items()}).map(
        lambda fields: search.Thresholds(**fields)
    )


def words(rng, length, symbols, n):
    return sorted({"".join(rng.choice(symbols) for _ in range(length)) for _ in range(n)})


def solved(answers, allowed, thresholds, cache_limit=48 << 20, **rules):
    game = Game("test", answers, allowed)
    # The feedback table by the naive rule: on games this small the backend's parallel kernel costs more to start.
    table = np.array([[naive.code(naive.feedback(c, a)) for a in game.answers] for c in game.candidates], dtype=np.uint8)
    problem = Problem(game, thresholds=thresholds, cache_limit=cache_limit, table=table, **rules)
    try:
        result = problem.build(problem.start())
    except WordleError:
        return naive_tree.INF, None, None
    out = io.StringIO()
    formats.write_selby(result.tree, out)
    return result.total, out.getvalue(), result.counters


@st.composite
def games(draw):
    """Games of 8 to 24 answers (12 in hard mode, where brute force is slow), 2 to 5 letters over 3 to 6
    symbols, a few other guesses: deep enough that every kind of node occurs (pairwise and histogram scans,
    twins, neighbours, families, memo hits and evictions)."""
    rng = random.Random(draw(st.integers(0, 10**6)))
    hard = draw(st.booleans()) and draw(st.booleans())
    length = rng.choice([2, 3, 4, 5])
    pool = words(rng, length, "abcdef"[: rng.choice([3, 4, 5, 6])], 80)
    answers = sorted(rng.sample(pool, min(len(pool), rng.randint(8, 12 if hard else 24))))
    allowed = rng.sample(pool, min(len(pool), rng.randint(0, 10)))
    rules = {"hard": hard, "max_guesses": rng.choice([None, 3, 4, 5]), "pool_only": rng.random() < 0.2}
    return answers, allowed, rules


@given(games(), thresholds(), st.sampled_from([600, 48 << 20]))
def test_every_threshold_gives_the_brute_force_total_and_the_same_tree(game, shrunk, cache_limit):
    answers, allowed, rules = game
    total, tree, counters = solved(answers, allowed, shrunk, cache_limit=cache_limit, **rules)
    assert total == naive_tree.best_total(answers, allowed, **rules)
    if tree is not None:
        assert (total, tree) == solved(answers, allowed, search.Thresholds(), **rules)[:2]
        if shrunk.memo_probes == 0:
            assert counters["memo entries written"] == 0


def test_a_fixed_sample_of_games_takes_every_path():
    """The same as above on 80 seeded games (whatever hypothesis draws, these run). With the search compiled
    off (NUMBA_DISABLE_JIT=1) and coverage on, they reach 97% of the lines of wordle_cli/trees/search/: all but
    a few rare exits (a memo hash collision, a bound met at the root)."""
    for seed in range(80):
        rng = random.Random(seed)
        answers, allowed, rules = _seeded_game(rng)
        shrunk = search.Thresholds(**{name: rng.choice(values) for name, values in SHRUNK.items()})
        total, tree, _ = solved(answers, allowed, shrunk, cache_limit=rng.choice([600, 48 << 20]), **rules)
        assert total == naive_tree.best_total(answers, allowed, **rules), (seed, shrunk)
        if tree is not None:
            assert tree == solved(answers, allowed, search.Thresholds(), **rules)[1], (seed, shrunk)


def _seeded_game(rng):
    """As `games`, and a third of the time other guesses using symbols no answer has (twins: the same feedback
    for every answer); in hard mode half the time 2-letter words over 5 or 6 symbols (9 feedbacks at most: no
    guess splits 10 answers into singletons, so the search goes below the root)."""
    hard = rng.random() < 0.25
    symbols = "abcdef"[: rng.choice([3, 4, 5, 6])]
    length = rng.choice([2, 3, 4, 5])
    if hard and rng.random() < 0.5:
        symbols, length = "abcdef"[: rng.choice([5, 6])], 2
    pool = words(rng, length, symbols, 80)
    answers = sorted(rng.sample(pool, min(len(pool), rng.randint(8, 12 if hard else 24))))
    allowed = rng.sample(pool, min(len(pool), rng.randint(0, 10)))
    if not hard and rng.random() < 0.35:  # (twins are dropped in normal mode only)
        allowed += words(rng, length, symbols[:2] + "xy", 12)
    return answers, allowed, {"hard": hard, "max_guesses": rng.choice([None, 3, 4, 5]), "pool_only": rng.random() < 0.2}


def test_the_probe_limit_is_counted_not_silent():
    rng = random.Random(4)
    pool = words(rng, 4, "abcde", 80)
    answers, allowed = pool[:30], pool[30:50]
    total, tree, counters = solved(answers, allowed, search.Thresholds(memo_probes=0))
    assert counters["memo entries not stored (probe limit)"] > 0
    assert counters["memo entries written"] == 0
    assert (total, tree) == solved(answers, allowed, search.Thresholds())[:2]


def test_a_memo_roomy_enough_stores_everything():
    rng = random.Random(4)
    pool = words(rng, 4, "abcde", 80)
    _, _, counters = solved(pool[:30], pool[30:50], search.Thresholds())
    assert counters["memo entries written"] > 0
    assert counters["memo entries not stored (probe limit)"] == 0


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"pair_scan_max": 257}, "counts in bytes"),
        ({"pair_scan_max": 0}, "counts in bytes"),
        ({"cache_min_pool": 2}, "at least 3"),
        ({"scan_chunk": 0}, "scan_chunk"),
        ({"family_min": 1}, "family_min"),
        ({"memo_probes": -1}, "memo_probes"),
    ],
)
def test_thresholds_past_what_the_counters_hold_are_refused(fields, message):
    with pytest.raises(ValueError, match=message):
        search.Thresholds(**fields).check()


def test_the_context_is_built_by_keyword_only():
    problem = Problem(Game("test", ["ab", "ba"], []))
    with pytest.raises(TypeError):
        search.new_context(problem.by_answer, problem.answer_cand)  # positional: refused
    ctx = problem.context()
    assert ctx.table is problem.by_answer and ctx.answer_cand is problem.answer_cand
    assert ctx.dominance_min_pool == search.Thresholds().dominance_min_pool
