"""The exact search's profile (issue 42): counting never changes a result, and its counts add up.

Tiny games against brute force (tests/naive_tree.py); the profile's per-turn
counts are checked against the search's own counters, which it keeps apart.
"""

from __future__ import annotations

import io
import random

import naive
import naive_tree
import numpy as np
import pytest

from wordle_cli.model.game import Game, load_lists
from wordle_cli.trees import formats, search
from wordle_cli.trees.builder import Problem
from wordle_cli.trees.search import profile
from wordle_cli.trees.search.shared import EVALUATED, NODES


def game_of(seed: int) -> Game:
    rng = random.Random(seed)
    words = sorted({"".join(rng.choice("abcde") for _ in range(4)) for _ in range(40)})
    return Game("test", words[:28], words)


def problem_of(game: Game, on: bool) -> Problem:
    table = np.array([[naive.code(naive.feedback(c, a)) for a in game.answers] for c in game.candidates], dtype=np.uint8)
    small = search.Thresholds(cache_min_pool=3, dedup_min_pool=3, dominance_min_pool=3, pair_scan_max=5)  # every path
    return Problem(game, max_guesses=6, table=table, thresholds=small, profile=on)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_profiling_changes_no_total_and_no_tree(seed):
    game = game_of(seed)
    trees = {}
    for on in (False, True):
        problem = problem_of(game, on)
        result = problem.build(problem.start(), threads=1)
        out = io.StringIO()
        formats.write_selby(result.tree, out)
        trees[on] = (result.total, out.getvalue())
    assert trees[True] == trees[False]
    assert trees[True][0] == naive_tree.best_total(list(game.answers), list(game.candidates), max_guesses=6)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_profile_adds_up_to_the_searchs_own_counters(seed):
    game = game_of(seed)
    problem = problem_of(game, True)
    ctx = problem.context()
    value, _ = problem.value(ctx, problem.start())
    table = ctx.profile
    assert table.shape == (profile.LEVELS, len(profile.FIELDS))
    assert table[:, profile.NODES].sum() == ctx.stats[NODES]
    assert table[:, profile.EVALUATED].sum() == ctx.stats[EVALUATED]
    assert (table[:, profile.QUICK_CUT] + table[:, profile.MID_CUT] + table[:, profile.IMPROVED] <= table[:, profile.EVALUATED]).all()
    assert (table[:, profile.EXACT] + table[:, profile.FAILED_HIGH] <= table[:, profile.NODES]).all()
    assert table[:, profile.POOL_MAX].max() == len(game.answers)  # the root, at 6 guesses left
    assert table[6, profile.NODES] == 1 and table[6, profile.POOL_SUM] == len(game.answers)
    assert (table[:, profile.CLASS_CYCLES] >= 0).all()
    lines = profile.report(table, profile.cycles_per_second(0.01), 6)
    assert lines[1].split()[0] == "1"  # turn 1 first: the root


def test_off_it_counts_nothing():
    problem = problem_of(game_of(1), False)
    ctx = problem.context()
    problem.value(ctx, problem.start())
    assert ctx.profile.shape[0] == 0


def test_an_exact_search_never_pops_a_candidate_only_to_skip_it():
    """Issue 42: after a new best, the heap drops the candidates whose bound reaches it (they could only tie), so
    none is popped and skipped any more (flees popped 165 million such at turn 3); the heap's order (bound <
    beta) already leaves out the others. The totals stay brute force's."""
    evaluated = 0
    for seed in range(1, 9):
        game = game_of(seed)
        problem = problem_of(game, True)
        ctx = problem.context()
        value, _ = problem.value(ctx, problem.start())
        assert value == naive_tree.best_total(list(game.answers), list(game.candidates), max_guesses=6)
        assert ctx.profile[:, profile.SKIPPED].sum() == 0, seed
        evaluated += ctx.profile[:, profile.EVALUATED].sum()
    assert evaluated > 0  # the games are searched, not all settled by counts
    # Real words, where new bests leave many candidates behind them (before the change: hundreds skipped).
    answers, allowed = load_lists("wordle")
    game = Game("test", answers.words[:150], allowed.words[:600])
    problem = Problem(game, max_guesses=6)
    problem.profile = True
    ctx = problem.context()
    problem.value(ctx, problem.start())
    assert ctx.profile[:, profile.EVALUATED].sum() > 0
    assert ctx.profile[:, profile.SKIPPED].sum() == 0
