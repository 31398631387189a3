"""The interactive prompt of `wordle play`: line editing, history, text fitted to the terminal.

Line editing and history come from Python's `readline`, imported only when
standard input is a terminal (it is absent on some platforms, and loading it
for a pipe would only cost time). Text is wrapped at word boundaries to the
terminal's width, measured in display columns (an emoji takes two), so words
are never split at the screen's edge.
"""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import Iterator

import click

from wordle_cli.colour import display_width
from wordle_cli.errors import WordleError, quote


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
    if interactive and sys.stdin.isatty():  # a terminal bounds a line itself (4096 bytes on Linux)
        enable_line_editing()
        while (line := ask(prompt)) is not None:
            yield None, line
    elif interactive:
        yield from _piped_answers(prompt)
    else:
        from wordle_cli.wordlist import content_lines

        yield from content_lines(sys.stdin.buffer, "<stdin>")


def _piped_answers(prompt: str) -> Iterator[tuple[int | None, str]]:
    """Lines answered at `prompt` through a pipe, as `input()` reads them, but never more than a turn can be.

    `input()` would hold a whole line whatever its size (a 50 MB line: 1 GB);
    here a line longer than a turn can be ends the run with the error
    `--batch` gives, having read only that much of it.
    """
    from wordle_cli.config import MAX_LINE_LENGTH

    limit = 4 * MAX_LINE_LENGTH + 64  # bytes: MAX_LINE_LENGTH characters of up to 4 bytes, and some white space
    number = 0
    while True:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        data = sys.stdin.buffer.readline(limit + 1)
        number += 1
        if not data:
            click.echo()
            return
        text = data.decode("utf-8", "surrogateescape")
        if len(data) > limit and not data.endswith(b"\n"):
            shown = quote(text.strip(), whole=False)
            raise WordleError(f"<stdin> line {number}: longer than {MAX_LINE_LENGTH} characters, so not a turn: {shown}")
        yield None, text.rstrip("\r\n")


def terminal_columns() -> int:
    """The terminal's width in columns: $COLUMNS, else the terminal's, else 80."""
    return shutil.get_terminal_size((80, 24)).columns


def width() -> int:
    """The width text is wrapped to: a column short of the terminal's, so that no line ends at its edge (at least 20)."""
    return max(20, terminal_columns() - 1)


def wrap(text: str, indent: str = "", columns: int | None = None) -> str:
    """`text` wrapped at spaces to the terminal's width (or `columns`), measured in display columns.

    Each line starts with `indent`; spaces inside a line are kept as they are;
    a word wider than a line is cut where the line ends.
    """
    limit = max(display_width(indent) + 1, columns or width())
    start = display_width(indent)
    lines: list[str] = []
    line, used, fresh = indent, start, True  # fresh: nothing after the indent yet
    gap = ""
    for token in re.findall(r"[^ ]+| +", text.strip(" ")):
        if token[0] == " ":
            gap = token
            continue
        size = display_width(token)
        if not fresh and used + len(gap) + size > limit:
            lines.append(line)
            line, used, fresh = indent, start, True
        if not fresh:
            line, used = line + gap, used + len(gap)
        gap = ""
        for ch in token:  # only a word wider than the whole line is cut
            step = display_width(ch)
            if used + step > limit and not fresh:
                lines.append(line)
                line, used = indent, start
            line, used, fresh = line + ch, used + step, False
    if not fresh:
        lines.append(line)
    return "\n".join(lines)
