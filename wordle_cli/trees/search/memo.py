"""The memo: what the search has proven about a pool, kept under a byte budget.

A pool's key is the pool itself with the guesses left (and in hard mode the
hints revealed so far): what its cost depends on, nothing else. An `Entry`
holds a lower bound, the exact value when it is known (-1 when not) with a
best guess, and where its key is stored. Entries live in a typed dict under
the key's hash; a different key on the same hash moves one slot on, up to
`Context.memo_probes` slots; past them the entry is not stored, and the
stats count it (`UNSTORED`). Over its budget, the memo keeps its biggest pools (the
costliest to prove again) and drops the rest: it is never cleared whole.

The keys lie end to end in one int32 array, the arena (`Context.keys[0]`,
grown by doubling): each its length, then its words; the arena's first word
is how many are in use. One array for all keys, not one array each: an
array object costs more than the key it holds (about 130 bytes), and a
proof's memory is mostly its memo.
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
    key_at: np.int64  # where the key is in the arena (its length first)


ENTRY = types.NamedUniTuple(types.int64, 4, Entry)
ARENA = types.int32[::1]

#: Words of the first arena (it doubles as it fills).
FIRST_ARENA = 1 << 12

#: `find`'s answer when the key is absent and none of its slots is free.
NO_FREE_SLOT = -1 - (1 << 62)

_ABSENT = Entry(np.int64(0), np.int64(-1), np.int64(-1), np.int64(-1))


@compiled(nogil=False)
def new_memo():
    """An empty memo: (hash -> Entry, [the arena of keys]). Made in compiled code, which numba caches:
    `Dict.empty` called from Python compiles its constructor again in every process (~0.4 s)."""
    keys = List.empty_list(ARENA)
    keys.append(_new_arena(FIRST_ARENA))
    return Dict.empty(types.int64, ENTRY), keys


@compiled
def _new_arena(words):
    arena = np.empty(words, dtype=np.int32)
    arena[0] = 1  # words in use: this one
    return arena


def stored_key(ctx, entry: Entry) -> np.ndarray:
    """The key an entry was stored under (from Python: tests and tools that read the memo)."""
    arena = ctx.keys[0]
    at = int(entry.key_at)
    return arena[at + 1 : at + 1 + int(arena[at])]


@compiled
def _store(ctx, key):
    """Append `key` to the arena (grown when full); where it starts."""
    arena = ctx.keys[0]
    used = arena[0]
    need = used + 1 + key.shape[0]
    if need > arena.shape[0]:
        grown = np.empty(max(2 * arena.shape[0], need), dtype=np.int32)
        grown[:used] = arena[:used]
        ctx.keys[0] = grown
        arena = grown
    arena[used] = key.shape[0]
    arena[used + 1 : need] = key
    arena[0] = need
    return np.int64(used)


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
def _same(arena, at, key):
    """Is the key stored at `at` in the arena `key`?"""
    if arena[at] != key.shape[0]:
        return False
    for i in range(key.shape[0]):
        if arena[at + 1 + i] != key[i]:
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
            if _same(ctx.keys[0], entry.key_at, key):
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
            ctx.memo[slot] = Entry(np.int64(exact), np.int64(exact), np.int64(best), entry.key_at)
        elif entry.exact < 0 and lower > entry.lower:
            ctx.memo[slot] = Entry(np.int64(lower), entry.exact, entry.best, entry.key_at)
    elif slot == NO_FREE_SLOT:
        ctx.stats[UNSTORED] += 1
    else:
        lo = exact if exact >= 0 else lower
        ctx.memo[-1 - slot] = Entry(np.int64(lo), np.int64(exact), np.int64(best), _store(ctx, key))
        ctx.stats[STORED] += 1
        ctx.stats[MEMO_BYTES] += entry_bytes(key.shape[0])


@compiled
def entry_bytes(key_length):
    """About what one memo entry costs: its share of the dictionary (the entry, its hash and the index, at the
    dictionary's fill) and its key in the arena (its length, then its words)."""
    return 96 + 4 * (key_length + 1)


@compiled
def _evict(ctx):
    """Make room: keep the entries of the biggest pools (the costliest to prove again) in half the budget, drop
    the others (a small pool is proven again in a moment). Never clears the memo whole."""
    old = ctx.keys[0]
    longest = 0
    for _, entry in ctx.memo.items():
        longest = max(longest, np.int64(old[entry.key_at]))
    spent = np.zeros(longest + 1, dtype=np.int64)  # bytes of the entries by key length
    for _, entry in ctx.memo.items():
        length = old[entry.key_at]
        spent[length] += entry_bytes(length)
    keep_from = longest + 1
    kept = 0
    while keep_from > 0 and kept + spent[keep_from - 1] <= ctx.cache_limit // 2:
        keep_from -= 1
        kept += spent[keep_from]
    keep_from = min(keep_from, longest)  # the biggest pools stay, whatever the budget
    survivors = List()
    for _, entry in ctx.memo.items():
        if old[entry.key_at] >= keep_from:
            survivors.append(entry)
    ctx.memo.clear()
    ctx.keys[0] = _new_arena(FIRST_ARENA)
    ctx.stats[MEMO_BYTES] = 0
    for q in range(len(survivors)):
        entry = survivors[q]
        key = old[entry.key_at + 1 : entry.key_at + 1 + old[entry.key_at]]
        slot, _ = find(ctx, key)
        if slot < 0 and slot != NO_FREE_SLOT:
            ctx.memo[-1 - slot] = Entry(entry.lower, entry.exact, entry.best, _store(ctx, key))
            ctx.stats[MEMO_BYTES] += entry_bytes(key.shape[0])
        elif slot == NO_FREE_SLOT:
            ctx.stats[UNSTORED] += 1
    ctx.stats[EVICTED] += 1
