"""The opening book: proven values of the openers people play most, so a review's first turns cost nothing.

Proving an opener means proving every class its feedback leaves: seconds on
the 2022 lists, half a minute or more on today's, and a review needs it
before it can grade the first guess. The book holds, for the most played
openers of the shipped games (normal and hard mode, 6 guesses), each
opener's proven total and, for every feedback it can get, the value of the
position it leaves and a best next guess there: the same numbers `wordle
tree build --first OPENER` proves (and `recompute_book` did, with the same
search, into `data/book.json`). An opener the book lacks is proven as before.
"""

from __future__ import annotations

from functools import cache

from wordle_cli import tables
from wordle_cli.model.game import ROWS

#: Openers the book holds (WordleBot's and players' reports of the most played, with the best ones).
OPENERS = ("salet", "crane", "slate", "raise", "adieu", "audio", "stare", "roate", "trace", "arise", "crate",
           "irate", "soare", "arose", "least", "train", "heart", "house", "tears", "later", "tarse")

#: The guess limit the book is proven under (review's default: the game's rows).
MAX_GUESSES = ROWS

BOOK_FILE = "book.json"


class Entry:
    """An opener's proven total (None: it cannot win every game within the guesses) and, per feedback code,
    (the value of the position left, a best next guess there)."""

    def __init__(self, total: int | None, classes: dict[int, tuple[int, str]]):
        self.total, self.classes = total, classes


@cache
def books() -> dict[tuple[str, str, bool, int], dict[str, tuple[int | None, tuple[tuple[int, int, str], ...]]]]:
    """(answers digest, candidates digest, hard, guess limit) -> {opener: (total, ((code, value, guess), ...))}, as shipped."""
    document = tables.read(BOOK_FILE)
    return {
        (found["answers"], found["candidates"], found["hard"], document["max_guesses"]): {
            opener: (entry["total"], tuple((code, value, guess) for code, value, guess in entry["classes"]))
            for opener, entry in found["openers"].items()
        }
        for found in document["books"]
    }


def lookup(answers_digest: str, candidates_digest: str, hard: bool, max_guesses: int | None, opener: str) -> Entry | None:
    """The book's entry for `opener` on these lists and rules, or None."""
    found = books().get((answers_digest, candidates_digest, hard, max_guesses), {}).get(opener)
    if found is None:
        return None
    total, classes = found
    return Entry(total, {code: (value, guess) for code, value, guess in classes})
