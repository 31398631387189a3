"""How likely each answer is: the prior, as exact integer weights (`AnswerWeights`).

Every command that plays, scores, proves, reviews or infers draws the answer
from a prior. Weights are integers so that sums, and the exact search's
proofs, stay exact: the answer a has probability w(a) / sum(w).

- `uniform(n)`: all ones, today's numbers exactly (`is_uniform`).
- `from_file`: `word,weight` lines (docs/commands.md, "Which prior").
  Decimal weights are made integers by one power of ten for the whole file
  (then divided by the weights' common divisor), so ratios stay exact. An
  answer the file does not list, or lists with weight 0, gets weight 0: it
  is left out of the pool (`pool()`), since a proof or a strategy that keeps
  an answer of probability 0 would spend guesses on it for nothing.
- `from_probabilities`: round(p x `SCALE`), each at least 1, so that no
  possible answer is ignored by a proof (a weight of 0 would let a tree
  fail it); the label says so.
- `checked`: weights handed in by a caller (the API's `weights=`, the
  solver, the exact search), validated here and nowhere else.

This module owns the prior: its one notion of uniform (`is_uniform`, and
`solver_weights()`, None when uniform, for the unweighted fast paths), its
one ceiling (`max_total`: every consumer's exact sums fit, so a prior that
loads is never refused later), its label and its digest. Which prior a
command uses when none is named is `resolve_prior`'s one rule.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING

from wordle_cli.errors import UsageProblem, WordleError, quote
from wordle_cli.wordlist import content_lines, display_name, normalise, open_input

if TYPE_CHECKING:
    import numpy as np

#: Probabilities become weights round(p x SCALE), at least 1: six significant digits of the largest.
SCALE = 10**6

#: The environment variable that names the prior once for every command (beside WORDLE_GAME).
PRIOR_ENV = "WORDLE_PRIOR"

#: A weight of a FILE is less than this (the ratios of larger ones are not worth their digits).
MAX_WEIGHT = 10**15

#: The one ceiling on a prior: its total weight times its number of answers stays at or below this. The exact
#: search's totals and orders (up to 8 x answers x weight) stay below its INF (2^40); the scorer's sums
#: (total x answers^2) below 2^62.
TOTAL_TIMES_ANSWERS = 2**39


def max_total(n_answers: int) -> int:
    """The largest total weight a prior over `n_answers` answers may have (`TOTAL_TIMES_ANSWERS`)."""
    n = max(1, n_answers)
    return min(TOTAL_TIMES_ANSWERS // n, (2**62 - 1) // (n * n))


@dataclass(frozen=True, eq=False)
class AnswerWeights:
    """A weight per answer (int64, >= 0, aligned with the answer list), named by `label` in every output."""

    label: str  # e.g. "uniform", "nyt prior for 2026-11-26", "prior from FILE"
    weights: np.ndarray  # int64[N]
    unlisted: int = 0  # answers the source gave weight 0 (left out of the pool)
    unknown: int = 0  # words of the source that are not answers (ignored)

    @property
    def is_uniform(self) -> bool:
        """All weights equal and none 0: every number is today's uniform one."""
        w = self.weights
        return bool(len(w) and w.min() > 0 and w.min() == w.max())

    @property
    def total(self) -> int:
        return int(self.weights.sum())

    def probabilities(self) -> np.ndarray:
        """float64 per answer, summing to 1."""
        return self.weights / float(self.total)

    def pool(self) -> np.ndarray:
        """Indices of the answers of positive weight (the pool a game under this prior has), ascending."""
        import numpy as np

        return np.flatnonzero(self.weights > 0)

    def kept(self, answers):
        """(answers of positive weight, their weights), in order: the pool and the weights a solver takes."""
        keep = self.pool()
        return [answers[i] for i in keep.tolist()], self.weights[keep]

    def solver_weights(self):
        """The weights the solver and the search take: None when uniform (their fast, unweighted paths)."""
        return None if self.is_uniform else self.weights

    @property
    def digest(self) -> str:
        """The weights' fingerprint (hex), for keys of anything computed under them (caches, checkpoints)."""
        return digest(self.weights)


def digest(weights) -> str:
    """The fingerprint of int64 weights (hex sha256 of their bytes): the one key of a prior in caches and checkpoints."""
    import hashlib

    import numpy as np

    return hashlib.sha256(np.ascontiguousarray(weights, dtype=np.int64).tobytes()).hexdigest()


def checked(weights, n_answers: int, label: str = "the weights given") -> AnswerWeights:
    """Weights a caller hands in (an `AnswerWeights`, integers per answer, or None: uniform) as an `AnswerWeights`,
    validated: one integer >= 1 per answer, their total within `max_total`. UsageProblem says what is wrong.

    The one check of weights that did not come from a reader here (which check as they read).
    """
    import numpy as np

    if weights is None:
        return uniform(n_answers)
    if isinstance(weights, AnswerWeights):
        label, weights = weights.label, weights.weights
    array = np.asarray(weights)
    if array.shape != (n_answers,):
        got = array.shape[0] if array.ndim == 1 else array.shape
        raise UsageProblem(f"{got} weights for {n_answers} answers: give one integer >= 1 per answer")
    if n_answers and not np.issubdtype(array.dtype, np.integer):
        raise UsageProblem("the weights must be integers >= 1 (scale them: sums and proofs under them are exact)")
    array = np.ascontiguousarray(array, dtype=np.int64)
    if n_answers and int(array.min()) < 1:
        raise UsageProblem("the weights must be positive integers (an answer of weight 0 is left out of the pool instead)")
    ceiling = max_total(n_answers)
    if n_answers and (int(array.max()) > ceiling or int(array.sum()) > ceiling):
        raise UsageProblem(f"the weights total past {ceiling} for {n_answers} answers: scale them down (sums under them are exact)")
    return AnswerWeights(label, array)


def uniform(n: int) -> AnswerWeights:
    """Every one of `n` answers equally likely."""
    import numpy as np

    return AnswerWeights("uniform", np.ones(n, dtype=np.int64))


def from_probabilities(probabilities, label: str) -> AnswerWeights:
    """round(p x SCALE), each at least 1 (no possible answer ignored in a proof); `label` gains a note saying so."""
    import numpy as np

    p = np.asarray(probabilities, dtype=np.float64)
    if p.ndim != 1 or not len(p) or not np.all(np.isfinite(p)) or np.any(p < 0) or p.sum() <= 0:
        raise WordleError(f"{label}: the probabilities must be finite, >= 0 and not all 0")
    weights = np.maximum(np.rint(p / p.sum() * SCALE), 1).astype(np.int64)
    return AnswerWeights(f"{label} (weights p x 10^{len(str(SCALE)) - 1}, at least 1)", weights)


def from_file(path: str, answers, what: str = "answer") -> AnswerWeights:
    """The weights of a `word,weight` file over `answers`; WordleError names the file and line of a bad line.

    An optional first line `word,weight`; blank lines and `#` lines skipped;
    words normalised as in word lists; a word of `answers` listed twice is an
    error (other words are ignored, and counted per line).
    Weights are integers or decimals >= 0 (`1`, `2.5`, `0.001`, `1e-3`).
    `what` names the words weighed in messages ("answer", "candidate").
    Read as a stream (memory does not grow with the file; a bad line is refused
    as soon as it is read), at most MAX_TEXT_BYTES.
    """
    import numpy as np

    from wordle_cli.config import MAX_TEXT_BYTES

    name = display_name(path)
    index = {word: i for i, word in enumerate(answers)}
    listed: dict[str, Decimal] = {}
    unknown = 0
    first = True
    with open_input(path, "prior file") as stream:
        for number, line in content_lines(_Bounded(stream, MAX_TEXT_BYTES, name), name):
            if line.startswith("#"):
                continue
            if first and line.replace(" ", "").lower() == "word,weight":
                first = False
                continue
            first = False
            where = f"{name} line {number}"
            word, weight = _parse_line(line, where)
            if word not in index:
                unknown += 1
                continue
            if word in listed:
                raise WordleError(f"{where}: {quote(word)} is listed twice")
            listed[word] = weight
    kept = {word: weight for word, weight in listed.items() if weight > 0}
    if not kept:
        raise WordleError(f"{name}: gives no {what} a positive weight")
    places = max(-min(w.as_tuple().exponent for w in kept.values()), 0)
    scaled = {word: int(weight.scaleb(places)) for word, weight in kept.items()}
    common = math.gcd(*scaled.values())
    total = sum(scaled.values()) // common
    ceiling = max_total(len(kept) + 1) - 1  # room for solve's target outside the pool, of weight 1
    if total > ceiling:
        raise WordleError(
            f"{name}: the weights span too many digits for exact sums (total {total} in lowest terms, "
            f"at most {ceiling} over {len(kept)} {what}s); round them"
        )
    weights = np.zeros(len(answers), dtype=np.int64)
    for word, weight in scaled.items():
        weights[index[word]] = weight // common
    return AnswerWeights(f"prior from {name}", weights, len(answers) - len(kept), unknown)


class _Bounded:
    """A binary stream that refuses, in one line, to give more than `limit` bytes (a prior FILE's size limit)."""

    def __init__(self, stream, limit: int, name: str):
        self.stream, self.limit, self.left, self.name = stream, limit, limit, name

    def read(self, size: int = -1) -> bytes:
        reader = getattr(self.stream, "read1", self.stream.read)
        data = reader(size)
        self.left -= len(data)
        if self.left < 0:
            raise WordleError(f"{self.name}: larger than {self.limit >> 20} MiB, so not a prior file")
        return data


def _parse_line(line: str, where: str) -> tuple[str, Decimal]:
    pieces = line.split(",")
    if len(pieces) != 2:
        raise WordleError(f"{where}: expected word,weight, got {quote(line)}")
    word, text = normalise(pieces[0].strip()), pieces[1].strip()
    if not word:
        raise WordleError(f"{where}: the word is empty")
    try:
        weight = Decimal(text)
    except InvalidOperation:
        raise WordleError(f"{where}: {quote(text)} is not a number") from None
    if not weight.is_finite() or weight < 0:
        raise WordleError(f"{where}: the weight must be a number >= 0, got {quote(text)}")
    if weight >= MAX_WEIGHT:
        raise WordleError(f"{where}: the weight {quote(text)} is too large (less than 10^15, please)")
    exact = weight.normalize() if weight else Decimal(0)
    if exact.as_tuple().exponent < -12:
        raise WordleError(f"{where}: {quote(text)} has more than 12 decimal places")
    return word, exact


def resolve_prior(prior: str | None, game: str, own_answers: bool, unsupported: str | None = None) -> str:
    """The prior a command uses: `prior` if given, else $WORDLE_PRIOR if set, else `nyt` for the NYT's game
    on its shipped answers (no answers file of the user's), else `uniform`.

    The one rule every command follows. `unsupported` (e.g. "with --boards"):
    the mode plays only the uniform prior, so the default (and $WORDLE_PRIOR,
    set once for every command) is then `uniform`, and a --prior the user
    named that is not `uniform` is a WordleError saying so.
    """
    if prior is not None and unsupported and prior != "uniform":
        raise UsageProblem(f"--prior {quote(prior)}: not yet supported {unsupported}; use --prior uniform")
    if prior is not None:
        return prior
    if unsupported:
        return "uniform"
    chosen = env_prior()
    if chosen:
        return chosen
    return "nyt" if game == "nyt" and not own_answers else "uniform"


def env_prior() -> str | None:
    """$WORDLE_PRIOR's spec (None when unset or blank): what `resolve_prior` takes when no prior is named."""
    return os.environ.get(PRIOR_ENV, "").strip() or None
