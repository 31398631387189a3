"""Per-guess statistics: what the kernels return and how it becomes numbers.

Kernels (CPU or GPU) return only exact integer sums over the answers; every
mean and variance is derived here, from those integers, as exact fractions.
That is what makes the two backends byte-identical and the printed digits
correct at any precision.

For a guess g over A equally likely answers, n(g, a) is the number of answers
left after seeing g's feedback for answer a:

- sum_n  = sum over a of n(g, a)       (strict rule: sum over classes of c^2)
- sum_n2 = sum over a of n(g, a)^2     (strict rule: sum over classes of c^3)
- max_n  = max over a of n(g, a)
- sum_clog2c = sum over feedback classes, in ascending code order, of c*log2(c)
  (the entropy of the feedback is log2(A) - sum_clog2c / A).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy only for annotations: `prune` and --help never import it
    import numpy as np


@dataclass
class ScoreSums:
    """Integer sums per guess, as every backend's `score` returns them."""

    sum_n: np.ndarray  # int64[G]
    sum_n2: np.ndarray  # int64[G]
    max_n: np.ndarray  # int64[G]
    sum_clog2c: np.ndarray  # float64[G]


def mean(sum_n: int, n_answers: int) -> Fraction:
    return Fraction(int(sum_n), n_answers)


def variance_numerator(sum_n, sum_n2, n_answers):
    """N * sum_n2 - sum_n^2: the sample variance times N(N - 1), an exact integer.

    Works on Python ints and on numpy arrays alike; every guess shares the
    denominator N(N - 1), so comparing numerators compares variances.
    """
    return n_answers * sum_n2 - sum_n * sum_n


def variance(sum_n: int, sum_n2: int, n_answers: int) -> Fraction:
    """Sample variance (divide by N - 1) of n(g, a); 0 when there is one answer."""
    if n_answers < 2:
        return Fraction(0)
    return Fraction(variance_numerator(int(sum_n), int(sum_n2), n_answers), n_answers * (n_answers - 1))


def entropy_bits(sum_clog2c: float, n_answers: int) -> float:
    """Shannon entropy (bits) of the feedback distribution."""
    return math.log2(n_answers) - sum_clog2c / n_answers


def format_g(value: Fraction, precision: int = 6) -> str:
    """Format an exact fraction like C's printf("%.<precision>g"), correctly rounded."""
    return format_ratio(value.numerator, value.denominator, precision)


def format_ratio(num: int, den: int, precision: int = 6) -> str:
    """C's %g of the exact value num/den (den > 0), rounded half-to-even.

    Fast path: the double num/den is within 1e-16 (relative) of the exact value,
    so printf of the double gives the exact value's digits unless the digits
    just past the cut sit at a tie (...4999 or ...5000). Those rare cases, and
    precisions a double cannot carry, take the exact integer path.
    """
    p = max(precision, 1)
    # The error bound holds only for normal doubles: far outside about
    # 1e-300..1e300 num/den overflows, underflows or loses digits (subnormals).
    if p <= _FAST_DIGITS and num > 0 and -990 < num.bit_length() - den.bit_length() < 990:
        value = num / den
        # "%.{p+3}e" prints p+4 significant digits; the last 4 follow the cut.
        tail = ("%.*e" % (p + 3, value))[p + 1 : p + 5]  # noqa: UP031 (C's printf spelling, as docs/spec.md §3 states it)
        if tail != "4999" and tail != "5000":
            return "%.*g" % (p, value)  # noqa: UP031
    return _format_exact(num, den, p)


#: Up to this many significant digits a double's error (< 1e-16 relative) cannot
#: move a value across a rounding boundary that the 4-digit tail check missed.
_FAST_DIGITS = 11


def _format_exact(num: int, den: int, p: int) -> str:
    if num == 0:
        return "0"
    sign = "-" if num < 0 else ""
    num = abs(num)
    # Decimal exponent e with 10**e <= num/den < 10**(e+1).
    e = len(str(num)) - len(str(den))
    if num * 10 ** max(-e, 0) < den * 10 ** max(e, 0):
        e -= 1
    digits, exponent = _round_to_digits(num, den, p - 1 - e), e
    if digits == 10**p:  # rounding carried into a new digit
        digits, exponent = 10 ** (p - 1), e + 1
    text = str(digits)
    if -4 <= exponent < p:
        if exponent >= 0:
            whole, frac = text[: exponent + 1], text[exponent + 1 :]
        else:
            whole, frac = "0", "0" * (-exponent - 1) + text
        frac = frac.rstrip("0")
        return sign + (f"{whole}.{frac}" if frac else whole)
    frac = text[1:].rstrip("0")
    mantissa = f"{text[0]}.{frac}" if frac else text[0]
    return f"{sign}{mantissa}e{'-' if exponent < 0 else '+'}{abs(exponent):02d}"


def _round_to_digits(num: int, den: int, shift: int) -> int:
    """round(num / den * 10**shift), ties to even."""
    if shift >= 0:
        q, r = divmod(num * 10**shift, den)
        d = den
    else:
        d = den * 10**-shift
        q, r = divmod(num, d)
    twice = 2 * r
    if twice > d or (twice == d and q % 2 == 1):
        q += 1
    return q
