"""How a guess splits a pool: the one helper the values and the review share."""

from __future__ import annotations

import numpy as np

from wordle_cli import backends
from wordle_cli.model.game import Game


def outcome_codes(game: Game, pool: np.ndarray, guess: str) -> np.ndarray:
    """The feedback code `guess` (any word of the game's length) gets from each answer of `pool`."""
    return backends.load("cpu").feedback_codes(game.encode_word(guess), game.answer_codes[np.asarray(pool)])


def expected_left(codes: np.ndarray) -> tuple[int, int]:
    """(sum of squared class sizes, pool size): the expected answers left is their ratio."""
    counts = np.bincount(np.asarray(codes, dtype=np.int64))
    return int((counts * counts).sum()), len(codes)


class Values:
    """What the review needs of either kind of values (exact or greedy) beyond their own methods."""

    @staticmethod
    def pool(position) -> np.ndarray:
        """The answers still possible at a position (a search `Position` or a solver `Node`)."""
        return position.pool
