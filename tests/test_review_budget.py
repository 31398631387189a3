"""A review under a time limit (issue 35): every value exact or an interval holding the brute-force value, even
when the deadline has passed before any search; intervals kept in the cache, refined by a longer run."""

from __future__ import annotations

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

WORDS = [w.strip() for w in (Path(__file__).resolve().parent.parent / "wordlists" / "wordle-answers.txt").open() if w.strip()]

#: An instant: every search stops at its first candidate.
NO_TIME = 1e-9


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


@pytest.mark.parametrize("parallel", [False, True])
@pytest.mark.parametrize("answers, allowed, guesses, answer", GAMES)
def test_a_review_out_of_time_gives_intervals_holding_the_brute_force_values(answers, allowed, guesses, answer, parallel, monkeypatch):
    if parallel:  # every forced guess proven by `Problem.build` on threads, as an opener on full lists is
        monkeypatch.setattr(exact_values, "PARALLEL_MIN_POOL", 1)
    want = naive_review.review(answers, allowed, guesses, answer, max_guesses=None)
    result = review(answers, allowed, guesses, answer, time_limit=NO_TIME, cache=False, threads=2)
    assert_holds(result, want)
    if not result.exact:
        assert result.check() is None  # the sum only adds up exact values
    proven = review(answers, allowed, guesses, answer, cache=False)
    assert proven.exact
    assert_holds(proven, want)


def test_no_time_gives_some_intervals_on_these_games():
    """The games above are deep enough that an instant is too short: the intervals are really tested."""
    assert any(not review(*game, time_limit=NO_TIME, cache=False).exact for game in GAMES)


def test_intervals_are_cached_and_a_longer_run_refines_them(cache_dir):
    answers, allowed, guesses, answer = next(g for g in GAMES if not review(*g, time_limit=NO_TIME, cache=False).exact)
    want = naive_review.review(answers, allowed, guesses, answer, max_guesses=None)
    first = review(answers, allowed, guesses, answer, time_limit=NO_TIME)
    assert not first.exact
    again = review(answers, allowed, guesses, answer, time_limit=NO_TIME)  # the same budget: searched again, no better
    assert [t.as_dict() for t in again.turns] == [t.as_dict() for t in first.turns]
    proven = review(answers, allowed, guesses, answer, time_limit=0)  # no limit: searched again, to the end
    assert proven.exact
    assert_holds(proven, want)
    for before, after in zip(first.turns, proven.turns):
        for name in ("expected", "best"):
            assert lo(getattr(before, name)) <= getattr(after, name) <= (hi(getattr(before, name)) or getattr(after, name))


def test_intervals_in_the_table_and_the_json(tmp_path):
    answers, allowed, guesses, answer = next(g for g in GAMES if not review(*g, time_limit=NO_TIME, cache=False).exact)
    result = review(answers, allowed, guesses, answer, time_limit=NO_TIME, cache=False)
    data = result.as_dict()
    assert data["exact"] is False
    shown = [t for t in data["turns"] if isinstance(t["expected"], dict) or isinstance(t["best"], dict)]
    assert shown and all("lower" in (t["expected"] if isinstance(t["expected"], dict) else t["best"]) for t in shown)
    from wordle_cli.reviewer.report import summary_lines, table_lines

    text = "\n".join([*table_lines(result, "letters"), *summary_lines(result)])
    assert "–" in text and "the proof stopped at the" in text
    assert naive.feedback(answer, answer)  # the game is a real one


# ---------------------------------------------------------------- why a value is a range (issue 49, item 4)


def test_a_range_from_a_bounded_stored_opener_says_so_whatever_the_time_limit(cache_dir):
    """With no time limit (`--time-limit 0`) a range left by the stored best opener printed a TypeError traceback (the
    values line formatted a None limit); with one, it blamed the limit. It names the stored opener's search instead."""
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
    for limit in (None, 10.0):
        result = wordle_cli.review(["salet", "humph"], "humph", answers=answers, allowed=allowed, backend="cpu", weights=weights,
                                   time_limit=limit)
        assert not result.exact and result.turns[0].best == Interval(Fraction(total - 7, 78), Fraction(total, 78))
        values = next(line for line in summary_lines(result) if line.startswith("values"))
        assert "the best opener's range is `wordle tree opener`'s (from the cache), whose search over every opener " \
               "stopped at its 5 s limit: its upper bound is salet's own total" in values
        assert "the proof stopped" not in values and not result.stopped
