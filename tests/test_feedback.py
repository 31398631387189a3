"""Wordle's feedback rule, its base-3 code and the spellings users type (docs/spec.md §2)."""

from __future__ import annotations

import naive
import numpy as np
import pytest
import strategies as wst
from hypothesis import given
from hypothesis import strategies as st

from wordle_cli import backends
from wordle_cli.model import feedback

A, C, E = 0, 1, 2

# Worked by hand from docs/spec.md §2 (see the comment on each line).
HAND_CHECKED = [
    # docs/spec.md's own example: the second e of sheer finds no unmatched e (the one e is exact).
    ("sheer", "super", (E, A, A, E, E)),
    # one e in the answer: only the first non-exact e of the guess is contained
    ("speed", "abide", (A, A, C, A, C)),
    # the exact e at the end uses one e; the answer's other e lights the first e only
    ("eerie", "there", (C, A, C, A, E)),
    ("eerie", "elder", (E, C, C, A, A)),
    # one b exact, the answer's other b lights the first b of the guess
    ("abbey", "kebab", (C, C, E, C, A)),
    # exact tiles take their copies first, even when they come later
    ("geese", "those", (A, A, A, E, E)),
    ("lolly", "alloy", (C, C, E, A, E)),
    ("aaaaa", "abcde", (E, A, A, A, A)),
    ("abcde", "aaaaa", (E, A, A, A, A)),
    # Primel-style digits: two 1s left for the guess's first 1, one 3 for two 3s
    ("11233", "31121", (C, E, C, C, A)),
    # Greek: final sigma and sigma are different symbols
    ("σοφος", "σοφοσ", (E, E, E, E, A)),
    ("ςσ", "σς", (C, C)),
    ("é", "e", (A,)),
    ("a", "a", (E,)),
    ("a", "b", (A,)),
    ("ab", "ba", (C, C)),
    ("aab", "bba", (C, A, C)),
]


@pytest.mark.parametrize("guess, answer, tiles", HAND_CHECKED)
def test_hand_checked_examples(guess, answer, tiles):
    assert feedback.feedback(guess, answer) == tiles
    assert naive.feedback(guess, answer) == tiles  # the reference agrees with the hand


def test_codes_of_spec_examples():
    assert feedback.encode(feedback.parse("ACAAC")) == 28
    assert feedback.encode(feedback.feedback("sheer", "super")) == 2 * 81 + 2 * 3 + 2
    for length in range(1, 9):
        word = "abcdefgh"[:length]
        assert feedback.encode(feedback.feedback(word, word)) == 3**length - 1
        assert feedback.encode((A,) * length) == 0
        assert feedback.decode(3**length - 1, length) == (E,) * length


def test_encode_decode_round_trip():
    for length in range(1, 9):
        for code in range(3**length):
            tiles = feedback.decode(code, length)
            assert len(tiles) == length
            assert tiles == naive.tiles_of(code, length)
            assert feedback.encode(tiles) == code


# ---------------------------------------------------------------- parse

FE0F = "\ufe0f"


@pytest.mark.parametrize(
    "text, tiles",
    [
        ("ACAAC", (A, C, A, A, C)),
        ("acaac", (A, C, A, A, C)),
        ("AcAaE", (A, C, A, A, E)),
        ("EEEEE", (E, E, E, E, E)),
        ("byyby", (A, C, C, A, C)),
        ("BYYBG", (A, C, C, A, E)),
        ("xyyxg", (A, C, C, A, E)),
        ("bXyBg", (A, A, C, A, E)),
        ("01001", (A, C, A, A, C)),
        ("22220", (E, E, E, E, A)),
        ("🟩🟨⬛⬛⬛", (E, C, A, A, A)),
        ("⬜🟨🟫⬛🟩", (A, C, A, A, E)),
        ("🟧🟦⬛⬜🟧", (E, C, A, A, E)),  # colour-blind (high contrast) mode: orange exact, blue contained
        ("⬛" + FE0F + "🟨" + FE0F + "⬜" + FE0F + "🟫🟩" + FE0F, (A, C, A, A, E)),
        ("  ACAAC\n", (A, C, A, A, C)),
        ("E", (E,)),
        ("2", (E,)),
        ("🟩", (E,)),
        ("ACAACEEE", (A, C, A, A, C, E, E, E)),
    ],
)
def test_parse_every_spelling(text, tiles):
    assert feedback.parse(text) == tiles
    assert feedback.parse(text, len(tiles)) == tiles


@pytest.mark.parametrize(
    "text",
    [
        "AC0AC",  # ACE and digits
        "ACG",  # ACE and BYG
        "0Y1",  # digits and BYG
        "⬛C",  # tiles and ACE
        "🟩2",  # tiles and digits
        "ACAAZ",  # not a tile at all
        "",
        "   ",
        FE0F,  # a lone variation selector is no tile
        "3",
    ],
)
def test_parse_rejects(text):
    with pytest.raises(ValueError):
        feedback.parse(text)


@pytest.mark.parametrize("text", ["AC AC", "🟩 🟨 ⬛ ⬛", " 0 1\t2 ", "b y g"])
def test_parse_ignores_spaces_between_tiles(text):
    """One parser everywhere: `prune` reads spaced tiles as `play` always did (issue 11)."""
    assert feedback.parse(text) == feedback.parse("".join(text.split()))


@pytest.mark.parametrize(
    "text, says",
    [
        ("ABCDE", "'ABCDE' is not a feedback string: 'b' at position 2 is not a tile (use one of A C E)"),
        ("GYBBA", "'GYBBA' is not a feedback string: 'a' at position 5 is not a tile (use one of B G X Y)"),
        ("🟩 🟨 x ⬛", "'🟩 🟨 x ⬛' is not a feedback string: 'x' at position 3 is not a tile (use one of ⬛ ⬜ 🟦 🟧 🟨 🟩 🟫)"),
        ("hello", "'hello' is not a feedback string: use one spelling throughout, e.g. ACAAC, byyby, 01001 or 🟩🟨⬛⬛⬛"),
    ],
)
def test_parse_names_a_typo_and_where(text, says):
    """Issue 49, item 8: a feedback at least half of one spelling's tiles has a typo; every command that reads
    feedback (play, prune, review, the API) names its first bad character and position, as play's prompt did."""
    with pytest.raises(ValueError) as error:
        feedback.parse(text)
    assert str(error.value) == says


def test_parse_rejects_wrong_length():
    with pytest.raises(ValueError, match="5"):
        feedback.parse("ACAAC", 4)


@given(st.lists(st.integers(0, 2), min_size=1, max_size=8))
def test_every_spelling_parses_to_the_same_tiles(tiles):
    tiles = tuple(tiles)
    spellings = [
        "".join("ACE"[t] for t in tiles),
        "".join("ace"[t] for t in tiles),
        "".join("BYG"[t] for t in tiles),
        "".join("xyg"[t] for t in tiles),
        "".join("012"[t] for t in tiles),
        "".join(("⬛", "🟨", "🟩")[t] for t in tiles),
        "".join(("⬜" + FE0F, "🟨" + FE0F, "🟩" + FE0F)[t] for t in tiles),
        "".join(("🟫", "🟨", "🟩")[t] for t in tiles),
    ]
    for text in spellings:
        assert feedback.parse(text) == tiles, text
    assert feedback.parse(feedback.show(tiles)) == tiles
    assert feedback.parse(feedback.show(tiles, "emoji")) == tiles


# ---------------------------------------------------------------- against the reference


@given(wst.word_pair())
def test_feedback_matches_naive(pair):
    guess, answer = pair
    tiles = feedback.feedback(guess, answer)
    assert tiles == naive.feedback(guess, answer)
    assert feedback.encode(tiles) == naive.code(tiles)


@given(st.data())
def test_backend_feedback_codes_match_naive(backend, data):
    guess, words = data.draw(wst.word_list_and_guess(max_words=30))
    codes = data.draw(wst.symbol_codes(guess + "".join(words)))
    length = len(guess)
    guess_arr = np.array([codes[ch] for ch in guess], dtype=np.uint8)
    words_arr = np.array([[codes[ch] for ch in w] for w in words], dtype=np.uint8).reshape(len(words), length)

    got = backends.load(backend).feedback_codes(guess_arr, words_arr)

    assert got.shape == (len(words),)
    assert got.tolist() == [naive.code(naive.feedback(guess, w)) for w in words]


def test_backend_feedback_codes_on_shipped_answers(backend, shipped):
    with open(shipped["answers"], encoding="utf-8") as handle:
        words = [line.strip() for line in handle if line.strip()]
    letters = {ch: i + 1 for i, ch in enumerate(sorted(set("".join(words))))}
    arr = np.array([[letters[ch] for ch in w] for w in words], dtype=np.uint8)
    for guess in ("sheer", "eerie", "reais", "mamma"):
        got = backends.load(backend).feedback_codes(np.array([letters[ch] for ch in guess], dtype=np.uint8), arr)
        assert got.tolist() == [naive.code(naive.feedback(guess, w)) for w in words]
