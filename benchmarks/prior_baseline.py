"""The two-factor baseline that the NYT model is measured against (`make bench-prior`); benchmark code, not the package's.

A word's rate depends only on whether it is in the original 2315-word list
and whether it has been an answer before, each rate estimated from the
answers of the previous `WINDOW` days (half a hit added to each, so that no
rate is 0).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

import numpy as np

from wordle_cli import history
from wordle_cli.prior import features

#: Days of history the rates are estimated from.
WINDOW = 180


def two_factor_probabilities(date: dt.date, words: Sequence[str], days: Sequence[history.Day] | None = None) -> np.ndarray:
    """P(word is the answer of the puzzle of `date`), one per word (sums to 1), from the days before `date` only."""
    days = history.known_days() if days is None else days
    before = [day for day in days if day.date < date]
    original = features.original_words()
    in_original = np.array([word in original for word in words])
    answered_by = {}
    for day in before:
        answered_by.setdefault(day.answer, day.date)
    answered = np.array([word in answered_by for word in words])
    category = in_original.astype(np.int64) * 2 + answered
    hits = np.zeros(4)
    start = date - dt.timedelta(days=WINDOW)
    seen: set[str] = set()
    listed = set(words)
    for day in sorted(before, key=lambda d: d.date):
        if day.date >= start and day.answer in listed:
            hits[(day.answer in original) * 2 + (day.answer in seen)] += 1
        seen.add(day.answer)
    sizes = np.bincount(category, minlength=4).astype(float)
    rates = (hits + 0.5) / np.maximum(sizes, 1.0)
    weights = rates[category]
    return weights / weights.sum()
