"""The puzzle's date: one rule for --date, --day, $WORDLE_DATE and `history prior --date` (issue 44 items 21, 22)."""

from __future__ import annotations

import datetime as dt

import pytest
from clitools import invoke

from wordle_cli import api, dates
from wordle_cli.errors import UsageProblem

BEFORE = "2021-06-18"  # the day before puzzle #0


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "cigar", "--date", BEFORE],
        ["score", "--prior", "nyt", "--date", BEFORE, "--top", "1"],
        ["simulate", "--prior", "nyt", "--date", "0001-01-01", "--sample", "2"],
        ["tree", "build", "--prior", "nyt", "--date", BEFORE, "--first", "salet"],
        ["review", "--prior", "nyt", "--date", BEFORE, "raise", "clerk"],
        ["history", "prior", "--date", BEFORE],
    ],
)
def test_a_date_before_puzzle_0_is_refused_by_every_command(runner, args):
    result = invoke(runner, args)
    assert result.exit_code == 2, result.stderr
    assert "is before puzzle #0 (2021-06-19)" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("value, message", [(BEFORE, f"{BEFORE} is before puzzle #0"), ("garbage", "'garbage' is not a date")])
def test_wordle_date_follows_the_same_rule_and_is_named(runner, monkeypatch, value, message):
    monkeypatch.setenv("WORDLE_DATE", value)
    result = invoke(runner, ["solve", "cigar", "-q", "--game", "nyt"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1] == f"Error: $WORDLE_DATE: {message}" + (" (2021-06-19)" if value == BEFORE else " YYYY-MM-DD")


def test_history_prior_follows_wordle_date(runner, monkeypatch):
    monkeypatch.setenv("WORDLE_DATE", "2026-05-31")
    pinned = invoke(runner, ["history", "prior"])
    given = invoke(runner, ["history", "prior", "--date", "2026-05-31"])
    assert pinned.exit_code == 0 and pinned.stdout == given.stdout
    assert "(2026-05-31)" in pinned.stderr


def test_the_api_refuses_a_date_before_puzzle_0():
    with pytest.raises(UsageProblem, match="before puzzle #0"):
        api.answer_weights("nyt", ["cigar", "rebut"], dt.date(2021, 6, 18))
    assert dates.checked(dt.datetime(2021, 6, 19, 12)) == dt.date(2021, 6, 19)
    assert dates.puzzle_number(None, dt.date(2021, 6, 20)) == 1
    with pytest.raises(UsageProblem, match="not both"):
        dates.puzzle_number(3, dt.date(2021, 6, 20))
