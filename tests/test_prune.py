"""Which words stay possible after a guess's feedback: both rules (docs/spec.md §3, §4)."""

from __future__ import annotations

import naive
import numpy as np
import pytest
import strategies as wst
from hypothesis import given
from hypothesis import strategies as st

from wordle_cli import backends
from wordle_cli.cli import main
from wordle_cli.model import rules

RULES = ("strict", "loose")


@st.composite
def pruning_case(draw, max_words: int = 25):
    """(guess, tiles, words): tiles are either some word's real feedback or arbitrary."""
    guess, words = draw(wst.word_list_and_guess(max_words=max_words))
    real = st.sampled_from(words).map(lambda w: naive.feedback(guess, w))
    tiles = draw(st.one_of(real, wst.tiles(len(guess))))
    return guess, tuple(tiles), words


# ---------------------------------------------------------------- pure-Python rules (prune's CPU path)


@given(pruning_case())
def test_strict_predicate_matches_naive(case):
    guess, tiles, words = case
    keep = rules.strict_predicate(guess, tiles)
    assert [w for w in words if keep(w)] == naive.prune("strict", guess, tiles, words)


@given(pruning_case())
def test_loose_predicate_matches_naive(case):
    guess, tiles, words = case
    keep = rules.loose_predicate(guess, tiles)
    assert [w for w in words if keep(w)] == naive.prune("loose", guess, tiles, words)


@given(pruning_case())
def test_loose_keeps_at_least_what_strict_keeps(case):
    guess, tiles, words = case
    strict = set(naive.prune("strict", guess, tiles, words))
    assert strict <= set(naive.prune("loose", guess, tiles, words))
    # and a word is always consistent with its own feedback under both rules
    for w in words:
        for rule in RULES:
            assert rules.predicate(rule, guess, naive.feedback(guess, w))(w)


def test_predicate_rejects_unknown_rule():
    with pytest.raises(ValueError):
        rules.predicate("fuzzy", "abc", (0, 0, 0))


@pytest.mark.parametrize(
    "guess, tiles, word, strict, loose",
    [
        # loose does not forbid a contained letter at its own position
        ("ab", (1, 0), "ac", False, True),
        ("ab", (1, 0), "ca", True, True),
        # an absent tile caps the count at the contained ones
        ("aab", (1, 0, 0), "caa", False, False),
        ("aab", (1, 0, 0), "cca", True, True),
        # no absent copy: any number of further copies is fine
        ("abc", (1, 0, 0), "daa", True, True),
        ("abc", (1, 0, 0), "ada", False, True),
        # feedback no answer can produce (absent before contained of one letter)
        ("aa", (0, 1), "ba", False, True),  # loose: one a, one contained a
        ("aa", (0, 1), "bb", False, False),
    ],
)
def test_rules_on_hand_checked_cases(guess, tiles, word, strict, loose):
    assert naive.strict_consistent(guess, tiles, word) is strict
    assert naive.loose_consistent(guess, tiles, word) is loose
    assert rules.strict_predicate(guess, tiles)(word) is strict
    assert rules.loose_predicate(guess, tiles)(word) is loose


# ---------------------------------------------------------------- backends' `consistent`


def encode(guess: str, words: list[str], codes: dict[str, int]):
    length = len(guess)
    return (
        np.array([codes[ch] for ch in guess], dtype=np.uint8),
        np.array([[codes[ch] for ch in w] for w in words], dtype=np.uint8).reshape(len(words), length),
    )


@pytest.mark.parametrize("rule", RULES)
@given(data=st.data())
def test_backend_consistent_matches_naive(backend, rule, data):
    guess, tiles, words = data.draw(pruning_case(max_words=40))
    codes = data.draw(wst.symbol_codes(guess + "".join(words)))
    guess_arr, words_arr = encode(guess, words, codes)
    mask = backends.load(backend).consistent(guess_arr, np.array(tiles, dtype=np.uint8), words_arr, rule)
    assert mask.shape == (len(words),)
    assert [bool(k) for k in mask] == [naive.consistent(rule, guess, tiles, w) for w in words]


def read_list(path: str) -> list[str]:
    with open(path, encoding="utf-8") as handle:
        return [line.strip() for line in handle if line.strip()]


@pytest.mark.parametrize("rule, kept", [("strict", 67), ("loose", 87)])
def test_reais_acaac_on_shipped_answers(backend, shipped, rule, kept):
    words = read_list(shipped["answers"])
    tiles = (0, 1, 0, 0, 1)
    want = naive.prune(rule, "reais", tiles, words)
    assert len(want) == kept

    keep = rules.predicate(rule, "reais", tiles)
    assert [w for w in words if keep(w)] == want

    codes = {ch: i + 1 for i, ch in enumerate(sorted(set("".join(words))))}
    guess_arr, words_arr = encode("reais", words, codes)
    mask = backends.load(backend).consistent(guess_arr, np.array(tiles, dtype=np.uint8), words_arr, rule)
    assert [w for w, k in zip(words, mask) if k] == want


# ---------------------------------------------------------------- the original tool's walk-through


def run_ok(runner, args):
    result = runner.invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return result


def test_original_walk_through_loose(runner, shipped, backend):
    """The original program's session, replayed as a script would: prune in place, re-score."""
    common = ["--rule", "loose", "--backend", backend]
    run_ok(runner, ["prune", "reais", "ACAAC", shipped["answers"], "left.txt", *common])
    assert len(read_list("left.txt")) == 87

    csv = run_ok(runner, ["score", shipped["allowed"], "left.txt", "-", "-q", *common]).stdout.splitlines()
    assert csv[0] == naive.HEADER
    assert csv[1] == "poult,false,5.26437,10.5921,11"
    assert len(csv) == 1 + 12972

    run_ok(runner, ["prune", "poult", "AAAAA", "left.txt", "left.txt", *common])
    assert len(read_list("left.txt")) == 9

    csv = run_ok(runner, ["score", shipped["allowed"], "left.txt", "-", "-q", *common]).stdout.splitlines()
    assert csv[1] == "deeve,false,1.22222,0.194444,2"

    run_ok(runner, ["prune", "deeve", "ACEAA", "left.txt", "left.txt", *common])
    left = read_list("left.txt")
    assert len(left) == 2

    result = run_ok(runner, ["prune", "scene", "EAECC", "left.txt", "-", *common])
    assert result.stdout == "sheen\n"
