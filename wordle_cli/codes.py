"""Feedback codes: a feedback's tiles (0 absent, 1 contained, 2 exact) as one base-3 number.

First position most significant, so `ACAAC` is 01001 in base 3 = 28 (docs/spec.md §2).
Pure Python and at the bottom of the layers: the backends turn tiles into the
codes their kernels compare, and the game model's feedback rule speaks them too.
"""

from __future__ import annotations


def encode(tiles: tuple[int, ...] | list[int]) -> int:
    code = 0
    for t in tiles:
        code = code * 3 + t
    return code


def decode(code: int, length: int) -> tuple[int, ...]:
    tiles = []
    for _ in range(length):
        code, t = divmod(code, 3)
        tiles.append(t)
    return tuple(reversed(tiles))
