"""The setup made once (`wordle_cli.setup`): the API plays the command's game, the modes' rules in one place."""

from __future__ import annotations

import datetime as dt

import pytest
from clitools import invoke, write

import wordle_cli
from wordle_cli import setup
from wordle_cli.errors import ModeConflict, UsageProblem

ANSWERS = ["tough", "cough", "dough", "rough", "bough"]
ALLOWED = ["crane", "bdrtc"]


def test_the_api_follows_the_commands_default_prior(runner, monkeypatch):
    """Issue 44 item 6: `wordle_cli.solve("cigar")` played roate (uniform) where `wordle solve cigar` played raise (nyt)."""
    monkeypatch.delenv("WORDLE_PRIOR")
    played = wordle_cli.solve("cigar", date=dt.date(2026, 6, 1), backend="cpu")
    command = invoke(runner, ["solve", "cigar", "--date", "2026-06-01", "--tiles", "letters", "--color", "never", "-q"])
    assert command.exit_code == 0, command.stderr
    rows = [line.split()[1] for line in command.stdout.splitlines() if line.split() and line.split()[0].isdigit()]
    assert played.guesses == rows
    monkeypatch.setenv("WORDLE_DATE", "2026-06-01")
    assert wordle_cli.solve("cigar", backend="cpu").guesses == rows  # $WORDLE_DATE, as the command
    assert wordle_cli.solve("cigar", prior="uniform", backend="cpu").guesses == ["roate", "carrs", "cigar"]
    assert wordle_cli.solve("cigar", game="wordle", backend="cpu").guesses == ["roate", "carrs", "cigar"]  # not the NYT's lists


def test_the_api_takes_wordle_prior_like_the_commands(monkeypatch):
    monkeypatch.setenv("WORDLE_PRIOR", "nyt")
    nyt = wordle_cli.simulate(["cigar"], game="nyt", date=dt.date(2026, 6, 1), backend="cpu")
    given = wordle_cli.simulate(["cigar"], game="nyt", prior="nyt", date=dt.date(2026, 6, 1), backend="cpu")
    assert nyt.paths == given.paths


def test_a_target_of_weight_0_says_so(runner, tmp_path):
    """Issue 44 item 22: an answer the prior weighs 0 was called "not among the answers"."""
    answers, allowed = write(tmp_path / "a.txt", ANSWERS), write(tmp_path / "b.txt", ALLOWED)
    prior = tmp_path / "p.txt"
    prior.write_text("tough,5\ncough,1\ndough,1\nrough,0\nbough,3\n")
    solved = invoke(runner, ["solve", "--answers", answers, "--allowed", allowed, "--prior", str(prior), "rough"])
    assert solved.exit_code == 0, solved.stderr
    assert f"note: 'rough' is an answer of weight 0 under the prior from {prior}; added it to the pool" in solved.stderr
    reviewed = invoke(runner, ["review", "--answers", answers, "--allowed", allowed, "--prior", str(prior), "--answer", "rough",
                               "crane", "tough", "rough"])
    assert reviewed.exit_code == 2
    assert f"the answer 'rough' has weight 0 under the prior from {prior}" in reviewed.stderr


@pytest.mark.parametrize(
    "modes, message",
    [
        ({"lies": 1, "boards": 2}, "--lies plays one board"),
        ({"lies": 1, "hard": True}, "--hard is not part of a game whose rows lie"),
        ({"lies": 1, "tree": True}, "--tree follows a tree of true feedback"),
        ({"lies": 1, "strategy": "optimal"}, "--strategy optimal is not defined with --lies"),
        ({"boards": 2, "hard": True}, "--hard is not part of multi-board games"),
        ({"boards": 2, "share": True}, "--share goes with a one-board game"),
        ({"boards": 2, "strategy": "minimax"}, "--strategy minimax is for one board"),
        ({"max_guesses": 7, "command": "solve"}, "--max-guesses goes with --boards or --lies in solve"),
    ],
)
def test_the_modes_rules_are_declared_once(modes, message):
    with pytest.raises(ModeConflict, match=message):
        setup.check_modes(**modes)


def test_open_setup_builds_the_game_the_prior_and_the_modes():
    made = setup.open_setup(answers=ANSWERS, allowed=ALLOWED, weights=[5, 1, 1, 2, 3], strategy="optimal")
    assert made.game.answers == ANSWERS and made.prior.weights.tolist() == [5, 1, 1, 2, 3] and not made.prior.is_uniform
    assert setup.open_setup(answers=ANSWERS, allowed=ALLOWED).prior.is_uniform  # the user's own answers: uniform
    with pytest.raises(UsageProblem, match="not yet supported with --lies"):
        setup.open_setup(answers=ANSWERS, allowed=ALLOWED, weights=[5, 1, 1, 2, 3], lies=1)
    assert setup.prior_excluded(boards=2) == "with --boards" and setup.prior_excluded() is None
