"""Turn 1 graded under a prior on a pool too large to search (issue 48, item 3), checked on tiny games.

The pool here is made "too large" by lowering `ROOT_SEARCH_MAX_POOL` to 5, and
the cache is trusted for tiny games (`RECOMPUTED_MAX_POOL` 0), so that every
case a full-size review meets is met in a moment; every value is checked
against brute force (tests/naive_tree.py).
"""

from __future__ import annotations

import datetime as dt
import random
from fractions import Fraction

import naive_tree
import numpy as np
import pytest

from wordle_cli import api
from wordle_cli.model.game import Game
from wordle_cli.model.weights import AnswerWeights
from wordle_cli.reviewer import exact
from wordle_cli.trees import opener_store
from wordle_cli.trees.opener import OpenerResult

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf",
           "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign"]
ALLOWED = ["crane", "slate", "point", "tarse", "salet"]


@pytest.fixture
def big_enough(monkeypatch, tmp_path):
    monkeypatch.setattr(exact, "ROOT_SEARCH_MAX_POOL", 5)
    monkeypatch.setattr(opener_store, "RECOMPUTED_MAX_POOL", 0)
    monkeypatch.setattr(opener_store, "_shipped_entries", lambda: [])
    monkeypatch.setenv("WORDLE_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def weights(seed: int) -> np.ndarray:
    rng = random.Random(seed)
    return np.array([rng.randint(1, 40) for _ in ANSWERS], dtype=np.int64)


def review(guesses, answer, w, date=None, hard=False):
    prior = AnswerWeights("test prior", w, **({"date": date} if date is not None else {}))
    return api.review(guesses, answer, answers=ANSWERS, allowed=ALLOWED, weights=prior, time_limit=None, hard=hard)


def brute(w, first=None) -> Fraction:
    return Fraction(naive_tree.best_total(ANSWERS, ALLOWED + ANSWERS, weights=w.tolist(), max_guesses=6, first=first), int(w.sum()))


def test_a_proven_opener_for_this_prior_grades_turn_1_exactly(big_enough):
    w = weights(1)
    proof = opener_store.find(Game("t", ANSWERS, ALLOWED), w, cache_root=big_enough)
    assert proof.proven
    r = review(["crane", "cigar"], "cigar", w)
    assert r.turns[0].best == brute(w) and r.turns[0].best_guess == proof.opener
    assert r.turns[0].cost == brute(w, "crane") - brute(w)
    assert r.reference is None and not any("graded against" in n for n in r.notes)


def prove_for_another_day(cache, seed: int, day: dt.date) -> OpenerResult:
    game = Game("t", ANSWERS, ALLOWED)
    other = weights(seed)
    result = opener_store.find(game, other, cache_root=cache, date=day)
    assert result.proven
    return result


def test_otherwise_turn_1_is_graded_against_the_opener_proven_for_the_nearest_day(big_enough):
    early = prove_for_another_day(big_enough, 7, dt.date(2026, 6, 1))
    late = prove_for_another_day(big_enough, 8, dt.date(2026, 11, 1))
    assert early.opener != late.opener  # (the seeds are chosen so: the day decides which is used)
    w = weights(3)
    for day, chosen in ((dt.date(2026, 6, 20), early), (dt.date(2026, 10, 30), late)):
        r = review(["sissy", "cigar"], "cigar", w, date=day)
        first = r.turns[0]
        assert brute(w, "sissy") > brute(w, chosen.opener)  # (a weak opener: the reference stays the best shown)
        assert first.best_guess == chosen.opener and first.best == brute(w, chosen.opener)  # its exact value under this prior
        assert first.cost == brute(w, "sissy") - brute(w, chosen.opener)  # one number, not a range
        assert r.reference == f"the best known opener (proven for {chosen_day(chosen, early)})"
        assert any("graded against" in n and "none needs fewer than" in n for n in r.notes)
        assert r.check() == 2  # best + costs - luck adds up to the guesses, against the reference too


def chosen_day(chosen, early) -> str:
    return "2026-06-01" if chosen is early else "2026-11-01"


def test_the_summary_and_json_name_the_reference(big_enough):
    from wordle_cli.reviewer.report import summary_lines

    opener = prove_for_another_day(big_enough, 7, dt.date(2026, 6, 1)).opener
    r = review(["sissy", "cigar"], "cigar", weights(3), date=dt.date(2026, 6, 2))
    (line,) = [x for x in summary_lines(r) if x.startswith("expected")]
    assert line.endswith(f"with the best known opener (proven for 2026-06-01), {opener}")
    assert r.as_dict()["reference"] == "the best known opener (proven for 2026-06-01)"


def test_no_opener_known_for_any_day_names_tree_opener(big_enough):
    r = review(["crane", "cigar"], "cigar", weights(3))
    assert r.turns[0].best is None
    assert any("`wordle tree opener` proves it" in n for n in r.notes)


def test_a_small_game_is_searched_never_read_from_a_stored_entry(monkeypatch, tmp_path):
    """A bounded (or forged) entry for a game the review proves at once never replaces its exact value."""
    monkeypatch.setenv("WORDLE_CACHE_DIR", str(tmp_path))
    w = weights(5)
    game = Game("t", ANSWERS, ALLOWED)
    least = 2 * int(w.sum()) - int(w.max())  # a bound every pool has: plausible, and far from the truth
    wrong = OpenerResult("salet", int(brute(w, "salet") * int(w.sum())), int(w.sum()), least, len(game.candidates), False, 6, 1.0,
                         time_limit=5.0)
    monkeypatch.setattr(opener_store, "RECOMPUTED_MAX_POOL", 0, raising=False)
    opener_store.OpenerCache(tmp_path).put(game, w, wrong)
    monkeypatch.undo()
    monkeypatch.setenv("WORDLE_CACHE_DIR", str(tmp_path))
    r = review(["crane", "cigar"], "cigar", w)
    assert r.turns[0].best == brute(w) and r.exact


def test_an_opener_better_than_the_reference_is_the_best_known_at_no_cost(big_enough):
    """The reference is not proven best under this day's prior: an opener played that beats it is the best known,
    graded at no cost (never a negative cost, nor a best above the opener's own value), and said so."""
    from wordle_cli.reviewer.report import summary_lines

    reference = prove_for_another_day(big_enough, 7, dt.date(2026, 6, 1)).opener
    w = weights(3)  # a prior whose best opener is not the reference (tried seeds)
    best = opener_store.find(Game("t", ANSWERS, ALLOWED), w).opener  # this prior's own best (not cached: not known)
    assert brute(w, best) < brute(w, reference)
    r = review([best, "cigar"], "cigar", w, date=dt.date(2026, 6, 2))
    first = r.turns[0]
    assert first.expected == first.best == brute(w, best) and first.best_guess == best and first.cost == 0
    assert r.beaten == (reference, brute(w, reference))
    assert r.as_dict()["beaten"] == {"guess": reference, "expected": float(brute(w, reference))}
    assert any(n.startswith(f"turn 1: {best} beats {reference}") for n in r.notes)
    (line,) = [x for x in summary_lines(r) if x.startswith("expected")]
    assert f"better than the best known opener (proven for 2026-06-01), {reference}" in line
    assert r.check() == 2


def test_in_hard_mode_the_reference_is_a_hard_mode_proof(big_enough):
    """Hard mode's turn 1 is graded against the opener proven in hard mode for the nearest day (never normal mode's)."""
    game, day = Game("t", ANSWERS, ALLOWED), dt.date(2026, 6, 1)
    assert opener_store.find(game, weights(7), cache_root=big_enough, date=day).proven  # normal mode's: not used
    assert review(["crane", "cigar"], "cigar", weights(3), date=day, hard=True).turns[0].best is None
    hard = opener_store.find(game, weights(7), hard=True, cache_root=big_enough, date=day)
    w = weights(3)
    r = review(["sissy", "cigar"], "cigar", w, date=dt.date(2026, 6, 9), hard=True)
    truth = Fraction(naive_tree.best_total(ANSWERS, ALLOWED + ANSWERS, weights=w.tolist(), max_guesses=6, first=hard.opener, hard=True),
                     int(w.sum()))
    assert r.turns[0].best_guess == hard.opener and r.turns[0].best == truth
    assert r.reference == "the best known opener (proven for 2026-06-01)"
