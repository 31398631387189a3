"""The memo: what the search has proven about a pool, kept under a byte budget.

A pool's key is the pool itself with the guesses left (and in hard mode the
hints revealed so far): what its cost depends on, nothing else. An `Entry`
holds a lower bound, the exact value when it is known (-1 when not) with a
best guess, and where its key is stored. Entries live in a typed dict under
the key's hash; a different key on the same hash moves one slot on, up to
`Context.memo_probes` slots; past them the entry is not stored, and the
stats count it (`UNSTORED`). Over its budget, the memo keeps its biggest pools (the
costliest to prove again) and drops the rest: it is never cleared whole.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import types
from numba.typed import Dict, List

from wordle_cli.compiled import compiled
from wordle_cli.hashing import hash_array
from wordle_cli.trees.search.shared import EVICTED, MEMO_BYTES, STORED, UNLIMITED, UNSTORED


class Entry(NamedTuple):
    """What the memo knows of one key."""

    lower: np.int64  # a lower bound of the pool's value (the value itself once exact)
    exact: np.int64  # the exact value, -1 while unknown
    best: np.int64  # a best candidate when exact, else -1
    key_slot: np.int64  # where the key is in the memo's key list


ENTRY = types.NamedUniTuple(types.int64, 4, Entry)
KEY = types.int32[::1]

#: `find`'s answer when the key is absent and none of its slots is free.
NO_FREE_SLOT = -1 - (1 << 62)

_ABSENT = Entry(np.int64(0), np.int64(-1), np.int64(-1), np.int64(-1))


@compiled(nogil=False)
def new_memo():
    """An empty memo: (hash -> Entry, list of keys). Made in compiled code, which numba caches:
    `Dict.empty` called from Python compiles its constructor again in every process (~0.4 s)."""
    return Dict.empty(types.int64, ENTRY), List.empty_list(KEY)


@compiled
def key_of(ctx, pool, depth, greens, mins):
    """What a pool's cost depends on: the pool, the guesses left and (hard mode) the hints."""
    extra = greens.shape[0] + mins.shape[0] if ctx.hard else 0
    key = np.empty(1 + extra + pool.shape[0], dtype=np.int32)
    key[0] = min(depth, UNLIMITED)
    at = 1
    if ctx.hard:
        for i in range(greens.shape[0]):
            key[at] = greens[i]
            at += 1
        for i in range(mins.shape[0]):
            key[at] = mins[i]
            at += 1
    for i in range(pool.shape[0]):
        key[at + i] = pool[i]
    return key


#: A 62-bit hash of a key array: the package's one mix.
hash_key = hash_array


@compiled
def _same(a, b):
    if a.shape[0] != b.shape[0]:
        return False
    for i in range(a.shape[0]):
        if a[i] != b[i]:
            return False
    return True


@compiled
def find(ctx, key):
    """(slot, entry): slot >= 0 where `key` is stored; else -1 - (a free slot), or NO_FREE_SLOT."""
    h = hash_key(key)
    for probe in range(ctx.memo_probes):  # a different key on the same hash moves one slot on
        k = h + probe
        if k in ctx.memo:
            entry = ctx.memo[k]
            if _same(ctx.keys[entry.key_slot], key):
                return k, entry
        else:
            return -1 - k, _ABSENT
    return NO_FREE_SLOT, _ABSENT


@compiled
def remember(ctx, key, lower, exact, best):
    """Record a lower bound, or an exact value (with its best candidate); -1 means unknown. An empty key (a
    pool too small for the memo) records nothing."""
    if key.shape[0] == 0:
        return
    if ctx.stats[MEMO_BYTES] >= ctx.cache_limit:
        _evict(ctx)
    slot, entry = find(ctx, key)
    if slot >= 0:
        if exact >= 0:
            ctx.memo[slot] = Entry(np.int64(exact), np.int64(exact), np.int64(best), entry.key_slot)
        elif entry.exact < 0 and lower > entry.lower:
            ctx.memo[slot] = Entry(np.int64(lower), entry.exact, entry.best, entry.key_slot)
    elif slot == NO_FREE_SLOT:
        ctx.stats[UNSTORED] += 1
    else:
        ctx.keys.append(key.copy())
        lo = exact if exact >= 0 else lower
        ctx.memo[-1 - slot] = Entry(np.int64(lo), np.int64(exact), np.int64(best), np.int64(len(ctx.keys) - 1))
        ctx.stats[STORED] += 1
        ctx.stats[MEMO_BYTES] += entry_bytes(key.shape[0])


@compiled
def entry_bytes(key_length):
    """About what one memo entry costs: the dictionary slot, the key array's object and its data."""
    return 160 + 4 * key_length


@compiled
def _evict(ctx):
    """Make room: keep the entries of the biggest pools (the costliest to prove again) in half the budget, drop
    the others (a small pool is proven again in a moment). Never clears the memo whole."""
    longest = 0
    for q in range(len(ctx.keys)):
        longest = max(longest, ctx.keys[q].shape[0])
    spent = np.zeros(longest + 1, dtype=np.int64)  # bytes of the entries by key length
    for q in range(len(ctx.keys)):
        length = ctx.keys[q].shape[0]
        spent[length] += entry_bytes(length)
    keep_from = longest + 1
    kept = 0
    while keep_from > 0 and kept + spent[keep_from - 1] <= ctx.cache_limit // 2:
        keep_from -= 1
        kept += spent[keep_from]
    keep_from = min(keep_from, longest)  # the biggest pools stay, whatever the budget
    survivors = List.empty_list(KEY)
    entries = List()
    for _, entry in ctx.memo.items():
        key = ctx.keys[entry.key_slot]
        if key.shape[0] >= keep_from:
            survivors.append(key)
            entries.append(entry)
    ctx.memo.clear()
    ctx.keys.clear()
    ctx.stats[MEMO_BYTES] = 0
    for q in range(len(survivors)):
        key = survivors[q]
        slot, _ = find(ctx, key)
        if slot < 0 and slot != NO_FREE_SLOT:
            ctx.keys.append(key)
            entry = entries[q]
            ctx.memo[-1 - slot] = Entry(entry.lower, entry.exact, entry.best, np.int64(len(ctx.keys) - 1))
            ctx.stats[MEMO_BYTES] += entry_bytes(key.shape[0])
        elif slot == NO_FREE_SLOT:
            ctx.stats[UNSTORED] += 1
    ctx.stats[EVICTED] += 1
