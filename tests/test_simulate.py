"""`wordle simulate` and `wordle solve`: the shared decision tree, played end to end."""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path

import naive
import naive_solver
import pytest
from clitools import invoke, write

from wordle_cli.model.game import Game, load_lists
from wordle_cli.solver.tree import Simulation, Solver, simulate

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf",
           "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign"]
ALLOWED = ["roate", "raise", "zzzzz", "sissy", "eerie", "cigar", "naval", "qajaq", "lints", "chump"]


@pytest.fixture
def lists(tmp_path):
    return ["--answers", write(tmp_path / "answers.txt", ANSWERS), "--allowed", write(tmp_path / "allowed.txt", ALLOWED)]


def read_games(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


# ---------------------------------------------------------------- simulate


@pytest.mark.parametrize("strategy", ["expected", "entropy", "minimax"])
@pytest.mark.parametrize("flags", [[], ["--pool-only"], ["--hard"]])
def test_games_csv_matches_naive_replay(runner, lists, backend, strategy, flags):
    result = invoke(runner, ["simulate", *lists, "--strategy", strategy, *flags, "--backend", backend, "-q", "-o", "games.csv"])
    assert result.exit_code == 0, result.stderr
    rows = read_games(Path("games.csv").read_text(encoding="utf-8"))
    assert [r["target"] for r in rows] == ANSWERS
    for row in rows:
        path = row["path"].split(" ")
        assert int(row["guesses"]) == len(path) and path[-1] == row["target"]
        want = naive_solver.play(row["target"], ANSWERS, ALLOWED, strategy, "--pool-only" in flags, "--hard" in flags)
        assert path == want


def test_chart_and_summary(runner, lists):
    result = invoke(runner, ["simulate", *lists, "-q", "-o", "games.csv"])
    assert result.exit_code == 0, result.stderr
    counts = [int(r["guesses"]) for r in read_games(Path("games.csv").read_text(encoding="utf-8"))]
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["guesses", "games"]
    hist = {}
    for line in lines[1:]:
        if not line.strip():
            break
        fields = line.split()
        hist[int(fields[0])] = int(fields[1])
        assert (len(fields) == 3) == (int(fields[1]) > 0)  # a bar for every non-empty row
    assert hist == {k: counts.count(k) for k in range(1, max(counts) + 1)}
    summary = dict(line.rsplit(None, 1) if not line.startswith("worst") else ("worst", line) for line in lines[len(hist) + 2 :])
    assert int(summary["games"]) == len(ANSWERS)
    mean = sum(counts) / len(counts)
    assert float(summary["mean"]) == pytest.approx(mean, abs=5e-5)
    assert float(summary["sd"]) == pytest.approx((sum((c - mean) ** 2 for c in counts) / len(counts)) ** 0.5, abs=5e-5)
    assert summary["worst"].split()[1] == str(max(counts))
    assert int(summary["more than 6"]) == sum(c > 6 for c in counts)


def test_sample_is_seeded_and_in_list_order(runner, lists):
    def sample(seed):
        result = invoke(runner, ["simulate", *lists, "--sample", "7", "--seed", str(seed), "-o", "-"])
        assert result.exit_code == 0, result.stderr
        assert "mean" in result.stderr  # the chart moved to stderr: stdout is the CSV
        return [r["target"] for r in read_games(result.stdout)]

    first = sample(1)
    assert len(first) == 7 and first == sample(1)
    assert first == [w for w in ANSWERS if w in first]
    assert first != sample(2)
    result = invoke(runner, ["simulate", *lists, "-q", "--sample", "1000", "-o", "-"])
    assert len(read_games(result.stdout)) == len(ANSWERS)


def test_output_is_atomic_and_errors_are_one_line(runner, lists):
    Path("games.csv").write_text("keep me\n", encoding="utf-8")
    result = invoke(runner, ["simulate", *lists, "-q", "-o", "missing/games.csv"])
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1 and "missing/games.csv" in result.stderr
    result = invoke(runner, ["simulate", "--answers", "nope.txt", "-q"])
    assert result.exit_code == 1 and "nope.txt" in result.stderr
    assert Path("games.csv").read_text(encoding="utf-8") == "keep me\n"


def test_words_of_another_length_are_an_error(runner, tmp_path):
    answers = write(tmp_path / "a.txt", ["abcd", "abce"])
    result = invoke(runner, ["simulate", "--answers", answers, "-q"])
    assert result.exit_code == 1 and "length" in result.stderr  # the default allowed list has 5 letters


def test_first_guess_is_forced(runner, lists):
    result = invoke(runner, ["simulate", *lists, "--first", "qajaq", "-q", "-o", "-"])
    assert result.exit_code == 0, result.stderr
    assert all(r["path"].startswith("qajaq") for r in read_games(result.stdout))
    result = invoke(runner, ["simulate", *lists, "--first", "qaj", "-q"])
    assert result.exit_code == 2 and "--first" in result.stderr


def test_simulation_statistics():
    sim = Simulation(["a", "b", "c", "d"], [["x", "a"], ["b"], ["x", "y", "z", "u", "v", "w", "c"], ["x", "d"]])
    assert sim.histogram() == {1: 1, 2: 2, 3: 0, 4: 0, 5: 0, 6: 0, 7: 1}
    assert sim.mean() == 3.0 and sim.worst() == 7 and sim.failures() == 1
    assert sim.std() == pytest.approx(5.5**0.5)  # population sd: deviations 1, 2, 4, 1
    boards = Simulation(["a b c", "d e f"], [["x", "a", "b", "c"], ["d", "e", "f"]], fewest=3)
    assert boards.histogram() == {3: 1, 4: 1}  # three boards: never fewer than 3 turns


# ---------------------------------------------------------------- the full lists


@pytest.fixture(scope="module")
def wordle():
    answers, allowed = load_lists("wordle")
    return Game("wordle", answers.words, allowed.words)


def test_full_wordle_pool_only_against_naive_sample(wordle):
    """The whole tree at once, then 8 games replayed by brute force after the (known) opening."""
    solver = Solver(wordle, "expected", pool_only=True)
    result = simulate(solver, wordle.answers)
    assert sum(result.histogram().values()) == 2315
    assert all(path[0] == "raise" and path[-1] == t for t, path in zip(result.targets, result.paths))
    by_target = dict(zip(result.targets, result.paths))
    for target in random.Random(5).sample(wordle.answers, 8):
        want = naive_solver.play(target, wordle.answers, wordle.answers, "expected", pool_only=True, first="raise")
        assert by_target[target] == want


def test_full_primel_pool_only_against_naive_sample():
    answers, allowed = load_lists("primel")
    game = Game("primel", answers.words, allowed.words)
    solver = Solver(game, "expected", pool_only=True)
    root = solver.root()
    for target in random.Random(2).sample(game.answers, 3):
        got = [n.guess for n in solver.play(root, target)]
        assert got == naive_solver.play(target, game.answers, game.answers, "expected", pool_only=True, first="17923")


# ---------------------------------------------------------------- solve


def test_solve_table(runner):
    result = invoke(runner, ["solve", "cigar", "--game", "wordle", "--pool-only", "-q", "--tiles", "letters"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["turn", "guess", "feedback", "pool", "expected", "entropy"]
    assert lines[1].split() == ["1", "raise", "CCCAA", "2315", "61.0009", "5.87791"]
    rows = [line.split() for line in lines[1:]]
    assert rows[-1][1] == "cigar" and rows[-1][2] == "EEEEE"
    pool = load_lists("wordle")[0].words
    for row in rows:  # each row's pool is what the earlier feedback left
        assert int(row[3]) == len(pool)
        pool = naive.prune("strict", row[1], tuple("ACE".index(c) for c in row[2]), pool)


def test_solve_primel_known_answer(runner):
    result = invoke(runner, ["solve", "--game", "primel", "--pool-only", "-q", "10169"])
    assert result.exit_code == 0, result.stderr
    first = result.stdout.splitlines()[1].split()
    assert first[1] == "17923" and first[3:] == ["8363", "121.542", "6.62459"]


def test_solve_emoji_and_forced_first(runner):
    result = invoke(runner, ["solve", "humph", "--first", "qajaq", "-q"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].split()[1:3] == ["qajaq", "⬛⬛⬛⬛⬛"]
    assert lines[-1].split()[1:3] == ["humph", "🟩🟩🟩🟩🟩"]


def test_solve_target_may_be_any_allowed_word(runner):
    """Issue 11: an allowed word that is not an answer is added to the pool, with one line on stderr."""
    result = invoke(runner, ["solve", "qajaq", "--game", "wordle", "-q", "--tiles", "letters"])
    assert result.exit_code == 0, result.stderr
    assert result.stderr.count("\n") == 1 and "'qajaq' is not among the answers" in result.stderr and "2316" in result.stderr
    rows = [line.split() for line in result.stdout.splitlines()[1:]]
    assert rows[0][3] == "2316" and rows[-1][1:3] == ["qajaq", "EEEEE"]
    pool = [*load_lists("wordle")[0].words, "qajaq"]
    for row in rows:  # each row's pool is what the earlier feedback left, the added word included
        assert int(row[3]) == len(pool)
        pool = naive.prune("strict", row[1], tuple("ACE".index(c) for c in row[2]), pool)


def test_solve_target_must_be_a_word_of_the_game(runner):
    result = invoke(runner, ["solve", "qqqqq", "-q"])
    assert result.exit_code == 2 and "TARGET" in result.stderr and "neither" in result.stderr


def test_unavailable_cuda_is_a_one_line_error(runner, lists, monkeypatch):
    from wordle_cli import backends

    monkeypatch.setattr(backends, "cuda_status", lambda: (False, "no GPU is visible"))
    for command in (["solve", "cigar"], ["simulate"], ["play", "--batch"]):
        result = invoke(runner, [*command, *lists, "--backend", "cuda", "-q"], input="")
        assert result.exit_code == 1 and result.stderr.count("\n") == 1
        assert "--backend cuda is not available" in result.stderr
