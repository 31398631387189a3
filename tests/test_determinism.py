"""The same command prints the same output on any machine, at any load (issue 47 item 3): budgets count work.

A budget of work stops every search at a point the search alone fixes
(`trees.budget`), so a review or a move cut short gives the same ranges and
guesses with the machine idle or kept busy, on one thread or several, and
whatever the clock says. These run the checks on tiny games whose searches a
small budget cuts, beside busy-loop processes; the same with a wall-clock
limit would differ (and says so: the last test).
"""

from __future__ import annotations

import subprocess
import sys
import time
from contextlib import contextmanager

import pytest
from clitools import invoke, write
from test_review_budget import GAMES

from wordle_cli.reviewer import exact as exact_values
from wordle_cli.trees import budget as budgets

#: Budgets (units) that cut these games' reviews short, and one that does not.
CUTS = [2.4e-5, 6e-5, 4e-4]


@contextmanager
def busy(n: int = 3):
    """`n` processes spinning beside the test: every core kept busy (a loaded machine)."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]
    try:
        time.sleep(0.2)  # started and spinning
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
        for spinner in spinners:
            spinner.wait()


def review(game, threads: int = 1, **options) -> dict:
    """The review of a game as a dict, its proofs on `threads` threads (more than the cores, if asked: the
    search's threads are plain threads, so any number runs)."""
    from wordle_cli.model.game import Game
    from wordle_cli.reviewer.review import game_tiles, run

    answers, allowed, guesses, answer = game
    lists = Game("test", answers, allowed)
    result = run(lists, guesses, game_tiles(lists, guesses, answer, None), max_guesses=None, cache=False, threads=threads, **options)
    return result.as_dict()


@pytest.fixture
def parallel(monkeypatch):
    """Every forced guess proven class by class on threads (`Problem.prove_parts`), as an opener on the full lists is."""
    monkeypatch.setattr(exact_values, "PARALLEL_MIN_POOL", 1)


def test_a_review_is_the_same_idle_busy_and_on_any_threads(parallel):
    idle = {units: review(game, budget=units, threads=1) for game in GAMES[:2] for units in CUTS}
    assert any(not result["exact"] for result in idle.values())  # the budgets really cut
    with busy():
        for threads in (2, 5):
            loaded = {units: review(game, budget=units, threads=threads) for game in GAMES[:2] for units in CUTS}
            assert loaded == idle, threads


def test_the_commands_print_the_same_bytes_under_load(runner, tmp_path):
    """`wordle review` and `wordle solve` (the optimal strategy, its moves cut short by --move-budget), idle and with
    the cores kept busy, on 1 and 2 threads: the same output, byte for byte."""
    answers, allowed, guesses, answer = GAMES[0]
    lists = ["--answers", write(tmp_path / "a.txt", answers), "--allowed", write(tmp_path / "b.txt", allowed), "--prior", "uniform"]
    commands = [
        ["review", *lists, "--no-cache", "--max-guesses", "unlimited", "--budget", "6e-5", "--answer", answer, *guesses],
        ["solve", *lists, "--strategy", "optimal", "--move-budget", "2e-5", answer],
    ]

    def outputs(threads: str) -> list[str]:
        done = [invoke(runner, [*command, "-q", "--threads", threads]) for command in commands]
        assert all(result.exit_code == 0 for result in done), [result.stderr for result in done]
        return [result.stdout + result.stderr for result in done]

    idle = outputs("1")
    assert "–" in idle[0] and "not proven within 2e-05 units of search work" in idle[1]  # both really cut short
    with busy():
        assert outputs("2") == idle
        assert outputs("1") == idle


def test_a_budget_cut_is_the_same_whatever_the_clock(monkeypatch, parallel):
    """A clock racing ahead (an hour a tick) changes nothing under a budget of work: no timer is armed, and the search
    never reads the clock."""
    expected = {units: review(game, budget=units, threads=2) for game in GAMES[:2] for units in CUTS}
    now = [0.0]

    def racing() -> float:
        now[0] += 3600.0
        return now[0]

    monkeypatch.setattr(budgets.time, "monotonic", racing)
    monkeypatch.setattr(time, "perf_counter", racing)
    assert {units: review(game, budget=units, threads=2) for game in GAMES[:2] for units in CUTS} == expected


def test_a_wall_clock_limit_that_cuts_says_so(monkeypatch, parallel):
    """The cap that remains: the same review with a time limit the racing clock passes at once is cut by the clock,
    and its output says so (`clocked`), since another run may stop elsewhere."""
    now = [0.0]

    def racing() -> float:
        now[0] += 3600.0
        return now[0]

    monkeypatch.setattr(budgets.time, "monotonic", racing)
    result = review(GAMES[0], budget=4e-4, time_limit=60, threads=2)
    assert result["clocked"] and not result["exact"]
    assert review(GAMES[0], budget=4e-4, threads=2)["clocked"] is False
