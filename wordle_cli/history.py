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
import os
import re
import stat
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from wordle_cli import config, shipped
from wordle_cli.errors import WordleError, one_line, quote

#: The shipped table's file name (a package data file beside the word lists), and the user's.
SHIPPED_HISTORY = "nyt-history.csv"

#: The variable that names the folder of the user's history (tests point it at a temporary one).
DATA_ENV = "WORDLE_DATA_DIR"

#: Puzzle 0's date; puzzle N falls N days later.
LAUNCH = dt.date(2021, 6, 19)

#: The last puzzle number a date can hold (9999-12-31).
LAST_NUMBER = (dt.date.max - LAUNCH).days

#: The NYT's time zone: a day before today there has been published (and a 404 for it is a fault, not news).
NYT_ZONE = "America/New_York"

#: The largest user history read (about 760,000 rows; the real one grows by 8 KB a year), and its longest line.
MAX_USER_BYTES = config.MAX_TEXT_BYTES
MAX_LINE_BYTES = config.MAX_LINE_LENGTH

#: An answer as the NYT gives it (and `history update` checks it).
_ANSWER = re.compile(r"[a-z]{5}")

#: The doubled days of 2022: the word the NYT's site served (its daily data's `solution`), as the
#: NYT told the press; the other row is the original page's, which browsers that had cached it
#: still showed that day (`agora`, `harry` and `fetus` were removed from the NYT's list).
NYT_SERVED = {241: "aroma", 284: "stove", 324: "shine", 325: "gecko"}

#: The shipped answer list a new answer should be in; when it is not, the lists are out of date.
ANSWER_LIST = shipped.NYT_ANSWERS


@dataclass(frozen=True)
class Day:
    """One published puzzle: its number, its date and its answer (slots: a long user history is many of them)."""

    __slots__ = ("number", "date", "answer")

    number: int
    date: dt.date
    answer: str

    def __reduce__(self):  # frozen with slots: pickle and copy build it anew rather than set its fields
        return Day, (self.number, self.date, self.answer)


def date_of(number: int) -> dt.date:
    """The date of puzzle `number`."""
    return LAUNCH + dt.timedelta(days=number)


def number_of(date: dt.date) -> int:
    """The number of the puzzle of `date` (negative before the launch)."""
    return (date - LAUNCH).days


def today(now: dt.datetime | None = None) -> dt.date:
    """Today's date in the user's time zone (the puzzle a player plays now); `now` for tests."""
    return (now or dt.datetime.now(dt.timezone.utc)).astimezone().date()


def nyt_today(now: dt.datetime | None = None) -> dt.date:
    """Today's date in New York, where the NYT publishes: every puzzle before it has been published.

    Without a time-zone database (zoneinfo finds none on some Windows
    installs), UTC-5: never later than New York's own date, so a day it
    calls past is past there too.
    """
    instant = now or dt.datetime.now(dt.timezone.utc)
    try:
        from zoneinfo import ZoneInfo

        zone: dt.tzinfo = ZoneInfo(NYT_ZONE)
    except (ImportError, KeyError, OSError, ValueError):  # no time-zone database (ZoneInfoNotFoundError is a KeyError)
        zone = dt.timezone(dt.timedelta(hours=-5))
    return instant.astimezone(zone).date()


def parse(text: str | Iterable[str], source: str) -> list[Day]:
    """The rows of a history table (header `number,date,answer`), checked: number and date agree, words lower-case.

    `text` is the whole table, or its lines one at a time (a file streamed);
    a row that is not a day is a ValueError naming `source` and the line.
    """
    return list(rows(text.splitlines(keepends=True) if isinstance(text, str) else text, source))


class NoHeader(ValueError):
    """A table that does not start with its header: empty (0 bytes), or some other file; nothing in it is a day."""


#: The table's header, its first line.
HEADER = ["number", "date", "answer"]


def rows(lines: Iterable[str], source: str) -> Iterator[Day]:
    """`parse`'s rows one at a time, so that a large table is never held whole.

    Each line is a row of its own (no field of the table holds a line break),
    so a quote left open is the fault of its own line, not of a later one.
    A table without its header (or empty) is a `NoHeader`.
    """
    number = 0
    for number, text in enumerate(lines, start=1):
        if number == 1:
            if not _is_header(text):
                raise NoHeader(f"{source}: expected the header number,date,answer")
            continue
        try:
            row = _cells(text)
        except csv.Error as exc:  # a NUL byte, say
            raise ValueError(f"{source}, line {number}: not a row number,date,answer ({one_line(exc)})") from None
        if row and any(cell.strip() for cell in row):
            yield _day(row, source, number)
    if number == 0:
        raise NoHeader(f"{source}: expected the header number,date,answer (the file is empty)")


def _cells(text: str) -> list[str]:
    """A line's cells (csv.Error for a line csv cannot read)."""
    return text.rstrip("\r\n").split(",") if '"' not in text else next(csv.reader((text,)), [])  # CSV for quotes only


def _is_header(text: str) -> bool:
    try:
        return [cell.strip() for cell in _cells(text)] == HEADER
    except csv.Error:
        return False


def _day(row: list[str], source: str, line: int) -> Day:
    """One row of the table, checked."""
    try:
        number, date, answer = (cell.strip() for cell in row)
        day = Day(int(number), dt.date.fromisoformat(date), sys.intern(answer.lower()))
    except ValueError as exc:
        raise ValueError(f"{source}, line {line}: not a row number,date,answer ({one_line(exc)})") from None
    if not _ANSWER.fullmatch(day.answer):
        raise ValueError(f"{source}, line {line}: the answer {quote(day.answer)} is not a five-letter word a-z")
    if not 0 <= day.number <= LAST_NUMBER:
        raise ValueError(f"{source}, line {line}: puzzle #{day.number} is not a puzzle number (0 to {LAST_NUMBER})")
    if day.date != date_of(day.number):
        raise ValueError(f"{source}, line {line}: puzzle #{day.number} falls on {date_of(day.number)}, not {day.date}")
    return day


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
    """The user's table, the first row of each number; none where it does not exist, or where it is set aside.

    Whatever is at the path, nothing waits and nothing is cut: anything but a
    regular file (a FIFO would wait for a writer for ever, /dev/zero never
    ends) is refused before a byte is read, as is a file over MAX_USER_BYTES
    or a line over MAX_LINE_BYTES; the rows are read one line at a time. A
    damaged table is a WordleError naming the file and line. A file that is
    empty or lacks the header holds no day at all: it is set aside (the
    shipped history alone is used; `set_aside` says why, for a warning) rather
    than stopping every command that reads the history.
    """
    path = user_file()
    first: dict[int, Day] = {}
    lines = _lines(path)
    try:
        for day in rows(lines, path):
            first.setdefault(day.number, day)
    except (FileNotFoundError, NoHeader):
        return []
    except OSError as exc:
        raise WordleError(f"cannot read the history {path}: {exc.strerror or one_line(exc)}") from None
    except ValueError as exc:
        raise WordleError(f"{one_line(exc)}; delete the file to start again from the shipped history") from None
    finally:
        lines.close()
    return list(first.values())


def set_aside() -> str | None:
    """Why the user's table is set aside (it is empty, or does not start with the header) and how to recover;
    None when it is not (absent, good, or damaged further on: `user_days` then says so). Reads its first line only."""
    path = user_file()
    try:
        lines = _lines(path)
        try:
            first = next(lines, None)
        finally:
            lines.close()
    except (OSError, ValueError):
        return None
    if first is not None and _is_header(first):
        return None
    what = "is empty" if first is None else "does not start with the header number,date,answer"
    return (
        f"the history {path} {what}: using the shipped history alone; "
        "`wordle history update` rewrites it (or delete it)"
    )


def _lines(path: str) -> Iterator[str]:
    """The lines of the regular file at `path`, decoded, each checked as it comes (ValueError naming the line)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)  # a FIFO's open does not wait
    fd = os.open(path, flags)
    with open(fd, "rb", closefd=True) as stream:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"cannot read the history {path}: not a regular file but {_kind(info.st_mode)}")
        if info.st_size > MAX_USER_BYTES:
            raise ValueError(f"the history {path} is {info.st_size} bytes, over the {_mib(MAX_USER_BYTES)} a history may take")
        size = 0
        for number, raw in enumerate(iter(lambda: stream.readline(MAX_LINE_BYTES + 1), b""), start=1):
            size += len(raw)
            if size > MAX_USER_BYTES:  # it grew while being read
                raise ValueError(f"the history {path} is over the {_mib(MAX_USER_BYTES)} a history may take")
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                raise ValueError(f"{path}, line {number}: longer than {MAX_LINE_BYTES} characters, not a row number,date,answer")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise ValueError(f"{path}, line {number}: not valid UTF-8") from None
            yield text[1:] if number == 1 and text.startswith("\ufeff") else text


def _kind(mode: int) -> str:
    """What a file that is not a regular one is, in words."""
    for test, name in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "a device"


def _mib(size: int) -> str:
    return f"{size >> 20} MiB"


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


def unspoiled(days: list[Day], spoil: bool = False) -> list[Day]:
    """`days` without today's and later ones (`today()`: the puzzle a player plays now), whose answers are spoilers;
    all of them with `spoil`. What a command may use of the history (a pool, a prior) without --spoil."""
    if spoil:
        return days
    first_spoiler = today()
    return [d for d in days if d.date < first_spoiler]


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
    words = frozenset(shipped.shipped_words(ANSWER_LIST))
    return [d for d in days if d.number > shipped_last and d.answer not in words]
