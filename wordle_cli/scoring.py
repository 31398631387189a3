"""`score`'s core: rank guesses by the answers they leave (docs/spec.md §3).

Parse-free and I/O-free: takes word lists, asks a backend for integer sums,
and turns them into sorted, exactly formatted CSV rows.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from wordle_cli import backends
from wordle_cli.encoding import Alphabet
from wordle_cli.output import csv_row, quoting_needed
from wordle_cli.stats import ScoreSums, format_ratio, variance_numerator

HEADER = "guess,is_potential_answer,average_num_allowed,num_allowed_variance,max_wordlist_len"

#: The CSV with lies (`--lies N`): the average over the answers and the host's uniformly random lies,
#: and the worst case over both (no variance: the answers are not equally weighted samples any more).
LIES_HEADER = "guess,is_potential_answer,average_num_allowed,max_wordlist_len"

#: Guesses whose feedback table is made at once when scoring with lies (memory: this x the answers).
LIES_CHUNK = 4096


@dataclass
class Scores:
    """Per-guess sums over the answers, in the order of `guesses`."""

    guesses: Sequence[str]
    is_answer: list[bool]
    sums: ScoreSums  # under a prior `model.class_sums.WeightedSums`: each answer counted by its weight
    n_answers: int  # the answers, or under a prior their total weight (the weights as frequencies)


@dataclass
class LieScores:
    """Per-guess spread over the rows a lying host may show (`wordle_cli.model.lie_split`), in the order of `guesses`.

    The average answers left is total / (n_answers x scale), exactly; `worst` the worst case.
    """

    guesses: Sequence[str]
    is_answer: list[bool]
    total: object  # int64[G]
    worst: object  # int64[G]
    n_answers: int
    scale: int


def compute(guesses: Sequence[str], answers: Sequence[str], rule: str, backend: str, lies=None) -> Scores | LieScores:
    """Score every guess against the answers on a concrete backend ("cpu"/"cuda"); with `lies` (a `Lies`), their spread."""
    length = len(answers[0])
    alphabet = Alphabet.of(guesses, answers)
    module = backends.load(backend)
    answer_set = set(answers)
    is_answer = [g in answer_set for g in guesses]
    if lies is not None:
        return _compute_lies(alphabet.encode(guesses, length), alphabet.encode(answers, length), module, lies, guesses, is_answer)
    sums = module.score(alphabet.encode(guesses, length), alphabet.encode(answers, length), rule)
    return Scores(guesses, is_answer, sums, len(answers))


def compute_weighted(guesses: Sequence[str], answers: Sequence[str], weights, backend: str) -> Scores:
    """Score every guess against answers drawn from a prior (int64 `weights`, each >= 1), strict rule: the answers
    drawn with probability weight / total, so the average is the expected number of answers left and the variance
    the sample variance with the weights as frequencies (all ones: the uniform numbers)."""
    import numpy as np

    from wordle_cli.model.class_sums import backend_sums

    length = len(answers[0])
    alphabet = Alphabet.of(guesses, answers)
    module = backends.load(backend)
    answer_set = set(answers)
    sums = backend_sums(module, alphabet.encode(guesses, length), alphabet.encode(answers, length), weights)
    return Scores(guesses, [g in answer_set for g in guesses], sums, int(np.sum(weights)))


def _compute_lies(guess_codes, answer_codes, module, lies, guesses, is_answer) -> LieScores:
    """The spread of every guess: the backend's feedback table, a chunk of guesses at a time, read by the lie kernel."""
    import numpy as np

    from wordle_cli.model.lie_split import spread_rows

    total = np.zeros(len(guesses), np.int64)
    worst = np.zeros(len(guesses), np.int64)
    for start in range(0, len(guesses), LIES_CHUNK):
        part = spread_rows(lies, module.feedback_table(guess_codes[start : start + LIES_CHUNK], answer_codes))
        total[start : start + len(part.total)] = part.total
        worst[start : start + len(part.total)] = part.worst
    return LieScores(guesses, is_answer, total, worst, len(answer_codes), lies.scale)


def ranking(scores: Scores | LieScores) -> list[int]:
    """Row order: by (average, max, variance, answers first, guess), all exact; with lies (average, max, answers first, guess).

    Every guess shares the denominators (A for the mean, A(A-1) for the
    variance; with lies A x scale), so comparing integer numerators compares
    the exact values.
    """
    import numpy as np

    guess_rank = np.empty(len(scores.guesses), dtype=np.int64)
    guess_rank[sorted(range(len(scores.guesses)), key=scores.guesses.__getitem__)] = np.arange(len(scores.guesses))
    not_answer = ~np.asarray(scores.is_answer, dtype=bool)
    if isinstance(scores, LieScores):
        return np.lexsort((guess_rank, not_answer, scores.worst, scores.total)).tolist()
    sums, n = scores.sums, scores.n_answers
    if n**4 < 2**62:  # the variance numerator n*s2 - s1^2 <= n^4 fits in int64 (n: answers, or their weight, >= their number)
        spread = variance_numerator(sums.sum_n, sums.sum_n2, n)
        return np.lexsort((guess_rank, not_answer, spread, sums.max_n, sums.sum_n)).tolist()
    s1, s2, mx = sums.sum_n.tolist(), sums.sum_n2.tolist(), sums.max_n.tolist()
    return sorted(
        range(len(s1)), key=lambda i: (s1[i], mx[i], variance_numerator(s1[i], s2[i], n), not_answer[i], guess_rank[i])
    )


def csv_rows(scores: Scores | LieScores, precision: int = 6) -> Iterator[str]:
    """The CSV lines, header first, rows in `ranking` order."""
    if isinstance(scores, LieScores):
        yield from _lie_rows(scores, precision)
        return
    yield HEADER
    sums, n = scores.sums, scores.n_answers  # under a prior, the weights as frequencies: n is the total weight
    s1, s2, mx = sums.sum_n.tolist(), sums.sum_n2.tolist(), sums.max_n.tolist()
    var_den = n * (n - 1)
    # The one CSV writer, with a fast path: when no guess needs quoting (numbers
    # and true/false never do), joining the fields is all csv_row would do.
    plain = not quoting_needed(scores.guesses)
    for i in ranking(scores):
        guess, is_answer = scores.guesses[i], scores.is_answer[i]
        average = format_ratio(s1[i], n, precision)
        variance = format_ratio(variance_numerator(s1[i], s2[i], n), var_den, precision) if n > 1 else "0"
        if plain:
            yield f"{guess},{'true' if is_answer else 'false'},{average},{variance},{mx[i]}"
        else:
            yield csv_row((guess, is_answer, average, variance, mx[i]))



def _lie_rows(scores: LieScores, precision: int) -> Iterator[str]:
    yield LIES_HEADER
    total, worst = scores.total.tolist(), scores.worst.tolist()
    den = scores.n_answers * scores.scale
    for i in ranking(scores):
        yield csv_row((scores.guesses[i], scores.is_answer[i], format_ratio(total[i], den, precision), worst[i]))
