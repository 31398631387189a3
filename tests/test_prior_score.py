"""`score` under a prior: the weighted numbers against brute force; uniform and explicit files unchanged."""

from __future__ import annotations

import random

import naive
import numpy as np
import pytest
from clitools import invoke, write

from wordle_cli import api


def random_words(rng, n, alphabet="abcd", length=3):
    return list(dict.fromkeys("".join(rng.choice(alphabet) for _ in range(length)) for _ in range(3 * n)))[:n]


@pytest.mark.parametrize("seed", range(5))
def test_weighted_score_matches_brute_force(seed):
    rng = random.Random(seed)
    answers, guesses = random_words(rng, 12), random_words(rng, 25)
    weights = np.array([rng.randint(1, 10**6) for _ in answers], dtype=np.int64)
    got = list(api.score(guesses, answers, backend="cpu", weights=weights).csv(8))
    assert got == naive.weighted_csv_rows(guesses, answers, dict(zip(answers, weights.tolist())), 8)


@pytest.mark.parametrize("seed", range(3))
def test_all_ones_weights_give_the_uniform_csv_byte_for_byte(seed):
    rng = random.Random(seed)
    answers, guesses = random_words(rng, 15, length=4), random_words(rng, 40, length=4)
    plain = list(api.score(guesses, answers, backend="cpu").csv())
    ones = list(api.score(guesses, answers, backend="cpu", weights=np.ones(len(answers), np.int64)).csv())
    assert ones == plain


def test_explicit_files_stay_uniform_by_default(runner, tmp_path, monkeypatch):
    monkeypatch.delenv("WORDLE_PRIOR", raising=False)
    rng = random.Random(1)
    answers, guesses = random_words(rng, 10), random_words(rng, 20)
    a, g = write(tmp_path / "a.txt", answers), write(tmp_path / "g.txt", guesses)
    result = invoke(runner, ["score", g, a, "-"])
    assert result.exit_code == 0
    assert result.stdout == naive.csv_text("strict", guesses, answers)
    assert "prior: uniform" in result.stderr


def test_a_prior_file_on_explicit_files(runner, tmp_path, monkeypatch):
    monkeypatch.delenv("WORDLE_PRIOR", raising=False)
    rng = random.Random(2)
    answers, guesses = random_words(rng, 10), random_words(rng, 20)
    a, g = write(tmp_path / "a.txt", answers), write(tmp_path / "g.txt", guesses)
    prior = tmp_path / "p.csv"
    prior.write_text("word,weight\n" + "".join(f"{w},{i + 1}.5\n" for i, w in enumerate(answers[:-1])), encoding="utf-8")
    result = invoke(runner, ["score", g, a, "-", "--prior", str(prior)])
    assert result.exit_code == 0, result.stderr
    weight = {w: 2 * i + 3 for i, w in enumerate(answers[:-1])}  # 1.5, 2.5, ... = 15, 25, ... / 5
    assert result.stdout.splitlines() == naive.weighted_csv_rows(guesses, answers[:-1], weight)
    assert f"prior from {prior}" in result.stderr and "gives no weight to 1 of the 10 answers" in result.stderr


def test_the_game_lists_default_to_the_nyt_prior_and_say_so(runner, monkeypatch):
    monkeypatch.delenv("WORDLE_PRIOR", raising=False)
    monkeypatch.delenv("WORDLE_GAME", raising=False)
    nyt = invoke(runner, ["score", "--top", "2", "--date", "2026-03-01"])
    uniform = invoke(runner, ["score", "--top", "2", "--prior", "uniform"])
    assert "prior: nyt prior for 2026-03-01" in nyt.stderr and "prior: uniform" in uniform.stderr
    assert nyt.stdout != uniform.stdout
    monkeypatch.setenv("WORDLE_PRIOR", "uniform")
    assert invoke(runner, ["score", "--top", "2"]).stdout == uniform.stdout


def test_loose_and_lies_refuse_a_named_prior(runner):
    for extra in (["--rule", "loose"], ["--lies", "1"]):
        result = invoke(runner, ["score", "--top", "1", "--prior", "nyt", *extra])
        assert result.exit_code == 2 and "not yet supported" in result.stderr
