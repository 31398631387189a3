"""`score`'s core: rank guesses by the answers they leave (SPEC §3).

Parse-free and I/O-free: takes word lists, asks a backend for integer sums,
and turns them into sorted, exactly formatted CSV rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterator, Sequence

from wordle_cli import backends
from wordle_cli.encoding import Alphabet
from wordle_cli.stats import ScoreSums, format_g

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
    sums, n = scores.sums, scores.n_answers
    s1 = sums.sum_n.tolist()
    s2 = sums.sum_n2.tolist()
    mx = sums.max_n.tolist()
    guesses, is_answer = scores.guesses, scores.is_answer
    return sorted(
        range(len(guesses)),
        key=lambda i: (s1[i], mx[i], n * s2[i] - s1[i] * s1[i], not is_answer[i], guesses[i]),
    )


def csv_rows(scores: Scores, precision: int = 6) -> Iterator[str]:
    """The CSV lines, header first, rows in `ranking` order."""
    from wordle_cli.stats import variance

    yield HEADER
    sums, n = scores.sums, scores.n_answers
    s1 = sums.sum_n.tolist()
    s2 = sums.sum_n2.tolist()
    mx = sums.max_n.tolist()
    for i in ranking(scores):
        yield ",".join(
            (
                scores.guesses[i],
                "true" if scores.is_answer[i] else "false",
                format_g(Fraction(s1[i], n), precision),
                format_g(variance(s1[i], s2[i], n), precision),
                str(mx[i]),
            )
        )
