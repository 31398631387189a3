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

Which prior a command uses when none is named is `resolve_prior`'s one rule.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING

from wordle_cli.errors import UsageProblem, WordleError, quote
from wordle_cli.wordlist import display_name, normalise, read_text

if TYPE_CHECKING:
    import numpy as np

#: Probabilities become weights round(p x SCALE), at least 1: six significant digits of the largest.
SCALE = 10**6

#: The environment variable that names the prior once for every command (beside WORDLE_GAME).
PRIOR_ENV = "WORDLE_PRIOR"

#: The priors by name; anything else is a FILE.
NAMED_PRIORS = ("uniform", "nyt")

#: A weight of a FILE is less than this (the ratios of larger ones are not worth their digits).
MAX_WEIGHT = 10**15

#: The largest total weight: sums of weight x pool size (and squares) stay far inside int64.
MAX_TOTAL = 2**40


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
    words normalised as in word lists; a word listed twice is an error.
    Weights are integers or decimals >= 0 (`1`, `2.5`, `0.001`, `1e-3`).
    `what` names the words weighed in messages ("answer", "candidate").
    """
    import numpy as np

    name = display_name(path)
    index = {word: i for i, word in enumerate(answers)}
    listed: dict[str, Decimal] = {}
    unknown = 0
    first = True
    for number, raw in enumerate(read_text(path, "prior file").split("\n"), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if first and line.replace(" ", "").lower() == "word,weight":
            first = False
            continue
        first = False
        where = f"{name} line {number}"
        word, weight = _parse_line(line, where)
        if word in listed:
            raise WordleError(f"{where}: {quote(word)} is listed twice")
        listed[word] = weight
        unknown += word not in index
    kept = {word: weight for word, weight in listed.items() if word in index and weight > 0}
    if not kept:
        raise WordleError(f"{name}: gives no {what} a positive weight")
    places = max(-min(w.as_tuple().exponent for w in kept.values()), 0)
    scaled = {word: int(weight.scaleb(places)) for word, weight in kept.items()}
    common = math.gcd(*scaled.values())
    weights = np.zeros(len(answers), dtype=np.int64)
    total = sum(scaled.values()) // common
    if total > MAX_TOTAL:
        raise WordleError(f"{name}: the weights span too many digits to be exact integers (total {total} > 2^40); round them")
    for word, weight in scaled.items():
        weights[index[word]] = weight // common
    return AnswerWeights(f"prior from {name}", weights, len(answers) - len(kept), unknown)


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
    chosen = os.environ.get(PRIOR_ENV, "").strip()
    if chosen:
        return chosen
    return "nyt" if game == "nyt" and not own_answers else "uniform"
