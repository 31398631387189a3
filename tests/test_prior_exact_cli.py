"""`tree build/verify/show/rank` and `review` under a FILE prior (issue 33, item 3): on a tiny game, the
numbers they print are brute force's weighted ones (tests/naive_tree.py); uniform output is unchanged."""

from __future__ import annotations

import random
from fractions import Fraction

import naive_tree
from clitools import invoke

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]
ALLOWED = ANSWERS + ["salet", "crony", "tarse"]


def tiny(tmp_path, seed=5):
    """(answers file, allowed file, prior file, weights in the answers' order)."""
    rng = random.Random(seed)
    weights = [rng.randint(1, 9) for _ in ANSWERS]
    (tmp_path / "a.txt").write_text("\n".join(ANSWERS) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(ALLOWED) + "\n")
    (tmp_path / "p.csv").write_text("word,weight\n" + "".join(f"{w},{x}\n" for w, x in zip(ANSWERS, weights)))
    return str(tmp_path / "a.txt"), str(tmp_path / "g.txt"), str(tmp_path / "p.csv"), weights


def test_tree_build_and_verify_under_a_file_prior_give_brute_forces_expectation(runner, tmp_path):
    answers, allowed, prior, weights = tiny(tmp_path)
    lists = ["--answers", answers, "--allowed", allowed, "--game", "wordle"]
    total = naive_tree.best_total(ANSWERS, ALLOWED, first="salet", max_guesses=6, weights=weights)
    expected = f"{total / sum(weights):.6g}"
    tree = str(tmp_path / "t.json")
    built = invoke(runner, ["tree", "build", "--first", "salet", "--prior", prior, "-o", tree, *lists])
    assert built.exit_code == 0, built.stderr
    assert f"prior      prior from {prior}" in built.stdout or "prior      prior from p.csv" in built.stdout
    assert f"expected   {expected} guesses under the prior (weighted total {total} / {sum(weights)})" in built.stdout
    assert "prior: prior from" in built.stderr
    checked = invoke(runner, ["tree", "verify", "--prior", prior, tree, *lists])
    assert checked.exit_code == 0, checked.stderr
    assert f"expected   {expected} guesses under the prior (weighted total {total} / {sum(weights)})" in checked.stdout
    shown = invoke(runner, ["tree", "show", "--prior", prior, tree, *lists])
    assert shown.exit_code == 0, shown.stderr
    assert f", expected {expected} under prior from" in shown.stdout.splitlines()[0]


def test_uniform_tree_output_names_no_prior(runner, tmp_path):
    answers, allowed, prior, _ = tiny(tmp_path)
    lists = ["--answers", answers, "--allowed", allowed, "--game", "wordle"]
    plain = invoke(runner, ["tree", "build", "--first", "salet", *lists])
    uniform = invoke(runner, ["tree", "build", "--first", "salet", "--prior", "uniform", *lists])
    assert plain.exit_code == uniform.exit_code == 0
    assert plain.stdout == uniform.stdout and "expected" not in plain.stdout and "prior" not in plain.stdout


def test_review_under_a_file_prior_grades_by_the_weighted_optimum(runner, tmp_path):
    answers, allowed, prior, weights = tiny(tmp_path)
    lists = ["--answers", answers, "--allowed", allowed, "--game", "wordle"]
    best = Fraction(naive_tree.best_total(ANSWERS, ALLOWED, max_guesses=6, weights=weights), sum(weights))
    opener = Fraction(naive_tree.best_total(ANSWERS, ALLOWED, first="salet", max_guesses=6, weights=weights), sum(weights))
    result = invoke(runner, ["review", "--answer", "cigar", "--prior", prior, "--json", "--no-cache", "salet", "cigar", *lists])
    assert result.exit_code == 0, result.stderr
    import json

    review = json.loads(result.stdout)
    assert review["prior"].startswith("prior from")
    turn = review["turns"][0]
    assert abs(turn["best"] - float(best)) < 1e-9
    assert abs(turn["expected"] - float(opener)) < 1e-9
    assert "prior: prior from" in result.stderr
    table = invoke(runner, ["review", "--answer", "cigar", "--prior", prior, "--no-cache", "salet", "cigar", *lists])
    assert "prior      prior from" in table.stdout
    uniform = invoke(runner, ["review", "--answer", "cigar", "--json", "--no-cache", "salet", "cigar", *lists])
    assert "prior" not in json.loads(uniform.stdout)
    greedy = invoke(runner, ["review", "--answer", "cigar", "--prior", prior, "--strategy", "expected", "salet", "cigar", *lists])
    assert greedy.exit_code == 2 and "not yet supported with review --strategy expected" in greedy.stderr


def test_simulate_optimal_under_a_file_prior_plays_the_weighted_optimum(runner, tmp_path):
    answers, allowed, prior, weights = tiny(tmp_path)
    lists = ["--answers", answers, "--allowed", allowed, "--game", "wordle"]
    best = naive_tree.best_total(ANSWERS, ALLOWED, max_guesses=6, weights=weights) / sum(weights)
    result = invoke(runner, ["simulate", "--strategy", "optimal", "--prior", prior, *lists])
    assert result.exit_code == 0, result.stderr
    assert f"prior mean   {best:.4f}" in result.stdout
    assert "no opener is known under this prior" in result.stderr  # no opening book for these lists: the opener is searched, and the user told


def test_solve_optimal_under_the_nyt_prior_takes_the_shipped_opener(runner):
    result = invoke(runner, ["solve", "cigar", "--strategy", "optimal", "--prior", "nyt", "--date", "2026-06-01"])
    assert result.exit_code == 0, result.stderr
    first = next(line for line in result.stdout.splitlines() if line.split()[:1] == ["1"])
    assert first.split()[1] == "tarse"
    # the shipped entry for this prior: tarse, proven best over every guess: nothing to say about it
    assert "the opener" not in result.stderr and "not proven" not in result.stderr
    assert result.stdout.startswith("prior: nyt prior for 2026-06-01")


def test_solve_optimal_on_another_day_takes_the_books_opener_and_says_so(runner):
    result = invoke(runner, ["solve", "cigar", "--strategy", "optimal", "--prior", "nyt", "--date", "2026-06-02"])
    assert result.exit_code == 0, result.stderr
    assert "the opener is the uniform optimum tarse (the best under this prior is not proven" in result.stderr


def test_tree_rank_under_a_file_prior_ranks_by_brute_forces_expectation(runner, tmp_path):
    answers, allowed, prior, weights = tiny(tmp_path)
    (tmp_path / "openers.txt").write_text("salet\ncrony\n")
    result = invoke(runner, [
        "tree", "rank", "--exact", "--openers", str(tmp_path / "openers.txt"), "--workers", "1", "--prior", prior, "-o", "-",
        "--answers", answers, "--allowed", allowed, "--game", "wordle",
    ])
    assert result.exit_code == 0, result.stderr
    rows = {line.split(",")[0]: line.split(",") for line in result.stdout.splitlines()[1:]}
    for opener in ("salet", "crony"):
        total = naive_tree.best_total(ANSWERS, ALLOWED, first=opener, max_guesses=6, weights=weights)
        assert rows[opener][1:4] == [str(total), f"{total / sum(weights):.6g}", "true"]


def test_a_json_tree_stores_its_prior_and_verify_checks_it(runner, tmp_path):
    answers, allowed, prior, weights = tiny(tmp_path)
    lists = ["--answers", answers, "--allowed", allowed, "--game", "wordle"]
    tree = str(tmp_path / "t.json")
    built = invoke(runner, ["tree", "build", "--first", "salet", "--prior", prior, "--format", "json", "-o", tree, *lists])
    assert built.exit_code == 0, built.stderr
    import json

    stored = json.loads(open(tree, encoding="utf-8").read())
    total = naive_tree.best_total(ANSWERS, ALLOWED, first="salet", max_guesses=6, weights=weights)
    assert (stored["weighted_total"], stored["weight"]) == (total, sum(weights)) and stored["prior"].startswith("prior from")
    same = invoke(runner, ["tree", "verify", "--prior", prior, tree, *lists])
    assert same.exit_code == 0 and "disagrees" not in same.stderr
    uniform = invoke(runner, ["tree", "verify", "--prior", "uniform", tree, *lists])
    assert uniform.exit_code == 0 and "was built under prior from" in uniform.stderr
    other = tmp_path / "other.csv"
    other.write_text("".join(f"{w},1\n" for w in ANSWERS[:-1]) + f"{ANSWERS[-1]},50\n")
    changed = invoke(runner, ["tree", "verify", "--prior", str(other), tree, *lists])
    assert changed.exit_code == 0 and f"weighted_total {total}, not" in changed.stderr


def test_solve_review_grades_under_the_games_prior(runner, tmp_path):
    answers, allowed, prior, weights = tiny(tmp_path)
    lists = ["--answers", answers, "--allowed", allowed, "--game", "wordle"]
    best = naive_tree.best_total(ANSWERS, ALLOWED, first="salet", max_guesses=6, weights=weights) / sum(weights)
    result = invoke(runner, ["solve", "cigar", "--first", "salet", "--review", "--prior", prior, *lists])
    assert result.exit_code == 0, result.stderr
    assert f"expected   {best:.4f} playing salet first" in result.stdout
    assert "prior      prior from" in result.stdout and "uniform prior, not the game's" not in result.stderr
