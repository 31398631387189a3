"""Helpers the CLI tests share: a word-list file, and a command run in-process that must not raise."""

from __future__ import annotations

from pathlib import Path

from wordle_cli.cli import main


def write(path: Path, words) -> str:
    """A word list at `path`, one word per line; its name as a string (as the commands take it)."""
    path.write_text("".join(w + "\n" for w in words), encoding="utf-8")
    return str(path)


def invoke(runner, args, input=None):
    """`wordle ARGS` through click's runner; an exception other than SystemExit, or a traceback, fails the test."""
    result = runner.invoke(main, args, input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"wordle {' '.join(args)} raised {result.exception!r}") from result.exception
    assert "Traceback" not in result.stderr
    return result
