"""The search's stop flag (issue 35): stopped anywhere, it returns a lower bound of the brute-force value, never a
wrong exact one, and the memo it leaves lets a later search with the same context reach the exact value."""

from __future__ import annotations

import random
import re
from pathlib import Path

import naive_tree
import pytest

from wordle_cli.model.game import Game
from wordle_cli.trees import search
from wordle_cli.trees.builder import Problem
from wordle_cli.trees.search.memo import stored_key
from wordle_cli.trees.search.shared import NODE_WORK, WORK

#: Small thresholds, so that tiny pools are memoised and take the deep paths.
SMALL = search.Thresholds(cache_min_pool=3, dedup_min_pool=3, dominance_min_pool=3, family_min=2)


WORDS = [w.strip() for w in (Path(__file__).resolve().parent.parent / "wordlists" / "wordle-answers.txt").open() if w.strip()]


def tiny_games():
    """Games of about 20 real answers sharing a pattern (their searches go deep, unlike random words'), seeded."""
    rng = random.Random(35)
    for pattern, limit in [(".i..t", 5), ("...er", 5), (".o.e.", None), ("..i.e", 4), (".r.n.", 5), ("..a.e", None)]:
        alike = [w for w in WORDS if re.fullmatch(pattern, w)]
        yield sorted(rng.sample(alike, min(len(alike), 20))), rng.sample(WORDS, 3), {"max_guesses": limit}


def stopped_value(problem, ctx, budget):
    ctx.stop[:] = (0, ctx.stats[WORK] + budget * NODE_WORK)  # the work counted so far, and about `budget` nodes more
    value, best = problem.value(ctx, problem.start())
    stopped = bool(ctx.stop[0])
    ctx.stop[:] = 0
    return value, best, stopped


GAMES = list(tiny_games())


def assert_memo_true(ctx, answers, allowed, checked):
    """Every memo entry's claims against brute force on its own pool: its exact value (if any) equal, its lower
    bound not above. A stopped search must leave no wrong claim behind for a later search to trust."""
    for entry in list(ctx.memo.values()):
        key = tuple(int(x) for x in stored_key(ctx, entry))
        claim = (key, int(entry.lower), int(entry.exact))
        if claim in checked:
            continue
        checked.add(claim)
        depth, pool = key[0], [answers[i] for i in key[1:]]
        truth = naive_tree.best_total(pool, list(allowed) + list(answers), max_guesses=None if depth >= search.UNLIMITED else depth)
        truth = search.INF if truth == naive_tree.INF else truth
        assert entry.lower <= truth, (pool, depth, int(entry.lower), truth)
        assert entry.exact < 0 or entry.exact == truth, (pool, depth, int(entry.exact), truth)


@pytest.mark.parametrize("answers, allowed, rules", GAMES)
def test_a_search_stopped_after_any_number_of_nodes_returns_a_lower_bound(answers, allowed, rules):
    truth = naive_tree.best_total(answers, allowed, **rules)
    truth = search.INF if truth == naive_tree.INF else truth
    problem = Problem(Game("test", answers, allowed), thresholds=SMALL, **rules)
    for budget in range(1, 60):
        value, best, stopped = stopped_value(problem, problem.context(), budget)
        if stopped:
            assert value <= truth, (budget, value, truth)
            assert best == -1 or value == truth
        else:
            assert value == truth
    # Stopped again and again on one context (its memo kept), each time with one node more: lower bounds, then
    # the exact value (resuming never makes a stored value wrong, wherever the searches stopped).
    ctx = problem.context()
    budget = 1
    checked = set()
    while True:
        value, _, stopped = stopped_value(problem, ctx, budget)
        assert_memo_true(ctx, answers, allowed, checked)
        if not stopped:
            assert value == truth
            break
        assert value <= truth
        budget += 1
    assert problem.value(ctx, problem.start())[0] == truth


def test_the_flag_set_before_the_search_gives_a_lower_bound_at_once():
    for answers, allowed, rules in GAMES:
        truth = naive_tree.best_total(answers, allowed, **rules)
        problem = Problem(Game("test", answers, allowed), thresholds=SMALL, **rules)
        ctx = problem.context()
        ctx.stop[0] = 1
        value, _ = problem.value(ctx, problem.start())
        assert value <= truth
        ctx.stop[0] = 0
        assert problem.value(ctx, problem.start())[0] == (search.INF if truth == naive_tree.INF else truth)
