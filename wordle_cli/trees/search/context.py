"""What the search reads: the `Context` of a run, its thresholds and its counters.

A `Context` is a named tuple (numba passes it to compiled code as one
value): the fixed inputs of a problem (the feedback table, hard mode's
letter tables, the word families and neighbours), the search's thresholds,
its memo and its counters. Make one with `new_context(...)`, by keyword:
two arrays of one type swapped by position would compile and give wrong
trees.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from wordle_cli.model.weights import TOTAL_TIMES_ANSWERS, checked
from wordle_cli.trees.search.memo import new_memo
from wordle_cli.trees.search.profile import new_table
from wordle_cli.trees.search.shared import INF, SLOT_BITS, STAT_NAMES

assert TOTAL_TIMES_ANSWERS <= INF >> 1, "the prior's ceiling keeps every total and order of the search below INF"


@dataclass(frozen=True)
class Thresholds:
    """Where the search switches from one method to another. The defaults are tuned on the full lists; tests
    shrink them so that every path runs on tiny games against brute force."""

    #: Pools smaller than this are not memoised (solving them is cheaper than the memo); at least 3.
    cache_min_pool: int = 4
    #: Pools up to this size are scanned by comparing answers pairwise, many candidates at once (the compiler
    #: vectorises it); larger pools by a histogram per candidate. At most 256: the pairwise scan counts in bytes.
    pair_scan_max: int = 128
    #: Candidates scanned together by the pairwise scan (their rows stay in the first-level cache).
    scan_chunk: int = 512
    #: Pools from this size on drop the guesses giving them the very feedbacks of an earlier one (on smaller pools
    #: the search below them is too short to repay it: the twins, tried after their first, cost only memo look-ups).
    dedup_min_pool: int = 40
    #: Pools from this size on look for guesses another one refines (cheaper to try every guess below it).
    dominance_min_pool: int = 120
    #: The least answers alike but in one position that make a family for the endgame bound.
    family_min: int = 4
    #: Slots a memo key may move on from its hash (a different key on the same hash) before it is not stored,
    #: which the counters report ("memo entries not stored"); 0 stores nothing (tests: the search must not need it).
    memo_probes: int = 4
    #: A pairwise scan stops as soon as what the node needs of it is sure (`candidates.scan`); False: every scan
    #: runs in full (tests: stopping early must change no tree).
    scan_stops: bool = True

    def check(self) -> None:
        """ValueError unless every counter the thresholds size can hold what it counts."""
        if self.cache_min_pool < 3:
            raise ValueError("cache_min_pool must be at least 3 (pools of 1 and 2 are settled before the memo)")
        if not 1 <= self.pair_scan_max <= 256:
            # _scan_pairs counts matches of one answer with the earlier ones in uint8 (at most n - 1 <= 255),
            # _order_pairs sums them in uint16 (at most n(n - 1)/2 = 32640 for n = 256).
            raise ValueError("pair_scan_max must be 1..256 (the pairwise scan counts in bytes)")
        if self.scan_chunk < 1 or self.dedup_min_pool < 0 or self.dominance_min_pool < 0 or self.family_min < 2 or self.memo_probes < 0:
            raise ValueError("scan_chunk >= 1, dedup_min_pool >= 0, dominance_min_pool >= 0, family_min >= 2 and memo_probes >= 0")


class Context(NamedTuple):
    """Everything the search reads, fixed for a run (a numba-friendly tuple). Made by `new_context`."""

    table: np.ndarray  # (A, C) uint8/uint16, C-contiguous: feedback code of candidate c against answer a at [a, c]
    answer_cand: np.ndarray  # int32[A]: the candidate index of each answer
    win: int  # the all-exact code, 3^L - 1
    max_patterns: int  # most distinct feedbacks one guess can show
    top_k: int  # 0: exact; k: only the k most promising candidates per node
    pool_only: bool  # candidates are the pool's own words
    hard: bool  # hard mode: candidates must respect the revealed hints
    cand_codes: np.ndarray  # (C, L) uint8 symbol codes (hard mode)
    cand_counts: np.ndarray  # (C, S + 1) uint8 copies of each symbol (hard mode)
    memo: object  # numba typed Dict: key hash -> memo.Entry
    keys: object  # numba typed List of one int32 array, the arena of the memo's keys (to check a hash hit is the same key)
    stats: np.ndarray  # int64 counters (see STAT_NAMES)
    cache_limit: int  # bytes the memo may take (about); past them its small pools are dropped
    neighbour_start: np.ndarray  # int32[C + 1]: candidate c's neighbours are neighbours[neighbour_start[c]:neighbour_start[c + 1]]
    neighbours: np.ndarray  # int32: the candidates differing from c in exactly one position
    slot: np.ndarray  # int32[C], all -1 between uses: scratch for a node's candidate -> kept slot
    family_start: np.ndarray  # int32[F + 1]: family f's answers are family_answers[family_start[f]:family_start[f + 1]]
    family_answers: np.ndarray  # int32: answers alike in every position but one (family_min or more of them)
    answer_family_start: np.ndarray  # int32[A + 1]: answer a's families are answer_families[...[a]:...[a + 1]]
    answer_families: np.ndarray  # int32
    family_count: np.ndarray  # int32[F], all 0 between uses: scratch
    cache_min_pool: int  # Thresholds.cache_min_pool
    pair_scan_max: int  # Thresholds.pair_scan_max
    scan_chunk: int  # Thresholds.scan_chunk
    dedup_min_pool: int  # Thresholds.dedup_min_pool
    dominance_min_pool: int  # Thresholds.dominance_min_pool
    memo_probes: int  # Thresholds.memo_probes
    scan_stops: bool  # Thresholds.scan_stops
    stop: np.ndarray  # int64[2]: [non-zero: unwind now, returning lower bounds; the work (stats[WORK]) that sets it, 0: none]
    weighted: bool  # the answers have weights other than all ones (else the uniform code runs, unchanged)
    weights: np.ndarray  # int64[A]: each answer's weight (all ones when uniform)
    cand_weight: np.ndarray  # int64[C]: the weight of the answer each candidate is (0: not an answer); uniform: empty
    profile: np.ndarray  # int64 (LEVELS, FIELDS): `profile`'s counters when asked for, else no rows (nothing counted)


def new_context(
    *,
    table: np.ndarray,
    answer_cand: np.ndarray,
    win: int,
    max_patterns: int,
    top_k: int,
    pool_only: bool,
    hard: bool,
    cand_codes: np.ndarray,
    cand_counts: np.ndarray,
    cache_limit: int,
    neighbours: tuple[np.ndarray, np.ndarray],
    families: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    thresholds: Thresholds,
    weights: np.ndarray | None = None,
    profile: bool = False,
) -> Context:
    """A fresh search state (empty memo, zero counters) over a problem's fixed inputs; every argument by name.

    `weights`: int64, one positive weight per answer (None: all ones); the search then minimises the sum of
    weight x guesses. All ones runs the uniform code itself, so its trees and totals are those of None.
    `profile`: count where the time goes (`profile.FIELDS`), for benchmarks/profile_search.py.
    """
    thresholds.check()
    n_answers, n_cands = table.shape
    weights = checked_weights(weights, n_answers)
    weighted = bool((weights != 1).any())
    if n_cands >= 1 << SLOT_BITS:
        raise ValueError(f"the search keeps a candidate's slot in {SLOT_BITS} bits: at most {(1 << SLOT_BITS) - 1} candidates")
    if answer_cand.shape != (n_answers,) or cand_codes.shape[0] != n_cands or cand_counts.shape[0] != n_cands:
        raise ValueError("the table, the answers' candidates and the candidates' letters disagree on their sizes")
    memo, keys = new_memo()
    family_start, family_answers, answer_family_start, answer_families = families
    neighbour_start, neighbour_flat = neighbours
    return Context(
        table=table,
        answer_cand=answer_cand,
        win=win,
        max_patterns=max_patterns,
        top_k=top_k,
        pool_only=pool_only,
        hard=hard,
        cand_codes=cand_codes,
        cand_counts=cand_counts,
        memo=memo,
        keys=keys,
        stats=np.zeros(len(STAT_NAMES), dtype=np.int64),
        cache_limit=cache_limit,
        neighbour_start=neighbour_start,
        neighbours=neighbour_flat,
        slot=np.full(n_cands, -1, dtype=np.int32),
        family_start=family_start,
        family_answers=family_answers,
        answer_family_start=answer_family_start,
        answer_families=answer_families,
        family_count=np.zeros(len(family_start) - 1, dtype=np.int32),
        cache_min_pool=thresholds.cache_min_pool,
        pair_scan_max=thresholds.pair_scan_max,
        scan_chunk=thresholds.scan_chunk,
        dedup_min_pool=thresholds.dedup_min_pool,
        dominance_min_pool=thresholds.dominance_min_pool,
        memo_probes=thresholds.memo_probes,
        scan_stops=bool(thresholds.scan_stops),
        stop=np.zeros(2, dtype=np.int64),
        weighted=weighted,
        weights=weights,
        cand_weight=_cand_weight(weights, answer_cand, n_cands) if weighted else weights[:0],
        profile=new_table(profile),
    )


def checked_weights(weights: np.ndarray | None, n_answers: int) -> np.ndarray:
    """`weights` as a C-contiguous int64 array of n_answers positive integers (None: all ones), checked by the
    prior's one check (`model.weights.checked`: UsageProblem when they are not, or pass `model.weights.max_total`)."""
    if weights is None:
        return np.ones(n_answers, dtype=np.int64)
    return checked(weights, n_answers).weights


def _cand_weight(weights: np.ndarray, answer_cand: np.ndarray, n_cands: int) -> np.ndarray:
    out = np.zeros(n_cands, dtype=np.int64)
    out[answer_cand] = weights
    return out
