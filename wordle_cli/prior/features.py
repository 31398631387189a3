"""What the model knows about a word before any day is seen: its list and its frequency in English.

Frequencies are `wordfreq`'s (a maintained library whose data ship inside
it), on the Zipf scale: log10 of occurrences per billion words, 0 for a word
it has never seen. Looking 3158 words up one by one through
`wordfreq.zipf_frequency` tokenises each and costs most of a second, so the
English list is read once (`get_frequency_list`, the public raw form: one
bucket per centibel, bucket i holding the words of frequency 10**(-i/100))
and the words wanted are picked out of it; a test checks that this agrees
with `zipf_frequency`. Both tables are cached for the process.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from wordle_cli import shipped

#: The Zipf value given to a word wordfreq does not know.
UNKNOWN_ZIPF = 0.0

#: Zipf values are centred here, so the model's weights stay readable (a typical answer is 3 to 4).
ZIPF_CENTRE = 3.0

#: The per-word features, in the order of the columns of `static_features`.
NAMES = ("original", "zipf", "plural", "repeated letter")


@lru_cache(maxsize=1)
def original_words() -> frozenset[str]:
    """The 2315 answers of the original game (the NYT's editors have drawn most answers from them)."""
    return frozenset(shipped.shipped_words(shipped.WORDLE_ANSWERS))


@lru_cache(maxsize=8)
def zipf_frequencies(words: tuple[str, ...]) -> np.ndarray:
    """wordfreq's Zipf frequency of each word in English, as `wordfreq.zipf_frequency` rounds it."""
    import wordfreq  # about half a second to import: only when a prior is asked for

    wanted = set(words)
    found: dict[str, float] = {}
    for bucket, listed in enumerate(wordfreq.get_frequency_list("en")):
        for word in wanted.intersection(listed):
            found.setdefault(word, round(9.0 - bucket / 100.0, 2))
    return np.array([found.get(word, UNKNOWN_ZIPF) for word in words])


def is_plural(word: str) -> bool:
    """An -s ending that is not -ss (`cares`, not `dress`): the original list has almost none of these."""
    return word.endswith("s") and not word.endswith("ss")


def repeats_a_letter(word: str) -> bool:
    """A letter twice or more (`sissy`, `geese`): the editors pick these a little less often."""
    return len(set(word)) < len(word)


@lru_cache(maxsize=8)
def static_features(words: tuple[str, ...]) -> np.ndarray:
    """One row per word, columns `NAMES`: in the original list, Zipf frequency - 3, plural-like ending, a repeated letter (0/1 but Zipf)."""
    original = original_words()
    table = np.empty((len(words), len(NAMES)))
    table[:, 0] = [word in original for word in words]
    table[:, 1] = zipf_frequencies(words) - ZIPF_CENTRE
    table[:, 2] = [is_plural(word) for word in words]
    table[:, 3] = [repeats_a_letter(word) for word in words]
    table.setflags(write=False)
    return table


def frequencies_of(words: Sequence[str]) -> np.ndarray:
    """Zipf frequencies of any sequence of words (cached by the tuple)."""
    return zipf_frequencies(tuple(words))
