"""Compiling never changes an answer (issue 41): a time budget starts once the search is compiled.

On a fresh machine numba compiles the search the first time it is called (a
minute or more on 2 cores). A review or a tree build under `--time-limit`
must not spend its budget on that: a first run gives the values a warm run
gives. The fast tests stand in for the compiler with a search whose first
use (its compile or its first call, whichever comes first, as numba's
dispatcher does) takes longer than the whole budget; the slow one compiles
for real, in a subprocess with an empty numba cache.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import naive_review
import naive_tree
import pytest
from clitools import unbuilt_package, write

import wordle_cli
from wordle_cli.model.game import Game
from wordle_cli.trees import search
from wordle_cli.trees.budget import Budget, Deadline
from wordle_cli.trees.builder import Problem

ROOT = Path(__file__).resolve().parent.parent
WORDS = [w.strip() for w in (ROOT / "wordlists" / "wordle-answers.txt").open() if w.strip()]

#: The budget, and the stand-in compile: longer than the whole budget.
BUDGET = 3.0  # seconds: enough for the proofs (a fraction of a second) on a loaded machine
COMPILE = 4.0


def game():
    """About 18 real answers sharing a pattern, two guesses before the answer (as tests/test_review_budget.py's)."""
    rng = random.Random(3535)
    answers = sorted(rng.sample([w for w in WORDS if re.fullmatch(".i..t", w)], 18))
    allowed = rng.sample(WORDS, 3)
    answer = answers[0]
    return answers, allowed, [answers[3], answers[5], answer], answer


class SlowFirstUse:
    """`search.solve` as a fresh machine has it: its first use (compile or call) waits for the compiler."""

    def __init__(self, real):
        self.real = real
        self.used = False

    def _first_use(self) -> None:
        if not self.used:
            self.used = True
            time.sleep(COMPILE)

    def compile(self, signature):
        self._first_use()
        return self.real.compile(signature)

    def __call__(self, *args):
        self._first_use()
        return self.real(*args)


@pytest.fixture
def cold(monkeypatch):
    monkeypatch.setattr(search, "solve", SlowFirstUse(search.solve))


def test_a_review_whose_budget_the_compile_exceeds_gives_the_exact_values(cold, tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLE_CACHE_DIR", str(tmp_path / "cache"))
    answers, allowed, guesses, answer = game()
    result = wordle_cli.review(guesses, answer, answers=answers, allowed=allowed, backend="cpu", max_guesses=None,
                               time_limit=BUDGET, cache=False)
    want = naive_review.review(answers, allowed, guesses, answer, max_guesses=None)
    assert result.exact
    for got, truth in zip(result.turns, want):
        assert (got.expected, got.best) == (truth["expected"], truth["best"])


def test_a_tree_build_whose_budget_the_compile_exceeds_is_proven(cold):
    answers, allowed, _, _ = game()
    problem = Problem(Game("test", answers, allowed))
    result = problem.build(problem.start(), answers[0], threads=2, budget=Budget(seconds=BUDGET))
    assert result.proven and result.lower is None
    assert result.total == naive_tree.best_total(answers, allowed, first=answers[0], max_guesses=None)


def test_the_clock_starts_at_the_first_search():
    deadline = Deadline(5)
    assert deadline.limited and deadline.left() == 5 and not deadline.passed()
    with deadline.armed([]):
        assert 0 < deadline.left() <= 5


@pytest.mark.slow  # compiles the review's kernels from nothing: minutes on 2 cores (the fast tests above stand in)
def test_a_first_review_on_a_fresh_machine_gives_a_warm_runs_values(tmp_path):
    answers, allowed, guesses, answer = game()
    lists = ["--answers", write(tmp_path / "a.txt", answers), "--allowed", write(tmp_path / "b.txt", allowed)]
    env = {**os.environ, "PYTHONPATH": unbuilt_package(tmp_path / "package"), "NUMBA_CACHE_DIR": str(tmp_path / "numba"),
           "WORDLE_CACHE_DIR": str(tmp_path / "cache"), "WORDLE_BACKEND": "cpu"}

    def review(*options: str) -> list:
        done = subprocess.run([sys.executable, "-m", "wordle_cli", "review", *lists, "--json", "--max-guesses", "unlimited",
                               "--answer", answer, *guesses, *options], env=env, capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, done.stderr
        return [(turn["expected"], turn["best"]) for turn in json.loads(done.stdout)["turns"]]

    cold = review("--time-limit", "1", "--no-cache")  # the compile alone takes far longer than 1 s
    warm = review("--no-cache")  # no limit: proven
    assert cold == warm


def test_compile_ahead_proves_a_tiny_game_in_the_background():
    from wordle_cli.trees.builder import _ahead_words, compile_ahead

    words = _ahead_words(5)
    assert len(words) == len(set(words)) == 21 and all(len(w) == 5 for w in words)
    thread = compile_ahead(5)
    thread.join(timeout=600)
    assert not thread.is_alive() and thread.daemon


@pytest.mark.parametrize("person", [True, False])
def test_play_compiles_the_search_ahead_only_while_a_person_types(runner, monkeypatch, person):
    from wordle_cli.cli import main, play
    from wordle_cli.trees import builder

    started = []
    monkeypatch.setattr(play, "_typed_by_a_person", lambda: person)
    monkeypatch.setattr(builder, "compile_ahead", lambda length, backend="cpu": started.append(length))
    result = runner.invoke(main, ["play", "--game", "wordle", "--interactive", "--pool-only"], input="quit\n")
    assert result.exit_code == 0, result.stderr
    assert started == ([5] if person else [])
