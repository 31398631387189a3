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
from dataclasses import replace

import naive_tree
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_search_paths import _seeded_game, games

from wordle_cli import tables
from wordle_cli.model.game import Game
from wordle_cli.trees import opener_bounds, opener_store, search
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


def every_total(answers, allowed, weights, rules) -> dict[str, float]:
    """Each allowed opener's brute-force total (INF: it cannot win every game within the guesses)."""
    game = Game("test", answers, allowed)
    return {w: naive_tree.best_total(answers, allowed, weights=weights.tolist(), first=w, **rules) for w in game.candidates}


def check_against_brute_force(answers, allowed, weights, rules, counts):
    rules = {k: v for k, v in rules.items() if k != "pool_only"}
    totals = every_total(answers, allowed, weights, rules)
    best = min(totals.values())
    for count in counts:
        result = proven(answers, allowed, weights, count=count, **rules)
        if result is None:
            assert best == naive_tree.INF
            continue
        assert result.proven and result.lower == result.total and result.left == 0
        assert result.total == best == totals[result.opener]
        assert result.weight == int(weights.sum())
        assert result.guesses == len(Game("test", answers, allowed).candidates)
        # The runner-up: no other opener below `next_total`; the one named has exactly it.
        others = [t for w, t in totals.items() if w != result.opener]
        if not others:
            assert result.next_total is None
            continue
        second = min(others)
        if result.runner_up is not None:
            assert result.runner_up != result.opener and totals[result.runner_up] == result.next_total == second
        else:  # a bound on every other opener ("every other opener needs at least ..."), true even where none can win
            assert result.total <= result.next_total <= second


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
    # cigar (the first of the ties with rebut): itself 1, then sissy 8 x 2 and rebut 1 x 2: 19
    assert result.proof_text() == "proven best over all 4 guesses; the next, cigar, 1.9"
    assert result.headline() == "sissy 1.2, proven best; the next, cigar, 1.9"


# ---------------------------------------------------------------- the cache


@pytest.fixture
def tiny(monkeypatch):
    """A game small enough to prove at once, with the cache trusted for it as for a full-size one (these tests are
    about the cache's mechanics; `test_a_small_game_is_proven_again_not_trusted` about that rule)."""
    monkeypatch.setattr(opener_store, "RECOMPUTED_MAX_POOL", 0, raising=False)
    answers = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]
    return Game("tiny", answers, ["crane", "slate", "point"]), np.array([5, 1, 2, 3, 1, 1, 7, 1, 2, 4], dtype=np.int64)


def forge(path, change) -> None:
    """Rewrite the cache entry at `path` with `change(data)` applied and a checksum that matches (what a forger does)."""
    data = json.loads(path.read_text())
    change(data)
    data["check"] = opener_store._checksum(data["key"], data)
    path.write_text(json.dumps(data))


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
        f"proof      proven best over all 4 guesses; the next, cigar, 1.9 (proven now in {lines[2].split(' in ')[-1]}",
    ]
    again = CliRunner().invoke(tree_group, args, env=env)
    assert "(proven now in" in again.stdout  # a game this small is proven again, never read from the cache
    assert not (tmp_path / "cache").exists() or not list((tmp_path / "cache").glob("opener-*"))


# ---------------------------------------------------------------- the bounds (issue 48)


def naive_bounds(answers, allowed, weights, hard: bool = False) -> dict[str, tuple[int, int]]:
    """Each candidate's (simple, two-ply) bound as an opener, from the definitions in trees/opener_bounds.py (hard:
    each class's second guesses those hard mode allows after the opener's feedback)."""
    import naive
    from naive_solver import hard_mode_allows

    game = Game("test", answers, allowed)
    weight = dict(zip(answers, weights.tolist()))
    win = tuple([naive.EXACT] * len(answers[0]))

    def classes(guess, pool):
        parts = {}
        for a in pool:
            parts.setdefault(naive.feedback(guess, a), []).append(a)
        return parts

    def simple(pool):  # a class's cost from its next guess on: 2W - h
        return 2 * sum(weight[a] for a in pool) - max(weight[a] for a in pool)

    out = {}
    total = sum(weight.values())
    for opener in game.candidates:
        parts = [p for tiles, p in classes(opener, answers).items() if tiles != win]
        one = total + sum(simple(p) for p in parts)
        two = total
        for tiles, p in classes(opener, answers).items():
            if tiles == win:
                continue
            two += min(
                sum(weight[a] for a in p) + sum(simple(q) for got, q in classes(g, p).items() if got != win)
                for g in game.candidates
                if not hard or hard_mode_allows([(opener, tiles)], g)
            )
        out[opener] = (one, two)
    return out


def check_bounds(answers, allowed, weights, rules):
    game = Game("test", answers, allowed)
    problem = Problem(game, weights=weights, **rules)
    expected = naive_bounds(answers, allowed, weights, rules.get("hard", False))
    simple = opener_bounds.simple_of(problem)
    every = list(range(len(game.candidates)))
    two = opener_bounds.two_ply_of(problem, every, search.INF)
    rules = {k: v for k, v in rules.items() if k != "pool_only"}
    for c, word in enumerate(game.candidates):
        assert (simple[c], two[c]) == expected[word]
        true = naive_tree.best_total(answers, allowed, weights=weights.tolist(), first=word, **rules)
        assert simple[c] <= two[c] <= true  # bounds, in every mode and under every guess limit
        for beta in (simple[c], two[c], two[c] + 1):  # stopped at beta: still a bound, and >= beta when it stopped
            got = opener_bounds.two_ply_of(problem, [c], beta)[0]
            assert got <= two[c] and (got >= beta or got == two[c])


def test_the_bounds_are_their_definitions_and_never_above_the_total():
    hard = 0
    for seed in range(40):
        rng = random.Random(seed)
        answers, allowed, rules = _seeded_game(rng)
        check_bounds(answers, allowed, weights_for(seed, len(answers)), rules)
        hard += rules["hard"]
    assert hard >= 5  # hard mode's own second guesses among them


def test_hard_mode_against_brute_force():
    """Hard mode: the bounds minimise over every guess (a superset of those allowed) and stay bounds; the proof is exact."""
    done = 0
    for seed in range(200):
        rng = random.Random(seed)
        answers, allowed, rules = _seeded_game(rng)
        if not rules["hard"]:
            continue
        check_against_brute_force(answers, allowed, weights_for(seed, len(answers)), rules, (0, 3))
        done += 1
        if done == 12:
            break
    assert done == 12


# ---------------------------------------------------------------- what the cache is trusted for (issue 49, items 15 and 22)


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity"])
def test_a_number_that_is_not_finite_is_refused(tiny, tmp_path, number):
    game, weights = tiny
    first = opener_store.find(game, weights, cache_root=tmp_path)
    (path,) = tmp_path.glob("*.json")
    data = json.loads(path.read_text())
    data["seconds"] = float(number.replace("Infinity", "inf")) if number != "NaN" else float("nan")
    data["check"] = opener_store._checksum(data["key"], data)
    path.write_text(json.dumps(data))  # json writes NaN and Infinity as those bare words, and Python's reader takes them
    assert number in path.read_text()
    problems = []
    again = opener_store.find(game, weights, cache_root=tmp_path, problems=problems)
    assert again.source == "computed" and (again.opener, again.total) == (first.opener, first.total)
    assert any("ignored damaged cache entry" in p for p in problems)


def test_a_total_below_its_openers_simple_bound_is_refused(tiny, tmp_path):
    """A forged total no tree can have, though above the least any pool has (2W - the heaviest)."""
    game, weights = tiny
    first = opener_store.find(game, weights, cache_root=tmp_path)
    (path,) = tmp_path.glob("*.json")
    floor = naive_bounds(game.answers, game.candidates, weights)[first.opener][0]  # W + per class 2 W_c - h_c
    assert 2 * int(weights.sum()) - int(weights.max()) < floor - 1

    def below(data):
        data["total"] = data["lower"] = floor - 1
    forge(path, below)
    problems = []
    again = opener_store.find(game, weights, cache_root=tmp_path, problems=problems)
    assert again.source == "computed" and again.total == first.total and problems


def test_a_small_game_is_proven_again_not_trusted(tmp_path):
    """A pool of at most 400 answers proves its opener in a moment: a stored entry never answers for it, however
    plausible (here another opener with the best's total, checksum and all)."""
    answers = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]
    game, weights = Game("tiny", answers, ["crane", "slate", "point"]), np.array([5, 1, 2, 3, 1, 1, 7, 1, 2, 4])
    first = opener_store.find(game, weights, cache_root=tmp_path)
    key = opener_store.prior_key(game, weights, False, 6)
    cache = opener_store.OpenerCache(tmp_path)
    other = next(w for w in game.candidates if w != first.opener)
    cache.put(game, weights, replace(first, opener=other))
    assert cache.path(key).exists()
    again = opener_store.find(game, weights, cache_root=tmp_path)
    assert (again.source, again.opener) == ("computed", first.opener)
    assert opener_store.stored(game, weights, cache_root=tmp_path) is None  # what play and review read: nothing


def test_a_bounded_shipped_or_cached_entry_never_answers_a_request_for_a_proof(tiny, tmp_path, monkeypatch):
    game, weights = tiny
    bounded = OpenerResult("cigar", 60, int(weights.sum()), 50, 13, False, 6, 1.0, time_limit=5.0, left=3)
    entry = {"answers": tables.digest(game.answers), "candidates": tables.digest(game.candidates),
             "weights": opener_store.weights_digest(weights), "hard": False, "max_guesses": 6, **opener_store.entry_of(bounded)}
    monkeypatch.setattr(opener_store, "_shipped_entries", lambda: [entry])
    assert opener_store.find(game, weights, time_limit=5).source == "shipped"
    proof = opener_store.find(game, weights, time_limit=None)
    assert proof.source == "computed" and proof.proven


# ---------------------------------------------------------------- a proof stopped and resumed


def resumable_game():
    rng = random.Random(11)
    from test_search_paths import words

    pool = words(rng, 4, "abcdefg", 200)
    answers = sorted(pool[:40])
    return Game("resume", answers, pool[40:120]), np.array([rng.randint(1, 50) for _ in answers], dtype=np.int64)


def checkpoint_for(problem, path):
    from wordle_cli.trees import rank

    inputs = rank.RankInputs(list(problem.game.answers), list(problem.game.candidates),
                             rank.RankOptions(hard=problem.hard, max_guesses=problem.max_guesses), problem.table, "k", problem.weights)
    return rank.Checkpoint(str(path), "k", rank.outcome_check(inputs))


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
@pytest.mark.parametrize("stage", ["cutting", "searching"])
def test_an_interrupted_proof_resumes_from_its_checkpoint(tmp_path, monkeypatch, hard, stage):
    """Stopped by a signal in the cut pass, or in the search (no leaders: every opener searched), in either mode:
    the run again does nothing the checkpoint holds and proves what a run never stopped proves."""
    from wordle_cli.trees import opener

    monkeypatch.setattr(opener, "CHUNK", 4)
    game, weights = resumable_game()
    count = opener.LEADERS if stage == "cutting" else 0

    def problem():
        return Problem(game, weights=weights, max_guesses=6, hard=hard)

    fresh = prove_opener(problem(), count=count)
    path = tmp_path / "proof.checkpoint"
    seen = []

    def progress(state):
        seen.append(state)
        if state.stage == stage and len([s for s in seen if s.stage == stage]) == 5:
            raise KeyboardInterrupt  # a signal in the middle of the cut pass, or of the search

    with checkpoint_for(problem(), path) as first, pytest.raises(KeyboardInterrupt):
        prove_opener(problem(), count=count, checkpoint=first, progress=progress)
    kept = path.read_text().splitlines()[1:]
    assert len(kept) >= 5 * 4 * 0 + 3 and all(line.split(",")[1] in ("exact", "cutoff", "infeasible") for line in kept)
    done_before = {line.split(",")[0] for line in kept}

    evaluated = []
    real_cut, real_search = opener.cut_task, opener.search_task
    monkeypatch.setattr(opener, "cut_task", lambda inputs, chunk, beta: evaluated.extend(chunk) or real_cut(inputs, chunk, beta))
    monkeypatch.setattr(opener, "search_task", lambda inputs, c, *a: evaluated.append(c) or real_search(inputs, c, *a))
    logs = []
    with checkpoint_for(problem(), path) as second:
        resumed = prove_opener(problem(), count=count, checkpoint=second, log=logs.append)
    assert any(f"resumed {len(done_before)} openers" in line for line in logs)
    again = done_before & {game.candidates[c] for c in evaluated}
    assert again <= {resumed.runner_up}  # nothing the checkpoint held is done again, but the runner-up's exact value
    assert not again or resumed.runner_up not in {line.split(",")[0] for line in kept if line.split(",")[1] == "exact"}
    keys = ("opener", "total", "lower", "runner_up", "next_total", "left")
    assert {k: getattr(resumed, k) for k in keys} == {k: getattr(fresh, k) for k in keys}
    assert resumed.proven


def test_the_cache_keeps_a_checkpoint_until_the_proof_is_done(tiny, tmp_path, monkeypatch):
    from wordle_cli.trees import opener

    game, weights = tiny

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(opener, "_runner_up", stopped)  # after every opener is settled, before the entry is written
    with pytest.raises(KeyboardInterrupt):
        opener_store.find(game, weights, cache_root=tmp_path)
    (checkpoint,) = tmp_path.glob("*.checkpoint")
    assert len(checkpoint.read_text().splitlines()) > 1
    monkeypatch.undo()
    monkeypatch.setattr(opener_store, "RECOMPUTED_MAX_POOL", 0)
    assert opener_store.find(game, weights, cache_root=tmp_path).proven
    assert not list(tmp_path.glob("*.checkpoint")) and len(list(tmp_path.glob("*.json"))) == 1


def test_the_proof_on_a_cluster_is_the_proof_in_process(tmp_path):
    """The cut pass and the search on two Dask workers: the same opener, totals, runner-up and bound."""
    game, weights = resumable_game()
    here = opener_store.find(game, weights, workers=1)
    there = opener_store.find(game, weights, workers=2, quiet=True)
    keys = ("opener", "total", "lower", "runner_up", "next_total", "left", "guesses")
    assert {k: getattr(there, k) for k in keys} == {k: getattr(here, k) for k in keys}


# ---------------------------------------------------------------- the command's messages (issue 48 item 3, issue 49 item 14)


def test_tree_opener_says_where_its_answer_comes_from(tmp_path):
    from click.testing import CliRunner

    from wordle_cli.cli.tree import tree_group
    from wordle_cli.cli.tree_opener import where

    answers, allowed, prior = tmp_path / "answers.txt", tmp_path / "allowed.txt", tmp_path / "prior.csv"
    answers.write_text("cigar\nrebut\nsissy\n")
    allowed.write_text("crane\n")
    prior.write_text("word,weight\ncigar,1\nrebut,1\nsissy,8\n")
    args = ["opener", "--answers", str(answers), "--allowed", str(allowed), "--prior", str(prior)]
    out = CliRunner().invoke(tree_group, args, env={"WORDLE_CACHE_DIR": str(tmp_path / "cache")})
    assert out.exit_code == 0, out.output
    assert out.stdout.splitlines()[2].startswith("proof      proven best over all 4 guesses; the next, cigar, 1.9 (proven now in ")
    bounded = OpenerResult("cigar", 60, 10, 50, 13, False, 6, 109.0, time_limit=100.0, left=4)
    assert where(bounded) == "searched now for 109.0 s"  # never "proven now" beside "not proven best"
    assert where(replace(bounded, lower=60, source="cache")) == "from the cache; the proof took 109.0 s"
    assert where(replace(bounded, source="shipped")) == "shipped with wordle-cli"


def test_no_opener_within_the_guess_limit_is_said_once(tmp_path):
    from click.testing import CliRunner

    from wordle_cli.cli.tree import tree_group

    answers = tmp_path / "answers.txt"
    answers.write_text("fight\nlight\nmight\nnight\nright\nsight\ntight\n")  # no guess tells 7 of them apart
    out = CliRunner().invoke(tree_group, ["opener", "--answers", str(answers), "--allowed", str(answers), "--prior", "uniform",
                                          "--max-guesses", "2", "--no-cache", "-q"])
    assert out.exit_code == 1
    assert str(out.exception) == "no opener wins every game within 2 guesses"


def test_the_rank_summary_names_no_best_for_a_row_only_cut(tmp_path):
    from wordle_cli.trees import rank

    rows = [["salet", ">=3098137", ">=3.09778", "cutoff", "", "1.0"], ["crane", ">=3098137", ">=3.09778", "cutoff", "", "1.0"]]
    assert rank.best_text(rows) == "; no opener proven below 3098137 (every one cut)"
    assert rank.best_text([["salet", "7920", "3.42", "true", "5", "1.0"]]) == "; best salet 7920"


# ---------------------------------------------------------------- the day after the user's history, in the background


def test_the_user_days_opener_is_started_once_in_the_background(tmp_path, monkeypatch):
    """After `history update` (two more days here), `tree opener` starts `tree opener --date D` for the day after them,
    once: not again while it runs, not for other lists."""
    from wordle_cli import history
    from wordle_cli.model.game import load_lists
    from wordle_cli.trees import opener_background

    data = tmp_path / "data"
    data.mkdir()
    last = history.last(history.shipped_days())
    later = [history.Day(last.number + k, last.date + dt.timedelta(days=k), word) for k, word in ((1, "cigar"), (2, "rebut"))]
    (data / history.SHIPPED_HISTORY).write_text(history.table([*history.shipped_days(), *later]))
    monkeypatch.setenv("WORDLE_DATA_DIR", str(data))
    started = []
    monkeypatch.setattr(opener_background, "spawn", lambda args, log: started.append(args) or os.getpid())  # a pid alive
    day = last.date + dt.timedelta(days=3)
    _, allowed = load_lists("nyt", None, None, day)
    game = Game("nyt", ["cigar"], allowed.words)
    assert opener_background.user_day(game) == day
    cache = tmp_path / "cache"
    assert opener_background.start_if_missing(game, hard=False, max_guesses=6, cache_root=cache)[0] == day
    (args,) = started
    assert args[args.index("--date") + 1] == day.isoformat() and args[args.index("tree") : args.index("tree") + 2] == ["tree", "opener"]
    assert opener_background.start_if_missing(game, hard=False, max_guesses=6, cache_root=cache) is None  # running: once
    assert len(started) == 1
    assert opener_background.user_day(Game("mine", ["cigar"], allowed.words)) is None  # other lists: nothing


def test_tree_opener_starts_it_after_answering_from_the_table(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from wordle_cli import history
    from wordle_cli.cli.tree import tree_group
    from wordle_cli.trees import opener_background

    data = tmp_path / "data"
    data.mkdir()
    last = history.last(history.shipped_days())
    later = [history.Day(last.number + 1, last.date + dt.timedelta(days=1), "cigar")]
    (data / history.SHIPPED_HISTORY).write_text(history.table([*history.shipped_days(), *later]))
    started = []
    monkeypatch.setattr(opener_background, "spawn", lambda args, log: started.append(args) or os.getpid())
    env = {"WORDLE_DATA_DIR": str(data), "WORDLE_CACHE_DIR": str(tmp_path / "cache")}
    out = CliRunner().invoke(tree_group, ["opener", "--date", "2026-06-01", "--prior", "nyt"], env=env)
    assert out.exit_code == 0, out.output
    assert "(shipped with wordle-cli)" in out.stdout
    day = (last.date + dt.timedelta(days=2)).isoformat()
    assert f"proving the best opener for {day} (the day after your history) in the background" in out.stderr
    (args,) = started
    assert args[args.index("--date") + 1] == day


def test_recompute_opener_answers_help_and_a_typo_without_starting_a_proof(capsys, monkeypatch):
    """`--help` or an unknown argument never starts the hour-long proof (it once took `--help` for a go)."""
    from wordle_cli.trees import recompute_opener

    monkeypatch.setattr(recompute_opener, "entry", lambda *a, **k: pytest.fail("a proof started"))
    assert recompute_opener.main(["--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: python -m wordle_cli.trees.recompute_opener")
    assert recompute_opener.main(["--normal", "--workers", "2", "--bogus"]) == 2
    assert "unknown argument '--bogus'" in capsys.readouterr().err
