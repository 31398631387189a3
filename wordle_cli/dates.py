"""The puzzle's date: one rule for `--date`, `--day`, `$WORDLE_DATE` and `history prior --date`.

A date names a puzzle of the NYT's Wordle: the nyt prior is fitted on the
days before it, and a command that takes an answer plays that day's. Every
way of giving one goes through `parse` (the text) and `checked` (puzzle #0,
2021-06-19, or later), so a date the tool cannot mean is refused the same
way, in one line, wherever it was typed. Without one, `puzzle_date` is
$WORDLE_DATE's (the docs' examples and the tests pin their numbers with it),
else None: today in the user's time zone.
"""

from __future__ import annotations

import datetime as dt
import os
import re

from wordle_cli.errors import UsageProblem, quote
from wordle_cli.history import LAUNCH, number_of, today

#: The environment variable that fixes the puzzle's date for every command.
DATE_ENV = "WORDLE_DATE"


#: The one spelling of a date: YYYY-MM-DD in ASCII digits (Python's fromisoformat also takes 20260601, 2026-W22-1
#: and other digits than ASCII's, which the docs never promised).
_SPELLING = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def parse(text: str, what: str | None = "--date") -> dt.date:
    """A date YYYY-MM-DD typed as `what` (an option or the variable; None: unnamed, as click names it), on or after
    puzzle #0; UsageProblem if not."""
    text = str(text).strip()
    try:
        if not _SPELLING.fullmatch(text):
            raise ValueError(text)
        date = dt.date.fromisoformat(text)
    except ValueError:
        raise UsageProblem(_named(what, f"{quote(text)} is not a date YYYY-MM-DD")) from None
    return checked(date, what)


def checked(date: dt.date, what: str | None = "date") -> dt.date:
    """`date` (a datetime counts as its day) if it is puzzle #0's or later; UsageProblem naming `what` if not."""
    if not isinstance(date, dt.date):
        raise UsageProblem(f"{what or 'date'} must be a datetime.date, not {type(date).__name__}")
    if isinstance(date, dt.datetime):
        date = date.date()
    if date < LAUNCH:
        raise UsageProblem(_named(what, f"{date.isoformat()} is before puzzle #0 ({LAUNCH.isoformat()})"))
    return date


def _named(what: str | None, problem: str) -> str:
    return f"{what}: {problem}" if what else problem


def pinned() -> dt.date | None:
    """$WORDLE_DATE's date (checked, the variable named in its error), None when it is unset or blank."""
    text = os.environ.get(DATE_ENV, "").strip()
    return parse(text, f"${DATE_ENV}") if text else None


def puzzle_date(date: dt.date | None = None) -> dt.date | None:
    """The puzzle's date: `date` (checked), else $WORDLE_DATE's, else None (today in the user's time zone)."""
    return checked(date) if date is not None else pinned()


def puzzle_date_or_today(date: dt.date | None = None) -> dt.date:
    """`puzzle_date`, today's date in the user's time zone when none is given."""
    chosen = puzzle_date(date)
    return chosen if chosen is not None else today()


def puzzle_number(day: int | None, date: dt.date | None) -> int | None:
    """The puzzle `--day` or `--date` names (None: neither); both at once is a UsageProblem."""
    if day is not None and date is not None:
        raise UsageProblem("give --day or --date, not both")
    return day if date is None else number_of(checked(date, "--date"))
