"""Reading word lists (docs/spec.md §1)."""

from __future__ import annotations

import io
import unicodedata

import naive
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordle_cli import wordlist
from wordle_cli.errors import WordleError


def read_bytes(tmp_path, data: bytes, name: str = "list.txt") -> wordlist.WordList:
    path = tmp_path / name
    path.write_bytes(data)
    return wordlist.read_word_list(str(path))


def test_plain_list(tmp_path):
    got = read_bytes(tmp_path, b"cigar\nrebut\nsissy\n")
    assert got.words == ["cigar", "rebut", "sissy"]
    assert got.lines == [1, 2, 3]
    assert got.duplicates == 0
    assert len(got) == 3
    assert "rebut" in got and "roate" not in got


@pytest.mark.parametrize(
    "data, words, lines",
    [
        (b"cigar\r\nrebut\r\n", ["cigar", "rebut"], [1, 2]),  # CRLF
        (b"\xef\xbb\xbfcigar\nrebut\n", ["cigar", "rebut"], [1, 2]),  # byte-order mark
        (b"# a comment\ncigar\n#rebut\n  # indented comment\nsissy\n", ["cigar", "sissy"], [2, 5]),
        (b"\n\ncigar\n   \n\t\nrebut\n\n", ["cigar", "rebut"], [3, 6]),  # blank lines
        (b"cigar  \n\trebut\t\r\n  sissy \n", ["cigar", "rebut", "sissy"], [1, 2, 3]),  # white space
        (b"cigar\nrebut", ["cigar", "rebut"], [1, 2]),  # no final newline
        (b"CIGAR\nReBuT\n", ["cigar", "rebut"], [1, 2]),  # lower-cased
        (b"\xef\xbb\xbf# header comment\r\nCIGAR\r\n", ["cigar"], [2]),
    ],
)
def test_format_details(tmp_path, data, words, lines):
    got = read_bytes(tmp_path, data)
    assert got.words == words
    assert got.lines == lines
    assert naive.normalise_list(data.decode("utf-8"))[0] == words


def test_nfc(tmp_path):
    decomposed = "cafe\u0301"  # e + combining acute: 5 code points
    got = read_bytes(tmp_path, (decomposed + "\n" + "CAFÉ\n" + "éclat\n").encode())
    assert got.words == ["café", "éclat"]  # composed, and CAFÉ is the same word
    assert all(unicodedata.is_normalized("NFC", w) for w in got.words)
    assert len(got.words[0]) == 4
    assert got.duplicates == 1


def test_lower_not_casefold(tmp_path):
    # str.lower keeps Greek final sigma; casefold would turn it into σ and merge the two.
    got = read_bytes(tmp_path, "σοφος\nσοφοσ\nΣΟΦΟΣ\nstraße\n".encode())
    assert got.words == ["σοφος", "σοφοσ", "straße"]
    assert got.duplicates == 1  # ΣΟΦΟΣ lower-cases to σοφος (final sigma at the end)
    assert "ς" in got.words[0] and "ς" not in got.words[1]


def test_duplicates_dropped_and_counted(tmp_path):
    got = read_bytes(tmp_path, b"cigar\nrebut\ncigar\nCIGAR\nrebut\nsissy\n")
    assert got.words == ["cigar", "rebut", "sissy"]
    assert got.lines == [1, 2, 6]  # first occurrences
    assert got.duplicates == 3


def test_stdin(tmp_path):
    got = wordlist.read_word_list("-", stdin=io.BytesIO(b"cigar\nrebut\n"))
    assert got.words == ["cigar", "rebut"]
    assert got.name == "<stdin>"


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize("data", [b"", b"\n\n", b"# only a comment\n", b"  \r\n\t\n#x\n", b"\xef\xbb\xbf"])
def test_empty_list_is_an_error(tmp_path, data):
    with pytest.raises(WordleError, match="list.txt") as info:
        read_bytes(tmp_path, data)
    assert "empty" in str(info.value)


def test_invalid_utf8_names_file_and_line(tmp_path):
    with pytest.raises(WordleError) as info:
        read_bytes(tmp_path, b"cigar\nrebut\nsi\xffsy\nhumph\n", name="bad.txt")
    message = str(info.value)
    assert "bad.txt" in message
    assert "line 3" in message
    assert "UTF-8" in message
    assert "\n" not in message


def test_missing_file(tmp_path):
    with pytest.raises(WordleError, match="nope.txt"):
        wordlist.read_word_list(str(tmp_path / "nope.txt"))


def test_directory_is_not_a_list(tmp_path):
    with pytest.raises(WordleError, match=str(tmp_path)):
        wordlist.read_word_list(str(tmp_path))


def test_wrong_length_names_file_line_word_and_lengths(tmp_path):
    first = read_bytes(tmp_path, b"cigar\nrebut\n", name="a.txt")
    second = read_bytes(tmp_path, b"# comment\nsissy\nhumphs\nawake\n", name="b.txt")
    with pytest.raises(WordleError) as info:
        wordlist.run_length(first, second)
    message = str(info.value)
    assert "b.txt" in message
    assert "line 3" in message
    assert "humphs" in message
    assert "6" in message and "5" in message
    assert "\n" not in message


def test_wrong_length_counts_symbols_after_nfc(tmp_path):
    # "cafe" + combining accent is 5 code points but 4 symbols after NFC.
    got = read_bytes(tmp_path, "cafe\u0301\nabcd\n".encode())
    assert wordlist.run_length(got) == 4


def test_run_length(tmp_path):
    assert wordlist.run_length(read_bytes(tmp_path, b"a\nb\n")) == 1
    assert wordlist.run_length(read_bytes(tmp_path, b"abcdefgh\n")) == 8


def test_longer_than_8_is_an_error(tmp_path):
    too_long = read_bytes(tmp_path, b"abcdefghi\nbcdefghij\n", name="long.txt")
    with pytest.raises(WordleError) as info:
        wordlist.run_length(too_long)
    message = str(info.value)
    assert "long.txt" in message and "abcdefghi" in message and "9" in message and "8" in message


def test_more_than_255_symbols_is_an_error():
    symbols = [chr(0x4E00 + i) for i in range(256)]
    words = ["".join(symbols[i : i + 8]) for i in range(0, 256, 8)]
    assert len(wordlist.distinct_symbols(words[:-1], words[-1:-1])) == 248
    assert len(wordlist.distinct_symbols(words[:-1], [words[-1][:7] + words[0][0]])) == 255
    with pytest.raises(WordleError, match="256"):
        wordlist.distinct_symbols(words[:16], words[16:])


# ---------------------------------------------------------------- against the reference

line_pieces = st.sampled_from(
    ["cigar", "CIGAR", "rebut", "Rebut", "cafe\u0301", "café", "CAFÉ", "σοφος", "ΣΟΦΟΣ", "σοφοσ", "12345", "#", "# c", ""]
)
padding = st.sampled_from(["", " ", "\t", "\r", "  \t", "\u00a0", "\u3000"])


@given(st.lists(st.tuples(padding, line_pieces, padding), min_size=1, max_size=12), st.booleans(), st.booleans())
def test_reading_matches_naive(lines, bom, final_newline):
    text = "\n".join(before + piece + after for before, piece, after in lines)
    if final_newline:
        text += "\n"
    if bom:
        text = "\ufeff" + text
    want_words, want_duplicates = naive.normalise_list(text)
    if not want_words:
        with pytest.raises(WordleError):
            wordlist.read_word_list("-", stdin=io.BytesIO(text.encode()))
        return
    got = wordlist.read_word_list("-", stdin=io.BytesIO(text.encode()))
    assert got.words == want_words
    assert got.duplicates == want_duplicates
    raw_lines = text.lstrip("\ufeff").split("\n")
    for word, line in zip(got.words, got.lines):
        assert naive.normalise_word(raw_lines[line - 1].strip()) == word


# ---------------------------------------------------------------- files read whole (trees, checkpoints)


def test_read_text_whole_file_keeps_lines_as_they_are(tmp_path):
    path = tmp_path / "t"
    path.write_bytes("  indented σ\n\n{\"long\": \"" .encode() + b"x" * 10_000 + b'"}\n')
    assert wordlist.read_text(str(path), "tree file") == path.read_text(encoding="utf-8")


def test_read_text_stdin(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"from stdin\n")))
    assert wordlist.read_text("-", "tree file") == "from stdin\n"


@pytest.mark.parametrize("size, refused", [(1000, False), (1001, True)])
def test_read_bytes_refuses_more_than_its_limit(tmp_path, size, refused):
    path = tmp_path / "big"
    path.write_bytes(b"y" * size)
    if refused:
        with pytest.raises(WordleError, match=r"^.*big: larger than 1000 bytes, so not a checkpoint$"):
            wordlist.read_bytes(str(path), "checkpoint", limit=1000)
    else:
        assert wordlist.read_bytes(str(path), "checkpoint", limit=1000) == b"y" * 1000


def test_read_bytes_stops_on_an_endless_file():
    with pytest.raises(WordleError, match="/dev/zero: larger than 1 MiB, so not a tree file"):
        wordlist.read_bytes("/dev/zero", "tree file", limit=1 << 20)


@pytest.mark.parametrize(
    "data, line",
    [(b"\xff", 1), (b"ok\nok\n\xc3(\n", 3), (b"ok\n\xf0\x9f\x9f", 2)],
)
def test_read_text_names_the_line_that_is_not_utf8(tmp_path, data, line):
    path = tmp_path / "t"
    path.write_bytes(data)
    with pytest.raises(WordleError, match=f"t line {line}: not valid UTF-8$"):
        wordlist.read_text(str(path), "tree file")


def test_read_text_names_the_kind_of_file(tmp_path):
    with pytest.raises(WordleError, match="is a directory, not a tree file"):
        wordlist.read_text(str(tmp_path), "tree file")
    with pytest.raises(WordleError, match="no such file"):
        wordlist.read_text(str(tmp_path / "absent"), "tree file")
