"""The best opener under a prior (issue 40, item 2): proven over every guess, kept in the cache, shipped for a day.

The search is checked against brute force (tests/naive_tree.py) on tiny games
with random weights: the opener's own total is the brute-force total of that
opener, and no opener does better (the brute-force optimum over all guesses).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import random

import naive_tree
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_search_paths import _seeded_game, games

from wordle_cli import tables
from wordle_cli.model.game import Game
from wordle_cli.trees import opener_store
from wordle_cli.trees.budget import Deadline
from wordle_cli.trees.builder import Problem
from wordle_cli.trees.opener import OpenerResult, prove_opener


def weights_for(seed: int, n: int) -> np.ndarray:
    rng = random.Random(seed)
    top = rng.choice([2, 5, 50, 1000])
    return np.array([rng.randint(1, top) for _ in range(n)], dtype=np.int64)


def proven(answers, allowed, weights, count=3, deadline=None, **rules) -> OpenerResult | None:
    problem = Problem(Game("test", answers, allowed), weights=weights, **rules)
    try:
        return prove_opener(problem, deadline or Deadline(None), count=count)
    except Exception as exc:  # noqa: BLE001 - only "no opener wins" is expected
        assert "no opener" in str(exc)
        return None


def check_against_brute_force(answers, allowed, weights, rules, counts):
    rules = {k: v for k, v in rules.items() if k != "pool_only"}
    best = naive_tree.best_total(answers, allowed, weights=weights.tolist(), **rules)
    for count in counts:
        result = proven(answers, allowed, weights, count=count, **rules)
        if result is None:
            assert best == naive_tree.INF
            continue
        assert result.proven and result.lower == result.total
        assert result.total == best
        assert naive_tree.best_total(answers, allowed, weights=weights.tolist(), first=result.opener, **rules) == best
        assert result.weight == int(weights.sum())
        assert result.guesses == len(Game("test", answers, allowed).candidates)


@given(games(), st.integers(0, 10**6), st.sampled_from([0, 1, 3]))
def test_the_opener_is_the_brute_force_best_under_random_weights(game, seed, count):
    answers, allowed, rules = game
    check_against_brute_force(answers, allowed, weights_for(seed, len(answers)), rules, [count])


def test_a_fixed_sample_of_games():
    """40 seeded games with random weights, each with 0, 1 and 3 leaders (0: the search over every guess alone)."""
    for seed in range(40):
        rng = random.Random(seed)
        answers, allowed, rules = _seeded_game(rng)
        check_against_brute_force(answers, allowed, weights_for(seed, len(answers)), rules, (0, 1, 3))


@settings(max_examples=15)
@given(games(), st.integers(0, 10**6))
def test_a_stopped_search_gives_a_true_bound_and_a_true_total(game, seed):
    """A time limit already spent: the first leader is still proven for itself; the bound holds for every opener."""
    answers, allowed, rules = game
    rules = {k: v for k, v in rules.items() if k != "pool_only"}
    weights = weights_for(seed, len(answers))
    deadline = Deadline(1e-9)
    result = proven(answers, allowed, weights, deadline=deadline, **rules)
    if result is None:
        return
    best = naive_tree.best_total(answers, allowed, weights=weights.tolist(), **rules)
    assert result.lower <= best <= result.total
    assert naive_tree.best_total(answers, allowed, weights=weights.tolist(), first=result.opener, **rules) == result.total
    if not result.proven:
        assert result.time_limit == deadline.seconds
        assert "not proven best" in result.proof_text()


def test_a_heavy_answer_is_worth_opening_with():
    """Three answers no guess splits better than each other: the heaviest, guessed first, finds most of the weight."""
    answers, allowed = ["cigar", "rebut", "sissy"], ["crane"]
    result = proven(answers, allowed, np.array([1, 1, 8]), max_guesses=6)
    assert (result.opener, result.total, result.weight) == ("sissy", 8 + 2 + 2, 10)
    assert result.proof_text() == "proven best over all 4 guesses"


# ---------------------------------------------------------------- the cache


@pytest.fixture
def tiny():
    answers = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]
    return Game("tiny", answers, ["crane", "slate", "point"]), np.array([5, 1, 2, 3, 1, 1, 7, 1, 2, 4], dtype=np.int64)


def test_the_cache_round_trips(tiny, tmp_path):
    game, weights = tiny
    first = opener_store.find(game, weights, cache_root=tmp_path)
    assert first.source == "computed" and first.proven
    (entry,) = tmp_path.iterdir()
    again = opener_store.find(game, weights, cache_root=tmp_path)
    assert again.source == "cache"
    assert (again.opener, again.total, again.weight, again.lower, again.guesses) == (
        first.opener, first.total, first.weight, first.lower, first.guesses
    )
    other = opener_store.find(game, weights[::-1].copy(), cache_root=tmp_path)  # another prior: its own entry
    assert other.source == "computed" and len(list(tmp_path.iterdir())) == 2
    hard = opener_store.find(game, weights, hard=True, cache_root=tmp_path)  # another mode: likewise
    assert hard.source == "computed" and hard.hard and len(list(tmp_path.iterdir())) == 3


@pytest.mark.parametrize(
    "damage",
    ["garbage", "empty", "not utf-8", "a json list", "checksum", "a total changed and rechecked", "an opener not a guess", "deep json"],
)
def test_a_damaged_entry_is_recomputed_and_rewritten(tiny, tmp_path, damage):
    game, weights = tiny
    first = opener_store.find(game, weights, cache_root=tmp_path)
    (path,) = tmp_path.iterdir()
    data = json.loads(path.read_text())
    if damage == "garbage":
        path.write_text("{not json")
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "not utf-8":
        path.write_bytes(b"\xff\xfe{}")
    elif damage == "a json list":
        path.write_text("[1, 2]")
    elif damage == "checksum":
        data["total"] -= 1
        path.write_text(json.dumps(data))
    elif damage == "a total changed and rechecked":  # a checksum that matches, numbers no tree can have
        data["lower"] = data["total"] = 1
        data["check"] = opener_store._checksum(data["key"], data)
        path.write_text(json.dumps(data))
    elif damage == "an opener not a guess":
        data["opener"] = "zzzzz"
        data["check"] = opener_store._checksum(data["key"], data)
        path.write_text(json.dumps(data))
    elif damage == "deep json":
        path.write_text("[" * 100000 + "]" * 100000)
    problems = []
    again = opener_store.find(game, weights, cache_root=tmp_path, problems=problems)
    assert again.source == "computed" and (again.opener, again.total) == (first.opener, first.total)
    assert any("ignored" in p and str(path) in p for p in problems)
    assert opener_store.find(game, weights, cache_root=tmp_path).source == "cache"  # rewritten


@pytest.mark.parametrize("special", ["fifo", "link", "folder"])
def test_a_special_file_at_the_entry_is_left_alone(tiny, tmp_path, special):
    game, weights = tiny
    key = opener_store.prior_key(game, weights, False, 6)
    path = opener_store.OpenerCache(tmp_path).path(key)
    if special == "fifo":
        os.mkfifo(path)
    elif special == "link":
        target = tmp_path / "elsewhere"
        target.write_text("kept")
        os.symlink(target, path)
    else:
        path.mkdir()
    problems = []
    result = opener_store.find(game, weights, cache_root=tmp_path, problems=problems)  # never waits on the FIFO
    assert result.source == "computed" and result.proven
    assert problems and all(str(path) in p for p in problems)
    assert os.path.lexists(path) and not os.path.isfile(path) or os.path.islink(path)
    if special == "link":
        assert (tmp_path / "elsewhere").read_text() == "kept"


def test_a_cache_that_cannot_be_written_costs_only_time(tiny, tmp_path):
    game, weights = tiny
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    problems = []
    result = opener_store.find(game, weights, cache_root=blocker / "cache", problems=problems)  # a file where a folder is
    assert result.proven and problems == [f"ignored the cache {blocker / 'cache'} (Not a directory): neither reading nor writing it"]


def test_a_full_cache_costs_only_time(tiny, tmp_path, monkeypatch):
    game, weights = tiny

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    from wordle_cli import output

    monkeypatch.setattr(output, "write_kept", full)  # the caches' one writer
    problems = []
    assert opener_store.find(game, weights, cache_root=tmp_path, problems=problems).proven
    assert len(problems) == 1 and "cannot write the cache entry" in problems[0] and "No space left on device" in problems[0]


def test_a_bounded_entry_serves_only_runs_with_no_more_time(tiny, tmp_path):
    game, weights = tiny
    bounded = OpenerResult("cigar", 60, int(weights.sum()), 50, 13, False, 6, 1.0, time_limit=5.0)
    opener_store.OpenerCache(tmp_path).put(game, weights, bounded)
    assert opener_store.find(game, weights, cache_root=tmp_path, time_limit=5).source == "cache"
    assert opener_store.find(game, weights, cache_root=tmp_path, time_limit=2).source == "cache"
    fresh = opener_store.find(game, weights, cache_root=tmp_path, time_limit=None)
    assert fresh.source == "computed" and fresh.proven
    assert opener_store.find(game, weights, cache_root=tmp_path, time_limit=5).source == "cache"  # the proof replaced it


# ---------------------------------------------------------------- the shipped entry


def shipped_prior():
    from wordle_cli.trees import recompute_opener

    date = recompute_opener.shipped_day()
    return date, *recompute_opener.prior_game(date)


def test_the_shipped_entry_is_for_the_shipped_lists_and_the_prior_of_2026_06_01():
    """The cheap check: digests, not a proof (the slow test below proves it again)."""
    date, game, weights = shipped_prior()
    assert date == dt.date(2026, 6, 1)
    (entry,) = [e for e in tables.read(opener_store.TABLE)["entries"] if not e["hard"]]
    assert entry["date"] == "2026-06-01" and entry["game"] == "nyt" and entry["max_guesses"] == 6
    assert entry["answers"] == tables.digest(game.answers)
    assert entry["candidates"] == tables.digest(game.candidates)
    assert entry["weights"] == opener_store.weights_digest(weights.weights)
    assert entry["prior"] == weights.label
    # Proven over every guess, or (a proof that ran out of time) bounded and labelled with the time it had.
    assert (entry["lower"] == entry["total"] and entry["limit"] is None) or (entry["lower"] < entry["total"] and entry["limit"] > 0)
    found = opener_store.find(game, weights.weights)
    assert found.source == "shipped" and found.proven == (entry["limit"] is None) and found.opener == entry["opener"]


def test_the_api_reads_the_shipped_entry_for_the_nyt_prior_of_2026_06_01():
    from wordle_cli import api

    _, game, weights = shipped_prior()  # the pool of 2026-06-01 (the history's past answers joined) and its prior
    (entry,) = [e for e in tables.read(opener_store.TABLE)["entries"] if not e["hard"]]
    result = api.best_opener(game, weights, cache=False)
    assert (result.source, result.opener, result.total) == ("shipped", entry["opener"], entry["total"])


def test_the_uniform_prior_gives_the_published_opener():
    from wordle_cli import api

    result = api.best_opener("nyt", None, cache=False)
    assert (result.opener, result.total, result.proven, result.source) == ("tarse", 11219, True, "shipped")


@pytest.mark.slow
def test_the_shipped_entry_proves_again():
    """Full size (minutes): the fast tests above check the digests and the brute-force tiny games the method."""
    from wordle_cli.trees import recompute_opener

    date, game, weights = shipped_prior()
    (entry,) = [e for e in tables.read(opener_store.TABLE)["entries"] if not e["hard"]]
    problem = Problem(game, max_guesses=6, weights=weights.weights)
    assert problem.build(problem.start(), entry["opener"]).total == entry["total"]  # the opener's own total: seconds
    if entry["limit"] is None:  # the whole proof again (a bounded entry's bound depends on the time it had)
        made = recompute_opener.entry(date, hard=False)
        keys = ("answers", "candidates", "weights", "opener", "total", "weight", "lower", "guesses", "limit", "prior")
        assert {k: made[k] for k in keys} == {k: entry[k] for k in keys}


# ---------------------------------------------------------------- the command


def test_tree_opener_on_a_tiny_game(tmp_path, run_wordle=None):
    from click.testing import CliRunner

    from wordle_cli.cli.tree import tree_group

    answers, allowed, prior = tmp_path / "answers.txt", tmp_path / "allowed.txt", tmp_path / "prior.csv"
    answers.write_text("cigar\nrebut\nsissy\n")
    allowed.write_text("crane\n")
    prior.write_text("word,weight\ncigar,1\nrebut,1\nsissy,8\n")
    env = {"WORDLE_CACHE_DIR": str(tmp_path / "cache")}
    args = ["opener", "--answers", str(answers), "--allowed", str(allowed), "--prior", str(prior)]
    out = CliRunner().invoke(tree_group, args, env=env)
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines == [
        "opener     sissy",
        "expected   1.2 guesses under the prior (weighted total 12 / 10)",
        f"proof      proven best over all 4 guesses (proven now in {lines[2].split(' in ')[-1]}",
    ]
    again = CliRunner().invoke(tree_group, args, env=env)
    assert "(from the cache" in again.stdout
