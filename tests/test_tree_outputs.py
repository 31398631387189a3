"""Every output a tree command is asked for is written or refused (issue 29, items 10, 11, 15 and 16).

`tree build --format` without --output, two outputs naming one file, `tree
show` of a tree that does not verify, `tree show -q`. The broken-pipe and
no-home cases run the real program: tests/test_faults.py.
"""

from __future__ import annotations

import os

import naive
import pytest
from test_tree_cli import ALLOWED, ANSWERS, full_paths, invoke, one_line_error, summary, write

from wordle_cli import output
from wordle_cli.errors import UsageProblem
from wordle_cli.trees import formats


@pytest.fixture
def lists(tmp_path):
    return ["--answers", write(tmp_path / "answers.txt", ANSWERS), "--allowed", write(tmp_path / "allowed.txt", ALLOWED)]


@pytest.fixture
def tree_file(runner, lists, tmp_path):
    """A proven tree of the tiny game, opening with salet (selby)."""
    path = tmp_path / "salet.tree"
    built = invoke(runner, ["tree", "build", "-q", *lists, "--first", "salet", "-o", str(path)])
    assert built.exit_code == 0, built.stderr
    return path


def byg(guess: str, answer: str) -> str:
    return "".join("BYG"[t] for t in naive.feedback(guess, answer))


# ---------------------------------------------------------------- 10: tree build --format without --output


@pytest.mark.parametrize("fmt", ["selby", "json", "dot", "html"])
def test_build_with_a_format_and_no_output_writes_the_tree_to_stdout(runner, lists, fmt):
    result = invoke(runner, ["tree", "build", "-q", *lists, "--first", "salet", "--format", fmt])
    assert result.exit_code == 0, result.stderr
    assert summary(result.stderr)["opener"] == "salet (given)"  # the summary steps aside, as with -o -
    if fmt in ("selby", "json"):
        tree = formats.read(result.stdout, "<stdout>").tree
        assert tree.stats().answers == len(ANSWERS)
    elif fmt == "dot":
        assert result.stdout.startswith("digraph tree {") and result.stdout.rstrip().endswith("}")
    else:
        assert result.stdout.lstrip().lower().startswith("<!doctype html>") and "salet" in result.stdout


def test_build_without_a_format_prints_the_summary_only(runner, lists):
    result = invoke(runner, ["tree", "build", "-q", *lists, "--first", "salet"])
    assert result.exit_code == 0, result.stderr
    assert summary(result.stdout)["opener"] == "salet (given)" and "GGGGG" not in result.stdout


# ---------------------------------------------------------------- 10, 11: two outputs naming one file


def _same_named(tmp_path, how: str) -> tuple[str, str]:
    """Two names of one file, `how` they meet: the same text, ./name, a symbolic link, a hard link."""
    first = tmp_path / "same.svg"
    if how == "same":
        return str(first), str(first)
    if how == "dot-slash":
        return str(first), str(tmp_path / "." / "sub" / ".." / "same.svg")
    first.write_text("old\n")
    second = tmp_path / "other.svg"
    if how == "symlink":
        second.symlink_to(first)
    else:
        os.link(first, second)
    return str(first), str(second)


@pytest.mark.parametrize("how", ["same", "dot-slash", "symlink", "hardlink"])
@pytest.mark.parametrize("command", ["tree-show", "tree-build", "simulate", "rank-plot", "rank-checkpoint"])
def test_two_outputs_naming_one_file_are_refused(runner, lists, tree_file, tmp_path, command, how):
    (tmp_path / "sub").mkdir()
    one, two = _same_named(tmp_path, how)
    before = {p: open(p, "rb").read() for p in (one, two) if os.path.exists(p)}
    args = {
        "tree-show": ["tree", "show", *lists, str(tree_file), "--format", "dot", "-o", one, "--plot", two],
        "tree-build": ["tree", "build", "-q", *lists, "--first", "salet", "--format", "dot", "-o", one, "--plot", two],
        "simulate": ["simulate", "-q", *lists, "-o", one, "--plot", two],
        "rank-plot": ["tree", "rank", "-q", *lists, "--workers", "1", "-o", one, "--plot", two],
        "rank-checkpoint": ["tree", "rank", "-q", *lists, "--workers", "1", "-o", one, "--checkpoint", two],
    }[command]
    line = one_line_error(invoke(runner, args), 2)
    second = "--checkpoint" if command == "rank-checkpoint" else "--plot"
    assert f"--output and {second} name the same file" in line
    assert {p: open(p, "rb").read() for p in (one, two) if os.path.exists(p)} == before  # nothing written


def test_distinct_outputs_by_the_rules(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("a\n")
    b.write_text("b\n")
    output.check_distinct({"-o": str(a), "--plot": str(b), "--checkpoint": None, "--x": "-"})
    output.check_distinct({"-o": str(tmp_path / "new1"), "--plot": str(tmp_path / "new2")})
    output.check_distinct({"-o": "-", "--plot": "/dev/stdout"})  # one descriptor written twice: no file is replaced
    (tmp_path / "link").symlink_to(tmp_path / "dangling")  # a dangling link and the file it would make
    for pair in ((str(a), str(a)), ("-", "-"), (str(tmp_path / "link"), str(tmp_path / "dangling"))):
        with pytest.raises(UsageProblem, match="-o and --plot name the same file"):
            output.check_distinct({"-o": pair[0], "--plot": pair[1]})


# ---------------------------------------------------------------- 15: a tree that does not verify


def _broken(tree_file, how: str) -> str:
    """The tree's text with one fault `tree verify` finds."""
    lines = full_paths(tree_file.read_text(encoding="utf-8"))
    if how == "missing-answer":
        return "\n".join(lines[1:]) + "\n"
    if how == "non-word":  # an answer found at turn 2 is found at turn 3, after a guess that is no word of the game
        number, line = next((i, line) for i, line in enumerate(lines) if len(line.split()) == 4)
        opener, tiles, answer, _ = line.split()
        lines[number] = f"{opener} {tiles} qzxvj {byg('qzxvj', answer)}2 {answer} GGGGG3"
        return "\n".join(lines) + "\n"
    # 50 turns of salet before the answer (humph shares no letter with salet)
    assert byg("salet", "humph") == "BBBBB"
    return " ".join(f"salet BBBBB{k}" for k in range(1, 51)) + " humph GGGGG51\n"


@pytest.mark.parametrize("how", ["missing-answer", "non-word", "fifty-turns"])
def test_show_warns_in_one_line_when_the_tree_does_not_verify(runner, lists, tree_file, tmp_path, how):
    bad = tmp_path / "bad.tree"
    bad.write_text(_broken(tree_file, how), encoding="utf-8")
    verified = invoke(runner, ["tree", "verify", *lists, str(bad)])
    why = one_line_error(verified, 1).removeprefix("Error: ")
    shown = invoke(runner, ["tree", "show", *lists, str(bad)])
    assert shown.exit_code == 0, shown.stderr
    lines = shown.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("warning: ") and why in lines[0], (why, lines)
    assert shown.stdout.split()[0] == "salet"  # still shown


def test_show_of_a_tree_that_verifies_says_nothing(runner, lists, tree_file):
    shown = invoke(runner, ["tree", "show", *lists, str(tree_file), "--depth", "2"])
    assert shown.exit_code == 0 and shown.stderr == ""


def test_show_checks_a_tree_built_mid_game_against_its_turns(runner, lists, tmp_path):
    after = byg("salet", "humph")
    path = tmp_path / "after.tree"
    built = invoke(runner, ["tree", "build", "-q", *lists, "--from", f"salet:{after}", "-o", str(path)])
    assert built.exit_code == 0, built.stderr
    without = invoke(runner, ["tree", "show", *lists, str(path)])
    assert without.exit_code == 0 and "never reached" in without.stderr  # the other answers
    given = invoke(runner, ["tree", "show", *lists, "--from", f"salet:{after}", str(path)])
    assert given.exit_code == 0 and given.stderr == ""


# ---------------------------------------------------------------- 16: tree show -q


def test_show_takes_q(runner, lists, tree_file):
    loud = invoke(runner, ["tree", "show", *lists, str(tree_file)])
    quiet = invoke(runner, ["tree", "show", "-q", *lists, str(tree_file)])
    assert quiet.exit_code == 0, quiet.stderr
    assert quiet.stdout == loud.stdout and quiet.stderr == ""
