"""Arbitrary bytes into every reader a user can feed (issue 8): never an uncaught exception.

The word-list reader, the feedback parser, `play`'s line parser and the tree
file reader each get bytes and text that hypothesis draws, biased towards
what breaks readers (white space, '#', line breaks, multi-byte and invalid
UTF-8, byte-order marks, tiny read chunks). Each may accept the input or
refuse it with its documented error; anything else is a bug. The streaming
reader is also checked against a whole-input reference (`naive.content_lines`).
"""

from __future__ import annotations

import io

import naive
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from wordle_cli import config, wordlist
from wordle_cli.errors import WordleError
from wordle_cli.model import feedback
from wordle_cli.solver.session import parse_entry
from wordle_cli.trees import formats

#: Pieces that make readers stumble: white space of every kind, comments,
#: multi-byte characters, a byte-order mark, and bytes that are not UTF-8.
PIECES = [
    b"a", b"cigar", b"\xce\xa3", b"\xf0\x9f\x9f\xa9", b" ", b"\t", b"\r", b"\n", b"\r\n", b"\xc2\xa0", b"\xe3\x80\x80",
    b"#", b"# c", b"\xef\xbb\xbf", b"\xff", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x9f", b"\x00",
]
byte_soup = st.one_of(st.binary(max_size=200), st.lists(st.sampled_from(PIECES), max_size=60).map(b"".join))


class Trickle(io.RawIOBase):
    """A stream that hands out at most `size` bytes per read, as a slow pipe does."""

    def __init__(self, data: bytes, size: int):
        self.data, self.size = data, size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        n = min(len(buffer), self.size, len(self.data))
        buffer[:n], self.data = self.data[:n], self.data[n:]
        return n


@settings(max_examples=400)  # cheap: pure Python on short inputs
@given(byte_soup, st.integers(1, 12), st.integers(1, 9))
@example(b"\xef\xbb\xbf\xef\xbb\xbfab\n", 1, 4)  # a second byte-order mark is part of the word
@example(b"\xef\xbb\xbf\xef\xbb\xbfab" + b" " * 120 + b"\n", 1, 4)  # ... also when the line is held long
@example(b"  " * 20 + b"ab" + b" " * 30 + b"\ncd", 3, 4)  # long white space around a short word
@example(b"# " + b"x" * 50 + b"\xff\n", 2, 4)  # a long comment that is not UTF-8
def test_line_reader_matches_the_whole_input_reference(monkeypatch, data, chunk, limit):
    monkeypatch.setattr(config, "READ_CHUNK_BYTES", chunk)
    monkeypatch.setattr(config, "MAX_LINE_LENGTH", limit)
    want = naive.content_lines(data, limit)
    stream = io.BufferedReader(Trickle(data, chunk), buffer_size=chunk)
    if want is None:
        with pytest.raises(WordleError, match=r"^<in> line \d+: "):
            list(wordlist.content_lines(stream, "<in>"))
    else:
        assert list(wordlist.content_lines(stream, "<in>")) == want


@given(byte_soup)
def test_word_list_reader_on_arbitrary_bytes(data):
    try:
        words = wordlist.read_word_list("-", stdin=io.BytesIO(data))
    except WordleError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400
        return
    assert words.words and all(word and len(word) <= config.MAX_LINE_LENGTH for word in words.words)


def surrogate_text(data: bytes) -> str:
    """Bytes as Python hands a program its arguments and terminal input: undecodable bytes kept as surrogates."""
    return data.decode("utf-8", "surrogateescape")


@given(st.one_of(st.text(max_size=40), byte_soup.map(surrogate_text)), st.one_of(st.none(), st.integers(1, 8)))
def test_feedback_parser_on_arbitrary_text(text, length):
    try:
        tiles = feedback.parse(text, length)
    except ValueError as exc:
        assert "\n" not in str(exc) or "\n" in text
        return
    assert all(t in (feedback.ABSENT, feedback.CONTAINED, feedback.EXACT) for t in tiles)
    assert length is None or len(tiles) == length


@given(st.one_of(st.text(max_size=40), byte_soup.map(surrogate_text)), st.integers(1, 8))
def test_play_line_parser_on_arbitrary_text(text, length):
    try:
        entry = parse_entry(text, length)
    except ValueError:
        return
    assert entry.command in ("", "turn", "undo", "quit", "help", "list")
    if entry.command == "turn":
        assert len(entry.tiles) == length


TREE = (
    "cigar BBBBB1 humph BYBBG2 blush GGGGG3\n"
    "                   GGGGG2\n"
    "      BBBBY1 rebut GGGGG2\n"
    "      GGGGG1\n"
)
JSON_TREE = '{"guess": "cigar", "map": {"BBBBB": {"guess": "humph", "map": {"GGGGG": null}}, "GGGGG": null}}'


def mutated(text: str):
    """`text` with a few characters replaced, inserted or deleted: nearly valid trees."""
    edits = st.lists(st.tuples(st.integers(0, len(text)), st.integers(0, 3), st.text(max_size=4)), max_size=4)

    def apply(changes):
        out = text
        for at, cut, new in changes:
            at = min(at, len(out))
            out = out[:at] + new + out[at + cut :]
        return out

    return edits.map(apply)


@given(st.one_of(st.text(max_size=200), byte_soup.map(surrogate_text), mutated(TREE), mutated(JSON_TREE)))
def test_tree_reader_on_arbitrary_text(text):
    try:
        tree_file = formats.read(text, "t")
    except WordleError as exc:
        assert str(exc).startswith("t")
        return
    assert tree_file.leaves and tree_file.format in formats.READABLE
