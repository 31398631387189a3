"""The heuristic strategies under a prior: weighted keys against brute force, uniform weights unchanged."""

from __future__ import annotations

import random

import naive_solver
import numpy as np
import pytest

from wordle_cli.model.class_sums import codes_sums, weighted_sums
from wordle_cli.model.game import Game
from wordle_cli.solver import tree
from wordle_cli.solver.strategy import SCORED_STRATEGIES as STRATEGIES
from wordle_cli.solver.strategy import stats_from_codes
from wordle_cli.solver.tree import Solver


def random_lists(rng: random.Random, alphabet="abcd", length=3, n_answers=14, n_allowed=30):
    def word():
        return "".join(rng.choice(alphabet) for _ in range(length))

    answers = list(dict.fromkeys(word() for _ in range(n_answers * 3)))[:n_answers]
    allowed = list(dict.fromkeys(word() for _ in range(n_allowed * 3)))[:n_allowed]
    return answers, allowed


def random_weights(rng: random.Random, n: int, top: int = 50) -> np.ndarray:
    return np.array([rng.randint(1, top) for _ in range(n)], dtype=np.int64)


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("pool_only", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_weighted_best_matches_brute_force(strategy, pool_only, seed):
    rng = random.Random(seed)
    answers, allowed = random_lists(rng, length=3 + seed % 2)
    game = Game("t", answers, allowed)
    weights = random_weights(rng, len(answers))
    solver = Solver(game, strategy, pool_only=pool_only, backend="cpu", use_openings=False, weights=weights)
    weight = dict(zip(answers, weights.tolist()))
    for _ in range(6):
        pool_words = [w for w in answers if rng.random() < 0.6] or answers[:1]
        pool = np.array(sorted(game.answer_index[w] for w in pool_words), dtype=np.int64)
        pool_words = [answers[i] for i in pool]
        assert solver.best(pool) == naive_solver.best(strategy, pool_words, answers, allowed, pool_only, weight=weight)


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("hard", [False, True])
@pytest.mark.parametrize("perfect_split_max", [tree.PERFECT_SPLIT_MAX_POOL, 0])
def test_every_weighted_game_matches_brute_force(strategy, hard, perfect_split_max, monkeypatch):
    monkeypatch.setattr(tree, "PERFECT_SPLIT_MAX_POOL", perfect_split_max)
    rng = random.Random(hash((strategy, hard)) & 0xFFFF)
    answers, allowed = random_lists(rng, alphabet="abcde", length=4, n_answers=24, n_allowed=40)
    weights = random_weights(rng, len(answers), top=1000)
    solver = Solver(Game("t", answers, allowed), strategy, hard=hard, backend="cpu", use_openings=False, weights=weights)
    weight = dict(zip(answers, weights.tolist()))
    root = solver.root()
    for target in answers:
        got = [node.guess for node in solver.play(root, target)]
        assert got == naive_solver.play(target, answers, allowed, strategy, hard=hard, weight=weight), target


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_weights_do_change_choices(strategy):
    """The brute-force comparisons above are not vacuous: random weights often move the choice."""
    rng = random.Random(11)
    answers, allowed = random_lists(rng, length=4, n_answers=30, n_allowed=50)
    game = Game("t", answers, allowed)
    uniform = Solver(game, strategy, backend="cpu", use_openings=False)
    moved = 0
    for _ in range(10):
        weighted = Solver(game, strategy, backend="cpu", use_openings=False, weights=random_weights(rng, len(answers), 1000))
        moved += weighted.best(uniform.root_pool()) != uniform.best(uniform.root_pool())
    assert moved >= 3


def test_all_ones_weights_are_the_uniform_sums():
    rng = random.Random(3)
    answers, allowed = random_lists(rng, length=4, n_answers=30, n_allowed=50)
    game = Game("t", answers, allowed)
    from wordle_cli.backends import cpu

    table = cpu.feedback_table(game.candidate_codes, game.answer_codes)
    sums = weighted_sums(table, np.ones(len(answers), np.int64), game.win_code + 1)
    plain = cpu.score(game.candidate_codes, game.answer_codes, "strict")
    assert sums.sum_n.tolist() == plain.sum_n.tolist()
    assert sums.sum_n2.tolist() == plain.sum_n2.tolist()
    assert sums.max_n.tolist() == plain.max_n.tolist() == sums.max_w.tolist()
    assert np.allclose(sums.sum_clog2c, plain.sum_clog2c, rtol=1e-12, atol=1e-9)


def test_weighted_stats_against_hand_numbers():
    # classes {w=3, w=1} and {w=2}: expected (4*2 + 2*1) / 6, entropy of (4/6, 2/6)
    codes, weights = np.array([0, 0, 5]), np.array([3, 1, 2])
    stats = stats_from_codes(codes, weights=weights)
    assert stats.sum_n == 10 and stats.weight == 6 and stats.classes == 2
    assert str(stats.exact_expected) == "5/3"
    assert abs(stats.entropy - (-(4 / 6) * np.log2(4 / 6) - (2 / 6) * np.log2(2 / 6))) < 1e-12
    assert codes_sums(codes, weights).max_w.tolist() == [4]


@pytest.mark.parametrize("seed", range(3))
def test_the_cpu_weighted_kernel_equals_the_table_path(seed):
    """cpu's own kernel and the feedback-table path (what cuda takes) give the same sums."""
    from wordle_cli.backends import cpu
    from wordle_cli.model.class_sums import backend_sums

    rng = random.Random(seed)
    answers, allowed = random_lists(rng, alphabet="abcdef", length=5, n_answers=60, n_allowed=90)
    game = Game("t", answers, allowed)
    weights = random_weights(rng, len(answers), 10**6)
    kernel = backend_sums(cpu, game.candidate_codes, game.answer_codes, weights)
    table = weighted_sums(cpu.feedback_table(game.candidate_codes, game.answer_codes), weights, game.win_code + 1)
    for field in ("sum_n", "sum_n2", "max_n", "max_w"):
        assert getattr(kernel, field).tolist() == getattr(table, field).tolist()
    assert np.allclose(kernel.sum_clog2c, table.sum_clog2c, rtol=1e-13)
