"""The numbers every room of the search shares: what "impossible" and "no limit" are, and the counters."""

#: Cost of what cannot be done (a pool that cannot be solved within the guesses left).
INF = 1 << 40

#: `depth` meaning "no limit on the number of guesses".
UNLIMITED = 1 << 20

#: Bits of a heap key that hold a candidate's slot (the rest is its order): at most 2^20 - 1 candidates.
SLOT_BITS = 20

# Counters in `Context.stats`.
NODES, HITS, EVALUATED, STORED, EVICTED, SCANNED, KEPT, MEMO_BYTES, UNSTORED = range(9)
STAT_NAMES = (
    "nodes", "memo hits", "guesses evaluated", "memo entries written", "memo evictions", "candidates scanned", "candidates kept",
    "memo bytes", "memo entries not stored (probe limit)",
)
