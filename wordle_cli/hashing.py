"""The one hash mix of the compiled code: arrays of integers to 62-bit keys, integers to table slots.

The memo's keys (trees/search/memo.py), Absurdle's buckets and Fibble's pools
(the dedup of equal pools) all hash an array by `hash_array`; every user
checks the array itself on a hash hit, so the mix decides speed, never a
result. `slot` places an integer key in an open-addressing table of a power
of two slots (the CPU backend's loose-rule groups).
"""

from __future__ import annotations

import numpy as np

from wordle_cli.compiled import compiled

#: FNV-1a's 64-bit offset basis: where a hash starts.
SEED = 0xCBF29CE484222325
#: 2^64 / the golden ratio: spreads consecutive integers over the whole word.
GOLDEN = 0x9E3779B97F4A7C15


@compiled
def hash_array(values):
    """A 62-bit hash of an integer array (boost's hash_combine per element, then murmur3's finaliser)."""
    h = np.uint64(SEED)
    for i in range(values.shape[0]):
        h ^= np.uint64(values[i]) + np.uint64(GOLDEN) + (h << np.uint64(6)) + (h >> np.uint64(2))
    h ^= h >> np.uint64(33)
    h *= np.uint64(0xFF51AFD7ED558CCD)
    h ^= h >> np.uint64(33)
    return np.int64(h & np.uint64(0x3FFFFFFFFFFFFFFF))


@compiled
def slot(key, size):
    """The first slot of `key` in a table of `size` slots (a power of two): Fibonacci hashing."""
    return (key * GOLDEN) & (size - 1)
