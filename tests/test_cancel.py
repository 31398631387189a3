"""Ctrl-C cancels a long step of `wordle play` (issue 35): the review stops, its search is told to stop, the game
goes on at the prompt; anywhere else Ctrl-C still ends the program."""

from __future__ import annotations

import os
import signal
import time

import pytest

from wordle_cli import interrupts
from wordle_cli.cli import main
from wordle_cli.model.game import Game
from wordle_cli.trees.budget import Deadline
from wordle_cli.trees.builder import Problem


def test_an_abandoned_worker_stops_the_searches_it_armed():
    problem = Problem(Game("test", ["cigar", "rebut", "sissy", "humph"], []))
    ctx = problem.context()
    armed = []

    def work():
        with Deadline(None).armed([ctx]):
            armed.append(True)
            os.kill(os.getpid(), signal.SIGINT)  # handled in the main thread, which is waiting for us
            while not ctx.stop[0]:  # a compiled search would read the flag at its next candidate
                time.sleep(0.01)

    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, interrupts._handler)
    try:
        with pytest.raises(interrupts.Interrupted):
            interrupts.in_worker(work)
    finally:
        signal.signal(signal.SIGINT, before)
        interrupts._received = None
    assert armed and ctx.stop[0] == 1
    # Once the search is over (not armed), nothing sets its flag any more: a later search on it runs to the end.
    for _ in range(500):
        if not any(t.name == "wordle-worker" and t.is_alive() for t in __import__("threading").enumerate()):
            break
        time.sleep(0.01)
    ctx.stop[0] = 0
    from wordle_cli.trees import budget

    budget._stop_all()
    assert ctx.stop[0] == 0


def test_ctrl_c_during_plays_review_returns_to_the_prompt(runner, monkeypatch):
    from wordle_cli.cli import review

    def interrupted(*args, **kwargs):
        raise interrupts.Interrupted(signal.SIGINT)

    monkeypatch.setattr(review, "review_of", interrupted)
    result = runner.invoke(main, ["play", "--game", "wordle", "--interactive"], input="salet BBBBB\nreview\nlist\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "review cancelled (Ctrl-C); the game goes on" in result.stdout
    after = result.stdout.split("review cancelled", 1)[1]
    assert "possible" in after or "answers" in after  # `list` still answered: the game is intact
    assert interrupts.received() is None  # forgiven: nothing later is taken for this interruption


def test_ctrl_c_during_plays_review_in_batch_mode_still_ends_the_run(runner, monkeypatch):
    from wordle_cli.cli import review

    def interrupted(*args, **kwargs):
        raise interrupts.Interrupted(signal.SIGINT)

    monkeypatch.setattr(review, "review_of", interrupted)
    with pytest.raises(interrupts.Interrupted):  # the program's entry point exits 130 on it
        runner.invoke(main, ["play", "--game", "wordle", "--batch"], input="salet BBBBB\nreview\n")


def test_the_progress_bar_clock_moves_while_nothing_is_done(monkeypatch):
    """Issue 35: a bar called with no progress redraws its clock (and the time left before bounds), never a frozen ETA."""
    import io
    import sys

    from wordle_cli.cli import options

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    now = [100.0]
    monkeypatch.setattr(options.time, "perf_counter", lambda: now[0])
    bar = options.Progress(10, "proving fuzzy", deadline=Deadline(3600))
    now[0] += 5
    bar(2)
    now[0] += 7
    bar(2)  # nothing more done: the clock still moves
    bar.close()
    text = screen.getvalue()
    assert "5 s, bounds in" in text and "12 s, bounds in" in text and "eta" not in text.lower()
