"""`tree build --budget` and `--time-limit` (issues 35, 47): the best tree found within the budget (work, or the wall
clock), a real tree whose total is at least the brute-force minimum, and a proven least total at most that minimum;
with no time or work at all too. A work budget gives the same tree on any number of threads."""

from __future__ import annotations

import random
import re
from pathlib import Path

import naive_tree
import pytest
from clitools import invoke, write

from wordle_cli.model.game import Game
from wordle_cli.trees.budget import WORK_PER_UNIT, Budget
from wordle_cli.trees.builder import Problem

WORDS = [w.strip() for w in (Path(__file__).resolve().parent.parent / "wordlists" / "wordle-answers.txt").open() if w.strip()]
NO_TIME = 1e-9


def games():
    rng = random.Random(3536)
    for pattern, limit in ((".i..t", None), ("...er", 5), (".o.e.", None), ("..a.e", 4)):
        alike = [w for w in WORDS if re.fullmatch(pattern, w)]
        answers = sorted(rng.sample(alike, min(len(alike), 20)))
        yield answers, rng.sample(WORDS, 3), rng.choice([None, rng.choice(answers)]), limit


#: Budgets of work, in units: from none at all to enough for some classes.
WORKS = [w / WORK_PER_UNIT for w in (1, 30_000, 100_000, 300_000, 1_000_000)]


@pytest.mark.parametrize("answers, allowed, first, limit", list(games()))
def test_a_build_out_of_time_gives_a_real_tree_and_a_proven_gap(answers, allowed, first, limit):
    truth = naive_tree.best_total(answers, allowed, first=first, max_guesses=limit)
    problem = Problem(Game("test", answers, allowed), max_guesses=limit)
    for budget in ["clock", *WORKS]:
        limits = Budget(seconds=NO_TIME) if budget == "clock" else Budget(budget)
        result = problem.build(problem.start(), first, threads=2, budget=limits)
        if budget != "clock":  # counted, not timed: the same tree, bounds and work on one thread
            alone = Budget(budget)
            again = problem.build(problem.start(), first, threads=1, budget=alone)
            got = (again.total, again.lower, again.tree.root.guess, alone.spent)
            assert got == (result.total, result.lower, result.tree.root.guess, limits.spent)
            assert again.part_bounds == result.part_bounds
        check_gap(result, truth, answers, first, limit)


def check_gap(result, truth, answers, first, limit):
    """A real tree within the limit, and its proven gap holding the brute-force total (exact when no gap)."""
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
    for limit, said in (("--time-limit", "by the 1e-09 s wall-clock limit (another run may stop elsewhere)"),
                        ("--budget", "within its budget of 1e-09 units of search work")):
        result = invoke(runner, ["tree", "build", *lists, "--first", answers[0], limit, "1e-9", "-o", str(out), "-q"])
        assert result.exit_code == 0, result.stderr
        line = " ".join(next(line for line in result.stdout.splitlines() if line.startswith("result")).split())
        assert re.search(r"not proven: total \d+, the least possible at least \d+ \(gap \d+", line), line
        assert f"best found {said}, not proven" in line
        assert invoke(runner, ["tree", "verify", *lists, "-q", str(out)]).exit_code == 0
