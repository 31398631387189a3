"""Which words are still possible after a guess's feedback, in pure Python.

`prune` filters a few thousand words once, so it uses these closures and never
imports numpy or numba; the kernels in `backends/` implement the same two
rules on arrays for scoring.

- strict: feedback(guess, word) == tiles (the true rule);
- loose: the original CUDA program's letter-bounds check (docs/spec.md §3), which
  keeps more words.
"""

from __future__ import annotations

from typing import Callable

from wordle_cli.model.feedback import ABSENT, CONTAINED, EXACT, feedback

Predicate = Callable[[str], bool]


def strict_predicate(guess: str, tiles: tuple[int, ...]) -> Predicate:
    """Exact test, with cheap necessary conditions first so most words fail fast."""
    target = tuple(tiles)
    exact = [(i, g) for i, (g, t) in enumerate(zip(guess, tiles)) if t == EXACT]
    not_here = [(i, g) for i, (g, t) in enumerate(zip(guess, tiles)) if t != EXACT]
    counts = []
    for letter in dict.fromkeys(guess):
        marked = sum(1 for g, t in zip(guess, tiles) if g == letter and t != ABSENT)
        capped = any(g == letter and t == ABSENT for g, t in zip(guess, tiles))
        counts.append((letter, marked, capped))

    def keep(word: str) -> bool:
        for i, g in exact:
            if word[i] != g:
                return False
        for i, g in not_here:
            if word[i] == g:
                return False
        for letter, marked, capped in counts:
            k = word.count(letter)
            if k < marked or (capped and k != marked):
                return False
        # The conditions above are necessary; this makes the test exact even for
        # feedback no answer can produce (e.g. an absent tile before a contained one).
        return feedback(guess, word) == target

    return keep


def loose_predicate(guess: str, tiles: tuple[int, ...]) -> Predicate:
    """The original program's check, verbatim from docs/spec.md §3."""
    length = len(guess)
    exact = [(i, guess[i]) for i in range(length) if tiles[i] == EXACT]
    free = [m for m in range(length) if tiles[m] != EXACT]
    bounds = []
    for letter in dict.fromkeys(guess[i] for i in free):
        lo = sum(1 for g, t in zip(guess, tiles) if g == letter and t == CONTAINED)
        capped = any(g == letter and t == ABSENT for g, t in zip(guess, tiles))
        bounds.append((letter, lo, lo if capped else length))

    def keep(word: str) -> bool:
        for i, g in exact:
            if word[i] != g:
                return False
        rest = [word[m] for m in free]
        for letter, lo, hi in bounds:
            if not lo <= rest.count(letter) <= hi:
                return False
        return True

    return keep


def predicate(rule: str, guess: str, tiles: tuple[int, ...]) -> Predicate:
    if rule == "strict":
        return strict_predicate(guess, tiles)
    if rule == "loose":
        return loose_predicate(guess, tiles)
    raise ValueError(f"unknown rule {rule!r}")
