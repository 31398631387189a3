"""The word lists shipped with the package (top-level `wordlists/`): their paths, and the one reader of them.

A wheel installs them as the data package `wordle_cli.wordlists`; an editable
install (`pip install -e .`) reads them from the checkout's `wordlists/`.
`read_shipped` reads one as every user list is read (`wordlist.read_word_list`);
`shipped_words` keeps its words for the process.
"""

from __future__ import annotations

import functools
from pathlib import Path

NYT_ANSWERS = "nyt-answers.txt"
NYT_ALLOWED = "nyt-allowed.txt"
WORDLE_ANSWERS = "wordle-answers.txt"
WORDLE_ALLOWED = "wordle-allowed.txt"


def shipped_list(name: str) -> str:
    """Filesystem path of a shipped list, e.g. shipped_list(WORDLE_ANSWERS)."""
    here = Path(__file__).resolve().parent
    for folder in (here / "wordlists", here.parent / "wordlists"):
        if (folder / name).is_file():
            return str(folder / name)
    raise FileNotFoundError(f"shipped word list {name} is missing from the installation")


def read_shipped(name: str):
    """A shipped list as a `wordlist.WordList` (read and normalised as a user's list is)."""
    from wordle_cli.wordlist import read_word_list

    return read_word_list(shipped_list(name))


@functools.cache
def shipped_words(name: str) -> tuple[str, ...]:
    """The words of a shipped list, in order, read once per process."""
    return tuple(read_shipped(name).words)
