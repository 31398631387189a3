"""Issue 36's rough edges (items 8-14): numbers that mean nothing, guesses outside the alphabet,
empty pools, input forms, options the help promises, help and outputs that name today's game."""

from __future__ import annotations

import click
import pytest
from clitools import invoke, write

from wordle_cli.cli import main

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]
ALLOWED = ["roate", "raise", "lints", "chump", "dwarf", "sissy"]


@pytest.fixture
def lists(tmp_path):
    return ["--answers", write(tmp_path / "a.txt", ANSWERS), "--allowed", write(tmp_path / "g.txt", ALLOWED)]


def every_parameter(command=main, path=("wordle",)):
    """(command path, parameter) for every option and argument of every subcommand (loaded as they run)."""
    for param in command.params:
        yield " ".join(path), param
    if isinstance(command, click.Group):
        ctx = click.Context(command)
        for name in command.list_commands(ctx):
            yield from every_parameter(command.get_command(ctx, name), (*path, name))


# ---------------------------------------------------------------- 8: float options refuse nan and inf


@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "infinity", "0", "-1", "1e400", "soon"])
def test_time_limit_refuses_what_is_not_a_positive_finite_time(runner, lists, value):
    result = invoke(runner, ["fibble", "solve", *lists, "--time-limit", value, "-q"])
    assert result.exit_code == 2, result.stdout
    assert "--time-limit" in result.stderr and "positive, finite number of seconds" in result.stderr
    assert [line for line in result.stderr.splitlines() if "Error" in line] == [result.stderr.splitlines()[-1]]


def test_time_limit_takes_a_finite_time(runner, lists):
    result = invoke(runner, ["fibble", "solve", *lists, "--time-limit", "1e3", "-q", "--tiles", "letters"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-2].startswith("minimum ")


def test_every_float_option_is_the_shared_seconds_type():
    from wordle_cli.cli.options import Seconds

    floats = [(where, p.name) for where, p in every_parameter() if isinstance(p.type, click.types.FloatParamType)]
    assert not floats, f"float options outside the shared type: {floats}"
    seconds = [(where, p.name) for where, p in every_parameter() if isinstance(p.type, Seconds)]
    assert ("wordle fibble solve", "time_limit") in seconds
