"""The search's profile: where a proof's time goes, turn by turn (issue 42). Off, it costs a branch per node.

A `Context` made with `profile=True` carries an int64 table, one row per
number of guesses left (the last row: no limit), one column per `FIELDS`
entry; off, the table has no rows and every `note` is one untaken branch.
Time is counted by the processor's time-stamp counter (`cycles`: no
system call, and cacheable, unlike a ctypes clock), converted to seconds by
`cycles_per_second`: wall time, so on a loaded machine the seconds include
the time the thread waited for a core, and only the shares mean much. A class's time is counted at its own
row, around the call that solves it: a row's time includes the rows below
it (the turns after).

`report(table, ...)` turns the table into the lines `benchmarks/profile_search.py`
prints and docs/speed.md quotes.
"""

from __future__ import annotations

import time

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from wordle_cli.compiled import compiled

#: Rows of the table: guesses left 0..LEVELS-2, the last one for "no limit".
LEVELS = 9

#: The columns, in order: what each counts at a node (or a class) with that many guesses left.
FIELDS = (
    "classes solved",  # calls that solve a class (tiny ones included)
    "class cycles",  # their time, inclusive of everything below
    "nodes",  # classes past the tiny cases (pools of 3+ with guesses to spare)
    "pool sum",  # their answers, summed
    "pool max",  # the largest of them
    "known",  # settled by the memo or by one of their answers splitting them
    "settled by counts",  # settled or lost by the scan's counts alone
    "cut before trying",  # the least bound of any guess reached the window
    "scan work",  # answers x candidates scanned
    "kept",  # candidates kept after the scan (twins dropped)
    "skipped by bound",  # candidates never evaluated: their bound reached the window
    "evaluated",  # candidates partitioned
    "cut by quick pass",  # evaluated, refuted by the classes' cheap bounds alone
    "cut mid-way",  # refuted after some of their classes were solved
    "improved",  # finished below the window: a new best
    "exact",  # nodes whose value came out exact (below beta)
    "failed high",  # nodes that proved only a bound >= beta
    "best's rank",  # exact nodes: the rank (0: first tried) of the guess that won, summed
    "tried",  # candidates popped from the heap, summed
    "first upper bound cycles",  # from a node's start to its first finished candidate, summed
    "node cycles",  # the same nodes' whole time (from start to their end), summed
    "nodes with an upper bound",  # how many nodes those two sums are over
    "scan cycles",  # the scan and the survey of its counts
    "keep cycles",  # the candidates kept, dominance, passed down, the heap made
    "evaluate cycles",  # partition and quick pass of the candidates evaluated
    "ordered",  # candidates put in the heap (kept, bound below beta, not dominated)
    "scans stopped early",  # nodes whose pairwise scan stopped early and settled or cut them (`candidates.scan`)
    "scans redone",  # nodes whose early-stopped scan had to be done again in full
    "pair work",  # uniform pairwise scans: answer pairs x candidates compared
)
(CLASSES, CLASS_CYCLES, NODES, POOL_SUM, POOL_MAX, KNOWN, COUNTED, CUT_BEFORE, SCAN_WORK, KEPT, SKIPPED, EVALUATED, QUICK_CUT,
 MID_CUT, IMPROVED, EXACT, FAILED_HIGH, BEST_RANK, TRIED, FIRST_UB_CYCLES, NODE_CYCLES, UB_NODES, SCAN_CYCLES, KEEP_CYCLES,
 EVAL_CYCLES, ORDERED, STOPPED_SCANS, REDONE_SCANS, PAIR_WORK) = range(len(FIELDS))


@intrinsic
def _read_cycle_counter(typingctx):
    """The processor's cycle counter (llvm.readcyclecounter: rdtsc on x86-64; 0 where there is none)."""

    def codegen(context, builder, signature, args):
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.IntType(64), []), "llvm.readcyclecounter")
        return builder.call(fn, [])

    return types.int64(), codegen


def new_table(on: bool) -> np.ndarray:
    """The profile's table: LEVELS x FIELDS zeros when on, no rows when off."""
    return np.zeros((LEVELS if on else 0, len(FIELDS)), dtype=np.int64)


@compiled
def cycles(ctx):
    """The cycle counter when profiling, else 0 (no read)."""
    if ctx.profile.shape[0] == 0:
        return np.int64(0)
    return _read_cycle_counter()


@compiled
def note(ctx, depth, field, amount):
    """Add `amount` to `field` at the row of `depth` guesses left (nothing when not profiling)."""
    if ctx.profile.shape[0] == 0:
        return
    ctx.profile[min(depth, ctx.profile.shape[0] - 1), field] += amount


@compiled
def note_max(ctx, depth, field, amount):
    """Raise `field` to `amount` at the row of `depth` guesses left (nothing when not profiling)."""
    if ctx.profile.shape[0] == 0:
        return
    row = min(depth, ctx.profile.shape[0] - 1)
    ctx.profile[row, field] = max(ctx.profile[row, field], amount)


@compiled
def since(ctx, depth, field, start):
    """Add the cycles since `start` to `field` (nothing when not profiling)."""
    if ctx.profile.shape[0] == 0:
        return
    ctx.profile[min(depth, ctx.profile.shape[0] - 1), field] += _read_cycle_counter() - start


@compiled(nogil=False)
def _now():
    return _read_cycle_counter()


def cycles_per_second(seconds: float = 0.2) -> float:
    """The cycle counter's rate, measured against the wall clock over `seconds`."""
    _now()  # compiled (or loaded) before the measure
    t0, c0 = time.perf_counter(), _now()
    while time.perf_counter() - t0 < seconds:
        pass
    return (_now() - c0) / (time.perf_counter() - t0)


def merged(tables) -> np.ndarray:
    """Several contexts' tables as one (sums; maxima for `pool max`)."""
    out = new_table(True)
    for table in tables:
        if table.shape[0] == 0:
            continue
        pool_max = np.maximum(out[:, POOL_MAX], table[:, POOL_MAX])
        out += table
        out[:, POOL_MAX] = pool_max
    return out


def report(table: np.ndarray, rate: float, max_guesses: int | None) -> list[str]:
    """The table as text: one line per turn that saw any work (turn = the guess about to be played)."""
    lines = [
        "turn  classes  class s  nodes  mean pool  max pool  known  counts  cut0  stopped  redone  pairs G  scan Mcells  kept/node"
        "  heap/node  eval  skip  quick  mid  improved  exact  high  best rank  tried/node  first-UB share  time: scan  keep  eval  own  below"
    ]
    below = 0
    for row in range(table.shape[0] - 1, -1, -1):
        t = table[row]
        if t[CLASSES] == 0 and t[NODES] == 0:
            continue
        turn = "any" if row == table.shape[0] - 1 or max_guesses is None else str(max_guesses - row + 1)
        nodes = max(1, t[NODES])
        searched = max(1, t[EXACT] + t[FAILED_HIGH])
        share = t[FIRST_UB_CYCLES] / t[NODE_CYCLES] if t[NODE_CYCLES] else 0.0
        whole = max(1, t[CLASS_CYCLES])  # this turn's classes, the turns below them included
        below = table[row - 1, CLASS_CYCLES] if row > 0 else 0
        own = whole - below - t[SCAN_CYCLES] - t[KEEP_CYCLES] - t[EVAL_CYCLES]
        shares = "  ".join(f"{100 * x / whole:3.0f}%" for x in (t[SCAN_CYCLES], t[KEEP_CYCLES], t[EVAL_CYCLES], own, below))
        lines.append(
            f"{turn:>4}  {t[CLASSES]:7d}  {t[CLASS_CYCLES] / rate:7.1f}  {t[NODES]:5d}  {t[POOL_SUM] / nodes:9.1f}  {t[POOL_MAX]:8d}"
            f"  {t[KNOWN]:5d}  {t[COUNTED]:6d}  {t[CUT_BEFORE]:4d}  {t[STOPPED_SCANS]:7d}  {t[REDONE_SCANS]:6d}  {t[PAIR_WORK] / 1e9:7.1f}"
            f"  {t[SCAN_WORK] / 1e6:11.1f}  {t[KEPT] / nodes:9.0f}  {t[ORDERED] / nodes:9.0f}"
            f"  {t[EVALUATED]:4d}  {t[SKIPPED]:4d}  {t[QUICK_CUT]:5d}  {t[MID_CUT]:3d}  {t[IMPROVED]:8d}  {t[EXACT]:5d}"
            f"  {t[FAILED_HIGH]:4d}  {t[BEST_RANK] / max(1, t[EXACT]):9.2f}  {t[TRIED] / searched:10.1f}  {share:14.2f}"
            f"  {shares if t[CLASS_CYCLES] else '(solved from Python: timed above)'}"
        )
    return lines
