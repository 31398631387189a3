"""A time limit beyond any wait (issue 44 item 20): no limit, never a timer that overflows the clock."""

from __future__ import annotations

import numpy as np
import pytest
from clitools import invoke, write

from wordle_cli.trees.budget import NO_LIMIT_PAST, Deadline, limit_seconds


class _Context:
    def __init__(self):
        self.stop = np.zeros(2, dtype=np.int64)


@pytest.mark.parametrize("seconds", [None, 0, -1, NO_LIMIT_PAST * 2, 1e10, 1e12, 1e300])
def test_no_limit_means_no_timer(seconds):
    deadline = Deadline(seconds)
    assert not deadline.limited and deadline.left() is None and limit_seconds(seconds) is None
    ctx = _Context()
    with deadline.armed([ctx]):  # threading.Timer(1e10) raised OverflowError here
        pass
    assert ctx.stop[0] == 0


def test_a_limit_within_a_week_stands():
    assert Deadline(3.5).limited and limit_seconds(NO_LIMIT_PAST) == NO_LIMIT_PAST


@pytest.mark.parametrize("command", ["review", "tree"])
def test_a_huge_time_limit_runs_to_the_end(runner, tmp_path, command):
    answers = write(tmp_path / "a.txt", ["tough", "cough", "dough", "rough", "bough"])
    allowed = write(tmp_path / "b.txt", ["crane", "bdrtc"])
    if command == "review":
        args = ["review", "--answers", answers, "--allowed", allowed, "--no-cache", "--time-limit", "1e12", "--answer", "rough",
                "crane", "tough", "rough"]
    else:
        args = ["tree", "build", "--answers", answers, "--allowed", allowed, "--time-limit", "1e10", "-o", str(tmp_path / "t.tree")]
    result = invoke(runner, args)
    assert result.exit_code == 0, result.stderr
    assert "Overflow" not in result.stderr and "Traceback" not in result.stderr
