"""Hypothesis strategies for words and word lists of Wordle-like games.

Small alphabets force repeated letters (the hard part of the feedback rule);
digits, Greek (with final sigma), accented and astral characters check that
any Unicode character is a symbol.
"""

from __future__ import annotations

from hypothesis import strategies as st

ALPHABETS = (
    "a",
    "ab",
    "abc",
    "abcde",
    "abcdefghijklmnopqrstuvwxyz",
    "0123456789",
    "αβγσς",
    "eéèê",
    "aé🙂ς1",
)

lengths = st.integers(min_value=1, max_value=8)
alphabets = st.sampled_from(ALPHABETS)


def words(length: int, alphabet: str):
    return st.text(alphabet=st.sampled_from(alphabet), min_size=length, max_size=length)


@st.composite
def word_pair(draw):
    """(guess, answer) of one length over one alphabet."""
    length, alphabet = draw(lengths), draw(alphabets)
    return draw(words(length, alphabet)), draw(words(length, alphabet))


@st.composite
def word_list_and_guess(draw, max_words: int = 20):
    """(guess, words): a guess (not necessarily among the words) and a list of distinct words."""
    length, alphabet = draw(lengths), draw(alphabets)
    guess = draw(words(length, alphabet))
    word_list = draw(st.lists(words(length, alphabet), min_size=1, max_size=max_words, unique=True))
    return guess, word_list


def tiles(length: int):
    """Any feedback of this length, including ones no answer can produce."""
    return st.tuples(*[st.integers(min_value=0, max_value=2)] * length)


@st.composite
def game(draw, max_guesses: int = 8, max_answers: int = 20):
    """(guesses, answers): distinct words of one length; guesses may or may not be answers."""
    length, alphabet = draw(lengths), draw(alphabets)
    answers = draw(st.lists(words(length, alphabet), min_size=1, max_size=max_answers, unique=True))
    extra = draw(st.lists(words(length, alphabet), min_size=0, max_size=max_guesses, unique=True))
    picked = draw(st.lists(st.sampled_from(answers), max_size=3, unique=True))
    guesses = list(dict.fromkeys(picked + extra))
    if not guesses:
        guesses = [answers[0]]
    return draw(st.permutations(guesses)), answers


@st.composite
def symbol_codes(draw, symbols):
    """Distinct codes in 1..255 for the symbols (not necessarily dense or in order)."""
    symbols = sorted(set(symbols))
    codes = draw(st.lists(st.integers(1, 255), min_size=len(symbols), max_size=len(symbols), unique=True))
    return dict(zip(symbols, codes))
