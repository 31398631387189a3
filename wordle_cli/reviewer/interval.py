"""Values known only between two bounds: what a review shows when the search stopped at its time limit.

A value is either an exact `Fraction` or an `Interval` [lower, upper]: the
lower bound proven by the search, the upper one the value of a real strategy
(None: no strategy found within the guess limit). `span` makes the one or
the other; `lo`/`hi` read either; the arithmetic keeps the true value inside.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from wordle_cli.trees.search import INF


@dataclass(frozen=True)
class Interval:
    """lower <= the true value <= upper (None: no upper bound known); lower < upper."""

    lower: Fraction
    upper: Fraction | None

    def as_json(self) -> dict:
        return {"lower": float(self.lower), "upper": None if self.upper is None else float(self.upper)}


def make(lower: Fraction, upper: Fraction | None):
    """The exact value when the bounds meet, else the interval."""
    if upper is not None and upper <= lower:
        return lower
    return Interval(lower, upper)


def span(lower_total: int, upper_total: int, n: int):
    """Totals over n answers as expected guesses: exact or an interval (an upper total of INF: none known)."""
    return make(Fraction(lower_total, n), None if upper_total >= INF else Fraction(upper_total, n))


def lo(x) -> Fraction:
    return x.lower if isinstance(x, Interval) else x


def hi(x) -> Fraction | None:
    return x.upper if isinstance(x, Interval) else x


def exact(x) -> bool:
    return x is not None and not isinstance(x, Interval)


def minus(a, b, floor: Fraction | None = None):
    """a - b for values that may be intervals (never below `floor`, where the difference cannot be)."""
    low = lo(a) - hi(b) if hi(b) is not None else None
    high = hi(a) - lo(b) if hi(a) is not None else None
    if floor is not None:
        low = floor if low is None else max(low, floor)
    if low is None:  # a's upper bound proves nothing about a - b from below; b has none: unknown below
        return None
    if high is not None and low > high:  # only by rounding of bounds that meet
        low = high
    return make(low, high)
