"""Reading shared results: pasted posts such as ``Wordle 512 4/6*`` and their emoji grids.

A post is an optional header line (game name, puzzle number, score ``4/6``
or ``X/6``, ``*`` for hard mode; ``Wordle 3/6*`` alone on its line, as
``wordle play --share`` writes it, has no number) followed by its rows, one feedback per line.
Rows are read by `feedback.parse`, the project's one feedback parser, in its
emoji spelling: ⬛ ⬜ 🟫 absent, 🟨 contained, 🟩 exact, and colour-blind
mode's 🟦 contained and 🟧 exact. Anything else is tolerated and counted:

- a grid ends at a blank or text line after its rows, at a new header,
  after an all-exact row, or once it has its header's most rows (the 6 of
  ``X/6``): two grids pasted back to back are two grids;
- a line holding other text after its tiles (``🟩🟩🟩🟩🟩 phew``) is a row;
- a grid with a row of the wrong length is set aside whole (its rows no
  longer line up with the game);
- other lines (chat, links, dates) are stray text;
- the same post pasted twice (same puzzle, mode and rows) counts once;
- when the headers name several puzzle numbers, the grids of the commonest
  one are read (or of ``day`` when given) and the others set aside.

Pure Python: nothing here needs numpy.
"""

from __future__ import annotations

import heapq
import re
from array import array
from collections import Counter
from dataclasses import dataclass, field

from wordle_cli.config import MAX_WORD_LENGTH
from wordle_cli.errors import MAX_DIGITS, WordleError, quote, whole_number
from wordle_cli.model import feedback
from wordle_cli.wordlist import lines_of

#: Characters a pasted row may carry besides its tiles: variation selectors, joiners.
_INVISIBLE = "\ufe0f\ufe0e\u200b\u200c\u200d\u2060"
_TILE_CHARS = frozenset(feedback.SPELLINGS["tiles"])

# "Wordle 1,234 4/6*", "Wordle #512 X/6", "Wordle 1.234 🎉 3/6": a name, the puzzle number,
# the score (X: not solved) out of the most rows, "*" for hard mode; anything may follow.
_HEADER = re.compile(
    r"^(?P<name>[^\W\d_]+(?:[ -][^\W\d_]+)?)\s+#?(?P<day>\d{1,3}(?:[,.\u202f\u00a0 ]\d{3})+|\d+)"
    r"\s+(?:\S{1,3}\s+)?(?P<score>[0-9Xx])\s*/\s*(?P<max>\d{1,2})(?P<hard>\*)?"
)

# "Wordle 3/6*", as `wordle play --share` writes it without --day: one word and the score, alone on
# the line (so that chat such as "got it 3/6" stays text).
_BARE_HEADER = re.compile(r"^(?P<name>[^\W\d_]+)\s+(?P<score>[0-9Xx])\s*/\s*(?P<max>\d{1,2})(?P<hard>\*)?$")


class LineNumbers(array):
    """Line numbers, 4 bytes each (a list of ints costs 36): 16 MiB of stray lines is 8 million of them.

    Compares equal to a list of the same numbers.
    """

    def __new__(cls, numbers=()):
        return super().__new__(cls, "I", numbers)

    def __eq__(self, other):
        if isinstance(other, (list, tuple, array)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))


@dataclass(frozen=True)
class Grid:
    """One player's rows, oldest first, as tile tuples (0 absent, 1 contained, 2 exact)."""

    rows: tuple[tuple[int, ...], ...]
    line: int  # line number of the header, or of the first row when there is none
    day: int | None = None
    hard: bool = False
    score: str | None = None  # the header's "4" or "X"

    @property
    def solved(self) -> bool:
        return bool(self.rows) and all(t == feedback.EXACT for t in self.rows[-1])


@dataclass
class Reading:
    """The grids read from the posts, and what was set aside (with line numbers)."""

    grids: list[Grid] = field(default_factory=list)
    posts: int = 0  # grids found, before duplicates and other days were set aside
    duplicates: LineNumbers = field(default_factory=lambda: LineNumbers())
    wrong_length: LineNumbers = field(default_factory=lambda: LineNumbers())  # grids set aside: a row of another length
    stray: LineNumbers = field(default_factory=lambda: LineNumbers())  # lines that are neither header nor row
    other_days: LineNumbers = field(default_factory=lambda: LineNumbers())  # grids of another puzzle number
    empty_headers: LineNumbers = field(default_factory=lambda: LineNumbers())  # headers with no rows under them
    score_mismatch: LineNumbers = field(default_factory=lambda: LineNumbers())  # header score disagrees with the rows
    day: int | None = None

    @property
    def failed(self) -> int:
        return sum(1 for g in self.grids if not g.solved)

    @property
    def hard(self) -> int:
        return sum(1 for g in self.grids if g.hard)


def read_posts(text: str, length: int, day: int | None = None, name: str = "<grids>") -> Reading:
    """Every grid in `text` whose rows have `length` tiles (see the module docstring); errors name `name`."""
    reading = Reading()
    # Each distinct grid once, with the lines of its copies: 16 MiB of one grid posted a
    # million times holds one grid, not a million (the puzzle is chosen once all are read).
    found: dict[tuple, tuple[Grid, LineNumbers]] = {}
    days: Counter = Counter()
    current = _Open()

    def close() -> None:
        nonlocal current
        grid = current.finish(length, reading)
        if grid is not None:
            reading.posts += 1
            if grid.day is not None:
                days[grid.day] += 1
            key = (grid.day, grid.hard, grid.rows)
            if key in found:
                found[key][1].append(grid.line)
            else:
                found[key] = (grid, LineNumbers())
        current = _Open()

    parsed: dict[str, tuple[int, ...]] = {}  # rows repeat a lot in a crowd: parse each spelling once
    for number, raw in enumerate(lines_of(text), start=1):
        line = raw.strip()
        tiles = row_tiles(line)
        if tiles:
            if current.rows and (current.ended or current.full() or _all_exact(current.rows[-1])):
                close()
            if not current.rows and current.line is None:
                current.line = number  # a grid without a header: named by its first row
            if tiles not in parsed:
                parsed[tiles] = feedback.parse(tiles)
            current.rows.append(parsed[tiles])
            continue
        heading = header(line, f"{name} line {number}")
        if heading is not None:
            close()
            current.header(number, *heading)
        elif not line:
            if current.rows:
                current.ended = True
        else:
            reading.stray.append(number)
            if current.rows:
                current.ended = True
    close()
    reading.day = day if day is not None else _commonest_day(days)
    other_days, duplicates = [], []
    for grid, copies in found.values():
        if grid.day is not None and reading.day is not None and grid.day != reading.day:
            other_days += [(grid.line,), copies]
        else:
            reading.grids.append(grid)
            duplicates.append(copies)
    # Each group of lines is in order: merged, they are in order too (no list of them all on the way).
    reading.other_days = LineNumbers(heapq.merge(*other_days))
    reading.duplicates = LineNumbers(heapq.merge(*duplicates))
    return reading


class _Open:
    """The grid being read: its header's details and its raw rows."""

    def __init__(self) -> None:
        self.line: int | None = None
        self.day: int | None = None
        self.hard = False
        self.score: str | None = None
        self.most: int | None = None
        self.rows: list[tuple[int, ...]] = []
        self.ended = False  # a blank or text line followed the rows

    def header(self, number: int, day: int | None, score: str, hard: bool, most: int) -> None:
        self.line, self.day, self.score, self.hard, self.most = number, day, score, hard, most

    def full(self) -> bool:
        """The header's most rows (the 6 of `4/6`) are there: a next row starts another grid."""
        return self.most is not None and len(self.rows) >= self.most

    def finish(self, length: int, reading: Reading) -> Grid | None:
        if not self.rows:
            if self.line is not None:
                reading.empty_headers.append(self.line)
            return None
        if any(len(tiles) != length for tiles in self.rows):
            reading.wrong_length.append(self.line)
            return None
        grid = Grid(tuple(self.rows), self.line, self.day, self.hard, self.score)
        if self.score is not None and self.score != _score_of(grid):
            reading.score_mismatch.append(self.line)
        return grid


def row_tiles(line: str) -> str:
    """The tiles a line starts with (spaces and invisible marks dropped), or '' if it starts otherwise.

    The one reader of a pasted grid's rows: `read_posts` here, `wordle review -` and `wordle play` too.

    Text after the tiles is a remark ("🟩🟩🟩🟩🟩 phew", "🟩🟩🟩🟩🟩🎉"); text before them makes no row.
    """
    if not line or (line[0] not in _TILE_CHARS and line[0] not in _INVISIBLE):
        return ""
    out = []
    for ch in line:
        if ch in _TILE_CHARS:
            out.append(ch)
            if len(out) > MAX_WORD_LENGTH:  # no game has rows this long: enough to set the grid aside
                break
        elif ch in _INVISIBLE or (ch.isspace() and out):
            continue
        else:
            break
    return "".join(out)


def header(line: str, where: str) -> tuple[int | None, str, bool, int] | None:
    """(puzzle number, score "1".."9" or "X", hard mode, most rows) of a header line, else None.

    The one reader of a share post's header: `read_posts` here, `wordle review -` too.

    A puzzle number too long to be one is a WordleError naming `where`.
    """
    match = _HEADER.match(line) or _BARE_HEADER.match(line)
    if match is None:
        return None
    day = match.groupdict().get("day")
    number = None
    if day:
        number = whole_number(re.sub(r"\D", "", day))
        if number is None:
            raise WordleError(f"{where}: puzzle number {quote(day)} has more than {MAX_DIGITS} digits")
    return number, match["score"].upper(), bool(match["hard"]), int(match["max"])


def is_header(line: str) -> bool:
    """Whether `line` (stripped) is a share post's header, `Wordle 512 4/6*` or `Fibble 3/9`, as `read_posts` reads it."""
    return bool(_HEADER.match(line) or _BARE_HEADER.match(line))


def _all_exact(tiles: tuple[int, ...]) -> bool:
    return all(t == feedback.EXACT for t in tiles)


def _score_of(grid: Grid) -> str:
    return str(len(grid.rows)) if grid.solved else "X"


def _commonest_day(days: Counter) -> int | None:
    """The puzzle number most grids name (ties: the highest, the latest puzzle)."""
    if not days:
        return None
    top = max(days.values())
    return max(d for d, n in days.items() if n == top)
