"""A review repeated at once: the whole review kept in the proven-values cache, for the very same game and budget.

A review under a work budget is a function of its inputs and that budget
alone (`exact`: every search is charged the same whether the cache holds it
or not), so the review a first run made is the review any later run with the
same inputs and budget would make: it is kept as one entry, keyed by all of
them, and read back without a search, a feedback table or a thread. What
goes into the key: the game (its lists and prior: the cache folder's name,
`exact.cache_for`), the turns, the rules, the budget, the best opener known
under the prior (`trees.opener_store.stored`: the user may prove one later),
and a digest of the code and the data the values come from (`code_digest`).

Never kept: a review the wall clock limited (`time_limit`: what it stops
varies from run to run), and the notes about the cache itself (a run that
read a damaged entry says so; the next one need not).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
from fractions import Fraction
from pathlib import Path

from wordle_cli.reviewer.interval import Interval

#: The modules and data a review's values come from (besides the search's own `trees.budget.search_digest`).
_SOURCES = ("reviewer/*.py", "trees/*.py", "trees/search/*.py", "model/*.py", "solver/openings.py", "data/*.json")


@functools.cache
def code_digest() -> str:
    """A digest of the code and data a review's values come from: a review kept by another version is never read."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for pattern in _SOURCES:
        for path in sorted(root.glob(pattern)):
            try:
                digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
            except OSError:
                digest.update(path.name.encode() + b"\0?\0")
    return digest.hexdigest()[:16]


def key(guesses, tiles, *, strategy: str, keep_limit: bool, budget: float | None, opener) -> str:
    """The entry's key: everything the review depends on beyond the cache folder's game, rules and guess limit."""
    shown = ["".join("BYG"[t] for t in row) if row is not None else "?" for row in tiles]
    known = None if opener is None else [opener.opener, opener.total, opener.lower, opener.proven]
    return json.dumps(["review", code_digest(), list(guesses), shown, strategy, keep_limit, budget, known], ensure_ascii=False)


def load(cache, entry_key: str, cls, turn_cls):
    """The `Review` (of class `cls`, its turns of `turn_cls`) kept under `entry_key`, or None (absent, or damaged:
    noted by the cache)."""
    found = cache.get_entry(entry_key)
    if found is None or found["best"] != "review":
        return None
    try:
        return _decode_review(found["review"], cls, turn_cls)
    except (KeyError, TypeError, ValueError, ZeroDivisionError):
        cache.damaged(entry_key, "not a review")
        return None


def save(cache, entry_key: str, review, notes: list[str]) -> None:
    """Keep `review` under `entry_key`, with `notes` as its notes (those about the cache left out)."""
    cache.put(entry_key, len(review.turns), "review", review=_encode(dataclasses.replace(review, notes=list(notes))))


def _encode(value):
    """A value of a review as JSON: fractions and intervals exactly, tuples marked, dataclasses field by field."""
    if isinstance(value, bool) or value is None or isinstance(value, (int, str, float)):
        return value
    if isinstance(value, Fraction):
        return {"fraction": [value.numerator, value.denominator]}
    if isinstance(value, Interval):
        return {"interval": [_encode(value.lower), _encode(value.upper)]}
    if isinstance(value, tuple):
        return {"tuple": [_encode(x) for x in value]}
    if isinstance(value, list):
        return [_encode(x) for x in value]
    if dataclasses.is_dataclass(value):
        return {"fields": {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}}
    raise TypeError(f"cannot keep a {type(value).__name__} of a review")


def _decode(value):
    if isinstance(value, list):
        return [_decode(x) for x in value]
    if not isinstance(value, dict):
        return value
    if "fraction" in value:
        numerator, denominator = value["fraction"]
        if not isinstance(numerator, int) or not isinstance(denominator, int):
            raise ValueError("not a fraction")
        return Fraction(numerator, denominator)
    if "interval" in value:
        lower, upper = value["interval"]
        return Interval(_decode(lower), _decode(upper))
    if "tuple" in value:
        return tuple(_decode(x) for x in value["tuple"])
    raise ValueError("not a value of a review")


def _decode_review(record: dict, cls, turn_cls):
    """The `Review` a record holds (of class `cls`, its turns of `turn_cls`)."""
    fields = {name: _decode(value) for name, value in record["fields"].items() if name != "turns"}
    turns = [turn_cls(**{name: _decode(value) for name, value in turn["fields"].items()}) for turn in record["fields"]["turns"]]
    return cls(turns=turns, **fields)
