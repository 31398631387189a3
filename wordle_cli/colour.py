"""Tiles as people see them: one vocabulary of styles, and colour as the game shows it.

Styles (`--tiles`): ``emoji`` ⬛🟨🟩, ``letters`` A/C/E (absent, contained,
exact: the original tool's, what `prune` reads), ``byg`` B/Y/G (the colours'
initials, the tree files' spelling) and ``digits`` 0/1/2. With colour on, each
tile or letter gets the game's background: green exact, yellow contained,
grey absent (emoji are coloured already and stay as they are).

Whether to colour (`--color auto|always|never`): always and never are
obeyed; auto colours only when the stream is a terminal, unless NO_COLOR is
set (no colour) or FORCE_COLOR is set (colour), NO_COLOR winning.
How wide text is at a terminal (`display_width`, by wcwidth) is here too,
for every table and wrapped line. Pure Python, no click: the core may render too.
"""

from __future__ import annotations

import os
import re
from typing import TextIO

from wordle_cli.errors import quote
from wordle_cli.model.feedback import show

#: The tile styles, in the order help texts list them.
STYLES = ("emoji", "letters", "byg", "digits")

#: Older spellings still accepted: `feedback --style ace` means letters.
ALIASES = {"ace": "letters", "colours": "byg", "colors": "byg"}

# Background per tile (absent, contained, exact), with a readable foreground.
_ANSI = ("\x1b[1;97;100m", "\x1b[1;30;43m", "\x1b[1;30;42m")
_RESET = "\x1b[0m"
_ANY_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def style_name(name: str) -> str:
    """A style's canonical name (aliases resolved); ValueError for an unknown one."""
    name = ALIASES.get(name, name)
    if name not in STYLES:
        raise ValueError(f"unknown tile style {quote(str(name))}; choose one of {', '.join(STYLES)}")
    return name


def wanted(choice: str, stream: TextIO | None) -> bool:
    """Whether to colour text written to `stream` under --color `choice`."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def paint(text: str, tiles: tuple[int, ...] | list[int]) -> str:
    """`text` (one character per tile) with each character on its tile's background."""
    return "".join(f"{_ANSI[t]}{ch}{_RESET}" for ch, t in zip(text, tiles))


def tiles_text(tiles: tuple[int, ...] | list[int], style: str = "emoji", colour: bool = False) -> str:
    """Tiles in a style, coloured when asked (emoji never need it)."""
    style = style_name(style)
    text = show(tuple(tiles), style)
    return paint(text, tiles) if colour and style != "emoji" else text


def display_width(text: str) -> int:
    """Columns `text` takes at a terminal: an emoji or a CJK character two, a combining mark none.

    By `wcwidth` (the table terminals follow); ANSI colour codes take none.
    """
    from wcwidth import wcswidth, wcwidth

    plain = _ANY_ANSI.sub("", text)
    columns = wcswidth(plain)
    return columns if columns >= 0 else sum(max(0, wcwidth(ch)) for ch in plain)  # a control character: none


def pad(text: str, columns: int) -> str:
    """`text` and spaces to fill `columns` display columns (nothing added when it is as wide already)."""
    return text + " " * (columns - display_width(text))


def word_text(word: str, tiles: tuple[int, ...] | list[int], colour: bool = False) -> str:
    """A guess with its letters on their tiles' colours, as the game shows a row (plain without colour)."""
    return paint(word, tiles) if colour else word


#: Histogram bars (simulate, tree reports): the longest bar in characters.
BAR_WIDTH = 40
_EIGHTHS = " ▏▎▍▌▋▊▉█"


def bar(value: int, largest: int, width: int = BAR_WIDTH) -> str:
    """A horizontal bar in eighths of a character; any non-zero value shows."""
    if value <= 0 or largest <= 0:
        return ""
    eighths = max(1, round(8 * width * value / largest))
    full, part = divmod(eighths, 8)
    return "█" * full + (_EIGHTHS[part] if part else "")
