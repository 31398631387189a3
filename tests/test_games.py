"""Which game a command plays (issue 26): today's NYT lists shipped, and one rule for the default.

The rule: --game if given, else $WORDLE_GAME (set and not empty), else nyt.
conftest.py unsets WORDLE_GAME for the session; these tests set it themselves.
Expectations come from the list files read here and from `naive`, not from
the tool.
"""

from __future__ import annotations

import json
from pathlib import Path

import naive
import pytest
from clitools import invoke, write

from wordle_cli import lists
from wordle_cli.cli import main
from wordle_cli.errors import WordleError
from wordle_cli.model import game as games
from wordle_cli.reviewer import exact
from wordle_cli.solver import openings

WORDLISTS = Path(__file__).resolve().parent.parent / "wordlists"


def words(name: str) -> list[str]:
    return [line.strip() for line in (WORDLISTS / name).read_text(encoding="utf-8").splitlines() if line.strip()]


NYT_ANSWERS, NYT_ALLOWED = words("nyt-answers.txt"), words("nyt-allowed.txt")
OLD_ANSWERS, OLD_ALLOWED = words("wordle-answers.txt"), words("wordle-allowed.txt")


# ---------------------------------------------------------------- the lists


def test_the_nyt_lists_are_what_their_source_says():
    # wordlists' README (alex1770/wordle): 3158 answers, 14855 guesses; the original answers less 13
    # plus 856; the original guesses plus 1883; every answer a guess; abash an answer of today only.
    assert (len(NYT_ANSWERS), len(NYT_ALLOWED)) == (3158, 14855)
    assert len(set(NYT_ANSWERS)) == 3158 and len(set(NYT_ALLOWED)) == 14855
    assert len(set(OLD_ANSWERS) - set(NYT_ANSWERS)) == 13 and len(set(NYT_ANSWERS) - set(OLD_ANSWERS)) == 856
    assert set(OLD_ALLOWED) <= set(NYT_ALLOWED) and len(NYT_ALLOWED) - len(OLD_ALLOWED) == 1883
    assert set(NYT_ANSWERS) <= set(NYT_ALLOWED)
    assert "abash" in NYT_ANSWERS and "abash" not in OLD_ANSWERS
    assert lists.answers("nyt") == NYT_ANSWERS and lists.allowed("nyt") == NYT_ALLOWED
    assert lists.answers("wordle") == OLD_ANSWERS and lists.allowed("wordle") == OLD_ALLOWED


def test_built_in_values_are_keyed_by_the_shipped_lists_digests():
    # openings and the proven best openers are looked up by the lists' digests: a wrong key would never match.
    for name, best in (("nyt", "tarse"), ("wordle", "salet")):
        game = games.Game(name, *(w.words for w in games.load_lists(name)))
        key = (openings.digest(game.answers), openings.digest(game.candidates))
        assert openings.PROVEN_OPTIMAL[(*key, False)] == best == openings.PROVEN_OPTIMAL[(*key, True)]
        assert openings.lookup(game, "optimal", False) == best
        assert exact.KNOWN_BEST[(*key, False, 6)][1] == best
        assert openings.lookup(game, "expected", False) == "roate"  # the memo's entry (recomputed in test_solver)
    nyt_key = (openings.digest(NYT_ANSWERS), openings.digest(NYT_ALLOWED))
    assert exact.KNOWN_BEST[(*nyt_key, False, 6)] == (11219, "tarse") and exact.KNOWN_BEST[(*nyt_key, True, 6)] == (11627, "tarse")


# ---------------------------------------------------------------- the rule


def test_the_rule(monkeypatch):
    monkeypatch.delenv("WORDLE_GAME", raising=False)
    assert games.resolve_game() == "nyt" == games.DEFAULT_GAME
    assert games.resolve_game("wordle") == "wordle"
    monkeypatch.setenv("WORDLE_GAME", "wordle")
    assert games.resolve_game() == "wordle"
    assert games.resolve_game("primel") == "primel"  # --game wins over the variable
    monkeypatch.setenv("WORDLE_GAME", " ")
    assert games.resolve_game() == "nyt"  # set but empty: unset
    monkeypatch.setenv("WORDLE_GAME", "wordle2")
    with pytest.raises(WordleError, match=r"\$WORDLE_GAME: unknown game 'wordle2'; choose one of nyt, wordle, primel"):
        games.resolve_game()
    assert games.resolve_game("nyt") == "nyt"  # a bad variable does not matter when --game is given


def game_commands() -> list[list[str]]:
    """Every command that takes --game, as its argument list before --help."""
    found = []

    def walk(command, path):
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])
        if any("--game" in getattr(p, "opts", ()) for p in getattr(command, "params", ())):
            found.append(path)

    from wordle_cli.cli.commands import COMMANDS

    for name in COMMANDS:
        walk(main.get_command(None, name), [name])
    return found


def test_every_command_that_plays_a_game_takes_nyt_and_says_how_the_default_is_chosen(runner):
    commands = {" ".join(c) for c in game_commands()}
    assert commands >= {
        "score", "prune", "solve", "simulate", "play", "review", "partition", "infer",
        "tree build", "tree verify", "tree rank", "absurdle solve", "absurdle play",  # tree show reads no list
    }
    for command in commands:
        text = " ".join(invoke(runner, [*command.split(), "--help"], ).stdout.split())
        assert "[nyt|wordle|primel]" in text and "[default: $WORDLE_GAME if set, else nyt]" in text, command


def test_prune_without_files_follows_the_rule(runner, monkeypatch):
    def kept(*args):
        result = invoke(runner, ["prune", "roate", "CACAA", "-q", *args])
        assert result.exit_code == 0, result.stderr
        return result.stdout.split()

    monkeypatch.delenv("WORDLE_GAME", raising=False)
    today = naive.prune("strict", "roate", (1, 0, 1, 0, 0), NYT_ANSWERS)
    old = naive.prune("strict", "roate", (1, 0, 1, 0, 0), OLD_ANSWERS)
    assert kept() == today != old
    monkeypatch.setenv("WORDLE_GAME", "wordle")
    assert kept() == old
    assert kept("--game", "nyt") == today
    monkeypatch.setenv("WORDLE_GAME", "nonsense")
    result = invoke(runner, ["prune", "roate", "CACAA"])
    assert result.exit_code == 1 and result.stderr.strip().splitlines() == [
        "Error: $WORDLE_GAME: unknown game 'nonsense'; choose one of nyt, wordle, primel"
    ]


@pytest.mark.parametrize("value", [None, "wordle", "primel", "nonsense"])
def test_explicit_files_ignore_the_variable(runner, monkeypatch, tmp_path, value):
    # The seed workflow, `score ALLOWED ANSWERS OUT` and `prune GUESS RESULT ANSWERS OUT`, takes no game.
    answers = write(tmp_path / "answers.txt", ["cigar", "rebut", "sissy", "humph", "awake"])
    allowed = write(tmp_path / "allowed.txt", ["roate", "raise", "cigar"])
    monkeypatch.delenv("WORDLE_GAME", raising=False)
    plain = [invoke(runner, args) for args in (["score", allowed, answers, "-"], ["prune", "roate", "CACAA", answers, "-"])]
    if value is not None:
        monkeypatch.setenv("WORDLE_GAME", value)
    for args, want in zip((["score", allowed, answers, "-"], ["prune", "roate", "CACAA", answers, "-"]), plain):
        got = invoke(runner, args)
        assert (got.exit_code, got.stdout) == (want.exit_code, want.stdout) == (0, want.stdout)
        assert [line for line in got.stderr.splitlines() if " in " not in line] == [line for line in want.stderr.splitlines() if " in " not in line]
    assert invoke(runner, ["score", allowed, answers, "-", "--game", "nyt"]).exit_code == 2


def test_partition_and_infer_follow_the_rule(runner, monkeypatch):
    monkeypatch.delenv("WORDLE_GAME", raising=False)

    def first_line(*args):
        result = invoke(runner, ["partition", *args, "--show", "0", "-q"])
        assert result.exit_code == 0, result.stderr
        return result.stdout.splitlines()[0]

    def buckets(guess, answers):
        return len({naive.feedback(guess, a) for a in answers})

    assert first_line("slate") == f"slate splits the 3158 answers into {buckets('slate', NYT_ANSWERS)} buckets"
    monkeypatch.setenv("WORDLE_GAME", "wordle")
    assert first_line("slate") == f"slate splits the 2315 answers into {buckets('slate', OLD_ANSWERS)} buckets"
    assert first_line("slate", "--game", "nyt").startswith("slate splits the 3158 answers")
    monkeypatch.setenv("WORDLE_GAME", "primel")
    assert first_line("10007").startswith("10007 splits the 8363 answers")

    grid = "Wordle 1,234 2/6\n\n⬛⬛🟩⬛⬛\n🟩🟩🟩🟩🟩\n"  # roate's feedback against abash, then the win
    assert naive.feedback("roate", "abash") == (0, 0, 2, 0, 0)
    monkeypatch.delenv("WORDLE_GAME")
    today = invoke(runner, ["infer", "-q", "--top", "0", "--json"], input=grid)
    assert today.exit_code == 0, today.stderr
    assert '"candidates": 3158' in today.stdout and '"word": "abash"' in today.stdout
    monkeypatch.setenv("WORDLE_GAME", "wordle")
    old = invoke(runner, ["infer", "-q", "--top", "0", "--json"], input=grid)
    assert '"candidates": 2315' in old.stdout and '"word": "abash"' not in old.stdout


# ---------------------------------------------------------------- today's pool by default


def test_abash_is_one_of_todays_answers(runner, monkeypatch):
    monkeypatch.delenv("WORDLE_GAME", raising=False)
    result = invoke(runner, ["solve", "abash", "--tiles", "letters"])
    assert result.exit_code == 0, result.stderr
    assert "added it to the pool" not in result.stderr
    rows = [line.split() for line in result.stdout.splitlines()[1:]]
    assert rows[0][3] == "3158" and rows[-1][1:3] == ["abash", "EEEEE"]
    for row in rows:
        assert row[2] == "".join("ACE"[t] for t in naive.feedback(row[1], "abash"))
    monkeypatch.setenv("WORDLE_GAME", "wordle")
    assert "added it to the pool (2316 answers)" in invoke(runner, ["solve", "abash", "-q"]).stderr


def test_play_reasons_over_todays_pool(runner, monkeypatch):
    monkeypatch.delenv("WORDLE_GAME", raising=False)
    tiles = naive.feedback("roate", "abash")
    result = invoke(runner, ["play", "--batch"], input="".join("BYG"[t] for t in tiles) + "\n")
    assert result.exit_code == 0, result.stderr
    left = naive.prune("strict", "roate", tiles, NYT_ANSWERS)
    assert "abash" in left
    assert result.stdout.splitlines()[0] == "roate"
    assert "3158 possible answers." in result.stderr and f"{len(left)} possible answers." in result.stderr


# ---------------------------------------------------------------- the built-in values, proven again (minutes)


@pytest.mark.slow
@pytest.mark.parametrize("hard, total", [(False, 11219), (True, 11627)])
def test_tarse_is_proven_to_the_references_totals_and_its_tree_verifies(runner, tmp_path, hard, total):
    # The reference solver's published totals for tarse on these lists (results_easy/hard_nyt20230701),
    # which reviewer/exact.KNOWN_BEST builds in: this tool proves the same, and its tree checks out.
    mode = ["--hard"] if hard else []
    tree = tmp_path / "tarse.tree"
    built = invoke(runner, ["tree", "build", "--game", "nyt", "--first", "tarse", *mode, "-q", "-o", str(tree)])
    assert built.exit_code == 0, built.stderr
    assert f"total      {total} guesses" in built.stdout and "proven optimal for tarse" in built.stdout
    checked = invoke(runner, ["tree", "verify", "--game", "nyt", *mode, str(tree)])
    assert checked.exit_code == 0, checked.stderr
    assert f"total      {total} guesses" in checked.stdout
    key = (openings.digest(NYT_ANSWERS), openings.digest(NYT_ALLOWED), hard, 6)
    assert exact.KNOWN_BEST[key] == (total, "tarse")


def test_review_takes_a_game_of_today(runner, monkeypatch, tmp_path):
    # The greedy review (seconds; the proven one is the same code on the same lists, minutes cold).
    monkeypatch.setenv("WORDLE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("WORDLE_GAME", raising=False)
    result = invoke(runner, ["review", "--strategy", "expected", "--json", "-q", "--answer", "abash", "salet", "abash"])
    assert result.exit_code == 0, result.stderr
    turns = json.loads(result.stdout)["turns"]
    left = naive.prune("strict", "salet", naive.feedback("salet", "abash"), NYT_ANSWERS)
    assert [(t["before"], t["after"]) for t in turns] == [(3158, len(left)), (len(left), 1)]
    monkeypatch.setenv("WORDLE_GAME", "wordle")
    refused = invoke(runner, ["review", "-q", "--answer", "abash", "salet", "abash"])
    assert refused.exit_code == 2 and "the answer 'abash' is not one of the 2315 answers" in refused.stderr
