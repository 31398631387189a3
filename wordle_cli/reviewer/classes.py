"""How a guess splits a pool: the one helper the values and the review share."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import numpy as np

from wordle_cli import backends
from wordle_cli.model.game import Game

if TYPE_CHECKING:
    from wordle_cli.reviewer.cache import ProvenCache


def outcome_codes(game: Game, pool: np.ndarray, guess: str) -> np.ndarray:
    """The feedback code `guess` (any word of the game's length) gets from each answer of `pool`."""
    return backends.load("cpu").feedback_codes(game.encode_word(guess), game.answer_codes[np.asarray(pool)])


def expected_left(codes: np.ndarray, weights: np.ndarray | None = None) -> tuple[int, int]:
    """(sum over classes of class weight x class size, pool weight): the expected answers left is their ratio,
    the answer drawn from the prior (`weights`, one per answer of the pool; None: uniform, where it is the sum
    of squared class sizes over the pool's size)."""
    codes = np.asarray(codes, dtype=np.int64)
    counts = np.bincount(codes)
    if weights is None:
        return int((counts * counts).sum()), len(codes)
    weights = np.asarray(weights, dtype=np.int64)
    mass = np.bincount(codes, weights=weights, minlength=len(counts)).round().astype(np.int64)  # exact: sums < 2^53
    return int((mass * counts).sum()), int(weights.sum())


class ReviewValues(Protocol):
    """The values a review grades with (`ExactValues`, `GreedyValues`): a position's value, best and played."""

    proven: bool  # values are proven optimal (exact), not a greedy strategy's
    unproven_root: bool  # the fresh game's best opener was out of reach
    time_limit: float | None  # the wall-clock seconds the proofs were given (None: no limit)
    cache: ProvenCache | None  # where proven values are kept (None: none); its `problems` become the review's notes

    def start(self): ...

    def after(self, position, guess: str, tiles): ...

    def pool(self, position) -> np.ndarray: ...

    def weight(self, position) -> int: ...

    def best(self, position) -> tuple[int | None, int | None, str | None]: ...

    def played(self, position, guess: str, legal: bool = True) -> tuple[int, int]: ...

    def ties(self, position, total: int) -> int | None: ...


class Values:
    """What the review needs of either kind of values (exact or greedy) beyond their own methods."""

    time_limit: float | None = None
    cache: ProvenCache | None = None

    @staticmethod
    def pool(position) -> np.ndarray:
        """The answers still possible at a position (a search `Position` or a solver `Node`)."""
        return position.pool

    def answer_weights(self, position) -> np.ndarray | None:
        """The prior's weight of each answer of the position's pool (None: uniform, every answer alike)."""
        return None
