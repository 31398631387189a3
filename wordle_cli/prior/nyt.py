"""The NYT's picks as a probability per word, fitted on the days before a date.

The model (docs/prior.md has the reasoning and the numbers) is a choice in
two steps, as an editor might make it:

1. a repeat or a new word? The chance of a repeat is the recent share of
   repeats, each day weighted by 2**(-age / REPEAT_HALF_LIFE) (so that a
   change of policy, as on 2026-02-02, is learnt in weeks), with half a
   repeat and half a new word added (Jeffreys' prior: never quite 0);
2. which one? A conditional logit, a softmax over the words on offer, with
   score `beta . features(word)`: in the original list, Zipf frequency in
   English, plural-like ending, a repeated letter. `beta` is fitted by penalised maximum
   likelihood on the new words picked over the last `WINDOW` days of the
   editors' era (from #520). A repeat's score adds `gamma * log(days since
   the word was last an answer)`, a hazard that depends on the time since,
   with gamma fitted on the repeats seen so far (0 until there are any).

Everything is computed from the days strictly before the date; the words
offered are the shipped NYT answers plus every past answer, and the answer
for `words` is that distribution restricted to them (renormalised).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from wordle_cli import history, shipped
from wordle_cli.prior import features, logit

#: Puzzle number of the first day chosen by the NYT's editors (2022-11-21); before it the original list's order ran.
EDITORS_FROM = 520

#: Days of history (the latest ones before the date) that the choice of a new word is fitted on.
WINDOW = 365

#: L2 penalty on the logit's weights (in units of one day's log-likelihood).
PENALTY = 1.0

#: Half-life in days of the weight of a day in the repeat share.
REPEAT_HALF_LIFE = 30.0

#: L2 penalty on gamma, the weight of log(days since last answered) among repeats.
HAZARD_PENALTY = 1.0


@dataclass(frozen=True)
class Fitted:
    """The model for one date: the words it knows, their scores if new and if repeated, and P(repeat)."""

    universe: tuple[str, ...]
    new_scores: np.ndarray  # log-weight of each word as a new pick (-inf for words already answered)
    repeat_scores: np.ndarray  # log-weight of each word as a repeat (-inf for words never answered)
    repeat_chance: float
    beta: tuple[float, ...]
    gamma: float

    def probabilities(self, words: Sequence[str]) -> np.ndarray:
        """P(word) for each of `words`, renormalised over them (a word the model never saw is a new pick)."""
        if not words:
            return np.zeros(0)
        index = {word: i for i, word in enumerate(self.universe)}
        mixture = self.mixture()
        known = np.array([index.get(word, -1) for word in words], dtype=np.int64)
        result = np.where(known >= 0, mixture[np.maximum(known, 0)], 0.0)
        unknown = [i for i, at in enumerate(known) if at < 0]
        if unknown:
            result[unknown] = self._new_probabilities([words[i] for i in unknown])
        total = result.sum()
        if not total > 0:
            return np.full(len(words), 1.0 / len(words))
        return result / total

    def mixture(self) -> np.ndarray:
        """P(word) over the universe: (1 - P(repeat)) * softmax(new) + P(repeat) * softmax(repeat)."""
        return (1.0 - self.repeat_chance) * _softmax(self.new_scores) + self.repeat_chance * _softmax(self.repeat_scores)

    def _new_probabilities(self, words: list[str]) -> np.ndarray:
        scores = features.static_features(tuple(words)) @ np.array(self.beta)
        top = self.new_scores.max()
        if not np.isfinite(top):
            return np.full(len(words), 0.0)
        return (1.0 - self.repeat_chance) * np.exp(scores - top) / np.exp(self.new_scores - top).sum()


def _softmax(scores: np.ndarray) -> np.ndarray:
    top = scores.max()
    if not np.isfinite(top):
        return np.zeros_like(scores)
    exp = np.exp(scores - top)
    return exp / exp.sum()


@lru_cache(maxsize=1)
def _shipped_answers() -> tuple[str, ...]:
    return shipped.shipped_words(shipped.NYT_ANSWERS)


def nyt_probabilities(date: dt.date, words: Sequence[str], days: Sequence[history.Day] | None = None) -> np.ndarray:
    """P(word is the answer of the puzzle of `date`), one per word (sums to 1), from the days before `date` only."""
    days = history.known_days() if days is None else days
    return fitted(date, tuple(days)).probabilities(list(words))


@lru_cache(maxsize=4)
def fitted(date: dt.date, days: tuple[history.Day, ...], window: int = WINDOW, half_life: float = REPEAT_HALF_LIFE) -> Fitted:
    """The model as it stands on the morning of `date`, from `days` (any order) before it."""
    before = sorted((day for day in days if day.date < date), key=lambda day: (day.date, day.number))
    universe = tuple(sorted(set(_shipped_answers()).union(day.answer for day in before)))
    index = {word: i for i, word in enumerate(universe)}
    static = features.static_features(universe)
    size = len(universe)

    first = np.full(size, np.iinfo(np.int64).max)  # the first day (ordinal) each word was an answer
    last = np.full(size, -1, dtype=np.int64)  # the last day before `date` it was
    new_days, new_picks, new_ordinals = [], [], []
    repeat_gaps, repeat_picks, repeat_ordinals = [], [], []
    once = {}  # each day's first row: a second row for one day (2022's four, a history merged twice) only marks its word answered
    for row, day in enumerate(before):
        once.setdefault(day.number, row)
    editors = [row for number, row in once.items() if number >= EDITORS_FROM]
    recent = set(editors[-window:]) if window > 0 else set()
    for row, day in enumerate(before):
        at = index[day.answer]
        ordinal = day.date.toordinal()
        if once[day.number] == row and day.number >= EDITORS_FROM:
            if last[at] < 0:
                if row in recent:
                    new_days.append(ordinal)
                    new_picks.append(at)
            else:
                repeat_gaps.append(np.where(last >= 0, ordinal - last, 0))
                repeat_picks.append(at)
            (new_ordinals if last[at] < 0 else repeat_ordinals).append(ordinal)
        first[at] = min(first[at], ordinal)
        last[at] = ordinal

    # 2. Which new word: the conditional logit over the words not yet answered that day.
    picks = np.array(new_picks, dtype=np.int64)
    beta = logit.fit_shrinking(static, first, np.array(new_days, dtype=np.int64), picks, np.ones(len(picks)), PENALTY)
    base = static @ beta

    # ... or which repeat: the same scores plus gamma * log(days since last answered).
    gamma = 0.0
    if repeat_picks:
        gaps = np.array(repeat_gaps, dtype=float)
        hazard = np.log(np.maximum(gaps, 1.0))[:, :, None]
        gamma = float(
            logit.fit(hazard, gaps > 0, np.array(repeat_picks, dtype=np.int64), np.ones(len(repeat_picks)), HAZARD_PENALTY, offset=base)[0]
        )

    # 1. A repeat or a new word: the recent share of repeats among the editors' days.
    latest = max(new_ordinals + repeat_ordinals, default=date.toordinal())
    weight = lambda ordinals: float(np.sum(0.5 ** ((latest - np.array(ordinals, dtype=float)) / half_life))) if ordinals else 0.0  # noqa: E731
    repeats, news = weight(repeat_ordinals), weight(new_ordinals)
    repeat_chance = (repeats + 0.5) / (repeats + news + 1.0)

    answered = last >= 0
    since = np.maximum(date.toordinal() - last, 1)
    new_scores = np.where(answered, -np.inf, base)
    repeat_scores = np.where(answered, base + gamma * np.log(since), -np.inf)
    if not answered.any():
        repeat_chance = 0.0
    elif answered.all():
        repeat_chance = 1.0
    return Fitted(universe, new_scores, repeat_scores, repeat_chance, tuple(float(b) for b in beta), gamma)
