"""The default strategy under a prior (issue 40, item 1): the exact optimum under the weights, move by move, as
brute force finds it on tiny weighted games; a move not proven in its time keeps the proven bounds; the
heuristics credit a guess that may be the answer, checked by hand."""

from __future__ import annotations

import random
import time
from fractions import Fraction

import naive
import naive_tree
import numpy as np
import pytest

import wordle_cli as w
from wordle_cli.api import exact_search
from wordle_cli.model.game import ROWS, Game
from wordle_cli.solver.strategy import SCORED_STRATEGIES, default_strategy
from wordle_cli.solver.tree import Solver
from wordle_cli.trees import budget

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf", "model", "karma"]
ALLOWED = ANSWERS + ["salet", "crony", "tarse", "lucky"]


def weights_of(seed: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.choice([1, 2, 5, 40, 300]) for _ in ANSWERS]


def optimum(pool: list[str], rows: int, weights: dict, first: str | None = None) -> int:
    """Brute force's least weighted total of the pool in `rows` guesses (with `first` played first)."""
    return naive_tree.best_total(pool, ALLOWED, max_guesses=rows, first=first, weights=[weights[a] for a in pool])


def test_the_default_is_optimal_under_a_prior_and_expected_under_the_uniform_one():
    assert default_strategy(True) == "optimal" and default_strategy(False) == "expected"
    uniform = w.solve("cigar", answers=ANSWERS, allowed=ALLOWED)
    assert uniform.guesses == w.solve("cigar", answers=ANSWERS, allowed=ALLOWED, strategy="expected").guesses


@pytest.mark.parametrize("seed", range(3))
def test_every_move_of_the_default_under_a_prior_is_brute_forces_optimum(seed):
    weights = weights_of(seed)
    weight = dict(zip(ANSWERS, weights))
    for target in ANSWERS[seed::3]:
        game = w.solve(target, answers=ANSWERS, allowed=ALLOWED, weights=weights, move_budget=0)
        pool = list(ANSWERS)
        for turn, step in enumerate(game.turns, start=1):
            assert step.unproven is None
            rows = ROWS - turn + 1
            assert optimum(pool, rows, weight, first=step.guess) == optimum(pool, rows, weight), (target, turn, step.guess)
            pool = [a for a in pool if naive.feedback(step.guess, a) == step.tiles]
        assert game.solved and game.guesses[-1] == target


@pytest.mark.parametrize("limit", ["work", "clock"])
def test_a_move_past_its_budget_is_the_best_found_with_proven_bounds(monkeypatch, limit):
    """The search stopped at once (no work to spend, or a deadline passed): the guess is the quick search's, and its
    bounds hold the brute-force optimum; the note says what stopped it."""

    class Passed(budget.Deadline):
        def __init__(self, seconds):
            super().__init__(seconds)
            self.at = time.monotonic() - 1  # already passed: the search unwinds at its first candidate

    if limit == "clock":
        monkeypatch.setattr(budget, "Deadline", Passed)
    weights = weights_of(1)
    weight = dict(zip(ANSWERS, weights))
    solver = Solver(
        Game("t", ANSWERS, ALLOWED), "optimal", backend="cpu", exact=exact_search("optimal"), weights=np.array(weights),
        **({"move_time": 2.0} if limit == "clock" else {"move_budget": 1e-9}),
    )
    root = solver.root()
    bounds = root.unproven
    assert bounds is not None and bounds.clocked == (limit == "clock")
    total = sum(weights)
    best = Fraction(optimum(ANSWERS, ROWS, weight), total)
    played = Fraction(optimum(ANSWERS, ROWS, weight, first=root.guess), total)
    assert bounds.lower <= best <= played <= bounds.upper
    said = "not proven in 2 s (a wall-clock limit: another run may find otherwise): " if limit == "clock" else (
        "not proven within 1e-09 units of search work: ")
    assert said in bounds.text()


# ---------------------------------------------------------------- the heuristics' credit for winning now

#: abc weighs 8 of 10 and tells def from dfe nothing; dex and def tell all three apart, dex is no answer.
TINY_ANSWERS, TINY_ALLOWED, TINY_WEIGHTS = ["abc", "def", "dfe"], ["dex"], [8, 1, 1]


@pytest.mark.parametrize("strategy", SCORED_STRATEGIES)
def test_a_likely_answer_is_played_for_its_chance_to_win_now(strategy):
    """By hand. dex: classes {abc} 8, {def} 1, {dfe} 1, so 2 guesses always (expected left 0.8*1 + 0.1 + 0.1
    = 1, heaviest class 8, 0.92 bits). abc: wins with p 0.8, else {def, dfe} 2: 0.8*1 + 0.2*2.5 = 1.3
    guesses; credited, expected left 0.2*2 = 0.4 (not 0.8 + 0.4 = 1.2), heaviest class other than the win
    2 (not 8), 0.72 bits + 0.8 (not 0.72 alone). def tells all three apart too and wins with p 0.1: 1.9
    guesses; credited, expected left 0.9 (8 + 1 of 10). Each heuristic now plays abc, as the expected
    guesses say; the uniform prior, unchanged, plays def (the pool word that tells every answer apart)."""
    game = Game("t", TINY_ANSWERS, TINY_ALLOWED)
    pool = np.arange(3)
    weighted = Solver(game, strategy, backend="cpu", use_openings=False, weights=np.array(TINY_WEIGHTS))
    assert weighted.best(pool) == "abc"
    assert Solver(game, strategy, backend="cpu", use_openings=False).best(pool) == "def"


def test_the_credited_keys_by_hand():
    from wordle_cli.model.class_sums import codes_sums
    from wordle_cli.solver.strategy import credit_win

    codes = {g: [naive.code(naive.feedback(g, a)) for a in TINY_ANSWERS] for g in ("dex", "abc")}
    sums = {g: codes_sums(np.array(c), np.array(TINY_WEIGHTS)).score_sums() for g, c in codes.items()}
    dex = credit_win(sums["dex"], np.array([0]))
    abc = credit_win(sums["abc"], np.array([8]), lambda rows: np.array([2]))
    assert (int(dex.sum_n[0]), int(abc.sum_n[0])) == (10, 4)  # 10 x the expected answers left: 1 and 0.4
    assert (int(dex.max_n[0]), int(abc.max_n[0])) == (8, 2)
    bits = lambda s: np.log2(10) - float(s.sum_clog2c[0]) / 10  # noqa: E731  (the entropy, plus p_g)
    assert abs(bits(dex) - 0.9219) < 1e-4 and abs(bits(abc) - (0.7219 + 0.8)) < 1e-4


def test_a_pool_of_two_under_a_prior_plays_its_likelier_word_first():
    game = Game("t", TINY_ANSWERS, TINY_ALLOWED)
    solver = Solver(game, "expected", backend="cpu", use_openings=False, weights=np.array([1, 1, 5]))
    assert solver.best(np.array([1, 2])) == "dfe"
    assert Solver(game, "expected", backend="cpu", use_openings=False).best(np.array([1, 2])) == "def"


def test_solve_and_simulate_label_the_moves_not_proven_in_their_time(runner, tmp_path, monkeypatch):
    """A move past --move-budget (or --move-time) is said: solve names the turn and its bounds, simulate counts them
    (one line each), and a move the wall clock stopped says that another run may find otherwise."""
    from clitools import invoke

    (tmp_path / "a.txt").write_text("\n".join(ANSWERS) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(ALLOWED) + "\n")
    (tmp_path / "p.csv").write_text("".join(f"{a},{x}\n" for a, x in zip(ANSWERS, weights_of(1))))
    lists = ["--game", "wordle", "--answers", str(tmp_path / "a.txt"), "--allowed", str(tmp_path / "g.txt"), "--prior", str(tmp_path / "p.csv")]
    solved = invoke(runner, ["solve", "cigar", "--move-budget", "1e-9", "-q", *lists])
    assert solved.exit_code == 0, solved.stderr
    notes = [line for line in solved.stderr.splitlines() if line.startswith("note: turn 1's ")]
    assert len(notes) == 1 and "is the best guess found, not proven within 1e-09 units of search work: " in notes[0]
    assert notes[0].endswith(" guesses to go")
    played = invoke(runner, ["simulate", "-q", "--move-budget", "1e-9", *lists])
    assert played.exit_code == 0, played.stderr
    assert ("of the optimal strategy not proven within 1e-09 units of search work: the best guess found was played "
            "(--move-budget 0 proves every one)") in played.stderr

    class Passed(budget.Deadline):
        def __init__(self, seconds):
            super().__init__(seconds)
            self.at = time.monotonic() - 1

    monkeypatch.setattr(budget, "Deadline", Passed)
    solved = invoke(runner, ["solve", "cigar", "--move-time", "3", "-q", *lists])
    assert solved.exit_code == 0, solved.stderr
    notes = [line for line in solved.stderr.splitlines() if line.startswith("note: turn 1's ")]
    assert len(notes) == 1 and "not proven in 3 s (a wall-clock limit: another run may find otherwise): " in notes[0]
