"""Helpers the CLI tests share: a word-list file, a command run in-process that must not raise, an unbuilt package."""

from __future__ import annotations

import shutil
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


def unbuilt_package(folder: Path) -> str:
    """A copy of the package in `folder` without its built kernels (as an install whose build failed, or a fresh
    clone): a command run from it (PYTHONPATH) compiles its kernels on first use. The copy's path, for PYTHONPATH."""
    root = Path(__file__).resolve().parent.parent
    shutil.copytree(root / "wordle_cli", folder / "wordle_cli", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(root / "wordlists", folder / "wordlists")
    return str(folder)
