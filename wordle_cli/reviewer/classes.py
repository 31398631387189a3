"""How a guess splits a pool: the one helper the values and the review share."""

from __future__ import annotations

import numpy as np

from wordle_cli import backends
from wordle_cli.model.game import Game


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


class Values:
    """What the review needs of either kind of values (exact or greedy) beyond their own methods."""

    @staticmethod
    def pool(position) -> np.ndarray:
        """The answers still possible at a position (a search `Position` or a solver `Node`)."""
        return position.pool

    def answer_weights(self, position) -> np.ndarray | None:
        """The prior's weight of each answer of the position's pool (None: uniform, every answer alike)."""
        return None
