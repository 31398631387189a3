"""`score`'s core: rank guesses by the answers they leave (SPEC §3).

Parse-free and I/O-free: takes word lists, asks a backend for integer sums,
and turns them into sorted, exactly formatted CSV rows.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from wordle_cli import backends
from wordle_cli.encoding import Alphabet
from wordle_cli.stats import ScoreSums, format_ratio, variance_numerator

HEADER = "guess,is_potential_answer,average_num_allowed,num_allowed_variance,max_wordlist_len"


@dataclass
class Scores:
    """Per-guess sums over the answers, in the order of `guesses`."""

    guesses: Sequence[str]
    is_answer: list[bool]
    sums: ScoreSums
    n_answers: int


def compute(guesses: Sequence[str], answers: Sequence[str], rule: str, backend: str) -> Scores:
    """Score every guess against the answers on a concrete backend ("cpu"/"cuda")."""
    length = len(answers[0])
    alphabet = Alphabet.of(guesses, answers)
    module = backends.load(backend)
    sums = module.score(alphabet.encode(guesses, length), alphabet.encode(answers, length), rule)
    answer_set = set(answers)
    return Scores(guesses, [g in answer_set for g in guesses], sums, len(answers))


def ranking(scores: Scores) -> list[int]:
    """Row order: by (average, max, variance, answers first, guess), all exact.

    Every guess shares the denominators (A for the mean, A(A-1) for the
    variance), so comparing integer numerators compares the exact values.
    """
    import numpy as np

    sums, n = scores.sums, scores.n_answers
    guess_rank = np.empty(len(scores.guesses), dtype=np.int64)
    guess_rank[sorted(range(len(scores.guesses)), key=scores.guesses.__getitem__)] = np.arange(len(scores.guesses))
    not_answer = ~np.asarray(scores.is_answer, dtype=bool)
    if n**4 < 2**62:  # the variance numerator n*s2 - s1^2 <= n^4 fits in int64
        spread = variance_numerator(sums.sum_n, sums.sum_n2, n)
        return np.lexsort((guess_rank, not_answer, spread, sums.max_n, sums.sum_n)).tolist()
    s1, s2, mx = sums.sum_n.tolist(), sums.sum_n2.tolist(), sums.max_n.tolist()
    return sorted(
        range(len(s1)), key=lambda i: (s1[i], mx[i], variance_numerator(s1[i], s2[i], n), not_answer[i], guess_rank[i])
    )


def csv_rows(scores: Scores, precision: int = 6) -> Iterator[str]:
    """The CSV lines, header first, rows in `ranking` order."""
    yield HEADER
    sums, n = scores.sums, scores.n_answers
    s1 = sums.sum_n.tolist()
    s2 = sums.sum_n2.tolist()
    mx = sums.max_n.tolist()
    var_den = n * (n - 1)
    field = csv_field if _needs_quotes("".join(scores.guesses)) else str
    for i in ranking(scores):
        variance = format_ratio(variance_numerator(s1[i], s2[i], n), var_den, precision) if n > 1 else "0"
        yield (
            f"{field(scores.guesses[i])},{'true' if scores.is_answer[i] else 'false'},"
            f"{format_ratio(s1[i], n, precision)},{variance},{mx[i]}"
        )


def _needs_quotes(text: str) -> bool:
    return "," in text or '"' in text or "\r" in text or "\n" in text


def csv_field(word: str) -> str:
    """Quote a field only if it holds a CSV metacharacter (possible in exotic alphabets); also `report.games_csv`'s."""
    return '"' + word.replace('"', '""') + '"' if _needs_quotes(word) else word
