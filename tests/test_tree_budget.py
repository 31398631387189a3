"""`tree build --time-limit` (issue 35): the best tree found by the deadline, a real tree whose total is at least the
brute-force minimum, and a proven least total at most that minimum; with no time at all too."""

from __future__ import annotations

import random
import re
from pathlib import Path

import naive_tree
import pytest
from clitools import invoke, write

from wordle_cli.model.game import Game
from wordle_cli.trees.budget import Deadline
from wordle_cli.trees.builder import Problem

WORDS = [w.strip() for w in (Path(__file__).resolve().parent.parent / "wordlists" / "wordle-answers.txt").open() if w.strip()]
NO_TIME = 1e-9


def games():
    rng = random.Random(3536)
    for pattern, limit in ((".i..t", None), ("...er", 5), (".o.e.", None), ("..a.e", 4)):
        alike = [w for w in WORDS if re.fullmatch(pattern, w)]
        answers = sorted(rng.sample(alike, min(len(alike), 20)))
        yield answers, rng.sample(WORDS, 3), rng.choice([None, rng.choice(answers)]), limit


@pytest.mark.parametrize("answers, allowed, first, limit", list(games()))
def test_a_build_out_of_time_gives_a_real_tree_and_a_proven_gap(answers, allowed, first, limit):
    truth = naive_tree.best_total(answers, allowed, first=first, max_guesses=limit)
    problem = Problem(Game("test", answers, allowed), max_guesses=limit)
    result = problem.build(problem.start(), first, threads=2, deadline=Deadline(NO_TIME))
    stats = result.tree.stats()
    assert stats.answers == len(answers) and stats.total == result.total
    assert limit is None or stats.worst <= limit
    if result.lower is None:
        assert result.proven and result.total == truth
    else:
        assert not result.proven
        assert result.lower <= truth <= result.total
    if first is not None:
        assert result.tree.root.guess == first


def test_the_command_labels_the_gap(runner, tmp_path):
    answers, allowed, _, _ = next(games())
    lists = ["--answers", write(tmp_path / "a.txt", answers), "--allowed", write(tmp_path / "b.txt", allowed)]
    out = tmp_path / "t.tree"
    result = invoke(runner, ["tree", "build", *lists, "--first", answers[0], "--time-limit", "1e-9", "-o", str(out), "-q"])
    assert result.exit_code == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if line.startswith("result"))
    assert "proven optimal" in line or re.search(r"not proven: total \d+, the least possible at least \d+ \(gap \d+", line)
    assert invoke(runner, ["tree", "verify", *lists, "-q", str(out)]).exit_code == 0
