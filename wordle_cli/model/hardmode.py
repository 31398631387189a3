"""Wordle's hard mode: revealed hints must be used in later guesses.

As the game enforces it: every exact (green) tile fixes its letter at its
position, and every letter shown exact or contained (yellow) must appear in
later guesses at least as many times as it was so marked in one guess.
Absent (grey) letters and the positions of yellows are *not* restricted
(the game does not restrict them either). Words consistent with all the
feedback so far always satisfy the constraints, so the pool's words are
always allowed guesses.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordle_cli.model.feedback import ABSENT, EXACT

_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


@dataclass(frozen=True)
class Constraints:
    """What a hard-mode guess must satisfy; hashable, so trees and caches can key on it."""

    greens: tuple  # per position: the required symbol, or None
    at_least: tuple  # sorted (symbol, minimum count) pairs

    @classmethod
    def none(cls, length: int) -> Constraints:
        return cls((None,) * length, ())

    def after(self, guess: str, tiles) -> Constraints:
        """The constraints once `guess` has received `tiles`."""
        greens = tuple(g if t == EXACT else old for g, t, old in zip(guess, tiles, self.greens))
        counts = dict(self.at_least)
        for letter in dict.fromkeys(guess):
            marked = sum(1 for g, t in zip(guess, tiles) if g == letter and t != ABSENT)
            if marked > counts.get(letter, 0):
                counts[letter] = marked
        return Constraints(greens, tuple(sorted(counts.items())))

    def violation(self, word: str) -> str | None:
        """Why `word` is not a valid hard-mode guess (None when it is)."""
        for i, (g, w) in enumerate(zip(self.greens, word)):
            if g is not None and w != g:
                return f"{_ORDINAL.get(i + 1, f'{i + 1}th')} letter must be {g.upper()}"
        for letter, count in self.at_least:
            if word.count(letter) < count:
                times = "" if count == 1 else f" {count} times"
                return f"guess must contain {letter.upper()}{times}"
        return None

    def allows(self, word: str) -> bool:
        return self.violation(word) is None

    def mask(self, codes, alphabet):
        """Which rows of the (N, L) code matrix are valid guesses, as bool[N]."""
        import numpy as np

        ok = np.ones(codes.shape[0], dtype=bool)
        for i, g in enumerate(self.greens):
            if g is not None:
                ok &= codes[:, i] == alphabet.code.get(g, 0)
        for letter, count in self.at_least:
            ok &= (codes == alphabet.code.get(letter, 0)).sum(axis=1) >= count
        return ok
