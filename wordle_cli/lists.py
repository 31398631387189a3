"""The word lists, for Python users: the games' lists and any list file.

Pure Python (no numpy): reading a list is as cheap as `wordle prune`.

>>> from wordle_cli import lists
>>> len(lists.answers("nyt")), len(lists.allowed("nyt"))
(3158, 14855)
>>> len(lists.answers("wordle")), len(lists.allowed("wordle"))
(2315, 12972)
>>> lists.answers("nyt")[:3]
['aback', 'abase', 'abash']
>>> len(lists.answers("primel"))
8363
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass

from wordle_cli import shipped, wordlist

#: The lists installed with the package, in the order `wordle lists` shows them.
SHIPPED = (
    shipped.NYT_ANSWERS, shipped.NYT_ALLOWED, shipped.WORDLE_ANSWERS, shipped.WORDLE_ALLOWED, "greek-answers.txt", "greek-allowed.txt"
)


def answers(game: str | None = None) -> list[str]:
    """The possible answers of a game ("nyt", "wordle" or "primel"; None: $WORDLE_GAME, else "nyt"), in list order."""
    from wordle_cli.model.game import load_lists

    return load_lists(game)[0].words


def allowed(game: str | None = None) -> list[str]:
    """The allowed guesses of a game ("nyt", "wordle" or "primel"; None: $WORDLE_GAME, else "nyt"), in list order."""
    from wordle_cli.model.game import load_lists

    return load_lists(game)[1].words


def read_word_list(path: str) -> list[str]:
    """The words of a list file, read as every command reads them.

    UTF-8, one word per line; blank lines and `#` comments skipped; words
    NFC-normalised and lower-cased; a repeated word kept once. Raises
    `WordleError` if the file cannot be read or holds no word.
    """
    return wordlist.read_word_list(os.fspath(path)).words


@dataclass(frozen=True)
class ShippedList:
    """A list installed with the package: where it is, how many words, its SHA-256."""

    name: str
    path: str
    words: int
    sha256: str


def shipped_lists() -> list[ShippedList]:
    """Every shipped list with its installed path, word count and digest (`wordle lists`)."""
    found = []
    for name in SHIPPED:
        path = shipped.shipped_list(name)
        with open(path, "rb") as handle:
            data = handle.read()
        found.append(ShippedList(name=name, path=path, words=len(shipped.read_shipped(name)), sha256=hashlib.sha256(data).hexdigest()))
    return found
