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


# ---------------------------------------------------------------- issue 49, item 18: one spelling, ASCII numbers


@pytest.mark.parametrize("text", ["20260601", "2026-W22-1", "2026-152", "2026-06-01T00:00", "２０２６-06-01", "2026-0６-01"])
def test_a_date_has_one_spelling(text):
    with pytest.raises(UsageProblem, match="is not a date YYYY-MM-DD"):
        dates.parse(text)
    assert dates.parse(" 2026-06-01 ") == dt.date(2026, 6, 1)


@pytest.mark.parametrize(
    "args, option",
    [
        (["solve", "cigar", "--date", "20260601"], "--date"),
        (["history", "prior", "--date", "2026-W22-1"], "--date"),
        (["solve", "cigar", "--move-time", "１"], "--move-time"),
        (["solve", "cigar", "--move-time", "1_0"], "--move-time"),
        (["solve", "cigar", "--max-guesses", "６", "--lies", "1"], "--max-guesses"),
        (["solve", "cigar", "rebut", "--boards", "２"], "--boards"),
        (["solve", "cigar", "--seed", "٣"], "--seed"),
        (["simulate", "--sample", "１"], "--sample"),
        (["score", "--top", "1_0"], "--top"),
        (["history", "-n", "３"], "-n"),
    ],
)
def test_numbers_and_dates_are_ascii_in_every_option(runner, args, option):
    result = invoke(runner, [*args, "--game", "wordle", "-q"] if args[0] != "history" else args)
    assert result.exit_code == 2, result.stderr
    assert result.stderr.splitlines()[-1].startswith("Error: Invalid value for") and option in result.stderr.splitlines()[-1]


def test_wordle_date_has_the_one_spelling_too(runner, monkeypatch):
    monkeypatch.setenv("WORDLE_DATE", "20260601")
    result = invoke(runner, ["solve", "cigar", "-q", "--game", "wordle"])
    assert result.exit_code == 2 and result.stderr.strip() == "Error: $WORDLE_DATE: '20260601' is not a date YYYY-MM-DD"
