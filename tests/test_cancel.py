"""Ctrl-C cancels a long step of `wordle play` (issue 35): the review stops, its search is told to stop, the game
goes on at the prompt; anywhere else Ctrl-C still ends the program."""

from __future__ import annotations

import io
import os
import signal
import time

import pytest

from wordle_cli import interrupts
from wordle_cli.cli import main
from wordle_cli.model.game import Game
from wordle_cli.trees.budget import WORK_PER_UNIT, Budget, Deadline
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
    """Issue 35: a bar called with no progress redraws its clock (and how much of its time limit is used, never the
    time left, which read as an estimate: issue 49 item 9), never a frozen ETA."""
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
    budget = Budget(seconds=3600)
    monkeypatch.setattr(budget.clock, "left", lambda: 3600 - (now[0] - 100))
    bar = options.Progress(10, "proving fuzzy", budget=budget)
    now[0] += 5
    bar(2)
    now[0] += 7
    bar(2)  # nothing more done: the clock still moves
    bar.close()
    text = screen.getvalue()
    assert "5 s; time limit 5 of 3600 s used" in text and "12 s; time limit 12 of 3600 s used" in text
    assert "eta" not in text.lower() and "left" not in text


def test_the_bar_shows_the_work_done_of_the_budget(terminal):
    """Issue 49 item 9: `100%  2 s, 6 s left to prove` read as an estimate of the time still needed; under a work
    budget the bar says how much of the budget the proof has used, and at the end that it is spent (bounding)."""
    from wordle_cli.cli import options

    terminal = terminal()
    budget = Budget(10)
    bar = options.Progress(10, "proving fuzzy", budget=budget)
    budget.charge(4 * WORK_PER_UNIT)
    bar(2)
    budget.charge(6 * WORK_PER_UNIT)
    bar(10)
    bar.close()
    text = terminal.getvalue()
    assert "; search budget 40% used" in text and "search budget spent: bounding" in text
    assert "left" not in text


class FakeTerminal(io.StringIO):
    """stderr as a terminal, whose text is kept."""

    def isatty(self):
        return True


@pytest.fixture
def terminal(monkeypatch):
    """A function making stderr a terminal, its text kept (called in the test: pytest's capture sets sys.stderr
    again after the fixtures)."""
    import sys

    from wordle_cli.cli import options

    def screen() -> FakeTerminal:
        made = FakeTerminal()
        monkeypatch.setattr(sys, "stderr", made)
        monkeypatch.setattr(options.Progress, "DELAY_S", 0)
        monkeypatch.setattr(options.Progress, "_shown", [])
        return made

    return screen


def test_past_the_deadline_the_bar_says_it_is_bounding(terminal):
    """Issue 44 item 8: `bounds in 6 s` said little; past the deadline the bar said nothing of what went on."""
    from wordle_cli.cli import options

    terminal = terminal()

    budget = Budget(seconds=1e-9)
    budget.clock.start()  # the clock runs from the first search armed (after compiling), as in a review
    bar = options.Progress(10, "proving fuzzy", budget=budget)
    time.sleep(0.01)
    bar(2)
    bar.close()
    assert "time limit reached: bounding" in terminal.getvalue()


def test_clear_line_erases_a_drawn_bar_and_it_draws_no_more(terminal):
    """Issue 44 item 8: after Ctrl-C at `play`'s review the bar stayed drawn over the `feedback>` prompt."""
    from wordle_cli.cli import options

    terminal = terminal()

    bar = options.Progress(10, "proving crane")
    bar(3)
    assert "proving crane" in terminal.getvalue()
    options.Progress.clear_line()
    assert terminal.getvalue().endswith("\r\x1b[K\x1b[?25h")  # the line erased, the cursor shown again
    drawn = terminal.getvalue()
    bar(7)  # the abandoned review's worker goes on a moment
    bar.close()
    assert terminal.getvalue() == drawn
    options.Progress.clear_line()  # no bar drawn: nothing written
    assert terminal.getvalue() == drawn


def test_an_abandoned_workers_bar_draws_nothing(terminal):
    from wordle_cli.cli import options

    terminal = terminal()

    work = interrupts._Work()
    work.abandoned = signal.SIGINT
    state = interrupts._worker_state()
    state.work = work
    try:
        bar = options.Progress(10, "proving crane")
        bar(3)
        bar.close()
    finally:
        state.work = None
    assert terminal.getvalue() == ""


def test_an_abandoned_workers_later_searches_stop_at_once():
    """A cancelled review's worker runs on unseen: every search it arms after the cancel stops at once."""
    problem = Problem(Game("test", ["cigar", "rebut", "sissy", "humph"], []))
    ctx = problem.context()
    work = interrupts._Work()
    state = interrupts._worker_state()
    state.work = work
    try:
        with Deadline(None).armed([ctx]):
            assert ctx.stop[0] == 0
        work.abandoned = signal.SIGINT
        with Deadline(None).armed([ctx]):
            assert ctx.stop[0] == 1
        with pytest.raises(interrupts.Interrupted):
            problem.quick(problem.start())  # no tree for nobody
    finally:
        state.work = None


def test_a_bar_is_not_full_while_the_stopped_parts_are_being_bounded(monkeypatch):
    """Issue 44 item 8: at the deadline every stopped part counted as settled, so the bar sat at 100% while the quick
    searches giving their bounds ran on (75 s). (A budget of work stops the parts as a deadline did.)"""
    from test_review_budget import GAMES

    answers, allowed, _, _ = GAMES[0]
    problem = Problem(Game("test", answers, allowed))
    seen = []
    at_quick = []
    quick = Problem.quick

    def recorded_quick(self, position):
        at_quick.append(max(seen, default=0))
        return quick(self, position)

    monkeypatch.setattr(Problem, "quick", recorded_quick)
    result = problem.build(problem.start(), first=answers[0], progress=seen.append, budget=Budget(1e-9))
    assert result.lower is not None and at_quick  # stopped: bounded by quick trees
    assert all(done < len(answers) for done in at_quick)
    assert seen[-1] == len(answers) and seen == sorted(seen)


def test_a_fault_in_plays_review_is_one_line_and_the_game_goes_on(runner, monkeypatch):
    """Issue 44 item 1: an AssertionError in the review (under the nyt prior) ended `wordle play` with a traceback."""
    from wordle_cli.cli import review

    def broken(*args, **kwargs):
        raise AssertionError("the tree does not add up")

    monkeypatch.setattr(review, "review_of", broken)
    result = runner.invoke(main, ["play", "--game", "wordle", "--interactive"], input="salet BBBBB\nreview\nlist\n")
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    text = " ".join(result.stdout.split())  # wrapped to the terminal's width
    line = "error: the review failed (AssertionError: the tree does not add up); the game goes on"
    assert line in text
    after = text.split(line, 1)[1]
    assert "possible" in after or "answers" in after  # `list` still answered: the game is intact
    assert "Traceback" not in result.stdout + result.stderr


def test_a_fault_in_plays_review_in_batch_mode_is_one_line(runner, monkeypatch):
    from wordle_cli.cli import review

    def broken(*args, **kwargs):
        raise AssertionError("boom")

    monkeypatch.setattr(review, "review_of", broken)
    result = runner.invoke(main, ["play", "--game", "wordle", "--batch"], input="salet BBBBB\nreview\n")
    assert result.exit_code == 1
    assert "<stdin> line 2: the review failed (AssertionError: boom)" in result.stderr
    assert "Traceback" not in result.stderr
