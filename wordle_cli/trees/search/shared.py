"""The numbers every room of the search shares: what "impossible" and "no limit" are, and the counters."""

#: Cost of what cannot be done (a pool that cannot be solved within the guesses left).
INF = 1 << 40

#: `depth` meaning "no limit on the number of guesses".
UNLIMITED = 1 << 20

#: Bits of a heap key that hold a candidate's slot (the rest is its order): at most 2^20 - 1 candidates.
SLOT_BITS = 20

# Counters in `Context.stats`.
NODES, HITS, EVALUATED, STORED, EVICTED, SCANNED, KEPT, MEMO_BYTES, UNSTORED, WORK = range(10)
STAT_NAMES = (
    "nodes", "memo hits", "guesses evaluated", "memo entries written", "memo evictions", "candidates scanned", "candidates kept",
    "memo bytes", "memo entries not stored (probe limit)", "work",
)

# The search's work (`Context.stats[WORK]`, what a work budget counts: `trees.budget`): a cost model of its loops,
# fitted to CPU time on today's lists (docs/speed.md, "Budgets counted in work"), in units of one answer x candidate
# cell of the pairwise scan. Counted, never timed: the same search does the same work on any machine, at any load.
PAIR_CELL_WORK = 1  # a cell of a small pool's pairwise scan (answers x candidates)
COUNT_CELL_WORK = 20  # a cell of a large pool's histogram scan
NODE_WORK = 12_000  # a node scanned (its allocations, key, memo look-up, survey)
KEPT_WORK = 80  # a candidate kept (bounds, twins, order)
EVAL_WORK = 280  # an answer of a candidate evaluated (its partition and quick pass)
HARD_WORK = 16  # a candidate checked against a class's hints (hard mode)
