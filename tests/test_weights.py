"""The prior as integer weights: FILE parsing, probabilities, and the one default rule."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from wordle_cli import api
from wordle_cli.errors import WordleError
from wordle_cli.model import weights as W

ANSWERS = ["cigar", "rebut", "sissy", "humph"]


def write(tmp_path, text: str) -> str:
    path = tmp_path / "prior.csv"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_integers_with_header_comments_and_blank_lines(tmp_path):
    path = write(tmp_path, "word,weight\n# a comment\n\ncigar,3\nREBUT , 1\nsissy,2\nhumph,1\n")
    prior = W.from_file(path, ANSWERS)
    assert prior.weights.tolist() == [3, 1, 2, 1]
    assert prior.label == f"prior from {path}"
    assert (prior.unlisted, prior.unknown) == (0, 0)
    assert prior.probabilities().tolist() == [3 / 7, 1 / 7, 2 / 7, 1 / 7]


def test_decimals_scaled_by_one_power_of_ten_then_reduced(tmp_path):
    # 0.5 : 0.25 : 1.5 : 1e-1 = 50 : 25 : 150 : 10 = 10 : 5 : 30 : 2
    prior = W.from_file(write(tmp_path, "cigar,0.5\nrebut,0.25\nsissy,1.5\nhumph,1e-1\n"), ANSWERS)
    assert prior.weights.tolist() == [10, 5, 30, 2]
    assert prior.weights.dtype == np.int64


def test_unlisted_and_zero_answers_leave_the_pool_and_unknown_words_are_counted(tmp_path):
    prior = W.from_file(write(tmp_path, "cigar,2\nrebut,0\nzzzzz,4\n"), ANSWERS)
    assert prior.weights.tolist() == [1, 0, 0, 0]
    assert (prior.unlisted, prior.unknown) == (3, 1)
    assert prior.kept(ANSWERS)[0] == ["cigar"]
    assert prior.pool().tolist() == [0]


@pytest.mark.parametrize(
    "text, message",
    [
        ("cigar,1\nrebut\n", "line 2: expected word,weight"),
        ("cigar,1\nrebut,1,2\n", "line 2: expected word,weight"),
        ("cigar,abc\n", "line 1: 'abc' is not a number"),
        ("cigar,-1\n", "line 1: the weight must be a number >= 0"),
        ("cigar,nan\n", "line 1: the weight must be a number >= 0"),
        ("cigar,inf\n", "line 1: the weight must be a number >= 0"),
        (",1\n", "line 1: the word is empty"),
        ("cigar,1\ncigar,2\n", "line 2: 'cigar' is listed twice"),
        ("cigar,0\nzzzzz,1\n", "gives no answer a positive weight"),
        ("", "gives no answer a positive weight"),
        ("cigar,1e30\n", "line 1: the weight '1e30' is too large"),
        ("cigar,100000000000\nrebut,0.0001\n", "too many digits"),
        ("cigar,0.0000000000001\n", "more than 12 decimal places"),
    ],
)
def test_bad_files_name_the_file_and_line(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(WordleError) as caught:
        W.from_file(path, ANSWERS)
    assert path in str(caught.value) and message in str(caught.value)


def test_a_missing_file_is_one_clear_error(tmp_path):
    with pytest.raises(WordleError, match="'nope.csv' is neither uniform, nyt nor a file"):
        api.answer_weights("nope.csv", ANSWERS)
    with pytest.raises(WordleError, match="no such file"):
        W.from_file(str(tmp_path / "nope.csv"), ANSWERS)


def test_uniform_is_all_ones_and_hands_the_solver_none():
    prior = W.uniform(3)
    assert prior.weights.tolist() == [1, 1, 1] and prior.is_uniform and prior.solver_weights() is None
    assert prior.label == "uniform"


def test_probabilities_rounded_by_scale_each_at_least_one():
    prior = W.from_probabilities([0.5, 0.4999999, 1e-9, 1e-7], "test")
    assert prior.weights.tolist() == [500000, 500000, 1, 1]
    assert "at least 1" in prior.label and prior.label.startswith("test")
    assert not prior.is_uniform and prior.solver_weights() is prior.weights


def test_nyt_prior_through_the_api_is_the_models_probabilities():
    from wordle_cli.prior import nyt_probabilities

    day = dt.date(2026, 3, 1)
    prior = api.answer_weights("nyt", ANSWERS, day)
    expected = np.maximum(np.rint(nyt_probabilities(day, ANSWERS) * W.SCALE), 1)
    assert prior.weights.tolist() == expected.tolist()
    assert prior.label.startswith("nyt prior for 2026-03-01")


@pytest.mark.parametrize(
    "prior, env, game, own, unsupported, expected",
    [
        (None, None, "nyt", False, None, "nyt"),
        (None, None, "nyt", True, None, "uniform"),  # the user's answers file: no model of them
        (None, None, "wordle", False, None, "uniform"),
        (None, None, "primel", False, None, "uniform"),
        (None, "uniform", "nyt", False, None, "uniform"),
        (None, "nyt", "wordle", True, None, "nyt"),
        (None, "p.csv", "nyt", False, None, "p.csv"),
        ("uniform", "nyt", "nyt", False, None, "uniform"),
        ("p.csv", None, "wordle", False, None, "p.csv"),
        (None, None, "nyt", False, "with --boards", "uniform"),
        (None, "nyt", "nyt", False, "with --boards", "uniform"),
        ("uniform", None, "nyt", False, "with --boards", "uniform"),
    ],
)
def test_the_default_rule(monkeypatch, prior, env, game, own, unsupported, expected):
    if env is None:
        monkeypatch.delenv(W.PRIOR_ENV, raising=False)
    else:
        monkeypatch.setenv(W.PRIOR_ENV, env)
    assert W.resolve_prior(prior, game, own, unsupported) == expected


def test_a_named_prior_where_unsupported_is_one_clear_error():
    with pytest.raises(WordleError, match="--prior 'nyt': not yet supported with --strategy optimal"):
        W.resolve_prior("nyt", "nyt", False, "with --strategy optimal")
