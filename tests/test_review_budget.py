"""A review under a budget (issues 35, 47): every value exact or an interval holding the brute-force value, even when
the budget is spent (no work left, or the deadline passed) before any search; under a budget of work, the same
review whatever the cache holds: read back at once for the same budget, searched again for a larger one."""

from __future__ import annotations

import functools
import json
import random
import re
from fractions import Fraction
from pathlib import Path

import naive
import naive_review
import pytest

import wordle_cli
from wordle_cli.reviewer import exact as exact_values
from wordle_cli.reviewer.interval import Interval, hi, lo
from wordle_cli.trees import search

WORDS = [w.strip() for w in (Path(__file__).resolve().parent.parent / "wordlists" / "wordle-answers.txt").open() if w.strip()]

#: An instant: every search stops at its first candidate.
NO_TIME = 1e-9

#: No work: every search stops at its first candidate (2 of the search's steps, then the first check).
NO_WORK = 1e-9

#: The limits a review is run under here: a deadline already passed, or no work, or some.
LIMITS = [{"time_limit": NO_TIME}, {"budget": NO_WORK}, {"budget": 4e-5}]


def games():
    """Games of about 20 real answers sharing a pattern (the search goes deep on them), three turns played."""
    rng = random.Random(3535)
    for pattern in (".i..t", "...er", ".o.e.", "..i.e"):
        alike = [w for w in WORDS if re.fullmatch(pattern, w)]
        answers = sorted(rng.sample(alike, min(len(alike), 18)))
        allowed = rng.sample(WORDS, 3)
        answer = rng.choice(answers)
        guesses = [g for g in rng.sample(answers + allowed, 2) if g != answer] + [answer]
        yield answers, allowed, guesses, answer


GAMES = list(games())


@pytest.fixture(autouse=True)
def cache_dir(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("WORDLE_CACHE_DIR", str(folder))
    return folder


def holds(value, truth: Fraction) -> bool:
    if isinstance(value, Interval):
        return value.lower <= truth and (value.upper is None or truth <= value.upper) and value.lower < (value.upper or truth + 1)
    return value == truth


def review(answers, allowed, guesses, answer, **options):
    return wordle_cli.review(guesses, answer, answers=answers, allowed=allowed, backend="cpu", max_guesses=None, **options)


def assert_holds(result, want):
    for got, truth in zip(result.turns, want):
        for name in ("expected", "best", "cost", "luck"):
            assert holds(getattr(got, name), truth[name]), (got.turn, name, getattr(got, name), truth[name])


@functools.cache
def brute_force(i: int) -> list:
    """GAMES[i]'s review by brute force (`naive_review`): computed once, for every test of the game."""
    answers, allowed, guesses, answer = GAMES[i]
    return naive_review.review(answers, allowed, guesses, answer, max_guesses=None)


@pytest.mark.parametrize("parallel", [False, True])
@pytest.mark.parametrize("i", range(len(GAMES)))
def test_a_review_out_of_time_gives_intervals_holding_the_brute_force_values(i, parallel, monkeypatch):
    if parallel:  # every forced guess proven by `Problem.prove_parts` on threads, as an opener on full lists is
        monkeypatch.setattr(exact_values, "PARALLEL_MIN_POOL", 1)
    want = brute_force(i)
    for limits in LIMITS:
        result = review(*GAMES[i], cache=False, threads=2, **limits)
        assert_holds(result, want)
        if not result.exact:
            assert result.check() is None  # the sum only adds up exact values
    proven = review(*GAMES[i], cache=False)
    assert proven.exact
    assert_holds(proven, want)


@pytest.mark.parametrize("limits", LIMITS)
def test_no_time_gives_some_intervals_on_these_games(limits):
    """The games above are deep enough that an instant (or no work, or a little) is too short: the intervals are
    really tested."""
    assert any(not review(*game, cache=False, **limits).exact for game in GAMES)


#: Budgets of work (units) that cut these games' reviews at many points, and none.
BUDGETS = [None, 1e-5, 2.4e-5, 6e-5, 1.6e-4, 4e-4]


@pytest.mark.parametrize("parallel", [False, True])
def test_a_budgeted_review_is_the_same_whatever_the_cache_holds(cache_dir, monkeypatch, parallel):
    """Issue 47 item 4: a review is a function of its game and its budget alone. Reviews with budgets in a shuffled
    order fill one cache (each run charged what it reads as a fresh run is charged for searching), and each prints
    what a review with no cache at all prints; a repeat is read back whole, and a larger budget goes on from the
    values the smaller one proved."""
    import random

    if parallel:
        monkeypatch.setattr(exact_values, "PARALLEL_MIN_POOL", 1)
    for game in GAMES[:3]:
        fresh = {budget: review(*game, budget=budget, cache=False).as_dict() for budget in BUDGETS}
        assert len({str(v) for v in fresh.values()}) > 2  # the budgets really cut the review at different points
        order = BUDGETS * 2
        random.Random(len(game[0])).shuffle(order)
        for i, budget in enumerate(order):
            assert review(*game, budget=budget, threads=1 + i % 2).as_dict() == fresh[budget], (game[2], budget)


def test_a_repeat_is_read_back_whole(cache_dir, monkeypatch):
    """The same review with the same budget is read back at once: no search, not even a feedback table."""
    from wordle_cli.trees.builder import Problem

    game = next(g for g in GAMES if not review(*g, budget=NO_WORK, cache=False).exact)
    first = review(*game, budget=NO_WORK)

    def refused(*args, **kwargs):
        raise AssertionError("searched again")

    monkeypatch.setattr(Problem, "__init__", refused)
    assert review(*game, budget=NO_WORK).as_dict() == first.as_dict()


def test_a_larger_budget_goes_on_from_what_a_smaller_one_proved(cache_dir):
    """What a cut review proved is read back by a review with more work (charged its work: the same values as
    without the cache), and only what it left cut is searched again; the ranges narrow to the brute-force values."""
    i = next(i for i, g in enumerate(GAMES) if not review(*g, budget=6e-5, cache=False).exact)
    answers, allowed, guesses, answer = GAMES[i]
    want = brute_force(i)
    first = review(answers, allowed, guesses, answer, budget=6e-5)
    proven = review(answers, allowed, guesses, answer, budget=0)  # no limit: to the end
    assert not first.exact and proven.exact
    assert_holds(proven, want)
    for before, after in zip(first.turns, proven.turns):
        for name in ("expected", "best"):
            assert lo(getattr(before, name)) <= getattr(after, name) <= (hi(getattr(before, name)) or getattr(after, name))


def test_what_the_wall_clock_cut_is_never_kept_and_says_so(cache_dir):
    """A range the wall clock cut varies from run to run: the output says so, and the cache keeps none of it."""
    answers, allowed, guesses, answer = GAMES[0]
    result = review(answers, allowed, guesses, answer, time_limit=NO_TIME)
    assert not result.exact and result.clocked
    from wordle_cli.reviewer.report import summary_lines

    assert "wall-clock limit (another run may stop elsewhere" in "\n".join(summary_lines(result))
    kept = [json.loads(path.read_text()) for path in cache_dir.rglob("*.json")]
    assert all(entry.get("within") is None and entry.get("lower") is None for entry in kept)
    assert not any(entry["best"] == "review" for entry in kept)


def test_intervals_in_the_table_and_the_json(tmp_path):
    answers, allowed, guesses, answer = next(g for g in GAMES if not review(*g, budget=NO_WORK, cache=False).exact)
    result = review(answers, allowed, guesses, answer, budget=NO_WORK, cache=False)
    data = result.as_dict()
    assert data["exact"] is False
    shown = [t for t in data["turns"] if isinstance(t["expected"], dict) or isinstance(t["best"], dict)]
    assert shown and all("lower" in (t["expected"] if isinstance(t["expected"], dict) else t["best"]) for t in shown)
    from wordle_cli.reviewer.report import summary_lines, table_lines

    text = "\n".join([*table_lines(result, "letters"), *summary_lines(result)])
    assert "–" in text and "the proof stopped at its budget of 1e-09 units of search work (--budget 0 proves to the end)" in text
    assert naive.feedback(answer, answer)  # the game is a real one


def test_what_an_interruption_stopped_is_never_kept(cache_dir, monkeypatch):
    """A search stopped by neither the budget nor the clock (Ctrl-C at `play`'s review, whose worker runs on unseen)
    found no result: none of it is kept, neither a range nor the whole review, so a later review cannot read it."""
    from wordle_cli.trees.builder import Problem

    value = Problem.value

    def interrupted(self, ctx, position, beta=search.INF):
        if self.top_k == 0:  # the proofs (the quick searches giving the upper bounds run on)
            ctx.stop[0] = 1  # as `trees.budget._stop_all` does, the moment the search starts
        return value(self, ctx, position, beta)

    monkeypatch.setattr(Problem, "value", interrupted)
    game = next(g for g in GAMES if not review(*g, budget=NO_WORK, cache=False).exact)
    review(*game, budget=1)
    kept = [json.loads(path.read_text()) for path in cache_dir.rglob("*.json")]
    assert not any(entry.get("within") is not None or entry["best"] == "review" for entry in kept), kept


def test_a_range_from_a_bounded_stored_opener_says_so_with_no_limit(cache_dir):
    """Issue 49 item 4: with no limit (`--time-limit 0`) a range left by the stored best opener printed a TypeError
    traceback (the values line formatted a None limit), and with one it blamed the limit. It names the opener."""
    import naive_tree
    import numpy as np

    from wordle_cli.model.game import Game
    from wordle_cli.reviewer.report import summary_lines
    from wordle_cli.trees import opener_store
    from wordle_cli.trees.opener import OpenerResult

    answers = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]
    allowed = ["roate", "salet", "chump"]
    weights = np.arange(1, len(answers) + 1, dtype=np.int64)
    game = Game("test", answers, allowed)
    total = naive_tree.best_total(answers, allowed, max_guesses=6, first="salet", weights=weights.tolist())
    bounded = OpenerResult("salet", total, int(weights.sum()), total - 7, len(game.candidates), False, 6, 9.0, time_limit=5.0)
    opener_store.OpenerCache(cache_dir).put(game, weights, bounded)
    result = wordle_cli.review(["salet", "humph"], "humph", answers=answers, allowed=allowed, backend="cpu", weights=weights,
                               time_limit=None, budget=None)
    assert not result.exact and result.turns[0].best == Interval(Fraction(total - 7, 78), Fraction(total, 78))
    values = next(line for line in summary_lines(result) if line.startswith("values"))
    assert "the best opener's proof was bounded before this review" in values and "limit" not in values.split("):")[-1]
