"""The exact search under a prior (issue 33): integer weights per answer, the total being the sum of
weight x guesses. Against brute force (tests/naive_tree.py) with random weights on tiny games, on every path
of the search (thresholds shrunk as in test_search_paths); all ones gives the uniform search's very trees."""

from __future__ import annotations

import io
import random

import naive_tree
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_search_paths import SHRUNK, _seeded_game, games, thresholds

from wordle_cli.errors import WordleError
from wordle_cli.model.game import Game
from wordle_cli.trees import formats, search
from wordle_cli.trees.builder import Problem

DEFAULT = search.Thresholds()


def solved(answers, allowed, weights, thresholds=DEFAULT, cache_limit=48 << 20, first=None, **rules):
    """(total, tree text, tree) of the weighted search; (INF, None, None) when no tree fits."""
    problem = Problem(Game("test", answers, allowed), thresholds=thresholds, cache_limit=cache_limit, weights=weights, **rules)
    try:
        result = problem.build(problem.start(), first=first)
    except WordleError:
        return naive_tree.INF, None, None
    out = io.StringIO()
    formats.write_selby(result.tree, out)
    assert result.weight == (len(answers) if weights is None else int(np.sum(weights)))
    return result.total, out.getvalue(), result.tree


def random_weights(rng, n, top):
    return np.array([rng.randint(1, top) for _ in range(n)], dtype=np.int64)


def check(answers, allowed, weights, shrunk, cache_limit, rules, why=None):
    total, text, tree = solved(answers, allowed, weights, shrunk, cache_limit, **rules)
    want = naive_tree.best_total(answers, allowed, weights=weights.tolist(), **rules)
    assert total == want, why
    if tree is not None:
        assert tree.weighted_total(dict(zip(answers, weights.tolist()))) == total, why  # the tree plays to its value
        assert (total, text) == solved(answers, allowed, weights, search.Thresholds(), **rules)[:2], why


@given(games(), thresholds(), st.sampled_from([600, 48 << 20]), st.integers(0, 10**6), st.sampled_from([2, 5, 50]))
def test_random_weights_give_the_brute_force_total_on_every_path(game, shrunk, cache_limit, seed, top):
    answers, allowed, rules = game
    check(answers, allowed, random_weights(random.Random(seed), len(answers), top), shrunk, cache_limit, rules)


def test_a_fixed_sample_of_weighted_games():
    """80 seeded games (as test_search_paths), each with random weights of a seeded spread."""
    for seed in range(80):
        rng = random.Random(seed)
        answers, allowed, rules = _seeded_game(rng)
        shrunk = search.Thresholds(**{name: rng.choice(values) for name, values in SHRUNK.items()})
        weights = random_weights(rng, len(answers), rng.choice([2, 3, 10, 1000]))
        check(answers, allowed, weights, shrunk, rng.choice([600, 48 << 20]), rules, why=(seed, shrunk))


@settings(max_examples=30)
@given(games(), st.integers(0, 10**6))
def test_a_forced_first_guess_weighted(game, seed):
    answers, allowed, rules = game
    rng = random.Random(seed)
    first = rng.choice(answers + allowed)
    weights = random_weights(rng, len(answers), 20)
    total, _, tree = solved(answers, allowed, weights, first=first, **rules)
    assert total == naive_tree.best_total(answers, allowed, weights=weights.tolist(), first=first, **rules)


@given(games(), thresholds())
def test_all_ones_is_the_uniform_search(game, shrunk):
    answers, allowed, rules = game
    ones = np.ones(len(answers), dtype=np.int64)
    assert solved(answers, allowed, ones, shrunk, **rules)[:2] == solved(answers, allowed, None, shrunk, **rules)[:2]


def test_equal_weights_scale_the_uniform_total():
    """Weights all 7: the same optimum, 7 times the total (a check of the weighted code, which runs then)."""
    for seed in range(20):
        rng = random.Random(seed)
        answers, allowed, rules = _seeded_game(rng)
        sevens = np.full(len(answers), 7, dtype=np.int64)
        total = solved(answers, allowed, sevens, **rules)[0]
        uniform = solved(answers, allowed, None, **rules)[0]
        assert total == (7 * uniform if uniform < naive_tree.INF else uniform), seed


@pytest.mark.parametrize(
    "weights, message",
    [([1, 2], "2 weights for 3 answers"), ([1, 0, 1], "positive"), ([1.5, 1, 1], "integers"), ([1 << 40, 1, 1], "scale them down")],
)
def test_bad_weights_are_refused(weights, message):
    with pytest.raises(WordleError, match=message):
        Problem(Game("test", ["ab", "ba", "aa"], []), weights=np.array(weights))


def test_verify_and_the_reports_give_the_expected_guesses():
    """The tree verifies to its weighted total; the summaries add an expected line only under a prior."""
    from wordle_cli.trees import report
    from wordle_cli.trees.verify import verify

    rng = random.Random(3)
    answers, allowed, _ = _seeded_game(rng)
    weights = random_weights(rng, len(answers), 9)
    problem = Problem(Game("test", answers, allowed), weights=weights)
    result = problem.build(problem.start())
    out = io.StringIO()
    formats.write_selby(result.tree, out)
    tree_file = formats.read(out.getvalue(), "t")
    stats = verify(tree_file, "t", answers, set(allowed), weights=weights.tolist())
    assert (stats.weighted_total, stats.weight) == (result.total, int(weights.sum()))
    assert verify(tree_file, "t", answers, set(allowed)).weighted_total is None
    weight = dict(zip(answers, weights.tolist()))
    lines = list(report.build_lines(result.tree, opener_note="", result_note="", weight=weight))
    assert any(line.startswith("expected") and f"weighted total {result.total} / {int(weights.sum())}" in line for line in lines)
    assert not any(line.startswith("expected") for line in report.build_lines(result.tree, opener_note="", result_note=""))
    assert f"expected {result.tree.stats(weight).expected_text} under the prior" in next(report.show_lines(result.tree, 1, "byg", weight=weight))
    assert "expected" not in next(report.show_lines(result.tree, 1, "byg"))


def test_rank_takes_the_weights_into_its_totals_and_its_digest():
    from wordle_cli.trees import rank

    rng = random.Random(5)
    answers, allowed, _ = _seeded_game(rng)
    game = Game("test", answers, allowed)
    weights = random_weights(rng, len(answers), 9)
    options = rank.RankOptions(max_guesses=None)
    uniform, weighted = rank.make_inputs(game, options, "cpu"), rank.make_inputs(game, options, "cpu", weights)
    assert uniform.digest == rank.make_inputs(game, options, "cpu", np.ones(len(answers), dtype=np.int64)).digest
    assert uniform.digest != weighted.digest
    check = rank.outcome_check(weighted)
    for opener in answers[:3]:
        outcome = rank.evaluate_opener(weighted, opener, None)
        assert outcome.value == naive_tree.best_total(answers, allowed, weights=weights.tolist(), first=opener)
        assert check(outcome) is None


@pytest.mark.slow
def test_all_ones_builds_the_uniform_tree_on_the_shipped_lists():
    from wordle_cli.model.game import load_lists

    answers, allowed = load_lists("wordle")
    game = Game("wordle", answers.words, allowed.words)
    trees = []
    for weights in (None, np.ones(len(answers.words), dtype=np.int64)):
        problem = Problem(game, max_guesses=6, weights=weights)
        result = problem.build(problem.start(), "salet", threads=2)
        out = io.StringIO()
        formats.write_selby(result.tree, out)
        trees.append((result.total, out.getvalue()))
    assert trees[0] == trees[1] and trees[0][0] == 7920


def test_exact_values_and_the_optimal_strategy_under_a_prior(tmp_path):
    """A review's values are the weighted optimum, kept on disk apart from the uniform ones; the optimal
    strategy's guess reaches the weighted optimum."""
    from wordle_cli.reviewer.exact import ExactValues
    from wordle_cli.trees.optimal import OptimalChooser

    rng = random.Random(11)
    answers, allowed, _ = _seeded_game(rng)
    game = Game("test", answers, allowed)
    weights = random_weights(rng, len(answers), 30)
    want = naive_tree.best_total(answers, allowed, weights=weights.tolist(), max_guesses=6)
    for _ in range(2):  # the second time from the disk cache
        values = ExactValues(game, cache_root=tmp_path, weights=weights)
        lower, total, guess = values.best(values.start())  # no time limit: exact (lower == upper)
        assert lower == total == want
        assert values.played(values.start(), guess) == (want, want)
        assert values._impossible(values._key(values.start()), values.start(), total, guess) is None  # a sane value
        assert values._impossible(values._key(values.start()), values.start(), 2 * total, guess) is not None
        first = naive_tree.best_total(answers, allowed, weights=weights.tolist(), max_guesses=6, first=answers[0])
        assert values.played(values.start(), answers[0]) == (first, first)
    uniform = ExactValues(game, cache_root=tmp_path)
    assert uniform.best(uniform.start())[0] == naive_tree.best_total(answers, allowed, max_guesses=6)
    assert len(list(tmp_path.iterdir())) >= 2  # the weighted values in a folder of their own

    chooser = OptimalChooser(game, hard=False, pool_only=False, backend="cpu", weights=weights)
    first = chooser.best(np.arange(len(answers)), None, 6)
    assert naive_tree.best_total(answers, allowed, weights=weights.tolist(), max_guesses=6, first=first) == want
