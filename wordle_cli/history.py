"""The NYT's answers so far: one `Day` per published puzzle, from the shipped table.

The table (`wordlists/nyt-history.csv`, rows `number,date,answer`) ships with
the package. On four days of 2022 (#241, #284, #324, #325) the original page
and the NYT's served different words: both rows are kept, under one number.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from dataclasses import dataclass

from wordle_cli import shipped

#: The shipped table's file name (a package data file beside the word lists).
SHIPPED_HISTORY = "nyt-history.csv"

#: Puzzle 0's date; puzzle N falls N days later.
LAUNCH = dt.date(2021, 6, 19)


@dataclass(frozen=True)
class Day:
    """One published puzzle: its number, its date and its answer."""

    number: int
    date: dt.date
    answer: str


def parse(text: str, source: str) -> list[Day]:
    """The rows of a history table (header `number,date,answer`), checked: number and date agree, words lower-case."""
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or [cell.strip() for cell in rows[0]] != ["number", "date", "answer"]:
        raise ValueError(f"{source}: expected the header number,date,answer")
    days = []
    for line, row in enumerate(rows[1:], start=2):
        if not row:
            continue
        try:
            number, date, answer = (cell.strip() for cell in row)
            day = Day(int(number), dt.date.fromisoformat(date), answer.lower())
        except ValueError as exc:
            raise ValueError(f"{source}, line {line}: not a row number,date,answer ({exc})") from None
        if day.date != LAUNCH + dt.timedelta(days=day.number):
            raise ValueError(f"{source}, line {line}: puzzle #{day.number} falls on {LAUNCH + dt.timedelta(days=day.number)}, not {day.date}")
        days.append(day)
    return days


def shipped_days() -> list[Day]:
    """The shipped history, in file order (by number; the four doubled days keep both rows)."""
    path = shipped.shipped_list(SHIPPED_HISTORY)
    with open(path, encoding="utf-8") as stream:
        return parse(stream.read(), path)
