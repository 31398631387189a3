"""Words as numbers: the representation every backend kernel shares.

A run's symbols (after normalisation) are numbered 1..255 in code-point order;
a word of length L becomes L bytes, and for the GPU one little-endian uint64
whose byte i is the code of position i (bytes past L are 0). Kernels never see
strings, so they work unchanged for letters, digits or Greek.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from wordle_cli.wordlist import distinct_symbols


class Alphabet:
    """The distinct symbols of a run, each with a byte code 1..255."""

    def __init__(self, symbols: list[str]):
        self.symbols = symbols
        self.code = {s: i + 1 for i, s in enumerate(symbols)}

    @classmethod
    def of(cls, *word_groups: Sequence[str]) -> Alphabet:
        """Number every symbol used by the words (error past 255)."""
        return cls(distinct_symbols(*word_groups))

    @property
    def size(self) -> int:
        """Largest symbol code in use (kernels size their count tables by it)."""
        return len(self.symbols)

    def encode(self, words: Sequence[str], length: int) -> np.ndarray:
        """(N, length) uint8 array of symbol codes."""
        codes = self.code
        flat = [codes[ch] for word in words for ch in word]
        return np.array(flat, dtype=np.uint8).reshape(len(words), length)

    def encode_word(self, word: str) -> np.ndarray:
        return np.array([self.code[ch] for ch in word], dtype=np.uint8)


def pack(codes: np.ndarray) -> np.ndarray:
    """Pack an (N, L) uint8 code matrix into N little-endian uint64 (byte i = position i)."""
    n, length = codes.shape
    padded = np.zeros((n, 8), dtype=np.uint8)
    padded[:, :length] = codes
    return padded.view("<u8").reshape(n).copy()


def table_dtype(length: int) -> type:
    """The smallest unsigned type holding every feedback code of words of `length` symbols."""
    return np.uint8 if 3**length <= 256 else np.uint16


def powers_of_three(length: int) -> np.ndarray:
    """Weight of each position in a feedback code (first position most significant)."""
    return np.array([3 ** (length - 1 - i) for i in range(length)], dtype=np.int64)


def clog2c_table(n: int) -> np.ndarray:
    """c * log2(c) for c = 0..n, the per-class term of a feedback distribution's entropy.

    Both backends sum values from this one table in ascending feedback-code
    order, so their entropies agree to the last bit.
    """
    c = np.arange(n + 1, dtype=np.float64)
    out = np.zeros(n + 1, dtype=np.float64)
    out[1:] = c[1:] * np.log2(c[1:])
    return out
