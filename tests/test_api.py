"""The public Python API (issue 11): every documented example, and each function against the naive references."""

from __future__ import annotations

import doctest
import hashlib
import random
import subprocess
import sys

import naive
import naive_solver
import pytest
from hypothesis import given
from strategies import game, tiles, word_list_and_guess, word_pair

import wordle_cli
from wordle_cli import api, lists
from wordle_cli.errors import UsageProblem, WordleError

ACE = "ACE"


@pytest.mark.parametrize("module", [api, lists])
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_import_is_light_and_names_resolve_lazily():
    code = (
        "import sys, wordle_cli\n"
        "assert 'numpy' not in sys.modules and 'numba' not in sys.modules and 'wordle_cli.api' not in sys.modules\n"
        "print(wordle_cli.feedback('sheer', 'super'))\n"
        "assert 'numpy' not in sys.modules\n"
        "from wordle_cli.model.feedback import parse\n"
        "print(parse('ECA'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[:2] == ["EAAEE", "(2, 1, 0)"]


def test_top_level_names():
    for name in ("feedback", "score", "prune", "solve", "simulate", "GuessScore", "PlayedGame", "Game", "Turn", "Simulation", "WordleError", "lists"):
        assert hasattr(wordle_cli, name), name
    assert wordle_cli.score is api.score and wordle_cli.WordleError is WordleError
    assert wordle_cli.Game is wordle_cli.PlayedGame  # the old name of the played-game record
    with pytest.raises(AttributeError):
        wordle_cli.no_such_thing  # noqa: B018


@given(word_pair())
def test_feedback_is_the_naive_rule_in_ace_letters(pair):
    guess, answer = pair
    assert wordle_cli.feedback(guess, answer) == "".join(ACE[t] for t in naive.feedback(guess, answer))


@given(word_list_and_guess(), tiles(8))
def test_prune_matches_naive_in_every_spelling(case, tiles_data):
    guess, words = case
    result = tiles_data[: len(guess)]
    want = naive.prune("strict", guess, result, words)
    assert api.prune(guess, result, words) == want
    assert api.prune(guess, "".join(ACE[t] for t in result), words) == want
    assert api.prune(guess, " ".join("⬛🟨🟩"[t] for t in result), words) == want  # spaces between tiles
    assert api.prune(guess, result, words, rule="loose") == naive.prune("loose", guess, result, words)


@given(game())
def test_score_matches_naive_exactly(case):
    guesses, answers = case
    ranked = api.score(guesses, answers, backend="cpu")
    want = naive.score("strict", guesses, answers)
    order = sorted(want, key=lambda g: naive.sort_key(g, want[g], answers))
    assert [row.guess for row in ranked] == order
    for row in ranked:
        assert (row.average_num_allowed, row.num_allowed_variance, row.max_wordlist_len) == want[row.guess]
        assert row.is_potential_answer == (row.guess in answers)
    assert "\n".join(ranked.csv()) + "\n" == naive.csv_text("strict", guesses, answers)


def test_solve_and_simulate_match_the_naive_player():
    rng = random.Random(11)
    words = sorted({"".join(rng.choice("abcd") for _ in range(3)) for _ in range(80)})
    rng.shuffle(words)
    answers, allowed = words[:14], words[7:37]
    for strategy in ("expected", "minimax"):
        result = api.simulate(answers=answers, allowed=allowed, strategy=strategy, backend="cpu")
        for target, path in zip(result.targets, result.paths):
            assert path == naive_solver.play(target, answers, allowed, strategy), target
            played = api.solve(target, answers=answers, allowed=allowed, strategy=strategy, backend="cpu")
            assert played.guesses == path and played.solved and not played.added_to_pool
            pool = list(answers)
            for turn in played.turns:  # pool sizes and tiles, recomputed by hand
                assert turn.pool == len(pool)
                assert turn.tiles == naive.feedback(turn.guess, target)
                sizes = naive_solver.partition_sizes(turn.guess, pool)
                assert turn.expected * len(pool) == sum(c * c for c in sizes)
                pool = naive.prune("strict", turn.guess, turn.tiles, pool)


def test_solve_accepts_an_allowed_word_and_adds_it_to_the_pool():
    answers, allowed = ["abc", "abd", "bcd"], ["abc", "xyz", "bca"]
    played = api.solve("bca", answers=answers, allowed=allowed, backend="cpu")
    assert played.added_to_pool and played.solved and played.target == "bca"
    assert played.turns[0].pool == 4  # the three answers and bca
    with pytest.raises(UsageProblem, match="neither an answer nor an allowed guess"):
        api.solve("qqq", answers=answers, allowed=allowed)


def test_share_grid():
    played = api.solve("cigar")
    assert played.share() == "Wordle 3/6\n\n🟨⬛🟨⬛⬛\n🟩🟨🟨⬛⬛\n🟩🟩🟩🟩🟩"
    assert api.solve("cigar", hard=True).share().startswith("Wordle 3/6*\n")


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: api.feedback("abc", "abcd"), "length"),
        (lambda: api.prune("abc", "ACEE", ["abc"]), "tiles"),
        (lambda: api.prune("abc", "XYZ", ["abc"]), "not a feedback string"),
        (lambda: api.prune("abc", [0, 3, 1], ["abc"]), "each 0"),
        (lambda: api.prune("abc", "ACE", "abc"), "not one string"),
        (lambda: api.prune("abc", "ACE", ["abc", "ab"]), "expected 3"),
        (lambda: api.prune("abc", "ACE", []), "no word"),
        (lambda: api.score(["abc"], ["abcd"]), "length"),
        (lambda: api.score(["abc"], ["abc"], rule="fuzzy"), "unknown rule"),
        (lambda: api.solve("cigar", strategy="luck"), "unknown strategy"),
        (lambda: api.solve("cigar", game="quordle"), "unknown game"),
        (lambda: api.simulate(["zzzzz"]), "not"),
    ],
)
def test_mistakes_raise_usage_problems_and_print_nothing(call, message, capsys):
    with pytest.raises(UsageProblem, match=message):
        call()
    assert capsys.readouterr() == ("", "")


def test_lists(tmp_path):
    assert len(lists.answers()) == 3158 and len(lists.allowed()) == 14855  # today's lists, the default
    assert len(lists.answers("wordle")) == 2315 and len(lists.allowed("wordle")) == 12972
    assert set(lists.answers()) <= set(lists.allowed()) and set(lists.answers("wordle")) <= set(lists.allowed("wordle"))
    assert lists.answers("primel")[:2] == ["10007", "10009"]
    path = tmp_path / "words.txt"
    path.write_text("# a comment\nCrane\n\nslate\ncrane\n", encoding="utf-8")
    assert lists.read_word_list(path) == ["crane", "slate"]
    with pytest.raises(WordleError, match="no such file"):
        lists.read_word_list(tmp_path / "missing.txt")
    shipped = lists.shipped_lists()
    assert [s.name for s in shipped] == list(lists.SHIPPED)
    for item in shipped:
        data = open(item.path, "rb").read()
        assert item.sha256 == hashlib.sha256(data).hexdigest()
    assert [s.words for s in shipped[:4]] == [3158, 14855, 2315, 12972]
