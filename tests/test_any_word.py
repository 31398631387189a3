"""A guess in neither word list is refused wherever a guess is played, as the NYT refuses it (no feedback for it
exists); --allow-any-word plays it, for a game that takes any letters (issue 44, item 7)."""

from __future__ import annotations

import pytest
from clitools import invoke, write

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]
ALLOWED = ["roate", "raise", "fuzzy"]  # fuzzy: z is a letter of the game, so zzzzz is a word it could take
REFUSED = "'zzzzz' is in neither word list: the game refuses it (--allow-any-word plays it anyway)"


@pytest.fixture
def small(tmp_path):
    return ["--answers", write(tmp_path / "answers.txt", ANSWERS), "--allowed", write(tmp_path / "allowed.txt", ALLOWED), "-q"]


def test_play_refuses_an_unlisted_guess(runner, small):
    refused = invoke(runner, ["play", "--batch", *small], input="zzzzz BBBBB\n")
    assert refused.exit_code == 1
    assert refused.stderr.strip().splitlines()[-1] == f"Error: <stdin> line 1: {REFUSED}"
    allowed = invoke(runner, ["play", "--batch", "--allow-any-word", *small], input="zzzzz BBBBB\n")
    assert allowed.exit_code == 0 and "warning: 'zzzzz' is in neither word list" in allowed.stderr


def test_play_at_a_terminal_says_so_and_goes_on(runner, small):
    """Interactive: one line, the pool untouched, the next turn taken."""
    result = invoke(runner, ["play", "--interactive", *small], input="zzzzz BBBBB\nlist\n")
    assert result.exit_code == 0
    assert f"error: {REFUSED}" in " ".join(result.stdout.split())
    assert "10 possible answers" in result.stdout and "kept" not in result.stdout


def test_play_boards_refuses_it_too(runner, small):
    result = invoke(runner, ["play", "--batch", "--boards", "2", *small], input="zzzzz BBBBB BBBBB\n")
    assert result.exit_code == 1 and REFUSED in result.stderr


def test_review_refuses_an_unlisted_guess(runner, small):
    refused = invoke(runner, ["review", "--strategy", "expected", "--no-cache", *small, "--answer", "cigar", "zzzzz", "cigar"])
    assert refused.exit_code == 2 and REFUSED in refused.stderr and "Traceback" not in refused.stderr
    allowed = invoke(runner, ["review", "--strategy", "expected", "--no-cache", "--allow-any-word", *small, "--answer", "cigar", "zzzzz", "cigar"])
    assert allowed.exit_code == 0 and "zzzzz" in allowed.stdout


@pytest.mark.parametrize("command", [["solve", "cigar"], ["simulate"], ["absurdle", "solve"], ["fibble", "solve"]])
def test_first_is_a_guess_too(runner, small, command):
    refused = invoke(runner, [*command, *small, "--first", "zzzzz"])
    assert refused.exit_code == 2 and REFUSED in refused.stderr
    allowed = invoke(runner, [*command, *small, "--first", "zzzzz", "--allow-any-word"])
    assert allowed.exit_code == 0 and "--first 'zzzzz' is in neither word list; playing it anyway" in allowed.stderr


def test_a_listed_guess_that_is_no_answer_is_played(runner, small):
    result = invoke(runner, ["play", "--batch", *small], input="raise BBBBB\n")
    assert result.exit_code == 0, result.stderr


def test_history_says_a_non_word_is_no_word_of_the_game(runner):
    result = invoke(runner, ["history", "zzzzz", "ymolt"])
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "zzzzz is not a word of the NYT's game (in neither of its lists): it cannot be an answer",
        "ymolt has not been an answer (#0 to #1807, 2021-06-19 to 2026-05-31)",
    ]
