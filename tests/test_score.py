"""`score`: per-guess sums from every backend, and the CSV built from them (docs/spec.md §3)."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import naive
import numpy as np
import pytest
import strategies as wst
from hypothesis import given
from hypothesis import strategies as st

from wordle_cli import backends, scoring, wordlist
from wordle_cli.stats import ScoreSums

RULES = ("strict", "loose")


@pytest.fixture(params=["default-chunk", "chunk-7"])
def chunking(request):
    """Run once with the shipped tunables and once with lists spanning several chunks."""
    if request.param == "chunk-7":
        request.getfixturevalue("small_chunk")
    return request.param


def encode(words: list[str], codes: dict[str, int]) -> np.ndarray:
    length = len(words[0])
    return np.array([[codes[ch] for ch in w] for w in words], dtype=np.uint8).reshape(len(words), length)


def naive_clog2c(guess: str, answers: list[str]) -> float:
    classes = Counter(naive.code(naive.feedback(guess, a)) for a in answers)
    return sum(c * math.log2(c) for _, c in sorted(classes.items()))


def check_sums(backend: str, rule: str, guesses: list[str], answers: list[str], codes: dict[str, int]) -> None:
    sums = backends.load(backend).score(encode(guesses, codes), encode(answers, codes), rule)
    for field in ("sum_n", "sum_n2", "max_n"):
        array = getattr(sums, field)
        assert array.shape == (len(guesses),)
        assert np.issubdtype(array.dtype, np.integer), field
    for i, guess in enumerate(guesses):
        counts = naive.remaining_counts(rule, guess, answers)
        assert int(sums.sum_n[i]) == sum(counts), guess
        assert int(sums.sum_n2[i]) == sum(c * c for c in counts), guess
        assert int(sums.max_n[i]) == max(counts), guess
        assert float(sums.sum_clog2c[i]) == pytest.approx(naive_clog2c(guess, answers), rel=1e-12, abs=1e-12)


@pytest.mark.parametrize("rule", RULES)
@given(data=st.data())
def test_backend_sums_match_naive(backend, rule, chunking, data):
    guesses, answers = data.draw(wst.game(max_guesses=8, max_answers=30))
    codes = data.draw(wst.symbol_codes("".join(guesses) + "".join(answers)))
    check_sums(backend, rule, guesses, answers, codes)


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("length", range(1, 9))
def test_backend_sums_span_several_chunks(backend, rule, length, small_chunk):
    # 45 answers over 3 symbols: many repeated letters, 7 chunks of 7 (the last one short).
    rng = np.random.default_rng(length)
    pool = sorted({"".join(rng.choice(list("abc"), size=length)) for _ in range(200)})
    answers = [str(w) for w in rng.permutation(pool)[:45]]
    guesses = answers[:3] + ["d" * length, "a" * length, ("ab" * 4)[:length]]
    guesses = list(dict.fromkeys(guesses))
    codes = {"a": 1, "b": 200, "c": 255, "d": 7}
    check_sums(backend, rule, guesses, answers, codes)


@pytest.mark.parametrize("rule", RULES)
def test_single_answer(backend, rule):
    codes = {"a": 1, "b": 2, "c": 3}
    check_sums(backend, rule, ["abc", "cab", "aaa"], ["abc"], codes)
    scores = scoring.compute(["abc", "cab", "aaa"], ["abc"], rule, backend)
    assert "\n".join(scoring.csv_rows(scores)) + "\n" == naive.csv_text(rule, ["abc", "cab", "aaa"], ["abc"])


# ---------------------------------------------------------------- the CSV


def csv_of(guesses, answers, rule, backend, precision=6) -> str:
    scores = scoring.compute(guesses, answers, rule, backend)
    return "\n".join(scoring.csv_rows(scores, precision)) + "\n"


@pytest.mark.parametrize("rule", RULES)
@given(data=st.data())
def test_csv_matches_naive(backend, rule, chunking, data):
    guesses, answers = data.draw(wst.game(max_guesses=10, max_answers=25))
    precision = data.draw(st.one_of(st.just(6), st.integers(1, 15)))
    assert csv_of(guesses, answers, rule, backend, precision) == naive.csv_text(rule, guesses, answers, precision)


@given(wst.game(max_guesses=6, max_answers=10).filter(lambda game: len(game[1][0]) <= 4))
def test_csv_quotes_words_holding_commas_and_quotes(game):
    import csv
    import io

    guesses, answers = game
    guesses = [g.replace("a", ",").replace("b", '"') for g in guesses]
    answers = [a.replace("a", ",").replace("b", '"') for a in answers]
    text = csv_of(guesses, answers, "strict", "cpu")
    assert text == naive.csv_text("strict", guesses, answers)
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0] == naive.HEADER.split(",")
    assert sorted(row[0] for row in rows[1:]) == sorted(guesses)
    assert all(len(row) == 5 for row in rows)


@st.composite
def synthetic_sums(draw):
    """Scores with made-up sums drawn from few values, so ties on every key are common."""
    n = draw(st.sampled_from([1, 2, 3, 7, 46341, 10**6]))  # 46341**4 > 2**62: the big-int path
    g = draw(st.integers(1, 12))
    guesses = draw(st.lists(st.text("ab", min_size=1, max_size=3), min_size=g, max_size=g, unique=True))

    def pick(values):
        return draw(st.lists(st.sampled_from(values), min_size=g, max_size=g))

    s1 = pick([n, n + 1, 2 * n, 3 * n])
    mx = pick([1, 2, 3])
    s2 = [draw(st.sampled_from([s * s // n, s * s // n + 1, s * s // n + 2, s * 3])) for s in s1]
    if n == 1:
        s2 = [s * s for s in s1]  # one answer: the variance is 0
    is_answer = pick([True, False])
    sums = ScoreSums(
        sum_n=np.array(s1, dtype=np.int64),
        sum_n2=np.array(s2, dtype=np.int64),
        max_n=np.array(mx, dtype=np.int64),
        sum_clog2c=np.zeros(g),
    )
    return scoring.Scores(guesses, is_answer, sums, n)


@given(synthetic_sums())
def test_ranking_sorts_by_the_spec_key(scores):
    n = scores.n_answers

    def key(i):
        s1, s2, mx = int(scores.sums.sum_n[i]), int(scores.sums.sum_n2[i]), int(scores.sums.max_n[i])
        mean = Fraction(s1, n)
        var = Fraction(n * s2 - s1 * s1, n * (n - 1)) if n > 1 else Fraction(0)
        return naive.sort_key(scores.guesses[i], (mean, var, mx), [g for g, a in zip(scores.guesses, scores.is_answer) if a])

    assert scoring.ranking(scores) == sorted(range(len(scores.guesses)), key=key)


def test_csv_ties_put_answers_first_then_alphabetical(backend):
    # One answer: every guess leaves exactly 1 word, so only the tie-breakers order rows.
    want = "\n".join(
        [naive.HEADER, "aa,true,1,0,1", "bb,false,1,0,1", "zz,false,1,0,1"]
    ) + "\n"
    assert csv_of(["zz", "bb", "aa"], ["aa"], "strict", backend) == want
    assert naive.csv_text("strict", ["zz", "bb", "aa"], ["aa"]) == want


def test_csv_hand_checked_small_game(backend):
    # answers ab, ba, cc. Guess ab: feedbacks EE, CC, AA -> every class 1 -> n = 1,1,1.
    # Guess cc: AA, AA, EE -> classes {ab, ba}, {cc} -> n = 2,2,1: mean 5/3, var 1/3, max 2.
    # Guess aa: EA, AE, AA -> n = 1,1,1 (not an answer, so after ab and ba).
    want = "\n".join(
        [
            naive.HEADER,
            "ab,true,1,0,1",
            "ba,true,1,0,1",
            "aa,false,1,0,1",
            "cc,true,1.66667,0.333333,2",
        ]
    ) + "\n"
    assert csv_of(["cc", "aa", "ba", "ab"], ["ab", "ba", "cc"], "strict", backend) == want
    assert naive.csv_text("strict", ["cc", "aa", "ba", "ab"], ["ab", "ba", "cc"]) == want


# ---------------------------------------------------------------- the shipped lists


@pytest.fixture(scope="module")
def wordle_lists(shipped):
    return (
        wordlist.read_word_list(shipped["allowed"]).words,
        wordlist.read_word_list(shipped["answers"]).words,
    )


def test_strict_allowed_vs_answers_top_rows(backend, wordle_lists):
    allowed, answers = wordle_lists
    assert (len(allowed), len(answers)) == (12972, 2315)
    rows = list(scoring.csv_rows(scoring.compute(allowed, answers, "strict", backend)))
    assert rows[0] == naive.HEADER
    assert rows[1] == "roate,false,60.4246,2662.86,195"
    assert rows[2] == "raise,true,61.0009,2249.53,168"
    assert len(rows) == 1 + 12972
    # spot-check a row against the reference (n(g, a) = size of a's feedback class)
    row = next(r for r in rows if r.startswith("sheer,"))
    seen = [naive.feedback("sheer", a) for a in answers]
    classes = Counter(seen)
    mean, var, mx = naive.stats_of([classes[f] for f in seen])
    assert row == f"sheer,true,{naive.format_g(mean, 6)},{naive.format_g(var, 6)},{mx}"


@pytest.mark.slow
def test_loose_full_list_ranks_reais_first(backend, wordle_lists):
    allowed, _ = wordle_lists
    rows = scoring.csv_rows(scoring.compute(allowed, allowed, "loose", backend))
    assert next(rows) == naive.HEADER
    assert next(rows) == "reais,true,447.809,89011.2,965"
