"""`make bench-play-prior` plays what it says (issue 51): its uniform row is `wordle solve --prior uniform`, day by day."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from clitools import invoke

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_play_prior as bench  # noqa: E402


def solved_by_the_command(runner, answer: str, date) -> list[str]:
    """The guesses of `wordle solve --game nyt --prior uniform --date D ANSWER`, read from its table."""
    result = invoke(runner, ["solve", "-q", "--game", "nyt", "--prior", "uniform", "--date", date.isoformat(), "--backend", "cpu", answer])
    assert result.exit_code == 0, result.stderr
    rows = result.stdout.splitlines()[1:]  # after the header: turn, guess, feedback, ...
    return [row.split()[1] for row in rows]


@pytest.fixture(scope="module")
def three_days():
    """#1628 haste (the issue's: 6 guesses under today's prior, 3 under the uniform one), a middle day and the last."""
    days, _ = bench.days_to_play(180)
    assert days[0].answer == "haste"
    return [days[0], days[len(days) // 2], days[-1]]


def test_the_uniform_row_plays_wordle_solve_prior_uniform(runner, three_days, monkeypatch):
    """Issue 51: the uniform row passed no prior and so played today's nyt prior (haste in 6, not 3). Each row now
    passes its prior, strategy, game and date, so whatever today's default, the row equals the command."""
    monkeypatch.setenv("WORDLE_PRIOR", "nyt")  # a default that differs: the row must not follow it
    for day in three_days:
        played = bench.play(day, "uniform")
        assert played.guesses == solved_by_the_command(runner, day.answer, day.date), day
    assert len(bench.play(three_days[0], "uniform").guesses) == 3  # haste, as the issue's `wordle solve` found


def test_every_row_names_its_prior_and_strategy():
    for way in bench.WAYS:
        shown = bench.options(way, 5)
        assert "--prior " in shown and "--strategy " in shown
    assert bench.options("default", 5) == "--prior nyt --strategy optimal --move-budget 5"
    assert bench.options("optimal", 5) == "--prior nyt --strategy optimal --move-budget 0"
    assert bench.options("uniform", 5) == "--prior uniform --strategy expected"
