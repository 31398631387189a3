"""Wordle's feedback rule and the spellings users type it in (docs/spec.md §2).

Tiles are 0 absent, 1 contained, 2 exact; a feedback code is the base-3 number
of the tiles, first position most significant. Pure Python, so `prune` can use
it without importing numpy; the kernels implement the same rule on arrays.
"""

from __future__ import annotations

from collections import Counter

from wordle_cli.codes import decode, encode  # noqa: F401  (part of this module's interface)
from wordle_cli.errors import quote

ABSENT, CONTAINED, EXACT = 0, 1, 2

#: Each spelling maps its characters (lower case) to tiles; one spelling per string.
SPELLINGS: dict[str, dict[str, int]] = {
    "ace": {"a": ABSENT, "c": CONTAINED, "e": EXACT},
    "byg": {"b": ABSENT, "x": ABSENT, "y": CONTAINED, "g": EXACT},
    "digits": {"0": ABSENT, "1": CONTAINED, "2": EXACT},
    # Dark and light mode's absent squares, and the high-contrast (colour-blind) mode's 🟦 and 🟧.
    "tiles": {"⬛": ABSENT, "⬜": ABSENT, "🟫": ABSENT, "🟨": CONTAINED, "🟦": CONTAINED, "🟩": EXACT, "🟧": EXACT},
}

TILE_GLYPHS = ("⬛", "🟨", "🟩")
LETTERS = "ACE"
COLOUR_LETTERS = "BYG"  # black/grey, yellow, green: the tree files' spelling

# Pasted emoji often carry a variation selector; it is not a tile.
_IGNORED = {"\ufe0f", "\ufe0e"}


def feedback(guess: str, answer: str) -> tuple[int, ...]:
    """Tiles for `guess` against `answer`, with Wordle's rule for repeated letters."""
    tiles = [ABSENT] * len(guess)
    unmatched: Counter[str] = Counter()
    for i, (g, a) in enumerate(zip(guess, answer)):
        if g == a:
            tiles[i] = EXACT
        else:
            unmatched[a] += 1
    for i, g in enumerate(guess):
        if tiles[i] != EXACT and unmatched[g] > 0:
            tiles[i] = CONTAINED
            unmatched[g] -= 1
    return tuple(tiles)


def parse(text: str, length: int | None = None) -> tuple[int, ...]:
    """Read a feedback string in any spelling of docs/spec.md §2 (spaces between tiles ignored); ValueError says what is wrong.

    A string at least half of one spelling's tiles is read as a feedback with a
    typo: the error names its first character that is not a tile, and where.
    """
    chars = _typed(text)
    if not chars:
        raise ValueError("feedback is empty")
    table, bad = _best_spelling(chars)
    if bad and 2 * len(bad) <= len(chars):
        position, ch = bad[0]
        raise ValueError(
            f"{quote(text)} is not a feedback string: {quote(ch)} at position {position} is not a tile "
            f"(use one of {' '.join(sorted(table)).upper()})"
        )
    if bad:
        raise ValueError(
            f"{quote(text)} is not a feedback string: use one spelling throughout, "
            "e.g. ACAAC, byyby, 01001 or 🟩🟨⬛⬛⬛"
        )
    tiles = tuple(table[ch] for ch in chars)
    if length is not None and len(tiles) != length:
        raise ValueError(f"{quote(text)} has {len(tiles)} tiles, expected {length}")
    return tiles


def looks_like_feedback(text: str) -> bool:
    """Whether `text` is at least half one spelling's tiles: a feedback, perhaps with a typo or the wrong count."""
    chars = _typed(text)
    return bool(chars) and 2 * len(_best_spelling(chars)[1]) <= len(chars)


def _typed(text: str) -> list[str]:
    """The characters of `text` that may be tiles: lower case, spaces and variation selectors left out."""
    return [ch for ch in text.lower() if ch not in _IGNORED and not ch.isspace()]


def _best_spelling(chars: list[str]) -> tuple[dict[str, int], list[tuple[int, str]]]:
    """The spelling that reads most of `chars`, and the (position from 1, character) of those it cannot read."""
    table = max(SPELLINGS.values(), key=lambda spelling: sum(ch in spelling for ch in chars))
    return table, [(i, ch) for i, ch in enumerate(chars, start=1) if ch not in table]


def is_feedback(text: str, length: int | None = None) -> bool:
    """Whether `text` reads as a feedback (of `length` tiles, when given): `parse` without the error."""
    try:
        parse(text, length)
    except ValueError:
        return False
    return True


def show(tiles: tuple[int, ...], style: str = "letters") -> str:
    """Render tiles as ACE letters (the original tool's), emoji, digits 0/1/2, or BYG (colour initials)."""
    if style == "emoji":
        return "".join(TILE_GLYPHS[t] for t in tiles)
    if style == "digits":
        return "".join(str(t) for t in tiles)
    if style == "byg":
        return "".join(COLOUR_LETTERS[t] for t in tiles)
    return "".join(LETTERS[t] for t in tiles)
