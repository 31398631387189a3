"""The best chance to win within the guess limit where no strategy is sure to (issue 49, item 3), against brute force.

`trees.chance` (review's values), `trees.optimal.OptimalChooser` (the guess of `solve`, `simulate` and `play`
under --strategy optimal) and the review itself are checked against tests/naive_chance.py (every decision tree
enumerated) on tiny games built where the limit binds: families of words alike but in one position (_atch),
normal and hard mode, uniform and weighted.
"""

from __future__ import annotations

import random

import naive
import naive_chance
import naive_review
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wordle_cli
from wordle_cli.model.game import Game
from wordle_cli.model.hardmode import Constraints
from wordle_cli.solver.tree import Solver
from wordle_cli.trees.budget import Budget
from wordle_cli.trees.builder import Problem
from wordle_cli.trees.chance import Chance, ChanceSearch
from wordle_cli.trees.optimal import OptimalChooser


def family_game(rng: random.Random):
    """(answers, allowed, weights or None, hard): a few families (a stem with one position free) and other words,
    3 or 4 letters over 6 to 10 symbols: few guesses tell a family apart, so small limits bind."""
    length = rng.choice([3, 4])
    symbols = "abcdefghij"[: rng.choice([6, 8, 10])]
    answers = set()
    for _ in range(rng.choice([1, 2, 3])):
        stem = "".join(rng.choice(symbols) for _ in range(length - 1))
        at = rng.randrange(length)
        for s in rng.sample(symbols, rng.randint(3, min(7, len(symbols)))):
            answers.add(stem[:at] + s + stem[at:])
    while len(answers) < rng.randint(5, 11):
        answers.add("".join(rng.choice(symbols) for _ in range(length)))
    answers = sorted(answers)
    allowed = sorted({"".join(rng.choice(symbols) for _ in range(length)) for _ in range(rng.randint(0, 8))})
    weights = None if rng.random() < 0.5 else [rng.randint(1, 9) for _ in answers]
    return answers, allowed, weights, rng.random() < 0.4


def problem_of(answers, allowed, weights, hard, limit=6):
    return Problem(Game("test", answers, allowed), hard=hard, max_guesses=limit,
                   weights=None if weights is None else np.array(weights, dtype=np.int64))


def check_search(answers, allowed, weights, hard, limit, guesses=4, seed=0):
    """The search's value and guess at a fresh game with `limit` guesses, and a few guesses' values played."""
    problem = problem_of(answers, allowed, weights, hard, limit)
    found = ChanceSearch(problem).value(problem.start())
    want, reaching = naive_chance.best(answers, allowed, answers, limit, hard=hard, weights=weights)
    assert (found.lost, found.total) == want
    assert problem.game.candidates[found.guess] in reaching
    _, played = naive_chance.game(answers, allowed, hard=hard, weights=weights)
    search = ChanceSearch(problem)
    for guess in random.Random(seed).sample(problem.game.candidates, min(guesses, len(problem.game.candidates))):
        got = search.played(problem.start(), guess)
        assert (got.lost, got.total) == played(guess, answers, limit), guess
    return want


@given(st.integers(0, 10**6), st.sampled_from([1, 2, 3]))
def test_the_search_gives_the_brute_force_best(seed, limit):
    check_search(*family_game(random.Random(seed)), limit, guesses=2, seed=seed)


def test_a_fixed_sample_where_the_limit_binds_deep():
    """Whatever hypothesis draws: 3 and 4 guesses that cannot win every answer (the search's deeper paths), both modes."""
    binding = {False: 0, True: 0}
    for seed in range(120):
        answers, allowed, weights, hard = family_game(random.Random(seed))
        limit = 3 if seed % 3 else 4
        lost, _ = check_search(answers, allowed, weights, hard, limit, guesses=2, seed=seed)
        binding[hard] += lost > 0
        if min(binding.values()) >= 4:
            break
    assert min(binding.values()) >= 4


def test_a_sure_win_is_the_exact_searchs_value():
    """Where every answer can be won the pair is (0, the exact search's total): nothing changes there."""
    for seed in range(20):
        answers, allowed, weights, hard = family_game(random.Random(seed))
        problem = problem_of(answers, allowed, weights, hard, None)
        value, best = problem.value(problem.context(), problem.start())
        assert ChanceSearch(problem).value(problem.start()) == Chance(0, value, best)


def test_a_budget_stops_it_with_the_best_found_or_nothing():
    answers, allowed, weights, hard = next(
        g for g in (family_game(random.Random(s)) for s in range(100)) if not g[3] and len(g[0]) >= 9
    )
    problem = problem_of(answers, allowed, weights, hard, 3)
    search = ChanceSearch(problem)
    budget = Budget(1e-9)  # one unit of search work: spent at once
    found, proven = search.within(problem.start(), budget)
    assert not proven and (found is None or found.guess >= 0) and budget.cut and budget.spent > 0
    found, proven = search.within(problem.start(), Budget())
    assert proven and (found.lost, found.total) == naive_chance.best(answers, allowed, answers, 3, weights=weights)[0]


# ---------------------------------------------------------------- the solver's guess (solve, simulate, play)


def hints(history, length):
    constraints = Constraints.none(length)
    for guess, tiles in history:
        constraints = constraints.after(guess, tiles)
    return constraints


@pytest.mark.parametrize("seed", range(0, 60, 5))
def test_the_optimal_strategy_plays_the_best_chance_where_the_limit_binds(seed):
    """At each turn of a game against every answer, with `rows_left` guesses left, the chooser's guess reaches the
    brute-force best (lost, total), within a move budget too (with --pool-only: among the answers left)."""
    rng = random.Random(seed)
    answers, allowed, weights, hard = family_game(rng)
    rows = rng.choice([2, 3, 3])
    pool_only = seed % 4 == 1
    game = Game("test", answers, allowed)
    chooser = OptimalChooser(game, hard=hard, pool_only=pool_only, backend="cpu",
                             weights=None if weights is None else np.array(weights, dtype=np.int64))
    value, played = naive_chance.game(answers, allowed, hard=hard, weights=weights, pool_only=pool_only)
    for answer in answers:
        pool, history = list(answers), []
        for turn in range(rows):
            indices = np.array([game.answer_index[a] for a in pool])
            constraints = hints(history, game.length) if hard else None
            guess = chooser.best(indices, constraints, rows - turn)
            assert played(guess, pool, rows - turn, history) == value(pool, rows - turn, history), (answer, turn, guess)
            assert not pool_only or guess in pool
            choice = chooser.best_within(indices, constraints, rows - turn, 5.0)  # 5 units of work: plenty here
            assert choice.proven and choice.guess == guess
            tiles = naive.feedback(guess, answer)
            if guess == answer:
                break
            history.append((guess, tiles))
            pool = [w for w in pool if naive.feedback(guess, w) == tiles]


def test_with_two_guesses_left_it_guesses_an_answer_not_the_unlimited_searchs_splitter():
    """The strategy dropped the limit where no guess was sure to win: with two guesses left it played ihj (best with no
    limit: it splits the pool, then every answer is found at the 2nd or 3rd guess), which wins none at once and 5 of
    10 answers in the two; hbf (or ihg) wins 5 too, one of them at once."""
    answers = ["bbf", "cbf", "dbf", "hbf", "iag", "ibf", "ieg", "ifg", "ihg", "jbf"]
    game = Game("test", answers, ["ihj"])
    chooser = OptimalChooser(game, hard=False, pool_only=False, backend="cpu")
    pool = np.arange(len(answers))
    assert chooser.best(pool, None, None) == "ihj"  # no limit (past the rows: a game already lost, played on)
    value, played = naive_chance.game(answers, ["ihj"])
    assert value(answers, 2) == (5, 24) == played("hbf", answers, 2) == played("ihg", answers, 2)
    assert played("ihj", answers, 2) == (5, 25)  # as many won, one guess more
    assert chooser.best(pool, None, 2) in ("hbf", "ihg") and chooser.best_within(pool, None, 2, 5.0).guess in ("hbf", "ihg")
    solver = Solver(game, "optimal", exact=OptimalChooser, use_openings=False)
    assert solver.best(pool, None, turn=5) in ("hbf", "ihg")  # the game's 5th turn: two rows left


# ---------------------------------------------------------------- the review


def review_game(rng, answers, allowed, hard, limit):
    """A game against a random answer: random guesses (hard mode's allowed ones) until it is won or the rows run out."""
    answer = rng.choice(answers)
    everyone = list(dict.fromkeys(allowed + answers))
    guesses, history = [], []
    while len(guesses) < limit:
        options = [g for g in everyone if not hard or naive_chance.hard_mode_allows(history, g)]
        guess = answer if rng.random() < 0.25 else rng.choice(options)
        guesses.append(guess)
        history.append((guess, naive.feedback(guess, answer)))
        if guess == answer:
            break
    return guesses, answer


@pytest.mark.parametrize("seed", range(0, 48, 3))
def test_the_review_where_the_limit_binds_is_the_brute_force_one(seed):
    rng = random.Random(seed)
    answers, allowed, weights, hard = family_game(rng)
    limit = rng.choice([3, 4])
    guesses, answer = review_game(rng, answers, allowed, hard, limit)
    review = wordle_cli.review(guesses, answer, answers=answers, allowed=allowed or answers[:1], backend="cpu", cache=False, hard=hard,
                               max_guesses=limit, weights=weights)
    want = naive_review.review(answers, allowed, guesses, answer, max_guesses=limit, weights=weights, hard=hard)
    for got, truth in zip(review.turns, want):
        for name in ("expected", "best", "cost", "luck", "win", "best_win", "luck_win", "ties"):
            assert getattr(got, name) == truth[name], (got.turn, name)
    assert review.check() == len(guesses) + (1 if review.lost else 0 if review.solved else review.remaining)
    assert review.check_win() == (1 if review.solved else 0 if review.lost else review.remaining_win)
    assert review.lost == (answer not in guesses and len(guesses) == limit)
