"""Every example whose output depends on the day names the day (issue 44, item 4).

The docs' examples and the help's run for one puzzle (WORDLE_DATE=2026-06-01,
tests/test_docs.py), but a reader runs them on another day. A command plays
the `nyt` prior of a date (today's by default) where `model.weights.resolve_prior`
chooses it, and so prints other numbers every day; such an example must say
which day it shows (`--date 2026-06-01`, or `--day N`), or play `--prior
uniform`, or show nothing that depends on the day (EXEMPT, with why).

The check reads each example's `wordle ...` command lines with the commands'
own click parser (`make_context`, nothing run) and the real `resolve_prior`,
so it follows every default the commands follow.
"""

from __future__ import annotations

import re
import shlex

import click
import pytest
import test_docs
from test_help_examples import examples as help_examples

from wordle_cli.cli import main
from wordle_cli.model.game import resolve_game
from wordle_cli.model.weights import resolve_prior

#: Examples that play the nyt prior of today but show nothing that depends on it: command -> why.
EXEMPT: dict[str, str] = {}

#: Shell words that end a command: pipes, lists, redirections, groups.
ENDS = {"|", "||", "&&", ";", "&", ">", ">>", "<", "2>", "(", ")", "|&"}


def wordle_calls(line: str) -> list[tuple[dict[str, str], list[str]]]:
    """(environment assignments, arguments) of each `wordle ...` in a shell command line, `$(...)` ones included."""
    found = []
    inner = re.findall(r"\$\(([^()]*)\)", line)
    for text in inner:
        found += wordle_calls(text)
    line = re.sub(r"\$\(([^()]*)\)", "SUBSTITUTED", line)
    lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|<>()")
    lexer.whitespace_split = True
    words = list(lexer)
    i = 0
    while i < len(words):
        env, j = {}, i
        while j < len(words) and re.fullmatch(r"[A-Z_]+=.*", words[j]):
            name, _, value = words[j].partition("=")
            env[name] = value
            j += 1
        if j < len(words) and words[j] == "wordle":
            k = j + 1
            while k < len(words) and words[k] not in ENDS:
                k += 1
            found.append((env, words[j + 1 : k]))
            i = k
        else:
            i = j + 1
    return found


def command_params(args: list[str]) -> tuple[str, dict] | None:
    """(the command's path, its parameters as parsed) for `wordle ARGS`, nothing run; None for a bare group."""
    command, ctx, path = main, click.Context(main, info_name="wordle"), "wordle"
    while isinstance(command, click.Group):
        if not args or args[0].startswith("-"):
            return None
        name, command, args = command.resolve_command(ctx, args)
        path = f"{path} {name}"
        ctx = click.Context(command, info_name=name, parent=ctx)
    return path, command.make_context(path, list(args), resilient_parsing=True).params


def depends_on_the_day(args: list[str], env: dict[str, str], monkeypatch) -> bool:
    """Whether `wordle ARGS` (with `env`) plays the nyt prior of a date it does not name."""
    for name in ("WORDLE_PRIOR", "WORDLE_GAME", "WORDLE_DATE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    parsed = command_params(args)
    if parsed is None or "WORDLE_DATE" in env:
        return False
    path, params = parsed
    if path == "wordle history prior":
        return params["date"] is None  # today's prior
    if "puzzle_date" not in params or params["puzzle_date"] is not None:
        return False  # no puzzle date to choose, or the example names it
    if "spoil" in params and params.get("day") is not None:
        return False  # --day N names the puzzle
    if "prior" not in params or path == "wordle infer":
        return False  # infer: the day is the one its posts' headers name
    unsupported = None
    if (params.get("boards") or 1) > 1:
        unsupported = "with --boards"
    elif params.get("lies") or params.get("rule") == "loose":
        unsupported = "with --lies"
    elif path == "wordle review" and params.get("strategy") not in (None, "optimal"):
        unsupported = "a greedy review"
    own = any(params.get(name) for name in ("answers", "paths", "candidates"))
    try:
        game = resolve_game(params.get("game"))
        prior = resolve_prior(params["prior"], game, own, unsupported)
    except Exception:  # refused: the example shows an error, not a number of the day
        return False
    return prior == "nyt"


def doc_examples() -> list[tuple[str, str]]:
    """(where, command) of every console example of the docs."""
    found = []
    for block in test_docs.all_blocks("console"):
        for command, _ in test_docs.session(block.text):
            found.append((block.name, command))
    return found


def all_examples() -> list[tuple[str, str]]:
    helps = [(f"`{page} --help`", command) for page, commands in help_examples().items() for command in commands]
    return doc_examples() + helps


def test_every_example_names_the_day_its_output_depends_on(monkeypatch):
    undated = []
    for where, command in all_examples():
        if command in EXEMPT:
            continue
        exports = {}
        for env, args in wordle_calls(command):
            if depends_on_the_day(args, {**exports, **env}, monkeypatch):
                undated.append(f"{where}: {command}")
    assert undated == [], "add --date 2026-06-01 (or --prior uniform), or say in EXEMPT why the output does not depend on the day"


@pytest.mark.parametrize(
    ("command", "dated"),
    [
        ("wordle score --top 2 -q", True),
        ("wordle score --top 2 -q --date 2026-06-01", False),
        ("wordle score --top 2 -q --prior uniform", False),
        ("wordle score -q allowed.txt answers.txt -", False),  # files: uniform
        ("wordle solve cigar -q | head -3", True),
        ("wordle solve --day 0 --share", False),
        ("wordle solve --game wordle cigar", False),
        ("wordle solve --boards 4 cigar rebut sissy humph", False),
        ("wordle solve --lies 1 cigar", False),
        ("WORDLE_PRIOR=uniform wordle solve cigar", False),
        ("WORDLE_GAME=wordle wordle simulate --sample 100 -q", False),
        ("wordle simulate --sample 100 -q", True),
        ("wordle review --answer cigar salet crony cigar", True),
        ("wordle review --day 0 salet crony cigar", False),
        ("wordle review --prior nyt --answer cigar salet cigar", True),
        ("printf 'CACAA\\n' | wordle play -q", True),
        ("printf 'CACAA\\n' | wordle play -q --prior uniform", False),
        ("wordle tree build --first salet -q | sed -n 3,5p", True),
        ('wordle score -q "$(wordle lists nyt-allowed.txt)" left.txt - | head -3', False),
        ("wordle history prior | head -3", True),
        ("wordle history prior --date 2026-05-31 | head -3", False),
        ("wordle history cigar", False),
        ("wordle infer posts.txt", False),
    ],
)
def test_the_check_reads_the_commands_defaults(command, dated, monkeypatch):
    assert any(depends_on_the_day(args, env, monkeypatch) for env, args in wordle_calls(command)) == dated
