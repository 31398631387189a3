"""Reading word lists (SPEC §1): UTF-8, normalised, de-duplicated, one length.

Pure Python on purpose: `wordle prune` reads a list and must start as fast as
`import click`, so nothing here may import numpy or numba.
"""

from __future__ import annotations

import sys
import unicodedata
from dataclasses import dataclass, field
from typing import BinaryIO

from wordle_cli.config import MAX_SYMBOLS, MAX_WORD_LENGTH
from wordle_cli.errors import UsageProblem, WordleError

STDIN = "-"


@dataclass
class WordList:
    """A normalised word list: distinct words in first-occurrence order."""

    name: str  # how errors and messages refer to it ("-" shows as <stdin>)
    words: list[str]
    lines: list[int]  # line number of each word, for error messages
    duplicates: int = 0
    index: dict[str, int] = field(default_factory=dict, repr=False)

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: str) -> bool:
        return word in self.index


def normalise(word: str) -> str:
    """NFC, then str.lower() (not casefold: Greek final sigma stays a letter of its own)."""
    if word.isascii():
        return word.lower()
    return unicodedata.normalize("NFC", word).lower()


def display_name(path: str) -> str:
    return "<stdin>" if path == STDIN else path


def read_text(path: str, stdin: BinaryIO | None = None) -> str:
    """A UTF-8 text file (`-`: standard input) without its byte-order mark; errors name the file and line."""
    name = display_name(path)
    data = _read_bytes(path, name, stdin)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise WordleError(f"{name} line {line}: not valid UTF-8") from None
    return text[1:] if text.startswith("\ufeff") else text  # a byte-order mark is not part of the text


def read_word_list(path: str, stdin: BinaryIO | None = None) -> WordList:
    """Read and normalise one list; `-` means standard input."""
    name = display_name(path)
    text = read_text(path, stdin)
    words: list[str] = []
    lines: list[int] = []
    index: dict[str, int] = {}
    duplicates = 0
    for number, raw in enumerate(text.split("\n"), start=1):
        word = raw.strip()
        if not word or word.startswith("#"):
            continue
        word = normalise(word)
        if word in index:
            duplicates += 1
            continue
        index[word] = len(words)
        words.append(word)
        lines.append(number)
    if not words:
        raise WordleError(f"{name}: the word list is empty")
    return WordList(name, words, lines, duplicates, index)


def _read_bytes(path: str, name: str, stdin: BinaryIO | None) -> bytes:
    if path == STDIN:
        stream = stdin if stdin is not None else sys.stdin.buffer
        return stream.read()
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        raise WordleError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise WordleError(f"{name}: is a directory, not a word list") from None
    except PermissionError:
        raise WordleError(f"{name}: permission denied") from None
    except OSError as exc:
        raise WordleError(f"{name}: cannot read ({exc.strerror or exc})") from None


def check_length(word_list: WordList, length: int) -> None:
    """Every word must have `length` symbols; name the first one that does not."""
    for word, line in zip(word_list.words, word_list.lines):
        if len(word) != length:
            raise WordleError(
                f"{word_list.name} line {line}: {word!r} has length {len(word)}, expected {length}"
            )


def run_length(*word_lists: WordList) -> int:
    """The word length of a run: that of the first word read; all lists must agree."""
    first = word_lists[0]
    length = len(first.words[0])
    if not 1 <= length <= MAX_WORD_LENGTH:
        raise WordleError(
            f"{first.name} line {first.lines[0]}: {first.words[0]!r} has length {length}; "
            f"words must have 1 to {MAX_WORD_LENGTH} symbols"
        )
    for word_list in word_lists:
        check_length(word_list, length)
    return length


def check_one_stdin(*paths: str) -> None:
    if sum(path == STDIN for path in paths) > 1:
        raise UsageProblem("'-' (standard input) may stand for at most one word list")


def distinct_symbols(*word_groups) -> list[str]:
    """The sorted distinct symbols of a run; more than 255 cannot be encoded."""
    symbols = sorted(set().union(*(set("".join(words)) for words in word_groups)))
    if len(symbols) > MAX_SYMBOLS:
        raise WordleError(
            f"the word lists use {len(symbols)} distinct symbols; at most {MAX_SYMBOLS} are supported"
        )
    return symbols
