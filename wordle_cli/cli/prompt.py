"""The interactive prompt of `wordle play`: line editing, history, text fitted to the terminal.

Line editing and history come from Python's `readline`, imported only when
standard input is a terminal (it is absent on some platforms, and loading it
for a pipe would only cost time). Text is wrapped at word boundaries to the
terminal's width, so words are never split at the screen's edge.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator

import click


def enable_line_editing() -> bool:
    """Arrow keys, Ctrl-A/E, backspace and up-arrow history at `input()`, where readline exists."""
    if not sys.stdin.isatty():
        return False
    try:
        import readline  # noqa: F401  (importing it is what hooks it into input())
    except ImportError:
        return False
    return True


def ask(prompt: str) -> str | None:
    """One line typed at `prompt`; None at end of input (Ctrl-D). Ctrl-C propagates (exit 130)."""
    try:
        return input(prompt)
    except EOFError:
        click.echo()
        return None


def turn_lines(interactive: bool, prompt: str) -> Iterator[tuple[int | None, str]]:
    """(line number, line) per turn: typed at `prompt` (number None) or read from piped standard input.

    The one reader of turns for `play`, `play --boards` and `absurdle play`.
    Piped input goes through the project's one line reader: a line that is
    not UTF-8 or is absurdly long ends the run with an error naming it, and
    memory stays bounded whatever is piped in. Ctrl-C is not caught here: it
    ends the program with status 130.
    """
    if interactive:
        enable_line_editing()
        while (line := ask(prompt)) is not None:
            yield None, line
    else:
        from wordle_cli.wordlist import content_lines

        yield from content_lines(sys.stdin.buffer, "<stdin>")


def width() -> int:
    """The terminal's width in columns (80 where it cannot be known, at least 20)."""
    return max(20, shutil.get_terminal_size((80, 24)).columns - 1)


def wrap(text: str, indent: str = "") -> str:
    """`text` wrapped at word boundaries to the terminal's width; each line starts with `indent`."""
    return click.wrap_text(text, width=width(), initial_indent=indent, subsequent_indent=indent, preserve_paragraphs=False)
