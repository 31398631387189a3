"""`wordle review` under a prior (issue 44, items 1, 16, 9): every value and count weighted, against a hand-checked
example and brute force on tiny weighted games (tests/naive_review.py); ranges at the time limit hold the weighted
truth; the luck's words for ranges; what `review --help` says cost and luck are."""

from __future__ import annotations

import functools
import json
import random
import re
from fractions import Fraction
from pathlib import Path

import naive_review
import naive_tree
import numpy as np
import pytest
from clitools import invoke, write

import wordle_cli
from wordle_cli.model.game import Game
from wordle_cli.reviewer import exact as exact_values
from wordle_cli.reviewer.interval import Interval
from wordle_cli.reviewer.review import TurnReview
from wordle_cli.trees.builder import Problem

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]
ALLOWED = ["roate", "raise", "zzzzz", "eerie", "qajaq", "lints", "chump", "salet", "bumph"]
EVERY = ALLOWED + ANSWERS  # the game's guesses: the brute force gets them all

#: The issue's example: five -ough answers of weights 5/1/1/2/3, and two other guesses.
OUGH = ["tough", "cough", "dough", "rough", "bough"]
OUGH_WEIGHTS = [5, 1, 1, 2, 3]


@pytest.fixture(autouse=True)
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLE_CACHE_DIR", str(tmp_path / "cache"))


def weights_for(seed: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.choice([1, 1, 2, 3, 7, 20]) for _ in ANSWERS]


def api_review(guesses, answer, weights, **options):
    return wordle_cli.review(guesses, answer, answers=ANSWERS, allowed=ALLOWED, backend="cpu", weights=weights, **options)


# ---------------------------------------------------------------- item 16: the expected answers left, weighted


def test_the_issues_example_shows_the_weighted_expected_answers_left(runner, tmp_path):
    """crane splits {tough, dough, bough} (weight 9) from {cough} (1) and {rough} (2): under the prior
    (9 x 3 + 1 x 1 + 2 x 1) / 12 = 2.5 answers are expected left, not the uniform (9 + 1 + 1) / 5 = 2.2."""
    lists = ["--answers", write(tmp_path / "a.txt", OUGH), "--allowed", write(tmp_path / "g.txt", ["crane", "bdrtc"]), "--game", "wordle"]
    prior = tmp_path / "p.csv"
    prior.write_text("".join(f"{w},{x}\n" for w, x in zip(OUGH, OUGH_WEIGHTS)))
    game = ["--no-cache", "-q", "--tiles", "byg", "--answer", "rough", "crane", "tough", "rough"]
    args = ["review", *lists, "--prior", str(prior), *game]
    table = invoke(runner, args)
    assert table.exit_code == 0, table.stderr
    assert "5 → 1 (2.5)" in table.stdout.splitlines()[1]
    data = json.loads(invoke(runner, [*args, "--json"]).stdout)
    assert data["turns"][0]["expected_left"] == 2.5
    # tough then leaves {rough} alone: its classes {tough} (win) and {rough}, each of one answer.
    assert data["turns"][1]["expected_left"] == 1
    uniform = json.loads(invoke(runner, ["review", *lists, "--prior", "uniform", *game, "--json"]).stdout)
    assert uniform["turns"][0]["expected_left"] == 2.2  # unchanged when uniform


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize(
    "guesses, answer",
    [
        (["salet", "chump", "humph"], "humph"),
        (["zzzzz", "qajaq", "lints", "naval"], "naval"),
        (["raise", "eerie", "serve"], "serve"),
    ],
)
def test_weighted_values_equal_brute_force(guesses, answer, seed):
    weights = weights_for(seed)
    review = api_review(guesses, answer, weights, cache=False)
    want = naive_review.review(ANSWERS, EVERY, guesses, answer, weights=weights)
    assert len(review.turns) == len(want)
    for got, truth in zip(review.turns, want):
        assert (got.before, got.after) == (truth["before"], truth["after"])
        for name in ("expected", "best", "cost", "luck", "expected_left", "ties", "limit"):
            assert getattr(got, name) == truth[name], (got.turn, name)


# ---------------------------------------------------------------- item 1: the quick tree under a prior


def test_the_quick_trees_total_under_a_prior_is_weighted():
    """`Problem.quick`'s check counted each leaf once against a weighted value: an AssertionError on any weighted pool."""
    weights = np.array(weights_for(3), dtype=np.int64)
    problem = Problem(Game("wordle", ANSWERS, ALLOWED), max_guesses=6, weights=weights)
    start = problem.start()
    value, tree = problem.quick(start)
    leaves = list(tree.leaves(problem.win))
    assert sorted(answer for answer, _ in leaves) == sorted(ANSWERS)
    assert value == sum(int(weights[ANSWERS.index(answer)]) * depth for answer, depth in leaves)
    assert value >= naive_tree.best_total(ANSWERS, EVERY, max_guesses=6, weights=weights.tolist())


def holds(value, truth: Fraction) -> bool:
    if isinstance(value, Interval):
        return value.lower <= truth and (value.upper is None or truth <= value.upper)
    return value == truth


def deep_games():
    """Games of about 18 real answers sharing a pattern (the search goes deep: an instant is too short for it), with
    weights, three turns played (as tests/test_review_budget.py's, under a prior)."""
    words = [w.strip() for w in (Path(__file__).resolve().parent.parent / "wordlists" / "wordle-answers.txt").open() if w.strip()]
    rng = random.Random(4401)
    for pattern in (".i..t", "...er", ".o.e."):
        answers = sorted(rng.sample([w for w in words if re.fullmatch(pattern, w)], 18))
        allowed = rng.sample(words, 3)
        answer = rng.choice(answers)
        guesses = [g for g in rng.sample(answers + allowed, 2) if g != answer] + [answer]
        yield answers, allowed, guesses, answer, [rng.choice([1, 2, 5, 30]) for _ in answers]


DEEP = list(deep_games())


@functools.cache
def _truth(answers, allowed, guesses, answer, weights):
    return naive_review.review(list(answers), list(allowed + answers), list(guesses), answer, max_guesses=None, weights=list(weights))


def truth_of(answers, allowed, guesses, answer, weights):
    """The brute force's weighted review (once per game: both parametrisations share it)."""
    return _truth(tuple(answers), tuple(allowed), tuple(guesses), answer, tuple(weights))


@pytest.mark.parametrize("parallel", [False, True])
@pytest.mark.parametrize("answers, allowed, guesses, answer, weights", DEEP)
def test_a_weighted_review_out_of_time_gives_ranges_holding_the_weighted_truth(answers, allowed, guesses, answer, weights, parallel, monkeypatch):
    if parallel:  # every forced guess proven by `Problem.build` on threads, as a full list's opener is
        monkeypatch.setattr(exact_values, "PARALLEL_MIN_POOL", 1)
    want = truth_of(answers, allowed, guesses, answer, weights)
    result = wordle_cli.review(
        guesses, answer, answers=answers, allowed=allowed, backend="cpu", weights=weights, time_limit=1e-9, cache=False,
        max_guesses=None, threads=2,
    )
    for got, truth in zip(result.turns, want):
        for name in ("expected", "best", "cost", "luck"):
            assert holds(getattr(got, name), truth[name]), (got.turn, name, getattr(got, name), truth[name])
        assert got.expected_left == truth["expected_left"]


def test_an_instant_is_too_short_for_these_weighted_games():
    """The games above really give ranges (the quick trees' path is taken)."""
    assert any(
        not wordle_cli.review(g, a, answers=ans, allowed=al, backend="cpu", weights=w, time_limit=1e-9, cache=False, max_guesses=None).exact
        for ans, al, g, a, w in DEEP
    )


# ---------------------------------------------------------------- item 9: words and labels


def turn_with_luck(luck) -> TurnReview:
    return TurnReview(1, "crane", (0,) * 5, 5, 1, Fraction(1), Fraction(2), Fraction(2), "crane", 1, Fraction(0), luck)


@pytest.mark.parametrize(
    "luck, words",
    [
        (Fraction(1, 3), "lucky"),
        (Fraction(-1, 3), "unlucky"),
        (Fraction(0), "average"),
        (Interval(Fraction(-526, 1000), Fraction(168, 1000)), "either"),
        (Interval(Fraction(-1, 2), None), "either"),
        (Interval(Fraction(0), Fraction(1, 5)), "lucky or average"),
        (Interval(Fraction(-1, 5), Fraction(0)), "unlucky or average"),
        (Interval(Fraction(1, 10), Fraction(1, 5)), "lucky"),
        (Interval(Fraction(-1, 5), Fraction(-1, 10)), "unlucky"),
    ],
)
def test_every_luck_gets_its_word(luck, words):
    assert turn_with_luck(luck).luck_words == words


def test_a_luck_near_zero_never_shows_as_zero():
    from wordle_cli.reviewer.report import _signed

    assert _signed(Fraction(1, 4000)) == "+0.0003"
    assert _signed(Fraction(-1, 3000)) == "-0.0003"
    assert _signed(Interval(Fraction(1, 5000), Fraction(1, 3))) == "+0.0002–+0.333"
    assert _signed(Fraction(0)) == "0" and _signed(Fraction(1, 3)) == "+0.333"


def test_review_help_says_what_cost_and_luck_are(runner):
    text = " ".join(invoke(runner, ["review", "--help"]).stdout.split())
    assert "cost expected - best: what the guess lost to the best one (0: optimal)" in text
    assert "luck expected - 1 - best after its outcome: + lucky, - unlucky, 0 average" in text
