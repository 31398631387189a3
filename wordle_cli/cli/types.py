"""The parameter types of the options: how a value typed on the command line is read and checked.

Each numeric type takes ASCII digits only (`ascii_number`: int() and float() also take other scripts' digits,
'1_000' and 'infinity'), and says in one line what it wanted. The options themselves are declared in
`cli/options.py`.
"""

from __future__ import annotations

import math
import re

import click

from wordle_cli.errors import WordleError, quote
from wordle_cli.games import BOARD_GAMES, MAX_BOARDS  # constants: no numpy

#: A number as typed, in ASCII only: int() and float() also take other scripts' digits ('１'), '1_000' and 'infinity'.
_WHOLE = re.compile(r"[+-]?[0-9]+")


_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def ascii_number(value, whole: bool = True) -> bool:
    """Whether `value` (an option's text; a number given by the program passes) is a number written in ASCII:
    digits, a sign, and for `whole=False` a point and an exponent. The one rule of every numeric option."""
    if not isinstance(value, str):
        return True
    return (_WHOLE if whole else _DECIMAL).fullmatch(value.strip()) is not None


class Whole(click.IntRange):
    """A whole number in ASCII digits, in [min, max] (None: unbounded): the one type of every integer option."""

    def convert(self, value, param, ctx):
        if not ascii_number(value):
            self.fail(f"{quote(str(value))} is not a whole number (ASCII digits 0-9)", param, ctx)
        return super().convert(value, param, ctx)


#: The most guesses `--max-guesses` takes; and its word for "no limit", where a command can go without one.
MOST_GUESSES = 100


UNLIMITED = "unlimited"


class GuessLimit(click.ParamType):
    """`--max-guesses`'s one meaning: the most guesses a game may take, a whole number from 1 to MOST_GUESSES, or
    (where the command can do without a limit) the word `unlimited`, read as None."""

    name = "guess limit"

    def __init__(self, unlimited: bool):
        self.unlimited = unlimited

    def convert(self, value, param, ctx):
        if value is None or (self.unlimited and isinstance(value, str) and value.strip().lower() == UNLIMITED):
            return None
        try:
            n = int(value) if ascii_number(value) else None
        except (TypeError, ValueError):
            n = None
        if n is None or not 1 <= n <= MOST_GUESSES or isinstance(value, float):
            also = f" or {UNLIMITED!r}" if self.unlimited else ""
            self.fail(f"{quote(str(value))} is not a whole number from 1 to {MOST_GUESSES}{also}", param, ctx)
        return n


class Seconds(click.ParamType):
    """A finite number of seconds, positive (or 0 where `zero` says what 0 means), at most `most`: the one type of
    every float option.

    click's FloatRange lets `nan` through any bound (every comparison with it
    is false) and `inf` through a lower one, so `--time-limit nan` meant no
    limit at all; a time is refused unless it is a number in (0, inf).
    """

    name = "seconds"

    def __init__(self, zero: bool = False, most: float | None = None, unit: str = "seconds"):
        self.zero, self.most, self.unit = zero, most, unit

    def convert(self, value, param, ctx):
        try:
            seconds = float(value) if ascii_number(value, whole=False) else math.nan
        except (TypeError, ValueError):
            seconds = math.nan
        least_ok = seconds >= 0 if self.zero else seconds > 0
        if not (math.isfinite(seconds) and least_ok and (self.most is None or seconds <= self.most)):
            what = f"a finite number of {self.unit}, 0 or more" if self.zero else f"a positive, finite number of {self.unit}"
            self.fail(f"{quote(str(value))} is not {what}{'' if self.most is None else f' up to {self.most:g}'}", param, ctx)
        return seconds


class BoardCount(click.ParamType):
    """`--boards N`: a number of boards from 1 to MAX_BOARDS, or the name of the game that has them (quordle: 4)."""

    name = "boards"

    def get_metavar(self, param, ctx=None) -> str:  # click 8.1 and 8.2 signatures
        return "N"

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        name = str(value).strip().lower()
        if name in BOARD_GAMES:
            return BOARD_GAMES[name]
        if not ascii_number(name):
            names = ", ".join(BOARD_GAMES)
            self.fail(f"{quote(str(value))} is neither a number of boards (1 to {MAX_BOARDS}) nor a game's name ({names})", param, ctx)
        return click.IntRange(1, MAX_BOARDS).convert(value, param, ctx)

    def shell_complete(self, ctx, param, incomplete):
        from click.shell_completion import CompletionItem

        return [CompletionItem(name) for name in BOARD_GAMES if name.startswith(incomplete.lower())]


class IsoDate(click.ParamType):
    """`--date YYYY-MM-DD`: a puzzle's date, by `dates.parse`'s one rule (puzzle #0's date or later)."""

    name = "date"

    def get_metavar(self, param, ctx=None) -> str:  # click 8.1 and 8.2 signatures
        return "YYYY-MM-DD"

    def convert(self, value, param, ctx):
        import datetime as dt

        from wordle_cli import dates

        try:
            return dates.checked(value, None) if isinstance(value, dt.date) else dates.parse(value, None)
        except WordleError as exc:
            self.fail(str(exc), param, ctx)


class TileStyle(click.ParamType):
    """The one tile vocabulary (`wordle_cli.colour.STYLES`); old spellings (`ace`) still accepted."""

    name = "style"

    def get_metavar(self, param, ctx=None) -> str:  # click 8.1 and 8.2 signatures
        from wordle_cli.colour import STYLES

        return "[" + "|".join(STYLES) + "]"

    def convert(self, value, param, ctx):
        from wordle_cli.colour import style_name

        try:
            return style_name(str(value).lower())
        except ValueError as exc:
            self.fail(str(exc), param, ctx)

    def shell_complete(self, ctx, param, incomplete):
        from click.shell_completion import CompletionItem

        from wordle_cli.colour import STYLES

        return [CompletionItem(s) for s in STYLES if s.startswith(incomplete)]
