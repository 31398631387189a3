"""The NYT's answers so far: one `Day` per published puzzle, shipped and kept current.

The table (`wordlists/nyt-history.csv`, rows `number,date,answer`) ships with
the package. On four days of 2022 (#241, #284, #324, #325) the original page
and the NYT's served different words: both rows are kept, under one number.

`wordle history update` writes the days published since into the user's
data folder (`data_dir()`: $WORDLE_DATA_DIR, else platformdirs' user data
folder for "wordle-cli"), as the same table; `known_days()` is the shipped
rows with the user's later ones after them. Nothing here touches the network.
"""

from __future__ import annotations

import csv
import datetime as dt
import functools
import io
import os
from dataclasses import dataclass

from wordle_cli import shipped
from wordle_cli.errors import WordleError, one_line

#: The shipped table's file name (a package data file beside the word lists), and the user's.
SHIPPED_HISTORY = "nyt-history.csv"

#: The variable that names the folder of the user's history (tests point it at a temporary one).
DATA_ENV = "WORDLE_DATA_DIR"

#: Puzzle 0's date; puzzle N falls N days later.
LAUNCH = dt.date(2021, 6, 19)

#: The doubled days of 2022: the word the NYT's site served (its daily data's `solution`), as the
#: NYT told the press; the other row is the original page's, which browsers that had cached it
#: still showed that day (`agora`, `harry` and `fetus` were removed from the NYT's list).
NYT_SERVED = {241: "aroma", 284: "stove", 324: "shine", 325: "gecko"}

#: The shipped answer list a new answer should be in; when it is not, the lists are out of date.
ANSWER_LIST = shipped.NYT_ANSWERS


@dataclass(frozen=True)
class Day:
    """One published puzzle: its number, its date and its answer."""

    number: int
    date: dt.date
    answer: str


def date_of(number: int) -> dt.date:
    """The date of puzzle `number`."""
    return LAUNCH + dt.timedelta(days=number)


def number_of(date: dt.date) -> int:
    """The number of the puzzle of `date` (negative before the launch)."""
    return (date - LAUNCH).days


def today(now: dt.datetime | None = None) -> dt.date:
    """Today's date in the user's time zone (the puzzle a player plays now); `now` for tests."""
    return (now or dt.datetime.now(dt.timezone.utc)).astimezone().date()


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
        if day.date != date_of(day.number):
            raise ValueError(f"{source}, line {line}: puzzle #{day.number} falls on {date_of(day.number)}, not {day.date}")
        days.append(day)
    return days


def table(days: list[Day]) -> str:
    """`days` as the history table `parse` reads."""
    return "number,date,answer\n" + "".join(f"{d.number},{d.date.isoformat()},{d.answer}\n" for d in days)


def shipped_days() -> list[Day]:
    """The shipped history, in file order (by number; the four doubled days keep both rows)."""
    return list(_shipped())


@functools.lru_cache(maxsize=1)
def _shipped() -> tuple[Day, ...]:
    path = shipped.shipped_list(SHIPPED_HISTORY)
    with open(path, encoding="utf-8") as stream:
        return tuple(parse(stream.read(), path))


def data_dir() -> str:
    """The folder of the user's history: $WORDLE_DATA_DIR, else platformdirs' user data folder for wordle-cli."""
    chosen = os.environ.get(DATA_ENV)
    if chosen:
        return chosen
    import platformdirs

    return platformdirs.user_data_dir("wordle-cli", appauthor=False)


def user_file() -> str:
    """The user's history table (`wordle history update` writes it; it may not exist)."""
    return os.path.join(data_dir(), SHIPPED_HISTORY)


def user_days() -> list[Day]:
    """The rows of the user's table, or none where it does not exist; a damaged one is a WordleError."""
    path = user_file()
    try:
        with open(path, encoding="utf-8") as stream:
            text = stream.read(16 << 20)
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        raise WordleError(f"cannot read the history {path}: {getattr(exc, 'strerror', None) or one_line(exc)}") from None
    try:
        return parse(text, path)
    except ValueError as exc:
        raise WordleError(f"{exc} (delete the file to start again from the shipped history)") from None


def merged(base: list[Day], later: list[Day]) -> list[Day]:
    """`base` as it is, then each row of `later` whose number `base` lacks (the first one of a number), by number."""
    numbers = {d.number for d in base}
    added: dict[int, Day] = {}
    for day in later:
        if day.number not in numbers and day.number not in added:
            added[day.number] = day
    return [*base, *sorted(added.values(), key=lambda d: d.number)]


def known_days() -> list[Day]:
    """Every puzzle known here: the shipped rows, then the user's later ones, each number once (the doubled 2022 days twice)."""
    return merged(shipped_days(), user_days())


# ---------------------------------------------------------------- lookups


def on_number(days: list[Day], number: int) -> list[Day]:
    """The rows of puzzle `number` (two on a doubled day, none when it is not known)."""
    return [d for d in days if d.number == number]


def on_date(days: list[Day], date: dt.date) -> list[Day]:
    """The rows of the puzzle of `date`."""
    return on_number(days, number_of(date))


def of_word(days: list[Day], word: str) -> list[Day]:
    """The rows whose answer is `word`, by number."""
    return [d for d in days if d.answer == word]


def answer_of(rows: list[Day]) -> tuple[str, str | None]:
    """The one answer of a puzzle's rows, and on a doubled day a note saying which word is used and why."""
    if len(rows) == 1:
        return rows[0].answer, None
    number = rows[0].number
    served = NYT_SERVED.get(number, rows[-1].answer)
    others = ", ".join(sorted(d.answer for d in rows if d.answer != served))
    return served, (
        f"#{number} had two answers: the NYT served {served!r}, the original page {others!r} (cached in some browsers); "
        f"using {served!r} (give the word itself to use the other)"
    )


def answers_before(days: list[Day], date: dt.date, through: bool = False) -> list[str]:
    """The distinct answers of the puzzles before `date` (and on it, `through`), in the order first used.

    What the nyt game's pool for a puzzle date adds to the shipped answer list
    (`model.game.load_lists`): the NYT's answers now include words that list lacks.
    """
    used = [d for d in days if d.date < date or (through and d.date == date)]
    return list(dict.fromkeys(d.answer for d in sorted(used, key=lambda d: d.number)))


def last(days: list[Day]) -> Day:
    """The latest known puzzle."""
    return max(days, key=lambda d: d.number)


def unlisted(days: list[Day]) -> list[Day]:
    """The days after the shipped ones whose answer the shipped answer list lacks: the lists are then out of date.

    The shipped rows are not checked: two of their answers, `loris` (#1490) and
    `kefir` (#1516), are allowed guesses that the shipped answer list lacks,
    and the package knows it.
    """
    shipped_last = _shipped()[-1].number
    with open(shipped.shipped_list(ANSWER_LIST), encoding="utf-8") as stream:
        words = {line.strip().lower() for line in stream}
    return [d for d in days if d.number > shipped_last and d.answer not in words]
