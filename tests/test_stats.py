"""Exact statistics and C-style %g formatting of exact values (docs/spec.md §3)."""

from __future__ import annotations

import statistics
from fractions import Fraction

import naive
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordle_cli import stats

precisions = st.integers(min_value=1, max_value=17)
finite_floats = st.floats(allow_nan=False, allow_infinity=False)


# ---------------------------------------------------------------- format_g vs C's %g


@given(finite_floats, precisions)
def test_format_g_matches_printf_on_floats(x, precision):
    # A float is an exact binary fraction and Python's % formatting rounds its
    # exact value correctly (half to even), like glibc's printf. A Fraction has
    # no negative zero, so -0.0 is compared as 0.0 (x + 0.0 changes nothing else).
    assert stats.format_g(Fraction(x), precision) == "%.*g" % (precision, x + 0.0)  # noqa: UP031 (C semantics on purpose)


@given(st.integers(-(10**20), 10**20), st.integers(-30, 30), precisions)
def test_format_g_matches_printf_on_scaled_integers(mantissa, exp2, precision):
    # Exactly representable values built from small integers and powers of two,
    # where ties (…5 exactly at the cut) are common.
    x = float(mantissa) * 2.0**exp2
    assert stats.format_g(Fraction(x), precision) == "%.*g" % (precision, x)  # noqa: UP031 (C semantics on purpose)


@pytest.mark.parametrize(
    "x",
    [0.0, 1.0, 0.5, 1.5, 2.5, 0.125, 0.375, 9.5, 99.5, 999999.5, 1e-4, 1e-5, 0.0001234565,
     123456.0, 1234567.0, 999999.0, 9999995.0, 60.42462203023758, 2662.8596, 89011.2, 1e300, 5e-324, -2.5],
)
@pytest.mark.parametrize("precision", range(1, 18))
def test_format_g_matches_printf_on_edge_floats(x, precision):
    assert stats.format_g(Fraction(x), precision) == "%.*g" % (precision, x)  # noqa: UP031 (C semantics on purpose)


@pytest.mark.parametrize(
    "value, precision, text",
    [
        # Exact decimal ties that no float can hold: half to even on the exact value.
        (Fraction(15, 100), 1, "0.2"),  # a float 0.15 is below the tie and prints 0.1
        (Fraction(25, 100), 1, "0.2"),
        (Fraction(35, 100), 1, "0.4"),
        (Fraction(45, 100), 1, "0.4"),
        (Fraction(123456785, 10**8), 8, "1.2345678"),
        (Fraction(123456795, 10**8), 8, "1.234568"),
        (Fraction(1000005, 10), 6, "100000"),
        (Fraction(1000015, 10), 6, "100002"),
        (Fraction(9999995, 10), 6, "1e+06"),
        (Fraction(9999985, 10), 6, "999998"),
        # just above or below a tie never rounds the "even" way
        (Fraction(15, 100) - Fraction(1, 10**30), 1, "0.1"),
        (Fraction(25, 100) + Fraction(1, 10**30), 1, "0.3"),
        # plain values
        (Fraction(0), 6, "0"),
        (Fraction(1), 6, "1"),
        (Fraction(61), 15, "61"),
        (Fraction(1, 3), 6, "0.333333"),
        (Fraction(2, 3), 6, "0.666667"),
        (Fraction(2, 3), 15, "0.666666666666667"),
        (Fraction(1, 3), 1, "0.3"),
        (Fraction(1, 9000), 6, "0.000111111"),
        (Fraction(1, 90000), 6, "1.11111e-05"),
        (Fraction(123456), 6, "123456"),
        (Fraction(1234567), 6, "1.23457e+06"),
        (Fraction(10**100), 6, "1e+100"),
        (Fraction(-1, 3), 3, "-0.333"),
        (Fraction(11, 9), 6, "1.22222"),
        (Fraction(7, 36), 6, "0.194444"),
    ],
)
def test_format_g_exact_values(value, precision, text):
    assert stats.format_g(value, precision) == text
    assert naive.format_g(value, precision) == text


@pytest.mark.parametrize(
    "value",
    [
        Fraction(10**400),  # past the largest double
        Fraction(10**400 + 5 * 10**394),
        Fraction(1, 10**400),  # below the smallest double
        Fraction(3, 10**320),  # a subnormal double holds only a few digits
        Fraction(123456789, 10**316),
        Fraction(2**1100 + 1, 3),
    ],
)
@pytest.mark.parametrize("precision", [1, 6, 11, 15])
def test_format_g_outside_double_range(value, precision):
    # format_g promises exact digits of any Fraction, not only of what a double holds
    assert stats.format_g(value, precision) == naive.format_g(value, precision)


fractions = st.fractions(min_value=-(10**9), max_value=10**9, max_denominator=10**12)


@given(fractions, precisions)
def test_format_g_matches_naive_on_fractions(value, precision):
    assert stats.format_g(value, precision) == naive.format_g(value, precision)


@given(st.integers(0, 10**17), st.integers(-25, 25), precisions)
def test_format_g_ties_at_any_precision(num, exponent, precision):
    # value = (D + 1/2) * 10^k with D of exactly `precision` digits: a tie at the
    # last printed digit, which must go to the even neighbour.
    digits = 10 ** (precision - 1) + num % (9 * 10 ** (precision - 1))
    value = (digits + Fraction(1, 2)) * Fraction(10) ** exponent
    text = stats.format_g(value, precision)
    assert text == naive.format_g(value, precision)
    rounded = digits + (digits % 2)
    assert text == naive.format_g(rounded * Fraction(10) ** exponent, precision)


@given(st.integers(0, 10**17), st.integers(-25, 25), precisions, st.integers(3, 40), st.sampled_from([-1, 1]))
def test_format_g_next_to_ties(num, exponent, precision, closeness, side):
    # just off a tie, by far less than a double can resolve: must round away from the tie
    digits = 10 ** (precision - 1) + num % (9 * 10 ** (precision - 1))
    value = (digits + Fraction(1, 2) + side * Fraction(1, 10**closeness)) * Fraction(10) ** exponent
    text = stats.format_g(value, precision)
    assert text == naive.format_g(value, precision)
    rounded = digits + (1 if side > 0 else 0)
    assert text == naive.format_g(rounded * Fraction(10) ** exponent, precision)


@given(st.integers(0, 10**14), st.integers(1, 10**9), precisions)
def test_format_ratio_matches_naive(num, den, precision):
    # what scoring calls: numerator and denominator of a mean or variance, unreduced
    assert stats.format_ratio(num, den, precision) == naive.format_g(Fraction(num, den), precision)


@given(finite_floats.filter(lambda x: x != 0), st.integers(1, 15))
def test_naive_format_g_matches_printf(x, precision):
    # the reference itself agrees with C on everything a float can hold
    assert naive.format_g(Fraction(x), precision) == "%.*g" % (precision, x)  # noqa: UP031 (C semantics on purpose)


# ---------------------------------------------------------------- mean and variance


def test_mean_is_exact():
    assert stats.mean(7, 3) == Fraction(7, 3)
    assert stats.mean(0, 5) == 0
    assert isinstance(stats.mean(7, 3), Fraction)


@given(st.lists(st.integers(0, 10**6), min_size=1, max_size=60))
def test_mean_and_variance_match_statistics_module(values):
    n = len(values)
    s1 = sum(values)
    s2 = sum(v * v for v in values)
    exact = [Fraction(v) for v in values]
    assert stats.mean(s1, n) == statistics.mean(exact)
    want_var = statistics.variance(exact) if n > 1 else Fraction(0)
    got_var = stats.variance(s1, s2, n)
    assert isinstance(got_var, Fraction)
    assert got_var == want_var
    assert (stats.mean(s1, n), got_var) == naive.stats_of(values)[:2]


def test_variance_of_one_value_is_zero():
    assert stats.variance(5, 25, 1) == 0


def test_variance_is_sample_variance():
    # values 1, 2, 3, 6: mean 3, squared deviations 4 + 1 + 0 + 9 = 14, / (4 - 1)
    assert stats.variance(12, 50, 4) == Fraction(14, 3)
