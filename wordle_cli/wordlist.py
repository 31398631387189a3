"""Reading word lists (docs/spec.md §1): UTF-8, normalised, de-duplicated, one length.

Pure Python on purpose: `wordle prune` reads a list and must start as fast as
`import click`, so nothing here may import numpy or numba. Lists are read as
a stream (`content_lines`), so no input, however large or endless, can make
memory grow beyond the words it holds.
"""

from __future__ import annotations

import codecs
import re
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import BinaryIO

from wordle_cli import config
from wordle_cli.config import MAX_SYMBOLS, MAX_WORD_LENGTH
from wordle_cli.errors import UsageProblem, WordleError, quote

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
    """NFC, then str.lower() (not casefold: Greek final sigma stays a letter of its own).

    A word typed as an argument that is not valid UTF-8 (Python keeps its bytes
    as lone surrogates) is a usage error, before it can reach an output.
    """
    if word.isascii():
        return word.lower()
    if not is_text(word):
        raise UsageProblem(f"{quote(word)} is not valid UTF-8 text")
    return unicodedata.normalize("NFC", word).lower()


def is_text(text: str) -> bool:
    """False when `text` holds bytes that were not UTF-8 (kept as lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def display_name(path: str) -> str:
    return "<stdin>" if path == STDIN else path


def read_word_list(path: str, stdin: BinaryIO | None = None, pool: bool = False) -> WordList:
    """Read and normalise one list; `-` means standard input.

    An empty list is an error, except a `pool` of answers (prune's and score's
    ANSWERS): a prune that kept nothing wrote one, and the next step of the
    pipeline takes it as the empty pool it is (docs/commands.md).
    """
    name = display_name(path)
    words: list[str] = []
    lines: list[int] = []
    index: dict[str, int] = {}
    duplicates = 0
    with open_input(path, "word list", stdin) as stream:
        for number, text in content_lines(stream, name):
            if text.startswith("#"):
                continue
            word = normalise(text)
            if word in index:
                duplicates += 1
                continue
            index[word] = len(words)
            words.append(word)
            lines.append(number)
    if not words and not pool:
        raise WordleError(f"{name}: the word list is empty")
    return WordList(name, words, lines, duplicates, index)


def content_lines(stream: BinaryIO, name: str) -> Iterator[tuple[int, str]]:
    """(line number, text) of each non-blank line of a UTF-8 stream, white space stripped.

    The one line reader of the project (word lists, `play`'s turns). It reads
    in chunks and yields each line as soon as its newline arrives, so memory
    stays bounded by READ_CHUNK_BYTES whatever the input (an endless
    /dev/zero included): a line longer than MAX_LINE_LENGTH characters after
    stripping is refused as soon as that much of it has been seen. Comment
    lines (starting with '#') may be of any length; they are yielded as "#"
    alone. A byte-order mark is ignored. Errors (not UTF-8, too long, unreadable)
    are WordleErrors naming `name` and the line.
    """
    number = 1  # the line that `tail` belongs to
    tail = b""  # the unfinished line so far (compacted, see _check_unfinished)
    comment: _Comment | None = None  # set while skipping a long comment line
    for chunk in _chunks(stream, name):
        end = chunk.rfind(b"\n")
        if comment is not None:
            if end < 0:
                comment.feed(chunk, number)
                continue
            comment.feed(chunk[: chunk.index(b"\n")], number, final=True)
            comment = None
            yield number, "#"
            number += 1
            chunk = chunk[chunk.index(b"\n") + 1 :]
            end = chunk.rfind(b"\n")
        if end < 0:
            tail += chunk
            if len(tail) > _tail_bytes():
                tail, comment = _check_unfinished(tail, number, name)
            continue
        block, tail = tail + chunk[:end], chunk[end + 1 :]
        yield from _complete_lines(block, number, name)
        number += block.count(b"\n") + 1
        if len(tail) > _tail_bytes():
            tail, comment = _check_unfinished(tail, number, name)
    if comment is not None:
        comment.feed(b"", number, final=True)
        yield number, "#"
    elif tail:
        yield from _complete_lines(tail, number, name)


def _chunks(stream: BinaryIO, name: str) -> Iterator[bytes]:
    """The stream's bytes in chunks of at most READ_CHUNK_BYTES, a leading byte-order mark left out.

    Never reads again after the end of input (a terminal would wait for more).
    """
    read = getattr(stream, "read1", stream.read)

    def next_chunk() -> bytes:
        try:
            return read(config.READ_CHUNK_BYTES)
        except OSError as exc:
            raise WordleError(f"{name}: cannot read ({exc.strerror or exc})") from None

    start = b""  # the first bytes, until there are enough to tell a byte-order mark
    while True:
        chunk = next_chunk()
        start += chunk
        if chunk and len(start) < len(codecs.BOM_UTF8):
            continue
        if start.startswith(codecs.BOM_UTF8):
            start = start[len(codecs.BOM_UTF8) :]
        if start:
            yield start
        break
    while chunk:
        chunk = next_chunk()
        if chunk:
            yield chunk


def _tail_bytes() -> int:
    """Bytes of an unfinished line held before looking at it.

    More than a compacted line can take (2 * MAX_LINE_LENGTH + 1 characters
    of up to 4 bytes each, see _check_unfinished), so compacting always frees room.
    """
    return 8 * config.MAX_LINE_LENGTH + 64


def _complete_lines(block: bytes, first: int, name: str) -> Iterator[tuple[int, str]]:
    """The lines of `block` (whole lines, newlines between them), numbered from `first`."""
    try:
        text = block.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = first + block.count(b"\n", 0, exc.start)
        raise WordleError(f"{name} line {line}: not valid UTF-8") from None
    limit = config.MAX_LINE_LENGTH
    for number, raw in enumerate(text.split("\n"), start=first):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            yield number, "#"
            continue
        if len(line) > limit:
            raise WordleError(f"{name} line {number}: longer than {limit} characters, so not a word: {quote(line)}")
        yield number, line


def _check_unfinished(tail: bytes, number: int, name: str) -> tuple[bytes, _Comment | None]:
    """Look at a long unfinished line: refuse it, start skipping a comment, or compact it.

    Leading white space can go, and a run of trailing white space longer than
    the limit only needs its first MAX_LINE_LENGTH + 1 characters kept (if a
    word character follows it, the line is too long either way), so what is
    kept stays below _tail_bytes().
    """
    decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
    text = decoder.decode(tail, final=False)  # holds back a multi-byte character cut in two
    held = decoder.getstate()[0]
    text = text.lstrip()
    limit = config.MAX_LINE_LENGTH
    if text.startswith("#"):
        comment = _Comment(name)
        comment.feed(text.encode("utf-8", "surrogateescape") + held, number)
        return b"", comment
    content = text.rstrip()
    if len(content) > limit:
        raise WordleError(f"{name} line {number}: longer than {limit} characters, so not a word: {quote(content, whole=False)}")
    kept = content + text[len(content) : len(content) + limit + 1]
    return kept.encode("utf-8", "surrogateescape") + held, None


class _Comment:
    """Checks that a long comment line is UTF-8 without keeping it."""

    def __init__(self, name: str):
        self.name = name
        self.decoder = codecs.getincrementaldecoder("utf-8")()

    def feed(self, data: bytes, number: int, final: bool = False) -> None:
        try:
            self.decoder.decode(data, final=final)
        except UnicodeDecodeError:
            raise WordleError(f"{self.name} line {number}: not valid UTF-8") from None


@contextmanager
def open_input(path: str, what: str = "word list", stdin: BinaryIO | None = None) -> Iterator[BinaryIO]:
    """A binary stream of an input file (`-`: standard input); failing to open it is one line.

    `what` names the kind of file in messages ("is a directory, not a word list").
    """
    name = display_name(path)
    if path == STDIN:
        yield stdin if stdin is not None else sys.stdin.buffer
        return
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        raise WordleError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise WordleError(f"{name}: is a directory, not a {what}") from None
    except PermissionError:
        raise WordleError(f"{name}: permission denied") from None
    except OSError as exc:
        raise WordleError(f"{name}: cannot read ({exc.strerror or exc})") from None
    with handle:
        yield handle


def read_bytes(path: str, what: str, limit: int | None = None) -> bytearray:
    """The whole content of an input file (`-`: standard input) no larger than `limit` bytes (MAX_TEXT_BYTES).

    For files read whole (decision trees, checkpoints). Memory stays bounded:
    reading stops, with a one-line error, once more than `limit` bytes have
    come (an endless /dev/zero included).
    """
    name = display_name(path)
    limit = config.MAX_TEXT_BYTES if limit is None else limit
    with open_input(path, what) as stream:
        # At a terminal a read returns each line as it is typed and one Ctrl-D ends the input;
        # `read(n)` would wait for n bytes and so for a second Ctrl-D.
        read = stream.read1 if _is_terminal(stream) and hasattr(stream, "read1") else stream.read
        try:
            data = _read_at_most(read, limit)
        except OSError as exc:
            raise WordleError(f"{name}: cannot read ({exc.strerror or exc})") from None
    if data is None:
        raise WordleError(f"{name}: larger than {_size_text(limit)}, so not a {what}")
    return data


def _read_at_most(read, limit: int) -> bytearray | None:
    """Everything `read(n)` gives until it gives nothing, or None as soon as that is more than `limit` bytes."""
    data = bytearray()  # grown in place: no second copy of the whole content
    while True:
        chunk = read(min(config.READ_CHUNK_BYTES, limit + 1 - len(data)))
        if not chunk:
            return data
        data += chunk
        if len(data) > limit:
            return None


class NotReadable(ValueError):
    """A file the program keeps for itself is not one it could have written: why, in a few words."""


def read_own_file(path: str, limit: int) -> bytearray:
    """The content of a regular file the program wrote itself (a cache entry), of at most `limit` bytes.

    Whatever was put at `path` instead, nothing waits or follows: the file
    is opened without following a symbolic link (O_NOFOLLOW) and without
    waiting for a FIFO's writer (O_NONBLOCK), and anything but a regular
    file is refused before a byte is read, as is one larger than `limit`.
    FileNotFoundError when there is nothing at `path`; `NotReadable` (saying
    why) for anything else that is not such a file, an OS error included.
    """
    import errno
    import os
    import stat

    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise NotReadable("a symbolic link") from None
        raise NotReadable(exc.strerror or type(exc).__name__) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotReadable("not a regular file")
        if info.st_size > limit:
            raise NotReadable(f"larger than {_size_text(limit)}")
        data = _read_at_most(lambda n: os.read(fd, n), limit)
    except OSError as exc:
        raise NotReadable(exc.strerror or type(exc).__name__) from None
    finally:
        os.close(fd)
    if data is None:  # it grew meanwhile
        raise NotReadable(f"larger than {_size_text(limit)}")
    return data


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, OSError, ValueError):
        return False


def read_text(path: str, what: str, limit: int | None = None) -> str:
    """`read_bytes` as UTF-8 text; a byte that is not UTF-8 is an error naming its line.

    For files whose lines may be long (a JSON tree on one line) or whose
    indentation matters, which `content_lines` would refuse or strip.
    """
    data = read_bytes(path, what, limit)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise WordleError(f"{display_name(path)} line {line}: not valid UTF-8") from None
    return text[1:] if text.startswith("\ufeff") else text  # a byte-order mark is not part of the text


#: Where str.splitlines() breaks a line.
_LINE_BREAK = re.compile("\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def lines_of(text: str) -> Iterator[str]:
    """The lines of `text` as `text.splitlines()` gives them, one at a time.

    `splitlines` builds every line at once: 16 MiB of short lines is a list of
    millions of strings, several hundred MB; this holds one line at a time.
    """
    start = 0
    for match in _LINE_BREAK.finditer(text):
        yield text[start : match.start()]
        start = match.end()
    if start < len(text):
        yield text[start:]


def _size_text(size: int) -> str:
    return f"{size >> 20} MiB" if size >= 1 << 20 else f"{size} bytes"


def check_length(word_list: WordList, length: int) -> None:
    """Every word must have `length` symbols; name the first one that does not."""
    for word, line in zip(word_list.words, word_list.lines):
        if len(word) != length:
            raise WordleError(
                f"{word_list.name} line {line}: {quote(word)} has length {len(word)}, expected {length}"
            )


def run_length(*word_lists: WordList) -> int:
    """The word length of a run: that of the first word read; all lists must agree."""
    first = word_lists[0]
    length = len(first.words[0])
    if not 1 <= length <= MAX_WORD_LENGTH:
        raise WordleError(
            f"{first.name} line {first.lines[0]}: {quote(first.words[0])} has length {length}; "
            f"words must have 1 to {MAX_WORD_LENGTH} symbols"
        )
    for word_list in word_lists:
        check_length(word_list, length)
    return length


def check_one_stdin(*paths: str | None, names: Sequence[str] = ()) -> None:
    """UsageProblem when more than one of `paths` is '-': one standard input cannot feed two inputs (the second
    would read nothing). `names`: what each path was given as (`--answers`, `--prior`), to name them."""
    readers = [i for i, path in enumerate(paths) if path == STDIN]
    if len(readers) < 2:
        return
    if len(names) == len(paths):
        which = [names[i] for i in readers]
        listed = ", ".join(which[:-1]) + " and " + which[-1]
        raise UsageProblem(f"{listed} {'both' if len(which) == 2 else 'all'} read '-': one standard input can feed only one of them")
    raise UsageProblem("'-' (standard input) may stand for at most one word list")


def distinct_symbols(*word_groups) -> list[str]:
    """The sorted distinct symbols of a run; more than 255 cannot be encoded."""
    symbols = sorted(set().union(*(set("".join(words)) for words in word_groups)))
    if len(symbols) > MAX_SYMBOLS:
        raise WordleError(
            f"the word lists use {len(symbols)} distinct symbols; at most {MAX_SYMBOLS} are supported"
        )
    return symbols
